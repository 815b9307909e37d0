-- Crazy Eights: 2 to 7 players, each for themselves, a 52-card deck.
--
-- Deal seven cards each to two players, five each to more; the rest is
-- the stock, face down, and its top card is turned to start the discard
-- pile (an eight turned is buried in the stock and the next card turned).
-- The player left of the dealer begins; play goes to the left.
--
-- On your turn play a card that matches the top of the pile in rank or in
-- suit, or any eight: an eight names a suit (`8h call s`), which the next
-- player must then match, or play another eight.  Instead of playing you
-- may draw a card from the stock (`draw`) and then go on (play or draw
-- again); with `draw_limit = n` you may draw at most n cards a turn.  When
-- you may not draw (the stock is empty or the limit is reached) and do not
-- play, you pass (`pass`).
--
-- The first player to get rid of all their cards wins the hand and scores
-- the cards left in the others' hands: an eight 50, a king, queen, jack or
-- ten 10, an ace 1, any other card its pips.  If the stock is empty and
-- every player passes in turn, the hand is blocked: the player holding the
-- lowest count scores the others' counts less their own times the number
-- of others (nobody scores on a tie).  The deal passes to the left; the
-- first player to reach `target` points (100) after a hand wins the match.
local dh = require "deckhand"

local SUITS = { "c", "d", "h", "s" }

local facts = dh.lua_game.facts
local NO_FACTS = {}   -- by the number of seats: nothing known of any hand
for n = 2, 7 do NO_FACTS[n] = facts.new(n) end

-- the penalty value of a card left in hand
local function value(card)
  if card.rank == 8 then return 50 end
  if card.rank >= 10 and card.rank <= 13 then return 10 end
  if card.rank == 14 then return 1 end
  return card.rank
end

local function count(set)
  local n = 0
  for c in set:iter() do n = n + value(c) end
  return n
end

local function shuffle(list, rng)
  for i = #list, 2, -1 do
    local j = rng:int(i)
    list[i], list[j] = list[j], list[i]
  end
  return list
end

