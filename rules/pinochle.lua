-- Partnership Auction Pinochle: four players, partners sitting opposite
-- (seats 1 and 3 against 2 and 4), the 48-card pinochle deck (two each of
-- A 10 K Q J 9 in every suit), all dealt: 12 cards each.  Cards rank
-- A 10 K Q J 9; of two identical cards in a trick the first played wins.
--
-- The auction.  The player left of the dealer speaks first, then each in
-- turn to the left: a bid (at least `min_bid`, 20, and more than the last
-- bid; move texts `bid 25`, up to `max_bid`, 60) or `pass`.  A player who
-- passes takes no further part in the auction.  It ends when three have
-- passed after a bid: the last bidder wins it.  When the first three
-- pass, the dealer must bid (`stuck`, the default) or, with `stuck =
-- false`, may pass too and the cards are thrown in and dealt again by the
-- next dealer.
--
-- Trumps.  The winner of the auction names the trump suit (`trump h`).
--
-- Melds.  Then every player shows the melds in their hand, scored from
-- this table (a card may serve in melds of different classes, never in
-- two of the same class; a run's king and queen are not also a royal
-- marriage):
--   class A   run (A 10 K Q J of trumps) 15, both runs 150; royal
--             marriage (K Q of trumps) 4; marriage (K Q of another suit)
--             2; dix (9 of trumps) 1 each
--   class B   aces around (an ace of each suit) 10, twice around 100;
--             kings around 8 (80), queens around 6 (60), jacks around 4
--             (40)
--   class C   pinochle (Q of spades and J of diamonds) 4, double 30
-- The cards of the melds are shown to everyone and go back in the hand.
-- A side's melds count only if the side takes at least one trick.
--
-- The play.  The winner of the auction leads to the first trick; the
-- winner of each trick leads to the next.  A player must follow suit and
-- must head the trick (play a card of the led suit higher than any in the
-- trick) when able, unless the trick has been trumped; a player void in
-- the led suit must trump, with a trump higher than any already in the
-- trick when able; otherwise any card.  The highest trump wins the
-- trick, or if none the highest card of the suit led.
--
-- Scoring.  Each ace, ten and king taken counts 1 point, and the last
-- trick 1 more: 25 in all.  The bidding side counts its melds and its
-- points: if they reach the bid it scores them, else it loses the amount
-- of the bid (it is "set").  The other side scores its melds and points.
-- The first side to reach `target` (150) wins; if both reach it on the
-- same hand, the bidding side wins.
--
-- (The rules and the meld table as pagat.com and Parlett give the
-- partnership game; counting aces, tens and kings as one point each.)
local dh = require "deckhand"
local R = dh.rule

local SUITS = { "c", "d", "h", "s" }
local ARROUNDS = { [14] = { 10, 100 }, [13] = { 8, 80 }, [12] = { 6, 60 }, [11] = { 4, 40 } }
local RUN = { 14, 10, 13, 12, 11 }

-- the script's public state (var numbers)
local BID = 1      -- the high bid (0: none yet)
local BIDDER = 2   -- who made it
local PASSED = 3   -- bit k - 1: seat k has passed
local MELD = 4     -- 4 and 5: each side's melds
local SPOKE = 6    -- bit k - 1: seat k has spoken (bid or passed)

local function side(seat) return (seat - 1) % 2 + 1 end
local function left(seat) return seat % 4 + 1 end

-- how many of (rank, suit) a list of cards holds (0, 1 or 2), and which
local function counter(cards)
  local n, which = {}, {}
  for _, c in ipairs(cards) do
    local k = c.rank * 8 + (("cdhs"):find(c.suit))
    n[k] = (n[k] or 0) + 1
    which[k] = which[k] or {}
    table.insert(which[k], c)
  end
  local function count(rank, suit) return n[rank * 8 + (("cdhs"):find(suit))] or 0 end
  local function cards_of(rank, suit, k)
    local list = which[rank * 8 + (("cdhs"):find(suit))] or {}
    return { table.unpack(list, 1, k) }
  end
  return count, cards_of
end

