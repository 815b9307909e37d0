-- heuristic.holdem: the heuristic's Texas Hold'em (rules/holdem.lua), as
-- act(view) -> action [, amount] (apply reads "raise", 120 as "raise 120").
--
-- It plays Omaha too (heuristic/omaha.lua is this file): there the four
-- hole cards' starting score is omaha_score below, on Chen's scale, and
-- the equity after the flop is Omaha's (the high hand: in hi-lo the low
-- half is not counted).
--
-- Before the flop it plays the Chen score of its two hole cards (less
-- half a point per opponent beyond the first): raises the strong ones to
-- 3 big blinds or three times the bet (all in against a bet of a third of
-- its stack), calls small bets with the middling, folds the rest; after
-- the flop its equity against as many random hands as there are players
-- left (dh.poker.equity, `samples` Monte Carlo trials, 300, cached by
-- cards) decides: bets 2/3 of the pot when strong, 1/2 when fair, raises
-- very strong hands by 3/4 of the pot, calls when the equity beats the
-- pot odds by 8 points, else checks or folds.
--
-- It reads the view's data (deckhand.poker_view): its own `hole` cards,
-- the `board`, `stacks`, `bets`, `pot`, the blinds, and `legal` the legal
-- actions.  Its model of a player -- situation(p) of such data,
-- decide(strength, situation), strength(hole, board, nopp) -- is what
-- pimc.holdem samples the others' cards with, so the table it makes has
-- them too, with chen(c1, c2) and the sizing helpers find, passive and
-- sized.  Options (checked by heuristic.lua): samples, seed.
local dh = require "deckhand"

local M = {}

-- helpers --------------------------------------------------------------

-- card names of a list of Cards (the strings the caches and equity take)
local function names(list)
  local out = {}
  for i, c in ipairs(list or {}) do out[i] = tostring(c) end
  return out
end

local function find(legal, action)
  for _, m in ipairs(legal) do
    if m.action == action then return m end
  end
  return nil
end

-- check if possible, else call (what a player does who never folds)
local function passive(legal)
  if find(legal, "check") then return "check" end
  if find(legal, "call") then return "call" end
  return legal[1].action   -- only all in is left (never: call is offered then)
end

local function give_up(legal)
  if find(legal, "check") then return "check" end
  return "fold"
end

-- a bet or raise to `to` chips, clamped to what legal() allows; all in
-- when `to` reaches the stack; a call or check when neither is possible
local function sized(legal, to)
  local m = find(legal, "bet") or find(legal, "raise")
  local allin = find(legal, "allin")
  if m then
    if to >= m.max then
      if allin then return "allin" end
      return m.action, m.max
    end
    to = math.floor(to + 0.5)
    if to < m.min then to = m.min end
    return m.action, to
  end
  if allin and (not find(legal, "call") or allin.amount > find(legal, "call").amount) then
    return "allin"
  end
  return passive(legal)
end

local function seats_in_hand(p)
  local n = 0
  for s = 1, p.seats do
    if p.in_hand[s] and not p.folded[s] then n = n + 1 end
  end
  return n
end

-- chen(c1, c2) -> the Chen score of two hole cards (-1 to 20): points
-- for the high card (A 10, K 8, Q 7, J 6, else half the rank), doubled for
-- a pair (5 at least), +2 suited, minus 1, 2, 4 or 5 for a gap of 1, 2, 3
-- or more ranks, +1 for connected or one-gap cards below a queen; halves
-- rounded up
local function chen(c1, c2)
  c1, c2 = dh.card(c1), dh.card(c2)
  local hi, lo = math.max(c1.rank, c2.rank), math.min(c1.rank, c2.rank)
  local top = ({ [14] = 10, [13] = 8, [12] = 7, [11] = 6 })[hi] or hi / 2
  local s
  if hi == lo then
    s = math.max(top * 2, 5)
  else
    s = top
    if c1.suit == c2.suit then s = s + 2 end
    local gap = hi - lo - 1
    s = s - (({ [0] = 0, 1, 2, 4 })[gap] or 5)
    if gap <= 1 and hi < 12 then s = s + 1 end
  end
  return math.ceil(s)
end

