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
-- Options: variant, seed.
local dh = require "deckhand"

local M = {}

local SUITS = { "c", "d", "h", "s" }
local NAMES = { c = "clubs", d = "diamonds", h = "hearts", s = "spades" }

-- the hand's worth with `suit` as trumps (extra: a card it would take
-- in), and how many of the two best trumps it holds
local function worth(view, suit, extra)
  -- every trump of the deck by strength under this trump: the first two
  -- are the bowers wherever the rules put them
  local deck = view:unseen() | view:hand(view:seat()) | view:played()
  local trumps = {}
  for c in deck:iter() do
    local s, st = view:counts_as(c, suit)
    if s == suit then trumps[#trumps + 1] = { card = c, st = st } end
  end
  table.sort(trumps, function(a, b) return a.st > b.st end)
  local place = {}
  for i, t in ipairs(trumps) do place[tostring(t.card)] = i end
  local by_place = { 3, 2.5, 2, 1.5 }
  local cards = view:hand(view:seat()):list()
  if extra then cards[#cards + 1] = extra end
  local v, bowers = 0, 0
  for _, c in ipairs(cards) do
    local i = place[tostring(c)]
    if i then
      v = v + (by_place[i] or 1)
      if i <= 2 then bowers = bowers + 1 end
    elseif c.rank == 14 then
      v = v + 0.5
    end
  end
  return v, bowers
end

local function text_of(moves, want)
  for _, m in ipairs(moves) do if tostring(m) == want then return m end end
  return moves[1]
end

local function order(view)
  local me, dealer, up = view:seat(), view:dealer(), view:upcard()
  local moves = view:moves()
  local v, bowers = worth(view, up.suit, me == dealer and up or nil)
  if me ~= dealer then
    v = v + (view:side(dealer) == view:side(me) and 0.5 or -0.5)
  end
  local word = me == dealer and "pick up" or "order up"
  if v >= 8.5 and bowers == 2 then return text_of(moves, word .. " alone") end
  if v >= 5 then return text_of(moves, word) end
  return text_of(moves, "pass")
end

local function call(view)
  local moves, turned = view:moves(), view:upcard().suit
  local best, best_v, best_b = nil, -1, 0
  for _, s in ipairs(SUITS) do
    if s ~= turned then
      local v, b = worth(view, s)
      if v > best_v then best, best_v, best_b = s, v, b end
    end
  end
  local stuck = tostring(moves[1]) ~= "pass"
  if best_v >= 8.5 and best_b == 2 then return text_of(moves, "call " .. NAMES[best] .. " alone") end
  if best_v >= 5 or stuck then return text_of(moves, "call " .. NAMES[best]) end
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
  local best, best_k
  for _, c in ipairs(hand) do
    local s, st = view:counts_as(c)
    -- trumps last, aces next to last, a card that empties a suit first
    local k = (s == trump and 1000 or 0) + (c.rank == 14 and 100 or 0) + (count[s] == 1 and 0 or 20) + st
    if not best_k or k < best_k or (k == best_k and tostring(c) < tostring(best)) then best, best_k = c, k end
  end
  return text_of(view:moves(), "discard " .. tostring(best))
end

function M.new(options)
  local T = dh.strategy("heuristic.trick", options)
  return {
    name = "heuristic.euchre",
    play = T.play, order = order, call = call, discard = discard, script = T.script,
  }
end

return M
