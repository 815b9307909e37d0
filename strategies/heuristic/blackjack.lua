-- heuristic.blackjack: basic strategy for the rules in force, computed
-- from the rules the view shows, not copied from a chart.
--
-- The computation is exact for an infinite shoe (every card value drawn
-- with its share of a deck, whatever has been dealt: 1/13 each for ace to
-- nine, 4/13 for the tens): the dealer's final totals for each up card
-- (17 to 21 or bust, standing or hitting on soft 17, and, once the dealer
-- has looked with an ace or ten up, knowing there is no blackjack); then
-- for every player total, hard or soft, against every up card the value
-- of standing, of hitting (and going on as well as one can), of doubling,
-- and, for a pair, of splitting (each split hand played the same way,
-- doubled after the split when the rules allow it, resplit up to the most
-- hands the rules allow, split aces locked to one card unless they may be
-- hit); surrender is worth half a bet lost.  The move played is the legal
-- one of highest value (ties: stand, hit, double, split, surrender first).
-- Insurance is taken only when it is worth it, which for an infinite
-- shoe it never is (a ten under the ace 4 times in 13, paid 2:1).
--
-- The tables are cached per rule set (each player its own cache);
-- M.tables(rules) gives them to the C simulation (deckhand.blackjack.sim,
-- bench/blackjack_edge.lua), which plays by the same values and the same
-- tie order.
-- Options: variant, seed.
local dh = require "deckhand"

local M = {}

local P = {}
for v = 1, 9 do P[v] = 1 / 13 end
P[10] = 4 / 13

local function total_of(hard, ace)
  if ace and hard + 10 <= 21 then return hard + 10, true end
  return hard, false
end

-- the dealer's final totals (17..21, 22 for a bust) from a hand
local function dealer_from(rules, memo, hard, ace)
  local key = hard * 2 + (ace and 1 or 0)
  if memo[key] then return memo[key] end
  local t, soft = total_of(hard, ace)
  local dist = {}
  if t > 21 then dist[22] = 1
  elseif t > 17 or (t == 17 and not (soft and rules.dealer_hits_soft17)) then dist[t] = 1
  else
    for c = 1, 10 do
      for d, p in pairs(dealer_from(rules, memo, hard + c, ace or c == 1)) do
        dist[d] = (dist[d] or 0) + P[c] * p
      end
    end
  end
  memo[key] = dist
  return dist
end

-- the dealer's final totals behind up card u, there being no blackjack
local function dealer_dist(rules, u)
  local memo, dist, mass = {}, {}, 0
  for c = 1, 10 do
    local bj = (u == 1 and c == 10) or (u == 10 and c == 1)
    if not bj then
      mass = mass + P[c]
      for d, p in pairs(dealer_from(rules, memo, u + c, u == 1 or c == 1)) do
        dist[d] = (dist[d] or 0) + P[c] * p
      end
    end
  end
  for d, p in pairs(dist) do dist[d] = p / mass end
  return dist
end

local function stand_value(dist, t)
  if t > 21 then return -1 end
  local v = 0
  for d, p in pairs(dist) do
    if d > 21 or t > d then v = v + p elseif t < d then v = v - p end
  end
  return v
end

-- may a two-card hand of this total double under the rules?
local function double_ok(rules, t, soft)
  if rules.double == "none" then return false end
  if rules.double == "9-11" then return not soft and t >= 9 and t <= 11 end
  if rules.double == "10-11" then return not soft and t >= 10 and t <= 11 end
  return true
end

