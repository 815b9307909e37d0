-- Sheepshead: five players, each for themselves over the match, a 32-card
-- deck (seven to ace).  Rules after pagat.com
-- (https://www.pagat.com/schafk/shep.html), the called-ace game, as this
-- file plays them:
--
-- The queens and jacks and all the diamonds are trumps, from the top: Qc
-- Qs Qh Qd Jc Js Jh Jd, then Ad Td Kd 9d 8d 7d.  Clubs, spades and hearts
-- are the fail suits: A T K 9 8 7.  Cards count ace 11, ten 10, king 4,
-- queen 3, jack 2, the rest nothing: 120 in the pack.
--
-- Six cards each, two face down are the blind.  From the dealer's left
-- each player may `pick` or `pass`.  The picker takes the blind and lays
-- two cards away (`bury 7c Kh`), whose points count for the picker; then
-- calls the ace of a fail suit (`call h`) it does not hold (neither in
-- hand nor buried) but holds a card of, and whoever holds that ace is its
-- secret partner, known when the ace is played; or goes `alone`, as it
-- must when no ace can be called (some tables then call a ten; not this
-- file).  The holder of the called ace must play it when that suit is
-- first led; the picker is not held here to keeping its card of the suit.
--
-- The dealer's left leads the first trick; each must follow the suit led
-- (trumps are a suit of their own) if able; the highest trump wins, else
-- the highest card of the suit led; the winner leads next.  The picker's
-- side needs 61 of the 120 points: winning scores 1 a defender, 2 with 91
-- or more (schneider), 3 with every trick (schwarz); losing the same the
-- other way round (2 with 30 or less, 3 with no trick).  The picker is
-- paid twice what a defender pays, the partner once (alone, four times).
--
-- When all pass the hand is a leaster: each plays alone, the blind goes to
-- whoever takes the last trick, and the player with the fewest points who
-- took a trick wins 1 from each other player (on a tie, the first of them
-- from the dealer's left).  The match is `max_hands` hands (one), the
-- highest total winning.
local dh = require "deckhand"
local lua_game = dh.lua_game

local DECK = dh.deck("piquet32"):set()
local M = {}

-- trump strength (higher wins), nil for a fail card
local TRUMPS = { "7d", "8d", "9d", "Kd", "Td", "Ad", "Jd", "Jh", "Js", "Jc", "Qd", "Qh", "Qs", "Qc" }
local TRUMP = {}
for i, name in ipairs(TRUMPS) do TRUMP[name] = i end
local FAIL = { [7] = 1, [8] = 2, [9] = 3, [13] = 4, [10] = 5, [14] = 6 }
local POINTS = { [14] = 11, [10] = 10, [13] = 4, [12] = 3, [11] = 2 }

local function points(c) return POINTS[c.rank] or 0 end
-- the suit a card follows as: "t" for trumps
local function suit_of(c) return TRUMP[tostring(c)] and "t" or c.suit end
M.points, M.suit_of = points, suit_of

local OF_SUIT = { t = dh.cards {}, c = dh.cards {}, s = dh.cards {}, h = dh.cards {} }
for c in DECK:iter() do OF_SUIT[suit_of(c)] = OF_SUIT[suit_of(c)] | dh.cards { c } end

-- the index in a trick's list of the card that takes it
function M.winner(cards)
  local best, led = 1, suit_of(cards[1])
  local function key(c)
    local t = TRUMP[tostring(c)]
    if t then return 100 + t end
    return c.suit == led and FAIL[c.rank] or 0
  end
  for i = 2, #cards do if key(cards[i]) > key(cards[best]) then best = i end end
  return best
end

-- what a hand pays, as units a defender pays (negative: the picker's side
-- lost): the side's points and tricks
function M.units(side_points, side_tricks)
  if side_tricks == 6 then return 3 end
  if side_points >= 91 then return 2 end
  if side_points >= 61 then return 1 end
  if side_tricks == 0 then return -3 end
  if side_points <= 30 then return -2 end
  return -1
end

local N = 5
local function left(seat) return seat % N + 1 end

local deal_hand

local function end_hand(s, o, rng)
  local row = { 0, 0, 0, 0, 0 }
  local won = {}
  for k = 1, N do won[k] = 0; for c in s.taken[k]:iter() do won[k] = won[k] + points(c) end end
  if s.picker then
    local side = { [s.picker] = true }
    if s.partner then side[s.partner] = true end
    local pts, tricks = 0, 0
    for c in s.buried:iter() do pts = pts + points(c) end
    for k in pairs(side) do pts, tricks = pts + won[k], tricks + s.tricks[k] end
    local u = M.units(pts, tricks)
    for k = 1, N do
      if k == s.picker then row[k] = s.partner and 2 * u or 4 * u
      elseif k == s.partner then row[k] = u
      else row[k] = -u end
    end
  else   -- a leaster: the fewest points among those who took a trick
    local best
    for i = 0, N - 1 do
      local k = (s.dealer + i) % N + 1
      if s.tricks[k] > 0 and (not best or won[k] < won[best]) then best = k end
    end
    for k = 1, N do row[k] = k == best and N - 1 or -1 end
  end
  for k = 1, N do s.scores[k] = s.scores[k] + row[k] end
  s.results[#s.results + 1] = { seats = row }
  if s.hand >= o.max_hands then s.turn, s.phase = nil, "over"; return end
  s.hand, s.dealer = s.hand + 1, left(s.dealer)
  deal_hand(s, o, rng)
end

deal_hand = function(s, o, rng)
  local pack = lua_game.shuffled(DECK, rng)
  s.hands = {}
  for k = 1, N do s.hands[k] = lua_game.take(pack, 6) end
  s.blind, s.buried = lua_game.take(pack, 2), dh.cards {}
  s.picker, s.partner, s.called, s.revealed = nil, nil, nil, nil
  s.trick, s.trick_seats, s.played = {}, {}, {}
  s.taken, s.tricks, s.voids = {}, {}, {}
  for k = 1, N do s.played[k], s.taken[k], s.tricks[k], s.voids[k] = dh.cards {}, dh.cards {}, 0, {} end
  s.passes, s.phase, s.turn = 0, "pick", left(s.dealer)
end

local function legal_cards(s, seat)
  local hand = s.hands[seat]
  if #s.trick == 0 then return hand:list() end
  local led = suit_of(s.trick[1])
  if s.called and led == s.called and not s.revealed then
    local ace = dh.card("A" .. s.called)
    if hand:has(ace) then return { ace } end
  end
  local follow = hand & OF_SUIT[led]
  return (#follow > 0 and follow or hand):list()
end

local function callable(s, seat)
  local mine, out = s.hands[seat] | s.buried, {}
  for _, suit in ipairs { "c", "s", "h" } do
    if not mine:has(dh.card("A" .. suit)) and #(s.hands[seat] & OF_SUIT[suit]) > 0 then out[#out + 1] = suit end
  end
  return out
end

local function moves(s)
  local me = s.turn
  if s.phase == "pick" then
    return { dh.move { kind = "pick", text = "pick" }, dh.move { kind = "pass", text = "pass" } }
  elseif s.phase == "bury" then
    local cards, out = s.hands[me]:list(), {}
    for i = 1, #cards - 1 do
      for j = i + 1, #cards do
        out[#out + 1] = dh.move { kind = "bury", text = ("bury %s %s"):format(tostring(cards[i]), tostring(cards[j])),
                                  cards = dh.cards { cards[i], cards[j] } }
      end
    end
    return out
  elseif s.phase == "call" then
    local out = {}
    for _, suit in ipairs(callable(s, me)) do
      out[#out + 1] = dh.move { kind = "call", text = "call " .. suit, suit = suit }
    end
    out[#out + 1] = dh.move { kind = "alone", text = "alone" }
    return out
  end
  return legal_cards(s, me)
end

local function start_play(s)
  s.phase, s.turn = "play", left(s.dealer)
end

local function apply(s, o, seat, m, rng)
  if s.phase == "pick" then
    if m.kind == "pick" then
      s.picker, s.hands[seat] = seat, s.hands[seat] | s.blind
      s.blind, s.phase = dh.cards {}, "bury"
      return
    end
    s.passes = s.passes + 1
    if s.passes == N then return start_play(s) end   -- a leaster
    s.turn = left(seat)
    return
  elseif s.phase == "bury" then
    s.hands[seat], s.buried, s.phase = s.hands[seat] - m.cards, m.cards, "call"
    return
  elseif s.phase == "call" then
    if m.kind == "call" then
      s.called = m.suit
      local ace = dh.card("A" .. m.suit)
      for k = 1, N do if s.hands[k]:has(ace) then s.partner = k end end
    end
    return start_play(s)
  end
  -- a card
  local led = #s.trick > 0 and suit_of(s.trick[1]) or nil
  if led and suit_of(m) ~= led then s.voids[seat][led] = true end
  s.hands[seat] = s.hands[seat] - dh.cards { m }
  s.played[seat] = s.played[seat] | dh.cards { m }
  s.trick[#s.trick + 1], s.trick_seats[#s.trick_seats + 1] = m, seat
  if s.called and tostring(m) == "A" .. s.called then s.revealed = seat end
  if #s.trick < N then s.turn = left(seat); return end
  local w = s.trick_seats[M.winner(s.trick)]
  s.taken[w], s.tricks[w] = s.taken[w] | dh.cards(s.trick), s.tricks[w] + 1
  s.trick, s.trick_seats = {}, {}
  if #s.hands[w] == 0 then
    if not s.picker then s.taken[w] = s.taken[w] | s.blind; s.blind = dh.cards {} end
    return end_hand(s, o, rng)
  end
  s.turn = w
end

-- a quick choice: pick with four trumps (three with a queen); bury the
-- fail cards worth most that the side would lose; call the shortest suit;
-- in the play take a trick worth taking as cheaply as possible, else
-- throw the cheapest card
local function strength(c)
  local t = TRUMP[tostring(c)]
  return t and 100 + t or FAIL[c.rank]
end

local function greedy(v, o, choices)
  local first = choices[1]
  if type(first) == "table" and first.kind == "pick" then
    local trumps, queens = 0, 0
    for c in v.hand:iter() do
      if suit_of(c) == "t" then trumps = trumps + 1 end
      if c.rank == 12 then queens = queens + 1 end
    end
    return (trumps >= 4 or (trumps >= 3 and queens >= 1)) and choices[1] or choices[2]
  end
  if type(first) == "table" and first.kind == "bury" then
    local best, worth
    for _, m in ipairs(choices) do
      local w = 0
      for c in m.cards:iter() do w = w + (suit_of(c) == "t" and -100 - strength(c) or points(c)) end
      if not best or w > worth then best, worth = m, w end
    end
    return best
  end
  if type(first) == "table" then   -- call: the suit held least, else alone
    local best, fewest
    for _, m in ipairs(choices) do
      if m.kind == "call" then
        local n = #(v.hand & OF_SUIT[m.suit])
        if not best or n < fewest then best, fewest = m, n end
      end
    end
    return best or choices[#choices]
  end
  local trick, at_stake = v.trick, 0
  for _, c in ipairs(trick) do at_stake = at_stake + points(c) end
  local cheapest, winner
  for _, c in ipairs(choices) do
    if not cheapest or strength(c) + points(c) * 3 < strength(cheapest) + points(cheapest) * 3 then cheapest = c end
    if #trick > 0 then
      local cards = lua_game.copy(trick)
      cards[#cards + 1] = c
      if M.winner(cards) == #cards and (not winner or strength(c) < strength(winner)) then winner = c end
    end
  end
  if winner and (at_stake >= 10 or #trick == N - 1) then return winner end
  if #trick == 0 then   -- lead: the strongest trump, else the cheapest
    local top
    for _, c in ipairs(choices) do if suit_of(c) == "t" and (not top or strength(c) > strength(top)) then top = c end end
    if top and v.picker == v.seat then return top end
  end
  return cheapest
end

local game = dh.lua_game {
  name = "sheepshead",
  options = { max_hands = 1 },
  seats = N,
  check = function(o)
    if math.type(o.max_hands) ~= "integer" or o.max_hands < 1 or o.max_hands > 100 then
      error("sheepshead: max_hands must be 1 to 100", 0)
    end
  end,
  deal = function(o, rng)
    local s = { hand = 1, dealer = 1, scores = { 0, 0, 0, 0, 0 }, results = {} }
    deal_hand(s, o, rng)
    return s
  end,
  moves = moves,
  apply = apply,
  public_text = function(text) return text:match("^bury") and "bury" or text end,
  -- a seat sees its hand, what it buried, the trick, every card played and
  -- who showed out of what, the tricks taken, the picker, the called suit
  -- and the partner once the ace has fallen
  view = function(s, o, seat)
    local counts = {}
    for k = 1, N do counts[k] = #s.hands[k] end
    return { hand = s.hands[seat], buried = s.picker == seat and s.buried or nil, picker = s.picker,
             called = s.called, revealed = s.revealed, trick = s.trick, trick_seats = s.trick_seats,
             played = s.played, taken = s.taken, tricks = s.tricks, voids = s.voids, counts = counts,
             blind = #s.blind, buried_n = #s.buried, passes = s.passes, scores = s.scores, results = s.results,
             hand_number = s.hand, dealer = s.dealer, turn = s.turn, phase = s.phase, seat = seat }
  end,
  -- the unseen cards dealt again: no seat holds a suit it showed out of;
  -- the called ace, still unseen, is in no hand but a possible partner's
  sample = function(v, o, rng)
    local me = v.seat
    local unseen = DECK - v.hand - (v.buried or dh.cards {})
    for k = 1, N do unseen = unseen - v.played[k] end
    for _, c in ipairs(v.trick) do unseen = unseen - dh.cards { c } end
    local ace = v.called and dh.card("A" .. v.called)
    local hidden_ace = ace and not v.revealed and unseen:has(ace)
    local wants = {}
    for k = 1, N do
      if k ~= me then
        local barred = dh.cards {}
        for suit in pairs(v.voids[k]) do barred = barred | OF_SUIT[suit] end
        if hidden_ace and k == v.picker then barred = barred | dh.cards { ace } end
        wants[k] = { count = v.counts[k], barred = barred }
      end
    end
    -- 6: the blind, or the picker's buried cards when another seat looks
    local away = v.picker == nil and v.blind or (v.picker ~= me and v.buried_n or 0)
    wants[6] = { count = away, barred = hidden_ace and dh.cards { ace } or nil }
    local hands = lua_game.deal_hidden(unseen, wants, rng)
    local s = lua_game.copy(v)
    s.hands = {}
    for k = 1, N do s.hands[k] = k == me and v.hand or hands[k] end
    s.blind, s.buried = dh.cards {}, v.buried or dh.cards {}
    if v.picker == nil then s.blind = hands[6]
    elseif v.picker ~= me then s.buried = hands[6] end
    s.partner = nil
    if v.called then
      for k = 1, N do if s.hands[k]:has(ace) or s.played[k]:has(ace) then s.partner = k end end
    end
    s.hand, s.seat, s.counts = v.hand_number, nil, nil
    return s
  end,
  greedy = greedy,
  describe = function(v, o, card)
    return table.concat({
      ("hand %d, scores %s, picker %s, called %s"):format(v.hand_number, table.concat(v.scores, " / "),
        tostring(v.picker or "-"), v.called or "-"),
      "trick  " .. lua_game.show(dh.cards(v.trick), card),
      "your hand  " .. lua_game.show(v.hand, card),
    }, "\n")
  end,
  locations = function(s)
    local out = { blind = s.blind, buried = s.buried, trick = dh.cards(s.trick) }
    for k = 1, N do out["hand " .. k], out["taken " .. k] = s.hands[k], s.taken[k] end
    return out
  end,
}
game.scoring = M
return game
