-- Whist: four players, partners sitting opposite (seats 1 & 3 against
-- 2 & 4), a 52-card deck ranking A K Q J 10 9 8 7 6 5 4 3 2.
--
-- The dealer deals all the cards, thirteen each, one at a time from the
-- left; the last card, the dealer's own, is turned face up and its suit is
-- trumps for the hand.  Everyone sees it; the dealer keeps it and takes it
-- into hand when playing to the first trick (here: it is one of the
-- dealer's cards, known to all until played).  The player on the dealer's
-- left leads to the first trick.  Players must follow suit if they can;
-- otherwise they may play any card.  The highest trump wins the trick, or
-- if none was played the highest card of the suit led; the winner leads
-- the next trick.  The deal passes to the left.
--
-- Scoring: a side scores one point for each trick it takes beyond six
-- (its "odd tricks").  Game is 5 points (short whist; `target = 7` for
-- American whist).  With `honours = true` (English whist) a side that held
-- all four of the ace, king, queen and jack of trumps between its two
-- hands scores 4 more, three of the four 2 more, whoever took the tricks
-- (the old rule that honours cannot score a side's last points to game
-- is not modelled).  The first side to reach the target after a hand wins;
-- sides level at or above it play on.
local dh = require "deckhand"
local R = dh.rule

return {
  name = "whist",
  options = {
    target = 5,          -- points to win: short whist (American whist: 7)
    honours = false,     -- count the honours of trumps (English whist)
    max_hands = 200,     -- every match ends
  },
  build = function(o)
    return {
      seats = 4,
      sides = { 1, 2, 1, 2 },
      deck = "french52",
      sizes = { 13 },
      trump = "dealer",
      hand = R.follow_suit,
      play = R.trump_wins | R.highest_of_led,
      points = R.odd_tricks { honours = o.honours },   -- in C: no Lua call a hand
      win = R.first_to(o.target),
      max_hands = o.max_hands,
    }
  end,
}
