-- bench/phases.lua -- deals per second of a variant with scripted phases
-- (Euchre: making trump and the dealer's discard in Lua phase scripts, the
-- tricks in C; Bridge: the auction in a Lua phase script, the tricks in C
-- with declarer playing the dummy, the duplicate score a Lua points rule;
-- Skat: bidding, the skat and the game named in Lua, the game's value a Lua
-- points rule; Pinochle: the auction, trumps and melds in Lua, the tricks
-- in C under must_beat, the score a Lua points rule) beside Spades (bids
-- and tricks all in C), all as
-- game:playout(rng) on a new game per deal, timed in the same run:
-- medians of 5 runs, the range, and the ratio.  Run with `make bench`.
local dh = require "deckhand"

local RUNS, DEALS = 5, 20000

local function rates(variant)
  local out = {}
  for run = 1, RUNS do
    local rng = dh.rng(run)
    local t0 = os.clock()
    for seed = 1, DEALS do dh.game(variant, { seed = seed }):playout(rng) end
    out[run] = DEALS / (os.clock() - t0)
  end
  table.sort(out)
  return out
end

local spades = rates(dh.variant("spades", { max_hands = 1 }))
local euchre = rates(dh.variant("euchre", { max_hands = 1 }))
local bridge = rates(dh.variant("bridge", { boards = 1 }))
local skat = rates(dh.variant("skat", { deals = 1 }))
local pinochle = rates(dh.variant("pinochle", { max_hands = 1 }))
local function row(name, r)
  print(("%-44s %7.1f k deals/s  (%.1f-%.1f)"):format(name, r[3] / 1e3, r[1] / 1e3, r[RUNS] / 1e3))
end
row("Spades, game:playout (all in C)", spades)
row("Euchre, game:playout (phases in Lua)", euchre)
row("Bridge, game:playout (auction in Lua)", bridge)
row("Skat, game:playout (phases in Lua)", skat)
row("Pinochle, game:playout (auction, melds in Lua)", pinochle)
print(("Euchre / Spades: %.2f (a Euchre deal is 20 cards, a Spades deal 52)"):format(euchre[3] / spades[3]))
print(("Bridge / Spades: %.2f (both 52 cards)"):format(bridge[3] / spades[3]))
print(("Skat / Spades: %.2f (a Skat deal is 32 cards)"):format(skat[3] / spades[3]))
print(("Pinochle / Spades: %.2f (48 cards, 52)"):format(pinochle[3] / spades[3]))
