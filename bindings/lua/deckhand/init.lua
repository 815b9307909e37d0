--- deckhand: a card-game engine.
-- The C half (deckhand.core) holds cards, sets, decks, the generator and
-- the engine; this file gathers it into the package users require.
-- @module deckhand

local core = require "deckhand.core"

local deckhand = {
  _VERSION = "deckhand 0.1.0",
}

for name, value in pairs(core) do deckhand[name] = value end

-- poker: the evaluator (when built in) and the hand pattern language
deckhand.poker = deckhand.poker or {}
deckhand.poker.pattern = core.pattern
deckhand.poker.match = core.pattern_match
deckhand.pattern, deckhand.pattern_match = nil, nil
deckhand.holdem = require "deckhand.holdem"

require "deckhand.variant"(deckhand)
require "deckhand.game"(deckhand)
require "deckhand.strategy"(deckhand)
require "deckhand.tournament"(deckhand)

return deckhand
