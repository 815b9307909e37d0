-- Gin Rummy: two players, a 52-card pack, ace low.
--
-- The dealer deals ten cards each and turns the next card face up to start
-- the discard pile; the rest is the stock, face down.  The aim is to
-- gather the hand into melds: sets (three or four cards of a rank) and
-- runs (three or more cards of a suit in sequence, the ace low: A-2-3 is a
-- run, Q-K-A is not).  The cards in no meld are deadwood, counted ace 1,
-- two to ten their pips, jack, queen and king 10; a hand is always counted
-- in the arrangement that leaves the least deadwood.
--
-- First turn: the non-dealer may take the turned card (`take`) or refuse
-- it (`pass`); if refused, the dealer may take it or pass; if both pass,
-- the non-dealer begins by drawing from the stock.  Every later turn, the
-- player draws the top card of the stock (`draw`) or takes the top of the
-- discard pile (`take`), then discards a card (`7h`), which may not be the
-- card just taken from the pile (http://rummytalk.com/playing-the-game/:
-- "they may not discard that card on the same play"; with
-- `discard_taken` it may, as the house rules that
-- https://ginrummy.pages.dev/rules mentions as not universal have it).  Instead of a plain discard, a player
-- whose deadwood after discarding is `knock` (10) or less may knock
-- (`knock 7h`), and one with no deadwood at all goes gin (`gin 7h`); with
-- `big_gin` a player whose eleven cards all meld after drawing may go big
-- gin without discarding (`big gin`).  If a player discards without
-- knocking when only two cards remain in the stock, the hand is void: no
-- score, and the same dealer deals again.
--
-- When a player knocks, both hands are shown.  Unless the knocker went gin,
-- the defender lays cards off onto the knocker's melds (a set's fourth
-- card, a run's next cards at either end); the rules do that for the
-- defender in the way that leaves the least deadwood (the knocker's melds
-- are the arrangement with least deadwood).  Then:
--   the knocker has less deadwood: the knocker scores the difference;
--   otherwise the defender has undercut: the defender scores the
--     difference plus `undercut_bonus` (25);
--   gin: the knocker scores the defender's deadwood plus `gin_bonus` (25),
--     and cannot be undercut; big gin: plus `big_gin_bonus` (31).
-- The winner of a hand deals the next.  The first to reach `target` (100)
-- ends the game and adds `game_bonus` (100), doubled with `shutout` when
-- the other scored nothing; then each adds `box_bonus` (25) for every hand
-- won.  A game stopped by `max_hands` gets no bonuses.
--
-- Oklahoma gin (`oklahoma`): the first upcard's count (ace 1, pips, court
-- cards 10) is the most deadwood a knock may keep that hand, and when it
-- is an ace nobody may knock: only gin ends the hand; with
-- `oklahoma_spades` a spade turned up doubles every score of the hand
-- (http://www.bicyclecards.com/card-games/rule/oklahoma-gin).
local dh = require "deckhand"

local gin = dh.gin

local lua_game = require "deckhand.lua_game"
local shuffled, take, show, facts = lua_game.shuffled, lua_game.take, lua_game.show, lua_game.facts

local function other(seat) return 3 - seat end

-- the stock's size just after a deal: 52 less two hands of 10 and the upcard
local STOCK_AT_DEAL = 52 - 21

-- a new hand: ten cards each, the upcard, the non-dealer offered it first
local function deal_hand(s, rng, o)
  local stock = shuffled(dh.deck("french52"):set(), rng)
  s.hands = { take(stock, 10), take(stock, 10) }
  s.pile = { table.remove(stock) }
  -- the most deadwood a knock may keep this hand; Oklahoma: the upcard's
  -- count, an ace none (gin only)
  local up = s.pile[1]
  local count = gin.value(up)
  s.knock = o.oklahoma and (count == 1 and 0 or count) or o.knock
  s.double = o.oklahoma and o.oklahoma_spades and up.suit == "s" or nil
  s.stock = stock
  s.facts = facts.new(2)   -- what the table saw: the cards each took from the pile, still held
  s.taken = nil                          -- the card just taken from the pile
  s.turn, s.phase, s.refused = other(s.dealer), "first", 0
  return s
end

local function move(kind, text, card) return dh.move { kind = kind, text = text, card = card } end

-- the seat on turn's moves
local function moves(s, o)
  local out = {}
  if s.phase == "first" then
    return { move("take", "take"), move("pass", "pass") }
  end
  if s.phase == "draw" then
    out[1] = move("draw", "draw")
    if s.refused < 2 then out[2] = move("take", "take") end
    return out
  end
  -- discard: a card, or knock or gin with it
  local hand = s.hands[s.turn]
  if o.big_gin and gin.deadwood(hand) == 0 then out[#out + 1] = move("big gin", "big gin") end
  local cards, after = gin.discards(hand)
  for i, card in ipairs(cards) do
    if card ~= s.taken or o.discard_taken then
      out[#out + 1] = card
      local left = after[i]
      if left == 0 then out[#out + 1] = move("gin", "gin " .. tostring(card), card)
      elseif left <= s.knock then out[#out + 1] = move("knock", "knock " .. tostring(card), card) end
    end
  end
  return out
end

local function kind_of(m) return type(m) == "table" and m.kind or "card" end

-- the end of the game when a player reached the target: the bonuses
local function finish(s, o)
  local best = s.scores[1] >= s.scores[2] and 1 or 2
  local bonus = o.game_bonus
  if o.shutout and s.scores[other(best)] == 0 then bonus = 2 * bonus end
  s.bonuses = { 0, 0 }
  s.bonuses[best] = bonus
  for seat = 1, 2 do s.bonuses[seat] = s.bonuses[seat] + o.box_bonus * s.wins[seat] end
  for seat = 1, 2 do s.scores[seat] = s.scores[seat] + s.bonuses[seat] end
  s.turn, s.phase = nil, "over"
end

-- a hand is over (a winner and points, or void): the next or the end
local function end_hand(s, o, rng, row, entry)
  if s.double then row = { 2 * row[1], 2 * row[2] } end   -- Oklahoma: a spade turned up
  entry.seats, entry.sides = row, row
  s.results[#s.results + 1] = entry
  for seat = 1, 2 do s.scores[seat] = s.scores[seat] + row[seat] end
  if entry.winner then
    s.wins[entry.winner] = s.wins[entry.winner] + 1
    s.dealer = entry.winner
  end
  if math.max(s.scores[1], s.scores[2]) >= o.target then return finish(s, o) end
  if s.hand >= o.max_hands then s.turn, s.phase = nil, "over"; return end
  s.hand = s.hand + 1
  deal_hand(s, rng, o)
end

-- a knock, gin or big gin by seat: show the hands, lay off, score
local function showdown(s, o, rng, seat, kind)
  local def = other(seat)
  local mine, arranged = gin.arrange(s.hands[seat])
  local theirs, laid
  if kind == "knock" then theirs, laid = gin.arrange(s.hands[def], arranged.melds)
  else theirs, laid = gin.arrange(s.hands[def]) end
  local row = { 0, 0 }
  local winner
  if kind ~= "knock" then
    winner = seat
    row[seat] = theirs + (kind == "gin" and o.gin_bonus or o.big_gin_bonus)
  elseif mine < theirs then
    winner = seat
    row[seat] = theirs - mine
  else
    winner = def
    row[def] = mine - theirs + o.undercut_bonus
  end
  local shown = {}
  shown[seat] = { hand = s.hands[seat], melds = arranged.melds, deadwood = mine }
  shown[def] = { hand = s.hands[def], melds = laid.melds, laid_off = laid.laid_off, deadwood = theirs }
  end_hand(s, o, rng, row, { kind = kind, knocker = seat, winner = winner, shown = shown })
end

local function apply(s, o, seat, m, rng)
  local kind = kind_of(m)
  if kind == "pass" then
    s.refused = s.refused + 1
    s.turn = other(seat)
    if s.refused == 2 then s.phase = "draw" end   -- the non-dealer draws from the stock
    return
  end
  if kind == "take" then
    local card = table.remove(s.pile)
    s.hands[seat] = s.hands[seat] | dh.cards { card }
    facts.shown(s.facts, seat, dh.cards { card })   -- taken openly from the pile
    s.taken, s.phase, s.refused = card, "discard", 0
    return
  end
  if kind == "draw" then
    s.hands[seat] = s.hands[seat] | dh.cards { table.remove(s.stock) }
    facts.hidden(s.facts, seat)
    s.taken, s.phase, s.refused = nil, "discard", 0
    return
  end
  if kind == "big gin" then return showdown(s, o, rng, seat, "big gin") end
  local card = kind == "card" and m or m.card
  local gone = dh.cards { card }
  s.hands[seat] = s.hands[seat] - gone
  facts.left(s.facts, seat, gone)
  s.pile[#s.pile + 1] = card
  s.taken = nil
  if kind ~= "card" then return showdown(s, o, rng, seat, kind) end
  if #s.stock <= 2 then   -- the hand is void: the same dealer deals again
    return end_hand(s, o, rng, { 0, 0 }, { kind = "void" })
  end
  s.turn, s.phase = other(seat), "draw"
end

-- the least deadwood after the best discard from hand (11 cards), and that
-- discard; `keep` may not be discarded
local function best_discard(hand, keep)
  local best, card = math.huge, nil
  local cards, after = gin.discards(hand)
  for i, c in ipairs(cards) do
    if c ~= keep then
      local left = after[i]
      if left < best or (left == best and gin.value(c) > gin.value(card)) then best, card = left, c end
    end
  end
  return best, card
end

local function find_kind(choices, kind, card)
  for _, m in ipairs(choices) do
    if kind_of(m) == kind and (card == nil or (kind == "card" and m or m.card) == card) then return m end
  end
end

return dh.lua_game {
  name = "gin",
  options = {
    knock = 10,            -- the most deadwood a player may knock with
    gin_bonus = 25,
    big_gin = false,       -- may eleven melded cards go out without a discard?
    big_gin_bonus = 31,
    undercut_bonus = 25,
    target = 100,          -- points that end the game
    game_bonus = 100,
    shutout = true,        -- the game bonus doubled when the loser scored nothing
    box_bonus = 25,        -- for each hand won, at the end
    max_hands = 100,       -- every game ends
    discard_taken = false, -- may the card just taken from the pile be discarded at once?
    oklahoma = false,      -- the upcard's count is the most deadwood a knock may keep (an ace: gin only)
    oklahoma_spades = false, -- with oklahoma: a spade turned up doubles the hand's scores
  },
  seats = 2,
  check = function(o)
    for _, k in ipairs { "knock", "gin_bonus", "big_gin_bonus", "undercut_bonus", "game_bonus", "box_bonus" } do
      if math.type(o[k]) ~= "integer" or o[k] < 0 then
        error(("gin: %s must be a non-negative integer, got %s"):format(k, tostring(o[k])), 0)
      end
    end
    for _, k in ipairs { "target", "max_hands" } do
      if math.type(o[k]) ~= "integer" or o[k] < 1 then
        error(("gin: %s must be a positive integer, got %s"):format(k, tostring(o[k])), 0)
      end
    end
    for _, k in ipairs { "big_gin", "shutout", "discard_taken", "oklahoma", "oklahoma_spades" } do
      if type(o[k]) ~= "boolean" then error(("gin: %s must be true or false"):format(k), 0) end
    end
  end,
  deal = function(o, rng)
    return deal_hand({ hand = 1, dealer = 1, scores = { 0, 0 }, wins = { 0, 0 }, results = {} }, rng, o)
  end,
  moves = moves,
  apply = apply,
  -- a seat sees its hand, the pile, the stock's size, the facts (known:
  -- the cards each took from the pile and still holds, read from them), the
  -- card just taken, the scores and the hands shown at past knocks
  view = function(s, o, seat)
    return { hand = s.hands[seat], held = #s.hands[other(seat)], pile = s.pile, stock = #s.stock,
             facts = s.facts, known = { s.facts[1].held, s.facts[2].held }, taken = s.taken,
             refused = s.refused, scores = s.scores, wins = s.wins,
             hand_number = s.hand, dealer = s.dealer, results = s.results, bonuses = s.bonuses,
             turn = s.turn, phase = s.phase, seat = seat, knock = s.knock, double = s.double }
  end,
  -- the opponent holds the cards it took from the pile; its other cards and
  -- the stock are dealt at random from the cards this seat has not seen
  sample = function(v, o, rng)
    local opp = other(v.seat)
    local unseen = dh.deck("french52"):set() - v.hand - dh.cards(v.pile)
    local hands, pool = facts.deal(v.facts, unseen, { [opp] = v.held }, rng)
    local s = { hands = {}, pile = v.pile, stock = pool, facts = v.facts, taken = v.taken, refused = v.refused,
                scores = v.scores, wins = v.wins, hand = v.hand_number, dealer = v.dealer, results = v.results,
                bonuses = v.bonuses, turn = v.turn, phase = v.phase, knock = v.knock, double = v.double }
    s.hands[v.seat] = v.hand
    s.hands[opp] = hands[opp]
    return s
  end,
  -- a quick choice for the simple bots: take the pile's top card when it
  -- lowers the deadwood, knock or go gin as soon as allowed, else discard
  -- the card that leaves the least deadwood (the highest on a tie)
  greedy = function(v, o, choices)
    local phase = v.phase
    if phase == "first" or phase == "draw" then
      local top = v.pile[#v.pile]
      local take = find_kind(choices, "take")
      if take and best_discard(v.hand | dh.cards { top }, top) < gin.deadwood(v.hand) then return take end
      return find_kind(choices, "draw") or find_kind(choices, "pass")
    end
    local big = find_kind(choices, "big gin")
    if big then return big end
    local _, card = best_discard(v.hand, not o.discard_taken and v.taken or nil)
    return find_kind(choices, "gin", card) or find_kind(choices, "knock", card) or card
  end,
  describe = function(v, o, card)
    local function list(set) return show(set, card) end
    local opp = other(v.seat)
    local lines = {
      ("hand %d, scores %d / %d (to %d)"):format(v.hand_number, v.scores[1], v.scores[2], o.target),
      ("pile top %s, stock %d, opponent holds %d cards (known: %s)"):format(
        v.pile[#v.pile] and card(v.pile[#v.pile]) or "-", v.stock, v.held, list(v.known[opp])),
      ("your hand  %s  (deadwood %d)"):format(list(v.hand), v.phase ~= "over" and #v.hand <= 11 and gin.deadwood(v.hand) or 0),
    }
    return table.concat(lines, "\n")
  end,
  locations = function(s)
    return { pile = dh.cards(s.pile), stock = dh.cards(s.stock), ["hand 1"] = s.hands[1], ["hand 2"] = s.hands[2] }
  end,

  -- the table a view describes (deckhand/table.lua): the opponent's count
  -- and the cards it is known to hold (taken from the pile); after a knock
  -- both hands shown, the melds, the layoffs and the deadwood, kept on the
  -- table until the new hand's first card is drawn from the stock (so each
  -- player has a turn to read them, whoever takes the upcard)
  table = function(t, v)
    local opp = 3 - t.seat
    t.players[opp].count = v.held
    for _, p in ipairs(t.players) do
      for _, g in ipairs(p.groups) do if g.label == "known" then g.label = "taken from the pile" end end
    end
    local last = v.results and v.results[#v.results]
    if last and last.shown and (t.phase == "over" or v.stock >= STOCK_AT_DEAL) then
      table.insert(t.status, ("last hand: %s"):format(last.knocker and
        ("seat %d %s"):format(last.knocker, ({ gin = "went gin", big_gin = "went big gin" })[last.kind] or "knocked") or "void"))
      for seat, sh in pairs(last.shown) do
        local p = t.players[seat]
        for i, m in ipairs(sh.melds or {}) do p.groups[#p.groups + 1] = { label = "meld " .. i, cards = m } end
        if sh.laid_off and #sh.laid_off > 0 then p.groups[#p.groups + 1] = { label = "laid off", cards = sh.laid_off } end
        p.notes[#p.notes + 1] = "deadwood " .. tostring(sh.deadwood)
      end
    end
    t.facts = { ("knock at %d or less"):format(v.knock) }
  end,
}
