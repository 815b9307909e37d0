-- bench/phases.lua -- deals per second of a variant with scripted phases
-- beside Spades (bids and tricks all in C), all as game:playout(rng) on a
-- new game per deal.  Euchre: making trump and the dealer's discard are
-- the prefab phase dh.phase.turned_card_trump, all in C; beside it the
-- same game with those phases as the Lua scripts they replaced
-- (tests/lua/euchre_phases_helper.lua).  Bridge: the auction the prefab
-- phase dh.phase.auction, the tricks in C with declarer playing the
-- dummy, the duplicate score the prefab dh.rule.duplicate, all in C;
-- beside it the same game with the Lua auction script and points rule
-- they replaced (tests/lua/bridge_phases_helper.lua).  Skat: the bidding,
-- the skat and the game named are the prefab phase dh.phase.skat_bidding,
-- the game's value the points prefab R.skat_value, all in C; beside it the
-- same game with the Lua phases and points rule they replaced
-- (tests/lua/skat_phases_helper.lua).  Pinochle: the auction, trumps and
-- melds in Lua, the tricks in C under must_beat, the score a Lua points
-- rule.
--
-- The runs are interleaved, one of each variant per round, so that a
-- change in the machine's load falls on all of them alike; each variant's
-- median of 5 rounds and range, and each ratio to Spades as the median
-- (and range) of the rounds' ratios.  Run with `make bench`.
local dh = require "deckhand"

local ROUNDS = 5
local root = os.getenv("DECKHAND_ROOT") or "."

-- name, variant, deals a run (about half a second each), its name in the
-- ratios, what the ratio's line adds
local benches = {
  { "Spades, game:playout (all in C)", dh.variant("spades", { max_hands = 1 }), 100000, "Spades" },
  { "Euchre, game:playout (phases a C prefab)", dh.variant("euchre", { max_hands = 1 }), 200000,
    "Euchre", "a Euchre deal is 20 cards, a Spades deal 52" },
  { "Euchre, game:playout (the same phases in Lua)",
    dh.variant(dofile(root .. "/tests/lua/euchre_phases_helper.lua"), { max_hands = 1 }), 20000,
    "Euchre with Lua phases" },
  { "Bridge, game:playout (auction, score C prefabs)", dh.variant("bridge", { boards = 1 }), 100000, "Bridge",
    "both 52 cards" },
  { "Bridge, game:playout (the same auction in Lua)",
    dh.variant(dofile(root .. "/tests/lua/bridge_phases_helper.lua"), { boards = 1 }), 10000,
    "Bridge with Lua phases" },
  { "Skat, game:playout (phases, value C prefabs)", dh.variant("skat", { deals = 1 }), 200000, "Skat",
    "a Skat deal is 32 cards" },
  { "Skat, game:playout (the same in Lua)",
    dh.variant(dofile(root .. "/tests/lua/skat_phases_helper.lua"), { deals = 1 }), 5000,
    "Skat with Lua phases and points" },
  { "Pinochle, game:playout (auction, melds in Lua)", dh.variant("pinochle", { max_hands = 1 }), 5000,
    "Pinochle", "48 cards, 52" },
}

local function rate(variant, deals, run)
  local rng = dh.rng(run)
  local t0 = os.clock()
  for seed = 1, deals do dh.game(variant, { seed = seed }):playout(rng) end
  return deals / (os.clock() - t0)
end

local rates, ratios = {}, {}
for i = 1, #benches do rates[i], ratios[i] = {}, {} end
for run = 1, ROUNDS do
  for i, b in ipairs(benches) do rates[i][run] = rate(b[2], b[3], run) end
  for i = 1, #benches do ratios[i][run] = rates[i][run] / rates[1][run] end
end

local function median(list)
  table.sort(list)
  return list[(#list + 1) // 2], list[1], list[#list]
end
for i, b in ipairs(benches) do
  local m, lo, hi = median(rates[i])
  print(("%-46s %7.1f k deals/s  (%.1f-%.1f)"):format(b[1], m / 1e3, lo / 1e3, hi / 1e3))
end
for i = 2, #benches do
  local m, lo, hi = median(ratios[i])
  print(("%s / Spades: %.2f (%.2f-%.2f)%s"):format(benches[i][4], m, lo, hi,
        benches[i][5] and (" (" .. benches[i][5] .. ")") or ""))
end
do  -- the prefab against the Lua phases it replaced, round by round
  local r = {}
  for run = 1, ROUNDS do r[run] = rates[2][run] / rates[3][run] end
  local m, lo, hi = median(r)
  print(("Euchre, prefab / Lua phases: %.1f (%.1f-%.1f)"):format(m, lo, hi))
end
local function at(name)
  for i, b in ipairs(benches) do if b[4] == name then return i end end
end
do  -- Bridge's prefabs against the Lua auction and score they replaced
  local c, l, r = at("Bridge"), at("Bridge with Lua phases"), {}
  for run = 1, ROUNDS do r[run] = rates[c][run] / rates[l][run] end
  local m, lo, hi = median(r)
  print(("Bridge, prefabs / Lua phases: %.1f (%.1f-%.1f)"):format(m, lo, hi))
end
do  -- Skat's prefabs against the Lua phases and points they replaced
  local p, l, r = at("Skat"), at("Skat with Lua phases and points"), {}
  for run = 1, ROUNDS do r[run] = rates[p][run] / rates[l][run] end
  local m, lo, hi = median(r)
  print(("Skat, prefabs / Lua phases and points: %.1f (%.1f-%.1f)"):format(m, lo, hi))
end
