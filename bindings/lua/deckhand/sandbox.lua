--- deckhand.sandbox: the environments strategies and variants run in.
--
-- A bot gets Lua's safe base functions, its own copies of string (its
-- pattern functions under the bot's time limit), table, math, utf8 and
-- coroutine, os.clock, os.time and os.date, and a read-only
-- view of the deckhand package; not `debug`, not `load` of binary chunks,
-- not `os.execute`, `io.popen`, `package` or the package's plumbing (the
-- C core, the tournament, the host functions).  `print` writes to standard
-- error, so a bot never corrupts a channel on standard output.  A strategy
-- whose first line is `-- needs: io` (the human player at a terminal)
-- gets a small `io` of its own: the terminal (io.stdin, io.stdout,
-- io.stderr, io.read, io.write) and io.open / io.lines for plain files in
-- the strategy's own folder, named without a path (no '/', no '..', no
-- link followed, no .lua file written); never popen, tmpfile or any
-- other file.  Each bot has
-- its own environment, so nothing one bot changes reaches another, the
-- game, the runner or the variant; what the package shares (the classes'
-- methods) is read-only.
--
-- A variant file (and the rules it builds, whose functions keep the
-- environment they were made in) runs in the same kind of environment,
-- without `io` ever, and may require the package's public modules for
-- rules: deckhand, deckhand.lua_game, deckhand.poker_view.
-- @module deckhand.sandbox

local core = require "deckhand.core"
local host = core.host

local M = {}

local function freeze_error() error("this table is read-only", 2) end

-- a read-only view of t (and of the tables in it, lazily): reads go to t,
-- writes raise; pairs, # and calls work
local function readonly(t, seen)
  seen = seen or setmetatable({}, { __mode = "k" })
  if seen[t] then return seen[t] end
  local proxy = {}
  seen[t] = proxy
  setmetatable(proxy, {
    __index = function(_, k)
      local v = t[k]
      if type(v) == "table" then return readonly(v, seen) end
      return v
    end,
    __newindex = freeze_error,
    __len = function() return #t end,
    __call = function(_, ...)   -- a callable table stays callable (a module with __call)
      local mt = debug.getmetatable(t)
      if not (mt and mt.__call) then error("attempt to call a table value", 2) end
      return t(...)
    end,
    __pairs = function()
      return function(_, k)
        local nk, nv = next(t, k)
        if type(nv) == "table" then nv = readonly(nv, seen) end
        return nk, nv
      end, proxy, nil
    end,
    __metatable = "read-only",
  })
  return proxy
end
M.readonly = readonly

local function copy(t)
  local out = {}
  for k, v in pairs(t) do out[k] = v end
  return out
end

-- Lua's string library with its pattern functions (find, match, gmatch,
-- gsub) replaced by deckhand's (core.strmatch): the same results, but a
-- search built to backtrack stops at a bot's or a rule's time limit,
-- where Lua's own, in C, runs on past it (docs/tournament.md)
local limited_string = copy(string)
for name, f in pairs(core.strmatch) do limited_string[name] = f end

-- the string methods ("s:find(p)") go through the strings' one metatable,
-- which every bot shares: from the first sandbox on, they are the limited
-- ones too.  Outside a time limit they behave exactly as Lua's.
local function limit_string_methods()
  local mt = getmetatable("")
  if mt.__index ~= limited_string then mt.__index = limited_string end
end

-- what a bot may see of the package: everything but the plumbing
local hidden = { core = true, host = true, tournament = true, tournament_lib = true,
                 tournament_merge = true, data_path = true, config = true,
                 variant_of_rules = true }

