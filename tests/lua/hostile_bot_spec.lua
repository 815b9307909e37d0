-- A fair table against a hostile bot: every escape a bot author might try
-- (deckhand/sandbox.lua, deckhand/guard.lua, deckhand/tournament.lua).
-- Each hostile bot tries its escape and, when it works, raises "ESCAPED:
-- <what>"; otherwise it plays on.  A run passes when no forfeit says
-- ESCAPED and the bots that play fair see nothing changed.
local dh = require "deckhand"
local json = require "deckhand.json"

package.path = "tests/lua/?.lua;" .. package.path
local F = require "file_helper"
local tmpname, slurp, write = F.tmpname, F.slurp, F.write

local dir = tmpname()
os.execute("mkdir -p " .. dir .. "/rules")
dh.strategy_path = dir .. "/?.lua;" .. dh.strategy_path
dh.path = dir .. "/rules/?.lua;" .. dh.path

-- a bot that tries `attempt(view, o)` once per call; attempt returns a
-- text when it escaped, and the bot then plays the first legal move
local function hostile(name, attempt, at_new)
  write(dir .. "/" .. name .. ".lua", ([[
local attempt = function(view, o) %s end
local at_new = function(o) %s end
return { new = function(o)
  local why = at_new(o)
  if why then error("ESCAPED: " .. why) end
  return { move = function(view)
    local why = attempt(view, o)
    if why then error("ESCAPED: " .. why) end
    return view:moves()[1]
  end }
end }]]):format(attempt, at_new or ""))
end

local SECRET = ("fedcba9876543210"):rep(2)
-- a generous time limit by default (a test of the limit sets its own):
-- under the sanitizer on a loaded machine an honest move took over 0.2 s
local function tour(t)
  local c = { variant = "spades", players = { "random", "random" }, games = 2, seed = 3, progress = false,
              limit = 5, secret = SECRET, options = { max_hands = 1 } }
  for k, v in pairs(t) do c[k] = v end
  return dh.tournament(c)
end

local function no_escape(res)
  for _, f in ipairs(res.forfeits) do assert.is_nil(f.reason:find("ESCAPED", 1, true), f.reason) end
end

