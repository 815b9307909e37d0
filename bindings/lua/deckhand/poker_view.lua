--- deckhand.poker_view: the protocol's side of the poker table
-- (deckhand.poker_table) for a game written on dh.lua_game: the moves and
-- their texts, what a seat sees, the worlds a bot samples, the result and
-- the table as text.  poker_view.fields(form, defaults) gives the
-- lua_game fields of a poker game (rules/holdem.lua, rules/omaha.lua):
--
--     return dh.lua_game(poker_view.fields("holdem", options, { name = "holdem" }))
--
-- Moves: fold, check, call, bet N and raise N (N the total the seat's bet
-- reaches this round; moves() offers a few sizes, apply takes any N in
-- the legal range) and allin.  Refusals beyond lua_game's own: bad_move
-- (no move's text), bad_action (not allowed now), bad_amount (an amount
-- out of range, or given to a move that takes none), over_pot_limit.
-- @module deckhand.poker_view

local core = require "deckhand.core"
local Move = require "deckhand.move"
local T = require "deckhand.poker_table"
local protocol = require "deckhand.protocol"

local M = {}

local function copy(t)
  local out = {}
  for k, v in pairs(t) do out[k] = v end
  return out
end

local function move_of(action, amount, extra)
  local fields = { kind = action, text = amount and (action .. " " .. amount) or action, amount = amount }
  for k, v in pairs(extra) do fields[k] = v end
  return Move.new(fields)
end

