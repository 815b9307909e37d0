-- bench/trick.lua -- Spades deals per second driven from Lua.
--   1. a Lua random strategy picks every bid and card (C does the rest)
--   2. the whole deal in one C call (game:playout), for comparison
--   3. and 4. the C playout with one rule replaced by a Lua function
-- Prints the median of several runs beside the references of
-- ../shared/PERF-ANCHORS.md.  Run with `make bench` (or with the paths of
-- `make -s env`).
--   lua5.4 bench/trick.lua protocol|reference [deals]
-- runs only that loop of 1a' (2,000 deals), for counting tools:
--   valgrind --tool=callgrind lua5.4 bench/trick.lua protocol 2000
-- and `lua5.4 bench/trick.lua rounds` only the interleaved rounds of 1a'.
local dh = require "deckhand"
local R = dh.rule

local clock = os.clock
local RUNS = 5
local only, only_deals = arg and arg[1], tonumber(arg and arg[2]) or 2000

local function median(t)
  table.sort(t)
  return t[(#t + 1) // 2]
end

local function measure(name, deals, reference, body)
  local rates = {}
  for run = 1, RUNS do
    local t0 = clock()
    body(deals, run)
    rates[run] = deals / (clock() - t0)
  end
  print(("%-52s %8.1f k deals/s   (%s)"):format(name, median(rates) / 1e3, reference))
end

local spades = dh.variant("spades", { max_hands = 1 })

-- the cost of one Lua call into C on this machine right now, to scale the
-- figures below (PERF-ANCHORS.md measured about 14 ns)
if not only then
  local n, mtype = 3000000, math.type
  local t0 = clock()
  for i = 1, n do mtype(i) end
  print(("%-52s %8.1f ns        (anchor: ~14 ns)"):format("a Lua call into C (math.type, loop included)",
                                                         (clock() - t0) / n * 1e9))
end

-- 0. the yardstick: a plain Spades engine (bench/ref/ref_trick.c, no
-- deckhand code) driven from Lua in the same shape as the loops below;
-- PERF-ANCHORS.md measured such an engine at about 100 k deals/s
local ref do
  local build = os.getenv("DECKHAND_BUILD") or "build/release"
  package.cpath = build .. "/bench/lua/?.so;" .. package.cpath
  local ok, mod = pcall(require, "ref_trick")
  if ok then ref = mod else print("(no reference engine: " .. tostring(mod):match("[^\n]*") .. ")") end
end
local function ref_loop(n, run)
  local rng = ref.rng(run)
  for i = 1, n do
    local g = ref.deal(i)
    local seat = g:turn()
    for _ = 1, 4 do
      local bids = g:legal()
      g:bid(seat, bids[rng:pick(0x3FFF) + 1])
      seat = g:turn()
    end
    while seat do
      g:play(seat, rng:pick(g:legal()))
      seat = g:turn()
    end
  end
end

-- 1. Lua picks each card: next_player, legal, a random pick, play
if not only then
  measure("spades, Lua random strategy picks each card", 20000,
          "reference: ~100 k/s; goal >= 100 k/s", function(n, run)
    local rng = dh.rng(run)
    for i = 1, n do
      local g = dh.game(spades, { seed = i })
      for _ = 1, 4 do
        local seat = g:next_player()
        local bids = g:legal()
        g:bid(seat, bids[rng:int(#bids)])
      end
      for _ = 1, 52 do
        local seat = g:next_player()
        g:play(seat, rng:pick(g:legal()))
      end
    end
  end)
end

-- 1a. the same through the game protocol: moves and apply, whatever the phase
local function protocol_loop(n, run)
  local rng = dh.rng(run)
  for i = 1, n do
    local g = dh.game(spades, { seed = i })
    local seat = g:next_player()
    while seat do
      g:apply(seat, rng:pick(g:moves()))
      seat = g:next_player()
    end
  end
end
if only and only ~= "rounds" then   -- one loop alone, for counting tools
  local loops = { protocol = protocol_loop, reference = ref and ref_loop }
  assert(loops[only], "protocol, reference (with the reference engine built) or rounds expected")
  loops[only](only_deals, 1)
  return
end
if not only then
  measure("spades, Lua random strategy through moves/apply", 20000, "goal >= 100 k/s", protocol_loop)
end

-- 1a'. the protocol loop and the yardstick in interleaved rounds: their
-- ratio per round, since this machine's speed drifts between rows
if ref then
  local ratios, refs = {}, {}
  for run = 1, 2 * RUNS + 1 do
    local t0 = clock()
    ref_loop(20000, run)
    local t1 = clock()
    protocol_loop(20000, run)
    local t2 = clock()
    refs[run] = 20000 / (t1 - t0)
    ratios[run] = (t1 - t0) / (t2 - t1)
  end
  table.sort(ratios)
  print(("%-52s %8.1f k deals/s   (PERF-ANCHORS: ~100 k/s)"):format(
        "reference: plain C Spades engine picked from Lua", median(refs) / 1e3))
  print(("%-52s %8.2f (%.2f..%.2f) (goal >= 1.00)"):format("moves/apply beside the reference, per round",
        ratios[(#ratios + 1) // 2], ratios[1], ratios[#ratios]))
end
if only then return end

-- 1b. the same through deckhand.play: each decision gets its seat's view
do
  local rng = dh.rng(1)
  local bot = {
    bid = function(view) local l = view:legal(); return l[rng:int(#l)] end,
    play = function(view) return rng:pick(view:legal()) end,
  }
  local bots = { bot, bot, bot, bot }
  measure("spades, deckhand.play, random bots on views", 5000,
          "a view per decision", function(n)
    for i = 1, n do dh.play(spades, bots, { seed = i }) end
  end)
end

-- 2. one C call per deal
measure("spades, game:playout (one C call per deal)", 100000,
        "reference bulk call: 1.07-1.11 M/s", function(n, run)
  local rng = dh.rng(run)
  for i = 1, n do dh.game(spades, { seed = i }):playout(rng) end
end)

-- 2b. the bulk call of Monte Carlo strategies: playouts from one position
do
  local g = dh.game(spades, { seed = 1 })
  for _ = 1, 4 do g:bid(g:next_player(), 3) end
  measure("spades, game:playouts(rng, n) from a dealt position", 200000,
          "reference bulk call playouts(state, n): 1.07-1.11 M/s", function(n, run)
    g:playouts(dh.rng(run), n)
  end)
end

-- 3. the play rule (trump wins, else highest of the led suit) in Lua: 13 calls a deal
local lua_play = function(state, trick)
  local best, top = 1, -1
  local trump, led = state:trump(), trick.led
  for i, c in ipairs(trick) do
    local score = (c.suit == trump and 100 or c.suit == led and 0 or -1000) + c.rank
    if score > top then best, top = i, score end
  end
  return best
end
local with_play = dh.variant({
  name = "spades-lua-play", seats = 4, sides = { 1, 2, 1, 2 }, sizes = { 13 }, trump = "s",
  bidding = true, hand = spades.spec.hand, play = lua_play, points = spades.spec.points,
  win = spades.spec.win, bid = spades.spec.bid, max_hands = 1,
})
measure("spades playout, play rule a Lua function", 20000,
        "13 Lua calls a deal", function(n, run)
  local rng = dh.rng(run)
  for i = 1, n do dh.game(with_play, { seed = i }):playout(rng) end
end)

-- 4. the hand rule as a Lua function: asked for every card in hand
local lua_hand = function(state, seat, card)
  local led = state:led()
  if not led then return true end
  return card.suit == led or #state:hand(seat):suit(led) == 0
end
local with_hand = dh.variant({
  name = "spades-lua-hand", seats = 4, sides = { 1, 2, 1, 2 }, sizes = { 13 }, trump = "s",
  bidding = true, hand = lua_hand & R.break_suit("s"), play = spades.spec.play,
  points = spades.spec.points, win = spades.spec.win, bid = spades.spec.bid, max_hands = 1,
})
measure("spades playout, hand rule a Lua function", 5000,
        "one Lua call per card in hand", function(n, run)
  local rng = dh.rng(run)
  for i = 1, n do dh.game(with_hand, { seed = i }):playout(rng) end
end)
