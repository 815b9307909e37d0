-- Texas Hold'em, for 2 to 10 seats: no limit (the default), pot limit or
-- fixed limit, with blinds and an optional ante, played hand after hand
-- until one seat holds every chip (or max_hands have been played).
--
-- The hand.  The button moves one seat with chips to the left each hand;
-- the seat left of it posts the small blind, the next the big blind
-- (heads-up the button posts the small blind, acts first before the flop
-- and last after it).  Each seat is dealt two hole cards, face down.  Four
-- betting rounds follow: before the flop (the seat after the big blind
-- opens), after the flop (three board cards, face up), the turn (a
-- fourth) and the river (a fifth); after the flop the first seat left of
-- the button still in opens.  A hand that everyone else folds to ends at
-- once; otherwise the seats left show down and the best five of each one's
-- seven cards takes the pot.
--
-- The betting.  A seat may fold (only when facing a bet), check, call,
-- bet or raise, or go all in.  Amounts are "to": "raise 120" makes the
-- seat's bet for the round 120.  The least bet is the big blind; a raise
-- must add at least the last full bet or raise.  An all in that adds less
-- does not reopen the betting: a seat that has bet or called may then only
-- call or fold, unless the raises since its last action add up to a full
-- raise (a seat that only checked may raise any bet).  Blinds and antes a
-- seat cannot cover are posted all in.  Pot limit: a bet or raise reaches
-- at most the current bet plus the pot after the seat's call, and all in
-- only within that (above it a raise is refused with over_pot_limit).
-- Fixed limit: bets and raises of the big blind before the turn, twice it
-- on the turn and the river, at most `cap` of them a round (the blind
-- counts).
--
-- The pots.  Chips are split into pots by what each seat put in (side
-- pots), each open to the seats that matched it.  A tied pot is shared;
-- its odd chips go one each to the winners nearest the button's left.  A
-- seat left with no chips is out.
--
-- The table that plays these rules is deckhand.poker_table (the betting,
-- pots, showdown and match, with the form "holdem": two hole cards, a hand
-- valued as the best five of seven) and deckhand.poker_view (the moves,
-- views and sampled worlds), shared with Omaha (rules/omaha.lua); this
-- file is the game: its options with their defaults.  docs/holdem.md
-- shows the moves and the view.
--
--     local g = dh.game(dh.variant("holdem", { seats = 4 }), { seed = 7 })
--     while g:next_player() do ... g:apply(seat, "call") ... end
local dh = require "deckhand"
local poker_view = require "deckhand.poker_view"

local options = {
  seats = 2,
  stack = 1000,        -- chips per seat
  small_blind = 5,
  big_blind = 10,
  ante = 0,
  limit = "no",        -- or "pot", "fixed"
  cap = 4,             -- fixed limit: bets per round, the blind included
  button = 1,          -- the first hand's button seat
  max_hands = false,   -- false: play until one seat holds every chip
}

return dh.lua_game(poker_view.fields("holdem", options, { name = "holdem" }))
