-- Oh Hell: 3 to 7 players, each for himself.
--
-- The hand size climbs from 1 card to the most the deck allows and falls
-- back to 1, one hand each.  After the deal the next card is turned up:
-- its suit is trumps (no trumps when no card is left).  Each player bids
-- the number of tricks he will take, from the dealer's left; the dealer
-- (the "hook") may not make the bids total the number of tricks.  Players
-- follow suit when able; trump wins, else the highest of the led suit.  An
-- exact bid scores 10 + the bid, anything else 0 (options: base, per_bid,
-- miss per trick off; and the common house rule "a point a trick, 10 more
-- for an exact bid": per_trick = 1, per_bid = 0).  Highest total after the
-- last hand wins.
local dh = require "deckhand"
local R = dh.rule

return {
  name = "ohhell",
  options = {
    players = 4,
    max_size = false,   -- the largest hand; default: 52 // players
    base = 10,          -- an exact bid scores base + per_bid * bid
    per_bid = 1,
    miss = 0,           -- points per trick off when not exact (e.g. -1)
    per_trick = 0,      -- points per trick taken, exact or not (1 with base 10,
                        -- per_bid 0: "a point a trick, 10 more for an exact bid")
    hook = true,        -- the dealer may not make the bids total the tricks
    descending = false, -- start at the largest hand, go down to 1 and back up
  },
  build = function(o)
    local n = o.players
    if math.type(n) ~= "integer" or n < 3 or n > 7 then error("ohhell: players must be 3 to 7", 0) end
    local top = o.max_size or 52 // n
    if top < 1 or top > 52 // n then error("ohhell: max_size must be 1 to " .. 52 // n, 0) end
    local sizes = {}
    for k = 1, top do sizes[#sizes + 1] = k end
    for k = top - 1, 1, -1 do sizes[#sizes + 1] = k end
    if o.descending then
      sizes = {}
      for k = top, 1, -1 do sizes[#sizes + 1] = k end
      for k = 2, top do sizes[#sizes + 1] = k end
    end
    local bid = R.bid_range(0, nil, true)
    if o.hook then bid = bid & R.hook end
    return {
      seats = n,
      deck = "french52",
      sizes = sizes,
      trump = "turn_top",
      bidding = true,
      hand = R.follow_suit,
      play = R.trump_wins | R.highest_of_led,
      points = o.per_trick ~= 0
               and R.exact_bid { base = o.base, per_bid = o.per_bid, miss = o.miss } + R.tricks(o.per_trick)
               or R.exact_bid { base = o.base, per_bid = o.per_bid, miss = o.miss },
      bid = bid,
      win = R.highest_after(),
      max_hands = #sizes,
    }
  end,
}
