-- Scopa: two players, or four in partnerships (seats 1 and 3 against 2
-- and 4), with the Italian 40-card deck: ace, two to seven, jack (fante),
-- queen (cavallo) and king (re) in four suits, diamonds standing for coins
-- (denari).  The cards count ace 1, two to seven their pips, jack 8, queen
-- 9, king 10.
--
-- The dealer deals three cards to each player and four face up on the
-- table; the player after the dealer begins and play goes round.  On your
-- turn you play one card from your hand.  If a table card has its value,
-- you take that card (one of them, if there are several); if none has,
-- but some table cards sum to its value, you take such a set (`7d take 3c
-- 4s`: every choice is a move of its own); if it takes nothing it stays
-- on the table (`7d`).  A card that can take must take.  The cards taken,
-- with the card that took them, go to the taker's side.  Taking every card
-- on the table is a scopa, worth a point, except on the last play of the
-- deal.  When every hand is empty, the dealer deals three more cards each
-- (none to the table) until the deck is used up; at the end of the deal,
-- the cards left on the table go to the side that took last.
--
-- Each deal scores, per side: a point for the most cards, one for the
-- most coins (a tie scores for nobody), one for the seven of coins (the
-- settebello), one for primiera and one for each scopa.  Primiera: each
-- side's best card of every suit, counted 7 as 21, 6 as 18, ace 16, 5 15,
-- 4 14, 3 13, 2 12, jack, queen and king 10, summed; the higher sum wins
-- (a side missing a suit has no sum and loses to one that has all four;
-- a tie scores for nobody).  The deal passes to the next player.  When a
-- side has `target` (11) points or more after a deal, and more than the
-- other side, it wins the game; `max_hands` stops any game.
local dh = require "deckhand"

local scopa = dh.scopa
local SUITS = { "c", "d", "h", "s" }
local COINS = "d"
local SETTEBELLO = dh.card("7d")
local PRIMIERA = { [7] = 21, [6] = 18, [1] = 16, [5] = 15, [4] = 14, [3] = 13, [2] = 12,
                   [8] = 10, [9] = 10, [10] = 10 }

local lua_game = require "deckhand.lua_game"
local shuffled, take, show = lua_game.shuffled, lua_game.take, lua_game.show

local function side_of(o, seat) return o._sides[seat] end

