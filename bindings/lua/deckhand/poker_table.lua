--- deckhand.poker_table: the betting table of the poker games written on
-- dh.lua_game (rules/holdem.lua, rules/omaha.lua): blinds and antes, the
-- four betting rounds, the least raise and the short all-in, pot and
-- fixed limits, side pots, the showdown and the match around the hands.
-- What differs between the games is the form dealt: the hole cards and
-- how a hand is valued at the showdown (poker_table.forms).
-- The state is a plain table that lua_game copies; every function here
-- takes it with the checked settings `t` (poker_table.settings, or
-- poker_table.of_view for a bot's worlds).  deckhand.poker_view gives the
-- protocol's side: moves and texts, views, sampled worlds and the result.
-- @module deckhand.poker_table

local core = require "deckhand.core"

local M = {}

-- poker_table.forms: the games dealt on the table, by name: hole cards,
-- and value(hole, board, hilo) -> the high hand (a higher number is
-- better) and, in hi-lo, the eight-or-better low or nil
M.forms = {
  -- the best five of the two hole cards and the five on the board
  holdem = { name = "holdem", hole = 2, words = "two", value = function(hole, board)
    local seven = { hole[1], hole[2] }
    for _, c in ipairs(board) do seven[#seven + 1] = c end
    return (core.poker.eval(seven))
  end },
  -- exactly two of the four hole cards with three of the board, high and low
  omaha = { name = "omaha", hole = 4, words = "four", hilo = true, value = function(hole, board, hilo)
    return core.poker.omaha(hole, board), hilo and core.poker.omaha_low(hole, board) or nil
  end },
}

local STREETS = { preflop = "flop", flop = "turn", turn = "river" }
local BOARD = { preflop = 0, flop = 3, turn = 4, river = 5 }   -- board cards shown

local function copy(t)
  local out = {}
  for k, v in pairs(t) do out[k] = v end
  return out
end

local function int(v, name, lo, game)
  if math.type(v) ~= "integer" or v < lo then
    error(("%s: option '%s' must be an integer >= %d, got %s"):format(game, name, lo, tostring(v)), 0)
  end
  return v
end

--- poker_table.settings(o, defaults, form) -> the table's settings from
-- the chosen options o (a default for each one left out) for the form
-- named; raises, naming the option, when they cannot make a table
function M.settings(o, defaults, form)
  form = M.forms[form]
  local game = form.name
  for k in pairs(o) do
    if defaults[k] == nil and type(k) == "string" and k:sub(1, 1) ~= "_" then
      error(("%s: unknown option '%s'"):format(game, k), 0)
    end
  end
  local function get(k)
    local v = o[k]
    if v == nil then v = defaults[k] end
    return v
  end
  local t = { form = form, nhole = form.hole, name = game }
  t.hilo = get("hilo") or false
  if type(t.hilo) ~= "boolean" then error(game .. ": option 'hilo' must be true or false", 0) end
  if t.hilo and not form.hilo then error(game .. ": hilo (eight or better) is an Omaha option", 0) end
  t.n = int(get("seats"), "seats", 2, game)
  if t.n > 10 then error(("%s: 2 to 10 seats, got %d"):format(game, t.n), 0) end
  t.sb = int(get("small_blind"), "small_blind", 0, game)
  t.bb = int(get("big_blind"), "big_blind", 1, game)
  if t.sb > t.bb then
    error(("%s: the small blind (%d) must not be above the big blind (%d)"):format(game, t.sb, t.bb), 0)
  end
  t.ante = int(get("ante"), "ante", 0, game)
  t.limit = get("limit")
  if t.limit ~= "no" and t.limit ~= "fixed" and t.limit ~= "pot" then
    error(game .. ": limit must be \"no\", \"pot\" or \"fixed\"", 0)
  end
  t.cap = int(get("cap"), "cap", 1, game)
  local cap = get("max_hands")
  t.max_hands = cap and int(cap, "max_hands", 1, game) or nil
  t.stack = int(get("stack"), "stack", 1, game)
  t.button = int(get("button"), "button", 1, game)
  if t.button > t.n then error(("%s: button %d out of range (seats 1 to %d)"):format(game, t.button, t.n), 0) end
  return t
end

--- poker_table.of_view(p) -> the settings of the table a view's public
-- data p (view:data()) shows
function M.of_view(p)
  local form = M.forms[p.form]
  return { form = form, nhole = form.hole, name = form.name, hilo = p.hilo, n = p.seats,
           sb = p.small_blind, bb = p.big_blind, ante = p.ante, limit = p.limit, cap = p.cap,
           max_hands = p.max_hands, stack = 0, button = p.button }
end

-- a list of Cards from "AsKd", "As Kd" or { "As", "Kd" }
local function card_list(v, what, game)
  local out = {}
  if type(v) == "string" then
    for rank, suit in v:gmatch("([%dTJQKAtjqka]+)([cdhsCDHS])") do out[#out + 1] = core.card(rank .. suit) end
    if #out == 0 and v:match("%S") then error(("%s: bad %s '%s'"):format(game, what, v), 0) end
  elseif type(v) == "table" then
    for i, c in ipairs(v) do out[i] = core.card(c) end
  else
    error(("%s: %s must be cards as text or a list"):format(game, what), 0)
  end
  return out
end

-- the next seat after `from` (clockwise, wrapping) for which ok(seat) holds
local function next_seat(n, from, ok)
  for i = 1, n do
    local s = (from + i - 1) % n + 1
    if ok(s) then return s end
  end
  return nil
end

local function in_hand(s, seat) return s.in_hand[seat] and not s.folded[seat] end
local function can_act(s, seat) return in_hand(s, seat) and not s.allin[seat] end

-- the hole cards and board of the hand: a stacked deal's cards first, the
-- rest from the deck shuffled by rng (one shuffle a hand, always)
local function cards(s, t, rng)
  local deal = s.deals and s.deals[s.hand]
  local deck = core.deck("french52")
  deck:shuffle(rng)
  local rest = deck:draw(52)
  local used, hole, board = {}, {}, {}
  local function take(c)
    local k = tostring(c)
    if used[k] then error(("%s: card %s appears twice in the deal"):format(t.name, k), 0) end
    used[k] = true
    return c
  end
  if deal then
    for seat = 1, t.n do
      if deal[seat] then
        hole[seat] = {}
        for i, c in ipairs(card_list(deal[seat], "hole cards", t.name)) do hole[seat][i] = take(c) end
        if #hole[seat] ~= t.nhole then
          error(("%s: seat %d needs %s hole cards"):format(t.name, seat, t.form.words), 0)
        end
      end
    end
    if deal.board then
      for i, c in ipairs(card_list(deal.board, "board", t.name)) do board[i] = take(c) end
      if #board > 5 then error(t.name .. ": at most five board cards", 0) end
    end
  end
  local i = 0
  local function draw()
    repeat i = i + 1 until not used[tostring(rest[i])]
    return rest[i]
  end
  for seat = 1, t.n do
    if s.in_hand[seat] and not hole[seat] then hole[seat] = {} end
  end
  for _ = 1, t.nhole do   -- the deal starts left of the button
    local seat = s.button
    for _ = 1, t.n do
      seat = seat % t.n + 1
      if s.in_hand[seat] and #hole[seat] < t.nhole and not (deal and deal[seat]) then
        hole[seat][#hole[seat] + 1] = draw()
      end
    end
  end
  for k = #board + 1, 5 do board[k] = draw() end
  return hole, board
end

-- puts up to `amount` chips of a seat into the pot for this round
local function put(s, seat, amount)
  if amount > s.stacks[seat] then amount = s.stacks[seat] end
  s.stacks[seat] = s.stacks[seat] - amount
  s.bets[seat] = s.bets[seat] + amount
  s.contrib[seat] = s.contrib[seat] + amount
  if s.stacks[seat] == 0 then s.allin[seat] = true end
end

--- poker_table.unit(s, t) -> the least bet: the big blind, and in fixed
-- limit twice it on the turn and the river
function M.unit(s, t)
  if t.limit == "fixed" and (s.phase == "turn" or s.phase == "river") then return 2 * t.bb end
  return t.bb
end

-- the first seat after `from` that still has to act this round, or nil
local function find_actor(s, t, from)
  local free, only = 0, nil
  for seat = 1, t.n do
    if can_act(s, seat) then free, only = free + 1, seat end
  end
  if free == 0 then return nil end
  if free == 1 then
    -- nobody left to bet against: the last free seat acts only to match
    -- what another seat has put in (not the full blind a short seat missed)
    local most = 0
    for seat = 1, t.n do
      if seat ~= only and in_hand(s, seat) and s.bets[seat] > most then most = s.bets[seat] end
    end
    if s.bets[only] >= most then return nil end
  end
  return next_seat(t.n, from, function(seat)
    return can_act(s, seat) and (not s.acted[seat] or s.bets[seat] < s.current)
  end)
end

local start_hand, settle

-- the betting round is over: the next street, or the showdown
local function advance(s, t, rng)
  while true do
    for seat = 1, t.n do s.bets[seat], s.acted[seat], s.faced[seat] = 0, false, false end
    if s.phase == "river" then return settle(s, t, rng, true) end
    s.phase = STREETS[s.phase]
    s.current, s.minraise, s.raises = 0, M.unit(s, t), 0
    for k = #s.board + 1, BOARD[s.phase] do s.board[k] = s.deck_board[k] end
    s.turn = find_actor(s, t, s.button)
    if s.turn then return end
  end
end

-- deals the next hand (blinds, antes, cards), or ends the match
function start_hand(s, t, rng)
  local count = 0
  for seat = 1, t.n do
    s.in_hand[seat] = s.stacks[seat] > 0
    if s.in_hand[seat] then count = count + 1 end
  end
  if count < 2 or (t.max_hands and s.hand >= t.max_hands) then
    -- the match is over: nothing left on the table but the stacks
    s.turn, s.board, s.actions = nil, {}, {}
    for seat = 1, t.n do s.bets[seat], s.contrib[seat], s.folded[seat], s.allin[seat] = 0, 0, false, false end
    return
  end
  s.hand = s.hand + 1
  if s.dealt or not s.in_hand[s.button] then
    s.button = next_seat(t.n, s.button, function(seat) return s.in_hand[seat] end)
  end
  s.dealt = true
  for seat = 1, t.n do
    s.folded[seat], s.allin[seat], s.acted[seat], s.faced[seat] = false, false, false, false
    s.bets[seat], s.contrib[seat] = 0, 0
  end
  s.actions, s.board, s.phase = {}, {}, "preflop"
  s.hole, s.deck_board = cards(s, t, rng)
  local function nxt(seat) return next_seat(t.n, seat, function(x) return s.in_hand[x] end) end
  s.sb_seat = count == 2 and s.button or nxt(s.button)   -- heads-up, the button posts the small blind
  s.bb_seat = nxt(s.sb_seat)
  if t.ante > 0 then
    for seat = 1, t.n do
      if s.in_hand[seat] then put(s, seat, t.ante); s.bets[seat] = 0 end
    end
  end
  put(s, s.sb_seat, t.sb)
  put(s, s.bb_seat, t.bb)
  s.current, s.minraise, s.raises = t.bb, t.bb, 1
  -- first to act: the seat after the big blind (heads-up, the button)
  s.turn = find_actor(s, t, s.bb_seat)
  if not s.turn then advance(s, t, rng) end
end

--- poker_table.deal(t, rng [, start]) -> the state of a fresh match, its
-- first hand dealt.  start.stacks: chips per seat (else t.stack each);
-- start.deal: a stacked first hand { "AsKd", ..., board = "2c7d9hTcJs" }
-- (seats or board cards left out are dealt from the shuffled rest);
-- start.deals: stacked hands by number
function M.deal(t, rng, start)
  start = start or {}
  local stacks = {}
  if start.stacks ~= nil then
    if type(start.stacks) ~= "table" or #start.stacks ~= t.n then
      error(("%s: stacks must give the chips of each of the %d seats"):format(t.name, t.n), 0)
    end
    for seat = 1, t.n do stacks[seat] = int(start.stacks[seat], "stacks", 0, t.name) end
  else
    for seat = 1, t.n do stacks[seat] = t.stack end
  end
  local deals = start.deals and copy(start.deals) or nil
  if start.deal ~= nil then deals = deals or {}; deals[1] = deals[1] or start.deal end
  local s = { hand = 0, phase = "preflop", button = t.button, stacks = stacks, start = copy(stacks),
              deals = deals, in_hand = {}, folded = {}, allin = {}, acted = {}, faced = {},
              bets = {}, contrib = {}, actions = {}, board = {}, results = {} }
  start_hand(s, t, rng)
  return s
end

--- poker_table.pot(s) -> the chips in the middle for this hand
function M.pot(s)
  local total = 0
  for _, c in ipairs(s.contrib) do total = total + c end
  return total
end

-- can a seat raise?  Yes if it has not acted, or has only checked (a first
-- bet, even a short all-in one, may be raised); after a bet or call, only
-- when the raises since add up to a full raise, so a short all-in does not
-- reopen the betting
local function may_raise(s, seat)
  return not s.acted[seat] or s.faced[seat] == 0 or s.current - s.faced[seat] >= s.minraise
end

--- poker_table.legal(s, t) -> the legal actions of the seat to act:
-- { action = "fold" }, { action = "call", amount = chips }, { action =
-- "check" }, { action = "bet" or "raise", min = to, max = to [, limit =
-- "pot"] }, { action = "allin", amount = chips, to = total }
function M.legal(s, t)
  local out = {}
  local seat = s.turn
  if not seat then return out end
  local st, bet, cur = s.stacks[seat], s.bets[seat], s.current
  local to_call = cur - bet
  local fixed = t.limit == "fixed"
  local unit = M.unit(s, t)
  if to_call > 0 then
    out[#out + 1] = { action = "fold" }
    out[#out + 1] = { action = "call", amount = math.min(to_call, st) }
  else
    out[#out + 1] = { action = "check" }
  end
  local allin = false
  -- pot limit: the most a bet or raise may reach is the current bet and
  -- then the whole pot after the call (never less than the least raise)
  local pot_to = t.limit == "pot" and cur + M.pot(s) + to_call or math.huge
  if cur == 0 then
    if fixed then
      if st > unit then out[#out + 1] = { action = "bet", min = unit, max = unit } else allin = true end
    else
      local most = math.max(t.bb, math.min(st, pot_to))
      if st > t.bb then out[#out + 1] = { action = "bet", min = t.bb, max = most, limit = pot_to < st and "pot" or nil } end
      allin = st <= most
    end
  elseif st > to_call and may_raise(s, seat) and not (fixed and s.raises >= t.cap) then
    local lo = cur + (fixed and unit or s.minraise)
    local hi = fixed and lo or math.max(lo, math.min(bet + st, pot_to))
    if bet + st > lo or (not fixed and bet + st == lo) then
      out[#out + 1] = { action = "raise", min = lo, max = hi, limit = hi < bet + st and pot_to == hi and "pot" or nil }
      allin = not fixed and bet + st <= hi
    else
      allin = true   -- short of a full raise: only all in
    end
  end
  if st > 0 and (allin or st <= to_call) then
    out[#out + 1] = { action = "allin", amount = st, to = bet + st }
  end
  return out
end

--- poker_table.act(s, t, seat, action, amount, rng): makes a legal action
-- (bet and raise with the total the seat's bet reaches); the next street,
-- showdown and hand follow as they come (rng shuffles the next hand)
function M.act(s, t, seat, action, amount, rng)
  s.actions[#s.actions + 1] = { seat = seat, action = action, amount = amount, phase = s.phase }
  if action == "fold" then
    s.folded[seat] = true
  elseif action == "call" then
    put(s, seat, s.current - s.bets[seat])
  elseif action ~= "check" then
    local to = action == "allin" and s.bets[seat] + s.stacks[seat] or amount
    if to > s.current then   -- a bet or raise (maybe a short all-in)
      local inc = to - s.current
      if inc >= s.minraise then s.minraise = inc end
      s.current = to
      s.raises = s.raises + 1
    end
    put(s, seat, to - s.bets[seat])
  end
  s.acted[seat], s.faced[seat] = true, s.current
  -- everyone else folded: the last seat takes the pots without a showdown
  local left = 0
  for x = 1, t.n do
    if in_hand(s, x) then left = left + 1 end
  end
  if left == 1 then return settle(s, t, rng, false) end
  s.turn = find_actor(s, t, seat)
  if not s.turn then advance(s, t, rng) end
end

--- poker_table.pots(s, t) -> the pots by contribution levels (side pots):
-- { { amount =, eligible = { seats } }, ... }
function M.pots(s, t)
  local levels, seen = {}, {}
  for seat = 1, t.n do
    local c = s.contrib[seat]
    if in_hand(s, seat) and c > 0 and not seen[c] then seen[c] = true; levels[#levels + 1] = c end
  end
  table.sort(levels)
  local pots, prev, given = {}, 0, 0
  for _, level in ipairs(levels) do
    local pot = { amount = 0, eligible = {} }
    for seat = 1, t.n do
      local c = s.contrib[seat]
      pot.amount = pot.amount + math.max(0, math.min(c, level) - prev)
      if in_hand(s, seat) and c >= level then pot.eligible[#pot.eligible + 1] = seat end
    end
    prev = level
    given = given + pot.amount
    pots[#pots + 1] = pot
  end
  -- folded chips above every live seat's level cannot arise (the largest
  -- contributor is never the one who folds), but keep the count honest
  local total = M.pot(s)
  if given < total then pots[#pots].amount = pots[#pots].amount + total - given end
  return pots
end

-- the seats of `eligible` with the best of `of` (none: no such hand)
local function best_of(eligible, of)
  local best, winners = nil, {}
  for _, seat in ipairs(eligible) do
    local v = of[seat]
    if v and (not best or v > best) then best, winners = v, { seat }
    elseif v and v == best then winners[#winners + 1] = seat end
  end
  return winners
end

-- pays the pots (at a showdown, to the best hands), keeps the hand's
-- result and deals the next hand
function settle(s, t, rng, showdown)
  s.turn = nil
  local last = { hand = s.hand, button = s.button, board = copy(s.board), pots = {}, shown = {}, paid = {} }
  local high, low = {}, {}
  if showdown then
    for seat = 1, t.n do
      if in_hand(s, seat) then
        high[seat], low[seat] = t.form.value(s.hole[seat], s.board, t.hilo)
        last.shown[#last.shown + 1] = { seat = seat, cards = copy(s.hole[seat]), value = high[seat],
          hand = core.poker.describe(high[seat]), low = low[seat] and core.poker.describe_low(low[seat]) or nil }
      end
    end
  end
  for seat = 1, t.n do last.paid[seat] = 0 end
  -- shares `amount` among winners; the odd chips one each, from the first
  -- winner left of the button
  local function pay(amount, winners)
    local share, odd = amount // #winners, amount % #winners
    for _, w in ipairs(winners) do last.paid[w] = last.paid[w] + share end
    local seat = s.button
    while odd > 0 do
      seat = seat % t.n + 1
      for _, w in ipairs(winners) do
        if w == seat then last.paid[w] = last.paid[w] + 1; odd = odd - 1; break end
      end
    end
  end
  for _, pot in ipairs(M.pots(s, t)) do
    local hi = showdown and best_of(pot.eligible, high) or { pot.eligible[1] }
    local lo = showdown and t.hilo and best_of(pot.eligible, low) or {}
    local entry = { amount = pot.amount, eligible = pot.eligible, winners = hi }
    if #lo > 0 then
      -- hi-lo: the low half to the best low, the high half (with the odd
      -- chip) to the best high
      local half = pot.amount // 2
      pay(pot.amount - half, hi)
      pay(half, lo)
      entry.low_winners = lo
    else
      pay(pot.amount, hi)
    end
    last.pots[#last.pots + 1] = entry
  end
  local net = {}
  for seat = 1, t.n do
    s.stacks[seat] = s.stacks[seat] + last.paid[seat]
    net[seat] = last.paid[seat] - s.contrib[seat]
  end
  last.stacks = copy(s.stacks)
  s.last = last
  s.results[#s.results + 1] = { seats = net, sides = copy(net) }
  start_hand(s, t, rng)
end

return M
