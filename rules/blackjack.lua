-- Blackjack (twenty-one): one to seven players, each on their own against
-- the dealer, with a shoe of one to eight 52-card decks.
--
-- Cards count their pips from two to nine; ten, jack, queen and king 10; an
-- ace 1, or 11 when that keeps the hand at 21 or less (the hand is then
-- "soft").  A hand over 21 is bust and loses at once.
--
-- The shoe is shuffled and a cut card placed in it (`penetration`: the share
-- of the shoe dealt before it comes out, 0.75); once the cut card has come
-- out, the shoe is shuffled, every card with it, before the next round.  A
-- shoe that runs dry in a round goes on with the discards, shuffled.  Every
-- card is dealt face up but the dealer's second.
--
-- Each round every player bets `bet` chips.  The dealer gives a card to each
-- player, one face up to the dealer, a second to each player, and the hole
-- card face down.  An ace and a ten-valued card as one's first two is a
-- blackjack.
--
-- With an ace up (and the option `insurance`, on by default), each player in
-- turn may take insurance (the moves `insurance` and `no insurance`): a side
-- bet of half the bet, paid 2:1 if the dealer has a blackjack.  With an ace
-- or a ten-valued card up the dealer then looks at the hole card: a dealer's
-- blackjack ends the round, every hand losing its bet but a player's
-- blackjack, which pushes.  Otherwise a player's blackjack is paid 3:2 (or
-- 6:5 or 1:1, `blackjack_pays`) and takes no more part.
--
-- Then each player in turn plays each of their hands: `stand`; `hit` (a
-- card; again until they stand, bust or reach 21, where the hand stops);
-- `double` (the first two cards only: the bet doubled, one card, and the
-- hand stops; `double`: on any two cards, on hard 9 to 11, or hard 10 and 11
-- only); `split` (two cards of one value: each becomes a hand with a bet of
-- its own and draws its second card when its turn comes; up to `split_hands`
-- hands; doubling after a split as `double_after_split` says; split aces
-- take one card each, unless `hit_split_aces`, and are split again only with
-- `resplit_aces`; a split hand's 21 is no blackjack); `surrender` (with
-- `surrender`, the first two cards of an unsplit hand: half the bet back,
-- the hand gone, late: after the dealer has looked).  Doubling may be turned
-- off (`double = "none"`).
--
-- Variants of the dealer's blackjack.  `peek = false` is the European
-- no-hole-card game: the dealer does not look under an ace or a ten, and a
-- dealer's blackjack found at the end takes every bet on the table, doubles
-- and split hands too (a player's blackjack pushes; a late surrender then
-- saves nothing).  `early_surrender`: with an ace or a ten up each player
-- without a blackjack may surrender before the dealer looks (`surrender` or
-- `no surrender`), half the bet lost whatever the hole card; against other
-- up cards surrender is offered in the play.
-- (https://wizardofodds.com/games/blackjack/rule-variations/ lists the rules
-- and their effects; bench/blackjack_edge.lua sets the house edge measured
-- under each beside published figures.)
--
-- The dealer turns the hole card and, if some hand is still standing, draws
-- until 17 or more; on a soft 17 the dealer stands, or hits with
-- `dealer_hits_soft17`.  A dealer who busts pays every standing hand;
-- otherwise a higher total wins the bet (a doubled hand twice the bet), a
-- lower one loses it and equal ones push.  A match is `max_hands` rounds; the
-- result is the chips each player won or lost.
local dh = require "deckhand"

local bj = dh.blackjack
local value = bj.value
local function total(cards) return bj.total(cards) end

local function shuffle(list, rng)
  for i = #list, 2, -1 do
    local j = rng:int(i)
    list[i], list[j] = list[j], list[i]
  end
  return list
end

