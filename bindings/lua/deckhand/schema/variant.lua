--- deckhand.schema.variant: every field a trick-taking variant may set,
-- its type, default and meaning; deckhand.variant checks each file
-- against it when it loads, and docs/variants.md's reference tables are
-- made from it (.ci/schema-docs.lua).  Data only: the checker is
-- deckhand/schema.lua.
--
-- `file` is the table a variant file returns when it has `build` (the
-- rules made from the options) or `game` (a game of its own: dh.lua_game,
-- poker); `table` is the trick-taking rules, what `build` returns or the
-- file itself when it has neither.
-- @module deckhand.schema.variant

local INT, BOOL, STRING, TABLE, FUNC = "integer", { "boolean" }, { "string" }, { "table" }, { "function" }
local RULE = { "rule" }
local MAX_SEATS = require "deckhand.schema.lua_game".MAX_SEATS   -- of a game of its own

-- a list of phases written in Lua, each { name =, moves =, apply = }
local phase_list = {
  "custom", doc = "a list of phases, each { name =, moves = function, apply = function }",
  test = function(v)
    if type(v) ~= "table" or #v < 1 then return false end
    for _, p in ipairs(v) do
      if type(p) ~= "table" or type(p.name) ~= "string" or type(p.moves) ~= "function"
         or type(p.apply) ~= "function" then return false end
    end
    return true
  end,
}

local file = {
  fields = {
    { name = "name", type = STRING, default = "the file's name",
      doc = "the variant's name, in records and messages" },
    { name = "options", type = TABLE, default = "no options",
      doc = "each option the variant takes with its default value; a chosen value must have the default's type (a default of `false` also takes a number)" },
    { name = "build", type = FUNC, takes = "`function(options)`",
      doc = "the rules made from the chosen options: a table of the fields below" },
    { name = "game", type = FUNC, takes = "`function(settings, opts, variant)`",
      doc = "a game of its own instead of trick-taking rules (`dh.lua_game` makes it, and the fields below marked *game*)" },
    { name = "check", type = FUNC, takes = "`function(options)`", game = true,
      doc = "*game*: raises `error(\"name: what is wrong\", 0)` for options it cannot play" },
    { name = "kind", type = STRING, game = true, doc = "*game*: what kind of game (`\"poker\"`)" },
    { name = "seats", type = { { INT, min = 1, max = MAX_SEATS }, FUNC }, game = true,
      doc = "*game*: the number of seats, or `function(options)` giving it" },
    { name = "sides", type = { TABLE, FUNC }, game = true, default = "each seat alone",
      doc = "*game*: the side of each seat, or `function(options)` giving the list" },
    { name = "unit", type = STRING, game = true, default = "`\"points\"`", doc = "*game*: what the scores count" },
    { name = "heuristic", type = { "name" }, game = true, takes = "a name",
      doc = "*game*: the heuristic's play to use (`strategies/heuristic/<name>.lua`)" },
    { name = "bots", type = TABLE, game = true, takes = "a table bot → options", default = "none",
      doc = "*game*: the shipped bots' defaults for this game, by bot (`{ pimc = { worlds = 10 } }`); options a user gives still win" },
    { name = "table", type = FUNC, takes = "`function(t, data, view)`", default = "the generic table",
      doc = "adjusts the table a view describes for the page and `deckhand play` (`deckhand/table.lua`: the dummy, the dealer's hand, the pass direction), beside the rules, not in them" },
  },
}

