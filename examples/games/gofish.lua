-- Go Fish: two to six players, each for themselves, a 52-card deck.
-- Rules after pagat.com (https://www.pagat.com/quartet/gofish.html), as
-- this file plays them:
--
-- Deal seven cards each to two or three players, five each to more; the
-- rest is the stock, face down.  The player left of the dealer asks first.
--
-- On your turn ask one other player for a rank you hold at least one card
-- of (`ask 3 for Q`: seat 3, your queens).  If they hold any, they give
-- you all of them, openly, and you ask again.  If they hold none they say
-- "go fish" and you draw the stock's top card: if it is the rank you asked
-- for you show it and ask again, otherwise the turn passes to the player
-- who said "go fish".  Four cards of a rank are a book: whoever collects
-- one lays it down at once, face up.  A player whose turn comes with no
-- cards draws one from the stock (and then asks); with the stock empty too
-- they are out of the hand and the turn passes on.  A player left with
-- no cards on another's turn (all given away, or laid down as a book)
-- draws one at once while the stock lasts.
--
-- The hand ends when all thirteen books are down.  So that every hand
-- ends whatever the players do, it also ends once the stock is empty and
-- as many asks in a row as there are players have been answered "go fish"
-- (the books still in hands then count for nobody).  A book scores one
-- point; the most books after `max_hands` hands (one by default) wins.
local dh = require "deckhand"
local lua_game = dh.lua_game   -- also a table of helpers: shuffled, take, facts, copy, show
local facts = lua_game.facts   -- what the moves revealed, and worlds that keep it

local RANKS = { "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A" }
local DECK = dh.deck("french52"):set()

-- the four cards of a rank
local OF_RANK = {}
for r = 2, 14 do
  OF_RANK[r] = dh.cards { RANKS[r - 1] .. "c", RANKS[r - 1] .. "d", RANKS[r - 1] .. "h", RANKS[r - 1] .. "s" }
end

local function rank_name(r) return RANKS[r - 1] end

-- the same four cards as bits (set:bits()): a hand's ranks are read from
-- its bits, with no CardSet made for each rank (pimc's rollouts ask often)
local BITS = {}
for r = 2, 14 do BITS[r] = OF_RANK[r]:bits() end
local function count_rank(bits, r)
  local x, n = bits & BITS[r], 0
  while x ~= 0 do x, n = x & (x - 1), n + 1 end
  return n
end

-- the asks, made once (a Move cannot change, so every state shares them):
-- ASKS[seat][rank] asks that seat for that rank
local ASKS = {}
for k = 1, 6 do
  ASKS[k] = {}
  for r = 2, 14 do
    ASKS[k][r] = dh.move { kind = "ask", text = ("ask %d for %s"):format(k, rank_name(r)), seat = k, rank = r }
  end
end

local function log_move(s, text)
  s.log = (s.log == "" and "" or s.log .. ",") .. text
end

-- the stock's top card into a hand, shown to all when shown(card) says so;
-- unseen, it may be of a rank the seat was known to lack
local function draw(s, seat, shown)
  local card = table.remove(s.stock)
  s.hands[seat] = s.hands[seat] | dh.cards { card }
  if shown(card) then facts.shown(s.facts, seat, dh.cards { card }) else facts.hidden(s.facts, seat) end
  return card
end
local function hidden() return false end

-- a hand emptied (given away or booked) draws a card at once while the
-- stock lasts, so that a player on turn always has someone to ask
local function refill(s, seat)
  if #s.hands[seat] == 0 and #s.stock > 0 then
    draw(s, seat, hidden)
    log_move(s, seat .. ":draw")
  end
end

-- lay down every complete rank of the seat's hand (only rank `only` when
-- given: the one whose cards just came in)
local function books(s, seat, only)
  local bits = s.hands[seat]:bits()
  for r = only or 2, only or 14 do
    if bits & BITS[r] == BITS[r] then
      s.hands[seat] = s.hands[seat] - OF_RANK[r]
      s.books[seat][#s.books[seat] + 1] = r
      s.scores_hand[seat] = s.scores_hand[seat] + 1
      s.down = s.down + 1
      facts.left(s.facts, seat, OF_RANK[r])
      log_move(s, ("%d:book %s"):format(seat, rank_name(r)))
    end
  end
  refill(s, seat)
end

local deal_hand

local function end_hand(s, o, rng)
  local row = {}
  for k = 1, o._seats do
    row[k] = s.scores_hand[k]
    s.scores[k] = s.scores[k] + row[k]
  end
  s.results[#s.results + 1] = { seats = row, sides = row }
  if s.hand >= o.max_hands then s.turn, s.phase = nil, "over"; return end
  s.hand, s.dealer = s.hand + 1, s.dealer % o._seats + 1
  deal_hand(s, o, rng)
end

-- the turn to `seat`, or the next seat that can act: an empty hand draws
-- one card, or with the stock empty is out
local function give_turn(s, o, rng, seat)
  local n = o._seats
  if s.down == 13 then return end_hand(s, o, rng) end
  for _ = 1, n do
    if #s.hands[seat] == 0 and #s.stock > 0 then
      local card = draw(s, seat, hidden)
      log_move(s, seat .. ":draw")
      books(s, seat, card.rank)
      if s.down == 13 then return end_hand(s, o, rng) end
    end
    if #s.hands[seat] > 0 then s.turn = seat; return end
    seat = seat % n + 1
  end
  end_hand(s, o, rng)   -- nobody holds a card: every book is down
end

deal_hand = function(s, o, rng)
  local n = o._seats
  local stock = lua_game.shuffled(DECK, rng)
  local size = n <= 3 and 7 or 5
  s.hands, s.books, s.scores_hand = {}, {}, {}
  for k = 1, n do
    s.hands[k] = lua_game.take(stock, size)
    s.books[k], s.scores_hand[k] = {}, 0
  end
  s.stock, s.down, s.misses, s.log = stock, 0, 0, ""
  s.facts = facts.new(n)
  s.phase = "ask"
  for k = 1, n do books(s, k) end
  give_turn(s, o, rng, s.dealer % n + 1)
end

local function moves(s, o)
  local out, me, asked = {}, s.turn, {}
  for k = 1, o._seats do
    if k ~= me and #s.hands[k] > 0 then asked[#asked + 1] = k end
  end
  local bits = s.hands[me]:bits()
  for r = 2, 14 do
    if bits & BITS[r] ~= 0 then
      for _, k in ipairs(asked) do out[#out + 1] = ASKS[k][r] end
    end
  end
  return out
end

local function apply(s, o, seat, m, rng)
  local f, r, asked = s.facts, m.rank, m.seat
  -- what the ask and its answer show: the asker holds the rank; the asked
  -- seat gives every card of it, openly, and holds none after
  facts.holds_one(f, seat, OF_RANK[r])
  local caught = s.hands[asked] & OF_RANK[r]
  if #caught > 0 then
    s.hands[asked] = s.hands[asked] - caught
    s.hands[seat] = s.hands[seat] | caught
    facts.left(f, asked, caught)
    facts.shown(f, seat, caught)
  end
  facts.lacks(f, asked, OF_RANK[r])
  if #caught > 0 then
    s.misses = 0
    log_move(s, ("%d:ask %d %s:gave %s"):format(seat, asked, rank_name(r), tostring(caught)))
    refill(s, asked)
    books(s, seat, r)
    return give_turn(s, o, rng, seat)
  end
  if #s.stock == 0 then
    s.misses = s.misses + 1
    log_move(s, ("%d:ask %d %s:go fish"):format(seat, asked, rank_name(r)))
    if s.misses >= o._seats then return end_hand(s, o, rng) end
    return give_turn(s, o, rng, asked)
  end
  s.misses = 0
  local card = draw(s, seat, function(c) return c.rank == r end)
  if card.rank == r then   -- shown: the fisher asks again
    log_move(s, ("%d:ask %d %s:go fish:drew %s"):format(seat, asked, rank_name(r), tostring(card)))
    books(s, seat, r)
    return give_turn(s, o, rng, seat)
  end
  log_move(s, ("%d:ask %d %s:go fish:drew"):format(seat, asked, rank_name(r)))
  books(s, seat, card.rank)
  give_turn(s, o, rng, asked)
end

return dh.lua_game {
  name = "gofish",
  options = { players = 4, max_hands = 1 },
  seats = function(o) return o.players end,
  check = function(o)
    if math.type(o.players) ~= "integer" or o.players < 2 or o.players > 6 then
      error(("gofish: players must be 2 to 6, got %s"):format(tostring(o.players)), 0)
    end
    if math.type(o.max_hands) ~= "integer" or o.max_hands < 1 or o.max_hands > 100 then
      error("gofish: max_hands must be 1 to 100", 0)
    end
  end,
  deal = function(o, rng)
    local s = { hand = 1, dealer = 1, scores = {}, results = {} }
    for k = 1, o._seats do s.scores[k] = 0 end
    deal_hand(s, o, rng)
    return s
  end,
  -- pimc's rollouts here run to the end of the hand, and a world's luck
  -- outweighs most asks' differences: the greedy's first three asks (not
  -- every ask) in 12 worlds, the best checked against the greedy's ask on
  -- 32 fresh worlds, keep a decision under 50 ms
  bots = { pimc = { worlds = 12, candidates = 3, confirm = 32 } },
  moves = moves,
  apply = apply,
  -- a seat sees its own hand, the others' counts, the books, the stock's
  -- size, the facts the asks and answers showed, and the hand's log
  view = function(s, o, seat)
    local counts = {}
    for k = 1, o._seats do counts[k] = #s.hands[k] end
    return { hand = s.hands[seat], counts = counts, books = s.books, stock = #s.stock, facts = s.facts,
             scores = s.scores, scores_hand = s.scores_hand, results = s.results, hand_number = s.hand,
             dealer = s.dealer, down = s.down, misses = s.misses, turn = s.turn, phase = s.phase,
             seat = seat, log = s.log }
  end,
  -- the hidden cards dealt again, keeping what the table has seen (the
  -- facts): each hand holds the cards seen going into it, a card of every
  -- rank it asked for, and nothing of a rank it last answered "go fish" to
  sample = function(v, o, rng)
    local unseen, counts = DECK - v.hand, {}
    for k = 1, o._seats do
      for _, r in ipairs(v.books[k]) do unseen = unseen - OF_RANK[r] end
      if k ~= v.seat then counts[k] = v.counts[k] end
    end
    -- no hand may hold a whole book: it would have been laid down
    local function fits(hands)
      for _, h in pairs(hands) do
        local bits = h:bits()
        for r = 2, 14 do if bits & BITS[r] == BITS[r] then return false end end
      end
      return true
    end
    local hands, rest = facts.deal(v.facts, unseen, counts, rng, fits)
    local s = lua_game.copy(v)
    s.hands = {}
    for k = 1, o._seats do s.hands[k] = k == v.seat and v.hand or hands[k] end
    s.stock, s.hand, s.seat, s.counts = rest, v.hand_number, nil, nil
    return s
  end,
  -- a quick choice: the rank held most, from the seat known to hold it, else
  -- not known to lack it, holding the most cards
  greedy = function(v, o, choices)
    local best, worth = nil, math.mininteger
    local hand, counts, held, has, lacks = v.hand:bits(), v.counts, {}, {}, {}   -- read once a rank, a seat
    for i = 1, #choices do
      local m = choices[i]
      local k, r = m.seat, m.rank
      local n = held[r]
      if not n then n = count_rank(hand, r); held[r] = n end
      local yes = has[k]
      if not yes then   -- the ranks seat k is known to hold, and to lack
        local f = v.facts[k]
        yes, lacks[k] = f.held:bits(), f.none:bits()
        for _, set in ipairs(f.some) do yes = yes | set:bits() end
        has[k] = yes
      end
      local bit = BITS[r]
      local w = n * 10 + counts[k]
      if yes & bit ~= 0 then w = w + 100 end
      if lacks[k] & bit ~= 0 then w = w - 100 end
      if w > worth then best, worth = m, w end
    end
    return best
  end,
  describe = function(v, o, card)
    local lines = { ("hand %d, books %s, stock %d"):format(v.hand_number, table.concat(v.scores_hand, " / "), v.stock) }
    for k = 1, o._seats do
      if k ~= v.seat then lines[#lines + 1] = ("seat %d: %d cards"):format(k, v.counts[k]) end
    end
    lines[#lines + 1] = "your hand  " .. lua_game.show(v.hand, card)
    return table.concat(lines, "\n")
  end,
  locations = function(s, o)
    local out = { stock = dh.cards(s.stock) }
    for k = 1, o._seats do
      out["hand " .. k] = s.hands[k]
      local b = dh.cards {}
      for _, r in ipairs(s.books[k]) do b = b | OF_RANK[r] end
      out["books " .. k] = b
    end
    return out
  end,
}