-- every card of the shoe, `decks` times over
local function full_shoe(o)
  local list = {}
  for _ = 1, o.decks do
    for c in dh.deck("french52"):set():iter() do list[#list + 1] = c end
  end
  return list
end

-- the next card; a dry shoe goes on with the discards
local function draw(s, rng)
  if #s.shoe == 0 then
    if #s.discards == 0 then error("blackjack: every card of the shoe is on the table", 0) end
    s.shoe, s.discards = shuffle(s.discards, rng), {}
  end
  return table.remove(s.shoe)
end

local function is_blackjack(cards) return #cards == 2 and total(cards) == 21 end
-- a hand's total as players say it: blackjack, bust 23, soft 17, 20
local function said(cards, blackjack)
  local n, soft = total(cards)
  return blackjack and "blackjack" or n > 21 and ("bust " .. n) or ((soft and "soft " or "") .. n)
end

local function hard_double(o, cards)
  local t, soft = total(cards)
  if o.double == "none" then return false end
  if o.double == "9-11" then return not soft and t >= 9 and t <= 11 end
  if o.double == "10-11" then return not soft and t >= 10 and t <= 11 end
  return true
end

-- the actions open to a seat's hand, in a fixed order
local ORDER = { "stand", "hit", "double", "split", "surrender" }
local function actions(o, seat, h)
  local locked = h.split_aces and not o.hit_split_aces
  local open = { stand = true, hit = not locked }
  if #h.cards == 2 then
    open.double = not locked and (not h.split or o.double_after_split) and hard_double(o, h.cards)
    open.split = value(h.cards[1]) == value(h.cards[2]) and #seat.hands < o.split_hands
                 and (not h.split_aces or o.resplit_aces)
    -- (with early_surrender and no ace or ten up, surrender comes here)
    open.surrender = (o.surrender or seat.late) and #seat.hands == 1
  end
  local out = {}
  for _, a in ipairs(ORDER) do if open[a] then out[#out + 1] = a end end
  return out
end

local MOVES = {}
for _, t in ipairs { "stand", "hit", "double", "split", "surrender", "insurance", "no insurance", "no surrender" } do
  MOVES[t] = dh.move { kind = t, text = t }
end

local function moves(s, o)
  if s.phase == "insurance" then return { MOVES.insurance, MOVES["no insurance"] } end
  if s.phase == "surrender" then return { MOVES.surrender, MOVES["no surrender"] } end
  local seat = s.seats[s.turn]
  local out = {}
  for i, a in ipairs(actions(o, seat, seat.hands[seat.current])) do out[i] = MOVES[a] end
  return out
end

local deal_round

-- the dealer's play and the payments; then the next round or the end
local function settle(s, o, rng)
  local dealer = s.dealer
  local dealer_bj = is_blackjack(dealer)
  local live = false
  if not dealer_bj then
    for _, seat in ipairs(s.seats) do
      if not seat.blackjack then
        for _, h in ipairs(seat.hands) do
          if not h.surrendered and total(h.cards) <= 21 then live = true end
        end
      end
    end
  end
  if live then
    while true do
      local t, soft = total(dealer)
      if t > 17 or (t == 17 and not (soft and o.dealer_hits_soft17)) then break end
      dealer[#dealer + 1] = draw(s, rng)
    end
  end
  local d = total(dealer)
  local row, nets = {}, {}
  for k, seat in ipairs(s.seats) do
    local net = 0
    nets[k] = {}
    if seat.insurance then net = net + (dealer_bj and o.bet or -o.bet / 2) end
    for _, h in ipairs(seat.hands) do
      local bet = h.doubled and 2 * o.bet or o.bet
      local t = total(h.cards)
      local won
      if h.early then won = -bet / 2   -- surrendered before the dealer looked
      elseif dealer_bj then won = seat.blackjack and 0 or -bet
      elseif seat.blackjack then won = bet * o._bj_pays
      elseif h.surrendered then won = -bet / 2
      elseif t > 21 then won = -bet
      elseif d > 21 or t > d then won = bet
      elseif t < d then won = -bet
      else won = 0 end
      nets[k][#nets[k] + 1] = math.tointeger(won) or won
      net = net + won
    end
    net = math.tointeger(net) or net   -- whole chips print as such
    row[k] = net
    s.scores[k] = math.tointeger(s.scores[k] + net) or s.scores[k] + net
  end
  -- the round in the record of results: per seat, and per hand (a
  -- seat's insurance counts in its seat's figure only)
  s.results[#s.results + 1] = { seats = row, sides = row, hands = nets, dealer = dealer, dealer_total = d,
                                dealer_blackjack = dealer_bj }
  -- every card of the round to the discards
  for _, seat in ipairs(s.seats) do
    for _, h in ipairs(seat.hands) do
      for _, c in ipairs(h.cards) do s.discards[#s.discards + 1] = c end
    end
  end
  for _, c in ipairs(dealer) do s.discards[#s.discards + 1] = c end
  if s.hand >= o.max_hands then
    s.turn, s.phase = nil, "over"
    s.seats, s.dealer = {}, {}
    return
  end
  s.hand = s.hand + 1
  deal_round(s, o, rng)
end

-- on to the next decision: a split hand's second card, a hand that has
-- stopped, the next seat; the dealer when every hand is played
local function advance(s, o, rng)
  while s.turn do
    local seat = s.seats[s.turn]
    local h = not seat.blackjack and seat.hands[seat.current]
    if not h then
      s.turn = s.turn < #s.seats and s.turn + 1 or nil
      if s.turn then s.seats[s.turn].current = 1 end
    else
      if #h.cards == 1 then h.cards[2] = draw(s, rng) end
      if h.done or total(h.cards) >= 21 or #actions(o, seat, h) == 1 then
        h.done = true
        seat.current = seat.current + 1
      else
        return
      end
    end
  end
  settle(s, o, rng)
end

-- the next seat from k on that may still surrender early (no blackjack)
local function early_from(s, k)
  while k <= #s.seats and s.seats[k].blackjack do k = k + 1 end
  return k <= #s.seats and k or nil
end

-- after the insurance: early surrender, the dealer's peek (unless the
-- rules play without a hole card looked at), then the players' play
local function peek_and_play(s, o, rng)
  local up = value(s.dealer[1])
  if o.early_surrender and (up == 1 or up == 10) and s.phase ~= "surrender" then
    local k = early_from(s, 1)
    if k then
      s.phase, s.turn = "surrender", k
      return
    end
  end
  if o.peek and (up == 1 or up == 10) and is_blackjack(s.dealer) then return settle(s, o, rng) end
  s.phase, s.turn = "play", 1
  s.seats[1].current = 1
  advance(s, o, rng)
end

deal_round = function(s, o, rng)
  if #s.shoe <= o._cut_left then   -- the cut card came out: shuffle everything
    s.shoe, s.discards = shuffle(full_shoe(o), rng), {}
    s.shuffles = s.shuffles + 1
  end
  local n = o._seats
  s.seats = {}
  for k = 1, n do s.seats[k] = { hands = { { cards = { draw(s, rng) } } }, current = 1 } end
  s.dealer = { draw(s, rng) }
  for k = 1, n do
    local h = s.seats[k].hands[1]
    h.cards[2] = draw(s, rng)
    s.seats[k].blackjack = is_blackjack(h.cards)
  end
  s.dealer[2] = draw(s, rng)
  if o.early_surrender and value(s.dealer[1]) ~= 1 and value(s.dealer[1]) ~= 10 then
    for k = 1, n do s.seats[k].late = true end
  end
  if o.insurance and value(s.dealer[1]) == 1 then
    s.phase, s.turn = "insurance", 1
  else
    peek_and_play(s, o, rng)
  end
end

local function apply(s, o, seat_no, m, rng)
  local seat = s.seats[seat_no]
  local kind = m.kind
  if s.phase == "insurance" then
    seat.insurance = kind == "insurance"
    if seat_no < #s.seats then s.turn = seat_no + 1 else peek_and_play(s, o, rng) end
    return
  end
  if s.phase == "surrender" then   -- early: before the dealer looks
    if kind == "surrender" then
      local h = seat.hands[1]
      h.surrendered, h.early, h.done = true, true, true
    end
    local k = early_from(s, seat_no + 1)
    if k then s.turn = k else peek_and_play(s, o, rng) end
    return
  end
  local h = seat.hands[seat.current]
  if kind == "stand" then h.done = true
  elseif kind == "hit" then h.cards[#h.cards + 1] = draw(s, rng)
  elseif kind == "double" then
    h.doubled = true
    h.cards[3] = draw(s, rng)
    h.done = true
  elseif kind == "surrender" then h.surrendered, h.done = true, true
  elseif kind == "split" then
    local aces = value(h.cards[1]) == 1
    local second = { cards = { h.cards[2] }, split = true, split_aces = aces }
    h.cards[2], h.split, h.split_aces = nil, true, aces
    table.insert(seat.hands, seat.current + 1, second)
  end
  advance(s, o, rng)
end

local OPTIONS = {   -- the options and their defaults
  players = 2,                 -- 1 to 7, each against the dealer
  decks = 6,                   -- decks in the shoe, 1 to 8
  penetration = 0.75,          -- the share of the shoe dealt before the cut card
  dealer_hits_soft17 = false,  -- the dealer hits a soft 17 (else stands)
  blackjack_pays = "3:2",      -- or "6:5", "1:1"
  double = "any",              -- two-card hands that may double: "any", "9-11", "10-11" (hard totals), "none"
  double_after_split = true,
  split_hands = 4,             -- the most hands a player makes by splitting (1: no split)
  resplit_aces = false,
  hit_split_aces = false,
  surrender = false,           -- late surrender
  early_surrender = false,     -- surrender before the dealer looks for a blackjack
  peek = true,                 -- the dealer looks under an ace or ten (false: no hole card looked at)
  insurance = true,            -- offered with an ace up
  bet = 10,                    -- chips a hand
  max_hands = 10,              -- rounds in a match
}

-- the rules in force, for the bots (the options as plain data)
local function rules_of(o)
  local r = {}
  for k in pairs(OPTIONS) do if k ~= "players" then r[k] = o[k] end end
  return r
end

local CHOICES = {
  blackjack_pays = { ["3:2"] = 1.5, ["6:5"] = 1.2, ["1:1"] = 1 },
  double = { any = true, ["9-11"] = true, ["10-11"] = true, none = true },
}

return dh.lua_game {
  name = "blackjack",
  unit = "chips",
  options = OPTIONS,

  seats = function(o) return o.players end,
  check = function(o)
    local function int(k, lo, hi)
      if math.type(o[k]) ~= "integer" or o[k] < lo or (hi and o[k] > hi) then
        error(("blackjack: %s must be an integer from %d%s, got %s"):format(k, lo, hi and (" to " .. hi) or " up",
                                                                            tostring(o[k])), 0)
      end
    end
    int("players", 1, 7)
    int("decks", 1, 8)
    int("split_hands", 1, 8)
    int("bet", 1)
    int("max_hands", 1)
    if type(o.penetration) ~= "number" or not (o.penetration > 0 and o.penetration <= 1) then   -- NaN too
      error(("blackjack: penetration must be a number above 0 and at most 1, got %s"):format(tostring(o.penetration)), 0)
    end
    for k, set in pairs(CHOICES) do
      if not set[o[k]] then
        local names = {}
        for name in pairs(set) do names[#names + 1] = '"' .. name .. '"' end
        table.sort(names)
        error(("blackjack: %s must be one of %s, got %s"):format(k, table.concat(names, ", "), tostring(o[k])), 0)
      end
    end
    for _, k in ipairs { "dealer_hits_soft17", "double_after_split", "resplit_aces", "hit_split_aces", "surrender",
                         "insurance", "peek", "early_surrender" } do
      if type(o[k]) ~= "boolean" then error(("blackjack: %s must be true or false, got %s"):format(k, tostring(o[k])), 0) end
    end
  end,
  deal = function(o, rng)
    local size = 52 * o.decks
    o._cut_left = size - math.floor(o.penetration * size + 0.5)
    o._bj_pays = CHOICES.blackjack_pays[o.blackjack_pays]
    local s = { hand = 1, shoe = {}, discards = {}, shuffles = 0, scores = {}, results = {} }
    for k = 1, o._seats do s.scores[k] = 0 end
    deal_round(s, o, rng)
    return s
  end,
  moves = moves,
  apply = apply,
  -- a seat sees every player's cards (dealt face up; `hand`: its own as
  -- a set, a card held twice shown once), the dealer's up card, the discards since the shuffle, how many cards the shoe holds,
  -- the scores, the rounds played and the rules
  view = function(s, o, seat)
    local mine = {}   -- the seat's cards as a set, for the tools that show hands
    for _, h in ipairs(s.seats[seat] and s.seats[seat].hands or {}) do
      for _, c in ipairs(h.cards) do mine[#mine + 1] = c end
    end
    return { seat = seat, hand = dh.cards(mine), turn = s.turn, phase = s.phase, hand_number = s.hand, up = s.dealer[1],
             players = s.seats, discards = s.discards, shoe = #s.shoe, shuffles = s.shuffles,
             scores = s.scores, results = s.results, rules = rules_of(o) }
  end,
  -- the hole card and the shoe's order: the cards the seat has not seen,
  -- shuffled; once the dealer has looked with an ace or a ten up and play
  -- goes on, the hole card is one that makes no blackjack
  sample = function(v, o, rng)
    local left = {}
    for c in dh.deck("french52"):set():iter() do left[tostring(c)] = o.decks end
    local function seen(c) left[tostring(c)] = left[tostring(c)] - 1 end
    for _, c in ipairs(v.discards) do seen(c) end
    for _, seat in ipairs(v.players) do
      for _, h in ipairs(seat.hands) do for _, c in ipairs(h.cards) do seen(c) end end
    end
    local s = { hand = v.hand_number, discards = v.discards, shuffles = v.shuffles, scores = v.scores,
                results = v.results, seats = v.players, turn = v.turn, phase = v.phase, dealer = {} }
    if not v.up then s.shoe = {}; return s end   -- the match is over
    seen(v.up)
    local pool = {}
    for c in dh.deck("french52"):set():iter() do
      for _ = 1, left[tostring(c)] do pool[#pool + 1] = c end
    end
    shuffle(pool, rng)
    local up = value(v.up)
    local function allowed(c)
      if v.phase ~= "play" or not v.rules.peek then return true end
      return not ((up == 1 and value(c) == 10) or (up == 10 and value(c) == 1))
    end
    local at = #pool
    while not allowed(pool[at]) do at = at - 1 end
    s.dealer, s.shoe = { v.up, table.remove(pool, at) }, pool
    return s
  end,
  -- a quick choice for the simple bots: no insurance; hit below 17, as
  -- the dealer does, else stand
  greedy = function(v, o, choices)
    if v.phase == "insurance" then return MOVES["no insurance"] end
    if v.phase == "surrender" then return MOVES["no surrender"] end
    local seat = v.players[v.seat]
    local h = seat.hands[seat.current]
    if total(h.cards) < 17 then
      for _, m in ipairs(choices) do if m.kind == "hit" then return m end end
    end
    return MOVES.stand
  end,
  describe = function(v, o, card)
    local function list(cards) return dh.lua_game.show(cards, card) end
    local out = { ("round %d of %d, chips %s; shoe %d cards"):format(v.hand_number, o.max_hands,
                                                                   table.concat(v.scores, " / "), v.shoe) }
    local last = v.results[#v.results]
    if last then
      out[#out + 1] = ("last round: dealer %s (%s), chips %s"):format(list(last.dealer),
        last.dealer_blackjack and "blackjack" or last.dealer_total > 21 and "bust" or last.dealer_total,
        table.concat(last.seats, " / "))
    end
    if v.up then out[#out + 1] = ("dealer  %s ??"):format(card(v.up)) end   -- (none between rounds)
    for k, seat in ipairs(v.players) do
      local hands = {}
      for i, h in ipairs(seat.hands) do
        hands[i] = ("%s%s (%s)%s%s"):format((k == v.turn and i == seat.current) and "> " or "", list(h.cards),
                                           said(h.cards, seat.blackjack), h.doubled and " doubled" or "",
                                           h.surrendered and " surrendered" or "")
      end
      out[#out + 1] = ("%s %d  %s"):format(k == v.seat and "you " or "seat", k, table.concat(hands, ", "))
    end
    return table.concat(out, "\n")
  end,
  -- with one deck every card is in one place (the protocol's check); a
  -- shoe of several holds each card several times, which sets cannot
  locations = function(s, o)
    if o.decks ~= 1 then return {} end
    local out = { shoe = dh.cards(s.shoe), discards = dh.cards(s.discards), dealer = dh.cards(s.dealer) }
    for k, seat in ipairs(s.seats) do
      local cards = {}
      for _, h in ipairs(seat.hands) do for _, c in ipairs(h.cards) do cards[#cards + 1] = c end end
      out["seat " .. k] = dh.cards(cards)
    end
    return out
  end,
  -- the table a view describes (deckhand/table.lua): every seat's hands
  -- face up with their totals, the dealer's up card and hole card (or,
  -- between rounds, the dealer's hand that settled the last one)
  table = function(t, v)
    for _, p in ipairs(t.players) do p.count = nil end   -- every card is face up
    for k, seat in ipairs(v.players or {}) do
      local p = t.players[k]
      p.groups = {}
      for i, h in ipairs(seat.hands) do
        local label = said(h.cards, seat.blackjack and #seat.hands == 1) .. (h.doubled and ", doubled" or "")
                      .. (h.surrendered and ", surrendered" or "")
        if v.turn == k and i == seat.current and #seat.hands > 1 then label = "> " .. label end
        p.groups[i] = { label = label, cards = h.cards }
      end
    end
    local last = v.results and v.results[#v.results]
    if v.up then
      table.insert(t.piles, 1, { name = "dealer", cards = { v.up }, count = 2 })
    elseif last and last.dealer then
      table.insert(t.piles, 1, { name = "last round: dealer", cards = last.dealer, note = said(last.dealer, last.dealer_blackjack) })
      local won = last.seats and last.seats[t.seat]
      if won then table.insert(t.status, 1, ("last round: you %s %d"):format(won < 0 and "lost" or "won", math.abs(won))) end
    end
    for i = #t.piles, 1, -1 do
      if t.piles[i].name == "discards" or t.piles[i].name == "up" then table.remove(t.piles, i) end
    end
    t.facts = { ("shoe %d cards"):format(v.shoe) }
  end,
}
