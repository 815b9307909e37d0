-- heuristic.hearts: the heuristic's Hearts (rules/hearts.lua).
--   pass   the dangerous cards: the queen of spades and above without
--          four low spades to guard them, high hearts, short clubs and
--          diamonds (as many as the view's pass_count says)
--   play   leads low from its shortest suit outside hearts; follows with
--          the highest card that ducks under the trick, else takes a clean
--          last trick with its highest card (never the queen), else plays
--          low; void, sheds the queen of spades, then high spades and
--          hearts, then its highest card
-- Who takes the trick comes from the view.  Options: variant, seed.
local dh = require "deckhand"

local M = {}

-- what taking the card costs (rules/hearts.lua's card points)
local function points(c)
  if c.suit == "h" then return 1 end
  if c.suit == "s" and c.rank == 12 then return 13 end
  return 0
end

local function pass(view, T)
  local me = view:seat()
  local by = T.suits(view:hand(me))
  local low_spades = 0
  for _, c in ipairs(by.s) do if c.rank < 12 then low_spades = low_spades + 1 end end
  local function danger(c)
    local d = c.rank
    if c.suit == "s" and c.rank >= 12 and low_spades < 4 then d = d + 30 end
    if c.suit == "h" then d = d + 4 end
    if (c.suit == "c" or c.suit == "d") and #by[c.suit] <= 2 then d = d + 6 end
    return -d
  end
  local hand = T.sort(view:hand(me):list(), danger)
  local out = {}
  for i = 1, view:pass_count() do out[i] = hand[i] end
  return out
end

local function play(view, T)
  local legal = view:legal():list()
  local cards = view:trick()
  local me = view:seat()
  if #cards == 0 then
    -- lead low, from the shortest suit outside hearts; spades below the queen are safe
    local by = T.suits(view:hand(me))
    return T.sort(legal, function(c)
      local k = c.rank + #by[c.suit]
      if c.suit == "h" then k = k + 20 end
      if c.suit == "s" and c.rank >= 12 then k = k + 40 end
      return k
    end)[1]
  end
  if legal[1].suit == cards[1].suit then   -- following
    local over, under = T.winners(view, legal)
    if #under > 0 then return T.sort(under, function(c) return -c.rank end)[1] end
    local pts = 0
    for _, c in ipairs(cards) do pts = pts + points(c) end
    if #cards == view:seats() - 1 and pts == 0 then
      -- last and clean: take it with the highest, but never with the queen
      return T.sort(over, function(c) return -c.rank + points(c) * 100 end)[1]
    end
    return T.sort(over, function(c) return c.rank + points(c) * 100 end)[1]
  end
  -- void: shed the queen, then high spades, high hearts, then the highest card
  return T.sort(legal, function(c)
    local k = -c.rank
    if c.suit == "s" and c.rank == 12 then k = k - 1000 end
    if c.suit == "s" and c.rank > 12 then k = k - 500 end
    if c.suit == "h" then k = k - 100 end
    return k
  end)[1]
end

function M.new(options)
  local T = dh.strategy("heuristic.trick", options)
  return {
    name = "heuristic.hearts", bid = T.bid,
    pass = function(view) return pass(view, T) end,
    play = function(view) return play(view, T) end,
  }
end

return M
