--- deckhand.holdem: Texas Hold'em on the engine's deck, generator and
-- evaluator, driven play by play like the trick-taking games; and the same
-- table for Omaha (rules/omaha.lua: form = "omaha"), which differs only in
-- the four hole cards and the showdown (two of them with three of the
-- board, poker.omaha; hi-lo eight or better with hilo = true).
--
--     local holdem = require "deckhand.holdem"
--     local g = holdem.game { seats = 3, stack = 1000, small_blind = 5, big_blind = 10, seed = 7 }
--     while g:next_player() do
--       local seat, moves = g:next_player(), g:legal()
--       assert(g:act(seat, "call"))            -- or nil, message, code
--     end
--
-- Options (all optional):
--   seats        2..10 (default: #stacks, else 2)
--   stack        chips per seat (1000), or stacks = { per seat }
--   small_blind, big_blind (5, 10); ante (0)
--   limit        "no" (no-limit, the default), "pot" (pot-limit) or "fixed"
--   form         "holdem" (the default: two hole cards) or "omaha" (four)
--   hilo         Omaha only: split each pot between the best high and the
--                best eight-or-better low (poker.omaha_low), when there is one
--   cap          fixed-limit: bets and raises per round, the blind included (4)
--   button       the first hand's button seat (1)
--   seed         the generator's seed (1); every shuffle comes from it
--   deal         a stacked first hand: { "AsKd", "QhQc", ..., board = "2c7d9hTcJs" }
--                (cards per seat as a string or a list; seats or board left
--                out are dealt from the shuffled rest); deals = { deal, ... }
--                stacks several hands
--   max_hands    the hand cap: the match ends after that many hands
--
-- Seats are 1-based.  Phases: "preflop", "flop", "turn", "river" while a hand
-- is played, "over" once the match has ended.  A hand that ends (everyone
-- folded to one player, or showdown) is settled at once and the next one
-- dealt; g:results() keeps what each hand paid out.
--
-- Amounts: "bet" and "raise" take the total the seat's bet reaches in this
-- round ("raise to"); legal() gives their min and max in the same terms.
-- "call" and "allin" take no amount; legal() shows the chips they add.
--
-- Rules as built: the button moves one seat with chips to the left each
-- hand; heads-up the button posts the small blind, acts first before the
-- flop and last after it.  Blinds and antes a player cannot cover are posted
-- all-in.  A raise must add at least the previous full bet or raise (the big
-- blind at least); an all-in that adds less does not reopen the betting: a
-- seat that has bet or called may then only call or fold, unless the raises
-- since its last action add up to a full raise (a seat that only checked
-- may raise any bet).  "fold" is offered only when facing a bet.  At the
-- showdown every hand left is shown.  Fixed limit: bets and raises of
-- the big blind before the turn, twice it after, at most `cap` per round.
-- Pot limit: a bet or raise reaches at most the current bet plus the pot
-- after the seat's call; all in only within that (a raise above it is
-- refused with the code over_pot_limit).  Hi-lo: a pot with a qualifying
-- low is halved, the odd chip to the high half, each half shared among
-- its winners as above (a quarter when two lows tie).
-- Pots are split by contribution levels (side pots); a split pot's odd chips
-- go one each to the winners nearest the button's left.  A seat left with
-- no chips is out; the match ends when one seat holds every chip or at the
-- hand cap.
-- @module deckhand.holdem

local core = require "deckhand.core"
local Move = require "deckhand.move"
local poker = core.poker

local holdem = {}

local Game = {}
Game.__index = Game
Game.__metatable = "deckhand.holdem.Game"   -- a bot with a sampled world cannot change every game's methods
holdem.Game = Game

-- the games dealt on this table: what differs is the hole cards and how
-- a hand is valued at the showdown; the betting is the same
local forms = {
  holdem = { name = "holdem", hole = 2, words = "two" },
  omaha = { name = "omaha", hole = 4, words = "four" },
}
holdem.forms = forms

local streets = { "preflop", "flop", "turn", "river" }
local board_size = { preflop = 0, flop = 3, turn = 4, river = 5 }

