-- Omaha: pot-limit Omaha high, or Omaha hi-lo eight or better (option
-- hilo), for 2 to 10 seats, on the same table as Texas Hold'em.
--
-- Each player is dealt four hole cards, face down.  As in Hold'em there
-- are blinds (and an optional ante), four betting rounds -- before the
-- flop, after the flop (three board cards), the turn (a fourth) and the
-- river (a fifth) -- and the best hand left at the showdown takes the pot.
-- The one difference in the cards: a hand is exactly two of the player's
-- four hole cards with exactly three of the five board cards.  So four
-- hearts in the hand and one on the board are no flush, and four kings on
-- the board play as three kings with the best pair of the hand.
--
-- Pot limit (the default): a bet or raise may make the seat's bet for the
-- round at most the current bet plus the whole pot after the seat's call
-- (with blinds of 5 and 10, the first raise before the flop is to at most
-- 10 + 5 + 10 + 10 = 35; heads-up, where the button has put 5 in, to 30).
-- The least bet is the big blind, the least raise the last bet or raise,
-- as in no limit.  An all in is allowed only when it is within the limit.
-- `limit = "no"` and `limit = "fixed"` play as in Hold'em.
--
-- Hi-lo eight or better (hilo = true): each pot is split between the best
-- high hand and the best low hand.  A low is five cards of different ranks,
-- each 8 or lower, the ace counting low (straights and flushes do not
-- spoil it), again exactly two from the hand and three from the board; the
-- low whose highest card is lower wins, then the next highest, and so on
-- (8-5-4-2-A beats 8-6-3-2-A).  When no one has a low (the board shows
-- fewer than three different low ranks, or no hand holds two), the high
-- hand takes the whole pot.  The odd chip of a split goes to the high half;
-- ties within a half share it (a player may win both halves, or a quarter).
-- Side pots are split the same way, each among the seats it is open to.
--
-- The betting, the side pots and the match (blinds, button, a seat with no
-- chips out, the end when one seat holds every chip or at max_hands) are
-- Hold'em's (rules/holdem.lua tells them), played by deckhand.poker_table
-- with the form "omaha" (four hole cards, the two-and-three showdown and
-- its low) and deckhand.poker_view; this file is the game: its options
-- with their defaults.
--
--     local g = dh.game(dh.variant("omaha", { seats = 4, hilo = true }), { seed = 7 })
--
-- Moves: fold, check, call, bet N, raise N (N the total the seat's bet
-- reaches this round) and allin, as in Hold'em.  A raise above the pot
-- limit is refused with the code over_pot_limit.
local dh = require "deckhand"
local poker_view = require "deckhand.poker_view"

local options = {
  seats = 2,
  stack = 1000,
  small_blind = 5,
  big_blind = 10,
  ante = 0,
  limit = "pot",       -- or "no", "fixed"
  cap = 4,             -- fixed limit: bets per round, the blind included
  hilo = false,        -- true: hi-lo split, eight or better
  button = 1,
  max_hands = false,   -- false: play until one seat holds every chip
}

return dh.lua_game(poker_view.fields("omaha", options, { name = "omaha" }))
