-- demo.lua: the main job, for now.  Shuffles with a seed, deals four
-- Spades hands and prints them as players hold them; then, when the poker
-- evaluator is built in, names the best hand in seven random cards.
--   lua5.4 examples/demo.lua [seed]      (make demo)
local dh = require "deckhand"

local seed = math.tointeger(tonumber(arg and arg[1] or "")) or 2026
local rng = dh.rng(seed)
local deck = dh.deck("french52"):shuffle(rng)
local hands = deck:deal(4, 13, { dealer = 4 })

print(("Spades deal, seed %d (seat 1 is left of the dealer, seat 4)"):format(seed))
for seat, hand in ipairs(hands) do
  local spades = #hand:suit("s")
  print(("  seat %d  %s   (%d spade%s)"):format(seat, hand:display(), spades, spades == 1 and "" or "s"))
end

if dh.poker and dh.poker.eval then
  local seven = dh.cards(dh.deck("french52"):shuffle(rng):draw(7))
  local value = dh.poker.eval(seven)
  print(("\nSeven random cards: %s -> %s"):format(seven:display(), dh.poker.describe(value)))
end
