-- heuristic.trick: the heuristic's generic trick player, for any
-- trick-taking variant without a heuristic of its own, and the helpers
-- the games' own heuristics (heuristic/<game>.lua) build on.
--
-- Play: when it wants the trick, it leads a card no unseen card of its
-- suit outranks (outside trumps), else a low card of its longest side
-- suit; following, it takes the trick with its cheapest winning card
-- unless its side already holds it for sure, and throws its weakest card
-- when it cannot win or need not.  When it wants to lose (a low score
-- wins, or a game's heuristic asks it to duck), it leads its lowest card
-- and follows with its strongest card that does not take the trick.
-- Bids: the middle of the legal bids.  Passes: its highest cards.
--
-- What the rules decide it asks the view: who takes the trick
-- (view:winning, view:winner_with), how strong a card is and its rank
-- (view:strength, view:order), the partners, the pass count.  Options:
-- variant, seed.
--
-- Besides bid, play and pass, the table it makes has the helpers:
-- trick(view, want) (want "win" or "lose"), winners(view) (the legal
-- cards that would take the trick so far, and those that would not),
-- sort(list, key), strengths(view) (two functions of a card: its
-- strength, asked once a card, and its rank in the variant's order),
-- suits(set) (the cards by suit), boss(view, card, rank) and trump(view).
local dh = require "deckhand"

local M = {}

-- ascending by key, then by card name: the same choice every run
local function sort(list, key)
  table.sort(list, function(a, b)
    local ka, kb = key(a), key(b)
    if ka ~= kb then return ka < kb end
    return tostring(a) < tostring(b)
  end)
  return list
end

-- the trump suit, or nil
local function trump(view)
  local t = view:trump()
  if t == nil or t == "none" or #t ~= 1 then return nil end
  return t
end

local function suits(set)
  local by = { c = {}, d = {}, h = {}, s = {} }
  for _, c in ipairs(set:list()) do
    if c.suit then by[c.suit][#by[c.suit] + 1] = c end
  end
  return by
end

-- the view's answers as functions of a card: strength(c) in this trick
-- (each card asked once: it asks the play rule about every card of the
-- deck) and rank(c), its place in the variant's order
local function strengths(view)
  local st = {}
  return function(c)
    local s = st[c]
    if s == nil then s = view:strength(c); st[c] = s end
    return s
  end, function(c) return view:order(c) end
end

-- the suit a card counts as now (a Euchre left bower is a trump), as the
-- rules say
local function suit_of(view, c)
  return (view:counts_as(c))
end

-- is c the highest card of its suit still out (no unseen card of its
-- suit ranks above it)?
local function boss(view, c, rank)
  local suit = suit_of(view, c)
  for u in view:unseen():iter() do
    if suit_of(view, u) == suit and rank(u) > rank(c) then return false end
  end
  return true
end

-- the seat whose cards the view's seat plays now: its own, or a hand it
-- plays for (Bridge's declarer playing the dummy)
local function playing(view) return view:turn() or view:seat() end

-- the legal cards that would take the trick so far, and the others
local function winners(view, legal)
  local me, win, lose = playing(view), {}, {}
  for _, c in ipairs(legal or view:legal():list()) do
    if view:winner_with(c) == me then win[#win + 1] = c else lose[#lose + 1] = c end
  end
  return win, lose
end

-- a card for the trick: want = "win" or "lose"
local function trick(view, want)
  local legal = view:legal():list()
  local t = trump(view)
  local me = playing(view)
  local strength, rank = strengths(view)
  local cards = view:trick()
  if #cards == 0 then
    if want == "lose" then return sort(legal, rank)[1] end
    -- lead a boss outside trumps, else a low card of the longest side suit
    for _, c in ipairs(sort(legal, function(c) return -rank(c) end)) do
      if suit_of(view, c) ~= t and boss(view, c, rank) then return c end
    end
    local by = suits(view:hand(me))
    sort(legal, function(c)
      local s = suit_of(view, c)
      return (s == t and 1000 or 0) - #(by[s] or by[c.suit]) * 20 + rank(c)
    end)
    return legal[1]
  end
  local who, best = view:winning()
  local partner_winning = who ~= me and view:team(who) == view:team(me)   -- this hand's partners (Skat's defenders)
  local nplaying = view:seats()
  for s = 1, view:seats() do if view:sitting_out(s) then nplaying = nplaying - 1 end end
  local last = #cards == nplaying - 1
  local win, lose = winners(view, legal)
  if want == "lose" then
    if #lose > 0 then return sort(lose, function(c) return -strength(c) end)[1] end
    return sort(win, function(c) return -strength(c) end)[1]
  end
  if partner_winning and (last or boss(view, best, rank)) or #win == 0 then
    return sort(#lose > 0 and lose or win, strength)[1]
  end
  sort(win, strength)
  if last then return win[1] end
  -- not last: a boss winner if it has one, else the cheapest winner
  for i = #win, 1, -1 do
    local c = win[i]
    if suit_of(view, c) ~= t and boss(view, c, rank) then return c end
  end
  return win[1]
end

local function bid(view)
  local legal = view:legal()
  return legal[(#legal + 1) // 2]
end

-- its highest cards in the variant's order, as many as the hand passes
local function pass(view)
  local _, rank = strengths(view)
  local hand = sort(view:hand(view:seat()):list(), function(c) return -rank(c) end)
  local out = {}
  for i = 1, view:pass_count() do out[i] = hand[i] end
  return out
end

function M.new(options)
  local variant = options.variant
  if type(variant) == "string" then variant = dh.variant(variant) end
  local low = variant and variant.spec and variant.spec.low_wins
  return {
    name = "heuristic.trick",
    play = function(view) return trick(view, low and "lose" or "win") end,
    bid = bid, pass = pass,
    -- a phase this heuristic does not know: the first move listed
    script = function(view) return view:moves()[1] end,
    trick = trick, suit_of = suit_of, winners = winners, sort = sort, strengths = strengths, suits = suits,
    boss = boss, trump = trump,
  }
end

return M
