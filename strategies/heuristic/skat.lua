-- heuristic.skat: the heuristic's Skat (rules/skat.lua).
--
-- It values its hand for each game it could name: a suit game counts the
-- trumps it holds (the four jacks and the suit), a grand its jacks and
-- aces.  It would play the suit with the most trumps (the higher base on
-- a tie) when it holds five or more trumps with at least one jack and one
-- ace in all, or a grand with three jacks and two aces (or all four
-- jacks); the game's value with its matadors (and one more for a hand
-- game) is the most it bids.  Bidding: the lowest value above the last
-- while that is no more than its limit, "yes" up to it, 18 as forehand
-- when it has a game.  It always picks up the skat, lays away the two
-- cards it values least (never a trump or an ace; a ten or king of a
-- short suit first: their points are then safe in the skat), and names
-- the best game that reaches the bid, else the dearest one.  Card play is
-- the generic trick player's (heuristic/trick.lua).  Options: variant,
-- seed.
local dh = require "deckhand"

local M = {}

local JACKS = { "Jc", "Js", "Jh", "Jd" }
local SUITS = { d = 9, h = 10, s = 11, c = 12 }   -- base values
local NAMES = { d = "diamonds", h = "hearts", s = "spades", c = "clubs" }
local RUN = { "A", "T", "K", "Q", "9", "8", "7" }
local POINTS = { [14] = 11, [10] = 10, [13] = 4, [12] = 3, [11] = 2 }
-- the bidding's public state (its vars by name) and the 63 game values a
-- bid may name, from C (dh.phase.skat_bidding: engine/trick/prefab.h)
local SKAT = dh.phase.skat_bidding
local VALUE, HOLDER, STAGE, FLAGS = SKAT.vars.value, SKAT.vars.holder, SKAT.vars.stage, SKAT.vars.flags
local HAND = SKAT.flags.hand
local BIDS = SKAT.bids

local function left(seat) return seat % 3 + 1 end

-- the matadors with or without of a game's trump run in cards
local function matadors(cards, suit)
  local list = {}
  for _, j in ipairs(JACKS) do list[#list + 1] = j end
  if suit then for _, r in ipairs(RUN) do list[#list + 1] = r .. suit end end
  local with, n = cards:has(list[1]), 0
  while n < #list and cards:has(list[n + 1]) == with do n = n + 1 end
  return n
end

-- the games the cards allow: { name =, value = } from the best, the
-- trump suit of the best suit game
local function games(cards, hand)
  local jacks, aces, len = 0, 0, { c = 0, d = 0, h = 0, s = 0 }
  for c in cards:iter() do
    if c.rank == 11 then jacks = jacks + 1
    else
      len[c.suit] = len[c.suit] + 1
      if c.rank == 14 then aces = aces + 1 end
    end
  end
  local extra = hand and 1 or 0
  local out = {}
  if (jacks >= 3 and aces >= 2) or jacks == 4 then
    out[#out + 1] = { name = "grand", value = 24 * (matadors(cards) + 1 + extra) }
  end
  local best
  for s, base in pairs(SUITS) do
    if not best or len[s] > len[best] or (len[s] == len[best] and base > SUITS[best]) then best = s end
  end
  if jacks + len[best] >= 5 and jacks >= 1 and aces >= 1 then
    out[#out + 1] = { name = NAMES[best], value = SUITS[best] * (matadors(cards, best) + 1 + extra) }
  end
  table.sort(out, function(a, b) return a.value > b.value end)
  return out, best
end

local function pick(view, want)
  for _, m in ipairs(view:moves()) do if tostring(m) == want then return m end end
  return view:moves()[1]
end

local function bidding(view)
  local me = view:seat()
  local list = games(view:hand(me), false)
  local limit = list[1] and list[1].value or 0
  local stage, value = view:var(STAGE), view:var(VALUE)
  if stage == 3 then return pick(view, limit >= 18 and "18" or "pass") end
  local holder = view:var(HOLDER)
  if stage == 0 then holder = left(view:dealer()) end
  if me == holder then return pick(view, (BIDS[value] or 0) <= limit and "yes" or "pass") end
  local next_value = BIDS[value + 1]
  if next_value and next_value <= limit then return pick(view, tostring(next_value)) end
  return pick(view, "pass")
end

local function skat(view) return pick(view, "pick up") end

local function discard(view)
  local me = view:seat()
  local cards = view:hand(me)
  local _, best = games(cards, false)
  local len = { c = 0, d = 0, h = 0, s = 0 }
  for c in cards:iter() do if c.rank ~= 11 then len[c.suit] = len[c.suit] + 1 end end
  local keep = {}
  for c in cards:iter() do
    local k
    if c.rank == 11 or c.suit == best then k = 1000
    elseif c.rank == 14 then k = 500
    else k = len[c.suit] * 20 - (POINTS[c.rank] or 0) end
    keep[#keep + 1] = { card = c, k = k }
  end
  table.sort(keep, function(a, b)
    if a.k ~= b.k then return a.k < b.k end
    return tostring(a.card) < tostring(b.card)
  end)
  local pair = dh.cards { keep[1].card, keep[2].card }
  for _, m in ipairs(view:moves()) do
    if dh.cards(tostring(m):match("^discard (.+)$")) == pair then return m end
  end
  return view:moves()[1]
end

local function declare(view)
  local me = view:seat()
  local hand = view:var(FLAGS) & HAND ~= 0
  local cards = view:hand(me) | view:discard(me)
  local list, best = games(cards, hand)
  local bid = BIDS[view:var(VALUE)] or 18
  for _, g in ipairs(list) do
    if g.value >= bid then return pick(view, g.name) end
  end
  return pick(view, list[1] and list[1].name or NAMES[best])
end

function M.new(options)
  local T = dh.strategy("heuristic.trick", options)
  return {
    name = "heuristic.skat", play = T.play,
    phases = { bidding = bidding, skat = skat, discard = discard, declare = declare }, script = T.script,
  }
end

return M
