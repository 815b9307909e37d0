--- deckhand.table: a view's table, described as data for any front end.
--
-- `table_of(view [, variant])` lays out, as JSON-able data, everything the
-- view's seat may see: for each seat its face-up cards, the number of cards
-- it holds and a few notes (its bid, its tricks, its stack); the piles and
-- their visible tops; the trick in progress and who played what; a status
-- line in the game's words; the scores; whose turn and which phase; and the
-- legal moves grouped for display (deckhand/table_moves.lua).  It is built
-- only from the seat's own view (view:data() and the view's methods for its
-- own seat), so it holds nothing the seat may not know; the web page and
-- `deckhand play` draw every game from it alone.
--
-- A game gets a sensible table for free from the fields its view's data
-- has (hand, counts, trick, shown, bids, pile, stock, board, pot ...) and
-- from its own seat's view (the cards it passed, received and took up);
-- fields it does not know become plain notes.  A game may add a hook, the
-- field `table` of its rules file: function(t, data, view) that changes `t`
-- (the table described) from `data` (the same view:data()) or the seat's
-- own view, and may return a replacement.  The description:
--
--     { seat, seats, phase, turn (0 when over), hand_number,
--       status = { line, ... }, facts = { "key value" } (fields of the
--       view's data the reading above does not know), scores = { by = "seat"|"side", values },
--       players = { { seat, side, name, count, cards (face up), groups =
--         { { label, cards } }, notes = { text }, out, dealer }, ... },
--       hand = { card names } (the seat's own, hidden from the others),
--       piles = { { name, cards (top last), count, note } },
--       trick = { { seat, card } }, last_trick = { plays, winner },
--       moves = (deckhand.table_moves) }
-- @module deckhand.table

local group_moves = require "deckhand.table_moves"

local M = {}

local CARD = "^[2-9TJQKA][cdhs]$"
local function is_card(w) return type(w) == "string" and (w:match(CARD) or w:match("^[2-9TJQKA][cdhs]#%d$")) ~= nil end
M.is_card = is_card

--- table.cards(x) -> a list of card names from a list of names, a string
-- of names ("9c Tc") or a list of such strings; nil when x holds anything
-- that is not a card name
function M.cards(x)
  local out = {}
  local function add(s)
    for w in s:gmatch("%S+") do
      if not is_card(w) then return false end
      out[#out + 1] = w
    end
    return true
  end
  if type(x) == "string" then
    if not add(x) then return nil end
  elseif type(x) == "table" then
    for _, v in ipairs(x) do
      if type(v) ~= "string" or not add(v) then return nil end
    end
    if #x == 0 and next(x) ~= nil then return nil end
  else
    return nil
  end
  return out
end
local cards = M.cards

-- the fields read below: not repeated as notes
local KNOWN = {
  seat = true, phase = true, next_player = true, turn = true, hand = true, hole = true, moves = true,
  counts = true, bids = true, tricks = true, scores = true, sides = true, dealer = true, button = true,
  declarer = true, sitting_out = true, discards = true, discard = true, shown = true, status = true,
  trick = true, trick_seats = true, last_trick = true, trump = true, upcard = true, pile = true, stock = true, board = true,
  pot = true, stacks = true, limit = true, bets = true, folded = true, in_hand = true, legal = true, hand_number = true,
  results = true, rules = true, seats = true, last = true, log = true, suit = true, talon = true,
}

local SUITS = { c = "clubs", d = "diamonds", h = "hearts", s = "spades" }

-- the variant of a view, for its nil_bid and its hook
local function variant_of(view, variant)
  if variant then return variant end
  if type(view.rules) ~= "function" then return nil end
  local ok, dh = pcall(require, "deckhand")
  return ok and dh.variant_of_rules and dh.variant_of_rules(view:rules()) or nil
end

local function note(p, text) p.notes[#p.notes + 1] = text end

-- per seat: its count, the notes every game of its kind has
local function players_of(d, n, me, variant)
  local players = {}
  local partners = false
  if type(d.sides) == "table" then
    for s = 1, n do partners = partners or (d.sides[s] or s) ~= s end
  end
  local bidding = type(d.bids) == "table" and d.phase == "bid"
  if type(d.bids) == "table" then for s = 1, n do bidding = bidding or d.bids[s] ~= false end end
  local nil_bid = variant and variant.spec and variant.spec.nil_bid
  for s = 1, n do
    local p = { seat = s, notes = {}, cards = {}, groups = {} }
    if partners then p.side = d.sides[s] end
    if type(d.counts) == "table" then p.count = d.counts[s] end
    if s == me then p.count = p.count or #(cards(d.hand or d.hole) or {}) end
    if bidding and d.bids[s] ~= nil then
      local b = d.bids[s]
      note(p, "bid " .. (b == false and "–" or (b == 0 and nil_bid) and "nil" or tostring(b)))
    end
    if type(d.tricks) == "table" and d.tricks[s] then note(p, "took " .. d.tricks[s]) end
    if type(d.stacks) == "table" and d.stacks[s] then note(p, "stack " .. d.stacks[s]) end
    if type(d.bets) == "table" and (d.bets[s] or 0) > 0 then note(p, "bet " .. d.bets[s]) end
    if type(d.in_hand) == "table" and d.in_hand[s] == false then note(p, "folded"); p.out = true end
    if d.dealer == s then p.dealer = true; note(p, "dealer") end
    if d.button == s then note(p, "button") end
    if d.declarer == s then note(p, "declarer") end
    if type(d.discards) == "table" and math.type(d.discards[s]) == "integer" and d.discards[s] > 0 then note(p, "laid away " .. d.discards[s]) end
    players[s] = p
  end
  for _, s in ipairs(type(d.sitting_out) == "table" and d.sitting_out or {}) do
    if players[s] then players[s].out = true; note(players[s], "sits out") end
  end
  for _, sh in ipairs(type(d.shown) == "table" and d.shown or {}) do
    if players[sh.seat] then players[sh.seat].cards = cards(sh.cards) or {} end
  end
  return players, partners
end

-- a trick's plays, { seat, card } in play order, from any of the shapes a
-- view may give: { cards, seats } (the trick engine's), a list of
-- { seat, card } pairs, or a list of card names with the seats that played
-- them in a list beside it (`trick_seats`, as a game written in Lua keeps
-- them)
local function plays(t, seats)
  if type(t) ~= "table" then return nil end
  if type(t.cards) == "table" then seats = t.seats; t = t.cards end
  local out = {}
  for i, c in ipairs(t) do
    if type(c) == "table" then
      if not is_card(c.card) then return nil end
      out[i] = { seat = math.tointeger(c.seat), card = c.card }
    elseif is_card(c) then
      out[i] = { seat = type(seats) == "table" and math.tointeger(seats[i]) or nil, card = c }
    else
      return nil
    end
  end
  return out
end

-- fields the generic reading does not know: per-seat lists as notes of
-- each seat (card lists as a group of face-up cards), card strings as
-- piles, plain values as facts on the status line
local function leftovers(d, t, n)
  local keys = {}
  for k in pairs(d) do if not KNOWN[k] and type(k) == "string" then keys[#keys + 1] = k end end
  table.sort(keys)
  local facts = {}
  for _, k in ipairs(keys) do
    local v = d[k]
    local word = k:gsub("_", " ")
    if type(v) == "table" and #v == n and n > 1 then
      local all_cards, plain = true, true
      for s = 1, n do
        all_cards = all_cards and (type(v[s]) == "string" or type(v[s]) == "table") and cards(v[s]) ~= nil
        plain = plain and (type(v[s]) == "number" or type(v[s]) == "boolean")
      end
      for s = 1, n do
        if all_cards then
          local list = cards(v[s])
          if #list > 0 then table.insert(t.players[s].groups, { label = word, cards = list }) end
        elseif plain then
          note(t.players[s], ("%s %s"):format(word, tostring(v[s])))
        end
      end
    elseif type(v) == "string" and v ~= "" and cards(v) then
      t.piles[#t.piles + 1] = { name = word, cards = cards(v) }
    elseif type(v) == "table" and #v > 0 and cards(v) then
      t.piles[#t.piles + 1] = { name = word, cards = cards(v) }
    elseif type(v) == "number" or (type(v) == "string" and v ~= "") then
      facts[#facts + 1] = ("%s %s"):format(word, tostring(v))
    end
  end
  if #facts > 0 then t.facts = facts end
end

-- the cards the seat took up from the talon this hand (Skat's skat, the
-- turned card a Euchre dealer picks up): its own knowledge, never another
-- seat's
local function taken_up(view, t, me)
  if type(view.took) ~= "function" then return end
  local ok, got = pcall(view.took, view, me)
  local list = ok and got and cards(tostring(got))
  if list and #list > 0 then table.insert(t.players[me].groups, { label = "taken up", cards = list }) end
end

-- what a trick view tells its own seat besides its data: the cards it
-- passed (and to whom) and received
local function passes(view, t, me)
  if type(view.received) ~= "function" then return end
  local ok, got = pcall(view.received, view, me)
  if ok and #got > 0 then t.received = cards(tostring(got)) end
  local ok2, gave = pcall(view.passed, view, me)
  if ok2 and #gave > 0 then
    t.passed = cards(tostring(gave))
    for s = 1, t.seats do
      local fine, r = pcall(view.received, view, s)
      if s ~= me and fine and #r > 0 and #(r & gave) > 0 then t.passed_to = s end
    end
  end
end

--- table.of(view [, variant]) -> the description of the seat's table
function M.of(view, variant)
  local d = view:data()
  variant = variant_of(view, variant)
  local me = d.seat or view:seat()
  local n = view:seats()
  local turn = d.next_player
  if turn == nil then turn = d.turn end
  if turn == nil then turn = view:next_player() end
  local t = { seat = me, seats = n, phase = d.phase, turn = turn or 0, hand_number = d.hand_number,
              status = {}, piles = {}, hand = cards(d.hand or d.hole) or {} }
  if type(d.status) == "string" then t.status[1] = d.status end
  local partners
  t.players, partners = players_of(d, n, me, variant)
  if type(d.scores) == "table" then
    t.scores = { by = (partners and #d.scores < n) and "side" or "seat", values = d.scores }
  end
  t.trick = plays(d.trick, d.trick_seats)
  -- the last trick of this hand (a new hand's first trick not yet taken:
  -- none, not the cards of a deal that is over)
  local taken = 0
  for _, n in ipairs(type(d.tricks) == "table" and d.tricks or {}) do taken = taken + n end
  if type(d.last_trick) == "table" and (taken > 0 or type(d.tricks) ~= "table") then
    t.last_trick = { plays = plays(d.last_trick), winner = d.last_trick.winner }
  end
  local facts = {}
  if type(d.trump) == "string" and d.trump ~= "none" then facts[#facts + 1] = "trump " .. (SUITS[d.trump] or d.trump) end
  if type(d.suit) == "string" and SUITS[d.suit] then facts[#facts + 1] = "suit to follow " .. SUITS[d.suit] end
  if d.pot then facts[#facts + 1] = "pot " .. tostring(d.pot) end
  if type(d.limit) == "string" then facts[#facts + 1] = d.limit .. " limit" end
  if #facts > 0 then t.status[#t.status + 1] = table.concat(facts, ", ") end
  if is_card(d.upcard) then t.piles[#t.piles + 1] = { name = "turned", cards = { d.upcard } } end
  if type(d.board) == "table" then t.piles[#t.piles + 1] = { name = "board", cards = cards(d.board) or {}, slots = 5 } end
  if type(d.pile) == "table" then
    local list = cards(d.pile) or {}
    t.piles[#t.piles + 1] = { name = "discard pile", cards = { list[#list] }, count = #list }
  end
  if math.type(d.stock) == "integer" then t.piles[#t.piles + 1] = { name = "stock", count = d.stock } end
  local talon = math.type(d.talon) == "integer" and d.talon
  if not talon and type(view.talon_count) == "function" then talon = view:talon_count() end
  if talon and talon > 0 then t.piles[#t.piles + 1] = { name = "talon", count = talon } end
  if type(d.discard) == "table" and #d.discard > 0 and cards(d.discard) then
    t.piles[#t.piles + 1] = { name = "laid away", cards = cards(d.discard) or {} }
  end
  passes(view, t, me)
  taken_up(view, t, me)
  if t.received then table.insert(t.players[me].groups, { label = "received", cards = t.received }) end
  if t.passed then
    table.insert(t.players[me].groups, { label = t.passed_to and ("passed to seat " .. t.passed_to) or "passed",
                                         cards = t.passed })
  end
  leftovers(d, t, n)
  local hook = variant and variant.table_hook
  if hook then
    t = hook(t, d, view) or t
    -- a hook may give cards as a string of names: lists, as everywhere
    local function norm(list) for _, x in ipairs(list or {}) do x.cards = cards(x.cards) or {} end end
    norm(t.piles)
    for _, p in ipairs(t.players) do norm(p.groups); p.cards = cards(p.cards) or {} end
  end
  t.moves = group_moves(d.moves or {}, t, d.legal)
  return t
end

setmetatable(M, { __call = function(_, view, variant) return M.of(view, variant) end })

return M
