-- heuristic.omaha: the heuristic's Omaha (rules/omaha.lua) is Hold'em's
-- (heuristic/holdem.lua), which reads the game from the view: four hole
-- cards are scored by its omaha_score before the flop and by Omaha equity
-- after it.
local dh = require "deckhand"

return {
  new = function(options)
    local s = dh.strategy("heuristic.holdem", options)
    s.name = "heuristic.omaha"
    return s
  end,
}
