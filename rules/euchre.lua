-- Euchre: four players, partners sitting opposite (seats 1 & 3 against
-- 2 & 4), the 24 cards from nine to ace of each suit.
--
-- Each player gets five cards; the next card of the pack is turned face
-- up on the other three (the kitty).  Making trump goes round at most
-- twice from the dealer's left.  First round: each player may pass or
-- order the dealer to pick up the turned card ("order up"; the dealer
-- says "pick up"), which makes its suit trumps; the dealer then takes the
-- card into hand and discards one card face down: any of the six, the
-- card picked up too, as many play (a player's account at
-- https://blog.worldofcardgames.com/2014/08/euchre-is-discarding-up-card-legal.html),
-- or with `dealer_may_discard_upcard = false` any but that card, as that
-- site plays it.  If all four pass, the
-- card is turned down and in the second round each player may pass or
-- name any other suit as trumps ("call hearts").  If all pass again the
-- hand is thrown in and the next dealer deals (with `stick_the_dealer`
-- the dealer may not pass in the second round and must name a suit).
--
-- The player who makes trump (the maker) may go alone ("order up alone",
-- "call hearts alone"): the maker's partner lays down the hand and sits
-- out.  When the dealer sits out so, the turned card is not picked up.
-- With `lone_defender`, once a maker goes alone each defender in turn from
-- the maker's left may pass or play alone against it ("defend alone"),
-- the partner then sitting out too; a lone defender who euchres the lone
-- maker scores `lone_defender_euchre` (4) for the side ("A player
-- defending against a loner can declare 'defending alone' ... If the
-- defender euchres the lone-caller, his side scores four points",
-- http://www.euchrelinks.com/variations.html).
--
-- Trumps rank: the jack of trumps (right bower), the other jack of the
-- same colour (left bower, which counts as a trump and not as its own
-- suit), then ace, king, queen, ten, nine.  The other suits rank ace, king,
-- queen, jack, ten, nine.  The player left of the dealer (or the next
-- player still in the hand) leads; players must follow suit (the suit a
-- card counts as) when able, otherwise may play any card; the highest
-- trump wins the trick, or if none the highest card of the suit led.
--
-- Scoring: the makers taking three or four tricks score 1; all five (a
-- march) score 2, or 4 for a lone hand; taking fewer than three they are
-- euchred and the defenders score 2.  The first side to 10 points wins.
--
-- Making trump and the discard are the engine's prefab phase
-- (dh.phase.turned_card_trump), played in C; its moves read "pass",
-- "order up", "pick up", "order up alone", "call hearts", "call hearts
-- alone", "discard Td" (seen by the others as "discard").
local dh = require "deckhand"
local R = dh.rule

local same_colour = { c = "s", s = "c", d = "h", h = "d" }

-- per trump suit: the left bower counts as a trump; the bowers rank above
-- the ace (the base order's strengths run 1..6)
local function trump_tables()
  local out = {}
  for _, t in ipairs { "c", "d", "h", "s" } do
    local left = "J" .. same_colour[t]
    out[t] = { suit_of = { [left] = t }, strength = { ["J" .. t] = 8, [left] = 7 } }
  end
  return out
end

return {
  name = "euchre",
  options = {
    target = 10,               -- points to win
    stick_the_dealer = false,  -- the dealer must name trumps when all others pass twice
    lone_march = 4,            -- a lone hand taking all five tricks
    dealer_may_discard_upcard = true,   -- false: the dealer keeps the card picked up
    lone_defender = false,     -- a defender may play alone against a lone maker
    lone_defender_euchre = 4,  -- a lone defender euchring the lone maker
    max_hands = 200,           -- every match ends
  },
  build = function(o)
    return {
      seats = 4,
      sides = { 1, 2, 1, 2 },
      deck = "euchre24",
      order = "A K Q J T 9",
      sizes = { 5 },
      trump = "show_top",
      trump_tables = trump_tables(),
      -- (any value but false or nil turns an option on: lone_defender = 1 is true)
      phases = dh.phase.turned_card_trump { stick_the_dealer = o.stick_the_dealer ~= false,
                                            keep_upcard = o.dealer_may_discard_upcard == false or nil,
                                            lone_defender = o.lone_defender or nil },
      hand = R.follow_suit,
      play = R.trump_wins | R.highest_of_led,
      points = R.makers { need = 3, made = 1, march = 2, alone_march = o.lone_march, euchred = 2,
                          alone_euchred = o.lone_defender and o.lone_defender_euchre or 0 },
      win = R.first_to(o.target),
      max_hands = o.max_hands,
    }
  end,
}
