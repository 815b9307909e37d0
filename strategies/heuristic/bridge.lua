-- heuristic.bridge: the heuristic's Contract Bridge (rules/bridge.lua).
--
-- Bidding, by high-card points (ace 4, king 3, queen 2, jack 1) and suit
-- lengths, a small natural system:
--   opening   1NT with 15-17 and a balanced hand (no void or singleton,
--             at most one doubleton), 2NT with 20-21 balanced, else one
--             of its longest suit (the higher of two as long) with 12 or
--             more; otherwise pass.
--   responses to partner's opening, when it still stands: over 1NT, game
--             (4 of a six-card major, else 3NT) with 10 or more, 2NT with
--             8-9, 2 of a five-card major below 8, else pass; over 2NT,
--             3NT with 5 or more.  Over one of a major with three cards
--             of it, a raise counting shortness (void 5, singleton 3,
--             doubleton 1): 2 with 6-9, 3 with 10-12, game with 13 or
--             more; over a minor with five cards the same, 3NT for game.
--             Otherwise with 6 or more a new four-card suit at the one
--             level, else 1NT (6-10), 2NT (11-12), 3NT (13 or more).
--   the opener's rebid, after partner's response: game after a raise
--             with the points for it, a raise of partner's new suit with
--             four cards, a six-card suit again, else pass.
--   competing, when the opponents opened and its side has not bid: an
--             overcall in a five-card suit at the cheapest level (10 or
--             more at the one level, 12 at the two level), 1NT with 15-18
--             balanced, a penalty double of a contract at level four or
--             more with 14 or more.
-- Anything else, and any call that is not legal, is a pass.  The calls
-- draw no random numbers: they follow from the hand and the calls before,
-- so a tournament with --bid-with heuristic reaches the same contract at
-- both tables of a deal (tournament_spec checks it).  Card play is
-- the generic trick player's (heuristic/trick.lua), declarer playing the
-- dummy's cards in its turn.  Options: variant, seed.
local dh = require "deckhand"

local M = {}

-- the strains, in the order of the auction's codes (view:auction())
local STRAINS = { "C", "D", "H", "S", "NT" }
local SUIT_STRAIN = { c = 1, d = 2, h = 3, s = 4 }
local SUITS = { "c", "d", "h", "s" }
local HCP = { [14] = 4, [13] = 3, [12] = 2, [11] = 1 }

local function level_of(c) return (c - 1) // 5 + 1 end
local function strain_of(c) return (c - 1) % 5 + 1 end
local function partner(seat) return (seat + 1) % 4 + 1 end

-- high-card points, length per suit, balanced?
local function shape(hand)
  local hcp, len = 0, { c = 0, d = 0, h = 0, s = 0 }
  for _, c in ipairs(hand:list()) do
    hcp = hcp + (HCP[c.rank] or 0)
    len[c.suit] = len[c.suit] + 1
  end
  local doubletons, short = 0, false
  for _, s in ipairs(SUITS) do
    if len[s] <= 1 then short = true end
    if len[s] == 2 then doubletons = doubletons + 1 end
  end
  return hcp, len, not short and doubletons <= 1
end

-- the longest suit, the higher-ranking of two as long (among `only` if given)
local function longest(len, only)
  local best
  for _, s in ipairs(SUITS) do
    if (not only or only[s]) and (not best or len[s] >= len[best]) then best = s end
  end
  return best
end

-- points for a raise: high cards and shortness
local function support_points(hcp, len, trump)
  local p = hcp
  for _, s in ipairs(SUITS) do
    if s ~= trump then p = p + (len[s] == 0 and 5 or len[s] == 1 and 3 or len[s] == 2 and 1 or 0) end
  end
  return p
end

-- the cheapest legal bid of a strain at or below max_level, as a text
local function cheapest(legal, strain, max_level)
  for level = 1, max_level do
    local t = level .. STRAINS[strain]
    if legal[t] then return t end
  end
  return nil
end