-- a list of Cards from "AsKd", "As Kd", { "As", "Kd" } or a CardSet
local function card_list(v, what)
  local out = {}
  if type(v) == "string" then
    for rank, suit in v:gmatch("([%dTJQKAtjqka]+)([cdhsCDHS])") do
      out[#out + 1] = core.card(rank .. suit)
    end
    if #out == 0 and v:match("%S") then error(("bad %s '%s'"):format(what, v), 3) end
  elseif type(v) == "table" then
    for i, c in ipairs(v) do out[i] = core.card(c) end
  else
    for _, c in ipairs(core.cards(v):list()) do out[#out + 1] = c end
  end
  return out
end

local function copy(t)
  local out = {}
  for k, v in pairs(t) do out[k] = v end
  return out
end

-- the next seat after s (clockwise, wrapping) for which ok(seat) holds
local function next_seat(g, s, ok)
  for i = 1, g.n do
    local t = (s + i - 1) % g.n + 1
    if ok(t) then return t end
  end
  return nil
end

local function check_int(v, name, lo, game)
  if math.type(v) ~= "integer" or v < lo then
    error(("%s: option '%s' must be an integer >= %d, got %s"):format(game or "holdem", name, lo, tostring(v)), 3)
  end
  return v
end

-- the checked table settings of opts (raises naming the option), copied
-- into g
local function settings(opts, g)
  local form = forms[opts.form or "holdem"]
  if not form then error(("holdem: form must be \"holdem\" or \"omaha\", got %s"):format(tostring(opts.form)), 3) end
  local game = form.name
  local function int(v, name, lo) return check_int(v, name, lo, game) end
  g.form, g.nhole = form.name, form.hole
  g.hilo = opts.hilo or false
  if type(g.hilo) ~= "boolean" then error(game .. ": option 'hilo' must be true or false", 3) end
  if g.hilo and form.name ~= "omaha" then error(game .. ": hilo (eight or better) is an Omaha option", 3) end
  g.n = opts.seats or (opts.stacks and #opts.stacks) or 2
  int(g.n, "seats", 2)
  if g.n > 10 then error(("%s: 2 to 10 seats, got %d"):format(game, g.n), 3) end
  g.sb = int(opts.small_blind or 5, "small_blind", 0)
  g.bb = int(opts.big_blind or 10, "big_blind", 1)
  if g.sb > g.bb then
    error(("%s: the small blind (%d) must not be above the big blind (%d)"):format(game, g.sb, g.bb), 3)
  end
  g.ante = int(opts.ante or 0, "ante", 0)
  g.limit = opts.limit or "no"
  if g.limit ~= "no" and g.limit ~= "fixed" and g.limit ~= "pot" then
    error(game .. ": limit must be \"no\", \"pot\" or \"fixed\"", 3)
  end
  g.cap = int(opts.cap or 4, "cap", 1)
  g.max_hands = opts.max_hands and int(opts.max_hands, "max_hands", 1)
  g.stack = {}
  if not opts.stacks then int(opts.stack or 1000, "stack", 1) end   -- before the loop's bound, which lets a seat have 0
  for s = 1, g.n do
    g.stack[s] = int(opts.stacks and opts.stacks[s] or opts.stack or 1000, "stack", 0)
  end
  g.button = int(opts.button or 1, "button", 1)
  if g.button > g.n then error(("%s: button %d out of range (seats 1 to %d)"):format(game, g.button, g.n), 3) end
  return g
end

--- holdem.check(opts): raises, naming the option, when the options cannot
-- make a table (seats 2 to 10, blinds with the small not above the big,
-- stacks of at least one chip, ...)
function holdem.check(opts)
  settings(opts or {}, {})
end

--- holdem.game(opts) -> Game
function holdem.game(opts)
  opts = opts or {}
  local g = setmetatable({}, Game)
  g.opts = copy(opts)
  settings(opts, g)
  g.rng = core.rng(check_int(opts.seed or 1, "seed", math.mininteger))
  g.start = copy(g.stack)
  g.button = check_int(opts.button or 1, "button", 1)
  if g.button > g.n then error("holdem: button out of range", 2) end
  -- the first hand's number (a sampled world goes on from the view's hand)
  g.first_hand = check_int(opts.first_hand or 1, "first_hand", 1)
  g.hand_no = g.first_hand - 1
  g.log = {}
  g.hand_results = {}
  g.phase_name = "over"
  g:_start_hand()
  return g
end

-- cards for a hand: stacked ones first, the rest from the shuffled deck
function Game:_cards(players)
  local deal = (self.opts.deals and self.opts.deals[self.hand_no]) or
               (self.hand_no == self.first_hand and self.opts.deal) or nil
  local deck = core.deck("french52")
  deck:shuffle(self.rng)
  local rest = deck:draw(52)
  local used, hole, board = {}, {}, {}
  local function take(c)
    local k = tostring(c)
    if used[k] then error("holdem: card " .. k .. " appears twice in the deal", 3) end
    used[k] = true
    return c
  end
  if deal then
    for s = 1, self.n do
      if deal[s] then
        hole[s] = {}
        for i, c in ipairs(card_list(deal[s], "hole cards")) do hole[s][i] = take(c) end
        if #hole[s] ~= self.nhole then
          error(("%s: seat %d needs %s hole cards"):format(self.form, s, forms[self.form].words), 3)
        end
      end
    end
    if deal.board then
      for i, c in ipairs(card_list(deal.board, "board")) do board[i] = take(c) end
      if #board > 5 then error("holdem: at most five board cards", 3) end
    end
  end
  local i = 0
  local function draw()
    repeat i = i + 1 until not used[tostring(rest[i])]
    return rest[i]
  end
  for s = 1, self.n do  -- the deal starts left of the button
    if players[s] and not hole[s] then hole[s] = {} end
  end
  for _ = 1, self.nhole do
    local s = self.button
    for _ = 1, self.n do
      s = s % self.n + 1
      if players[s] and #hole[s] < self.nhole and not (deal and deal[s]) then hole[s][#hole[s] + 1] = draw() end
    end
  end
  for k = #board + 1, 5 do board[k] = draw() end
  return hole, board
end

-- puts up to `amount` chips of seat s into the pot for this round
function Game:_put(s, amount)
  local h = self.h
  if amount > self.stack[s] then amount = self.stack[s] end
  self.stack[s] = self.stack[s] - amount
  h.bet[s] = h.bet[s] + amount
  h.contrib[s] = h.contrib[s] + amount
  if self.stack[s] == 0 then h.allin[s] = true end
  return amount
end

function Game:_start_hand()
  local live = {}
  local count = 0
  for s = 1, self.n do
    if self.stack[s] > 0 then live[s] = true; count = count + 1 end
  end
  if count < 2 or (self.max_hands and self.hand_no >= self.max_hands) then
    self.phase_name = "over"
    self.h = nil
    return
  end
  self.hand_no = self.hand_no + 1
  if self.hand_no > self.first_hand or not live[self.button] then
    self.button = next_seat(self, self.button, function(s) return live[s] end)
  end
  local h = {
    live = live, folded = {}, allin = {}, bet = {}, contrib = {}, acted = {}, faced = {},
    current = 0, minraise = self.bb, bets = 0, actions = {},
  }
  self.h = h
  for s = 1, self.n do h.bet[s], h.contrib[s] = 0, 0 end
  h.hole, h.deck_board = self:_cards(live)
  h.board = {}
  self.phase_name = "preflop"
  local function nxt(s) return next_seat(self, s, function(t) return live[t] end) end
  if count == 2 then
    h.sb_seat = self.button
  else
    h.sb_seat = nxt(self.button)
  end
  h.bb_seat = nxt(h.sb_seat)
  if self.ante > 0 then
    for s = 1, self.n do
      if live[s] then self:_put(s, self.ante); h.bet[s] = 0 end
    end
  end
  self:_put(h.sb_seat, self.sb)
  self:_put(h.bb_seat, self.bb)
  h.current, h.minraise, h.bets = self.bb, self.bb, 1
  -- first to act: the seat after the big blind (heads-up, the button)
  h.to_act = self:_find_actor(h.bb_seat)
  if not h.to_act then self:_advance_round() end
end

local function in_hand(h, s) return h.live[s] and not h.folded[s] end
local function can_act(h, s) return in_hand(h, s) and not h.allin[s] end

-- the first seat after `from` that still has to act this round, or nil
function Game:_find_actor(from)
  local h = self.h
  local free, only = 0, nil
  for s = 1, self.n do
    if can_act(h, s) then free, only = free + 1, s end
  end
  if free == 0 then return nil end
  if free == 1 then
    -- nobody left to bet against: the last free seat acts only to match
    -- what another seat has put in (not the full blind a short seat missed)
    local most = 0
    for s = 1, self.n do
      if s ~= only and in_hand(h, s) and h.bet[s] > most then most = h.bet[s] end
    end
    if h.bet[only] >= most then return nil end
  end
  return next_seat(self, from, function(s)
    return can_act(h, s) and (not h.acted[s] or h.bet[s] < h.current)
  end)
end

-- the betting round is over: the next street, or the showdown
function Game:_advance_round()
  local h = self.h
  while true do
    for s = 1, self.n do h.bet[s], h.acted[s], h.faced[s] = 0, nil, nil end
    if self.phase_name == "river" then return self:_showdown() end
    for i, name in ipairs(streets) do
      if name == self.phase_name then self.phase_name = streets[i + 1]; break end
    end
    h.current, h.minraise, h.bets = 0, self:_unit(), 0
    for k = #h.board + 1, board_size[self.phase_name] do h.board[k] = h.deck_board[k] end
    h.to_act = self:_find_actor(self.button)
    if h.to_act then return end
  end
end

-- pots by contribution levels: { { amount =, eligible = { seats } }, ... }
function Game:_pots()
  local h = self.h
  local levels, seen = {}, {}
  for s = 1, self.n do
    local c = h.contrib[s]
    if in_hand(h, s) and c > 0 and not seen[c] then seen[c] = true; levels[#levels + 1] = c end
  end
  table.sort(levels)
  local pots, prev, total, given = {}, 0, 0, 0
  for s = 1, self.n do total = total + h.contrib[s] end
  for _, level in ipairs(levels) do
    local pot = { amount = 0, eligible = {} }
    for s = 1, self.n do
      local c = h.contrib[s]
      pot.amount = pot.amount + math.max(0, math.min(c, level) - prev)
      if in_hand(h, s) and c >= level then pot.eligible[#pot.eligible + 1] = s end
    end
    prev = level
    given = given + pot.amount
    pots[#pots + 1] = pot
  end
  -- folded chips above every live seat's level cannot arise (the largest
  -- contributor is never the one who folds), but keep the count honest
  if given < total then pots[#pots].amount = pots[#pots].amount + total - given end
  return pots
end

-- pays the pots and deals the next hand
function Game:_settle(showdown)
  local h = self.h
  local result = { hand = self.hand_no, button = self.button, board = copy(h.board),
                   pots = {}, shown = {}, paid = {} }
  local value, low = {}, {}
  if showdown then
    for s = 1, self.n do
      if in_hand(h, s) then
        if self.form == "omaha" then
          value[s] = poker.omaha(h.hole[s], h.board)
          low[s] = self.hilo and poker.omaha_low(h.hole[s], h.board) or nil
        else
          local seven = { h.hole[s][1], h.hole[s][2] }
          for _, c in ipairs(h.board) do seven[#seven + 1] = c end
          value[s] = poker.eval(seven)
        end
        result.shown[s] = { cards = copy(h.hole[s]), value = value[s], hand = poker.describe(value[s]),
                            low = low[s] and poker.describe_low(low[s]) or nil }
      end
    end
  end
  for s = 1, self.n do result.paid[s] = 0 end
  -- the seats of `eligible` with the best of `of` (nil: no such hand)
  local function best_of(eligible, of)
    local best, winners = nil, {}
    for _, s in ipairs(eligible) do
      local v = of[s]
      if v and (not best or v > best) then best, winners = v, { s }
      elseif v and v == best then winners[#winners + 1] = s end
    end
    return winners
  end
  -- shares `amount` among winners; the odd chips one each, from the first
  -- winner left of the button
  local function pay(amount, winners)
    local k = #winners
    local share, odd = amount // k, amount % k
    for _, s in ipairs(winners) do result.paid[s] = result.paid[s] + share end
    local s = self.button
    while odd > 0 do
      s = s % self.n + 1
      for _, w in ipairs(winners) do
        if w == s then result.paid[s] = result.paid[s] + 1; odd = odd - 1; break end
      end
    end
  end
  for _, pot in ipairs(self:_pots()) do
    local hi = showdown and best_of(pot.eligible, value) or { pot.eligible[1] }
    local lo = showdown and self.hilo and best_of(pot.eligible, low) or {}
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
    result.pots[#result.pots + 1] = entry
  end
  for s = 1, self.n do self.stack[s] = self.stack[s] + result.paid[s] end
  result.stacks = copy(self.stack)
  result.actions = h.actions
  self.hand_results[#self.hand_results + 1] = result
  self:_start_hand()
end

function Game:_showdown()
  self:_settle(true)
end

--- g:next_player() -> the seat to act, or nil once the match is over
function Game:next_player()
  return self.h and self.h.to_act or nil
end

--- g:phase() -> "preflop", "flop", "turn", "river" or "over"
function Game:phase() return self.phase_name end

-- the smallest bet: the big blind, and in fixed limit twice it on the turn
-- and the river
function Game:_unit()
  if self.limit == "fixed" and (self.phase_name == "turn" or self.phase_name == "river") then
    return 2 * self.bb
  end
  return self.bb
end

-- can seat s raise?  Yes if it has not acted, or has only checked (a first
-- bet, even a short all-in one, may be raised); after a bet or call, only
-- when the raises since add up to a full raise, so a short all-in does not
-- reopen the betting
local function may_raise(h, s)
  return not h.acted[s] or h.faced[s] == 0 or h.current - h.faced[s] >= h.minraise
end

--- g:legal() -> { { action = "fold" }, { action = "call", amount = chips },
--  { action = "raise", min = to, max = to }, { action = "allin", amount = chips, to = total }, ... }
function Game:legal()
  local h = self.h
  if not h then return {} end
  local s = h.to_act
  local st, bet, cur = self.stack[s], h.bet[s], h.current
  local to_call = cur - bet
  local out = {}
  local fixed = self.limit == "fixed"
  local unit = self:_unit()
  if to_call > 0 then
    out[#out + 1] = { action = "fold" }
    out[#out + 1] = { action = "call", amount = math.min(to_call, st) }
  else
    out[#out + 1] = { action = "check" }
  end
  local allin = false
  -- pot limit: the most a bet or raise may reach is the current bet and
  -- then the whole pot after the call (never less than the least raise)
  local pot_to = self.limit == "pot" and cur + self:pot() + to_call or math.huge
  if cur == 0 then
    if fixed then
      if st > unit then out[#out + 1] = { action = "bet", min = unit, max = unit } else allin = true end
    else
      local most = math.max(self.bb, math.min(st, pot_to))
      if st > self.bb then out[#out + 1] = { action = "bet", min = self.bb, max = most, limit = pot_to < st and "pot" or nil } end
      allin = st <= most
    end
  elseif st > to_call and may_raise(h, s) and not (fixed and h.bets >= self.cap) then
    local lo = cur + (fixed and unit or h.minraise)
    local hi = fixed and lo or math.max(lo, math.min(bet + st, pot_to))
    if bet + st > lo or (not fixed and bet + st == lo) then
      out[#out + 1] = { action = "raise", min = lo, max = hi, limit = hi < bet + st and pot_to == hi and "pot" or nil }
      allin = not fixed and bet + st <= hi
    else
      allin = true  -- short of a full raise: only all in
    end
  end
  if st > 0 and (allin or st <= to_call) then
    out[#out + 1] = { action = "allin", amount = st, to = bet + st }
  end
  return out
end

local function fail(code, msg) return nil, msg, code end

-- a legal action of the seat to act, by name
local function legal_action(g, action)
  for _, m in ipairs(g:legal()) do
    if m.action == action then return m end
  end
  return nil
end

-- applies action (with amount) for seat, checked: true, or nil, message, code
function Game:_act(seat, action, amount)
  local h = self.h
  if not h then return fail("game_over", "the match is over") end
  if seat ~= h.to_act then
    return fail("not_your_turn", ("seat %d to act, not seat %d"):format(h.to_act, seat))
  end
  local move = legal_action(self, action)
  if not move then return fail("bad_action", ("'%s' is not allowed now"):format(action)) end
  local s = seat
  if action == "bet" or action == "raise" then
    if amount == nil and move.min == move.max then amount = move.min end
    if move.limit == "pot" and math.type(amount) == "integer" and amount > move.max then
      return fail("over_pot_limit", ("%s to at most %d (the pot limit), got %d"):format(action, move.max, amount))
    end
    if math.type(amount) ~= "integer" or amount < move.min or amount > move.max then
      return fail("bad_amount", ("%s to between %d and %d, got %s"):format(action, move.min, move.max,
                                                                             tostring(amount)))
    end
  elseif amount ~= nil then
    return fail("bad_amount", ("'%s' takes no amount"):format(action))
  end
  h.actions[#h.actions + 1] = { seat = s, action = action, amount = amount, phase = self.phase_name }
  self.log[#self.log + 1] = { s, action, amount }
  if action == "fold" then
    h.folded[s] = true
  elseif action == "call" then
    self:_put(s, h.current - h.bet[s])
  elseif action ~= "check" then
    local to = (action == "allin") and (h.bet[s] + self.stack[s]) or amount
    if to > h.current then  -- a bet or raise (maybe a short all-in)
      local inc = to - h.current
      if inc >= h.minraise then h.minraise = inc end
      h.current = to
      h.bets = h.bets + 1
    end
    self:_put(s, to - h.bet[s])
  end
  h.acted[s], h.faced[s] = true, h.current
  -- everyone else folded: the last seat takes the pots without a showdown
  local left = 0
  for t = 1, self.n do
    if in_hand(h, t) then left = left + 1 end
  end
  if left == 1 then
    h.to_act = nil
    self:_settle(false)
    return true
  end
  h.to_act = self:_find_actor(s)
  if not h.to_act then self:_advance_round() end
  return true
end

-- the protocol ------------------------------------------------------

local function action_move(action, amount, extra)
  local fields = { kind = action, text = amount and (action .. " " .. amount) or action, amount = amount }
  for k, v in pairs(extra or {}) do fields[k] = v end
  return Move.new(fields)
end

-- the bet and raise sizes offered among the moves: the least, half the
-- pot and the pot (after a call), each below the most (all in is a move of
-- its own); apply takes any amount in between
local function sizes(g, m)
  local h, out, seen = g.h, {}, {}
  local pot = g:pot() + (h.current - h.bet[h.to_act])
  local all = h.bet[h.to_act] + g.stack[h.to_act]   -- the total all in reaches
  local function add(to)
    to = math.floor(to + 0.5)
    if to >= m.min and to <= m.max and (to < all or m.min == m.max) and not seen[to] then
      seen[to] = true
      out[#out + 1] = to
    end
  end
  add(m.min)
  add(h.current + pot / 2)
  add(h.current + pot)
  table.sort(out)
  return out
end

--- g:moves() -> the legal moves of the seat to act: fold, check, call,
-- bet N / raise N (N the total the seat's bet reaches this round; a few
-- sizes, each move carrying the `min` and `max` that apply accepts) and
-- allin.  Empty when the match is over.
function Game:moves()
  local out = {}
  if not self.h then return out end
  for _, m in ipairs(self:legal()) do
    if m.action == "bet" or m.action == "raise" then
      for _, to in ipairs(sizes(self, m)) do
        out[#out + 1] = action_move(m.action, to, { min = m.min, max = m.max })
      end
    else
      out[#out + 1] = action_move(m.action, nil, { chips = m.amount })
    end
  end
  return out
end

--- g:apply(seat, move [, amount]) -> true, or nil, message, code.  The
-- move is a Move of moves(), its text ("raise 120", "call"), or an action
-- name with its amount.  Codes: game_over, not_your_turn, bad_action,
-- bad_amount, bad_move.
function Game:apply(seat, move, amount)
  if math.type(seat) ~= "integer" then error("bad argument #1 to 'apply' (seat number expected)", 2) end
  local action
  if type(move) == "userdata" then move = tostring(move) end   -- a Card is no Hold'em move
  if Move.is(move) then
    action, amount = move.kind, move.amount
  elseif type(move) == "string" then
    local word, rest = move:lower():match("^%s*(%a+)%s*(.-)%s*$")
    if not word then return fail("bad_move", ("not a move: '%s'"):format(move)) end
    if word == "all" and (rest == "in" or rest == "-in") then word, rest = "allin", "" end
    action = word
    if rest ~= "" then
      if amount ~= nil then return fail("bad_move", "an amount given twice") end
      amount = math.tointeger(tonumber(rest))
      if not amount then return fail("bad_move", ("not a number of chips: '%s'"):format(rest)) end
    end
  else
    -- a player's answer of a kind no move has: refused like a bad text (a
    -- raise would be charged to the game, not the player)
    return fail("bad_move", ("not a move: a %s (%s)"):format(math.type(move) or type(move), tostring(move)))
  end
  return self:_act(seat, action, amount)
end

--- g:act(seat, action [, amount]): apply with an action name and amount
function Game:act(seat, action, amount)
  if math.type(seat) ~= "integer" then error("bad argument #1 to 'act' (seat number expected)", 2) end
  if type(action) ~= "string" then error("bad argument #2 to 'act' (action name expected)", 2) end
  return self:_act(seat, action, amount)
end

--- g:text(move [, amount]) -> the canonical text of a move given in any
-- form apply takes, or nil
function Game:text(move, amount)
  if Move.is(move) then return tostring(move) end
  if type(move) ~= "string" then return nil end
  local word, rest = move:lower():match("^%s*(%a+)%s*(.-)%s*$")
  if not word then return nil end
  if rest ~= "" then amount = math.tointeger(tonumber(rest)) end
  if rest ~= "" and not amount then return nil end
  return amount and (word .. " " .. amount) or word
end

--- g:locations() -> where the cards of the hand being played are: "hole
-- N" per seat dealt in, "board" (the five board cards, shown or not); the
-- rest of the deck is undealt.  Each card in one place at most.
function Game:locations()
  local out = {}
  if not self.h then return out end
  for s = 1, self.n do
    if self.h.hole[s] then out["hole " .. s] = core.cards(self.h.hole[s]) end
  end
  out.board = core.cards(self.h.deck_board)
  return out
end

--- g:chips() -> every chip at the table: the stacks and the pot
function Game:chips()
  local t = self:pot()
  for s = 1, self.n do t = t + self.stack[s] end
  return t
end

--- g:public(text) -> what the other seats see of a move: all of it
function Game:public(text) return text end

--- g:move(text) -> the legal move whose text this is, or nil, message, code
function Game:move(text)
  local m = Move.find(self:moves(), text)
  if m then return m end
  local word, n = text:lower():match("^%s*(%a+)%s*(%d*)%s*$")
  local legal = word and legal_action(self, word)
  if legal and (word == "bet" or word == "raise") then
    n = math.tointeger(tonumber(n))
    if n and n >= legal.min and n <= legal.max then return action_move(word, n, { min = legal.min, max = legal.max }) end
  end
  return nil, ("'%s' is not a legal move now"):format(text), word and "illegal_move" or "bad_move"
end

--- g:stacks() -> { chips per seat } (what is not in the pot)
function Game:stacks() return copy(self.stack) end
--- g:start_stacks() -> { chips per seat } when the match began
function Game:start_stacks() return copy(self.start) end
function Game:button_seat() return self.button end
function Game:hand_number() return self.hand_no end
function Game:results() return self.hand_results end
function Game:seats() return self.n end
function Game:sides() return self.n end
function Game:side(seat) return seat end

--- g:pot() -> the chips in the middle for this hand
function Game:pot()
  local t = 0
  if self.h then for s = 1, self.n do t = t + self.h.contrib[s] end end
  return t
end

-- a copy of a plain table of tables (Cards and the generator are shared
-- or cloned, never changed in place)
local function deep_copy(t)
  if type(t) ~= "table" then return t end
  local out = {}
  for k, v in pairs(t) do out[k] = deep_copy(v) end
  return out
end

--- g:clone() -> an independent copy of the game
function Game:clone()
  local rng = self.rng
  self.rng = nil
  local c = setmetatable(deep_copy(self), Game)
  self.rng, c.rng = rng, rng:clone()
  return c
end

-- the view ----------------------------------------------------------

local View = {}
View.__index = View
View.__metatable = "deckhand.holdem.View"   -- a bot cannot change every view's methods

--- g:view(seat) -> what that seat may know: its own hole cards (hole, a
-- list of two Cards, and hand(seat), a CardSet), the board (a list of
-- Cards in the order dealt), pot, stacks, bets, contrib (chips put in this
-- hand), current (the bet to match), folded / allin / in_hand per seat,
-- this hand's actions, button, the blinds and limits, and last (the last
-- finished hand: what it paid, and the cards shown at a showdown).  A fresh
-- table: nothing in it leads back to the game.
function Game:view(seat)
  if math.type(seat) ~= "integer" or seat < 1 or seat > self.n then
    error(("bad argument #1 to 'view' (seat 1 to %d expected)"):format(self.n), 2)
  end
  local h = self.h
  local v = { _seat = seat, _phase = self.phase_name, hand_no = self.hand_no, button = self.button,
              stacks = copy(self.stack), to_act = h and h.to_act,
              last = deep_copy(self.hand_results[#self.hand_results]),
              _seats = self.n, small_blind = self.sb, big_blind = self.bb, ante = self.ante,
              limit = self.limit, cap = self.cap, max_hands = self.max_hands,
              form = self.form, hilo = self.hilo,
              _moves = {}, _legal = {} }
  if h then
    v.board, v.pot, v.bets, v.current = copy(h.board), self:pot(), copy(h.bet), h.current
    v.contrib = copy(h.contrib)   -- chips each seat has put in this hand
    v.folded, v.allin, v.in_hand = copy(h.folded), copy(h.allin), copy(h.live)
    v.hole = h.hole[seat] and copy(h.hole[seat])
    v.actions = {}
    for i, a in ipairs(h.actions) do v.actions[i] = copy(a) end
    if h.to_act == seat then v._moves, v._legal = self:moves(), self:legal() end
  end
  return setmetatable(v, View)
end

function View:seat() return self._seat end
function View:seats() return self._seats end
function View:phase() return self._phase end
function View:next_player() return self.to_act end
function View:hand_number() return self.hand_no end
--- view:moves() -> the seat's legal moves on its turn, else an empty list
function View:moves() return self._moves end
--- view:legal() -> the legal actions as { action =, min =, max =, amount = } tables
function View:legal() return self._legal end
--- view:hand(seat) -> the CardSet of that seat's hole cards this view
-- knows (its own; empty for the others)
function View:hand(seat)
  if seat == self._seat and self.hole then return core.cards(self.hole) end
  return core.cards({})
end

--- view:move(text) -> the legal move whose text this is, or nil, message, code
function View:move(text)
  local m = Move.find(self._moves, text)
  if m then return m end
  return nil, ("'%s' is not a legal move now"):format(text), "illegal_move"
end

local function names(list)
  local out = {}
  for i, c in ipairs(list or {}) do out[i] = tostring(c) end
  return out
end

--- view:data() -> the view as plain data (card names, numbers, lists)
function View:data()
  local moves, legal = {}, {}
  for i, m in ipairs(self._moves) do moves[i] = tostring(m) end
  for i, m in ipairs(self._legal) do legal[i] = copy(m) end
  local last
  if self.last then
    last = { hand = self.last.hand, paid = self.last.paid, stacks = self.last.stacks,
             board = names(self.last.board), shown = {} }
    -- in seat order: pairs' order would differ between a game and a world
    -- sampled from the view, which must give the seat the same data
    for s = 1, self._seats do
      local sh = self.last.shown[s]
      if sh then last.shown[#last.shown + 1] = { seat = s, cards = names(sh.cards), hand = sh.hand, low = sh.low } end
    end
  end
  return {
    seat = self._seat, seats = self._seats, phase = self._phase, next_player = self.to_act or 0,
    hand_number = self.hand_no, button = self.button, hole = names(self.hole), board = names(self.board),
    pot = self.pot or 0, stacks = self.stacks, bets = self.bets or {}, current = self.current or 0,
    folded = self.folded or {}, allin = self.allin or {}, in_hand = self.in_hand or {},
    small_blind = self.small_blind, big_blind = self.big_blind, ante = self.ante,
    moves = moves, legal = legal, last = last, limit = self.limit, form = self.form, hilo = self.hilo,
  }
end

local function plain(c) return c:display() end

local function move_help(m)
  if m.action == "call" then return ("call %d"):format(m.amount) end
  if m.action == "allin" then return ("allin (%d, to %d)"):format(m.amount, m.to) end
  if m.min then
    if m.min == m.max then return ("%s %d"):format(m.action, m.min) end
    return ("%s %d-%d"):format(m.action, m.min, m.max)
  end
  return m.action
end

--- view:describe([style]) -> the seat's picture of the table as lines of
-- text; style.card(card) may dress a card (colour)
function View:describe(style)
  local card = style and style.card or plain
  local function cards(list)
    local out = {}
    for i, c in ipairs(list or {}) do out[i] = card(c) end
    return #out > 0 and table.concat(out, " ") or "-"
  end
  local out = {}
  out[#out + 1] = ("hand %d, %s, blinds %d/%d, pot %d%s"):format(self.hand_no, self._phase,
    self.small_blind, self.big_blind, self.pot or 0,
    self.limit == "pot" and ", pot limit" or "")
  out[#out + 1] = "board  " .. cards(self.board)
  local seats = {}
  for s = 1, self._seats do
    local tag = s == self._seat and "you" or ("seat " .. s)
    local state = ""
    if self.folded and self.folded[s] then state = " folded"
    elseif self.allin and self.allin[s] then state = " all in"
    elseif self.in_hand and not self.in_hand[s] then state = " out" end
    seats[#seats + 1] = ("%s%s: %d (bet %d)%s"):format(tag, s == self.button and " [button]" or "",
      self.stacks[s], self.bets and self.bets[s] or 0, state)
  end
  out[#out + 1] = table.concat(seats, " | ")
  out[#out + 1] = "your cards  " .. cards(self.hole)
  if #self._legal > 0 then
    local m = {}
    for i, x in ipairs(self._legal) do m[i] = move_help(x) end
    out[#out + 1] = "you may  " .. table.concat(m, ", ")
  end
  return table.concat(out, "\n")
end

--- view:sample(rng) -> a Game consistent with the view: the other seats'
-- hole cards and the rest of the board drawn at random from the cards it
-- cannot see, this hand replayed, later hands shuffled from rng
function View:sample(rng)
  if not self.hole then error("no hand in progress to sample", 2) end
  local seen = core.cards(self.hole) | core.cards(self.board)
  local unseen = (core.deck("french52"):set() - seen):list()
  local function draw()
    return table.remove(unseen, rng:int(#unseen))
  end
  local deal, stacks = { board = copy(self.board) }, {}
  for s = 1, self._seats do
    stacks[s] = self.stacks[s] + self.contrib[s]
    if s == self._seat then deal[s] = copy(self.hole)
    elseif self.in_hand[s] then
      deal[s] = {}
      for k = 1, forms[self.form].hole do deal[s][k] = draw() end
    end
  end
  for k = #deal.board + 1, 5 do deal.board[k] = draw() end
  local g = holdem.game {
    seats = self._seats, stacks = stacks, small_blind = self.small_blind, big_blind = self.big_blind,
    ante = self.ante, limit = self.limit, cap = self.cap, button = self.button, deal = deal,
    first_hand = self.hand_no, seed = rng:int(1, 0x7FFFFFFF),
    max_hands = self.max_hands, form = self.form, hilo = self.hilo or nil,
  }
  for _, a in ipairs(self.actions) do assert(g:_act(a.seat, a.action, a.amount)) end
  g.hand_results = { deep_copy(self.last) }   -- what the view knows of the hands before
  return g
end

-- record, result ----------------------------------------------------

--- g:record() -> { game = "holdem", options, seed, deal, moves = { {seat, text}, ... } }
function Game:record()
  local moves = {}
  for i, a in ipairs(self.log) do moves[i] = { a[1], a[3] and (a[2] .. " " .. a[3]) or a[2] } end
  local v, options = self.variant, {}
  if v then options = copy(v.options)
  else   -- a game made by holdem.game: its own options, but for the deal
    for k, x in pairs(self.opts) do
      if k ~= "seed" and k ~= "deal" and k ~= "deals" and k ~= "first_hand" and k ~= "form" then options[k] = x end
    end
  end
  return { game = v and v.name or self.form, options = options,
           seed = self.opts.seed or 1, deal = self.opts.deal, moves = moves }
end

--- g:result() -> as every game's: seats (chips won, or lost, per seat), sides
-- (the same: each seat is its own side), winners (the seats holding the
-- most chips once the match is over), hands ({ seats = chips won per seat }
-- hand by hand), unit "chips"
function Game:result()
  local seats, side_of, hands = {}, {}, {}
  for s = 1, self.n do seats[s], side_of[s] = self.stack[s] - self.start[s], s end
  local before = self.start
  for i, r in ipairs(self.hand_results) do
    local net = {}
    for s = 1, self.n do net[s] = r.stacks[s] - before[s] end
    hands[i] = { seats = net, sides = net }
    before = r.stacks
  end
  local winners = {}
  local over = self.h == nil
  if over then
    local best = math.max(table.unpack(self.stack))
    for s = 1, self.n do if self.stack[s] == best then winners[#winners + 1] = s end end
  end
  return { over = over, unit = "chips", seats = seats, sides = copy(seats), side_of = side_of,
           winners = winners, winning_sides = copy(winners), hands = hands }
end


--- holdem.variant(name, options, form) -> the variant a rules file returns
-- (rules/holdem.lua, rules/omaha.lua): `options` are the defaults; a chosen
-- option not among them is refused by name, `max_hands = false` means no
-- cap, and the game deals `form` ("holdem" or "omaha")
function holdem.variant(name, options, form)
  local function table_options(chosen, extra)
    local o = {}
    for k, v in pairs(options) do o[k] = v end
    for k, v in pairs(chosen or {}) do
      if options[k] == nil then error(("%s: unknown option '%s'"):format(name, tostring(k)), 3) end
      o[k] = v
    end
    for k, v in pairs(extra or {}) do o[k] = v end
    if o.max_hands == false then o.max_hands = nil end
    o.form = form
    return o
  end
  return {
    name = name,
    kind = "poker",
    options = options,
    seats = function(o) return o.seats end,
    unit = "chips",
    -- raises, naming the option, when the options cannot make a table
    check = function(chosen) holdem.check(table_options(chosen)) end,
    -- game(options [, { seed =, deal =, deals =, stacks = } [, variant]]) -> a Game
    game = function(chosen, extra, variant)
      local g = holdem.game(table_options(chosen, extra))
      g.variant = variant
      return g
    end,
  }
end

return holdem
