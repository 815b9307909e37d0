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
  limit = "no",        -- or "fixed"
  cap = 4,             -- fixed limit: bets per round, the blind included
  button = 1,
  max_hands = false,   -- false: play until one seat holds every chip
}

return {
  name = "holdem",
  kind = "poker",
  options = options,
  seats = function(o) return o.seats end,
  unit = "chips",
  -- raises, naming the option, when the options cannot make a table
  check = function(chosen)
    local o = {}
    for k, v in pairs(chosen) do o[k] = v end
    if o.max_hands == false then o.max_hands = nil end
    holdem.check(o)
  end,
  -- game(options [, { seed =, deal =, deals =, stacks = } [, variant]]) -> a holdem Game
  game = function(chosen, extra, variant)
    local o = {}
    for k, v in pairs(options) do o[k] = v end
    for k, v in pairs(chosen or {}) do
      if options[k] == nil then error(("holdem: unknown option '%s'"):format(tostring(k)), 2) end
      o[k] = v
    end
    for k, v in pairs(extra or {}) do o[k] = v end
    if o.max_hands == false then o.max_hands = nil end
    local g = holdem.game(o)
    g.variant = variant
    return g
  end,
}
