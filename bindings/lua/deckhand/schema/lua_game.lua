--- deckhand.schema.lua_game: the contract of a game written wholly in
-- Lua (dh.lua_game): each function and field of the game, with its
-- arguments, and the fields its state must keep.  dh.lua_game checks a
-- game against `game` when it is defined and its first deal against
-- `state` when the variant loads; docs/variants.md's tables are made from
-- both (.ci/schema-docs.lua).  Data only: the checker is deckhand/schema.lua.
--
-- In the functions' arguments `o` is the chosen options with `o._seats`
-- and `o._sides` added, `s` the state, `rng` the game's generator.
-- @module deckhand.schema.lua_game

local FUNC, TABLE, STRING = { "function" }, { "table" }, { "string" }

-- the most seats a game written in Lua may have (a bound a seats function
-- of bad settings cannot pass), and the most moves a hand may take unless
-- the game says (a hand that never ends would hang every tool)
local MAX_SEATS, MAX_MOVES = 64, 5000

local game = {
  fields = {
    { name = "name", type = STRING, required = true, doc = "the game's name, written in records" },
    { name = "seats", type = { { "integer", min = 1, max = MAX_SEATS }, FUNC }, required = true,
      takes = ("an integer 1 to %d, or `function(o)`"):format(MAX_SEATS), doc = "the number of seats, or a function of the options giving it" },
    { name = "deal", type = FUNC, required = true, takes = "`function(o, rng, start)` → state",
      doc = "the state of a fresh match (the fields below); `rng` deals (`lua_game.shuffled`, `rng:int(n)`); `start` is what `dh.game` was given besides the seed (`start.deal`, a stacked deal, is kept in the record and given again on replay)" },
    { name = "moves", type = FUNC, required = true, takes = "`function(s, o)` → moves",
      doc = "the legal moves of seat `s.turn`: Cards, or Moves (`dh.move{ kind =, text =, ... }`, any other fields yours); never empty while `turn` is set" },
    { name = "apply", type = FUNC, required = true, takes = "`function(s, o, seat, move, rng)`",
      doc = "makes `move`, one of `moves()` (only those reach it: a text not listed is refused with nothing changed), changing `s` in place and setting the next `turn` (`nil` when the match is over); `seat` is the seat that moved, `rng` is for what the move draws or the next deal" },
    { name = "view", type = FUNC, required = true, takes = "`function(s, o, seat)` → public",
      doc = "everything the seat may know and nothing else; two states that differ only in what the seat may not know give equal tables" },
    { name = "sample", type = FUNC, required = true, takes = "`function(public, o, rng)` → state",
      doc = "a state the public table may have come from: what the seat cannot see dealt again, keeping what the moves revealed (`lua_game.deal_hidden`)" },
    { name = "result", type = FUNC, takes = "`function(s, o)` → result",
      default = "the highest `scores` wins once `turn` is nil; `hands` is `s.results`, else the whole match as one hand",
      doc = "`{ seats = { a number per seat }, winners = { seat, ... }, hands = { { seats = { ... } }, ... } }`: `hands` is what a tournament averages. Without it the state must keep `scores` (checked when the variant loads)" },
    { name = "options", type = TABLE, default = "none",
      doc = "the options and their defaults (`max_hands` is the one a tournament caps)" },
    { name = "check", type = FUNC, takes = "`function(o)`", default = "none",
      doc = "raises `error(\"name: what is wrong\", 0)` for options it cannot play, before anything is dealt" },
    { name = "sides", type = { TABLE, FUNC }, default = "each seat alone", doc = "the side of each seat (partners), as a variant's" },
    { name = "unit", type = STRING, default = "`\"points\"`", doc = "what the scores count" },
    { name = "kind", type = STRING, default = "none", doc = "what kind of game, for the tools" },
    { name = "locations", type = FUNC, takes = "`function(s, o)` → `{ name = CardSet }`", default = "none",
      doc = "where every card is: the property tests check that no card is in two places" },
    { name = "find", type = FUNC, takes = "`function(s, o, text)` → move", default = "none",
      doc = "a legal move that `moves()` does not list (Hold'em's `raise 37`: any size in the range), or `nil, message, code` saying why the text is refused; asked only for a text not among the moves. `apply(seat, word, amount)` reads as the text `word amount`" },
    { name = "public_text", type = FUNC, takes = "`function(text)` → text", default = "the move's text",
      doc = "the move as the other seats see it (`crib 5h Kd` seen as `crib`)" },
    { name = "greedy", type = FUNC, takes = "`function(public, o, moves)` → move",
      default = "a short look-ahead by the heuristic",
      doc = "a quick choice among the moves: the `greedy` bot's move, the heuristic's, pimc's rollouts" },
    { name = "game_options", type = TABLE, takes = "a list of names", default = "none",
      doc = "the options a game of it takes beside `seed` and `deal` (`dh.game(v, { stacks = ... })`), which `deal` gets as its third argument; any other is refused by name (a misspelt `seed` would deal from the clock)" },
    { name = "bots", type = TABLE, takes = "a table bot → options", default = "none",
      doc = "the shipped bots' defaults for this game, by bot (`{ pimc = { worlds = 10 } }`); options a user gives still win" },
    { name = "table", type = FUNC, takes = "`function(t, data, view)`", default = "the generic table",
      doc = "adjusts the table a view describes for the page and `deckhand play` (`deckhand/table.lua`): the crib, the pegging count" },
    { name = "describe", type = FUNC, takes = "`function(public, o, card)` → text", default = "the public table's fields",
      doc = "the view as text for people; `card(c)` dresses a card" },
    { name = "max_moves", type = { "integer", min = 1 }, default = ("`%d`"):format(MAX_MOVES),
      doc = "the most moves a hand may take: a move past it raises `<name>: hand N has not ended after M moves`, so a hand that can go round for ever is caught when tried, not when a bot's rollout hangs" },
  },
}

