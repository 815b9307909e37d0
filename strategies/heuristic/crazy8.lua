-- heuristic.crazy8: Crazy Eights as a careful player plays it.
--
-- Keep the eights: an eight is played only when no other card matches,
-- since it is the one card that always goes.  Among the matching cards,
-- go where the hand is long: the card whose suit (the suit the next player
-- must then match) leaves the most cards of that suit in hand, then the
-- costliest card (a ten or a face card left in hand counts 10 against us).
-- An eight calls the suit held most after it.  With nothing to play: draw
-- (or pass when drawing is over).
-- Everything comes from the view: the moves it offers, the hand and the
-- counts of the others.  Options: variant, seed.
--
-- For pimc (strategies/pimc/lua_game.lua) it also plays whole hands fast:
-- playouts(world, seat, moves, seed) finishes a sampled world's hand once
-- per candidate move, every seat playing as this heuristic, on plain
-- numbers instead of the protocol's views (M.playout, the same play and
-- the rules' scoring; crazy8_spec checks it against the protocol).
local dh = require "deckhand"

local M = {}

-- the penalty a card left in hand costs (the rules' scoring order: an
-- eight most, then the tens and faces, then the pips; only the order
-- matters here)
local function cost(card)
  if card.rank == 8 then return 50 end
  if card.rank >= 10 and card.rank <= 13 then return 10 end
  if card.rank == 14 then return 1 end
  return card.rank
end

local function suit_counts(hand, without)
  local n = { c = 0, d = 0, h = 0, s = 0 }
  for card in hand:iter() do
    if card ~= without and card.rank ~= 8 then n[card.suit] = n[card.suit] + 1 end
  end
  return n
end

-- ---------------------------------------------------------------- playouts
-- A card as a number: suit index * 16 + rank (2..14, ace high), so that
-- numbers sort as the card sets iterate (suit c d h s, then rank).
local SUITS = { "c", "d", "h", "s" }
local SUIT_AT = { c = 0, d = 1, h = 2, s = 3 }
local CODE, CARD = {}, {}
for k, suit in ipairs(SUITS) do
  for r = 2, 14 do
    local card = dh.card(("23456789TJQKA"):sub(r - 1, r - 1) .. suit)
    CODE[tostring(card)], CARD[(k - 1) * 16 + r] = (k - 1) * 16 + r, card
  end
end
local function code_of(card) return CODE[tostring(card)] end

local function value_of(n)   -- the rules' penalty for a card left in hand
  local r = n % 16
  if r == 8 then return 50 end
  if r >= 10 and r <= 13 then return 10 end
  if r == 14 then return 1 end
  return r
end

