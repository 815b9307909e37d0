--[[ President, a climbing game (pagat.com's "President",
https://www.pagat.com/climbing/president.html, in its plain form), written
from the docs as a game wholly in Lua.

Three to seven players, each for themselves, one 52-card pack.  Ranks from
low to high: 3 4 5 6 7 8 9 10 J Q K A 2; suits do not matter.  All the cards
are dealt, one at a time, so some players may hold one more than others.

Play.  The first player leads a single card, a pair, three or four cards of
one rank.  Each next player in turn (to the left) either plays the same
number of cards of a higher rank than the cards on top, or passes; a player
who passed may play again when their turn comes round.  When every other
player still holding cards has passed in a row since the last play, the
cards are cleared and the last player to play leads anything.  If that
player has just gone out, the next player still holding cards leads.

Going out.  A player who plays their last card is out of the hand.  The
first out is the President, the next the Vice-President, and so on; the last
player still holding cards is the Scum.  A hand scores a point for each
player finishing below you: the President of four players scores 3, the
Scum 0.

Hands.  In the first hand the holder of the 3 of clubs leads.  Before each
later hand's play, the Scum gives the President their two highest cards and
the President gives back their two lowest (both automatic here: pagat lets
the President choose which two to give); the Scum leads.  The match is
`max_hands` hands (3); the highest total wins.
]]

local dh = require "deckhand"
local G = dh.lua_game

local ALL = dh.deck("french52"):set()

local function value(card) return card.rank == 2 and 15 or card.rank end   -- the 2 is highest

-- a hand's cards by value: { [value] = { cards } }
local function by_value(hand)
  local groups = {}
  for card in hand:iter() do
    local v = value(card)
    groups[v] = groups[v] or {}
    table.insert(groups[v], card)
  end
  return groups
end

-- every subset of `cards` of size k, as lists
local function subsets(cards, k, from, acc, out)
  from, acc, out = from or 1, acc or {}, out or {}
  if #acc == k then out[#out + 1] = { table.unpack(acc) }; return out end
  for i = from, #cards do
    acc[#acc + 1] = cards[i]
    subsets(cards, k, i + 1, acc, out)
    acc[#acc] = nil
  end
  return out
end

local function play_move(list)
  if #list == 1 then return list[1] end
  local set = dh.cards(list)
  local names = {}
  for card in set:iter() do names[#names + 1] = tostring(card) end
  return dh.move { kind = "play", text = table.concat(names, " "), cards = set }
end

local PASS = dh.move { kind = "pass", text = "pass" }

-- the sets of cards a move plays
local function cards_of(move)
  if move.kind == "pass" then return nil end
  return move.cards or dh.cards { move }
end

local function moves(s, o)
  local hand, list = s.hands[s.turn], {}
  local groups, values = by_value(hand), {}
  for v in pairs(groups) do values[#values + 1] = v end
  table.sort(values)                         -- lowest first, singles before sets
  for _, v in ipairs(values) do
    local cards = groups[v]
    if not s.top or v > s.top_value then
      for k = 1, #cards do
        if not s.top or k == s.top_count then
          for _, sub in ipairs(subsets(cards, k)) do list[#list + 1] = play_move(sub) end
        end
      end
    end
  end
  if s.top then list[#list + 1] = PASS end
  return list
end

local function active(s, seat) return #s.hands[seat] > 0 end

local function count_active(s)
  local n = 0
  for seat = 1, #s.hands do if active(s, seat) then n = n + 1 end end
  return n
end

local function next_active(s, seat)
  local n = #s.hands
  for k = 1, n do
    local t = (seat - 1 + k) % n + 1
    if active(s, t) then return t end
  end
end

-- a new hand: dealt from `rng`, the cards exchanged after the first
local function deal_hand(s, o, rng)
  local n = o._seats
  local stock = G.shuffled(ALL, rng)
  local hands = {}
  for seat = 1, n do hands[seat] = {} end
  for i, card in ipairs(stock) do table.insert(hands[(i - 1) % n + 1], card) end
  for seat = 1, n do hands[seat] = dh.cards(hands[seat]) end
  s.hands, s.top, s.top_value, s.top_count, s.last, s.passes = hands, nil, nil, nil, nil, 0
  s.played, s.out, s.gave = dh.cards(), {}, {}
  s.phase = "play"
  if s.order then                              -- the Scum and the President trade two cards
    local pres, scum = s.order[1], s.order[n]
    local best = hands[scum]:list()
    table.sort(best, function(a, b) return value(a) > value(b) end)
    local up = dh.cards { best[1], best[2] }
    hands[scum], hands[pres] = hands[scum] - up, hands[pres] | up
    local low = hands[pres]:list()
    table.sort(low, function(a, b) return value(a) < value(b) end)
    local down = dh.cards { low[1], low[2] }
    hands[pres], hands[scum] = hands[pres] - down, hands[scum] | down
    s.gave[scum] = { to = pres, cards = up, got = down, role = "scum" }
    s.gave[pres] = { to = scum, cards = down, got = up, role = "president" }
    s.turn = scum
  else
    for seat = 1, n do if hands[seat]:has("3c") then s.turn = seat end end
  end
end

local function end_hand(s, o, rng)
  local n = o._seats
  for seat = 1, n do if active(s, seat) then s.out[#s.out + 1] = seat end end
  local row = {}
  for place, seat in ipairs(s.out) do row[seat] = n - place end
  for seat = 1, n do s.scores[seat] = s.scores[seat] + row[seat] end
  s.results[#s.results + 1] = { seats = row }
  s.order = s.out
  if s.hand >= o.max_hands then
    s.turn, s.phase = nil, "over"
    return
  end
  s.hand = s.hand + 1
  deal_hand(s, o, rng)
end

local function apply(s, o, seat, move, rng)
  if move.kind == "pass" then
    s.passes = s.passes + 1
    local need = count_active(s) - (active(s, s.last) and 1 or 0)
    if s.passes >= need then                   -- the cards are cleared
      s.top, s.top_value, s.top_count, s.passes = nil, nil, nil, 0
      s.turn = active(s, s.last) and s.last or next_active(s, s.last)
    else
      s.turn = next_active(s, seat)
    end
    return
  end
  local cards = cards_of(move)
  s.hands[seat] = s.hands[seat] - cards
  s.played = s.played | cards
  s.top, s.top_value, s.top_count = cards, value(cards:list()[1]), #cards
  s.last, s.passes = seat, 0
  if not active(s, seat) then s.out[#s.out + 1] = seat end
  if count_active(s) <= 1 then return end_hand(s, o, rng) end
  s.turn = next_active(s, seat)
end

-- the view: `hand` (the seat's cards), `counts`, `scores` and `hand_number`
-- are names the generic table reads; the order of going out is kept in
-- `places`, a table of its own, so that it is not read as a note per seat
local function view(s, o, seat)
  local counts = {}
  for k = 1, o._seats do counts[k] = #s.hands[k] end
  return { seat = seat, turn = s.turn, phase = s.phase, hand_number = s.hand, scores = s.scores,
           results = s.results, hand = s.hands[seat], counts = counts, to_beat = s.top,
           last = s.last, passes = s.passes, played = s.played,
           places = { out = s.out, order = s.order }, gave = s.gave[seat] }
end

local function sample(v, o, rng)
  local n = o._seats
  local s = G.copy(v)
  s.hand, s.counts, s.seat, s.gave, s.hand_number, s.to_beat = v.hand_number, nil, nil, {}, nil, nil
  s.out, s.order, s.places = G.copy(v.places.out), G.copy(v.places.order), nil
  s.top = v.to_beat
  if s.top then s.top_value, s.top_count = value(s.top:list()[1]), #s.top end
  s.hands = { [v.seat] = v.hand }
  local f = G.facts.new(n)
  local gave = v.gave
  if gave then                                 -- the cards given are held still, unless played or given back
    local still = gave.cards - v.played - v.hand
    if #still > 0 then G.facts.shown(f, gave.to, still) end
    -- and what came back says more: the Scum gave its two highest (it holds
    -- nothing higher but what it got back), the President its two lowest
    local vals = {}
    for card in gave.got:iter() do vals[#vals + 1] = value(card) end
    local cut = gave.role == "president" and math.min(table.unpack(vals)) or math.max(table.unpack(vals))
    local beyond = {}
    for card in ALL:iter() do
      if (gave.role == "president" and value(card) > cut) or (gave.role == "scum" and value(card) < cut) then
        beyond[#beyond + 1] = card
      end
    end
    G.facts.lacks(f, gave.to, dh.cards(beyond) - gave.cards)
    s.gave[v.seat] = G.copy(gave)
  end
  local wants = {}
  for k = 1, n do if k ~= v.seat then wants[k] = v.counts[k] end end
  local hands = G.facts.deal(f, ALL - v.played - v.hand, wants, rng)
  for k = 1, n do if k ~= v.seat then s.hands[k] = hands[k] end end
  return s
end

-- a quick choice: the lowest play, keeping sets whole; pass only when nothing goes
local function greedy(public, o, list)
  local hand = public.hand
  local groups = by_value(hand)
  for _, m in ipairs(list) do
    local cards = cards_of(m)
    if cards and #cards == #groups[value(cards:list()[1])] then return m end
  end
  return list[1]
end

local ORDINAL = { "1st", "2nd", "3rd", "4th", "5th", "6th", "7th" }

-- the table the page and `deckhand play` draw: who went out in which place,
-- last hand's President and Scum, who played the cards to beat, and the
-- two cards this seat gave and got in the exchange
local function table_hook(t, d)
  local places = d.places or {}
  for place, seat in ipairs(places.out or {}) do
    table.insert(t.players[seat].notes, "out " .. ORDINAL[place])
  end
  local order = places.order
  if order then
    table.insert(t.players[order[1]].notes, "President")
    table.insert(t.players[order[#order]].notes, "Scum")
  end
  for _, pile in ipairs(t.piles) do
    if pile.name == "to beat" and d.last then pile.note = "played by seat " .. d.last end
  end
  if d.gave then
    local me = t.players[t.seat]
    table.insert(me.groups, { label = "gave seat " .. d.gave.to, cards = tostring(d.gave.cards) })
    table.insert(me.groups, { label = "got", cards = tostring(d.gave.got) })
  end
end

return G {
  name = "president",
  options = { players = 4, max_hands = 3 },
  seats = function(o) return o.players end,
  check = function(o)
    if math.type(o.players) ~= "integer" or o.players < 3 or o.players > 7 then
      error(("president: players must be 3 to 7, got %s"):format(tostring(o.players)), 0)
    end
    if math.type(o.max_hands) ~= "integer" or o.max_hands < 1 then
      error(("president: max_hands must be a whole number of at least 1, got %s"):format(tostring(o.max_hands)), 0)
    end
  end,
  deal = function(o, rng)
    local s = { hand = 1, scores = {}, results = {} }
    for seat = 1, o._seats do s.scores[seat] = 0 end
    deal_hand(s, o, rng)
    return s
  end,
  moves = moves,
  apply = apply,
  view = view,
  sample = sample,
  greedy = greedy,
  bots = { pimc = { worlds = 8 }, ismcts = { worlds = 8 } },
  table = table_hook,
  locations = function(s, o)
    local where = { played = s.played }
    for seat = 1, o._seats do where["hand " .. seat] = s.hands[seat] end
    return where
  end,
}