-- the bet and raise sizes offered among the moves: the least, half the
-- pot and the pot (after a call), each below the most (all in is a move of
-- its own)
local function sizes(s, m)
  local out, seen = {}, {}
  local seat = s.turn
  local pot = T.pot(s) + (s.current - s.bets[seat])
  local all = s.bets[seat] + s.stacks[seat]   -- the total all in reaches
  local function add(to)
    to = math.floor(to + 0.5)
    if to >= m.min and to <= m.max and (to < all or m.min == m.max) and not seen[to] then
      seen[to] = true
      out[#out + 1] = to
    end
  end
  add(m.min)
  add(s.current + pot / 2)
  add(s.current + pot)
  table.sort(out)
  return out
end

--- poker_view.moves(s, t) -> the legal moves of the seat to act
function M.moves(s, t)
  local out = {}
  for _, m in ipairs(T.legal(s, t)) do
    if m.action == "bet" or m.action == "raise" then
      for _, to in ipairs(sizes(s, m)) do out[#out + 1] = move_of(m.action, to, { min = m.min, max = m.max }) end
    else
      out[#out + 1] = move_of(m.action, nil, { chips = m.amount })
    end
  end
  return out
end

--- poker_view.find(s, t, text) -> the legal move a text names that moves()
-- does not list (a bet or raise of another size, "all in", a fixed-limit
-- "raise"), or nil, message, code
function M.find(s, t, text)
  local word, rest = text:lower():match("^%s*(%a+)%s*(.-)%s*$")
  if not word then return protocol.refuse("bad_move", ("not a move: '%s'"):format(text)) end
  if word == "all" and (rest == "in" or rest == "-in") then word, rest = "allin", "" end
  local amount
  if rest ~= "" then
    amount = math.tointeger(tonumber(rest))
    if not amount then return protocol.refuse("bad_move", ("not a number of chips: '%s'"):format(rest)) end
  end
  local legal
  for _, m in ipairs(T.legal(s, t)) do
    if m.action == word then legal = m; break end
  end
  if not legal then return protocol.refuse("bad_action", ("'%s' is not allowed now"):format(word)) end
  if word == "bet" or word == "raise" then
    if amount == nil and legal.min == legal.max then amount = legal.min end
    if legal.limit == "pot" and amount and amount > legal.max then
      return protocol.refuse("over_pot_limit", ("%s to at most %d (the pot limit), got %d"):format(word, legal.max, amount))
    end
    if not amount or amount < legal.min or amount > legal.max then
      return protocol.refuse("bad_amount", ("%s to between %d and %d, got %s"):format(word, legal.min, legal.max, tostring(amount)))
    end
    return move_of(word, amount, { min = legal.min, max = legal.max })
  end
  if amount ~= nil then return protocol.refuse("bad_amount", ("'%s' takes no amount"):format(word)) end
  return move_of(word, nil, { chips = legal.amount })
end

--- poker_view.view(s, t, seat) -> what a seat may know: its own hole
-- cards (hole, a list; hand, a CardSet), the board in the order dealt,
-- pot, stacks, bets (this round), contrib (this hand), current (the bet to
-- match), folded / allin / in_hand per seat, this hand's actions, button,
-- the blinds and limits, legal (the actions of the seat to act, on its
-- turn) and last (the last finished hand: what it paid, the cards shown
-- at a showdown)
function M.view(s, t, seat)
  local hole = s.turn and s.hole and s.hole[seat]
  return {
    hole = hole, hand = core.cards(hole or {}), board = s.board, pot = T.pot(s), stacks = s.stacks,
    bets = s.bets, contrib = s.contrib, current = s.current, minraise = s.minraise, raises = s.raises,
    folded = s.folded, allin = s.allin, in_hand = s.in_hand, acted = s.acted, faced = s.faced,
    actions = s.actions, button = s.button, sb_seat = s.sb_seat, bb_seat = s.bb_seat, start = s.start,
    seat = seat, phase = s.phase, next_player = s.turn or 0, hand_number = s.hand, seats = t.n,
    small_blind = t.sb, big_blind = t.bb, ante = t.ante, limit = t.limit, cap = t.cap,
    max_hands = t.max_hands, form = t.name, hilo = t.hilo,
    legal = s.turn == seat and T.legal(s, t) or {}, last = s.last,
  }
end

--- poker_view.sample(p, t, rng) -> a state the public table p (a copy)
-- may come from: the other seats' hole cards and the rest of the board
-- drawn at random from the cards the seat cannot see
function M.sample(p, t, rng)
  if not p.hole then error("no hand in progress to sample", 2) end
  local seen = core.cards(p.hole) | core.cards(p.board)
  local unseen = (core.deck("french52"):set() - seen):list()
  local function draw() return table.remove(unseen, rng:int(#unseen)) end
  local hole, board = {}, {}
  for seat = 1, t.n do
    if seat == p.seat then hole[seat] = p.hole
    elseif p.in_hand[seat] then
      hole[seat] = {}
      for k = 1, t.nhole do hole[seat][k] = draw() end
    end
  end
  for k, c in ipairs(p.board) do board[k] = c end
  for k = #board + 1, 5 do board[k] = draw() end
  return { hand = p.hand_number, phase = p.phase, turn = p.next_player, button = p.button,
           stacks = p.stacks, start = p.start, in_hand = p.in_hand, folded = p.folded, allin = p.allin,
           acted = p.acted, faced = p.faced, bets = p.bets, contrib = p.contrib, current = p.current,
           minraise = p.minraise, raises = p.raises, actions = p.actions, board = p.board,
           sb_seat = p.sb_seat, bb_seat = p.bb_seat, hole = hole, deck_board = board,
           results = {}, last = p.last, dealt = true }
end

--- poker_view.result(s, t) -> chips won (or lost) per seat since the match
-- began, the seats holding the most chips once it is over, and the hands
-- (chips won per seat, hand by hand)
function M.result(s, t)
  local seats, winners = {}, {}
  for seat = 1, t.n do seats[seat] = s.stacks[seat] - s.start[seat] end
  if not s.turn then
    local best = math.max(table.unpack(s.stacks))
    for seat = 1, t.n do if s.stacks[seat] == best then winners[#winners + 1] = seat end end
  end
  return { seats = seats, winners = winners, hands = s.results }
end

--- poker_view.locations(s, t) -> where the cards of the hand being played
-- are: "hole N" per seat dealt in, "board" (the five board cards, shown or
-- not); the rest of the deck is undealt
function M.locations(s, t)
  local out = {}
  if not s.turn then return out end
  for seat = 1, t.n do
    if s.hole[seat] then out["hole " .. seat] = core.cards(s.hole[seat]) end
  end
  out.board = core.cards(s.deck_board)
  return out
end

local function move_help(m)
  if m.action == "call" then return ("call %d"):format(m.amount) end
  if m.action == "allin" then return ("allin (%d, to %d)"):format(m.amount, m.to) end
  if m.min then
    if m.min == m.max then return ("%s %d"):format(m.action, m.min) end
    return ("%s %d-%d"):format(m.action, m.min, m.max)
  end
  return m.action
end

--- poker_view.describe(p, t, card) -> the seat's picture of the table as
-- lines of text, each card dressed by card(c)
function M.describe(p, t, card)
  local function cards(list)
    local out = {}
    for i, c in ipairs(list or {}) do out[i] = card(c) end
    return #out > 0 and table.concat(out, " ") or "-"
  end
  local out = {}
  out[#out + 1] = ("hand %d, %s, blinds %d/%d, pot %d%s"):format(p.hand_number, p.next_player > 0 and p.phase or "over",
    p.small_blind, p.big_blind, p.pot, p.limit == "pot" and ", pot limit" or "")
  out[#out + 1] = "board  " .. cards(p.board)
  local seats = {}
  for s = 1, p.seats do
    local state = ""
    if p.folded[s] then state = " folded"
    elseif p.allin[s] then state = " all in"
    elseif not p.in_hand[s] then state = " out" end
    seats[#seats + 1] = ("%s%s: %d (bet %d)%s"):format(s == p.seat and "you" or ("seat " .. s),
      s == p.button and " [button]" or "", p.stacks[s], p.bets[s] or 0, state)
  end
  out[#out + 1] = table.concat(seats, " | ")
  out[#out + 1] = "your cards  " .. cards(p.hole)
  if #p.legal > 0 then
    local m = {}
    for i, x in ipairs(p.legal) do m[i] = move_help(x) end
    out[#out + 1] = "you may  " .. table.concat(m, ", ")
  end
  return table.concat(out, "\n")
end

--- poker_view.fields(form, defaults, spec) -> the dh.lua_game fields of a
-- poker game dealing the form named (poker_table.forms) with the options
-- `defaults`; spec's own fields (name, ...) are kept
-- the per-seat notes a player of the table reads (deckhand/table.lua):
-- the stack, the bet in this round, the button, folded or all in; the
-- table's bookkeeping (acted, contrib, faced, start) left out
local NOTES = { stack = true, bet = true, button = true }

--- poker_view.table(t, data, view): the table a page draws, pared to what
-- a player reads
function M.table(t, data)
  for i, p in ipairs(t.players or {}) do
    local keep = {}
    for _, n in ipairs(p.notes or {}) do
      if NOTES[n:match("^(%S+)")] then keep[#keep + 1] = n end
    end
    if data.folded and data.folded[i] then keep[#keep + 1] = "folded" end
    if data.allin and data.allin[i] then keep[#keep + 1] = "all in" end
    p.notes = keep
  end
  local facts = {}
  for _, f in ipairs(t.facts or {}) do
    if f:match("^big blind") or f:match("^small blind") or (f:match("^ante") and not f:match(" 0$")) then
      facts[#facts + 1] = f
    end
  end
  t.facts = facts
end

function M.fields(form, defaults, spec)
  -- the checked settings of each game's options, made once
  local tables = setmetatable({}, { __mode = "k" })
  local function tbl(o)
    local t = tables[o]
    if not t then t = T.settings(o, defaults, form); tables[o] = t end
    return t
  end
  local out = {
    kind = "poker", unit = "chips", options = defaults,
    seats = function(o) return o.seats or defaults.seats end,
    check = function(o) T.settings(o, defaults, form) end,
    deal = function(o, rng, start) return T.deal(tbl(o), rng, start) end,
    game_options = { "stacks", "deals" },   -- dh.game(v, { stacks =, deals = }): T.deal's start
    moves = function(s, o) return M.moves(s, tbl(o)) end,
    find = function(s, o, text) return M.find(s, tbl(o), text) end,
    apply = function(s, o, seat, m, rng) T.act(s, tbl(o), seat, m.kind, m.amount, rng) end,
    view = function(s, o, seat) return M.view(s, tbl(o), seat) end,
    sample = function(p, o, rng) return M.sample(p, tbl(o), rng) end,
    result = function(s, o) return M.result(s, tbl(o)) end,
    locations = function(s, o) return M.locations(s, tbl(o)) end,
    describe = function(p, o, card) return M.describe(p, tbl(o), card) end,
    table = M.table,
  }
  for k, v in pairs(spec) do out[k] = v end
  return out
end

return M
