-- heuristic.gin: Gin Rummy by the usual rules of thumb, seeing only the view.
--
-- Drawing: take the pile's top card only when it goes into a meld (the
-- least deadwood after the best discard then drops), else draw blind.
-- Discarding: the card that leaves the least deadwood, less what it is
-- worth keeping and what it would give away: a deadwood card that still has
-- live partners (a pair whose third is unseen, a suit neighbour within two
-- whose missing card is unseen) is kept, and a card that fits the cards the
-- opponent took from the pile (same rank, or the same suit within two) is
-- held back.  Gin whenever it can; a knock as soon as allowed while the
-- stock is long, late in the hand only with little deadwood (an undercut
-- grows likelier as the opponent's hand improves): below LATE cards in
-- the stock, only with LOW deadwood or less.
local dh = require "deckhand"

local gin = dh.gin
local M = {}

local LATE, LOW = 8, 4
local PACK = dh.deck("french52"):set()

-- a card's rank as a number 1..13, ace low
local function rank_of(c) return c.rank == 14 and 1 or c.rank end

local function kind_of(m) return type(m) == "table" and m.kind or "card" end

-- the card of a suit and a rank 1..13 (ace low), nil off the ends
local CARD = {}
for _, suit in ipairs { "c", "d", "h", "s" } do
  CARD[suit] = {}
  for r = 1, 13 do CARD[suit][r] = dh.card(("A23456789TJQK"):sub(r, r) .. suit) end
end

-- a hand as lists: its cards, their ranks (ace low) and suits, and the
-- index of each card (field reads on a Card cost a call: read them once)
local function lists(hand)
  local H = { cards = hand:list(), rank = {}, suit = {}, at = {} }
  for i, c in ipairs(H.cards) do H.rank[i], H.suit[i], H.at[c] = rank_of(c), c.suit, i end
  return H
end

-- the live partners of the i-th card of H among the hand's other cards:
-- unseen cards that would meld with it and a card already held
local function outs(i, H, unseen)
  local n = 0
  local r, s = H.rank[i], H.suit[i]
  local pair = false
  local function live(suit, k)
    local card = CARD[suit][k]
    if card and unseen:has(card) then n = n + 1 end
  end
  for j = 1, #H.cards do
    local rh = H.rank[j]
    if j == i then -- itself
    elseif rh == r then pair = true
    elseif H.suit[j] == s and rh - r <= 2 and r - rh <= 2 then
      -- the cards that would join the two into a run of three
      local lo, hi = math.min(r, rh), math.max(r, rh)
      if hi - lo == 1 then live(s, lo - 1); live(s, hi + 1) else live(s, lo + 1) end
    end
  end
  if pair then
    for _, suit in ipairs { "c", "d", "h", "s" } do
      if suit ~= s then live(suit, r) end
    end
  end
  return n
end

-- does the i-th card of H fit the cards the opponent is known to hold?
local function danger(i, H, theirs)
  local n = 0
  for k in theirs:iter() do
    local rk = rank_of(k)
    if rk == H.rank[i] or (k.suit == H.suit[i] and math.abs(rk - H.rank[i]) <= 2) then n = n + 1 end
  end
  return n
end

-- the least deadwood after the best discard from an 11-card hand (not
-- `keep`)
local function after_best(hand, keep)
  local best = math.huge
  local cards, after = gin.discards(hand)
  for i, c in ipairs(cards) do
    if c ~= keep then best = math.min(best, after[i]) end
  end
  return best
end

-- the variant's chosen options (a Variant, its name, or none: the
-- defaults)
local settings_of = dh.settings_of

