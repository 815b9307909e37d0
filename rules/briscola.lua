-- Briscola: 40 Italian cards (A 2-7 J Q K), 2, 3 or 4 players (4: partners
-- 1 & 3 against 2 & 4; 3: one 2 is removed).
--
-- Deal 3 cards each and turn the next card up: its suit is trumps, and it
-- goes under the talon to be drawn last.  Any card may be played.  Trump
-- wins, else the highest card of the suit led, in the order
-- A 3 K Q J 7 6 5 4 2.  The winner of a trick draws first, then the others
-- in turn, and leads the next trick.  Card points: A 11, 3 10, K 4, Q 3,
-- J 2 (120 in all): more than 60 wins, 60-60 is a draw.
--
-- The exchange (option exchange = true), a common house rule: the player
-- who holds the lowest trump (the 2; the 4 when the three-handed game has
-- removed the 2 of clubs and clubs are trumps) may, on its turn to play
-- and before playing, swap it for the trump card turned under the talon,
-- once the hand, while the talon still holds a card above the turned one
-- (before its last card is drawn, as the Spanish Brisca has it).  With
-- exchange_first_trick only during the first trick, as several Briscola
-- rule pages put it ("only at the beginning of the game or first hand").
-- The move reads "exchange"; the lowest trump then lies face up under the
-- talon and is drawn last.  (Brisca also asks that the exchanger has won
-- a trick, and trades the 7 for a high turned card: not offered.)
local dh = require "deckhand"
local R = dh.rule

return {
  name = "briscola",
  options = {
    players = 2,
    exchange = false,   -- the lowest trump may be swapped for the turned card
    exchange_first_trick = false,  -- with exchange: during the first trick only
  },
  build = function(o)
    local n = o.players
    if n ~= 2 and n ~= 3 and n ~= 4 then error("briscola: players must be 2, 3 or 4", 0) end
    -- flags (an option whose default is false would also take a number)
    for _, k in ipairs { "exchange", "exchange_first_trick" } do
      if type(o[k]) ~= "boolean" then
        error(("briscola: %s must be true or false, got %s"):format(k, tostring(o[k])), 0)
      end
    end
    if o.exchange_first_trick and not o.exchange then
      error("briscola: exchange_first_trick needs exchange = true", 0)
    end
    return {
      seats = n,
      sides = n == 4 and { 1, 2, 1, 2 } or nil,
      deck = "italian40",
      remove = n == 3 and "2c" or nil,
      order = "A 3 K Q J 7 6 5 4 2",
      sizes = { 3 },
      trump = "turn_under",
      draw = true,
      trump_exchange = o.exchange and (o.exchange_first_trick and "first_trick" or true) or nil,
      hand = R.free_play,
      play = R.trump_wins | R.highest_of_led,
      points = R.card_points { A = 11, ["3"] = 10, K = 4, Q = 3, J = 2 },
      win = R.highest_after(1),
      max_hands = 1,
    }
  end,
}
