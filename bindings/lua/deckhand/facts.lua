--- deckhand.facts: what the moves of a game written in Lua revealed about
-- the hidden hands, and worlds dealt that keep it.
--
-- A game keeps a facts table in its state, public in every view (plain
-- data: CardSets and lists, so that views compare as JSON), and tells it
-- what each move showed; its `sample` then deals the unseen cards with
-- facts.deal, which keeps every fact:
--
--     s.facts = facts.new(seats)
--     facts.holds_one(s.facts, seat, queens)   -- Go Fish: it asked for queens
--     facts.left(s.facts, asked, given)        -- the asked seat gave them
--     facts.lacks(s.facts, asked, queens)      -- ... and holds no more
--     facts.shown(s.facts, seat, given)        -- the asker holds them now
--     facts.hidden(s.facts, seat)              -- it drew an unseen card
--     local hands, stock = facts.deal(v.facts, unseen, counts, rng, fits)
--
-- Each seat's entry: `held` (cards seen going into the hand and still
-- there), `some` (a list of CardSets: its unseen cards hold at least one
-- of each) and `none` (its unseen cards hold none of these).
-- @module deckhand.facts

local core = require "deckhand.core"

local M = {}

local function empty() return core.cards {} end

-- the facts of one seat, or an error naming the bad argument
local function entry(f, seat, fn)
  local e = type(f) == "table" and math.type(seat) == "integer" and f[seat]
  if type(e) ~= "table" then error(("bad argument to 'facts.%s' (facts and a seat of them expected)"):format(fn), 3) end
  return e
end

--- facts.new(seats) -> a fresh table of facts, nothing known of any hand
function M.new(seats)
  if math.type(seats) ~= "integer" or seats < 1 or seats > 64 then
    error("bad argument #1 to 'facts.new' (a number of seats from 1 to 64 expected)", 2)
  end
  local f = {}
  for k = 1, seats do f[k] = { held = empty(), some = {}, none = empty() } end
  return f
end

--- facts.shown(f, seat, cards): cards went openly into the seat's hand
-- (a pickup from the discards, cards handed over face up)
function M.shown(f, seat, cards)
  local e = entry(f, seat, "shown")
  e.held = e.held | cards
end

--- facts.hidden(f, seat): an unseen card went into the seat's hand (a draw
-- from the stock): what it was known to lack it may hold now
function M.hidden(f, seat)
  entry(f, seat, "hidden").none = empty()
end

--- facts.left(f, seat, cards): cards left the seat's hand openly (played,
-- given, laid down).  A `some` fact they may have been the card of is
-- dropped: whether another of its cards remains is not known.
function M.left(f, seat, cards)
  local e = entry(f, seat, "left")
  local unseen = cards - e.held   -- the cards that came out of the unseen part
  e.held = e.held - cards
  if #unseen == 0 then return end
  local keep = {}
  for _, set in ipairs(e.some) do
    if #(set & unseen) == 0 then keep[#keep + 1] = set end
  end
  e.some = keep
end

