-- lua_fuzz.lua: calls every function of the deckhand package -- module
-- functions, every method and metamethod of every object it makes -- with
-- wrong types, wrong userdata, out-of-range numbers and random strings,
-- each call under pcall.  Meant to run under AddressSanitizer (tests/fuzz/run
-- loads the sanitizer build): a crash or a sanitizer report is a finding;
-- a raised Lua error is the expected answer to bad input.
--   lua5.4 tests/fuzz/lua_fuzz.lua SECONDS [SEED]
-- Prints the number of calls made, then "N passed, 0 failed".
local dh = require "deckhand"

local seconds = tonumber(arg[1]) or 10
local rng = dh.rng(tonumber(arg[2]) or 1)

-- a sample of every kind of object the package makes
local spades = dh.variant("spades", { max_hands = 2 })
local hearts = dh.variant("hearts", { max_hands = 1 })
local briscola = dh.variant("briscola")
local holdem = dh.variant("holdem", { max_hands = 2 })
local euchre = dh.variant("euchre", { max_hands = 3 })   -- phase scripts: discards, sitting out
local bridge = dh.variant("bridge", { boards = 2 })      -- an auction, a dummy played by declarer
local skat = dh.variant("skat", { deals = 2 })           -- three seats, teams, a mode, a shown hand
local skat_def = dofile((os.getenv("DECKHAND_ROOT") or ".") .. "/rules/skat.lua")   -- its prefabs' spec
local pinochle_game = dh.variant("pinochle", { max_hands = 2 })  -- an auction, melds shown
-- the exchanges: a blind Nil's cards each way, Briscola's lowest trump for the turned card
local spades_x = dh.variant("spades", { max_hands = 2, blind_nil = true, blind_nil_exchange = 2 })
local briscola_x = dh.variant("briscola", { exchange = true })
-- the games written in Lua this fuzzer reaches too: Blackjack (a shoe of
-- duplicates), Omaha hi-lo (pot limit), and their C halves below
local blackjack = dh.variant("blackjack", { max_hands = 3, decks = 1 })
local omaha = dh.variant("omaha", { max_hands = 2, hilo = true, seats = 3 })
local bj_rules = blackjack.settings
local bj_strategy = dofile((os.getenv("DECKHAND_ROOT") or ".") .. "/strategies/heuristic/blackjack.lua").tables(bj_rules)
local pinochle = dh.deck("pinochle48")
local function objects()
  local g = dh.game(spades, { seed = rng:int(1000) })
  local h = dh.game(hearts, { seed = rng:int(1000) })
  local b = dh.game(briscola, { seed = rng:int(1000) })
  local p = dh.game(holdem, { seed = rng:int(1000) })
  local e = dh.game(euchre, { seed = rng:int(1000) })
  local br = dh.game(bridge, { seed = rng:int(1000) })
  local sx = dh.game(spades_x, { seed = rng:int(1000) })
  local bx = dh.game(briscola_x, { seed = rng:int(1000) })
  local bj = dh.game(blackjack, { seed = rng:int(1000) })
  local om = dh.game(omaha, { seed = rng:int(1000) })
  for _ = 1, rng:int(0, 30) do
    local game = ({ g, h, b, p, e, br, sx, bx, bj, om })[rng:int(10)]
    local seat = game:next_player()
    if seat then game:apply(seat, rng:pick(game:moves())) end
  end
  local list = {
    dh.card("As"), dh.card("Jh#2"), dh.cards("As Kd Td"), dh.cards(), pinochle:set(),
    dh.rng(rng:int(100)), dh.deck("french52"), pinochle, dh.order("A 3 K Q J 7 6 5 4 2"),
    g, h, b, p, e, g:view(1), h:view(2), b:view(1), p:view(1), e:view(e:next_player() or 1), g:rules(),
    br, br:view(br:turn() or 1), spades, holdem, euchre, bridge,
    sx, sx:view(sx:next_player() or 1), bx, bx:view(bx:next_player() or 1),
    bj, bj:view(bj:next_player() or 1), om, om:view(om:next_player() or 1), blackjack, omaha,
    dh.blackjack.sim(bj_rules, bj_strategy, rng:int(1000)), bj_rules, bj_strategy,
    dh.poker.omaha_low("Ah 2h Kd Kc", "3c 4c 5c 9d Td"),
    dh.rule.follow_suit, dh.rule.trump_wins, dh.rule.tricks(1), dh.rule.first_to(100),
    dh.poker.pattern("1{2}2{2}"), dh.poker.values and dh.poker.values(4) or nil,
    dh.move { kind = "bid", text = "bid 3", bid = 3 },
    dh.phase.turned_card_trump { stick_the_dealer = rng:int(2) == 1 },
    dh.phase.auction(), dh.rule.duplicate(),
    dh.phase.skat_bidding(), dh.rule.skat_value(),
  }
  local ok, w = pcall(g:view(g:next_player() or 1).sample, g:view(g:next_player() or 1), dh.rng(1))
  if ok then list[#list + 1] = w end
  return list
end

local junk_strings = { "", "x", "As", "Q", "10♦", "Jh#2", "Jh#3", "5h#2", "BJ", "As Kd Td", "As As",
  "QQ+", "AKs", "1{2}", "[a>a>a>a>a", "AAxx", "*", "bid 3", "nil", "pass 2c 3c 4c", "pass 2c 3c", "exchange", "raise 120",
  "spades", "hearts", "random", "none", "turn_under", "s", "♠", "clubs", ("x"):rep(300), "\0", "%s%n" }

local function random_string()
  local n = rng:int(0, 12)
  local out = {}
  for i = 1, n do out[i] = string.char(rng:int(0, 255)) end
  return table.concat(out)
end

local numbers = { 0, 1, 2, 3, 4, 5, 8, 9, 13, 52, 53, 64, 65, 127, 128, 255, 256, 65535, 65536, -1, -2,
  2 ^ 31, 2 ^ 31 - 1, -2 ^ 31, 2 ^ 53, math.maxinteger, math.mininteger, 0.5, -0.5, 1 / 0, -1 / 0, 0 / 0 }

local pool   -- refreshed now and then: objects change as games are played
local function value()
  local k = rng:int(10)
  if k == 1 then return nil
  elseif k == 2 then return rng:int(2) == 1
  elseif k <= 4 then return numbers[rng:int(#numbers)]
  elseif k == 5 then return junk_strings[rng:int(#junk_strings)]
  elseif k == 6 then return random_string()
  elseif k == 7 then
    local t = {}
    for i = 1, rng:int(0, 4) do t[i] = value() end
    if rng:int(3) == 1 then t.seed, t.players, t.board = value(), value(), value() end
    return t
  elseif k == 8 then return ({ print, coroutine.create(print), io.stdout })[rng:int(3)]
  else return pool[rng:int(#pool)] end
end

-- every function reachable from an object: its methods and metamethods
local function functions_of(x, out)
  local mt = debug.getmetatable(x)
  if type(mt) == "table" then
    for k, f in pairs(mt) do
      if type(f) == "function" then out[#out + 1] = { k, f } end
      if type(f) == "table" then
        for k2, f2 in pairs(f) do if type(f2) == "function" then out[#out + 1] = { k2, f2 } end end
      end
    end
  end
  if type(x) == "table" then
    for k, f in pairs(x) do if type(f) == "function" then out[#out + 1] = { k, f } end end
  end
end

-- the package's own functions, one level down too (dh.poker.*, dh.rule.*)
local targets = {}
local function add_module(t, prefix, depth)
  for k, f in pairs(t) do
    local mt = type(f) == "table" and debug.getmetatable(f)
    if mt and mt.__call then   -- a callable table (dh.phase.auction): called, then its fields
      targets[#targets + 1] = { prefix .. k, function(...) return f(...) end }
    end
    if type(f) == "function" then targets[#targets + 1] = { prefix .. k, f }
    elseif type(f) == "table" and depth < 2 and k ~= "tournament_lib" then add_module(f, prefix .. k .. ".", depth + 1) end
  end
end
add_module(dh, "dh.", 0)
-- long or side-effecting calls: exercised elsewhere, not with random arguments
-- (matched on the last part of a name: dh.Game.solve is a method too)
local skip = { tournament = true, tournament_merge = true, run = true, play = true,
               playout = true, equity = true, __gc = true,
               -- a whole deal solved without a budget takes hours: below, with one
               solve = true, solve_moves = true }
local skip_whole = { ["dh.poker.count"] = true }

-- a call that runs on and on is a finding too: a count hook watches the
-- clock and names the call it is in (a hang inside C runs no hook:
-- tests/fuzz/run's timeout catches it, and ASan prints its stack)
local HANG = 60   -- seconds of processor time for one call, under the sanitizers
local current, current_args, current_n, since = "the start", {}, 0, os.clock()
local function watch(what, args, n)
  current, current_args, current_n, since = what, args or {}, n or 0, os.clock()
end
local function describe(x)
  if type(x) == "string" then return ("%q"):format(x:sub(1, 40)) end
  return type(x) == "number" and tostring(x) or type(x) .. " " .. tostring(x):sub(1, 40)
end
debug.sethook(function()
  if os.clock() - since > HANG then
    local args = {}
    for i = 1, current_n do args[i] = describe(current_args[i]) end
    io.stderr:write(("lua_fuzz: %s(%s) ran over %g s: a hang\n"):format(current, table.concat(args, ", "), HANG))
    os.exit(3)
  end
end, "", 1000000)

local calls = 0
local start = os.clock()
local object_functions = {}
while os.clock() - start < seconds do
  watch("making the objects")
  pool = objects()
  object_functions = {}
  for _, x in ipairs(pool) do functions_of(x, object_functions) end
  for _ = 1, 2000 do
    local name, f
    if rng:int(2) == 1 then
      local t = targets[rng:int(#targets)]
      name, f = t[1], t[2]
    else
      local t = object_functions[rng:int(#object_functions)]
      name, f = t[1], t[2]
    end
    if not skip[name:match("[^.]*$")] and not skip_whole[name] then
      local args, n = {}, rng:int(0, 5)
      for i = 1, n do args[i] = value() end
      if rng:int(2) == 1 then args[1] = pool[rng:int(#pool)] end
      watch(name, args, n)
      pcall(f, table.unpack(args, 1, n))
      calls = calls + 1
    end
  end
  collectgarbage("step", 200)
end
-- the long calls, with small bounded arguments
for round = 1, 200 do
  watch("the long calls, round " .. round .. ": equity and playouts")
  local board = junk_strings[rng:int(#junk_strings)]
  pcall(dh.poker.equity, { players = { "AsKs", junk_strings[rng:int(#junk_strings)] }, board = board,
                           samples = 100, max_exact = 1000 })
  -- a hostile thread count: refused at once, or at most 64 threads on 100 trials
  pcall(dh.poker.equity, { players = { "AsKs", "QQ" }, board = "2c 7d 9h", exact = rng:int(2) == 1,
                           samples = 100, threads = value() })
  pcall(dh.game(spades, { seed = 1 }).playout, dh.game(spades, { seed = 1 }), value(), value())
  watch("the long calls, round " .. round .. ": the solver")
  -- the solver: hostile options and games, always with a node budget
  local g = pool[rng:int(#pool)]
  local objective = rng:int(2) == 1 and ({ "tricks", "points", "margin" })[rng:int(3)] or value()
  local opts = { nodes = rng:int(1, 2000), objective = objective, table_bits = value() }
  if rng:int(2) == 1 then opts.objective = nil; opts.table_bits = nil end
  pcall(dh.solve, g, opts)
  pcall(dh.solve_moves, g, opts)
  watch("the long calls, round " .. round .. ": the phase ops")
  -- the phase ops a variant's script reaches (internal), on a Euchre, Bridge, Skat or Pinochle game
  -- in any phase, with hostile arguments
  local core = require "deckhand.core"
  local ops = { "turn", "var", "trump", "declarer", "take", "discard", "sit_out", "play", "end_hand", "step",
                "control", "expose", "team", "table", "show", "x" }
  local eg = dh.game(({ euchre, bridge, skat, pinochle_game })[rng:int(4)], { seed = rng:int(1000) })
  for _ = 1, rng:int(0, 12) do
    if eg:next_player() then eg:apply(eg:next_player(), rng:pick(eg:moves())) end
  end
  for _ = 1, 5 do pcall(core.script_op, eg, ops[rng:int(#ops)], value(), value()) end
  pcall(core.script_apply, eg, value(), value(), function() error("x") end)
  watch("the long calls, round " .. round .. ": the prefab phase and its variants")
  -- the prefab phase (Euchre's trump making in C): moves by code, legal or hostile, and
  -- variants built on it with hostile fields
  pcall(core.phase_moves, rng:int(2) == 1 and eg or value())
  local codes = core.phase_moves(eg)
  pcall(core.phase_apply, eg, rng:int(2) == 1 and eg:next_player() or value(),
        rng:int(2) == 1 and codes[rng:int(math.max(#codes, 1))] or value())
  local ph = dh.phase.turned_card_trump(rng:int(2) == 1 and { stick_the_dealer = rng:int(2) == 1 } or nil)
  pcall(ph.text, ph, rng:int(2) == 1 and rng:int(-2, 300) or value())
  pcall(ph.public, ph, value())
  pcall(ph.step_name, ph, value())
  local spec = { seats = 4, sides = { 1, 2, 1, 2 }, deck = "euchre24", sizes = { 5 }, trump = "show_top",
                 phases = ph, hand = dh.rule.follow_suit, play = dh.rule.highest_of_led,
                 points = dh.rule.makers(), win = dh.rule.first_to(10), max_hands = 2 }
  spec[({ "seats", "sides", "sizes", "trump", "opener", "deck", "phases" })[rng:int(7)]] = value()
  local vok, pv = pcall(dh.variant, spec)
  if vok then pcall(function() dh.game(pv, { seed = rng:int(1000) }):playout(dh.rng(1)) end) end
  watch("the long calls, round " .. round .. ": the auction and its variants")
  -- Bridge's auction prefab and duplicate score: codes, contracts and variants, legal or hostile
  local au = dh.phase.auction(rng:int(2) == 1 and {} or nil)
  pcall(au.text, au, rng:int(2) == 1 and rng:int(-2, 40) or value())
  pcall(dh.rule.duplicate, rng:int(2) == 1 and value() or nil)
  pcall(dh.rule.duplicate_score, rng:int(2) == 1 and value() or
        { level = rng:int(0, 8), strain = rng:pick { "C", "nt", "N", "NTX" }, doubled = rng:int(-1, 3),
          vulnerable = rng:int(2) == 1, tricks = rng:int(-1, 14) })
  local bspec = { seats = 4, sides = { 1, 2, 1, 2 }, deck = "french52", sizes = { 13 }, opener = "dealer",
                  phases = au, hand = dh.rule.follow_suit, play = dh.rule.highest_of_led,
                  points = dh.rule.duplicate(), win = dh.rule.highest_after(1), max_hands = 1 }
  bspec[({ "seats", "sides", "sizes", "trump", "opener", "phases", "points" })[rng:int(7)]] = value()
  vok, pv = pcall(dh.variant, bspec)
  if vok then pcall(function() dh.game(pv, { seed = rng:int(1000) }):playout(dh.rng(1)) end) end
  watch("the long calls, round " .. round .. ": Skat's prefabs and variants")
  -- Skat's prefabs (its bidding in C, its game value): texts of any code,
  -- hostile options, its rules with a hostile field
  local sph = dh.phase.skat_bidding()
  pcall(sph.text, sph, rng:int(2) == 1 and rng:int(-2, 4300) or value())
  pcall(dh.phase.skat_bidding, value())
  pcall(dh.rule.skat_value, value())
  local sspec = skat_def.build { deals = 2 }
  sspec[({ "seats", "sizes", "trump", "opener", "deck", "trump_tables", "phases", "points" })[rng:int(8)]] = value()
  local sok, sv = pcall(dh.variant, { name = "skat_fuzz", build = function() return sspec end })
  if sok then pcall(function() dh.game(sv, { seed = rng:int(1000) }):playout(dh.rng(1)) end) end
  pcall(eg.playout, eg, dh.rng(rng:int(100)))
  watch("the long calls, round " .. round .. ": Blackjack and Gin")
  -- Blackjack's C loop, a few rounds under hostile rules (a strategy table
  -- of the right shape, or junk); Gin's C playout from a real position, mutated
  local bjr = {}
  for k, x in pairs(bj_rules) do bjr[k] = x end
  bjr[({ "decks", "penetration", "split_hands", "double", "surrender", "resplit_aces" })[rng:int(6)]] = value()
  local sok, sim = pcall(dh.blackjack.sim, bjr, rng:int(2) == 1 and bj_strategy or value(), value())
  if sok then pcall(sim.run, sim, rng:int(0, 50)) end
  pcall(dh.blackjack.round, bjr, bj_strategy, value())
  local gg = dh.game(dh.variant("gin"), { seed = rng:int(1000) })
  for _ = 1, rng:int(0, 30) do
    if gg:next_player() then gg:apply(gg:next_player(), rng:pick(gg:moves())) end
  end
  if gg:next_player() then
    local at, gv = gg:locations(), gg:view(gg:next_player())
    local position = { hands = { at["hand 1"], at["hand 2"] }, known = gv:get("known"), pile = gv:get("pile"),
                       stock = at.stock:list(), turn = gg:next_player(), phase = gg:phase(),
                       refused = gv:get("refused"), taken = gv:get("taken") }
    local keys = { "hands", "known", "pile", "stock", "turn", "phase", "refused", "taken" }
    if rng:int(2) == 1 then position[keys[rng:int(#keys)]] = value() end
    if type(position.stock) == "table" and getmetatable(position.stock) == nil and rng:int(3) == 1 then position.stock[#position.stock + 1] = pool[rng:int(#pool)] end
    pcall(dh.gin.playout, position, { knock = value(), late = value(), big_gin = value() },
          rng:int(2) == 1 and dh.rng(rng:int(100)) or nil, rng:int(2) == 1 and rng:pick(gg:moves()) or value())
  end
  calls = calls + 15
end
print(("lua_fuzz: %d calls in %.0f s, no crash"):format(calls, os.clock() - start))
print("1 passed, 0 failed")
