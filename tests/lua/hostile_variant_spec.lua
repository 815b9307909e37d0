-- A fair table against a hostile variant (deckhand/sandbox.lua,
-- deckhand/variant.lua, bindings/lua/lrules.c): a variant runs in a
-- sandbox of its own, its rules under a time limit, and a bot answers a
-- phase by what it declares, never by a name a variant happens to choose.
local dh = require "deckhand"

package.path = "tests/lua/?.lua;" .. package.path
local F = require "file_helper"
local tmpname, write = F.tmpname, F.write

local dir = tmpname()
os.execute("mkdir -p " .. dir .. "/rules " .. dir .. "/strategies")
dh.strategy_path = dir .. "/strategies/?.lua;" .. dh.strategy_path
dh.path = dir .. "/rules/?.lua;" .. dh.path

local SECRET = ("0123456789abcdef"):rep(2)
local function tour(t)
  local c = { players = { "random", "random" }, games = 2, seed = 3, progress = false,
              limit = 5, secret = SECRET }
  for k, v in pairs(t) do c[k] = v end
  return dh.tournament(c)
end

-- a trick game of 4 seats whose one scripted phase, before the play, has
-- the given name: each seat from the opener to seat 4 says "go"
local function named_phase(name)
  write(dir .. "/rules/phase_" .. name .. ".lua", ([[
local R = require "deckhand".rule
return { name = "phase_%s", options = { max_hands = 1 }, build = function(o)
  return { seats = 4, sides = { 1, 2, 1, 2 }, sizes = { 13 }, max_hands = o.max_hands, trump = "s",
    phases = { { name = "%s",
      moves = function(g) return { "go" } end,
      apply = function(g, seat, text)
        if seat == 4 then g:start_play() else g:to(seat + 1) end
      end } },
    hand = R.follow_suit, play = R.trump_wins | R.highest_of_led, points = R.tricks(),
    win = R.highest_after(1) }
end }]]):format(name, name))
  return "phase_" .. name
end

