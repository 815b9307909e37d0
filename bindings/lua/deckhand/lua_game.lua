--- deckhand.lua_game: a game written wholly in Lua, on the game protocol.
--
-- A variant file describes the game's state and rules; this module gives
-- it the whole protocol (next_player, phase, moves, apply with texts and
-- refusals that change nothing, views, sampled worlds, clone, record and
-- replay, result) so that deckhand.run, the tournament, `deckhand play`
-- and `serve` and the bots play it like any other game:
--
--     return dh.lua_game { name = "gofish", seats = 4, deal = ..., ... }
--
-- The fields (docs/variants.md has the full contract, docs/your-own-game.md
-- a game written step by step); o is the chosen options plus o._seats and
-- o._sides, s the state:
--   name      (required) the game's name, in records
--   seats     (required) a number, or function(o) -> the number of seats
--   deal      (required) function(o, rng, start) -> the state of a fresh
--             match; start is what deckhand.game was given besides the
--             seed (start.deal: a stacked deal, kept in the record)
--   moves     (required) function(s, o) -> the legal moves of seat s.turn
--   apply     (required) function(s, o, seat, move, rng): make one move of
--             moves() (only those reach it), changing s in place; rng is
--             the game's own, for the next deal or a card drawn
--   view      (required) function(s, o, seat) -> the public table: what
--             the seat may know, nothing more
--   sample    (required) function(public, o, rng) -> a state the view may
--             come from: the hidden cards dealt again, keeping what the
--             moves revealed (lua_game.facts, deckhand/facts.lua)
--   options   the options and their defaults
--   check     function(o): raise error("name: what is wrong", 0) on bad
--             options, before anything is dealt
--   result    function(s, o) -> { seats = { number per seat }, winners =
--             { seat, ... }, hands = { { seats = ... }, ... } }.  Without
--             it the state must keep scores (a number per seat): the
--             highest wins once turn is nil, and hands are state.results
--             (a row a hand: what a tournament averages), or the whole
--             match as one hand when the state keeps none
--   find      function(s, o, text) -> a legal move that moves() does not
--             list (a raise of any size in a range), or nil, message, code
--             saying why the text is refused
--   sides, unit, kind, locations, public_text, greedy, describe: as the
--             variant (sides), results (unit) and tools (the rest) use them
--   max_moves the most moves a hand may take (default 5000): past it
--             apply raises "hand N has not ended after M moves"
--   bots      the shipped bots' defaults for this game, by bot: { pimc =
--             { worlds = 10 } } (options a user gives still win)
-- Every field, its type and default are in deckhand/schema/lua_game.lua,
-- which the definition is checked against (a misspelt field, or one of
-- the wrong type, is refused by name), and the state of a first deal too
-- when the variant loads.
--
-- The state is a plain table (numbers, strings, booleans, Cards,
-- CardSets, lists and tables of them) with at least `turn` (the seat to
-- move, nil when the match is over), `phase` (a name) and `hand` (the hand
-- number); the module copies it for clones, views and worlds, so the rules
-- may change it in place.  A move is a Card or a Move (dh.move{ kind =,
-- text = }); apply() finds a text among moves(), so only legal moves reach
-- the rules' apply.  A view's data are the public table with Cards and
-- CardSets as their names; two states that differ only in what the seat
-- may not know must give it equal public tables.
-- @module deckhand.lua_game

local core = require "deckhand.core"
local Move = require "deckhand.move"
local schema = require "deckhand.schema"
local contract = require "deckhand.schema.lua_game"
local protocol = require "deckhand.protocol"

local M = {}