-- the package dh as one bot (or variant) sees it: its own read-only views
-- (a rawset on one reaches that one alone); strategy_loader nil: no
-- strategies.  The package is given by the caller (its strategy or variant
-- loader), never required here: the sandbox sits below the package.
local function deckhand_view(dh, strategy_loader)
  local view = {}
  for k, v in pairs(dh) do
    if not hidden[k] then view[k] = type(v) == "table" and readonly(v) or v end
  end
  view.strategy = strategy_loader   -- a bot's own bots load in sandboxes too
  if not strategy_loader then view.has_strategy = nil end
  -- variants by name only, found where variants live (each in its sandbox)
  view.variant = function(source, options)
    if type(source) == "string" and (source:find("[/\\]") or source:match("%.lua$")) then
      error(("a %s may load variants by name only, not by path"):format(strategy_loader and "strategy" or "variant"), 2)
    end
    return dh.variant(source, options)
  end
  return setmetatable(view, { __newindex = freeze_error, __metatable = "read-only" })
end

-- pcall, xpcall and coroutine.resume as a bot gets them: the same, except
-- that once the bot's deadline has passed an error they caught is raised
-- on, so no handler of the bot's keeps it running (deckhand/guard.lua)
local function pass_on(ok, ...)
  if not ok and host.past() then error((...), 0) end
  return ok, ...
end

local function guarded_coroutine()
  local co = copy(coroutine)
  co.create = function(f) return host.watch(coroutine.create(f)) end
  co.resume = function(c, ...) return pass_on(coroutine.resume(c, ...)) end
  co.wrap = function(f)
    local c = co.create(f)
    return function(...)
      local r = table.pack(co.resume(c, ...))
      if not r[1] then error(r[2], 0) end
      return table.unpack(r, 2, r.n)
    end
  end
  return co
end

-- setmetatable without finalizers: a __gc runs with hooks off, where no
-- deadline could stop it
local function safe_setmetatable(t, mt)
  if type(mt) == "table" and rawget(mt, "__gc") ~= nil then
    error("setmetatable: a strategy may not set __gc", 2)
  end
  return setmetatable(t, mt)
end

-- a file as a bot holds it: its methods call the real handle's, which the
-- bot never reaches (the real one's metatable is every file's)
local function handle(f, closable)
  local h = {}
  local function same(r, ...) if r == f then return h end return r, ... end
  function h.read(_, ...) return f:read(...) end
  function h.write(_, ...) return same(f:write(...)) end
  function h.lines(_, ...) return f:lines(...) end
  function h.flush() return same(f:flush()) end
  function h.seek(_, ...) return f:seek(...) end
  function h.close()
    if not closable then return nil, "this file cannot be closed" end
    return f:close()
  end
  return setmetatable(h, { __metatable = "file", __name = "file" })
end

-- the plain file name a bot may open in its folder: letters, digits, '_',
-- '-' and '.', not starting with '.' (so neither '.' nor '..')
local function own_file(dir, name, where)
  if type(name) ~= "string" or not name:match("^[%w_%-][%w_%-%.]*$") then
    error(("%s: a strategy may open only a file of its own folder, by its name (got %s)")
          :format(where, type(name) == "string" and ("'" .. name .. "'") or type(name)), 3)
  end
  return dir .. "/" .. name
end