describe("a variant's phase names", function()
  it("never pick a function a shipped bot happens to define", function()
    -- the heuristic's trick part defines trump, sort, suits, boss; every
    -- strategy defines name
    for _, phase in ipairs { "trump", "sort", "suits", "name", "boss", "new" } do
      local v = named_phase(phase)
      local res = tour { variant = v, players = { "heuristic", "greedy", "pimc", "random" },
                         options = { max_hands = 1 }, games = 1,
                         strategy_options = { pimc = { worlds = 4 } } }
      assert.same({}, res.errors, phase)
      assert.same({}, res.forfeits, phase)
    end
  end)

  it("are answered through a declared table of handlers", function()
    local v = dh.variant(named_phase("trump"))
    local said = {}
    local bot = dh.strategy {
      phases = { trump = function(view) said[#said + 1] = view:phase(); return "go" end },
      play = function(view) return view:legal()[1] end,
    }
    local g = dh.play(v, { bot, bot, bot, bot }, { seed = 1 })
    assert.equal("over", g:phase())
    assert.is_true(#said >= 1)
    for _, p in ipairs(said) do assert.equal("trump", p) end
  end)
end)

-- `deckhand tournament` as a user runs it, DECKHAND_PATH naming the folder
local function cli(args)
  local p = io.popen(("DECKHAND_PATH=%s %s/bin/deckhand tournament %s 2>&1"):format(
    dir, os.getenv("DECKHAND_ROOT") or ".", args))
  local out = p:read("a")
  local ok = p:close()
  return out, ok
end

local function exists(file)
  local f = io.open(file)
  if f then f:close() end
  return f ~= nil
end

-- a 4-seat trick game whose hand rule runs `body` first
local function variant_with(name, body)
  write(dir .. "/rules/" .. name .. ".lua", ([[
local R = require "deckhand".rule
return { name = "%s", options = { max_hands = 1 }, build = function(o)
  return { seats = 4, sides = { 1, 2, 1, 2 }, sizes = { 13 }, max_hands = o.max_hands, trump = "s",
    hand = function(state, seat, card) %s return true end,
    play = R.trump_wins | R.highest_of_led, points = R.tricks(), win = R.highest_after(1) }
end }]]):format(name, body))
end

describe("a variant", function()
  it("runs in a sandbox: no io, os.execute, debug, package, plumbing or binary chunks", function()
    variant_with("prober", "")
    write(dir .. "/rules/prober.lua", [[
local found = {}
if io ~= nil then found[#found + 1] = "io" end
if debug ~= nil then found[#found + 1] = "debug" end
if package ~= nil then found[#found + 1] = "package" end
if os.execute or os.exit or os.remove or os.getenv or os.rename then found[#found + 1] = "os" end
if loadfile or dofile then found[#found + 1] = "loadfile" end
for _, m in ipairs { "io", "debug", "os", "package", "deckhand.core", "deckhand.tournament", "deckhand.sandbox" } do
  if pcall(require, m) then found[#found + 1] = "require " .. m end
end
local dh = require "deckhand"
if dh.core or dh.tournament or dh.strategy or dh.data_path then found[#found + 1] = "plumbing" end
if pcall(load, string.dump(function() end), "x", "b") and load(string.dump(function() end), "x", "b") then
  found[#found + 1] = "a binary chunk"
end
if pcall(dh.variant, "/etc/passwd") then found[#found + 1] = "a variant by path" end
if #found > 0 then error("ESCAPED: " .. table.concat(found, ", ")) end
local R = dh.rule
return { name = "prober", seats = 2, sizes = { 3 }, hand = R.follow_suit, play = R.highest_of_led,
         points = R.tricks(), win = R.highest_after(1) }]])
    assert.equal("prober", dh.variant("prober").name)
  end)

  it("that tries os.execute in its rules is the variant's error, and the run goes on to its end", function()
    local marker = dir .. "/EXECUTED"
    variant_with("executor", ('os.execute("touch %s")'):format(marker))
    local out, ok = cli("executor --players random,heuristic --games 2 --quiet")
    assert.is_true(ok, out)
    assert.is_false(exists(marker), "os.execute ran")
    local errors = 0
    for line in out:gmatch("[^\n]+") do
      if line:find("variant error in executor", 1, true) then
        errors = errors + 1
        assert.matches("hand rule: .*execute", line)
      end
    end
    assert.equal(4, errors, out)   -- each deal's two seatings, each its own error
  end)

  it("loaded by a bot is the same sandboxed variant, found only where variants live", function()
    -- one file, a bot and a variant at once: as a bot it loads itself as a
    -- variant, whose loading tries to run a command
    local marker = dir .. "/TWOFACED"
    local twoface = ([[
if os.execute then os.execute("touch %s") end
local dh = require "deckhand"
return { name = "twoface", move = function(view)
  dh.variant("twoface")   -- itself, as a variant
  return view:moves()[1]
end }]]):format(marker)
    write(dir .. "/strategies/twoface.lua", twoface)
    write(dir .. "/twoface.lua", twoface)   -- where a folder's files once served as both
    local out, ok = cli("spades --players twoface,random --games 1 --option max_hands=1 --quiet")
    assert.is_true(ok, out)
    assert.is_false(exists(marker), "the bot's file ran as a variant outside the sandbox")
    assert.matches("unknown variant 'twoface'", out)
    -- the same file where variants live too: loaded, it is sandboxed
    write(dir .. "/rules/twoface.lua", twoface)
    out = cli("spades --players twoface,random --games 1 --option max_hands=1 --quiet")
    assert.is_false(exists(marker), "the variant ran outside the sandbox")
    assert.matches("forfeit", out)
    os.remove(dir .. "/rules/twoface.lua")
    os.remove(dir .. "/twoface.lua")
  end)
end)

describe("the sandbox's read-only view of the package", function()
  it("keeps a callable table callable, and refuses writes", function()
    local sandbox = require "deckhand.sandbox"
    local t = setmetatable({ x = 1 }, { __call = function(_, a) return a * 2 end })
    local view = sandbox.readonly(t)
    assert.equal(42, view(21))
    assert.equal(1, view.x)
    assert.has_error(function() view.y = 2 end, "this table is read-only")
    assert.has_error(function() sandbox.readonly({})() end, "attempt to call a table value")
  end)
end)

describe("a variant's looping rule", function()
  it("ends the game as the variant's error at the rule time limit, naming the rule, and the run goes on", function()
    write(dir .. "/rules/loopy_rule.lua", [[
local R = require "deckhand".rule
return { name = "loopy_rule", options = { max_hands = 1 }, build = function(o)
  return { seats = 4, sides = { 1, 2, 1, 2 }, sizes = { 13 }, max_hands = o.max_hands, trump = "s",
    hand = R.follow_suit, points = R.tricks(), win = R.highest_after(1),
    play = function() while true do pcall(function() while true do end end) end end }
end }]])
    write(dir .. "/rules/loopy_phase.lua", [[
local R = require "deckhand".rule
return { name = "loopy_phase", options = { max_hands = 1 }, build = function(o)
  return { seats = 4, sides = { 1, 2, 1, 2 }, sizes = { 13 }, max_hands = o.max_hands, trump = "s",
    phases = { { name = "wait", moves = function(g) return { "go" } end,
      apply = function(g, seat, text) while true do pcall(function() while true do end end) end end } },
    hand = R.follow_suit, play = R.trump_wins | R.highest_of_led, points = R.tricks(), win = R.highest_after(1) }
end }]])
    -- a string search built to backtrack runs in C, where no hook fires
    -- (Lua's own would take hours); the sandbox's stops at the rule time
    write(dir .. "/rules/loopy_pattern.lua", [[
local R = require "deckhand".rule
return { name = "loopy_pattern", options = { max_hands = 1 }, build = function(o)
  return { seats = 4, sides = { 1, 2, 1, 2 }, sizes = { 13 }, max_hands = o.max_hands, trump = "s",
    hand = R.follow_suit, points = R.tricks(), win = R.highest_after(1),
    play = function() return ("a"):rep(40):find(("a?"):rep(40) .. ("a"):rep(40) .. "b") end }
end }]])
    write(dir .. "/rules/loopy_pattern_phase.lua", [[
local R = require "deckhand".rule
return { name = "loopy_pattern_phase", options = { max_hands = 1 }, build = function(o)
  return { seats = 4, sides = { 1, 2, 1, 2 }, sizes = { 13 }, max_hands = o.max_hands, trump = "s",
    phases = { { name = "wait", moves = function(g) return { "go" } end,
      apply = function(g, seat, text) string.gsub(("a"):rep(40), ("a?"):rep(40) .. ("a"):rep(40) .. "b", "") end } },
    hand = R.follow_suit, play = R.trump_wins | R.highest_of_led, points = R.tricks(), win = R.highest_after(1) }
end }]])
    for name, why in pairs {
      loopy_pattern = "rule time limit: the rules of loopy_pattern ran over 0.2 s (in string.find)",
      loopy_pattern_phase = "rule time limit: the rules of loopy_pattern_phase ran over 0.2 s (in string.gsub)",
      loopy_rule = "rule time limit: the play rule of loopy_rule ran over 0.2 s",
      loopy_phase = "rule time limit: the rules of loopy_phase ran over 0.2 s (at ",
    } do
      local out, ok = cli(name .. " --players random,random --games 2 --rule-time 0.2 --quiet")
      assert.is_true(ok, out)
      local errors = 0
      for line in out:gmatch("[^\n]+") do
        if line:find("variant error in " .. name, 1, true) then
          errors = errors + 1
          assert.truthy(line:find(why, 1, true), line)
        end
      end
      assert.equal(4, errors, out)
    end
  end)
end)

describe("a variant whose build loops", function()
  it("stops the tournament with the rule time limit's message", function()
    write(dir .. "/rules/loopy_build.lua", [[
return { name = "loopy_build", options = {}, build = function(o) while true do end end }]])
    local out, ok = cli("loopy_build --players random,random --games 1 --rule-time 0.2 --quiet")
    assert.is_falsy(ok)
    assert.matches("rule time limit: the rules of loopy_build ran over 0.2 s", out, 1, true)
    assert.not_matches("traceback", out)
  end)
end)

describe("a game written in Lua that loops", function()
  it("ends the game as the variant's error at the rule time limit", function()
    -- each seat in turn says "go"; the third "go" never returns
    write(dir .. "/rules/loopy_game.lua", F.loopy_game("loopy_game"))
    local out, ok = cli("loopy_game --players random,random --games 2 --rule-time 0.2 --quiet")
    assert.is_true(ok, out)
    local errors = 0
    for line in out:gmatch("[^\n]+") do
      if line:find("variant error in loopy_game", 1, true) then
        errors = errors + 1
        assert.matches("rule time limit: the rules of loopy_game ran over 0.2 s (at ", line, 1, true)
      end
    end
    assert.equal(4, errors, out)
  end)
end)

teardown(function() os.execute("rm -rf " .. dir) end)

-- deckhand play and serve blamed a bot for the variant's own fault: a hand
-- rule that raised under the bot's view:legal() was "random at seat 2
-- forfeits: raised: ..." (a tournament has always called it the variant's)
describe("a variant's rule that raises under a bot", function()
  it("is named as the rules' failure by deckhand play and serve, not the bot's", function()
    local file = dir .. "/badhand.lua"
    write(file, [[
local R = require "deckhand".rule
return { name = "badhand", build = function()
  return { seats = 2, sizes = { 5 }, play = R.highest_of_led, points = R.tricks(1), win = R.highest_after(1),
           hand = function(state, seat, card) error("no hand today") end }
end }]])
    local bin = "lua5.4 " .. (os.getenv("DECKHAND_ROOT") or ".") .. "/bin/deckhand"
    -- seat 2, a bot, leads: its view:legal() is the first to ask the rule
    for _, args in ipairs { "play %s --seat 1 --bots random --seed 1 --color never", "serve %s --clients 1 --bots random" } do
      local p = io.popen(bin .. " " .. args:format(file) .. " < /dev/null 2>&1")
      local out = p:read("a")
      local ok = p:close()
      assert.is_falsy(ok, out)
      assert.matches("the rules of badhand failed: badhand: hand rule: " .. file .. ":4: no hand today", out, 1, true)
      assert.is_nil(out:find("forfeits", 1, true), out)
    end
  end)
end)

-- deckhand play, serve and replay ran a game's code with no time limit: a game
-- file that looped hung the terminal.  A person's typing is not the
-- rules' time.
describe("a game that loops under deckhand play, serve and replay", function()
  local root = os.getenv("DECKHAND_ROOT") or "."
  local bin = "lua5.4 " .. root .. "/bin/deckhand"
  local function run(cmd)
    local p = io.popen(cmd .. " 2>&1")
    local out = p:read("a")
    return out, p:close()
  end
  -- Go Fish from examples/games, whose seventh move never returns
  local gofish = root .. "/examples/games/gofish.lua"
  local loopy = dir .. "/loopfish.lua"
  local text = F.slurp(gofish)
  local patched, n = text:gsub("local function apply%(s, o, seat, m, rng%)\n",
    "local applied = 0\n%0  applied = applied + 1\n  if applied > 6 then while true do end end\n", 1)
  assert(n == 1, "gofish.lua's apply moved")
  write(loopy, patched)

  it("stops play and serve at the rule time limit, naming the game's line", function()
    local moves = {}
    for _, r in ipairs { "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A" } do
      for seat = 2, 4 do moves[#moves + 1] = ("ask %d for %s"):format(seat, r) end
    end
    local input = dir .. "/moves.txt"
    write(input, (table.concat(moves, "\n") .. "\n"):rep(4))
    local out, ok = run(("%s play %s --seed 3 --color never --rule-time 0.3 < %s"):format(bin, loopy, input))
    assert.is_falsy(ok, out)
    assert.matches("deckhand: rule time limit: the rules of gofish ran over 0.3 s (at " .. loopy .. ":", out, 1, true)
    -- deckhand serve alike, its client's lines the moves
    local served = dir .. "/served.txt"
    local lines = {}
    for _, m in ipairs(moves) do lines[#lines + 1] = "move 1 " .. m end
    write(served, table.concat(lines, "\n") .. "\n")
    out, ok = run(("%s serve %s --seed 3 --rule-time 0.3 < %s"):format(bin, loopy, served))
    assert.is_falsy(ok, out)
    assert.matches("deckhand: rule time limit: the rules of gofish ran over 0.3 s (at " .. loopy .. ":", out, 1, true)
  end)

  it("does not count a person's typing as the rules' time", function()
    local out, ok = run(("(sleep 0.8; echo 'ask 9 for Z') | %s play %s --seed 3 --color never --rule-time 0.2")
      :format(bin, gofish))
    assert.is_true(ok, out)
    assert.matches("'ask 9 for Z' is not a legal move now", out, 1, true)
    assert.matches("end of input: bye", out, 1, true)
    assert.is_nil(out:find("rule time limit", 1, true), out)
    out, ok = run(("(sleep 0.8; echo 'move 1 zz') | %s serve %s --seed 3 --rule-time 0.2"):format(bin, gofish))
    assert.is_true(ok, out)
    assert.matches("REJECT illegal_move: 'zz' is not a legal move now", out, 1, true)
    assert.is_nil(out:find("rule time limit", 1, true), out)
  end)

  it("stops replay at the rule time limit, naming the move", function()
    local rec = dir .. "/gofish.jsonl"
    local _, made = run(("%s tournament %s --games 1 --quiet --record %s"):format(bin, gofish, rec))
    assert.is_true(made)
    local out, ok = run(("%s replay %s --variant %s --rule-time 0.3"):format(bin, rec, loopy))
    assert.is_falsy(ok, out)
    assert.matches("deckhand: move 7 %(.-%): rule time limit: the rules ran over 0%.3 s %(at " .. loopy:gsub("%p", "%%%0") .. ":", out)
    -- the same record replays whole with the game's own file
    out, ok = run(("%s replay %s --variant %s --rule-time 0.3"):format(bin, rec, gofish))
    assert.is_true(ok, out)
    assert.matches("final: ", out, 1, true)
  end)

  it("refuses a bad --rule-time", function()
    for _, cmd in ipairs { "play " .. gofish, "serve " .. gofish, "replay " .. gofish } do
      local out, ok = run(("%s %s --rule-time -1"):format(bin, cmd))
      assert.is_falsy(ok)
      assert.matches("deckhand: bad --rule-time '-1' (seconds, 0 for none)", out, 1, true)
    end
  end)
end)
