-- heuristic.pinochle: the heuristic's Pinochle (rules/pinochle.lua).
--
-- It values its hand for each suit as trumps: the melds it would show
-- (the rules' own meld table, variant.spec.helpers.meld) plus the tricks it expects,
-- counted as a point for each ace and 0.7 for each trump beyond the
-- third, plus a partner's usual share (5 points of melds and points).  It
-- bids while the bid it would have to make stays within that value and
-- passes above it; the winner names the suit of its best value.  Card
-- play is the generic trick player's (heuristic/trick.lua).
-- Options: variant, seed.
local dh = require "deckhand"

local M = {}

local SUITS = { "c", "d", "h", "s" }
local PARTNER_SHARE = 5

function M.new(options)
  local variant = options.variant
  if type(variant) == "string" then variant = dh.variant(variant) end
  local meld = (variant or dh.variant("pinochle")).spec.helpers.meld   -- the rules' own table
  local play = dh.strategy("heuristic.trick", options)

  -- the hand's value with suit as trumps
  local function value(cards, suit)
    local v = meld(cards, suit)
    local trumps, aces = 0, 0
    for _, c in ipairs(cards) do
      if c.suit == suit then trumps = trumps + 1 end
      if c.rank == 14 then aces = aces + 1 end
    end
    return v + aces + 0.7 * math.max(0, trumps - 3) + PARTNER_SHARE
  end

  local function best_suit(cards)
    local best, best_v
    for _, s in ipairs(SUITS) do
      local v = value(cards, s)
      if not best or v > best_v then best, best_v = s, v end
    end
    return best, best_v
  end

  local s = { name = "heuristic.pinochle", play = play.play, phases = {} }
  function s.phases.auction(view)
    local moves = view:moves()
    local _, worth = best_suit(view:hand(view:seat()):list())
    local first_bid
    for _, m in ipairs(moves) do
      local n = tonumber(tostring(m):match("^bid (%d+)$"))
      if n then first_bid = first_bid or { m, n } end
    end
    if first_bid and (first_bid[2] <= worth or tostring(moves[1]) ~= "pass") then return first_bid[1] end
    return moves[1]
  end
  function s.phases.trump(view)
    local suit = best_suit(view:hand(view:seat()):list())
    for _, m in ipairs(view:moves()) do
      if tostring(m) == "trump " .. suit then return m end
    end
    return view:moves()[1]
  end
  -- a phase it does not know: the first move listed
  s.script = function(view) return view:moves()[1] end
  return s
end

return M
