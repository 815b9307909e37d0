--- deckhand.web.watch: tournaments followed through their record files.
--
-- A tournament started from the page runs as a child process, the same
-- `deckhand tournament ... --record FILE --quiet` a shell would run, so a
-- slow bot never holds up the server and a crash of the run is the run's
-- own.  The watcher follows the record (JSON lines, deckhand/records.lua)
-- as it grows -- its own children's and any file opened from the records
-- folder -- and keeps for each player the running mean of its score per
-- hand with the 95% interval (the same figures as deckhand/results.lua,
-- deal by deal), the progress, and the results as running totals: for a
-- field of strategies (a round robin, a gauntlet) the ranking and every
-- pair's running difference too.  Nothing is kept per deal, so a long
-- run's memory does not grow.  `notify(t)` is called whenever a
-- tournament changes.
-- @module deckhand.web.watch

local json = require "deckhand.json"
local results = require "deckhand.results"
local tables = require "deckhand.tables"
local catalog = require "deckhand.web.catalog"
local recfiles = require "deckhand.web.recfiles"
local libs = require "deckhand.web.libs"

local cqueues = libs.require "cqueues"

local M = {}

M.max_points = 400   -- points per series sent to the page (thinned beyond)
M.max_running = 4    -- tournaments started from pages running at once (each up to 8 processes)

local Watcher = {}
Watcher.__index = Watcher

local function quote(s) return "'" .. tostring(s):gsub("'", "'\\''") .. "'" end

--- watch.new{ records = folder, command = { argv of deckhand }, notify = f }
function M.new(o)
  return setmetatable({ records = o.records, command = o.command, notify = o.notify or function() end,
                        all = {}, by_file = {} }, Watcher)
end

