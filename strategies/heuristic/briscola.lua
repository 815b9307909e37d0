-- heuristic.briscola: the heuristic's Briscola (rules/briscola.lua):
-- greedy with trump economy.  It leads (or throws) the card that costs
-- least to lose, points and trumps counting against it; loads a point
-- card outside trumps on a trick its partner holds; takes in suit
-- whenever it can; trumps a trick worth 10 points, or 3 when its cheapest
-- card is dear, or any points once the talon is empty.  Who takes the
-- trick and the cards' ranks in Briscola's order come from the view.
-- With the exchange option it swaps the lowest trump for the turned card
-- whenever it may.
-- Options: variant, seed.
local dh = require "deckhand"

local M = {}

-- the card points of rules/briscola.lua
local card_points = { [14] = 11, [3] = 10, [13] = 4, [12] = 3, [11] = 2 }
local function value(c) return card_points[c.rank] or 0 end

local function play(view, T)
  local legal = view:legal():list()
  local trump = T.trump(view)
  local cards = view:trick()
  local _, rank = T.strengths(view)
  local function cost(c)  -- what throwing c away costs
    return value(c) * 10 + (c.suit == trump and 60 + rank(c) or rank(c))
  end
  if #cards == 0 then return T.sort(legal, cost)[1] end
  local who, best = view:winning()
  if view:side(who) == view:side(view:seat()) then
    -- the partner holds it: load a point card that is not a trump
    return T.sort(legal, function(c)
      return (c.suit == trump and 1000 or 0) - value(c) * 10 + rank(c)
    end)[1]
  end
  local on_table = 0
  for _, c in ipairs(cards) do on_table = on_table + value(c) end
  local same, trumps = {}, {}
  for _, c in ipairs((T.winners(view, legal))) do
    if c.suit == best.suit then same[#same + 1] = c else trumps[#trumps + 1] = c end
  end
  -- win in suit whenever possible (gains the card's points too)
  if #same > 0 then
    local c = T.sort(same, function(x) return -value(x) * 10 + rank(x) end)[1]
    if on_table > 0 or value(c) > 0 or best.suit ~= trump then return c end
  end
  local cheap = T.sort(legal, cost)[1]
  if #trumps > 0 and (on_table >= 10 or on_table >= 3 and cost(cheap) >= 20
                      -- late in the game (talon empty), every point counts
                      or view:talon_count() == 0 and on_table > 0) then
    return T.sort(trumps, cost)[1]
  end
  return cheap
end

function M.new(options)
  local T = dh.strategy("heuristic.trick", options)
  return { name = "heuristic.briscola", bid = T.bid, pass = T.pass,
           -- the trump exchange (the exchange option) whenever it is allowed
           play = function(view)
             if view:can_exchange() then return "exchange" end
             return play(view, T)
           end }
end

return M
