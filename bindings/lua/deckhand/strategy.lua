--- deckhand.strategy: finding and loading bots by name, each in a sandbox.
--
-- A strategy file (`strategies/<name>.lua`) returns a table with
-- `move(view)` (or the conveniences `bid(view)`, `play(view)`, `pass(view)`,
-- `script(view)`, `act(view)` and a table `phases` of handlers by phase
-- name: run.phase_handler), or a table with `new(options)` that returns
-- such a table.
-- It is found on `deckhand.strategy_path`, built like `deckhand.path` for
-- variants: each DECKHAND_PATH folder's strategies/ first, then
-- ./strategies, then the repository's (deckhand/searchpath.lua).
-- A dotted name is a file in a folder, as Lua's modules are:
-- `heuristic.spades` is `strategies/heuristic/spades.lua` (a part a bot
-- loads for one game; the shipped heuristic and pimc choose theirs so).
--
-- Every strategy loaded by name or path runs in an environment of its own
-- (deckhand/sandbox.lua): no `debug`, no `os.execute`, no files (for a
-- file whose first line is `-- needs: io`, the terminal and the plain
-- files of its own folder, never io.popen), a read-only view of the
-- package, and its own copy of its options and of the variant.  Nothing a
-- bot does reaches the game, the runner, the variant or another bot.  A
-- strategy given as a table is the caller's own code and is used as it is.
-- @module deckhand.strategy

local searchpath = require "deckhand.searchpath"
local sandbox = require "deckhand.sandbox"
local phase_handler = require("deckhand.run").phase_handler

return function(deckhand)
  deckhand.strategy_path = searchpath.default("strategies")
  local compiled = {}   -- file -> its chunk as bytecode, compiled once

  -- each instance of a file runs its chunk afresh in its own environment
  local function load_sandboxed(file, loader, nested)
    local code = compiled[file]
    if not code then
      local chunk, err = loadfile(file, "t")
      if not chunk then error(err, 0) end
      code = { dump = string.dump(chunk), needs = sandbox.needs(file) }
      compiled[file] = code
    end
    if nested and code.needs.io then error(file .. ": needs io, which a strategy cannot give", 0) end
    local env = sandbox.env { io = code.needs.io and (file:match("^(.*)[/\\]") or "."), strategy = loader,
                            package = deckhand }
    local chunk = assert(load(code.dump, "@" .. file, "b", env))
    local ok, def = pcall(chunk)
    if not ok then error(("%s: %s"):format(file, tostring(def)), 0) end
    if type(def) ~= "table" then error(file .. ": a strategy file must return a table", 0) end
    return def
  end

  -- one entry point for every phase: move(view), answered by the phase's
  -- convenience when the strategy has none of its own (run.phase_handler)
  local function with_move(s)
    if s.move == nil then
      s.move = function(view)
        if view == s then
          error(("%s: move takes the seat's view: call it as bot.move(view), not bot:move(view)"):format(
            s.name or "strategy"), 2)
        elseif type(view) ~= "table" and type(view) ~= "userdata" then
          error(("bad argument #1 to 'move' (view expected, got %s)"):format(type(view)), 2)
        end
        local f = phase_handler(s, view)
        if not f then
          error(("%s: no move(view) and nothing for the phase '%s'"):format(s.name or "strategy",
                                                                         view:phase()), 2)
        end
        return f(view)
      end
    end
    return s
  end

  -- the options a sandboxed bot gets: its own copies
  local function own_options(options)
    local o = {}
    for k, v in pairs(options or {}) do
      if k == "variant" and getmetatable(v) == "deckhand.Variant" then o[k] = sandbox.copy_variant(v)
      elseif type(v) == "table" then
        local t = {}
        for k2, v2 in pairs(v) do t[k2] = v2 end
        o[k] = t
      else o[k] = v end
    end
    return o
  end

  -- nested: loaded by a bot, which may not hand itself io
  local function load_strategy(source, options, level, nested)
    if type(source) == "table" then   -- the caller's own code
      local s = source
      if source.new then s = source.new(options or {}) end
      return with_move(s)
    end
    if type(source) ~= "string" then
      error("bad argument #1 to 'strategy' (name, path or table expected, got " .. type(source) .. ")", level + 1)
    end
    local file = source
    if not (source:find("[/\\]") or source:match("%.lua$")) then
      file = package.searchpath(source, deckhand.strategy_path)
      if not file then error(searchpath.not_found("strategy", source, deckhand.strategy_path), 0) end
    end
    local def = load_sandboxed(file, function(name, opts)
      if type(name) == "string" and (name:find("[/\\]") or name:match("%.lua$")) then
        error("a strategy may load other strategies by name only, not by path", 2)
      end
      return load_strategy(name, opts, 2, true)
    end, nested)
    local s = def
    if not def.new then
      -- a file returning its table takes no options: one given (--set
      -- mybot.depth=3) would be dropped unnoticed
      local keys = {}
      for k in pairs(options or {}) do
        if k ~= "variant" and k ~= "seed" then keys[#keys + 1] = ("'%s'"):format(tostring(k)) end
      end
      if #keys > 0 then
        table.sort(keys)
        error(("%s: takes no options (its file returns no new(options)), got %s"):format(source,
          table.concat(keys, ", ")), 0)
      end
    end
    if def.new then
      local ok, made = pcall(def.new, own_options(options))
      if not ok then error(tostring(made), 0) end
      s = made
      if type(s) ~= "table" then error(file .. ": new(options) must return a table", 0) end
      s.name = s.name or source
    end
    return with_move(s)
  end

  --- deckhand.has_strategy(name) -> whether a strategy of that name (not
  -- a path) is on the search path; a bot may ask, to choose a part
  -- (`heuristic.` .. the variant's name) that a game may not have
  function deckhand.has_strategy(name)
    if type(name) ~= "string" then
      error("bad argument #1 to 'has_strategy' (string expected, got " .. type(name) .. ")", 2)
    end
    if name:find("[/\\]") or name:match("%.lua$") then return false end
    return package.searchpath(name, deckhand.strategy_path) ~= nil
  end

  --- deckhand.strategy(name_or_path_or_table [, options]) -> strategy
  -- options are handed to the file's new(options) (a copy: the bot's own);
  -- the tournament passes variant (a Variant) and seed (an integer)
  -- besides the user's own.
  function deckhand.strategy(source, options)
    return load_strategy(source, options, 2)
  end
end