--- sandbox.bot_io(dir) -> the `io` of a strategy that declares `-- needs:
-- io`: the terminal, and the plain files of dir, its own folder
function M.bot_io(dir)
  local stdin, stdout, stderr = handle(io.stdin), handle(io.stdout), handle(io.stderr)
  local bio = { stdin = stdin, stdout = stdout, stderr = stderr }
  function bio.read(...) return io.stdin:read(...) end
  function bio.write(...) return stdout:write(...) end
  function bio.open(name, mode)
    local path = own_file(dir, name, "io.open")
    if mode ~= nil and (type(mode) ~= "string" or not mode:match("^[rwa]%+?b?$")) then
      error("io.open: bad mode " .. tostring(mode), 2)
    end
    -- code beside it (its own, another bot's) is read, never rewritten
    if mode and mode:find("[wa+]") and name:match("%.lua$") then
      error(("io.open: a strategy may not write a .lua file ('%s')"):format(name), 2)
    end
    local f, err = host.open_plain(path, mode or "r")
    if not f then return nil, (tostring(err):gsub("^.*/", "")), 2 end
    return handle(f, true)
  end
  function bio.lines(name, ...)
    if name == nil then return io.stdin:lines(...) end
    local f, err = host.open_plain(own_file(dir, name, "io.lines"), "r")
    if not f then error(err, 2) end
    return f:lines(...)
  end
  return bio
end

--- sandbox.env(opts) -> a fresh environment for one bot.  opts.io: the
-- bot's folder, to give it `io` (M.bot_io); opts.strategy: the loader its
-- `deckhand.strategy` calls; opts.variant: the environment of a variant
-- file instead (no io, no strategies, the modules rules are built with).
-- opts.package: the deckhand package, of which the bot sees a read-only view.
function M.env(opts)
  opts = opts or {}
  limit_string_methods()
  local env = {
    assert = assert, error = error, ipairs = ipairs, next = next, pairs = pairs,
    rawequal = rawequal, rawget = rawget, rawlen = rawlen,
    rawset = rawset, select = select, setmetatable = safe_setmetatable, tonumber = tonumber,
    tostring = tostring, type = type, _VERSION = _VERSION,
    string = copy(limited_string), table = copy(table), math = copy(math), utf8 = copy(utf8),
    coroutine = guarded_coroutine(),
    os = { clock = os.clock, time = os.time, date = os.date, difftime = os.difftime },
  }
  env.pcall = function(f, ...) return pass_on(pcall(f, ...)) end
  env.xpcall = function(f, handler, ...)
    return pass_on(xpcall(f, function(e)
      if host.past() then return e end
      return handler(e)
    end, ...))
  end
  env.getmetatable = function(x)
    if type(x) == "string" then return nil end
    return getmetatable(x)
  end
  env.collectgarbage = function(what)
    if what == "count" then return collectgarbage("count") end
    return 0
  end
  env.print = function(...)
    local out = {}
    for i = 1, select("#", ...) do out[i] = tostring((select(i, ...))) end
    io.stderr:write(table.concat(out, "\t"), "\n")
  end
  env.load = function(chunk, name, mode, e)
    if mode ~= nil and mode ~= "t" then error("load: only text chunks", 2) end
    return load(chunk, name, "t", e or env)
  end
  if opts.io then env.io = M.bot_io(opts.io) end
  if type(opts.package) ~= "table" then error("sandbox.env: the package expected (opts.package)", 2) end
  local dh = deckhand_view(opts.package, not opts.variant and opts.strategy or nil)
  local libs = { deckhand = dh, string = env.string, table = env.table, math = env.math,
                 utf8 = env.utf8, coroutine = env.coroutine }
  if opts.variant then   -- the public modules a game is written with
    -- (require's one value: on a first load it gives the file's name too)
    libs["deckhand.lua_game"] = readonly((require "deckhand.lua_game"))
    libs["deckhand.poker_view"] = readonly((require "deckhand.poker_view"))
  end
  local who = opts.variant and "variant" or "strategy"
  env.require = function(name)
    local lib = libs[name]
    if lib == nil then error(("module '%s' is not available to a %s"):format(tostring(name), who), 2) end
    return lib
  end
  env._G = env
  return env
end

--- sandbox.needs(file) -> the set of capabilities the file declares on
-- its first line (`-- needs: io`)
function M.needs(file)
  local f = io.open(file, "r")
  local first = f and f:read("l") or ""
  if f then f:close() end
  local out = {}
  local list = first:match("^%-%-%s*needs:%s*(.-)%s*$")
  for word in (list or ""):gmatch("[%w_]+") do out[word] = true end
  return out
end

--- sandbox.copy_variant(v) -> a deep copy of a Variant's data, sharing
-- only what cannot change (its Rules, functions): each bot gets its own
function M.copy_variant(v)
  local seen = {}
  local function deep(x)
    if type(x) ~= "table" then return x end
    if seen[x] then return seen[x] end
    local out = {}
    seen[x] = out
    for k, val in pairs(x) do out[k] = deep(val) end
    return out
  end
  local out = deep(v)
  return setmetatable(out, debug.getmetatable(v))
end

return M
