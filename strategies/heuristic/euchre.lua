-- heuristic.euchre: the heuristic's Euchre (rules/euchre.lua).
--
-- Making trump: it values its hand for each suit as trumps, asking the
-- view what every card would count as and how strong it would be under
-- that trump (view:counts_as: the bowers come from the rules, not from
-- here): 3 for the right bower, 2.5 the left, 2 an ace of trumps, 1.5 a
-- king (the four strongest trumps of the deck under that trump), 1 any
-- other trump, 0.5 for an ace outside trumps.  In the first
-- round the turned card counts for the dealer's side (the dealer takes
-- it: half a point more for the dealer's partner, half less for the
-- opponents); it orders up at 5, calls a suit in the second round at 5
-- (or the best suit when it may not pass), and goes alone at 8.5 with
-- both bowers.  Discarding: a card outside trumps, preferring one that
-- leaves a suit empty, never an ace when another card will do.  Card
-- play is the generic trick player's (heuristic/trick.lua).
-- M.explainer(view) says how likely a sampled world makes the trump
-- making so far, were the others making trumps this way (pimc's infer).
-- Options: variant, seed.
local dh = require "deckhand"

local M = {}

local SUITS = { "c", "d", "h", "s" }
local MAKE_AT, ALONE_AT = 5, 8.5   -- the worth that makes trumps, that goes alone (with both bowers)
local NAMES = { c = "clubs", d = "diamonds", h = "hearts", s = "spades" }

-- each card's place among the trumps of `deck` with `suit` as trumps (1:
-- the right bower, 2: the left, wherever the rules put them)
local function trump_places(view, suit, deck)
  local trumps = {}
  for c in deck:iter() do
    local s, st = view:counts_as(c, suit)
    if s == suit then trumps[#trumps + 1] = { card = c, st = st } end
  end
  table.sort(trumps, function(a, b) return a.st > b.st end)
  local place = {}
  for i, t in ipairs(trumps) do place[tostring(t.card)] = i end
  return place
end

-- the worth of `cards` under the trump whose places these are, and how
-- many of the two best trumps they hold
local BY_PLACE = { 3, 2.5, 2, 1.5 }
local function hand_worth(place, cards)
  local v, bowers = 0, 0
  for _, c in ipairs(cards) do
    local i = place[tostring(c)]
    if i then
      v = v + (BY_PLACE[i] or 1)
      if i <= 2 then bowers = bowers + 1 end
    elseif c.rank == 14 then
      v = v + 0.5
    end
  end
  return v, bowers
end

-- every card of the deck, from what the view shows: the turned card is
-- neither unseen nor played, and the seat's own discard is known to it
local function deck_of(view)
  local me = view:seat()
  local deck = view:unseen() | view:hand(me) | view:played() | view:discard(me)
  if view:upcard() then deck = deck | view:upcard() end
  return deck
end

-- a seat's worth for ordering up the turned card, and its bowers: `cards`
-- (the dealer's with the turned card taken in), half a point more when
-- its side deals, half less when the other does
local function order_worth(view, place, cards, seat)
  local dealer = view:dealer()
  if seat == dealer then cards[#cards + 1] = view:upcard() end
  local v, bowers = hand_worth(place, cards)
  if seat ~= dealer then v = v + (view:side(dealer) == view:side(seat) and 0.5 or -0.5) end
  return v, bowers
end

-- the second round's best suit for `cards` (not the turned one), its worth
-- and bowers; place_of(suit): the trump places under that suit
local function best_call(view, place_of, cards)
  local turned, best, best_v, best_b = view:upcard().suit, nil, -1, 0
  for _, s in ipairs(SUITS) do
    if s ~= turned then
      local v, b = hand_worth(place_of(s), cards)
      if v > best_v then best, best_v, best_b = s, v, b end
    end
  end
  return best, best_v, best_b
end

local function text_of(moves, want)
  for _, m in ipairs(moves) do if tostring(m) == want then return m end end
  return moves[1]
end

local function order(view)
  local me, moves = view:seat(), view:moves()
  local place = trump_places(view, view:upcard().suit, deck_of(view))
  local v, bowers = order_worth(view, place, view:hand(me):list(), me)
  local word = me == view:dealer() and "pick up" or "order up"
  if v >= ALONE_AT and bowers == 2 then return text_of(moves, word .. " alone") end
  if v >= MAKE_AT then return text_of(moves, word) end
  return text_of(moves, "pass")
end

local function call(view)
  local moves, deck = view:moves(), deck_of(view)
  local best, best_v, best_b = best_call(view, function(suit) return trump_places(view, suit, deck) end,
                                         view:hand(view:seat()):list())
  local stuck = tostring(moves[1]) ~= "pass"
  if best_v >= ALONE_AT and best_b == 2 then return text_of(moves, "call " .. NAMES[best] .. " alone") end
  if best_v >= MAKE_AT or stuck then return text_of(moves, "call " .. NAMES[best]) end
  return text_of(moves, "pass")
end

local function discard(view)
  local me, trump = view:seat(), view:trump()
  local hand = view:hand(me):list()
  local count = {}
  for _, c in ipairs(hand) do
    local s = view:counts_as(c)
    count[s] = (count[s] or 0) + 1
  end
  local legal = {}   -- (with dealer_may_discard_upcard = false the card picked up is not)
  for _, m in ipairs(view:moves()) do legal[tostring(m)] = true end
  local best, best_k
  for _, c in ipairs(hand) do
    local s, st = view:counts_as(c)
    -- trumps last, aces next to last, a card that empties a suit first
    local k = (s == trump and 1000 or 0) + (c.rank == 14 and 100 or 0) + (count[s] == 1 and 0 or 20) + st
    if legal["discard " .. tostring(c)] and (not best_k or k < best_k or (k == best_k and tostring(c) < tostring(best))) then
      best, best_k = c, k
    end
  end
  return text_of(view:moves(), "discard " .. tostring(best))
end

-- ---------------------------------------------------------------- inference
-- What the trump making so far says of the others' hands, were they making
-- trumps as this heuristic does: a seat that passed the turned card holds
-- little in its suit, one that ordered it up or called a suit much in it.
-- The view shows who made trumps (view:declarer), in which round (the
-- trump is the turned card's suit or not) and, by the turn order from the
-- dealer's left, who passed before.  Others bid otherwise (pimc by its own
-- search), so the heuristic's threshold is softened: a seat whose hand is
-- worth v acts with probability 1 / (1 + exp(-(v - 5) / SOFT)).
local SOFT = 0.75

local function acts(v) return 1 / (1 + math.exp(-(v - MAKE_AT) / SOFT)) end

-- the seats that acted before `seat` this round, in turn from the dealer's left
local function before(view, seat)
  local out, n, dealer = {}, view:seats(), view:dealer()
  for i = 1, n do
    local s = (dealer + i - 1) % n + 1
    if s == seat then break end
    out[#out + 1] = s
  end
  return out
end

--- M.explainer(view) -> explain(world) -> the probability, in (0, 1], that
-- the seats other than the view's, dealt as in the world (world:deal()),
-- would have made the trump making's public choices so far as this
-- heuristic does (softened as above); nil when those choices say nothing
-- (no turned card, or none made yet).  pimc keeps sampled worlds with this
-- probability (its option infer).
function M.explainer(view)
  local up, me, phase = view:upcard(), view:seat(), view:phase()
  if not up then return nil end
  local all = before(view, nil)   -- every seat, in turn
  local checks = {}               -- { seat, round, made, suit }
  local function add(seats, round, made, suit)
    for _, s in ipairs(seats) do
      if s ~= me then checks[#checks + 1] = { seat = s, round = round, made = made, suit = suit } end
    end
  end
  if phase == "order" then
    add(before(view, me), 1, false)
  elseif phase == "call" then
    add(all, 1, false)
    add(before(view, me), 2, false)
  else
    local maker = view:declarer()
    if not maker then return nil end
    if view:trump() == up.suit then
      add(before(view, maker), 1, false)
      add({ maker }, 1, true)
    else
      add(all, 1, false)
      add(before(view, maker), 2, false)
      -- a dealer who makes trumps in the second round may have been stuck
      if maker ~= view:dealer() then add({ maker }, 2, true, view:trump()) end
    end
  end
  if #checks == 0 then return nil end
  local places, deck = {}, deck_of(view)
  for _, suit in ipairs(SUITS) do places[suit] = trump_places(view, suit, deck) end
  local function place_of(suit) return places[suit] end
  return function(world)
    local deal = world:deal()
    local p = 1
    for _, c in ipairs(checks) do
      local cards, v = deal[c.seat]:list(), nil
      if c.round == 1 then
        v = order_worth(view, places[up.suit], cards, c.seat)
      elseif c.made then
        v = hand_worth(places[c.suit], cards)
      else
        v = select(2, best_call(view, place_of, cards))
      end
      local a = acts(v)
      p = p * (c.made and a or 1 - a)
    end
    return p
  end
end

function M.new(options)
  local T = dh.strategy("heuristic.trick", options)
  return {
    name = "heuristic.euchre",
    play = T.play, script = T.script,
    phases = { order = order, call = call, discard = discard,
               defend = function(view) return text_of(view:moves(), "pass") end },   -- (lone_defender: never alone)
    explainer = M.explainer,
  }
end

return M