--- facts.holds_one(f, seat, set): the move showed the seat holds at least
-- one card of set now (Go Fish's ask).  Nothing new when a card of it is
-- already known to be there.
function M.holds_one(f, seat, set)
  local e = entry(f, seat, "holds_one")
  if #(e.held & set) > 0 then return end
  for _, s in ipairs(e.some) do if s == set then return end end
  e.some[#e.some + 1] = set
end

--- facts.lacks(f, seat, set): the move showed the seat's unseen cards
-- hold none of set (Go Fish's "go fish", a suit not followed)
function M.lacks(f, seat, set)
  local e = entry(f, seat, "lacks")
  e.none = e.none | set
end

--- facts.deal_hidden(pool, wants, rng [, fits]) -> hands, rest: the cards of
-- the CardSet pool dealt at random to the seats of wants, keeping what the
-- table has seen.  wants[seat] = { count = n (cards to deal it), some =
-- { CardSet, ... } (it holds at least one card of each), barred = CardSet
-- (it holds none of them) }.  hands[seat] is a CardSet; rest the cards
-- left, a shuffled list (the stock).  fits(hands), when given, may refuse
-- a deal that breaks a rule of the game (Go Fish: no hidden hand holds a
-- whole book), and another is drawn.  When no deal keeps every fact (a
-- game that recorded facts that contradict each other) it raises an error
-- naming the seat; so it may, rarely, when a deal exists that its 200
-- random tries did not find (3 of 8,279 worlds of four-player Go Fish
-- asked on a heuristic's turns: the bots then decide on fewer worlds).
-- the engine's shuffle of a CardSet's cards, as lua_game.shuffled
local function shuffled(pool, rng)
  if #pool == 0 then return {} end
  local deck = core.deck(tostring(pool))
  deck:shuffle(rng)
  return deck:draw(#pool)
end

function M.deal_hidden(pool, wants, rng, fits)
  local seats, plain = {}, not fits
  for seat, w in pairs(wants) do
    seats[#seats + 1] = seat
    if (w.some and #w.some > 0) or (w.barred and #w.barred > 0) then plain = false end
  end
  table.sort(seats)
  if plain then   -- nothing known: the hands cut off a shuffled pool (the same deal the search below makes)
    local free, out = shuffled(pool, rng), {}
    for _, seat in ipairs(seats) do
      local cards = {}
      for i = 1, wants[seat].count do
        cards[i] = table.remove(free)
        if not cards[i] then error(("deal_hidden: no deal keeps what is known of seat %d's hand"):format(seat), 0) end
      end
      out[seat] = core.cards(cards)
    end
    return out, free
  end
  local last
  for _ = 1, 200 do
    local free, hands, ok = shuffled(pool, rng), {}, true
    local function take(seat, fits)
      for i = #free, 1, -1 do
        if fits(free[i]) then
          local c = table.remove(free, i)
          hands[seat][#hands[seat] + 1] = c
          return true
        end
      end
      return false
    end
    for _, seat in ipairs(seats) do
      local w, barred = wants[seat], wants[seat].barred
      hands[seat] = {}
      for _, set in ipairs(w.some or {}) do
        if #hands[seat] < w.count and not take(seat, function(c) return set:has(c) and not (barred and barred:has(c)) end) then
          ok, last = false, seat
        end
      end
    end
    -- the seats with the fewest cards they may hold are filled first
    local order = {}
    for _, seat in ipairs(seats) do
      local barred, room = wants[seat].barred, 0
      for _, c in ipairs(free) do if not (barred and barred:has(c)) then room = room + 1 end end
      order[#order + 1] = { seat = seat, room = room }
    end
    table.sort(order, function(a, b) return a.room < b.room or (a.room == b.room and a.seat < b.seat) end)
    for _, e in ipairs(order) do
      local barred = wants[e.seat].barred
      while ok and #hands[e.seat] < wants[e.seat].count do
        if not take(e.seat, function(c) return not (barred and barred:has(c)) end) then ok, last = false, e.seat end
      end
    end
    if ok then
      local out = {}
      for _, seat in ipairs(seats) do out[seat] = core.cards(hands[seat]) end
      if not fits or fits(out) then return out, free end
      last = seats[1]
    end
  end
  error(("deal_hidden: no deal keeps what is known of seat %d's hand"):format(last), 0)
end

--- facts.deal(f, pool, counts, rng [, fits]) -> hands, rest: the hands of
-- the seats in counts (counts[seat]: how many cards it holds) dealt from
-- the unseen cards of pool keeping the facts f: each holds its `held`
-- cards, a card of each `some` set among the others and nothing of `none`.
-- hands[seat] is a CardSet (held cards included); rest a shuffled list of
-- what is left (the stock).  fits(hands) as deal_hidden's.  A seat known to
-- hold more cards than its count, or cards not in pool, has no deal: the
-- same error as deal_hidden's.
function M.deal(f, pool, counts, rng, fits)
  local wants = {}
  if type(counts) ~= "table" then error("bad argument #3 to 'facts.deal' (counts by seat expected)", 2) end
  for seat, n in pairs(counts) do
    local e = entry(f, seat, "deal")
    if math.type(n) ~= "integer" or n < 0 or n > 64 then error("bad argument #3 to 'facts.deal' (a count of cards per seat expected)", 2) end
    -- the cards known in the hand must be there to deal, and fit in it
    if #e.held > n or #(e.held - pool) > 0 then
      error(("deal_hidden: no deal keeps what is known of seat %d's hand"):format(seat), 0)
    end
    pool = pool - e.held
    wants[seat] = { count = n - #e.held, some = e.some, barred = e.none }
  end
  local check = fits and function(hands)
    local whole = {}
    for seat, h in pairs(hands) do whole[seat] = h | f[seat].held end
    return fits(whole)
  end
  local hands, rest = M.deal_hidden(pool, wants, rng, check)
  for seat, h in pairs(hands) do hands[seat] = h | f[seat].held end
  return hands, rest
end

return M