--- the most seats a game written in Lua may have (the schema's)
M.MAX_SEATS = contract.MAX_SEATS
--- the most moves a hand may take unless the game says (spec.max_moves;
-- the schema's)
M.MAX_MOVES = contract.MAX_MOVES

local function is_card(x) return type(x) == "userdata" and tostring(getmetatable(x)) == "deckhand.Card" end

-- a deep copy of plain state (userdata shared: Cards and CardSets never change)
local function copy(x)
  if type(x) ~= "table" then return x end
  if Move.is(x) then return x end
  local out = {}
  for k, v in pairs(x) do out[k] = copy(v) end
  return out
end
M.copy = copy

-- plain data for JSON: Cards and CardSets as names
local function data(x)
  local t = type(x)
  if t == "userdata" then return tostring(x) end
  if t ~= "table" then return x end
  if Move.is(x) then return tostring(x) end
  local out = {}
  for k, v in pairs(x) do out[k] = data(v) end
  return out
end

local texts = Move.texts

local function find(moves, text)
  if type(text) ~= "string" then return nil end
  return Move.find(moves, text)
end

--- lua_game.shuffled(set, rng) -> the cards of a CardSet in a random
-- order (a list), drawn with the engine's shuffle: for deals and sampled
-- worlds
function M.shuffled(set, rng)
  if #set == 0 then return {} end
  local deck = core.deck(tostring(set))
  deck:shuffle(rng)
  return deck:draw(#set)
end

--- lua_game.take(list, n) -> the last n cards of a list, taken off it,
-- as a CardSet: a hand dealt from a shuffled stock
function M.take(list, n)
  if type(list) ~= "table" then error("bad argument #1 to 'take' (a list of cards expected)", 2) end
  if math.type(n) ~= "integer" or n < 0 or n > #list then
    error(("bad argument #2 to 'take' (a count from 0 to %d expected, got %s)"):format(#list, tostring(n)), 2)
  end
  local out = {}
  for i = 1, n do out[i] = table.remove(list) end
  return core.cards(out)
end

--- lua_game.hand_value(g, me, hands_before) -> the last hand's points for
-- seat me once a hand ended (deckhand.objective.hand_value: the worth of a
-- rollout to the bots)
M.hand_value = require "deckhand.objective".hand_value

--- lua_game.show(cards, card) -> the cards of a set (or a list, in its
-- order) as text, each dressed by card(c) (describe's styling), or "-"
-- when empty
function M.show(set, card)
  local t = {}
  if type(set) == "table" then   -- a list of cards, in its order
    for i, c in ipairs(set) do t[i] = card(c) end
  else
    for c in set:iter() do t[#t + 1] = card(c) end
  end
  return #t > 0 and table.concat(t, " ") or "-"
end

--- lua_game.deal_hidden(pool, wants, rng [, fits]) -> hands, rest: the
-- hidden cards dealt again keeping what the table has seen, and
-- lua_game.facts, the record of what the moves revealed that feeds it
-- (deckhand.facts has both)
local facts = require "deckhand.facts"
M.deal_hidden, M.facts = facts.deal_hidden, facts

-- the result of a match scored per seat, the highest total winning: the
-- default of spec.result (state.scores per seat, state.results per hand;
-- without results, the whole match counts as one hand once it is over)
local function highest_score(s)
  local winners = {}
  if not s.turn then
    local best = math.max(table.unpack(s.scores))
    for k, x in ipairs(s.scores) do if x == best then winners[#winners + 1] = k end end
  end
  local hands = s.results
  if hands == nil then hands = s.turn and {} or { { seats = s.scores } } end
  return { seats = s.scores, winners = winners, hands = hands }
end

-- the game's fields and its state, checked against the schema
-- (deckhand/schema/lua_game.lua): a misspelt field is named, with the
-- field it is near
local function check_spec(spec)
  if type(spec) ~= "table" then error("lua_game: a table of the game's fields expected", 0) end
  local where = type(spec.name) == "string" and "lua_game " .. spec.name or "lua_game"
  local ok, why = schema.check(contract.game, spec, where)
  if not ok then error(why, 0) end
end

-- the state a deal gave, checked where a mistake would surface far away
local function check_state(spec, s, n)
  if type(s) ~= "table" then error(("%s: deal must return the state (a table), got %s"):format(spec.name, type(s)), 0) end
  local ok, why = schema.check(contract.state, s, spec.name,
                               { label = "state field", context = { n = n, result = spec.result } })
  if not ok then error(why, 0) end
end

-- a result from the rules, checked: a number per seat, winners seats
local function checked_result(name, r, n)
  if type(r) ~= "table" or type(r.seats) ~= "table" then
    error(("%s: result must return { seats = { a number per seat }, winners =, hands = }"):format(name), 0)
  end
  for k = 1, n do
    if type(r.seats[k]) ~= "number" or r.seats[k] ~= r.seats[k] then
      error(("%s: result seats[%d] must be a number, got %s"):format(name, k, tostring(r.seats[k])), 0)
    end
  end
  return r
end

--- lua_game(spec) -> a variant definition (options, seats, sides, unit and
-- `game`, as deckhand.variant takes them)
function M.define(spec)
  check_spec(spec)
  local max_moves = spec.max_moves or M.MAX_MOVES

  local Game, View = {}, {}
  Game.__index, View.__index = Game, View
  Game.__metatable = "deckhand." .. spec.name .. ".Game"
  View.__metatable = "deckhand." .. spec.name .. ".View"

  -- moves: the moves made in the current hand (hand_no), against max_moves
  local function new(o, state, rng, seed, log, variant, moves)
    return setmetatable({ o = o, s = state, rng = rng, seed = seed, log = log or {}, variant = variant,
                          moves_in_hand = moves or 0, hand_no = state.hand or 1 }, Game)
  end

  function Game:seats() return self.o._seats end
  function Game:side(seat) return self.o._sides[seat] end
  function Game:next_player() return self.s.turn end
  function Game:phase() return self.s.turn and self.s.phase or "over" end
  function Game:hand_number() return self.s.hand or 1 end
  -- the legal moves of the state as it is, asked of the rules once per
  -- state: a view and the apply after it share one list (only apply
  -- changes the state, and it drops the list)
  local function legal(self)
    local c = self._legal
    if not c then c = spec.moves(self.s, self.o); self._legal = c end
    return c
  end
  local function listed(c) return table.move(c, 1, #c, 1, {}) end

  function Game:moves()
    if not self.s.turn then return {} end
    return listed(legal(self))
  end

  --- game:apply(seat, move [, amount]) -> true, or nil, message, code
  -- (nothing changed); a word and an amount ("raise", 120) read as the
  -- text "raise 120"
  function Game:apply(seat, move, amount)
    if math.type(seat) ~= "integer" then error("bad argument #1 to 'apply' (seat number expected)", 2) end
    if not self.s.turn then return protocol.refuse("game_over") end
    if seat ~= self.s.turn then return protocol.refuse("not_your_turn", seat, self.s.turn) end
    local moves = legal(self)
    local m
    if amount == nil then
      for _, x in ipairs(moves) do   -- the move itself, a bot's, first
        if rawequal(x, move) then m = x; break end
      end
    end
    if not m then
      local text = type(move) == "string" and move or (move ~= nil and tostring(move)) or ""
      if amount ~= nil then text = text .. " " .. tostring(amount) end
      for _, x in ipairs(moves) do   -- then the exact text
        if tostring(x) == text then m = x; break end
      end
      m = m or find(moves, text)
      if not m and spec.find then
        local why, code
        m, why, code = spec.find(self.s, self.o, text)
        if not m and why then return nil, why, code or "illegal_move" end
      end
      if not m then return protocol.refuse("illegal_move", text) end
    end
    self._legal = nil
    spec.apply(self.s, self.o, seat, m, self.rng)
    if self.seed then self.log[#self.log + 1] = { seat, tostring(m) } end   -- a sampled world has no record
    if (self.s.hand or 1) ~= self.hand_no then self.hand_no, self.moves_in_hand = self.s.hand or 1, 0 end
    self.moves_in_hand = self.moves_in_hand + 1
    if self.s.turn and self.moves_in_hand > max_moves then
      error(("%s: hand %d has not ended after %d moves; a hand must end (raise max_moves if it may take longer)")
            :format(spec.name, self.hand_no, max_moves), 0)
    end
    return true
  end

  function Game:move(text)
    local m = find(self:moves(), text)
    if m then return m end
    if spec.find and self.s.turn and type(text) == "string" then
      local why, code
      m, why, code = spec.find(self.s, self.o, text)
      if m then return m end
      if why then return nil, why, code or "illegal_move" end
    end
    return protocol.refuse("illegal_move", tostring(text))
  end
  function Game:text(move, amount)
    if move == nil then return nil end
    return amount ~= nil and tostring(move) .. " " .. tostring(amount) or tostring(move)
  end
  function Game:public(text) return spec.public_text and spec.public_text(text) or text end

  function Game:clone()
    local g = new(self.o, copy(self.s), self.rng:clone(), self.seed, copy(self.log), self.variant, self.moves_in_hand)
    g.hand_no, g.deal = self.hand_no, self.deal
    return g
  end

  --- game:record() -> { game, options, seed, moves = { {seat, text}, ... } }
  function Game:record()
    if not self.seed then error("this game has no record (a sampled world)", 2) end
    local options = {}
    for k, v in pairs(self.variant and self.variant.options or {}) do options[k] = v end
    return { game = spec.name, options = options, seed = self.seed, deal = copy(self.deal), moves = copy(self.log) }
  end

  function Game:result()
    local n = self:seats()
    local r = checked_result(spec.name, (spec.result or highest_score)(self.s, self.o), n)
    local side_of, sides, winning = {}, {}, {}
    for s = 1, n do
      side_of[s] = self.o._sides[s]
      sides[side_of[s]] = r.seats[s]
    end
    local seen = {}
    for _, s in ipairs(r.winners or {}) do
      if not seen[side_of[s]] then seen[side_of[s]] = true; winning[#winning + 1] = side_of[s] end
    end
    return { over = self.s.turn == nil, unit = spec.unit or "points", seats = r.seats, sides = sides,
             side_of = side_of, winners = r.winners or {}, winning_sides = winning, hands = r.hands or {} }
  end

  function Game:locations() return spec.locations and spec.locations(self.s, self.o) or {} end

  --- game:view(seat) -> what the seat may know
  function Game:view(seat, shared)
    if math.type(seat) ~= "integer" or seat < 1 or seat > self:seats() then
      error(("bad argument #1 to 'view' (seat 1 to %d expected)"):format(self:seats()), 2)
    end
    local public = spec.view(self.s, self.o, seat)
    if not shared then public = copy(public) end
    local moves = self.s.turn == seat and legal(self) or {}
    if not shared then moves = listed(moves) end
    -- a view of its own keeps a copy of the settings: a bot that writes
    -- to them changes neither the game nor another seat's view
    return setmetatable({ _public = public, _seat = seat, _o = shared and self.o or copy(self.o), _moves = moves,
                          _phase = self:phase(), _turn = self.s.turn, _hand = self.s.hand or 1 }, View)
  end

  --- game:peek(seat) -> the seat's view sharing the game's own tables
  -- (no copy): for a bot's rollouts on a clone it owns, which neither it
  -- nor the game's rules may change through the view
  function Game:peek(seat) return self:view(seat, true) end

  --- view:game() -> the game's name (a bot given no variant learns it here)
  function View:game() return spec.name end
  function View:seat() return self._seat end
  function View:seats() return self._o._seats end
  function View:side(seat) return self._o._sides[seat] end
  function View:phase() return self._phase end
  --- view:step() -> 1 while a seat is to move, else 0: to the strategies
  -- every phase of a game written in Lua is a scripted phase, so a bot
  -- without a handler named for the phase answers it with its script
  -- (run.phase_handler)
  function View:step() return self._turn and 1 or 0 end
  function View:next_player() return self._turn end
  function View:hand_number() return self._hand end
  function View:moves() return self._moves end
  --- view:legal() -> the moves (as trick views answer legal(), so the
  -- simple bots written for them play here too)
  function View:legal() return self._moves end
  --- view:has_greedy() -> does the game give its own quick choice (greedy)?
  function View:has_greedy() return spec.greedy ~= nil end
  --- view:greedy([moves]) -> the rules' own quick choice among the moves
  -- (spec.greedy(public, o, moves)), else the first move; moves: some of
  -- the legal moves (default all of them: a bot ranks them by asking
  -- again without its choice)
  function View:greedy(moves)
    if moves == nil then moves = self._moves
    elseif type(moves) ~= "table" then error("bad argument #1 to 'greedy' (a list of moves expected)", 2) end
    if #moves == 0 then return nil end
    if spec.greedy then return spec.greedy(self._public, self._o, moves) end
    return moves[1]
  end
  function View:move(text)
    local m = find(self._moves, text)
    if m then return m end
    return protocol.refuse("illegal_move", tostring(text))
  end
  --- view:hand(seat) -> the seat's own hand (the public table's `hand`
  -- field, a CardSet) for its own seat, else nil: what the tools that
  -- show hands ask (`deckhand replay`)
  function View:hand(seat)
    if (seat or self._seat) ~= self._seat then return nil end
    return self._public.hand
  end
  --- view:get(key) -> a copy of a field of the public table
  function View:get(key) return copy(self._public[key]) end
  function View:data()
    local d = data(self._public)
    d.seat, d.phase, d.moves = self._seat, self._phase, texts(self._moves)
    return d
  end
  function View:sample(rng)
    local state = spec.sample(copy(self._public), self._o, rng)
    return new(self._o, state, rng:clone(), nil, nil, nil)
  end
  function View:describe(style)
    local card = style and style.card or tostring
    if spec.describe then return spec.describe(self._public, self._o, card) end
    local out = {}
    local d = self._public
    local keys = {}
    for k in pairs(d) do keys[#keys + 1] = k end
    table.sort(keys, function(a, b) return tostring(a) < tostring(b) end)
    local function show(v)
      if is_card(v) then return card(v) end
      if type(v) == "userdata" then
        local t = {}
        for c in v:iter() do t[#t + 1] = card(c) end
        return #t > 0 and table.concat(t, " ") or "-"
      end
      if type(v) == "table" then
        local t = {}
        for i, x in ipairs(v) do t[i] = show(x) end
        return table.concat(t, ", ")
      end
      return tostring(v)
    end
    for _, k in ipairs(keys) do out[#out + 1] = ("%s: %s"):format(k, show(d[k])) end
    return table.concat(out, "\n")
  end

  local function seats_of(o)
    local n = type(spec.seats) == "function" and spec.seats(o) or spec.seats
    return n
  end

  return {
    name = spec.name, kind = spec.kind, options = spec.options or {}, unit = spec.unit or "points",
    seats = seats_of, sides = spec.sides, table = spec.table, bots = spec.bots,
    game_options = spec.game_options,
    -- what dh.variant asks when the game loads: the game's own check of
    -- the options, then one deal, so that a state the engine cannot score
    -- (no scores and no result function) is named when the file loads,
    -- not when a tournament averages it
    check = function(chosen)
      if spec.check then spec.check(chosen) end
      local n = seats_of(chosen)
      if math.type(n) ~= "integer" or n < 1 or n > M.MAX_SEATS then return end   -- dh.variant names it
      local o = copy(chosen)
      o._seats = n
      o._sides = type(spec.sides) == "function" and spec.sides(chosen) or copy(spec.sides) or {}
      if #o._sides == 0 then for k = 1, n do o._sides[k] = k end end
      check_state(spec, spec.deal(o, core.rng(1)), n)
    end,
    -- reachable as variant.new_game with settings that dh.variant never
    -- checked: checked here too, before anything is sized by them
    game = function(chosen, opts, variant)
      if type(chosen) ~= "table" then error(("%s: settings table expected"):format(spec.name), 2) end
      if spec.check then spec.check(chosen) end
      opts = opts or {}
      local o = copy(chosen)
      o._seats = seats_of(chosen)
      if math.type(o._seats) ~= "integer" or o._seats < 1 or o._seats > M.MAX_SEATS then
        error(("%s: seats must be 1 to %d, got %s"):format(spec.name, M.MAX_SEATS, tostring(o._seats)), 2)
      end
      o._sides = (variant and variant.sides) or {}
      if #o._sides == 0 then for s = 1, o._seats do o._sides[s] = s end end
      local seed = opts.seed or math.random(0, 0x7FFFFFFF)
      if math.type(seed) ~= "integer" then error("seed must be an integer", 2) end
      local rng = core.rng(seed)
      local state = spec.deal(o, rng, opts)
      check_state(spec, state, o._seats)
      local g = new(o, state, rng, seed, {}, variant)
      g.deal = copy(opts.deal)
      return g
    end,
  }
end

return M