local table_ = {
  fields = {
    { name = "name", type = STRING, default = "the file's name", doc = "the variant's name" },
    { name = "seats", type = { INT, min = 2, max = 8 }, required = true, doc = "the number of seats" },
    { name = "sides", type = { "list", doc = "a list of side numbers per seat" }, default = "each seat alone",
      doc = "the side each seat plays and scores for (`{ 1, 2, 1, 2 }`: partners across)" },
    { name = "deck", type = { STRING, { "userdata" } }, want = "a deck kind, card names or a Deck",
      takes = "a deck kind, card names or a Deck", default = "`\"french52\"`", doc = "the cards dealt" },
    { name = "remove", type = { STRING, TABLE, { "userdata" } }, want = "cards", takes = "cards",
      default = "none", doc = "cards taken out of the deck" },
    { name = "order", type = { STRING, { "userdata" } }, want = "ranks strongest first",
      takes = "ranks strongest first (`\"A T K Q J 9\"`)", default = "the deck's", doc = "the ranks' order in a suit" },
    { name = "suit_of", type = TABLE, want = "a table card -> suit", takes = "a table card → suit",
      default = "each card's own", doc = "the suit a card counts as (`\"none\"`: a suit of its own)" },
    { name = "strength", type = TABLE, want = "a table card -> strength", takes = "a table card → 0..255",
      default = "by `order`", doc = "a card's strength in its suit, over the order's" },
    { name = "sizes", type = { "list", doc = "a list of hand sizes" }, required = true,
      doc = "the cards dealt to each seat, hand after hand (`{ 10, 9, 8 }` cycles)" },
    { name = "trump", type = STRING,
      want = "a suit, \"none\", \"turn_under\", \"turn_top\", \"dealer\" or \"show_top\"",
      takes = "a suit, `\"none\"`, `\"turn_under\"`, `\"turn_top\"`, `\"dealer\"` or `\"show_top\"`",
      default = "`\"none\"`",
      doc = "the trump suit, or how a hand's trump is found: the card under the talon, its top card, the dealer's last card; `show_top` turns the top card up without making trump" },
    { name = "trump_tables", type = TABLE, want = "a table suit -> { suit_of =, strength = }",
      entries = { fields = {
        { name = "suit_of", type = TABLE, doc = "the suit a card counts as under this trump" },
        { name = "strength", type = TABLE, doc = "a card's strength under this trump" } } },
      takes = "a table suit or mode → `{ suit_of =, strength = }`", default = "none",
      doc = "what cards count as under each trump (Euchre's bowers), or under a mode a script names (`set_mode`)" },
    { name = "phases", type = { { "phase" }, phase_list },
      want = "a list of phases or a prefab phase (each phase { name =, moves = function, apply = function })",
      takes = "a list of `{ name =, moves =, apply = }`, or a prefab phase", default = "none",
      doc = "moves between the deal (and passes) and the first trick: phases written in Lua or one built in C (`dh.phase.*`)" },
    { name = "scripted", type = BOOL, default = "set from `phases`",
      doc = "set by the engine: whether the variant has phases (leave it out)" },
    { name = "status", type = FUNC, takes = "`function(view)`", default = "none",
      doc = "a line about the phases' state for people and front ends, from what every seat may know" },
    { name = "opener", type = { { INT, min = 0, max = 7 }, { "value", "dealer" }, { "value", "left" } },
      want = "\"dealer\", \"left\" or a number of seats left of the dealer (who acts first in the first phase)",
      takes = "`\"dealer\"`, `\"left\"` or seats left of the dealer", default = "`\"left\"`",
      doc = "who acts first in the first phase" },
    { name = "public", type = FUNC, takes = "`function(text)`", default = "the move's text",
      doc = "what the other seats see of a phase move (`discard 9d` seen as `discard`)" },
    { name = "draw", type = BOOL, default = "`false`",
      doc = "after each trick every seat draws from the talon, the taker first" },
    { name = "lead", type = { STRING, { "userdata" } }, want = "\"left\" or a card",
      takes = "`\"left\"` or a card", default = "`\"left\"`",
      doc = "who leads the first trick: the seat left of the dealer, or the holder of the card" },
    { name = "pass_count", type = { INT, min = 0, max = 64 }, default = "`0`",
      doc = "cards each seat passes after the deal" },
    { name = "pass_dirs", type = TABLE, want = "a list of seat offsets", takes = "a list of seat offsets",
      default = "none", doc = "to whom the cards go, hand after hand (`{ 1, -1, 2, 0 }`; 0: no pass that hand)" },
    { name = "bidding", type = BOOL, default = "`false`",
      doc = "each seat bids a number of tricks, from the dealer's left, before the first lead (with `phases`: after them, or before the phase `bids_before` names)" },
    { name = "bids_before", type = STRING, want = "the name of the phase the bids come before", takes = "a phase's name",
      default = "none: the bids come after the phases",
      doc = "with `bidding` and phases written in Lua: the bids are made when the hand reaches this phase (at the deal when it is the first), so a hand runs phases, bids, phases, tricks" },
    { name = "bid_step", type = { INT }, default = "set from `bids_before`",
      doc = "set by the engine: the phase the bids come before (leave it out)" },
    { name = "bid", type = RULE, default = "0 to the hand's size", doc = "the bids allowed (a bid rule)" },
    { name = "nil_bid", type = BOOL, default = "`false`", doc = "a bid of 0 is a Nil, shown `nil`" },
    { name = "blind_exchange", type = { INT, min = 0, max = 64 },
      want = "a count of cards (a blind Nil bidder and its partner exchange them)", default = "`0`",
      takes = "a count of cards, 0 to 64",
      doc = "cards a blind Nil bidder and its partner exchange after the bids" },
    { name = "trump_exchange", type = { BOOL, { "value", "first_trick" } },
      want = "a boolean or \"first_trick\" (the lowest trump may be swapped for the turned card)",
      takes = "a boolean or `\"first_trick\"`",
      default = "`false`",
      doc = "the lowest trump may be swapped for the turned card (`\"first_trick\"`: only before the first trick)" },
    { name = "hand", type = RULE, required = true, doc = "may this card be played now (`R.follow_suit`)" },
    { name = "play", type = RULE, required = true, doc = "who takes the trick (`R.trump_wins | R.highest_of_led`)" },
    { name = "points", type = RULE, required = true, doc = "what a hand scores, per side" },
    { name = "win", type = RULE, required = true, doc = "whether the match is over, and who won" },
    { name = "low_wins", type = BOOL, default = "`false`", doc = "points are to be avoided (Hearts): the bots, the quick choice and the solver play to take fewer (who wins is the `win` rule's)" },
    { name = "max_hands", type = { INT, min = 1, max = 65535 }, default = "`1000`",
      doc = "the most hands a match plays (a tournament may cap it lower)" },
    { name = "unit", type = { { "value", "points" }, { "value", "tricks" }, { "value", "chips" } },
      takes = "`\"points\"`, `\"tricks\"` or `\"chips\"`",
      default = "`\"points\"`", doc = "what the scores count" },
    { name = "helpers", type = TABLE, default = "none",
      doc = "the rules' functions bots may ask (Pinochle's `meld`)" },
    { name = "heuristic", type = { "name" }, want = "a name (strategies/heuristic/<name>.lua)", takes = "a name",
      default = "the generic trick player",
      doc = "the heuristic's play to use (`strategies/heuristic/<name>.lua`)" },
  },
  -- what the engine cannot play together.  One entry a combination, so
  -- that the day the engine composes them the entry goes and nothing else.
  combinations = {
  },
}

return { file = file, table = table_ }
