-- heuristic: hand-written rules per game, seeing only the view.
--   spades   bids from sure tricks and hand strength, Nil with a weak hand;
--            covers a partner's Nil, ducks once the contract is made (bags)
--   hearts   passes the dangerous cards, ducks under the trick, sheds the
--            queen of spades and high hearts when void
--   briscola greedy with trump economy: takes loaded tricks cheaply, keeps
--            trumps for points, throws a worthless card otherwise
--   ohhell   bids expected tricks (avoiding the dealer's hook), then tries
--            to take exactly that many
--   any other variant: greedy (win as cheaply as possible, else throw the
--            lowest card)
-- Options: variant (a Variant or name), seed.
local dh = require "deckhand"

local M = {}

local rank_of = { A = 14, K = 13, Q = 12, J = 11, T = 10 }

-- strength of a rank within its suit: from the variant's order when it has one
local function strength_table(variant)
  local order = variant and variant.spec and variant.spec.order
  if type(order) ~= "string" then return nil end
  local t, list = {}, {}
  for r in order:gmatch("%S+") do list[#list + 1] = rank_of[r] or tonumber(r) end
  for i, r in ipairs(list) do t[r] = #list - i + 1 end
  return t
end

local function new_helpers(variant)
  local st = strength_table(variant)
  local H = {}
  function H.str(c) return st and st[c.rank] or c.rank end
  -- the seat winning the trick so far and its card
  function H.winning(cards, seats, trump)
    local best, who
    for i, c in ipairs(cards) do
      if not best then best, who = c, seats[i]
      elseif c.suit == best.suit then
        if H.str(c) > H.str(best) then best, who = c, seats[i] end
      elseif trump and c.suit == trump then best, who = c, seats[i] end
    end
    return best, who
  end
  function H.beats(c, best, trump)
    if c.suit == best.suit then return H.str(c) > H.str(best) end
    return trump ~= nil and c.suit == trump
  end
  function H.sort(list, key)  -- ascending by key, then by card name (stable)
    table.sort(list, function(a, b)
      local ka, kb = key(a), key(b)
      if ka ~= kb then return ka < kb end
      return tostring(a) < tostring(b)
    end)
    return list
  end
  return H
end

local function trump_of(view)
  local t = view:trump()
  if t == nil or t == "none" or #t ~= 1 then return nil end
  return t
end

local function suit_lists(set)
  local by = { c = {}, d = {}, h = {}, s = {} }
  for _, c in ipairs(set:list()) do
    if c.suit then by[c.suit][#by[c.suit] + 1] = c end
  end
  return by
end

-- is card c the highest of its suit still out (no unseen higher card)?
local function is_boss(view, c, H)
  for u in view:unseen():iter() do
    if u.suit == c.suit and H.str(u) > H.str(c) then return false end
  end
  return true
end

-- a generic trick player: want = "win" or "lose"
local function trick_play(view, H, want, opts)
  opts = opts or {}
  local legal = view:legal():list()
  local trump = trump_of(view)
  local cards, seats = view:trick()
  local me = view:seat()
  local str = opts.value or H.str
  local function by_low(c) return (c.suit == trump and 100 or 0) + str(c) end
  if #cards == 0 then
    if want == "lose" then
      return H.sort(legal, function(c) return str(c) end)[1]
    end
    -- lead a boss outside trumps, else a low card of the longest side suit
    for _, c in ipairs(H.sort(legal, function(c) return -str(c) end)) do
      if c.suit ~= trump and is_boss(view, c, H) then return c end
    end
    local by = suit_lists(view:hand(me))
    H.sort(legal, function(c) return (c.suit == trump and 1000 or 0) - #by[c.suit] * 20 + str(c) end)
    return legal[1]
  end
  local best, who = H.winning(cards, seats, trump)
  local partner_winning = who and view:side(who) == view:side(me) and who ~= me
  local last = #cards == view:seats() - 1
  local winners, losers = {}, {}
  for _, c in ipairs(legal) do
    if H.beats(c, best, trump) then winners[#winners + 1] = c else losers[#losers + 1] = c end
  end
  if want == "lose" then
    if #losers > 0 then return H.sort(losers, function(c) return -by_low(c) end)[1] end
    return H.sort(winners, function(c) return -by_low(c) end)[1]
  end
  if partner_winning and (last or is_boss(view, best, H)) or #winners == 0 then
    return H.sort(#losers > 0 and losers or winners, by_low)[1]
  end
  if last then return H.sort(winners, by_low)[1] end
  -- not last: a boss winner if we have one, else the cheapest winner
  H.sort(winners, by_low)
  for i = #winners, 1, -1 do
    local c = winners[i]
    if c.suit ~= trump and is_boss(view, c, H) then return c end
  end
  return winners[1]
end

------------------------------------------------------------------ spades

local function spades_estimate(hand)
  local by = suit_lists(hand)
  local n = 0
  for _, suit in ipairs { "c", "d", "h" } do
    local l, len = by[suit], #by[suit]
    for _, c in ipairs(l) do
      if c.rank == 14 then n = n + (len <= 6 and 1 or 0.5)
      elseif c.rank == 13 and len >= 2 and len <= 5 then n = n + 0.75
      elseif c.rank == 12 and len >= 3 and len <= 4 then n = n + 0.25 end
    end
  end
  local sp = by.s
  for _, c in ipairs(sp) do
    if c.rank == 14 then n = n + 1
    elseif c.rank == 13 and #sp >= 2 then n = n + 1
    elseif c.rank == 12 and #sp >= 3 then n = n + 0.75
    elseif c.rank == 11 and #sp >= 4 then n = n + 0.5 end
  end
  if #sp > 3 then n = n + (#sp - 3) * 0.8 end
  -- ruffs: short side suits with spades to spare
  local spare = math.max(0, #sp - 2)
  for _, suit in ipairs { "c", "d", "h" } do
    local len = #by[suit]
    if spare > 0 and len <= 1 then
      local r = math.min(spare, 2 - len)
      n, spare = n + r * 0.7, spare - r
    end
  end
  return n, by
end

local function spades_bid(view, options)
  local me = view:seat()
  local legal = view:legal()
  local allowed = {}
  for _, b in ipairs(legal) do allowed[b] = true end
  local est, by = spades_estimate(view:hand(me))
  local bids = view:bids()
  local partner = (me + 1) % 4 + 1
  local high_spade = false
  for _, c in ipairs(by.s) do if c.rank >= 11 then high_spade = true end end
  local low_enough = true
  for _, suit in ipairs { "c", "d", "h" } do
    for _, c in ipairs(by[suit]) do
      if c.rank >= 13 and #by[suit] <= 3 then low_enough = false end
    end
  end
  if options.nil_bids ~= false and allowed[0] and est < 1.6 and not high_spade
     and #by.s <= 3 and low_enough and bids[partner] ~= 0 then
    return 0
  end
  local b = math.floor(est + 0.4)
  if bids[partner] == 0 then b = b + 1 end   -- cover the partner's Nil
  if b < 1 then b = 1 end
  while not allowed[b] and b > 0 do b = b - 1 end
  if not allowed[b] then b = legal[#legal] end
  return b
end

local function spades_play(view, H, opts)
  local me = view:seat()
  local partner = (me + 1) % 4 + 1
  local bids, tricks = view:bids(), view:tricks()
  if bids[me] == 0 or bids[me] == dh.BLIND_NIL then
    return trick_play(view, H, "lose")
  end
  local cards, seats = view:trick()
  local trump = "s"
  local partner_nil = (bids[partner] == 0 or bids[partner] == dh.BLIND_NIL) and tricks[partner] == 0
  if partner_nil and #cards > 0 then
    local best, who = H.winning(cards, seats, trump)
    local partner_played = false
    for _, s in ipairs(seats) do if s == partner then partner_played = true end end
    if who == partner or not partner_played then
      -- take the trick over the Nil partner, or cover before the partner plays
      local legal = view:legal():list()
      local winners = {}
      for _, c in ipairs(legal) do if H.beats(c, best, trump) then winners[#winners + 1] = c end end
      if #winners > 0 then
        H.sort(winners, function(c) return (c.suit == trump and 100 or 0) + H.str(c) end)
        return partner_played and winners[1] or winners[#winners]
      end
    end
  end
  -- the side's contract: once made, duck to avoid bags
  local bid, took = 0, 0
  for s = 1, 4 do
    if view:side(s) == view:side(me) then
      if bids[s] and bids[s] > 0 then bid = bid + bids[s] end
      if not (bids[s] == 0 or bids[s] == dh.BLIND_NIL) then took = took + tricks[s] end
    end
  end
  local want = "win"
  if opts.avoid_bags ~= false and bid > 0 and took >= bid and not partner_nil then want = "lose" end
  return trick_play(view, H, want)
end

------------------------------------------------------------------ hearts

local function hearts_points(c)
  if c.suit == "h" then return 1 end
  if c.suit == "s" and c.rank == 12 then return 13 end
  return 0
end

local function hearts_pass(view, options)
  local hand = view:hand(view:seat()):list()
  local by = suit_lists(view:hand(view:seat()))
  local low_spades = 0
  for _, c in ipairs(by.s) do if c.rank < 12 then low_spades = low_spades + 1 end end
  local function danger(c)
    local d = c.rank
    if c.suit == "s" and c.rank >= 12 and low_spades < 4 then d = d + 30 end
    if c.suit == "h" then d = d + 4 end
    if (c.suit == "c" or c.suit == "d") and #by[c.suit] <= 2 then d = d + 6 end
    return -d
  end
  local H = { sort = new_helpers(nil).sort }
  H.sort(hand, danger)
  local out = {}
  for i = 1, options.pass_count or 3 do out[i] = hand[i] end
  return out
end

local function hearts_play(view, H)
  local legal = view:legal():list()
  local cards, seats = view:trick()
  local me = view:seat()
  if #cards == 0 then
    -- lead low, from the shortest suit outside hearts; spades below the queen are safe
    local by = suit_lists(view:hand(me))
    H.sort(legal, function(c)
      local k = c.rank + #by[c.suit]
      if c.suit == "h" then k = k + 20 end
      if c.suit == "s" and c.rank >= 12 then k = k + 40 end
      return k
    end)
    return legal[1]
  end
  local led = cards[1].suit
  local best = H.winning(cards, seats, nil)
  local following = legal[1].suit == led
  if following then
    local under, over = {}, {}
    for _, c in ipairs(legal) do
      if c.rank < best.rank then under[#under + 1] = c else over[#over + 1] = c end
    end
    if #under > 0 then return H.sort(under, function(c) return -c.rank end)[1] end
    local pts = 0
    for _, c in ipairs(cards) do pts = pts + hearts_points(c) end
    if #cards == 3 and pts == 0 then
      -- last and clean: take it with the highest, but never with the queen
      H.sort(over, function(c) return -c.rank + (hearts_points(c) * 100) end)
      return over[1]
    end
    return H.sort(over, function(c) return c.rank + hearts_points(c) * 100 end)[1]
  end
  -- void: shed the queen, then high spades, high hearts, then the highest card
  H.sort(legal, function(c)
    local k = -c.rank
    if c.suit == "s" and c.rank == 12 then k = k - 1000 end
    if c.suit == "s" and c.rank > 12 then k = k - 500 end
    if c.suit == "h" then k = k - 100 end
    return k
  end)
  return legal[1]
end

---------------------------------------------------------------- briscola

local bpoints = { [14] = 11, [3] = 10, [13] = 4, [12] = 3, [11] = 2 }
local function briscola_value(c) return bpoints[c.rank] or 0 end

local function briscola_play(view, H)
  local legal = view:legal():list()
  local trump = trump_of(view)
  local cards, seats = view:trick()
  local function cost(c)  -- what throwing c away costs
    return briscola_value(c) * 10 + (c.suit == trump and 60 + H.str(c) or H.str(c))
  end
  if #cards == 0 then return H.sort(legal, cost)[1] end
  local best, who = H.winning(cards, seats, trump)
  local me = view:seat()
  if view:side(who) == view:side(me) then
    -- the partner holds it: load a point card that is not a trump
    return H.sort(legal, function(c)
      return (c.suit == trump and 1000 or 0) - briscola_value(c) * 10 + H.str(c)
    end)[1]
  end
  local on_table = 0
  for _, c in ipairs(cards) do on_table = on_table + briscola_value(c) end
  local same, trumps = {}, {}
  for _, c in ipairs(legal) do
    if H.beats(c, best, trump) then
      if c.suit == best.suit then same[#same + 1] = c else trumps[#trumps + 1] = c end
    end
  end
  -- win in suit whenever possible (gains the card's points too)
  if #same > 0 and (on_table > 0 or briscola_value(same[1]) >= 0) then
    H.sort(same, function(c) return -briscola_value(c) * 10 + H.str(c) end)
    local c = same[1]
    if on_table > 0 or briscola_value(c) > 0 or best.suit ~= trump then return c end
  end
  local cheap = H.sort(legal, cost)[1]
  if on_table >= 10 and #trumps > 0 then
    return H.sort(trumps, cost)[1]
  end
  if on_table >= 3 and #trumps > 0 and cost(cheap) >= 20 then
    return H.sort(trumps, cost)[1]
  end
  -- late in the game (talon empty), every point counts
  if view:talon_count() == 0 and on_table > 0 and #trumps > 0 then
    return H.sort(trumps, cost)[1]
  end
  return cheap
end

------------------------------------------------------------------ oh hell

local function ohhell_bid(view)
  local me = view:seat()
  local trump = trump_of(view)
  local n = 0
  for _, c in ipairs(view:hand(me):list()) do
    if c.suit == trump then
      if c.rank >= 11 then n = n + 1 elseif c.rank >= 8 then n = n + 0.5 end
    elseif c.rank == 14 then n = n + 0.85
    elseif c.rank == 13 then n = n + 0.45 end
  end
  local want = math.floor(n + 0.5)
  local legal = view:legal()
  local pick, dist = legal[1], math.huge
  for _, b in ipairs(legal) do
    local d = math.abs(b - want)
    if d < dist then pick, dist = b, d end
  end
  return pick
end

local function ohhell_play(view, H)
  local me = view:seat()
  local bids, tricks = view:bids(), view:tricks()
  local want = (bids[me] and tricks[me] < bids[me]) and "win" or "lose"
  return trick_play(view, H, want)
end

------------------------------------------------------------------ generic

local function generic_bid(view)
  local legal = view:legal()
  return legal[(#legal + 1) // 2]
end

local function generic_pass(view, options)
  local hand = view:hand(view:seat()):list()
  table.sort(hand, function(a, b)
    if a.rank ~= b.rank then return a.rank > b.rank end
    return tostring(a) < tostring(b)
  end)
  local out = {}
  for i = 1, options.pass_count or 3 do out[i] = hand[i] end
  return out
end

function M.new(options)
  options = dh.check_options("heuristic", options, {
    nil_bids = { "boolean" }, avoid_bags = { "boolean" }, pass_count = { "integer", nil, min = 1 },
    game = { "string" }, samples = { "integer", nil, min = 1 },
  })
  local variant = options.variant
  if type(variant) == "string" then variant = dh.variant(variant) end
  local name = variant and variant.name or options.game or "?"
  local H = new_helpers(variant)
  local low = variant and variant.spec and variant.spec.low_wins
  local s = { name = "heuristic" }
  if name == "spades" then
    s.bid = function(view) return spades_bid(view, options) end
    s.play = function(view) return spades_play(view, H, options) end
  elseif name == "hearts" then
    s.play = function(view) return hearts_play(view, H) end
    s.pass = function(view) return hearts_pass(view, options) end
  elseif name == "briscola" then
    s.play = function(view) return briscola_play(view, H) end
  elseif name == "ohhell" then
    s.bid = function(view) return ohhell_bid(view) end
    s.play = function(view) return ohhell_play(view, H) end
  elseif variant and variant.rules == nil then
    -- a game written in Lua (deckhand.lua_game): its rules' own quick choice
    s.play = function(view) return view:greedy() end
  else
    s.play = function(view) return trick_play(view, H, low and "lose" or "win") end
  end
  s.bid = s.bid or generic_bid
  s.pass = s.pass or function(view) return generic_pass(view, options) end
  s.act = dh.holdem_bots.heuristic(options)   -- Hold'em (deckhand.holdem_bots)
  return s
end

return M
