-- Texas Hold'em: 2 to 10 seats, no-limit (or fixed-limit), blinds and an
-- optional ante, side pots, showdown by the evaluator.  The play itself is
-- deckhand.holdem (bindings/lua/deckhand/holdem.lua), which documents the
-- rules as built; this file is the variant: its options with their
-- defaults, and `game`, which starts a match from them.
--
--     local g = dh.game(dh.variant("holdem", { seats = 4 }), { seed = 7 })
--     while g:next_player() do ... g:apply(seat, "call") ... end
--
-- It speaks the game protocol like every game: moves() gives fold, check,
-- call, bet N, raise N (N the total the bet reaches) and allin.
-- Hold'em is not trick-taking: the variant has no hand/play/points/win
-- rules for the C engine; it brings its own game instead (kind = "poker").
local holdem = require "deckhand.holdem"

local options = {
  seats = 2,
  stack = 1000,
  small_blind = 5,
  big_blind = 10,
  ante = 0,
  limit = "no",        -- or "pot", "fixed"
  cap = 4,             -- fixed limit: bets per round, the blind included
  button = 1,
  max_hands = false,   -- false: play until one seat holds every chip
}

return holdem.variant("holdem", options, "holdem")
