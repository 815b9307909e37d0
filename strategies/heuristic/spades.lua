-- heuristic.spades: the heuristic's Spades (rules/spades.lua).
--   bids   sure tricks and hand strength; Nil with a weak hand (no high
--          trump, few trumps, no guarded king), never beside a Nil partner,
--          one more to cover a partner's Nil
--   play   a Nil ducks every trick; beside a Nil partner it takes the
--          tricks the partner would win, and covers before the partner
--          plays; once its side has made its bid it ducks (bags); else the
--          generic trick player (heuristic/trick.lua)
-- The trump suit, the partner and who takes a trick come from the view.
--   exchange (the blind_nil_exchange option) the blind Nil bidder gives its
--          strongest cards by the view's strength; its partner returns
--          its weakest cards outside trumps (trumps when it has too few)
-- Options: nil_bids (false: never bid Nil), avoid_bags (false: never
-- duck for bags), variant, seed.
local dh = require "deckhand"

local M = {}

local function is_nil(bid) return bid == 0 or bid == dh.BLIND_NIL end

-- the tricks a hand should take, and its cards by suit
local suits = { "c", "d", "h", "s" }

local function estimate(hand, trump, T)
  local by = T.suits(hand)
  local n = 0
  for _, suit in ipairs(suits) do
    if suit ~= trump then
      local l, len = by[suit], #by[suit]
      for _, c in ipairs(l) do
        if c.rank == 14 then n = n + (len <= 6 and 1 or 0.5)
        elseif c.rank == 13 and len >= 2 and len <= 5 then n = n + 0.75
        elseif c.rank == 12 and len >= 3 and len <= 4 then n = n + 0.25 end
      end
    end
  end
  local tr = by[trump] or {}
  for _, c in ipairs(tr) do
    if c.rank == 14 then n = n + 1
    elseif c.rank == 13 and #tr >= 2 then n = n + 1
    elseif c.rank == 12 and #tr >= 3 then n = n + 0.75
    elseif c.rank == 11 and #tr >= 4 then n = n + 0.5 end
  end
  if #tr > 3 then n = n + (#tr - 3) * 0.8 end
  -- ruffs: short side suits with trumps to spare
  local spare = math.max(0, #tr - 2)
  for _, suit in ipairs(suits) do
    local len = #by[suit]
    if suit ~= trump and spare > 0 and len <= 1 then
      local r = math.min(spare, 2 - len)
      n, spare = n + r * 0.7, spare - r
    end
  end
  return n, by
end

local function bid(view, options, T)
  local me, partner = view:seat(), view:partner()
  local legal = view:legal()
  local allowed = {}
  for _, b in ipairs(legal) do allowed[b] = true end
  local trump = T.trump(view)
  local est, by = estimate(view:hand(me), trump, T)
  local bids = view:bids()
  local partner_bid = partner and bids[partner]
  local tr = by[trump] or {}
  local high_trump = false
  for _, c in ipairs(tr) do if c.rank >= 11 then high_trump = true end end
  local low_enough = true
  for _, suit in ipairs(suits) do
    if suit ~= trump then
      for _, c in ipairs(by[suit]) do
        if c.rank >= 13 and #by[suit] <= 3 then low_enough = false end
      end
    end
  end
  if options.nil_bids ~= false and allowed[0] and est < 1.6 and not high_trump
     and #tr <= 3 and low_enough and partner_bid ~= 0 then
    return 0
  end
  local b = math.floor(est + 0.4)
  if partner_bid == 0 then b = b + 1 end   -- cover the partner's Nil
  if b < 1 then b = 1 end
  while not allowed[b] and b > 0 do b = b - 1 end
  if not allowed[b] then b = legal[#legal] end
  return b
end

local function play(view, options, T)
  local me, partner = view:seat(), view:partner()
  local bids, tricks = view:bids(), view:tricks()
  if is_nil(bids[me]) then return T.trick(view, "lose") end
  local cards, seats = view:trick()
  local partner_nil = partner and is_nil(bids[partner]) and tricks[partner] == 0
  if partner_nil and #cards > 0 then
    local who = view:winning()
    local partner_played = false
    for _, s in ipairs(seats) do if s == partner then partner_played = true end end
    if who == partner or not partner_played then
      -- take the trick over the Nil partner, or cover before the partner plays
      local winners = T.winners(view)
      if #winners > 0 then
        T.sort(winners, (T.strengths(view)))
        return partner_played and winners[1] or winners[#winners]
      end
    end
  end
  -- the side's contract: once made, duck to avoid bags
  local bid_sum, took = 0, 0
  local side = view:partners()
  side[#side + 1] = me
  for _, s in ipairs(side) do
    if bids[s] and bids[s] > 0 then bid_sum = bid_sum + bids[s] end
    if not is_nil(bids[s]) then took = took + tricks[s] end
  end
  local want = "win"
  if options.avoid_bags ~= false and bid_sum > 0 and took >= bid_sum and not partner_nil then
    want = "lose"
  end
  return T.trick(view, want)
end

-- the blind Nil exchange, as many cards as the view's pass count
local function exchange(view, T)
  local me, strength = view:seat(), T.strengths(view)
  local trump = T.trump(view)
  local hand = view:hand(me):list()
  if view:bids()[me] == dh.BLIND_NIL then
    T.sort(hand, function(c) return -strength(c) end)
  else
    T.sort(hand, function(c) return (T.suit_of(view, c) == trump and 1e6 or 0) + strength(c) end)
  end
  local out = {}
  for i = 1, view:pass_count() do out[i] = hand[i] end
  return out
end

function M.new(options)
  local T = dh.strategy("heuristic.trick", options)
  return {
    name = "heuristic.spades", pass = T.pass,
    exchange = function(view) return exchange(view, T) end,
    bid = function(view) return bid(view, options, T) end,
    play = function(view) return play(view, options, T) end,
  }
end

return M