-- the values for one up card: stand, hit (then the best of hit and
-- stand), double, by hard count and ace held
local function player_values(dist)
  local stand, best, hit = {}, {}, {}
  local function key(hard, ace) return hard * 2 + (ace and 1 or 0) end
  local function st(hard, ace)
    local k = key(hard, ace)
    if not stand[k] then stand[k] = stand_value(dist, (total_of(hard, ace))) end
    return stand[k]
  end
  local bestf
  local function hitf(hard, ace)
    local k = key(hard, ace)
    if hit[k] then return hit[k] end
    local v = 0
    for c = 1, 10 do
      if hard + c > 21 then v = v - P[c] else v = v + P[c] * bestf(hard + c, ace or c == 1) end
    end
    hit[k] = v
    return v
  end
  bestf = function(hard, ace)
    local k = key(hard, ace)
    if best[k] then return best[k] end
    local t = total_of(hard, ace)
    local v = st(hard, ace)
    if t < 21 then v = math.max(v, hitf(hard, ace)) end
    best[k] = v
    return v
  end
  local function double(hard, ace)
    local v = 0
    for c = 1, 10 do
      if hard + c > 21 then v = v - P[c] else v = v + P[c] * st(hard + c, ace or c == 1) end
    end
    return 2 * v
  end
  return { stand = st, hit = hitf, best = bestf, double = double }
end

-- the expected number of finished split hands whose second card is not
-- the pair's value, and of those stuck with it (no more splits allowed),
-- starting from two hands each waiting for its second card
local function split_counts(p, max_hands, can_resplit)
  local memo = {}
  local function e(h, k)
    if k == 0 then return 0, 0 end
    local key = h * 16 + k
    if memo[key] then return memo[key][1], memo[key][2] end
    local a1, b1 = e(h, k - 1)
    local np, pp = (1 - p) * (a1 + 1), (1 - p) * b1
    if can_resplit and h < max_hands then
      local a2, b2 = e(h + 1, k + 1)
      np, pp = np + p * a2, pp + p * b2
    else
      np, pp = np + p * a1, pp + p * (b1 + 1)
    end
    memo[key] = { np, pp }
    return np, pp
  end
  return e(2, 2)
end

local function split_value(rules, pv, v)
  if rules.split_hands < 2 then return -math.huge end
  -- a split hand of v and c, played as well as the rules let it
  local function w(c)
    local hard, ace = v + c, v == 1 or c == 1
    local t, soft = total_of(hard, ace)
    if v == 1 and not rules.hit_split_aces then return pv.stand(hard, ace) end
    local x = pv.best(hard, ace)
    if rules.double_after_split and t < 21 and double_ok(rules, t, soft) then x = math.max(x, pv.double(hard, ace)) end
    return x
  end
  local p = P[v]
  local np, pp = split_counts(p, rules.split_hands, v ~= 1 or rules.resplit_aces)
  local other = 0
  for c = 1, 10 do if c ~= v then other = other + P[c] * w(c) end end
  return np * other / (1 - p) + pp * w(v), np + pp
end

-- the chance of a dealer's blackjack behind up card u
local function bj_chance(u) return u == 1 and P[10] or u == 10 and P[1] or 0 end