-- the hand's count per suit of its cards other than eights, less `without`
local function counts_of(hand, without)
  local n = { [0] = 0, 0, 0, 0 }
  for _, c in ipairs(hand) do
    if c ~= without and c % 16 ~= 8 then n[c // 16] = n[c // 16] + 1 end
  end
  return n
end

-- the heuristic's move in position p: "card", code; "eight", code, suit
-- index; "draw"; "pass" (as s.move below chooses among the rules' moves)
local function choose(p)
  local hand = p.hands[p.turn]
  local best, best_score, eight
  for _, c in ipairs(hand) do
    if c % 16 == 8 then
      if not eight or c < eight then eight = c end
    elseif c // 16 == p.suit or c % 16 == p.top % 16 then
      local score = counts_of(hand, c)[c // 16] * 100 + value_of(c)
      if not best or score > best_score or (score == best_score and c < best) then best, best_score = c, score end
    end
  end
  if best then return "card", best end
  if eight then
    local n, suit = counts_of(hand, eight), 0
    for k = 1, 3 do if n[k] > n[suit] then suit = k end end
    return "eight", eight, suit
  end
  if #p.stock > 0 and (p.draw_limit == 0 or p.draws < p.draw_limit) then return "draw" end
  return "pass"
end

local function count(hand)
  local n = 0
  for _, c in ipairs(hand) do n = n + value_of(c) end
  return n
end

--- M.playout(p [, kind, card, suit]) -> the hand's points per seat (a
-- list): position p played to the end of its hand, the seat on turn making
-- the given move first, then every seat as the heuristic.  p: { hands =
-- { {codes}, ... }, stock = {codes, next drawn last}, top = code, suit =
-- suit index, turn, draws, passes, draw_limit } (card codes: suit index *
-- 16 + rank), changed in place.
function M.playout(p, kind, card, suit)
  local n = #p.hands
  if not kind then kind, card, suit = choose(p) end
  for _ = 1, 10000 do
    local t = p.turn
    local hand = p.hands[t]
    if kind == "draw" then
      hand[#hand + 1] = table.remove(p.stock)
      p.draws, p.passes = p.draws + 1, 0
    elseif kind == "pass" then
      p.passes, p.draws = p.passes + 1, 0
      if p.passes >= n then   -- blocked: the lowest count alone scores
        local counts, low, who = {}, math.huge, nil
        for k = 1, n do
          counts[k] = count(p.hands[k])
          if counts[k] < low then low, who = counts[k], k elseif counts[k] == low then who = nil end
        end
        local row = {}
        for k = 1, n do row[k] = 0 end
        if who then for k = 1, n do if k ~= who then row[who] = row[who] + counts[k] - low end end end
        return row
      end
      p.turn = t % n + 1
    else
      for i, c in ipairs(hand) do
        if c == card then hand[i] = hand[#hand]; hand[#hand] = nil; break end
      end
      p.top = card
      p.suit = kind == "eight" and suit or card // 16
      p.draws, p.passes = 0, 0
      if #hand == 0 then
        local row = {}
        for k = 1, n do row[k] = 0 end
        for k = 1, n do if k ~= t then row[t] = row[t] + count(p.hands[k]) end end
        return row
      end
      p.turn = t % n + 1
    end
    kind, card, suit = choose(p)
  end
  error("crazy8 playout: a hand that does not end")
end

--- M.position(world [, view [, stock_order]]) -> the position of a
-- world's hand for M.playout (view: the seat on turn's, whose public
-- fields every seat shares), its stock in stock_order when given (a list
-- of Cards, the next drawn last), else in set order
function M.position(world, view, stock_order)
  local at, n = world:locations(), world:seats()
  view = view or world:view(world:next_player())
  local hands = {}
  for k = 1, n do
    local h = {}
    for c in at["hand " .. k]:iter() do h[#h + 1] = code_of(c) end
    hands[k] = h
  end
  local stock = {}
  if stock_order then for i, c in ipairs(stock_order) do stock[i] = code_of(c) end
  else for c in at.stock:iter() do stock[#stock + 1] = code_of(c) end end
  local pile = view:get("pile")
  return { hands = hands, stock = stock, top = code_of(pile[#pile]), suit = SUIT_AT[view:get("suit")],
           turn = world:next_player(), draws = view:get("draws"), passes = view:get("passes") }
end

-- a move of the game as M.playout takes it
local function as_play(m)
  if type(m) ~= "table" then return "card", code_of(m) end
  if m.kind == "eight" then return "eight", code_of(m.card), SUIT_AT[m.suit] end
  return m.kind
end
M.as_play = as_play

local function copy_position(p)
  local hands = {}
  for k, h in ipairs(p.hands) do hands[k] = table.move(h, 1, #h, 1, {}) end
  return { hands = hands, stock = table.move(p.stock, 1, #p.stock, 1, {}), top = p.top, suit = p.suit,
           turn = p.turn, draws = p.draws, passes = p.passes, draw_limit = p.draw_limit }
end

-- ---------------------------------------------------------------- inference
-- What the hand's public log (the view's `log`) tells of the others'
-- hidden cards when they play as this heuristic: it draws only when it has
-- nothing to play, passes only then, and plays an eight only when no other
-- card matches.  So at each draw or pass the seat held no card of the suit
-- to follow, none of the top card's rank and no eight; right after playing
-- an eight it held no other card of the suit or rank that had been on top.
-- Each such moment is a constraint on the seat's hand then, with an
-- allowance: how many of its cards now may break it, the cards it has drawn
-- since and kept.  A card it plays that breaks one uses the allowance up;
-- one played beyond it shows the seat did not play so, and the constraint is
-- dropped.

-- whether card code x could have been played by a seat bound by c
local function breaks(c, x)
  if x % 16 == 8 then return c.eights end
  return x // 16 == c.suit or x % 16 == c.rank
end

--- M.inferences(view) -> constraints[seat] = { { suit =, rank =, eights =,
-- allow = }, ... }: the live constraints on each seat's hand now, read
-- from the view's log (see above); the view's own seat has none
function M.inferences(view)
  local pile, n, me = view:get("pile"), view:seats(), view:seat()
  local cons, drew = {}, {}
  for k = 1, n do cons[k] = {} end
  local top = code_of(pile[1])
  local suit = top // 16
  local log = view:get("log") or ""
  local function bind(k, eights)
    local c = { suit = suit, rank = top % 16, eights = eights, allow = 0 }
    cons[k][#cons[k] + 1] = c
    return c
  end
  for seat, text in log:gmatch("(%d+):([^,]+)") do
    local k = tonumber(seat)
    local list = cons[k]
    if text == "draw" then
      for _, c in ipairs(list) do c.allow = c.allow + 1 end
      drew[k] = bind(k, true)
    elseif text == "pass" then
      bind(k, true)
      drew[k] = nil
    else
      local card_text, called = text:match("^(%S+) call (%a)$")
      local x = code_of(dh.card(card_text or text))
      for i = #list, 1, -1 do
        local c = list[i]
        if drew[k] then
          -- the card just drawn is the one played: the older constraints'
          -- allowance for it goes
          if c ~= drew[k] then c.allow = c.allow - 1 end
        elseif breaks(c, x) then
          c.allow = c.allow - 1
          if c.allow < 0 then table.remove(list, i) end
        end
      end
      drew[k] = nil
      if called then bind(k, false) end
      top, suit = x, called and SUIT_AT[called] or x // 16
    end
  end
  cons[me] = {}
  return cons
end

--- M.deal(hidden, counts, cons, rng, me) -> hands, stock: the hidden card
-- codes dealt to the other seats (counts[k] each) so that each keeps its
-- constraints (a seat's hand holds at most c.allow cards breaking c): the
-- pool shuffled, each seat (the most bound first) taking the first cards
-- that keep its constraints, and any cards still missing at random when
-- none does; the rest is the stock, in random order
function M.deal(hidden, counts, cons, rng, me)
  local pool = table.move(hidden, 1, #hidden, 1, {})
  for i = #pool, 2, -1 do
    local j = rng:int(i)
    pool[i], pool[j] = pool[j], pool[i]
  end
  local order = {}
  for k = 1, #counts do if k ~= me then order[#order + 1] = k end end
  table.sort(order, function(a, b)
    if #cons[a] ~= #cons[b] then return #cons[a] > #cons[b] end
    return a < b
  end)
  local hands, taken = {}, {}
  for _, k in ipairs(order) do
    local hand, used, list = {}, {}, cons[k]
    for i = 1, #pool do
      if #hand == counts[k] then break end
      local x = pool[i]
      if not taken[i] then
        local ok = true
        for j, c in ipairs(list) do
          if breaks(c, x) and (used[j] or 0) >= c.allow then ok = false; break end
        end
        if ok then
          for j, c in ipairs(list) do if breaks(c, x) then used[j] = (used[j] or 0) + 1 end end
          hand[#hand + 1], taken[i] = x, true
        end
      end
    end
    for i = 1, #pool do   -- constraints that cannot all be kept: at random
      if #hand == counts[k] then break end
      if not taken[i] then hand[#hand + 1], taken[i] = pool[i], true end
    end
    hands[k] = hand
  end
  local stock = {}
  for i = 1, #pool do if not taken[i] then stock[#stock + 1] = pool[i] end end
  for i = #stock, 2, -1 do   -- the hands took their cards from the front: the order anew
    local j = rng:int(i)
    stock[i], stock[j] = stock[j], stock[i]
  end
  return hands, stock
end

local settings_of = dh.settings_of

function M.new(options)
  local s = { name = "heuristic.crazy8" }
  local draw_limit = settings_of(options and options.variant).draw_limit or 0
  function s.move(view)
    local moves, hand = view:moves(), view:get("hand")
    local best, best_score
    for _, m in ipairs(moves) do   -- matching cards that are not eights
      if type(m) ~= "table" and m.rank ~= 8 then
        local score = suit_counts(hand, m)[m.suit] * 100 + cost(m)
        if not best or score > best_score then best, best_score = m, score end
      end
    end
    if best then return best end
    for _, m in ipairs(moves) do   -- an eight, calling the suit held most after it
      if type(m) == "table" and m.kind == "eight" then
        local n = suit_counts(hand, m.card)
        local score = n[m.suit]
        if not best or score > best_score then best, best_score = m, score end
      end
    end
    if best then return best end
    return moves[#moves]   -- draw, or pass
  end
  s.script = s.move
  --- playouts(world, me, moves, seed [, view [, infer]]) -> for each
  -- move, the hand's points for seat me less the others' mean once me, on
  -- turn, has made it and every seat has played on as this heuristic; the
  -- stock (unknown to me: a sampled world's) shuffled by an rng of that
  -- seed, the same for every move; with infer (and the view), the others'
  -- hands dealt again from the cards hidden from me, keeping what the log
  -- shows of them (M.inferences, M.deal)
  local known = setmetatable({}, { __mode = "k" })   -- a view's inferences, read once
  function s.playouts(world, me, moves, seed, view, infer)
    local base = M.position(world, view)
    base.draw_limit = draw_limit
    local stock, rng = base.stock, dh.rng(seed)
    if infer and view then
      -- the others' hands and the stock dealt again, keeping what their
      -- draws, passes and eights showed
      local cons = known[view] or M.inferences(view)
      known[view] = cons
      local hidden, counts = {}, {}
      for k, h in ipairs(base.hands) do
        counts[k] = #h
        if k ~= me then table.move(h, 1, #h, #hidden + 1, hidden) end
      end
      table.move(stock, 1, #stock, #hidden + 1, hidden)
      local hands
      hands, base.stock = M.deal(hidden, counts, cons, rng, me)
      for k, h in pairs(hands) do base.hands[k] = h end
    else
      for i = #stock, 2, -1 do
        local j = rng:int(i)
        stock[i], stock[j] = stock[j], stock[i]
      end
    end
    local out = {}
    for i, m in ipairs(moves) do
      local row = M.playout(copy_position(base), as_play(m))
      local others, n = 0, 0
      for k, v in ipairs(row) do if k ~= me then others, n = others + v, n + 1 end end
      out[i] = row[me] - others / n
    end
    return out
  end
  s.worlds = 300
  return s
end

return M
