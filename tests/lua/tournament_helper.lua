-- Shared by the tournament, strategies and command specs: a command's
-- output, a folder of the tests' own bots (found by name like any other),
-- quick tournament settings, and `deckhand serve` over a fifo.
local dh = require "deckhand"
local assert = require "luassert"   -- busted's, as in the specs

local root = os.getenv("DECKHAND_ROOT") or "."
local bin = root .. "/bin/deckhand"

package.path = "tests/lua/?.lua;" .. package.path
local F = require "file_helper"
local tmpname, slurp, write = F.tmpname, F.slurp, F.write

local function run(cmd, input)
  local inf
  if input then inf = tmpname(); write(inf, input); cmd = cmd .. " < " .. inf end
  local p = io.popen(cmd .. " 2>&1")
  local out = p:read("a")
  local ok, _, code = p:close()
  if inf then os.remove(inf) end
  return out, ok, code
end

-- a folder of the test's own strategies, found by name like any other
local dir = tmpname()
os.execute("mkdir -p " .. dir)
write(dir .. "/raiser.lua", [[
return { new = function(o) return {
  bid = function(view) return view:legal()[1] end,
  play = function(view) error("boom") end } end }]])
write(dir .. "/garbage.lua", [[
return { new = function(o) return {
  bid = function(view) return view:legal()[1] end,
  play = function(view) return "not a card" end } end }]])
write(dir .. "/cheater.lua", [[
return { new = function(o) return {
  bid = function(view) return view:legal()[1] end,
  play = function(view) return view:unseen():list()[1] end } end }]])
write(dir .. "/sleeper.lua", [[
return { new = function(o) return {
  bid = function(view) return view:legal()[1] end,
  play = function(view) local x = 0 while true do x = x + 1 end end } end }]])
dh.strategy_path = dir .. "/?.lua;" .. dh.strategy_path

-- a fixed secret (the bots' seeds), so that two runs compare byte for byte
local SECRET = ("0123456789abcdef"):rep(2)
local quick = { variant = "spades", players = { "heuristic", "random" }, games = 6, seed = 11, progress = false,
                secret = SECRET }
-- per deal of a tournament run with cfg, what of_game(entry) says of each
-- of its tables (the record's games in order)
local function per_table(cfg, of_game)
  local lines = {}
  cfg.on_deal = function(l) lines[#lines + 1] = l end
  dh.tournament(cfg)
  local out = {}
  for _, l in ipairs(lines) do
    local tables = {}
    for k, e in ipairs(l.games) do tables[k] = of_game(e) end
    out[#out + 1] = tables
  end
  return out
end

-- the settings of base with those of t over them (a copy)
local function over(base, t)
  local c = {}
  for k, v in pairs(base) do c[k] = v end
  for k, v in pairs(t) do c[k] = v end
  return c
end
local function with(t) return over(quick, t) end

-- a run killed in the middle of writing: runs cfg(record) to the end, cuts
-- its record file `extra` bytes into the line after the first `lines`, runs
-- again on the cut file and checks it ends with the same totals and file.
-- Returns the first run's result and the two files.
local function resume_after_kill(cfg, lines, extra)
  local full, part = tmpname(), tmpname()
  local r1 = dh.tournament(cfg(full))
  local text = slurp(full)
  local cut = 0
  for _ = 1, lines do cut = text:find("\n", cut + 1, true) end
  write(part, text:sub(1, cut + extra))
  local r2 = dh.tournament(cfg(part))
  assert.are.same(r1.players, r2.players)
  assert.are.equal(text, slurp(part))
  return r1, full, part
end

-- `deckhand serve ARGS` reading from a fifo: the server's output, a send
-- function, and a function that says quit and cleans up
local function serve(args)
  local fifo = tmpname()
  assert(os.execute("mkfifo " .. fifo))
  local p = io.popen(bin .. " serve " .. args .. " < " .. fifo, "r")
  local w = assert(io.open(fifo, "w"))
  local function send(s) w:write(s, "\n"); w:flush() end
  local function stop() send("quit"); w:close(); p:close(); os.remove(fifo) end
  return p, send, stop
end

-- Hold'em: the same runner, one hand a deal, chips won per hand
write(dir .. "/hold_raiser.lua", [[
return { new = function(o) return { act = function(view) error("boom") end } end }]])
write(dir .. "/hold_cheat.lua", [[
return { new = function(o) return { act = function(view) return "raise", 1 end } end }]])
write(dir .. "/hold_sleeper.lua", [[
return { new = function(o) return { act = function(view) local x = 0 while true do x = x + 1 end end } end }]])
-- folds whenever it may, else checks; and the opposite, all in every time
write(dir .. "/hold_folder.lua", [[
return { new = function(o) return { act = function(view)
  for _, m in ipairs(view:moves()) do if m.kind == "fold" then return "fold" end end
  return "check" end } end }]])
write(dir .. "/hold_shover.lua", [[
return { new = function(o) return { act = function(view) return "allin" end } end }]])

local hq = { variant = "holdem", players = { "heuristic", "random" }, games = 6, seed = 5, progress = false,
             secret = SECRET }
local function hwith(t) return over(hq, t) end

return { over = over, run = run, dir = dir, SECRET = SECRET, quick = quick, per_table = per_table, with = with,
         resume_after_kill = resume_after_kill, serve = serve, hq = hq, hwith = hwith, bin = bin }
