-- Time per pimc decision in Spades card play (all four seats pimc, bids 3),
-- then per Monte Carlo bid (Spades, and Oh Hell with 13 cards), then per
-- card in Hearts (pimc against three heuristic, hearts_worlds worlds).
--   lua5.4 bench/pimc_time.lua [worlds] [playouts] [deals] [policy] [bid_worlds] [hearts_worlds]
local dh = require "deckhand"
local worlds, playouts = tonumber(arg[1]) or 40, tonumber(arg[2]) or 1000
local deals = tonumber(arg[3]) or 20
local policy = arg[4] or "greedy"
local bid_worlds = tonumber(arg[5]) or 100
local hearts_worlds = tonumber(arg[6]) or 500
local v = dh.variant("spades", { max_hands = 1 })
local bot = dh.strategy("pimc", { variant = v, worlds = worlds, playouts = playouts, objective = "tricks",
                                 policy = policy })
local times, first = {}, {}
for d = 1, deals do
  local g = dh.game(v, { seed = d })
  while g:next_player() do
    local s = g:next_player()
    if g:phase() == "bid" then g:bid(s, 3)
    else
      local view = g:view(s)
      local t0 = os.clock()
      local c = bot.play(view)
      local dt = os.clock() - t0
      times[#times + 1] = dt
      if g:trick_number() == 1 then first[#first + 1] = dt end
      assert(g:play(s, c))
    end
  end
end
local function stats(xs)
  table.sort(xs)
  local sum = 0
  for _, x in ipairs(xs) do sum = sum + x end
  return sum / #xs * 1e3, xs[(#xs + 1) // 2] * 1e3, xs[#xs] * 1e3
end
print(("pimc %s worlds=%d playouts=%d: %d decisions, mean %.2f ms, median %.2f ms, max %.2f ms"):format(
  policy, worlds, playouts, #times, stats(times)))
print(("  first trick: mean %.2f ms, median %.2f ms, max %.2f ms"):format(stats(first)))

-- bids: every seat bids with pimc (Monte Carlo), the cards are not played
for _, case in ipairs { { "spades", { max_hands = 1 } }, { "ohhell", { descending = true } } } do
  local bv = dh.variant(case[1], case[2])
  local bidder = dh.strategy("pimc", { variant = bv, bid_worlds = bid_worlds })
  local bt = {}
  for d = 1, deals do
    local g = dh.game(bv, { seed = d })
    while g:phase() == "bid" do
      local s = g:next_player()
      local t0 = os.clock()
      local b = bidder.bid(g:view(s))
      bt[#bt + 1] = os.clock() - t0
      assert(g:bid(s, b))
    end
  end
  print(("pimc bid %s bid_worlds=%d: %d bids, mean %.2f ms, median %.2f ms, max %.2f ms"):format(
    case[1], bid_worlds, #bt, stats(bt)))
end

-- Hearts: seat 1 pimc, the others heuristic, one hand a deal, passing left
do
  local hv = dh.variant("hearts", { max_hands = 1 })
  local bots = { dh.strategy("pimc", { variant = hv, worlds = hearts_worlds }) }
  for s = 2, 4 do bots[s] = dh.strategy("heuristic", { variant = hv, seed = s }) end
  local ht = {}
  for d = 1, deals do
    local g = dh.game(hv, { seed = d })
    while g:next_player() do
      local s, phase = g:next_player(), g:phase()
      local view = g:view(s)
      local t0 = os.clock()
      local move = (s == 1 and phase == "play") and bots[1].play(view) or bots[s][phase](view)
      if s == 1 and phase == "play" then ht[#ht + 1] = os.clock() - t0 end
      assert(g:apply(s, move))
    end
  end
  print(("pimc hearts worlds=%d: %d decisions, mean %.2f ms, median %.2f ms, max %.2f ms"):format(
    hearts_worlds, #ht, stats(ht)))
end

-- the bulk primitives alone, at trick one: the second seat's view after the
-- lead, one world sampled from it, then 300 random playouts (one
-- game:playouts call) after each legal card.  Reference
-- (PERF-ANCHORS.md, issue #5): 1 ms of C per decision gives 300 playouts
-- per legal card at trick one.
do
  local v1 = dh.variant("spades", { max_hands = 1 })
  local rng, per, runs = dh.rng(7), 300, 0
  local ms, cards = {}, 0
  for d = 1, deals * 10 do
    local g = dh.game(v1, { seed = 1000 + d })
    for _ = 1, 4 do assert(g:bid(g:next_player(), 3)) end
    assert(g:play(g:next_player(), rng:pick(g:legal())))
    local me = g:next_player()
    local view = g:view(me)
    local legal = view:legal():list()
    local t0 = os.clock()
    local world = view:sample(rng)
    for _, c in ipairs(legal) do
      local w = world:clone()
      assert(w:play(me, c))
      w:playouts(rng, per, "random")
    end
    local dt = os.clock() - t0
    ms[#ms + 1] = dt / #legal   -- seconds per legal card (stats gives ms)
    cards, runs = cards + #legal, runs + 1
  end
  local mean = stats(ms)
  print(("bulk calls at trick one (%d decisions, %.1f legal cards each): a world sampled and %d random playouts per legal card take %.3f ms per card; 1 ms per decision gives %.0f playouts per legal card (reference: 300)"):format(
    runs, cards / runs, per, mean, per / (mean * cards / runs)))
end
