--- deckhand.lua_game: a game written wholly in Lua, on the game protocol.
--
-- A variant file describes the game's state and rules; this module gives
-- it the whole protocol (next_player, phase, moves, apply with texts and
-- refusals that change nothing, views, sampled worlds, clone, record and
-- replay, result) so that deckhand.run, the tournament, `deckhand play`
-- and `serve` and the bots play it like any other game:
--
--     return dh.lua_game {
--       name = "crazy8", options = { players = 4, ... },
--       seats = function(o) return o.players end,    -- or a number
--       sides = nil,                                  -- default: each seat alone
--       unit = "points",
--       deal = function(o, rng) return state end,     -- a fresh match
--       moves = function(state, o) return { move, ... } end,  -- the seat on turn's
--       apply = function(state, o, seat, move) end,   -- a move of moves(): change state
--       view = function(state, o, seat) return public end,  -- what the seat may know
--       sample = function(public, o, rng) return state end, -- a state behind the view
--       result = function(state, o) return { seats =, winners =, hands = } end,
--                  (optional: by default state.scores per seat, the highest
--                  winning once the match is over, hands = state.results)
--       locations = function(state, o) return { name = CardSet, ... } end,
--       public_text = function(text) return text end, -- a move as others see it
--       greedy = function(public, o, moves) return move end, -- a quick choice (bots)
--       describe = function(public, o, card) return text end, -- for people;
--                  card(c) dresses a card (default: every public field)
--     }
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

local M = {}

--- the most seats a game written in Lua may have (a bound that a
-- seats function of bad settings cannot pass)
M.MAX_SEATS = 64

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
  local out = {}
  for i = 1, n do out[i] = table.remove(list) end
  return core.cards(out)
end

--- lua_game.show(set, card) -> the cards of a set as text, each dressed
-- by card(c) (describe's styling), or "-" when empty
function M.show(set, card)
  local t = {}
  for c in set:iter() do t[#t + 1] = card(c) end
  return #t > 0 and table.concat(t, " ") or "-"
end

-- the result of a match scored per seat, the highest total winning: the
-- default of spec.result (state.scores per seat, state.results per hand)
local function highest_score(s)
  local winners = {}
  if not s.turn then
    local best = math.max(table.unpack(s.scores))
    for k, x in ipairs(s.scores) do if x == best then winners[#winners + 1] = k end end
  end
  return { seats = s.scores, winners = winners, hands = s.results }
end

--- lua_game(spec) -> a variant definition (options, seats, sides, unit and
-- `game`, as deckhand.variant takes them)
function M.define(spec)
  for _, k in ipairs { "name", "deal", "moves", "apply", "view", "sample" } do
    if spec[k] == nil then error(("lua_game: missing field '%s'"):format(k), 2) end
  end

  local Game, View = {}, {}
  Game.__index, View.__index = Game, View
  Game.__metatable = "deckhand." .. spec.name .. ".Game"
  View.__metatable = "deckhand." .. spec.name .. ".View"

  local function new(o, state, rng, seed, log, variant)
    return setmetatable({ o = o, s = state, rng = rng, seed = seed, log = log or {}, variant = variant }, Game)
  end

  function Game:seats() return self.o._seats end
  function Game:side(seat) return self.o._sides[seat] end
  function Game:next_player() return self.s.turn end
  function Game:phase() return self.s.turn and self.s.phase or "over" end
  function Game:hand_number() return self.s.hand or 1 end
  function Game:moves()
    if not self.s.turn then return {} end
    return spec.moves(self.s, self.o)
  end

  --- game:apply(seat, move) -> true, or nil, message, code (nothing changed)
  function Game:apply(seat, move)
    if math.type(seat) ~= "integer" then error("bad argument #1 to 'apply' (seat number expected)", 2) end
    if not self.s.turn then return nil, "the match is over", "game_over" end
    if seat ~= self.s.turn then
      return nil, ("seat %d is to move, not seat %d"):format(self.s.turn, seat), "not_your_turn"
    end
    local moves = spec.moves(self.s, self.o)
    local text = type(move) == "string" and move or (move ~= nil and tostring(move)) or ""
    local m = find(moves, text)
    if not m then return nil, ("'%s' is not a legal move now"):format(text), "illegal_move" end
    spec.apply(self.s, self.o, seat, m, self.rng)
    self.log[#self.log + 1] = { seat, tostring(m) }
    return true
  end

  function Game:move(text)
    local m = find(self:moves(), text)
    if m then return m end
    return nil, ("'%s' is not a legal move now"):format(tostring(text)), "illegal_move"
  end
  function Game:text(move) return move ~= nil and tostring(move) or nil end
  function Game:public(text) return spec.public_text and spec.public_text(text) or text end

  function Game:clone()
    return new(self.o, copy(self.s), self.rng:clone(), self.seed, copy(self.log), self.variant)
  end

  --- game:record() -> { game, options, seed, moves = { {seat, text}, ... } }
  function Game:record()
    if not self.seed then error("this game has no record (a sampled world)", 2) end
    local options = {}
    for k, v in pairs(self.variant and self.variant.options or {}) do options[k] = v end
    return { game = spec.name, options = options, seed = self.seed, moves = copy(self.log) }
  end

  function Game:result()
    local r = (spec.result or highest_score)(self.s, self.o)
    local n = self:seats()
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
  function Game:view(seat)
    if math.type(seat) ~= "integer" or seat < 1 or seat > self:seats() then
      error(("bad argument #1 to 'view' (seat 1 to %d expected)"):format(self:seats()), 2)
    end
    local public = copy(spec.view(self.s, self.o, seat))
    local moves = self.s.turn == seat and spec.moves(self.s, self.o) or {}
    return setmetatable({ _public = public, _seat = seat, _o = self.o, _moves = moves,
                          _phase = self:phase(), _turn = self.s.turn, _hand = self.s.hand or 1 }, View)
  end

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
  --- view:greedy() -> the rules' own quick choice among the moves
  -- (spec.greedy(public, o, moves)), else the first move
  function View:greedy()
    if #self._moves == 0 then return nil end
    if spec.greedy then return spec.greedy(self._public, self._o, self._moves) end
    return self._moves[1]
  end
  function View:move(text)
    local m = find(self._moves, text)
    if m then return m end
    return nil, ("'%s' is not a legal move now"):format(tostring(text)), "illegal_move"
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
    seats = seats_of, sides = spec.sides, check = spec.check,
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
      return new(o, spec.deal(o, rng), rng, seed, {}, variant)
    end,
  }
end

return M