-- a new hand: deal, turn the first card
local function deal_hand(s, o, rng)
  local n = o._seats
  local stock = shuffle(dh.deck("french52"):set():list(), rng)
  local size = n == 2 and 7 or 5
  s.hands = {}
  for seat = 1, n do
    local cards = {}
    for k = 1, size do cards[k] = table.remove(stock) end
    s.hands[seat] = dh.cards(cards)
  end
  -- an eight turned goes into the middle of the stock
  while stock[#stock].rank == 8 do
    local eight = table.remove(stock)
    table.insert(stock, (#stock + 1) // 2, eight)
  end
  s.pile = { table.remove(stock) }
  s.stock = stock
  s.suit = s.pile[1].suit
  s.turn = s.dealer % n + 1
  s.draws, s.passes, s.phase = 0, 0, "play"
  s.log = ""
end

-- the hand's public log: each move as every seat saw it, "seat:move"
-- comma-separated ("2:draw", "3:7h", "1:8s call c", "4:pass"; a drawn card
-- stays hidden); a string, so that views share it instead of copying it
local function log_move(s, seat, text)
  s.log = (s.log == "" and "" or s.log .. ",") .. seat .. ":" .. text
end

local function can_draw(s, o)
  return #s.stock > 0 and (o.draw_limit == 0 or s.draws < o.draw_limit)
end

-- the seat's legal moves: matching cards, eights with a suit each, draw, pass
local function moves(s, o)
  local top, out = s.pile[#s.pile], {}
  for card in s.hands[s.turn]:iter() do
    if card.rank == 8 then
      for _, suit in ipairs(SUITS) do
        out[#out + 1] = dh.move { kind = "eight", text = ("%s call %s"):format(tostring(card), suit),
                                  card = card, suit = suit }
      end
    elseif card.suit == s.suit or card.rank == top.rank then
      out[#out + 1] = card
    end
  end
  if can_draw(s, o) then out[#out + 1] = dh.move { kind = "draw", text = "draw" }
  else out[#out + 1] = dh.move { kind = "pass", text = "pass" } end
  return out
end

-- the end of a hand: scores, the next deal or the end of the match
local function end_hand(s, o, rng, winner, points)
  local n = o._seats
  local row = {}
  for seat = 1, n do row[seat] = 0 end
  if winner then
    row[winner] = points
    s.scores[winner] = s.scores[winner] + points
  end
  s.results[#s.results + 1] = { seats = row, sides = row }
  local best = math.max(table.unpack(s.scores))
  if best >= o.target or s.hand >= o.max_hands then
    s.turn, s.phase = nil, "over"
    return
  end
  s.hand, s.dealer = s.hand + 1, s.dealer % n + 1
  deal_hand(s, o, rng)
end

-- a move's kind: a Card is a card played
local function kind_of(m)
  if type(m) == "table" then return m.kind end
  return "card"
end

local function apply(s, o, seat, m, rng)
  local n = o._seats
  log_move(s, seat, tostring(m))
  if kind_of(m) == "draw" then
    s.hands[seat] = s.hands[seat] | dh.cards { table.remove(s.stock) }
    s.draws, s.passes = s.draws + 1, 0
    return
  end
  if kind_of(m) == "pass" then
    s.passes = s.passes + 1
    s.draws = 0
    if s.passes >= n then   -- blocked: the lowest count scores
      local counts, low, who = {}, math.huge, nil
      for k = 1, n do
        counts[k] = count(s.hands[k])
        if counts[k] < low then low, who = counts[k], k elseif counts[k] == low then who = nil end
      end
      local points = 0
      if who then for k = 1, n do if k ~= who then points = points + counts[k] - low end end end
      end_hand(s, o, rng, who, points)
      return
    end
    s.turn = seat % n + 1
    return
  end
  local card = kind_of(m) == "eight" and m.card or m
  s.hands[seat] = s.hands[seat] - dh.cards { card }
  s.pile[#s.pile + 1] = card
  s.suit = kind_of(m) == "eight" and m.suit or card.suit
  s.draws, s.passes = 0, 0
  if #s.hands[seat] == 0 then
    local points = 0
    for k = 1, n do if k ~= seat then points = points + count(s.hands[k]) end end
    end_hand(s, o, rng, seat, points)
    return
  end
  s.turn = seat % n + 1
end

return dh.lua_game {
  name = "crazy8",
  options = {
    players = 4,
    target = 100,        -- points to win the match
    draw_limit = 0,      -- cards a player may draw a turn (0: no limit)
    max_hands = 100,     -- every match ends
  },
  seats = function(o) return o.players end,
  check = function(o)
    if math.type(o.players) ~= "integer" or o.players < 2 or o.players > 7 then
      error(("crazy8: players must be 2 to 7, got %s"):format(tostring(o.players)), 0)
    end
    if math.type(o.draw_limit) ~= "integer" or o.draw_limit < 0 then
      error("crazy8: draw_limit must be a count of cards (0: no limit)", 0)
    end
    if math.type(o.target) ~= "integer" or o.target < 1 then error("crazy8: target must be a positive integer", 0) end
  end,
  deal = function(o, rng)
    local s = { hand = 1, dealer = 1, scores = {}, results = {} }
    for seat = 1, o._seats do s.scores[seat] = 0 end
    deal_hand(s, o, rng)
    return s
  end,
  moves = moves,
  apply = apply,
  -- a seat sees its own hand, how many cards the others hold, the pile,
  -- the suit to follow, the stock's size, the scores and the hand's log of
  -- moves (who drew, played or passed when)
  view = function(s, o, seat)
    local counts = {}
    for k = 1, o._seats do counts[k] = #s.hands[k] end
    return { hand = s.hands[seat], counts = counts, pile = s.pile, suit = s.suit, stock = #s.stock,
             scores = s.scores, hand_number = s.hand, dealer = s.dealer, draws = s.draws,
             passes = s.passes, results = s.results, turn = s.turn, phase = s.phase, seat = seat,
             log = s.log }
  end,
  -- the cards the seat cannot see, dealt at random to the other hands and
  -- the stock.  A draw here shows nothing of a hand (a player may draw
  -- with a card it could play), so the facts stay empty: dealing through
  -- them is where a rule that made draws tell (drawing only when stuck)
  -- would record what each showed (facts.lacks before facts.hidden).
  sample = function(v, o, rng)
    local unseen, counts = dh.deck("french52"):set() - v.hand - dh.cards(v.pile), {}
    for k = 1, o._seats do if k ~= v.seat then counts[k] = v.counts[k] end end
    local hands, pool = facts.deal(NO_FACTS[o._seats], unseen, counts, rng)
    local s = { hands = hands, pile = v.pile, suit = v.suit, scores = v.scores, hand = v.hand_number,
                dealer = v.dealer, draws = v.draws, passes = v.passes, results = v.results,
                turn = v.turn, phase = v.phase, log = v.log }
    s.hands[v.seat] = v.hand
    s.stock = pool
    return s
  end,
  -- a quick choice for the simple bots: shed the costliest matching card
  -- that is not an eight; else an eight, calling the suit held most; else
  -- draw or pass
  greedy = function(v, o, choices)
    local best, worth
    for _, m in ipairs(choices) do
      if kind_of(m) == "card" and (not best or value(m) > worth) then best, worth = m, value(m) end
    end
    if best then return best end
    local held = { c = 0, d = 0, h = 0, s = 0 }
    for c in v.hand:iter() do if c.rank ~= 8 then held[c.suit] = held[c.suit] + 1 end end
    for _, m in ipairs(choices) do
      if kind_of(m) == "eight" then
        local most = true
        for _, n in pairs(held) do if n > held[m.suit] then most = false end end
        if most then return m end
      end
    end
    return choices[#choices]
  end,
  describe = function(v, o, card)
    local hand = {}
    for c in v.hand:iter() do hand[#hand + 1] = card(c) end
    local others = {}
    for k = 1, o._seats do
      if k ~= v.seat then others[#others + 1] = ("seat %d: %d cards"):format(k, v.counts[k]) end
    end
    local top = v.pile[#v.pile]
    return table.concat({
      ("hand %d, scores %s (to %d)"):format(v.hand_number, table.concat(v.scores, " / "), o.target),
      ("pile %s, suit to follow %s, stock %d"):format(card(top), v.suit, v.stock),
      table.concat(others, ", "),
      "your hand  " .. table.concat(hand, " "),
    }, "\n")
  end,
  locations = function(s, o)
    local out = { pile = dh.cards(s.pile), stock = dh.cards(s.stock) }
    for k = 1, o._seats do out["hand " .. k] = s.hands[k] end
    return out
  end,
}