-- omaha_score(hole) -> a starting-hand score of four Omaha hole cards,
-- on Chen's scale (-1 to 20) so that the same thresholds decide: what
-- makes an Omaha hand good is pairs (high ones: AA 8, KK 7 ... TT 4, lower
-- 2), suits held twice (a flush draw; 2 with the ace of the suit, 1.5 with
-- the king, else 1), ranks close enough to make straights together (1 per
-- two ranks at most 3 apart, 1.5 when both are nine or higher), high cards
-- (ace 1, K Q J T one half each); three or four of a rank or a suit waste
-- cards (-2 for trips, a suit held three times counts a half), and a card
-- that works with no other (a dangler, aces aside) costs 1
local function omaha_score(hole)
  local ranks, suits, by_rank = {}, {}, {}
  for i, c in ipairs(hole) do
    c = dh.card(c)
    ranks[i] = c.rank
    by_rank[c.rank] = (by_rank[c.rank] or 0) + 1
    suits[c.suit] = suits[c.suit] or {}
    table.insert(suits[c.suit], c.rank)
  end
  local s = 0
  for r, n in pairs(by_rank) do
    if n == 2 then s = s + (r >= 10 and r - 6 or 2)
    elseif n >= 3 then s = s - 2 end
  end
  local suited = {}
  for _, rs in pairs(suits) do
    if #rs == 2 then
      local top = math.max(rs[1], rs[2])
      s = s + (top == 14 and 2 or top == 13 and 1.5 or 1)
    elseif #rs == 3 then s = s + 0.5 end
    if #rs >= 2 then for _, r in ipairs(rs) do suited[r] = true end end
  end
  local distinct = {}
  for r in pairs(by_rank) do distinct[#distinct + 1] = r end
  table.sort(distinct)
  local linked = {}
  for i = 1, #distinct do
    for j = i + 1, #distinct do
      local lo, hi = distinct[i], distinct[j]
      if hi - lo <= 3 then
        s = s + (lo >= 9 and 1.5 or 1)
        linked[lo], linked[hi] = true, true
      end
    end
  end
  for _, r in ipairs(ranks) do
    if r == 14 then s = s + 1 elseif r >= 10 then s = s + 0.5 end
    if r ~= 14 and by_rank[r] == 1 and not suited[r] and not linked[r] then s = s - 1 end
  end
  return math.max(-1, math.min(20, math.floor(s + 0.5)))
end

-- the starting-hand score of hole cards: Chen's for Hold'em's two, the
-- Omaha score for four
local function preflop_score(hole)
  if #hole == 4 then return omaha_score(hole) end
  return chen(hole[1], hole[2])
end

-- the heuristic --------------------------------------------------------------

-- strength of a hand: { chen = } before the flop, { equity = } after it
-- (against `nopp` random hands); estimates are cached by cards
local function new_strength(rng, samples)
  local cache, size = {}, 0
  return function(hole, board, nopp)
    if #board == 0 then return { chen = preflop_score(hole), nopp = nopp } end
    local key = table.concat(hole) .. table.concat(board) .. nopp
    local hit = cache[key]
    if hit then return hit end
    local players = { table.concat(hole) }
    for k = 1, nopp do players[k + 1] = "*" end
    local r = dh.poker.equity { players = players, board = table.concat(board, " "), samples = samples,
                                max_exact = 5000, seed = rng:int(1, 0x7FFFFFFF),
                                game = #hole == 4 and "omaha" or "holdem" }
    hit = { equity = r[1].equity, nopp = nopp }
    if size > 20000 then cache, size = {}, 0 end
    cache[key], size = hit, size + 1
    return hit
  end
end

-- the facts of the decision, from a view's data p (or a table with its
-- fields seat, seats, phase, legal, big_blind, current, pot, bets,
-- stacks, in_hand, folded)
local function situation(p)
  local me = p.seat
  local bet = p.bets[me]
  return {
    legal = p.legal, phase = p.phase, bb = p.big_blind,
    to_call = p.current - bet, current = p.current, pot = p.pot,
    stack = p.stacks[me], bet = bet, nopp = math.max(1, seats_in_hand(p) - 1),
  }
end

-- what situation() and strength() read of a view, the cards as names
local KEYS = { "legal", "big_blind", "current", "pot", "bets", "stacks", "in_hand", "folded" }
local function public(view)
  local p = { seat = view:seat(), seats = view:seats(), phase = view:phase(),
              hole = names(view:get("hole")), board = names(view:get("board")) }
  for _, k in ipairs(KEYS) do p[k] = view:get(k) end
  return p
end

-- the heuristic's move for a hand of strength st in situation x
local function decide(st, x)
  local legal, bb = x.legal, x.bb
  local to_call = x.to_call
  local total = x.stack + x.bet   -- the most this round's bet can reach
  if st.chen then
    local c = st.chen - 0.5 * (x.nopp - 1)
    local cur = x.current / bb
    if c >= 10 then
      if x.current >= total / 3 then return sized(legal, total) end
      if cur <= 1 then return sized(legal, 3 * bb) end
      return sized(legal, 3 * x.current)
    elseif c >= 8 then
      if cur <= 1 then return sized(legal, 3 * bb) end
      if to_call <= 10 * bb or (c >= 9 and to_call <= 20 * bb) then return passive(legal) end
      return give_up(legal)
    elseif c >= 6 then
      if cur <= 1 then return sized(legal, math.floor(2.5 * bb)) end
      if to_call <= 3 * bb then return passive(legal) end
      return give_up(legal)
    elseif c >= 4 then
      if to_call <= bb then return passive(legal) end
      return give_up(legal)
    end
    return give_up(legal)
  end
  local e = st.equity
  local s = e ^ (1 / x.nopp)   -- per opponent, comparable across table sizes
  local pot = x.pot + to_call
  if to_call == 0 then
    if s >= 0.75 then return sized(legal, x.current + pot * 2 / 3) end
    if s >= 0.62 then return sized(legal, x.current + pot / 2) end
    return passive(legal)
  end
  if s >= 0.88 then return sized(legal, x.current + pot * 3 / 4 + to_call) end
  if e >= to_call / pot + 0.08 then return passive(legal) end
  return give_up(legal)
end

function M.new(options)
  local samples = options.samples or 300   -- heuristic.lua's takes says this default
  local strength = new_strength(dh.rng(options.seed or 1), samples)
  return {
    name = "heuristic.holdem", samples = samples,
    act = function(view)
      local p = public(view)
      local x = situation(p)
      return decide(strength(p.hole, p.board, x.nopp), x)
    end,
    -- the model and helpers pimc.holdem builds on
    chen = chen, omaha_score = omaha_score, preflop_score = preflop_score,
    new_strength = new_strength, situation = situation, decide = decide,
    names = names, find = find, passive = passive, sized = sized,
  }
end

return M