-- the state's fields; the state is open (the game keeps its own beside
-- them).  `when` of a combination gets the state and { n = seats,
-- result = the game's result function }
local state = {
  open = true,
  fields = {
    { name = "turn", type = { "integer", min = 1 }, default = "`nil`: the match is over",
      takes = "a seat, or `nil`", doc = "the seat to move" },
    { name = "phase", type = STRING, default = "none", doc = "the phase's name, for people and bots" },
    { name = "hand", type = { "integer", min = 1 }, default = "`1`", doc = "the hand number, from 1" },
    { name = "scores", type = TABLE, takes = "a number per seat", default = "required without `result`",
      doc = "each seat's total: the highest wins when the match is over" },
    { name = "results", type = TABLE, takes = "a list of `{ seats = { ... } }`", default = "the match as one hand",
      doc = "a row per hand ended: what a tournament averages" },
  },
  combinations = {
    { id = "turn_seat", when = function(s, c) return s.turn ~= nil and s.turn > c.n end,
      message = function(s, c) return ("state.turn must be a seat from 1 to %d or nil, got %s"):format(c.n, tostring(s.turn)) end },
    { id = "scores_or_result", when = function(s, c) return not c.result and s.scores == nil end,
      message = "the state needs scores (a number per seat), or the game a result function" },
    { id = "scores_per_seat",
      when = function(s, c)
        if c.result or type(s.scores) ~= "table" then return false end
        for k = 1, c.n do if type(s.scores[k]) ~= "number" then return true end end
        return false
      end,
      message = function(s, c)
        for k = 1, c.n do
          if type(s.scores[k]) ~= "number" then
            return ("state.scores[%d] must be a number, got %s"):format(k, type(s.scores[k]))
          end
        end
      end },
  },
}

return { game = game, state = state, MAX_SEATS = MAX_SEATS, MAX_MOVES = MAX_MOVES }