describe("a hostile bot", function()
  it("finds no debug, files, processes, package plumbing or binary chunks", function()
    hostile("prober", [[
      if debug ~= nil then return "debug" end
      if io ~= nil then return "io" end
      if package ~= nil then return "package" end
      if os.execute or os.exit or os.remove or os.getenv or os.rename then return "os" end
      if pcall(require, "debug") then return "require debug" end
      if pcall(require, "io") then return "require io" end
      if pcall(require, "deckhand.core") then return "the C core" end
      local dh = require "deckhand"
      if dh.core or dh.host or dh.tournament or dh.tournament_lib or dh.data_path then return "plumbing" end
      if getmetatable("") ~= nil then return "the string metatable" end
      if pcall(load, string.dump(function() end), "x", "b") and load(string.dump(function() end), "x", "b") then
        return "a binary chunk"
      end
      if pcall(dh.variant, "/etc/passwd") then return "a variant by path" end
      if pcall(dh.strategy, "/tmp/x.lua") then return "a strategy by path" end
      if pcall(dh.strategy, "human") then return "a strategy that needs io" end
      if pcall(setmetatable, {}, { __gc = function() end }) then return "a finalizer" end
      if collectgarbage("stop") ~= 0 then return "the collector" end
    ]])
    local res = tour { players = { "prober", "random" } }
    no_escape(res)
    assert.are.equal(0, #res.forfeits, res.forfeits[1] and res.forfeits[1].reason)
  end)

  it("changes nothing another bot, the game or the runner sees", function()
    -- the patcher changes everything it can reach; the checker, in the same
    -- process and the same games, finds everything as it was
    hostile("patcher", [[
      string.rep, table.insert, math.floor = nil, nil, nil
      local dh = require "deckhand"
      pcall(function() dh.cards = nil end)
      pcall(rawset, dh, "cards", function() error("patched") end)
      pcall(function() dh.Game.apply = function() return true end end)
      pcall(function() dh.Variant.__index = nil end)
      pcall(function() getmetatable(view).__index = nil end)
      local mt = getmetatable(dh.card("As"))
      if type(mt) == "table" then return "a class's metatable" end
      pcall(function() o.variant.rules = nil; o.variant.seats = 99; o.variant.name = "x" end)
      o.depth = 1
    ]], [[ if type(o.variant) == "table" then pcall(function() o.variant.seats = 99 end) end ]])
    hostile("checker", [[
      if not string.rep or ("ab"):rep(2) ~= "abab" or not table.insert or not math.floor then
        return "the standard library changed"
      end
      local dh = require "deckhand"
      if not pcall(dh.cards, "As Kd") then return "dh.cards changed" end
      if o.variant.seats ~= 4 or o.variant.name ~= "spades" then return "the variant changed" end
      if o.depth then return "the options changed" end
      if #view:moves() == 0 then return "the view changed" end
    ]])
    local res = tour { players = { "patcher", "checker" }, games = 3 }
    no_escape(res)
    assert.are.equal(0, #res.forfeits)
    assert.are.equal(0, #res.errors)
    -- and the game itself kept its rules: every record replays
    local rec = tmpname()
    tour { players = { "patcher", "random" }, record = rec }
    for line in io.lines(rec) do
      local v = json.decode(line)
      for _, g in ipairs(v.games or {}) do assert.is_truthy(dh.replay(g.record)) end
    end
    os.remove(rec)
  end)

  it("cannot change a Lua game's settings through its view", function()
    -- a game written in Lua hands each view the settings its sample and
    -- greedy read: the patcher overwrites what it finds there, the
    -- checker (the other seat) must not see it, and the games keep theirs
    hostile("settings_patcher", [[
      local s = rawget(view, "_o")
      if type(s) == "table" then
        for k, v in pairs(s) do if type(v) == "number" then s[k] = 1 end end
        s.patched = true
      end
    ]])
    hostile("settings_checker", [[
      local s = rawget(view, "_o")
      if type(s) == "table" and s.patched then return "another seat's settings" end
    ]])
    local rec = tmpname()
    local res = tour { variant = "crazy8", players = { "settings_patcher", "settings_checker" }, games = 2,
                       options = { max_hands = 2 }, record = rec }
    no_escape(res)
    assert.are.equal(0, #res.forfeits)
    for line in io.lines(rec) do
      local v = json.decode(line)
      for _, g in ipairs(v.games or {}) do
        -- replayed under the settings the record names, the match ends as it did live
        local r = assert(dh.replay(g.record)):result()
        assert.is_true(r.over)
        assert.are.equal(g.hands, #r.hands)
        assert.are.same(g.points, r.seats)
      end
    end
    os.remove(rec)
  end)

  it("cannot rebuild the deal from its seed", function()
    -- the old runner gave a bot the deal's seed plus its seat
    hostile("seeder", [[
      local dh = require "deckhand"
      local mine = view:hand(view:seat())
      for k = -20, 20 do
        local g = dh.game(dh.variant("spades", { max_hands = 1 }), { seed = o.seed + k })
        for s = 1, 4 do if g:hand(s) == mine then return "the deal from seed " .. (o.seed + k) end end
      end
    ]])
    -- (41 variants and games a decision: a limit well above that work, so
    -- that a loaded machine cannot turn the search into a forfeit)
    local res = tour { players = { "seeder", "random" }, games = 3, limit = 10 }
    no_escape(res)
    assert.are.equal(0, #res.forfeits)
  end)

  it("forfeits at the time limit however it loops, and the run goes on", function()
    local loops = {
      plain = "while true do end",
      in_pcall = "while true do pcall(function() while true do end end) end",
      in_xpcall = "while true do xpcall(function() while true do end end, function() while true do end end) end",
      in_coroutine = "local co = coroutine.wrap(function() while true do end end) while true do pcall(co) end",
      in_sort = [[table.sort({ 3, 2, 1 }, function(a, b)
                    while true do pcall(function() while true do end end) end end)]],
      in_gsub = [[while true do pcall(string.gsub, "abc", "%w", function() while true do end end) end]],
      made_before = "while true do pcall(o.co) end",
      -- in C, where no count hook runs: the call gets what is left of the
      -- bot's time (it ran for hours, on two threads)
      in_equity = [[while true do require("deckhand").poker.equity {
                      players = { "AA", "KK" }, samples = 1 << 40, exact = false, threads = 2 } end]],
      in_enumeration = [[while true do require("deckhand").poker.equity {
                           players = { "random", "random", "random", "random", "random" }, exact = true } end]],
    }
    for name, body in pairs(loops) do
      hostile("loop_" .. name, body, name == "made_before"
        and "o.co = coroutine.wrap(function() while true do end end)" or nil)
      -- 0.5 s: the honest random bot, under ASan on a loaded machine, once
      -- took more than 0.05 s for a decision and forfeited too
      local res = tour { players = { "loop_" .. name, "random" }, games = 1, limit = 0.5 }
      assert.are.equal(2, #res.forfeits, name)
      for _, f in ipairs(res.forfeits) do
        assert.are.equal("loop_" .. name, f.strategy)
        assert.matches("over the time limit", f.reason, 1, true)
      end
    end
  end)

  -- deckhand's own C calls that can run long: no count hook runs inside
  -- them, so each gets what is left of the bot's time (lhost.c's
  -- dhL_budget and dhL_deadline).  Without it, the generic search of a
  -- whole Hearts hand by points went on past 100 s under a limit of 1 s,
  -- and so did 2^40 playouts and 2^40 rounds of the blackjack simulation
  it("forfeits at the time limit inside a long call into C", function()
    local calls = {
      solve = [[w:solve { objective = "points" } w:solve_moves { objective = "points" }]],
      playouts = [[w:playouts(dh.rng(2), 1 << 40)]],
      -- string searches built to backtrack (2^40 steps for Lua's own
      -- matcher), as a method and from the bot's string library
      pattern_method = [[local s = ("a"):rep(40); s:find(("a?"):rep(40) .. s .. "b")]],
      pattern_library = [[for _ in string.gmatch(("a"):rep(40), ("a?"):rep(40) .. ("a"):rep(40) .. "b") do end]],
      blackjack = [[
        local st = { hard = {}, soft = {}, split = {} }
        for t = 4, 21 do
          st.hard[t], st.soft[t] = {}, {}
          for u = 1, 10 do st.hard[t][u], st.soft[t][u] = { 0, 0, 0, 0 }, { 0, 0, 0, 0 } end
        end
        for a = 1, 10 do st.split[a] = {} for u = 1, 10 do st.split[a][u] = 0 end end
        dh.blackjack.sim({}, st, 1):run(1 << 40)]],
      -- a game of the bot's own whose Lua rule loops: rules run on a
      -- thread of their own, where the bot's hook does not reach
      lua_rule = [[
        local R = dh.rule
        local v = dh.variant { name = "loops", options = {}, build = function()
          return { seats = 4, sides = { 1, 2, 1, 2 }, sizes = { 13 }, max_hands = 1, trump = "s",
                   hand = function() while true do pcall(function() while true do end end) end end,
                   play = R.trump_wins | R.highest_of_led, points = R.tricks(), win = R.highest_after(1) }
        end }
        local g = dh.game(v, { seed = 1 })
        for _ = 1, 52 do pcall(g.play, g, g:moves()[1]) end]],
    }
    for name, call in pairs(calls) do
      hostile("long_" .. name, ([[
        if view:phase() == "play" then
          local dh = require "deckhand"
          local w = view:sample(dh.rng(1))
          %s
          return "ESCAPED: it came back"
        end]]):format(call))
      local t = os.time()
      local res = tour { variant = "hearts", players = { "long_" .. name, "random" }, games = 1, limit = 0.5 }
      assert.is_true(#res.forfeits >= 1, name)
      for _, f in ipairs(res.forfeits) do
        assert.are.equal("long_" .. name, f.strategy)
        assert.matches("over the time limit", f.reason, 1, true)
        -- stopped near its limit, not at the rule time (10 s) or later
        local took = tonumber(f.reason:match("^took ([%d.]+) s"))
        assert.is_true(took == nil or took < 5, f.reason)
      end
      assert.is_true(os.time() - t < 60, name)
    end
  end)

  -- the guard's clock started after the deadline was set: a process
  -- paused between the two (a loaded machine) counted less than the limit
  -- for a bot stopped at it, and said "yielded (a bot may not yield)"
  it("is said to be over the time limit, not to yield, when the process pauses as it is asked", function()
    local guard = require "deckhand.guard"
    local host = require "deckhand.core".host
    local real = host.deadline
    host.deadline = function(co, s)   -- the pause: 50 ms just after the deadline is set
      real(co, s)
      if s then local t = host.clock() + 0.05; while host.clock() < t do end end
    end
    local ok, move, why = pcall(guard.move, function() while true do end end, dh.game("spades", { seed = 1 }):view(1), 0.1)
    host.deadline = real
    assert.is_true(ok)
    assert.is_nil(move)
    assert.matches("^took 0%.1%d* s, over the time limit of 0%.1 s$", why)
  end)

  it("forfeits when it yields, loops while starting, or raises what cannot be shown", function()
    hostile("yielder", "coroutine.yield(1)")
    hostile("slow_start", "", "while true do end")
    hostile("bad_error", [[error(setmetatable({}, { __tostring = function() error("again") end }))]])
    -- a bot that cannot start at all stops the tournament before any deal
    local ok, err = pcall(tour, { players = { "slow_start", "random" }, games = 1, limit = 0.05 })
    assert.is_false(ok)
    assert.matches("strategy 'slow_start' could not start: took", err, 1, true)
    for name, why in pairs { yielder = "yielded", bad_error = "cannot be shown" } do
      local res = tour { players = { name, "random" }, games = 1, limit = 0.5 }
      assert.are.equal(2, #res.forfeits, name)
      assert.are.equal(name, res.forfeits[1].strategy)
      assert.matches(why, res.forfeits[1].reason, 1, true)
    end
  end)

  it("forfeits when it answers with what is not a move, running none of its code later", function()
    write(dir .. "/fakes.lua", [[
local n = 0
local answers = {
  function() return setmetatable({ text = "As" }, { __metatable = "deckhand.Move",
                                  __tostring = function() while true do end end }) end,
  function() return setmetatable({}, { __index = function() while true do end end,
                                       __len = function() while true do end end }) end,
  function() return coroutine.create(function() end) end,
  function() return print end,
  function() return {{{ }}} end,
}
return { new = function(o) n = n + 1; local k = n; return { move = function(view)
  return answers[(k - 1) % #answers + 1]()
end } end }]])
    local t0 = os.clock()
    local res = tour { players = { "fakes", "random" }, games = 3, limit = 5 }
    assert.is_true(os.clock() - t0 < 4)   -- no metamethod loop ran outside the limit
    assert.are.equal(6, #res.forfeits)
    for _, f in ipairs(res.forfeits) do
      assert.are.equal("fakes", f.strategy)
      assert.is_truthy(f.reason:find("returned", 1, true) or f.reason:find("illegal move", 1, true), f.reason)
    end
  end)

  it("forfeits, not voids the deal, when its answer is of a kind apply cannot take", function()
    -- a number that is no bid, a flag, a pass naming no card, a list of
    -- lists: each the bot's fault, never the variant's error (an error
    -- leaves the deal uncounted, a way out of a losing one)
    write(dir .. "/odd_kinds.lua", [[
local answers = { 0 / 0, 2.5, true, { "2c", "zz" }, { 1, 2 } }
return { new = function(o)
  local k = o.seed % #answers + 1
  local function answer() return answers[k] end
  return { move = answer }
end }]])
    for _, case in ipairs { { "spades", { max_hands = 1, blind_nil = true, blind_nil_exchange = 2 } },
                            { "hearts", { max_hands = 1 } }, { "briscola", { exchange = true } },
                            { "omaha", { max_hands = 2 } }, { "holdem", { max_hands = 2 } } } do
      local res = tour { variant = case[1], options = case[2], players = { "odd_kinds", "random" }, games = 6 }
      assert.same({}, res.errors, case[1])
      assert.is_true(#res.forfeits > 0, case[1])
      for _, f in ipairs(res.forfeits) do assert.equal("odd_kinds", f.strategy, case[1]) end
    end
  end)

  it("does not corrupt the workers' channel by printing", function()
    hostile("printer", "", [[ print("{\"i\": 1, \"games\": []}") ]])
    local a, b = tmpname(), tmpname()
    local r1 = tour { players = { "printer", "random" }, games = 4, record = a, jobs = 1 }
    local r2 = tour { players = { "printer", "random" }, games = 4, record = b, jobs = 2 }
    assert.are.equal(0, #r1.forfeits)
    assert.are.same(r1.players, r2.players)
    assert.are.equal(slurp(a), slurp(b))
    os.remove(a); os.remove(b)
  end)
end)

describe("a bot that declares `-- needs: io`", function()
  -- the command a user runs, with DECKHAND_PATH naming a folder of bots
  local function cli(args)
    local p = io.popen(("DECKHAND_PATH=%s %s/bin/deckhand tournament %s 2>&1"):format(
      dir .. "/cli", os.getenv("DECKHAND_ROOT") or ".", args))
    local out = p:read("a")
    local ok = p:close()
    return out, ok
  end

  it("cannot run a command, in a tournament or loaded by dh.strategy", function()
    os.execute(("mkdir -p %s/cli/strategies"):format(dir))
    local marker = dir .. "/cli/strategies/RAN"
    write(dir .. "/cli/strategies/popener.lua", ([[
-- needs: io
return { move = function(view)
  io.popen("touch %s"):close()
  return view:moves()[1]
end }]]):format(marker))
    local out, ok = cli("spades --players popener,random --games 1 --option max_hands=1 --limit 5 --quiet")
    assert.is_true(ok, out)
    assert.is_nil(io.open(marker), "io.popen ran a command")
    assert.matches("forfeit", out)
    assert.matches("popen", out)
    -- the library's own loader gives the same io
    local bot = dh.strategy(dir .. "/cli/strategies/popener.lua")
    local g = dh.game(dh.variant("spades", { max_hands = 1 }), { seed = 1 })
    assert.has_error(function() bot.move(g:view(g:next_player())) end)
    assert.is_nil(io.open(marker), "io.popen ran a command")
  end)

  it("reads and writes the plain files of its own folder, and no other", function()
    os.execute(("mkdir -p %s/own/sub && ln -sf /etc/passwd %s/own/link"):format(dir, dir))
    write(dir .. "/outside.txt", "secret")
    write(dir .. "/own/filer.lua", [[
-- needs: io
local out = {}
local f = assert(io.open("notes.txt", "w"))
f:write("kept", "\n"):close()
f = assert(io.open("notes.txt"))
out.own = f:read("l")
f:close()
for _, name in ipairs { "../outside.txt", "/etc/passwd", "sub/../../outside.txt", "..", "link" } do
  local ok, h = pcall(io.open, name)
  out[name] = ok and h ~= nil
end
out.code = pcall(io.open, "filer.lua", "a") or pcall(io.open, "other.lua", "w")
out.popen = io.popen ~= nil or io.tmpfile ~= nil or io.input ~= nil or io.output ~= nil
out.handle = getmetatable(io.stdout) ~= "file" or getmetatable(f) ~= "file"
out.stdout = type(io.stdout.write) == "function" and type(io.stdin.read) == "function"
return { move = function(view) return view:moves()[1] end, probe = out }]])
    local probe = dh.strategy(dir .. "/own/filer.lua").probe
    assert.equal("kept", probe.own)
    for _, name in ipairs { "../outside.txt", "/etc/passwd", "sub/../../outside.txt", "..", "link" } do
      assert.is_false(probe[name], name)
    end
    assert.is_false(probe.code)   -- no bot's code rewritten
    assert.is_false(probe.popen)
    assert.is_false(probe.handle)
    assert.is_true(probe.stdout)
  end)
end)

describe("a variant whose rules raise", function()
  it("is charged the error, not the bot on turn", function()
    write(dir .. "/rules/fragile.lua", [[
local R = require "deckhand".rule
return { name = "fragile", options = { max_hands = 1 }, build = function(o)
  return { seats = 4, sides = { 1, 2, 1, 2 }, sizes = { 13 }, max_hands = o.max_hands, trump = "s",
    hand = function(state, seat, card)
      if tostring(card) == "As" then error("the ace of spades is cursed") end
      return true
    end,
    play = R.trump_wins | R.highest_of_led, points = R.tricks(), win = R.highest_after(1) }
end }]])
    local ok, res = pcall(tour, { variant = "fragile", players = { "random", "heuristic" } })
    if not ok then error(res) end
    assert.are.equal(0, #res.forfeits)
    assert.is_true(#res.errors >= 1)
    assert.matches("cursed", res.errors[1].reason)
    assert.is_nil(res.players[1].score)   -- no game counted
  end)
end)