--- meld(hand, trump) -> the melds' points, the cards they use (a list), and
-- what they are ({ "run", "pinochle", ... }): the table at the top
local function meld(hand, trump)
  local cards = type(hand) == "table" and hand or hand:list()
  local count, cards_of = counter(cards)
  local points, used, names = 0, {}, {}
  local function take(list) for _, c in ipairs(list) do used[#used + 1] = c end end
  local function add(name, n, list) points = points + n; names[#names + 1] = name; take(list) end
  -- class A: runs, then the marriages and the dix outside them
  local runs = 2
  for _, rank in ipairs(RUN) do runs = math.min(runs, count(rank, trump)) end
  if runs > 0 then
    local list = {}
    for _, rank in ipairs(RUN) do for _, c in ipairs(cards_of(rank, trump, runs)) do list[#list + 1] = c end end
    add(runs == 2 and "double run" or "run", runs == 2 and 150 or 15, list)
  end
  for _, suit in ipairs(SUITS) do
    local extra = suit == trump and runs or 0
    local pairs_ = math.min(count(13, suit), count(12, suit)) - extra
    for k = 1, pairs_ do
      local kings, queens = cards_of(13, suit, extra + k), cards_of(12, suit, extra + k)
      add(suit == trump and "royal marriage" or "marriage", suit == trump and 4 or 2,
          { kings[extra + k], queens[extra + k] })
    end
  end
  for k = 1, count(9, trump) do add("dix", 1, { cards_of(9, trump, k)[k] }) end
  -- class B: each rank around
  for rank, value in pairs(ARROUNDS) do
    local times = 2
    for _, suit in ipairs(SUITS) do times = math.min(times, count(rank, suit)) end
    if times > 0 then
      local list = {}
      for _, suit in ipairs(SUITS) do for _, c in ipairs(cards_of(rank, suit, times)) do list[#list + 1] = c end end
      local name = ({ [14] = "aces", [13] = "kings", [12] = "queens", [11] = "jacks" })[rank]
      add((times == 2 and "double " or "") .. name .. " around", value[times], list)
    end
  end
  -- class C: pinochle
  local pin = math.min(count(12, "s"), count(11, "d"))
  if pin > 0 then
    local list = {}
    for _, c in ipairs(cards_of(12, "s", pin)) do list[#list + 1] = c end
    for _, c in ipairs(cards_of(11, "d", pin)) do list[#list + 1] = c end
    add(pin == 2 and "double pinochle" or "pinochle", pin == 2 and 30 or 4, list)
  end
  return points, used, names
end

-- the next seat to the left still in the auction
local function next_bidder(g, seat)
  local passed = g:var(PASSED)
  for k = 1, 3 do
    local s = (seat + k - 1) % 4 + 1
    if passed >> (s - 1) & 1 == 0 then return s end
  end
end

local function auction(o)
  return {
    name = "auction",
    moves = function(g, seat)
      local out, bid = {}, g:var(BID)
      local passed, spoke = g:var(PASSED), g:var(SPOKE)
      -- the dealer stuck: the others passed and it has not spoken
      local stuck = o.stuck and bid == 0 and passed | (1 << (g:dealer() - 1)) == 15
                    and spoke >> (seat - 1) & 1 == 0
      if not stuck then out[1] = "pass" end
      for b = math.max(o.min_bid, bid + 1), o.max_bid do out[#out + 1] = "bid " .. b end
      if #out == 0 then out[1] = "pass" end   -- the bid is at the cap: nothing above it
      return out
    end,
    apply = function(g, seat, text)
      g:set(SPOKE, g:var(SPOKE) | 1 << (seat - 1))
      if text == "pass" then
        local passed = g:var(PASSED) | 1 << (seat - 1)
        g:set(PASSED, passed)
        if passed == 15 then return g:redeal() end   -- nobody bid: thrown in
        local left_in = 0
        for s = 1, 4 do if passed >> (s - 1) & 1 == 0 then left_in = left_in + 1 end end
        if left_in == 1 and g:var(BID) > 0 then return g:goto_phase("trump", g:var(BIDDER)) end
        return g:to(next_bidder(g, seat))
      end
      g:set(BID, tonumber(text:match("^bid (%d+)$")))
      g:set(BIDDER, seat)
      local nxt = next_bidder(g, seat)
      if not nxt then return g:goto_phase("trump", seat) end   -- the others have all passed
      g:to(nxt)
    end,
  }
end

-- naming trumps, then the melds shown and the play begun
local trump_phase = {
  name = "trump",
  moves = function()
    local out = {}
    for i, s in ipairs(SUITS) do out[i] = "trump " .. s end
    return out
  end,
  apply = function(g, seat, text)
    local suit = text:match("^trump (%a)$")
    g:set_trump(suit)
    g:set_declarer(seat)
    local melds = { 0, 0 }
    for s = 1, 4 do
      local points, used = meld(g:hand(s), suit)
      melds[side(s)] = melds[side(s)] + points
      if #used > 0 then g:show(s, used) end
    end
    g:set(MELD, melds[1])
    g:set(MELD + 1, melds[2])
    g:start_play(seat)
  end,
}

--- hand_score(bid, bidding_side, melds, points, tricks) -> { side 1, side 2 }:
-- the scoring rule on numbers (melds and points per side, tricks taken per
-- side); for the points rule below and for tests
local function hand_score(bid, bidding, melds, points, tricks)
  local out = {}
  for s = 1, 2 do
    local total = (tricks[s] > 0 and melds[s] or 0) + points[s]
    if s == bidding and total < bid then total = -bid end
    out[s] = total
  end
  return out
end

-- the points rule: aces, tens and kings taken, the last trick, the melds
local function points(s)
  local bidder = s:declarer()
  if not bidder then return { 0, 0 } end   -- thrown in
  local pts, tricks = { 0, 0 }, { 0, 0 }
  for seat = 1, 4 do
    for c in s:taken(seat):iter() do
      if c.rank == 14 or c.rank == 13 or c.rank == 10 then pts[side(seat)] = pts[side(seat)] + 1 end
    end
    tricks[side(seat)] = tricks[side(seat)] + s:tricks()[seat]
  end
  local _, last = s:last_trick()
  if last then pts[side(last)] = pts[side(last)] + 1 end
  return hand_score(s:var(BID), side(bidder), { s:var(MELD), s:var(MELD + 1) }, pts, tricks)
end

return {
  name = "pinochle",
  options = {
    min_bid = 20,   -- the lowest bid
    max_bid = 60,   -- the highest (a cap on the moves offered)
    stuck = true,   -- the dealer must bid when the others passed
    target = 150,   -- points to win
    max_hands = 60, -- every match ends
  },
  meld = meld, hand_score = hand_score,
  vars = { bid = BID, bidder = BIDDER, passed = PASSED, meld = MELD },
  build = function(o)
    for _, k in ipairs { "min_bid", "max_bid", "target", "max_hands" } do
      if math.type(o[k]) ~= "integer" or o[k] < 1 then error(k .. " must be a positive integer", 0) end
    end
    if o.max_bid < o.min_bid then error("max_bid must be at least min_bid", 0) end
    if o.max_bid > 32000 then error("max_bid must be at most 32000", 0) end
    if type(o.stuck) ~= "boolean" then error("stuck must be true or false", 0) end
    -- the bidding side wins when both sides reach the target on a hand
    local function win(s, scores)
      local bidder = s:declarer()
      local reached = {}
      for k = 1, 2 do reached[k] = scores[k] >= o.target end
      if reached[1] and reached[2] and bidder then return { side(bidder) } end
      if reached[1] then return { 1 } end
      if reached[2] then return { 2 } end
      return nil
    end
    return {
      seats = 4,
      sides = { 1, 2, 1, 2 },
      deck = "pinochle48",
      order = "A T K Q J 9",
      sizes = { 12 },
      trump = "none",
      phases = { auction(o), trump_phase },
      hand = R.follow_suit & R.must_beat & R.must_overtrump,
      play = R.trump_wins | R.highest_of_led,
      points = points,
      win = win,
      max_hands = o.max_hands,
      heuristic = "pinochle",
      helpers = { meld = meld },   -- for bots: variant.spec.helpers.meld(cards, trump)
    }
  end,
}