local function new_tournament(self, fields)
  local t = { id = #self.all + 1, done = 0, offset = 0, read = 0, series = {}, acc = {}, problems = {} }
  for k, v in pairs(fields) do t[k] = v end
  self.all[#self.all + 1] = t
  self.by_file[t.file] = t
  return t
end

-- players as a list of names: a list or "a,b"
local function player_list(raw)
  if type(raw) == "string" then
    local out = {}
    for x in raw:gmatch("[^,%s]+") do out[#out + 1] = x end
    return out
  end
  if type(raw) == "table" then return raw end
  return nil
end

local function integer_in(v, lo, hi, what)
  if math.type(v) ~= "integer" or v < lo or v > hi then
    return nil, ("%s must be an integer from %d to %d, got %s"):format(what, lo, hi, json.encode(v))
  end
  return v
end

-- the strategy options as --set arguments: "name.key=value" texts
local function settings(raw)
  if raw == nil or raw == "" then return {} end
  local list = raw
  if type(raw) == "string" then
    list = {}
    for x in raw:gmatch("[^%s]+") do list[#list + 1] = x end
  end
  if type(list) ~= "table" or #list > 20 then return nil, "set must be a list of name.key=value (at most 20)" end
  for _, s in ipairs(list) do
    if type(s) ~= "string" or not s:match("^[%w_%-]+%.[%w_]+=[^,%s]+$") then
      return nil, ("bad strategy option %s (want name.key=value, e.g. pimc.worlds=40)"):format(json.encode(s))
    end
  end
  return list
end

--- watcher:start(req) -> the tournament, or nil, message [, "busy" when
-- max_running tournaments run already].  req: game, options, players
-- (names), games (deals), seed, set (strategy options), jobs
function Watcher:start(req)
  if type(req) ~= "table" then return nil, "a tournament needs an object" end
  local running = 0
  for _, t in ipairs(self.all) do
    if t.pid and t.state == "running" then running = running + 1 end
  end
  if running >= M.max_running then
    return nil, ("%d tournaments are running already (at most %d at once); wait for one to end"):format(
      running, M.max_running), "busy"
  end
  local variant, why = catalog.variant(req.game, req.options)
  if not variant then return nil, why end
  local players = player_list(req.players or "heuristic,random")
  if not players or #players < 1 or #players > 8 then return nil, "players must name 1 to 8 bots" end
  for _, p in ipairs(players) do
    local ok, pwhy = catalog.strategy(p)
    if not ok then return nil, pwhy end
  end
  local games, gwhy = integer_in(req.games or 100, 1, 100000, "games")
  if not games then return nil, gwhy end
  local seed, swhy = integer_in(req.seed or 1, 0, 0x7FFFFFFF, "seed")
  if not seed then return nil, swhy end
  local jobs, jwhy = integer_in(req.jobs or 1, 1, 8, "jobs")
  if not jobs then return nil, jwhy end
  local set, setwhy = settings(req.set)
  if not set then return nil, setwhy end
  local argv = { table.unpack(self.command) }
  for _, a in ipairs { "tournament", variant.name, "--players", table.concat(players, ","), "--games", games,
                       "--seed", seed, "--jobs", jobs, "--quiet" } do argv[#argv + 1] = a end
  for k, v in pairs(variant.options) do
    if tostring(v):find("[,%s]") then return nil, ("option %s: a value with a comma or a space"):format(k) end
    argv[#argv + 1] = "--option"; argv[#argv + 1] = k .. "=" .. tostring(v)
  end
  for _, s in ipairs(set) do argv[#argv + 1] = "--set"; argv[#argv + 1] = s end
  local n = #self.all + 1
  local name = ("tournament-%s-%d-%s.jsonl"):format(os.date("!%Y%m%d-%H%M%S"), n, variant.name)
  local file = self.records .. "/" .. name
  argv[#argv + 1] = "--record"; argv[#argv + 1] = file
  local words = {}
  for i, a in ipairs(argv) do words[i] = quote(a) end
  local status, err = file .. ".status", file .. ".err"
  -- the shell says its pid (its process group's: setsid may fork), then
  -- lets go of the pipe
  local script = ("echo $$; exec >/dev/null 2>&1; %s 2>%s; echo $? >%s"):format(table.concat(words, " "),
    quote(err), quote(status))
  -- a process group of its own, so that stopping it stops its workers too
  local p = io.popen(("setsid sh -c %s </dev/null &"):format(quote(script)))
  local pid = p and math.tointeger(tonumber(p:read("l") or ""))
  if p then p:close() end
  if not pid then return nil, "could not start the tournament process" end
  local t = new_tournament(self, { name = name, file = file, pid = pid, status = status, err = err,
                                   state = "running", total = games, game = variant.name, players = players })
  self.notify(t)
  return t
end

-- the tournament's config of a header line, when it has what the
-- figures need: the variant, the number of deals, the players
local function header_config(v)
  local c = type(v) == "table" and v.tournament
  if type(c) ~= "table" or type(c.variant) ~= "string" or math.type(c.games) ~= "integer" or c.games < 1
     or type(c.players) ~= "table" or #c.players < 1 then
    return nil
  end
  for _, p in ipairs(c.players) do
    if type(p) ~= "string" then return nil end
  end
  return c
end

local function not_header(name) return ("%s: line 1 is not a tournament's header"):format(name) end

--- watcher:open(name) -> the tournament of a record file in the records
-- folder (followed while it grows), or nil, message
function Watcher:open(name)
  local f, path = recfiles.open(self.records, name)
  if not f then return nil, path end
  if self.by_file[path] then f:close(); return self.by_file[path] end
  local ok, first = pcall(recfiles.first_line, f, name)
  f:close()
  if not ok then return nil, first end
  local c = header_config(first)
  if not c then return nil, not_header(name) end
  local t = new_tournament(self, { name = name, file = path, state = "following", total = c.games,
                                   game = c.variant, players = c.players })
  self:poll_one(t)
  return t
end

-- one deal line: the running means move on; false when the line's
-- figures cannot be read
local function add_deal(t, line)
  local ok, one = pcall(results.totals, t.config, { line })
  if not ok then return false end
  t.totals:add(line)
  t.done = t.done + 1
  for _, p in ipairs(one.players) do
    if p.score then
      local a = t.acc[p.name] or { n = 0, mean = 0, m2 = 0 }
      t.acc[p.name] = a
      a.n = a.n + 1
      local d = p.score - a.mean
      a.mean = a.mean + d / a.n
      a.m2 = a.m2 + d * (p.score - a.mean)
      local ci = a.n > 1 and 1.96 * math.sqrt(a.m2 / (a.n - 1) / a.n) or 0
      local s = t.series[p.name] or {}
      t.series[p.name] = s
      s[#s + 1] = { t.done, a.mean, ci }
      if #s > M.max_points then   -- keep every other point, and the last
        local thin = {}
        for i = 1, #s, 2 do thin[#thin + 1] = s[i] end
        if thin[#thin] ~= s[#s] then thin[#thin + 1] = s[#s] end
        t.series[p.name] = thin
      end
    end
  end
  return true
end

local function fail(t, why)
  t.state, t.error = "failed", why
  return true
end

-- the new complete lines of the record, at most max_line bytes of them a
-- call (a record far behind is read over several polls)
local function read_new(t)
  local f = io.open(t.file, "rb")
  if not f then return false end
  f:seek("set", t.offset)
  local data = f:read(recfiles.max_line + 1) or ""
  f:close()
  local changed, pos = false, 1
  while true do
    local stop = data:find("\n", pos, true)
    if not stop then break end
    local line = data:sub(pos, stop - 1)
    pos = stop + 1
    t.read = t.read + 1
    local v = json.decode(line)
    if not t.config then
      t.config = header_config(v)
      if not t.config then return fail(t, not_header(t.name)) end
      t.total = t.config.games
      -- the tables of a field (deckhand/tables.lua) need the variant's sides
      -- (by name only: a header naming a file is shown without them, as
      -- reading a record runs no code)
      local dh = require "deckhand"
      local made, variant = false, nil
      if type(t.config.variant) == "string" and t.config.variant:match("^[%w_%-]+$") then
        made, variant = require "deckhand.rule_guard".here(dh.tournament_lib.make_variant, t.config)
      end
      local fine, tabs = false, nil
      if made then fine, tabs = pcall(tables.of, t.config, variant) end
      t.totals = results.new(t.config, fine and tabs or nil, made and results.low_wins(variant))
    elseif not (type(v) == "table" and math.type(v.i) == "integer" and type(v.games) == "table" and add_deal(t, v)) then
      t.problems[#t.problems + 1] = ("line %d: not a deal"):format(t.read)
    end
    changed = true
  end
  if pos == 1 and #data > recfiles.max_line then
    return fail(t, ("%s: line %d is longer than %d bytes"):format(t.name, t.read + 1, recfiles.max_line))
  end
  t.offset = t.offset + pos - 1
  return changed
end

local function read_all(file)
  local f = io.open(file, "rb")
  if not f then return nil end
  local s = f:read("a")
  f:close()
  return s
end

--- watcher:poll_one(t): reads what is new; true when t changed
function Watcher:poll_one(t)
  if t.state ~= "running" and t.state ~= "following" then return false end
  local changed = read_new(t)
  if t.status then
    local code = read_all(t.status)
    if code and code:match("\n") then
      read_new(t)
      code = math.tointeger(tonumber(code:match("%d+")))
      if code == 0 then t.state = "done"
      else
        t.state = "failed"
        local err = read_all(t.err) or ""
        t.error = err:gsub("%s+$", ""):sub(-2000)
        if t.error == "" then t.error = ("the tournament process ended with status %s"):format(tostring(code)) end
      end
      os.remove(t.status)
      os.remove(t.err)
      changed = true
    end
  elseif t.config and t.done >= t.total then
    t.state, changed = "done", true
  end
  if changed and t.totals then
    local ok, res = pcall(t.totals.result, t.totals)
    t.results = ok and res or nil
  end
  return changed
end

--- watcher:summary(t [, full]) -> the tournament as the page shows it;
-- full adds the series of running means and the results table
function Watcher.summary(_, t, full)
  local s = { id = t.id, name = t.name, state = t.state, done = t.done, total = t.total, game = t.game,
              players = t.players, error = t.error, problems = #t.problems > 0 and t.problems or nil }
  if full then
    s.series = t.series
    s.results = t.results
    s.unit = t.results and t.results.unit
  end
  return s
end

--- watcher:list([full]) -> every tournament, newest first
function Watcher:list(full)
  local out = {}
  for i = #self.all, 1, -1 do out[#out + 1] = self:summary(self.all[i], full) end
  return out
end

--- watcher:get(id) -> the tournament with this id, or nil
function Watcher:get(id) return self.all[id] end

--- watcher:loop(period): follows every open record until stopped
function Watcher:loop(period)
  self.running = true
  while self.running do
    for _, t in ipairs(self.all) do
      -- one record that cannot be read fails alone; the others go on
      local ok, changed = pcall(self.poll_one, self, t)
      if not ok then changed = fail(t, catalog.clean(changed)) end
      if changed then self.notify(t) end
    end
    cqueues.sleep(period or 0.25)
  end
end

--- watcher:stop(): ends the loop and every tournament still running
function Watcher:stop()
  self.running = false
  for _, t in ipairs(self.all) do
    if t.pid and t.state == "running" then
      -- KILL: the server blocks SIGTERM for its own signal handling and a
      -- child keeps that mask; a record cut short is read up to its last
      -- whole line (deckhand/records.lua)
      os.execute(("kill -KILL -%d 2>/dev/null"):format(t.pid))
      t.state, t.error = "stopped", "the server stopped"
      os.remove(t.status)
      os.remove(t.err)
    end
  end
end

return M
