-- Cribbage: two players, a 52-card deck, the first to 121 points wins.
-- Rules after pagat.com (https://www.pagat.com/adders/crib6.html), as this
-- file plays them:
--
-- Each hand the dealer deals six cards to each player.  Each lays two of
-- them away face down (`crib 5h Kd`), the non-dealer first: the four make
-- the crib, which scores for the dealer.  The next card of the pack is
-- then cut and turned up, the starter; a jack turned is "his heels", two
-- to the dealer.
--
-- The play: beginning with the non-dealer the players lay their cards
-- face up in turn, calling the running count (aces 1, court cards 10,
-- others their pips), which may not pass 31.  A player who cannot play
-- without passing 31 says `go`; the other plays on while able.  Then the
-- last to play scores one (two for exactly 31 instead), the count starts
-- again from nothing, and the player who did not lay the last card leads.
-- A card played scores at once: making the count 15, two; a pair with the
-- card before, two, three of a kind six, four twelve; completing a run of
-- three or more with the cards just before it (in any order), one a card.
--
-- The show: the non-dealer's hand, the dealer's, then the crib, each four
-- cards with the starter: two for each set of cards making 15; two for
-- each pair; one a card for each run of three or more (each way it can be
-- made counts); four for a flush in the hand (five with the starter; a
-- crib scores five only when all five match); one for "his nobs", the
-- jack of the starter's suit in hand or crib.
--
-- Points are pegged as they are made: the first to reach `target` (121)
-- wins at once, even in the middle of a hand.  The deal alternates.  With
-- `max_hands` (a tournament's cap) the match also ends after that many
-- hands, the higher score winning.
local dh = require "deckhand"
local lua_game = dh.lua_game

local DECK = dh.deck("french52"):set()

local M = {}   -- the scoring, for the game and for its tests

-- a card's place in runs (ace low, king 13) and its count (courts 10)
local function order(c) return c.rank == 14 and 1 or c.rank end
local function pips(c) local r = order(c); return r > 10 and 10 or r end
M.pips = pips

-- the points a card laid scores, given the cards of this count before it
-- (a list, oldest first) and the count it makes
function M.peg_points(seq, count)
  local pts = count == 15 and 2 or 0
  local n, last = #seq, seq[#seq]
  local same = 1
  while same < n and seq[n - same].rank == last.rank do same = same + 1 end
  pts = pts + ({ 0, 2, 6, 12 })[same]
  for k = n, 3, -1 do   -- the longest run the last k cards make
    local seen, lo, hi, ok = {}, 99, 0, true
    for i = n - k + 1, n do
      local r = order(seq[i])
      if seen[r] then ok = false; break end
      seen[r], lo, hi = true, math.min(lo, r), math.max(hi, r)
    end
    if ok and hi - lo == k - 1 then pts = pts + k; break end
  end
  return pts
end

-- the show: the points of four cards and the starter (crib: a flush only
-- of five); without a starter, what the four cards make alone (for bots)
function M.show_points(hand, starter, crib)
  local cards = hand:list()
  cards[#cards + 1] = starter
  local n, pts, value, counts = #cards, 0, {}, {}
  for i, c in ipairs(cards) do
    value[i] = pips(c)
    counts[order(c)] = (counts[order(c)] or 0) + 1
  end
  -- fifteens: every subset, its sum from the subset without its top card
  local sums = { [0] = 0 }
  for mask = 1, (1 << n) - 1 do
    local top = 1
    while (mask >> top) ~= 0 do top = top + 1 end
    local sum = sums[mask & ~(1 << (top - 1))] + value[top]
    sums[mask] = sum
    if sum == 15 then pts = pts + 2 end
  end
  -- pairs
  for _, n in pairs(counts) do pts = pts + n * (n - 1) end
  -- runs: each maximal stretch of three or more ranks, once per way
  local r = 1
  while r <= 13 do
    if counts[r] then
      local len, ways = 0, 1
      while counts[r + len] do ways, len = ways * counts[r + len], len + 1 end
      if len >= 3 then pts = pts + len * ways end
      r = r + len
    else r = r + 1 end
  end
  -- flush
  local suit, flush = nil, true
  for c in hand:iter() do suit = suit or c.suit; if c.suit ~= suit then flush = false end end
  if flush then
    if starter and starter.suit == suit then pts = pts + 5 elseif not crib then pts = pts + 4 end
  end
  -- his nobs
  if starter then
    for c in hand:iter() do if c.rank == 11 and c.suit == starter.suit then pts = pts + 1 end end
  end
  return pts
end

local function other(seat) return 3 - seat end

-- points to a seat; the match ends the moment one reaches the target
local function peg(s, o, seat, n)
  if n == 0 or not s.turn then return end
  s.scores[seat] = s.scores[seat] + n
  s.hand_points[seat] = s.hand_points[seat] + n
  if s.scores[seat] >= o.target then s.winner = seat end
end

local deal_hand

local function end_hand(s, o, rng)
  s.results[#s.results + 1] = { seats = { s.hand_points[1], s.hand_points[2] } }
  if s.winner or s.hand >= o.max_hands then s.turn, s.phase = nil, "over"; return end
  s.hand, s.dealer = s.hand + 1, other(s.dealer)
  deal_hand(s, o, rng)
end

-- the show, in its order, stopping when the match is won
local function show(s, o, rng)
  local pone = other(s.dealer)
  -- every card kept was played, so the played cards are the hands shown
  for _, part in ipairs { { pone, s.played[pone] }, { s.dealer, s.played[s.dealer] }, { s.dealer, s.crib, true } } do
    if s.winner then break end
    peg(s, o, part[1], M.show_points(part[2], s.starter, part[3]))
  end
  end_hand(s, o, rng)
end

deal_hand = function(s, o, rng)
  local stock = lua_game.shuffled(DECK, rng)
  s.hands = { lua_game.take(stock, 6), lua_game.take(stock, 6) }
  s.played = { dh.cards {}, dh.cards {} }
  s.laid = { dh.cards {}, dh.cards {} }
  s.crib, s.starter, s.stock = dh.cards {}, nil, stock
  s.count, s.seq, s.go, s.last = 0, {}, { false, false }, nil
  s.lacks = { 0, 0 }   -- a seat said go: it holds no card counting this or less
  s.hand_points = { 0, 0 }
  s.phase, s.turn = "crib", other(s.dealer)
end

local function playable(s, seat)
  local out = {}
  for c in s.hands[seat]:iter() do if s.count + pips(c) <= 31 then out[#out + 1] = c end end
  return out
end

local function moves(s)
  local me = s.turn
  if s.phase == "crib" then
    local cards, out = s.hands[me]:list(), {}
    for i = 1, #cards - 1 do
      for j = i + 1, #cards do
        out[#out + 1] = dh.move { kind = "crib", text = ("crib %s %s"):format(tostring(cards[i]), tostring(cards[j])),
                                  cards = dh.cards { cards[i], cards[j] } }
      end
    end
    return out
  end
  local out = playable(s, me)
  if #out == 0 then out[1] = dh.move { kind = "go", text = "go" } end
  return out
end

-- the count is over: one for the last card (unless it made 31), then the
-- player who did not lay it leads, or the show when no cards are left
local function end_count(s, o, rng)
  if s.count < 31 then peg(s, o, s.last, 1) end
  s.count, s.seq, s.go = 0, {}, { false, false }
  if s.winner then return end_hand(s, o, rng) end
  local lead = other(s.last)
  if #s.hands[lead] == 0 then lead = s.last end
  if #s.hands[lead] == 0 then return show(s, o, rng) end
  s.turn = lead
end

-- the next to play after seat: the other while it may, else seat itself
local function next_turn(s, o, rng, seat)
  local opp = other(seat)
  if #s.hands[opp] > 0 and not s.go[opp] then s.turn = opp
  elseif #s.hands[seat] > 0 and not s.go[seat] then s.turn = seat
  else end_count(s, o, rng) end
end

local function apply(s, o, seat, m, rng)
  if s.phase == "crib" then
    s.hands[seat] = s.hands[seat] - m.cards
    s.laid[seat], s.crib = m.cards, s.crib | m.cards
    if seat == other(s.dealer) then s.turn = s.dealer; return end
    s.starter = table.remove(s.stock)
    s.phase = "play"
    if s.starter.rank == 11 then peg(s, o, s.dealer, 2) end
    if s.winner then return end_hand(s, o, rng) end
    s.turn = other(s.dealer)
    return
  end
  if type(m) == "table" then   -- go
    s.go[seat] = true
    s.lacks[seat] = math.max(s.lacks[seat], 31 - s.count)
    return next_turn(s, o, rng, seat)
  end
  s.hands[seat] = s.hands[seat] - dh.cards { m }
  s.played[seat] = s.played[seat] | dh.cards { m }
  s.count = s.count + pips(m)
  s.seq[#s.seq + 1] = m
  s.last = seat
  peg(s, o, seat, M.peg_points(s.seq, s.count))
  if s.winner then return end_hand(s, o, rng) end
  if s.count == 31 then peg(s, o, seat, 2); if s.winner then return end_hand(s, o, rng) end; return end_count(s, o, rng) end
  next_turn(s, o, rng, seat)
end

-- a quick choice: lay away the two that keep the best four (what they
-- score without a starter; the crib's pair or fifteen counted for its owner); in the play, the card scoring
-- most, a count of 5 or 21 avoided, the highest card on a tie
local function greedy(v, o, choices)
  local best, worth
  for _, m in ipairs(choices) do
    local w
    if type(m) == "table" and m.kind == "crib" then
      local keep = v.hand - m.cards
      local a, b = m.cards:list()[1], m.cards:list()[2]
      local crib = ((a.rank == b.rank) and 2 or 0) + ((pips(a) + pips(b) == 15) and 2 or 0)
      w = M.show_points(keep) + (v.dealer == v.seat and crib or -crib)
    elseif type(m) == "table" then w = 0
    else
      local seq = lua_game.copy(v.seq)
      seq[#seq + 1] = m
      local count = v.count + pips(m)
      w = M.peg_points(seq, count) * 10 + pips(m) * 0.1
      if count == 5 or count == 21 then w = w - 5 end
    end
    if not best or w > worth then best, worth = m, w end
  end
  return best
end

local game = dh.lua_game {
  name = "cribbage",
  options = { target = 121, max_hands = 200 },
  seats = 2,
  check = function(o)
    if math.type(o.target) ~= "integer" or o.target < 1 then error("cribbage: target must be a positive integer", 0) end
    if math.type(o.max_hands) ~= "integer" or o.max_hands < 1 then error("cribbage: max_hands must be a positive integer", 0) end
  end,
  deal = function(o, rng)
    local s = { hand = 1, dealer = 1, scores = { 0, 0 }, results = {} }
    deal_hand(s, o, rng)
    return s
  end,
  moves = moves,
  apply = apply,
  public_text = function(text) return text:match("^crib") and "crib" or text end,
  -- a seat sees its cards, what it laid away, the starter, the play so far
  -- (the count, its cards, who said go), the scores, the other's card count
  view = function(s, o, seat)
    return { hand = s.hands[seat], laid = s.laid[seat], starter = s.starter, count = s.count, seq = s.seq,
             go = s.go, last = s.last, lacks = s.lacks, played = s.played, counts = { #s.hands[1], #s.hands[2] },
             cribbed = { #s.laid[1] > 0, #s.laid[2] > 0 }, scores = s.scores, hand_points = s.hand_points,
             results = s.results, hand_number = s.hand, dealer = s.dealer, turn = s.turn, phase = s.phase,
             seat = seat, winner = s.winner }
  end,
  -- the other hand and the crib dealt again from the unseen cards; a seat
  -- that said go holds nothing it could have laid then
  sample = function(v, o, rng)
    local me, opp = v.seat, other(v.seat)
    local unseen = DECK - v.hand - v.laid - v.played[1] - v.played[2]
    if v.starter then unseen = unseen - dh.cards { v.starter } end
    local barred = dh.cards {}
    for c in unseen:iter() do if pips(c) <= v.lacks[opp] then barred = barred | dh.cards { c } end end
    local wants = { [opp] = { count = v.counts[opp], barred = barred },
                    [3] = { count = v.cribbed[opp] and 2 or 0 } }   -- 3: the crib's other two
    local hands, rest = lua_game.deal_hidden(unseen, wants, rng)
    local s = lua_game.copy(v)
    s.hands, s.laid = {}, {}
    s.hands[me], s.laid[me] = v.hand, v.laid
    s.hands[opp], s.laid[opp] = hands[opp], hands[3]
    s.crib = v.laid | hands[3]
    s.stock, s.hand = rest, v.hand_number
    s.seat, s.counts, s.cribbed = nil, nil, nil
    return s
  end,
  greedy = greedy,
  describe = function(v, o, card)
    return table.concat({
      ("hand %d, scores %d / %d (to %d), dealer seat %d"):format(v.hand_number, v.scores[1], v.scores[2], o.target, v.dealer),
      ("starter %s, count %d: %s"):format(v.starter and card(v.starter) or "-", v.count, lua_game.show(dh.cards(v.seq), card)),
      "your hand  " .. lua_game.show(v.hand, card),
    }, "\n")
  end,
  locations = function(s)
    local out = { stock = dh.cards(s.stock), crib = s.crib, starter = dh.cards { s.starter } }
    for k = 1, 2 do out["hand " .. k], out["played " .. k] = s.hands[k], s.played[k] end
    return out
  end,
}
-- the table a view describes (deckhand/table.lua): the crib beside the
-- dealer, the starter, the pegging count and the cards played to it
game.table = function(t, v)
  local crib = 0
  for k = 1, 2 do if v.cribbed[k] then crib = crib + 2 end end
  local piles = { { name = ("crib (seat %d's)"):format(v.dealer), count = crib } }
  if v.starter then piles[#piles + 1] = { name = "starter", cards = { v.starter } } end
  piles[#piles + 1] = { name = ("pegging, count %d"):format(v.count), cards = v.seq }
  if v.laid ~= "" then piles[#piles + 1] = { name = "your cards in the crib", cards = v.laid } end
  t.piles = piles
  for k, p in ipairs(t.players) do
    p.notes = { ("%d points this hand"):format(v.hand_points[k]) }
    if v.dealer == k then table.insert(p.notes, 1, "dealer") end
    if v.go[k] then p.notes[#p.notes + 1] = "go" end
    p.groups = { { label = "played", cards = v.played[k] } }
  end
  t.facts = nil
end
game.scoring = M
return game