local function key_of(rules)
  local parts = {}
  for _, k in ipairs { "dealer_hits_soft17", "double", "double_after_split", "split_hands", "resplit_aces",
                       "hit_split_aces", "peek" } do
    parts[#parts + 1] = tostring(rules[k])
  end
  return table.concat(parts, "/")
end

local shared = {}

--- M.tables(rules [, cache]) -> { hard = { [total] = { [up] = { stand, hit, double } } },
-- soft = ..., split = { [value] = { [up] = ev } }, insurance = ev }: the
-- expected values, in bets, for totals hard 4..21 and soft 12..21 and
-- pairs of value 1..10 (an ace 1) against up cards 1..10; kept in cache
-- (a table; default one shared by the module's callers) per rule set
function M.tables(rules, cache)
  cache = cache or shared
  local key = key_of(rules)
  if cache[key] then return cache[key] end
  local out = { hard = {}, soft = {}, split = {} }
  for t = 4, 21 do out.hard[t] = {} end
  for t = 12, 21 do out.soft[t] = {} end
  for v = 1, 10 do out.split[v] = {} end
  out.surrender, out.bj_chance = {}, {}
  for u = 1, 10 do
    local pv = player_values(dealer_dist(rules, u))
    -- without the peek a dealer's blackjack, found at the end, takes
    -- every bet: the values weigh it (a split's stake taken as its
    -- expected number of hands, doubles after the split left out)
    local p = rules.peek == false and bj_chance(u) or 0
    local function w(v, stake) return -p * stake + (1 - p) * v end
    for t = 4, 21 do out.hard[t][u] = { w(pv.stand(t, false), 1), w(pv.hit(t, false), 1), w(pv.double(t, false), 2) } end
    for t = 12, 21 do
      out.soft[t][u] = { w(pv.stand(t - 10, true), 1), w(pv.hit(t - 10, true), 1), w(pv.double(t - 10, true), 2) }
    end
    for v = 1, 10 do
      local ev, hands = split_value(rules, pv, v)
      out.split[v][u] = ev == -math.huge and ev or w(ev, hands)
    end
    out.surrender[u] = w(-0.5, 1)   -- a late surrender saves nothing from a blackjack not looked for
    out.bj_chance[u] = bj_chance(u)
  end
  -- insurance, per chip of the side bet: a ten in the hole pays 2
  out.insurance = 2 * P[10] - (1 - P[10])
  cache[key] = out
  return out
end

local value, total = dh.blackjack.value, dh.blackjack.total

--- M.values(tables, cards, up, moves) -> { [text] = ev }: each move's
-- value for a hand (a list of Cards) against up card value `up`
function M.values(tables, cards, up, moves)
  local t, soft = total(cards)
  local row = (soft and tables.soft or tables.hard)[t]
  local out = {}
  for _, m in ipairs(moves) do
    local k = tostring(m)
    if k == "stand" then out[k] = row[up][1]
    elseif k == "hit" then out[k] = row[up][2]
    elseif k == "double" then out[k] = row[up][3]
    elseif k == "split" then out[k] = tables.split[value(cards[1])][up]
    elseif k == "surrender" then out[k] = tables.surrender and tables.surrender[up] or -0.5 end
  end
  return out
end

-- early surrender (before the dealer looks under an ace or a ten): half a
-- bet against playing on, whose best value counts only when the dealer
-- has no blackjack (with the peek the values assume there is none)
local function early(tables, rules, cards, up)
  local moves = { "stand", "hit" }
  local t, soft = total(cards)
  if rules.double ~= "none" and double_ok(rules, t, soft) then moves[#moves + 1] = "double" end
  if value(cards[1]) == value(cards[2]) and rules.split_hands >= 2 then moves[#moves + 1] = "split" end
  local best
  for _, v in pairs(M.values(tables, cards, up, moves)) do best = best and math.max(best, v) or v end
  local p = rules.peek == false and 0 or tables.bj_chance[up]
  return -0.5 > -p + (1 - p) * best
end

local ORDER = { "stand", "hit", "double", "split", "surrender" }

function M.new()
  local cache = {}   -- each player its own: no table shared with another bot
  local function move(view)
    local moves = view:moves()
    local tables = M.tables(view:get("rules"), cache)
    if view:phase() == "insurance" then
      return view:move(tables.insurance > 0 and "insurance" or "no insurance")
    end
    if view:phase() == "surrender" then
      local seat = view:get("players")[view:seat()]
      local rules = view:get("rules")
      return view:move(early(tables, rules, seat.hands[1].cards, value(view:get("up"))) and "surrender"
                       or "no surrender")
    end
    local seat = view:get("players")[view:seat()]
    local cards = seat.hands[seat.current].cards
    local values = M.values(tables, cards, value(view:get("up")), moves)
    local best, best_v
    for _, k in ipairs(ORDER) do
      local v = values[k]
      if v and (not best or v > best_v) then best, best_v = k, v end
    end
    return view:move(best)
  end
  return { name = "heuristic.blackjack", move = move, script = move }
end

return M