function M.new(options)
  local o = settings_of(options and options.variant)
  local rules = { knock = o.knock, gin_bonus = o.gin_bonus, big_gin = o.big_gin, big_gin_bonus = o.big_gin_bonus,
                  undercut_bonus = o.undercut_bonus, late = LATE, low = LOW }

  local function draw(view)
    local moves = view:moves()
    local take, other
    for _, m in ipairs(moves) do
      if kind_of(m) == "take" then take = m else other = m end
    end
    local hand, top = view:get("hand"), nil
    local pile = view:get("pile")
    top = pile[#pile]
    if take and after_best(hand | dh.cards { top }, top) < gin.deadwood(hand) then
      local _, arranged = gin.arrange(hand | dh.cards { top })
      -- only a card that melds: a card taken for its low count tells the
      -- opponent too much for too little
      if not arranged.deadwood:contains(top) then return take end
    end
    return other or take
  end

  -- the discard phase's moves, best first: gin, then the knocks (least
  -- deadwood first), then the plain discards by their score; and whether
  -- the best knock is worth making now
  local function ranked(view)
    local hand = view:get("hand")
    local theirs = view:get("known")[3 - view:seat()]
    local unseen = PACK - hand - dh.cards(view:get("pile")) - theirs
    local left, least = {}, math.huge
    local cards, after = gin.discards(hand)
    for i, c in ipairs(cards) do left[c], least = after[i], math.min(least, after[i]) end
    local H = lists(hand)
    local list = {}
    for _, m in ipairs(view:moves()) do
      local k, key = kind_of(m), nil
      if k == "big gin" or k == "gin" then key = -1000
      elseif k == "knock" then key = -500 + left[m.card]
      elseif left[m] > least + 20 then key = 100 + left[m]   -- far behind: not worth the closer look
      else
        local i = H.at[m]
        key = left[m] + 2 * outs(i, H, unseen) + 4 * danger(i, H, theirs)
              - gin.value(m) / 100   -- the higher card on a tie
      end
      list[#list + 1] = { m = m, key = key, kind = k, text = tostring(m) }
    end
    table.sort(list, function(a, b)
      if a.key ~= b.key then return a.key < b.key end
      return a.text < b.text
    end)
    return list
  end

  local function discard(view)
    local list = ranked(view)
    for _, e in ipairs(list) do
      if e.kind == "knock" then
        local left = e.key + 500
        if view:get("stock") >= LATE or left <= LOW then return e.m end
      elseif e.kind == "card" then return e.m
      else return e.m end   -- gin
    end
  end

  --- rank(view) -> the moves best first (for pimc's candidates)
  local function rank(view)
    local phase = view:phase()
    if phase == "first" or phase == "draw" then
      local own = draw(view)
      local out = { own }
      for _, m in ipairs(view:moves()) do if tostring(m) ~= tostring(own) then out[#out + 1] = m end end
      return out
    end
    local out = {}
    for i, e in ipairs(ranked(view)) do out[i] = e.m end
    return out
  end

  local function move(view)
    local phase = view:phase()
    if phase == "first" or phase == "draw" then return draw(view) end
    return discard(view)
  end
  --- for pimc's worlds: the opponent's deadwood, lower more plausible once
  -- it has played a few turns; a draw more for every two of its turns
  local function plausible(world, me)
    return -gin.deadwood(world:locations()["hand " .. (3 - me)])
  end
  local function draws(view)
    return math.min(6, 1 + (31 - view:get("stock")) // 4)
  end
  --- playouts(world, me, moves, seed [, view]) -> for each move, the hand's points
  -- for seat me less the other's once me, on turn, has made it and the
  -- hand is played to its end in C (dh.gin.playout) by both seats as this
  -- heuristic plays, the stock shuffled by an rng of that seed, the same
  -- for every move: for pimc's sampled worlds, whose stock order is
  -- unknown anyway.  Everything comes from the world's view (or the view
  -- it was sampled from, whose public fields are the same) and locations
  -- (a sampled world shows both hands).
  local function playouts(world, me, moves, seed, view)
    local at, v = world:locations(), view or world:view(me)
    local position = {
      hands = { at["hand 1"], at["hand 2"] }, known = v:get("known"), pile = v:get("pile"),
      stock = at.stock:list(), turn = world:next_player(), phase = world:phase(),
      refused = v:get("refused"),
      -- with discard_taken the card just taken may go at once (the C
      -- playout still keeps it back on its own later turns)
      taken = not o.discard_taken and v:get("taken") or nil,
    }
    local r = rules
    if v:get("knock") and v:get("knock") ~= rules.knock then   -- Oklahoma: this hand's knock limit
      r = {}
      for k, x in pairs(rules) do r[k] = x end
      r.knock = v:get("knock")
    end
    local out = {}
    for i, m in ipairs(moves) do
      local p1, p2 = gin.playout(position, r, dh.rng(seed), m)
      out[i] = me == 1 and p1 - p2 or p2 - p1
    end
    return out
  end
  return { name = "heuristic.gin", move = move, script = move, rank = rank, plausible = plausible, draws = draws,
           playouts = playouts, worlds = 200, candidates = 6 }
end

return M