local function respond(legal, open, hcp, len, balanced)
  local level, strain = level_of(open), strain_of(open)
  if strain == 5 then
    if level == 1 then
      local major = len.s >= len.h and "s" or "h"
      if hcp >= 10 then return len[major] >= 6 and "4" .. major:upper() or "3NT" end
      if hcp >= 8 then return "2NT" end
      if len[major] >= 5 then return "2" .. major:upper() end
    elseif level == 2 and hcp >= 5 then
      return "3NT"
    end
    return "pass"
  end
  if level ~= 1 then return "pass" end
  local suit = SUITS[strain]
  local major = strain >= 3
  if len[suit] >= (major and 3 or 5) then
    local p = support_points(hcp, len, suit)
    if p >= 13 then return major and "4" .. suit:upper() or "3NT" end
    if p >= 10 then return "3" .. suit:upper() end
    if p >= 6 then return "2" .. suit:upper() end
    return "pass"
  end
  if hcp < 6 then return "pass" end
  local new = {}
  for _, s in ipairs(SUITS) do
    if len[s] >= 4 and legal["1" .. s:upper()] then new[s] = true end
  end
  local s = next(new) and longest(len, new)
  if s then return "1" .. s:upper() end
  if hcp <= 10 then return "1NT" end
  if hcp <= 12 then return "2NT" end
  return balanced and "3NT" or "2" .. longest(len):upper()
end

local function rebid(legal, open, contract, hcp, len, balanced)
  local suit = SUITS[strain_of(open)]
  local level, strain = level_of(contract), strain_of(contract)
  if strain == strain_of(open) and suit then   -- partner raised
    local major = strain >= 3
    local p = support_points(hcp, len, suit)
    if major and level == 2 and p >= 17 then return "4" .. suit:upper() end
    if major and level == 2 and p >= 15 then return "3" .. suit:upper() end
    if major and level == 3 and p >= 14 then return "4" .. suit:upper() end
    return "pass"
  end
  if strain == 5 then
    if level == 2 and hcp >= 16 then return "3NT" end
    return "pass"
  end
  local theirs = SUITS[strain]
  if len[theirs] >= 4 then
    local p = support_points(hcp, len, theirs)
    if p >= 19 and strain >= 3 then return "4" .. theirs:upper() end
    if p >= 16 then return (level + 2) .. theirs:upper() end
    return (level + 1) .. theirs:upper()
  end
  if suit and len[suit] >= 6 then return cheapest(legal, SUIT_STRAIN[suit], 3) or "pass" end
  if balanced and legal["1NT"] then return "1NT" end
  return "pass"
end

local function compete(legal, contract, hcp, len, balanced)
  local level = level_of(contract)
  if level >= 4 and hcp >= 14 and legal.double then return "double" end
  if balanced and hcp >= 15 and hcp <= 18 and legal["1NT"] then return "1NT" end
  local s = longest(len)
  if len[s] >= 5 and hcp >= 10 then
    local t = cheapest(legal, SUIT_STRAIN[s], hcp >= 12 and 2 or 1)
    if t then return t end
  end
  return "pass"
end

local function auction(view)
  local me = view:seat()
  local moves = view:moves()
  local legal = {}
  for _, m in ipairs(moves) do legal[tostring(m)] = m end
  local hcp, len, balanced = shape(view:hand(me))
  local state = view:auction()
  local contract, bidder, open, opener = state.contract, state.bidder, state.opening, state.opener
  local want = "pass"
  if contract == 0 then
    if balanced and hcp >= 15 and hcp <= 17 then want = "1NT"
    elseif balanced and hcp >= 20 and hcp <= 21 then want = "2NT"
    elseif hcp >= 12 then want = "1" .. longest(len):upper() end
  elseif opener == partner(me) and contract == open then
    want = respond(legal, open, hcp, len, balanced)
  elseif opener == me and bidder == partner(me) then
    want = rebid(legal, open, contract, hcp, len, balanced)
  elseif view:side(bidder) ~= view:side(me) and not state.named[view:side(me)] then
    want = compete(legal, contract, hcp, len, balanced)
  end
  return legal[want] or legal.pass
end

function M.new(options)
  local T = dh.strategy("heuristic.trick", options)
  return { name = "heuristic.bridge", play = T.play, phases = { auction = auction }, script = auction }
end

M.shape = shape   -- for tests

return M