-- three cards to each player from the stock, starting after the dealer
local function deal_round(s, o)
  local n = o._seats
  local cards = {}
  for seat = 1, n do cards[seat] = {} end
  for _ = 1, 3 do
    for k = 1, n do
      local seat = (s.dealer + k - 1) % n + 1
      local list = cards[seat]
      list[#list + 1] = table.remove(s.stock)
    end
  end
  for seat = 1, n do s.hands[seat] = dh.cards(cards[seat]) end
end

local function deal_hand(s, o, rng)
  s.stock = shuffled(dh.deck("italian40"):set(), rng)
  s.hands = {}
  deal_round(s, o)
  s.table = take(s.stock, 4)
  s.taken = { dh.cards(), dh.cards() }
  s.scope = { 0, 0 }
  s.last_taker = nil
  s.turn, s.phase = s.dealer % o._seats + 1, "play"
  return s
end

-- the seat on turn's moves: each card with each capture it may make, or
-- alone when it takes nothing
local function moves(s)
  local out = {}
  for card in s.hands[s.turn]:iter() do
    local caps = scopa.captures(s.table, scopa.value(card))
    if #caps == 0 then out[#out + 1] = card end
    for _, cap in ipairs(caps) do
      out[#out + 1] = dh.move { kind = "capture", text = ("%s take %s"):format(tostring(card), tostring(cap)),
                                card = card, cards = cap }
    end
  end
  return out
end

-- a side's primiera sum, or nil when it lacks a suit
local function primiera(set)
  local total = 0
  for _, suit in ipairs(SUITS) do
    local best = nil
    for c in set:iter() do
      if c.suit == suit then
        local p = PRIMIERA[scopa.value(c)]
        if not best or p > best then best = p end
      end
    end
    if not best then return nil end
    total = total + best
  end
  return total
end

local function count_suit(set, suit)
  local n = 0
  for c in set:iter() do if c.suit == suit then n = n + 1 end end
  return n
end

-- the side (1 or 2) with more of something, nil on a tie
local function more(a, b)
  if a > b then return 1 elseif b > a then return 2 end
end

-- a deal's points per side, and the details: cards, coins, settebello,
-- primiera, scope
local function score_deal(taken, scope)
  local points = { scope[1], scope[2] }
  local detail = { scope = { scope[1], scope[2] } }
  local function award(what, side)
    detail[what] = side or 0
    if side then points[side] = points[side] + 1 end
  end
  award("cards", more(#taken[1], #taken[2]))
  award("coins", more(count_suit(taken[1], COINS), count_suit(taken[2], COINS)))
  award("settebello", taken[1]:has(SETTEBELLO) and 1 or taken[2]:has(SETTEBELLO) and 2 or nil)
  local p1, p2 = primiera(taken[1]), primiera(taken[2])
  award("primiera", more(p1 or -1, p2 or -1))
  detail.primiera_sums = { p1 or 0, p2 or 0 }
  return points, detail
end

local function end_hand(s, o, rng)
  if s.last_taker and #s.table > 0 then
    local side = side_of(o, s.last_taker)
    s.taken[side] = s.taken[side] | s.table
  end
  s.table = dh.cards()
  local points, detail = score_deal(s.taken, s.scope)
  local row = {}
  for seat = 1, o._seats do row[seat] = points[side_of(o, seat)] end
  detail.seats, detail.sides = row, points
  s.results[#s.results + 1] = detail
  for side = 1, 2 do s.scores[side] = s.scores[side] + points[side] end
  local a, b = s.scores[1], s.scores[2]
  if (math.max(a, b) >= o.target and a ~= b) or s.hand >= o.max_hands then
    s.turn, s.phase = nil, "over"
    return
  end
  s.hand, s.dealer = s.hand + 1, s.dealer % o._seats + 1
  deal_hand(s, o, rng)
end

local function apply(s, o, seat, m, rng)
  local card = type(m) == "table" and m.card or m
  s.hands[seat] = s.hands[seat] - dh.cards { card }
  local last_play = #s.stock == 0
  for k = 1, o._seats do if #s.hands[k] > 0 then last_play = false end end
  if type(m) == "table" then
    local side = side_of(o, seat)
    s.table = s.table - m.cards
    s.taken[side] = s.taken[side] | m.cards | dh.cards { card }
    s.last_taker = seat
    if #s.table == 0 and not last_play then s.scope[side] = s.scope[side] + 1 end
  else
    s.table = s.table | dh.cards { card }
  end
  if last_play then return end_hand(s, o, rng) end
  s.turn = seat % o._seats + 1
  if #s.hands[s.turn] == 0 then deal_round(s, o) end
end

-- what a capture is worth at a glance: its cards, coins, the settebello,
-- sevens (primiera) and a sweep
local function worth(m, table_cards)
  local cards = m.cards | dh.cards { m.card }
  local v = #cards + count_suit(cards, COINS)
  if cards:has(SETTEBELLO) then v = v + 4 end
  for c in cards:iter() do if scopa.value(c) == 7 then v = v + 1 end end
  if #(table_cards - m.cards) == 0 then v = v + 10 end
  return v
end

return dh.lua_game {
  name = "scopa",
  options = {
    players = 2,        -- 2, or 4 in partnerships
    target = 11,        -- points that win the game
    max_hands = 50,     -- every game ends
  },
  seats = function(o) return o.players end,
  sides = function(o) return o.players == 4 and { 1, 2, 1, 2 } or { 1, 2 } end,
  check = function(o)
    if o.players ~= 2 and o.players ~= 4 then
      error(("scopa: players must be 2 or 4, got %s"):format(tostring(o.players)), 0)
    end
    for _, k in ipairs { "target", "max_hands" } do
      if math.type(o[k]) ~= "integer" or o[k] < 1 then
        error(("scopa: %s must be a positive integer, got %s"):format(k, tostring(o[k])), 0)
      end
    end
  end,
  deal = function(o, rng) return deal_hand({ hand = 1, dealer = 1, scores = { 0, 0 }, results = {} }, o, rng) end,
  moves = moves,
  apply = apply,
  -- a seat sees its hand, the table, every card taken (each was played
  -- face up), the scope, how many cards each holds, the stock's size and
  -- the scores
  view = function(s, o, seat)
    local v = { hand = s.hands[seat], table = s.table, taken = s.taken, scope = s.scope, counts = {},
                stock = #s.stock, scores = s.scores, last_taker = s.last_taker, dealer = s.dealer,
                hand_number = s.hand, results = s.results, turn = s.turn, phase = s.phase, seat = seat }
    for k = 1, o._seats do v.counts[k] = #s.hands[k] end
    return v
  end,
  -- the cards the seat has not seen, dealt at random to the other hands
  -- and the stock
  sample = function(v, o, rng)
    local hidden = dh.deck("italian40"):set() - v.hand - v.table - v.taken[1] - v.taken[2]
    local pool = shuffled(hidden, rng)
    local hands = {}
    for k = 1, o._seats do hands[k] = k == v.seat and v.hand or take(pool, v.counts[k]) end
    return { hands = hands, stock = pool, table = v.table, taken = v.taken, scope = v.scope, scores = v.scores,
             last_taker = v.last_taker, dealer = v.dealer, hand = v.hand_number, results = v.results,
             turn = v.turn, phase = v.phase }
  end,
  -- a quick choice for the simple bots: the capture worth most (cards,
  -- coins, the settebello, sevens, a sweep), else the lowest card
  greedy = function(v, o, choices)
    local best, value
    for _, m in ipairs(choices) do
      if type(m) == "table" then
        local w = worth(m, v.table)
        if not best or w > value then best, value = m, w end
      end
    end
    if best then return best end
    for _, m in ipairs(choices) do
      if not best or scopa.value(m) < scopa.value(best) then best = m end
    end
    return best
  end,
  describe = function(v, o, card)
    local function list(set) return show(set, card) end
    return table.concat({
      ("deal %d, scores %d / %d (to %d), scope %d / %d"):format(v.hand_number, v.scores[1], v.scores[2],
                                                             o.target, v.scope[1], v.scope[2]),
      ("table  %s   (stock %d)"):format(list(v.table), v.stock),
      ("taken  %d / %d cards"):format(#v.taken[1], #v.taken[2]),
      "your hand  " .. list(v.hand),
    }, "\n")
  end,
  result = function(s, o)
    local seats, winners = {}, {}
    for seat = 1, o._seats do seats[seat] = s.scores[side_of(o, seat)] end
    if not s.turn then
      local best = math.max(s.scores[1], s.scores[2])
      for seat = 1, o._seats do
        if s.scores[side_of(o, seat)] == best then winners[#winners + 1] = seat end
      end
    end
    return { seats = seats, winners = winners, hands = s.results }
  end,
  locations = function(s, o)
    local out = { table = s.table, stock = dh.cards(s.stock), ["taken 1"] = s.taken[1], ["taken 2"] = s.taken[2] }
    for k = 1, o._seats do out["hand " .. k] = s.hands[k] end
    return out
  end,
}
