-- trick_helper.lua: shared by the trick-taking specs.
local dh = require "deckhand"

local H = {}

-- a four-seat variant "test" of one hand: follow suit, the highest of the
-- led suit, a point a trick; fields replace any of it
function H.simple(fields)
  local R = dh.rule
  local t = { name = "test", seats = 4, sizes = { 13 }, hand = R.follow_suit,
              play = R.highest_of_led, points = R.tricks(), win = R.highest_after(1) }
  for k, v in pairs(fields or {}) do t[k] = v end
  return dh.variant(t)
end

-- a table snapshot of everything observable in a game or view
function H.snapshot(g)
  local s = {
    phase = g:phase(), next = g:next_player(), hand_no = g:hand_number(),
    dealer = g:dealer(), trump = g:trump(), upcard = g:upcard() and tostring(g:upcard()),
    scores = g:scores(), bags = g:bags(), tricks = g:tricks(), bids = g:bids(),
    counts = g:counts(), played = tostring(g:played()), talon = g:talon_count(),
    hand_points = g:hand_points(), winners = g:winners(),
  }
  local cards, seats = g:trick()
  s.trick = {}
  for i, c in ipairs(cards) do s.trick[i] = tostring(c) .. "@" .. seats[i] end
  local last, winner = g:last_trick()
  s.last = last and #last or 0
  s.last_winner = winner
  s.hands, s.voids, s.taken, s.passed, s.received = {}, {}, {}, {}, {}
  for seat = 1, g:seats() do
    s.hands[seat] = tostring(g:hand(seat))
    s.voids[seat] = g:voids(seat)
    s.taken[seat] = tostring(g:taken(seat))
    s.passed[seat] = tostring(g:passed(seat))
    s.received[seat] = tostring(g:received(seat))
  end
  local ok, legal = pcall(g.legal, g)
  if not ok then legal = "error" end
  s.legal = legal and (type(legal) == "table" and table.concat(legal, ",") or tostring(legal))
  return s
end

-- one random legal action for the seat to act
function H.random_action(g, rng)
  local seat, phase = g:next_player(), g:phase()
  local legal = g:legal()
  if phase == "play" then
    -- the trump exchange (a variant's option), one time in three it is allowed
    if g:can_exchange() and rng:int(3) == 1 then return g:exchange(seat) end
    return g:play(seat, rng:pick(legal))
  elseif phase == "bid" then return g:bid(seat, legal[rng:int(#legal)])
  else   -- passing, or a blind Nil exchange: as many cards as the seat passes
    local hand, pick = legal, {}
    local n = g:view(seat):pass_count()
    local list = hand:list()
    for i = #list, 2, -1 do
      local j = rng:int(i)
      list[i], list[j] = list[j], list[i]
    end
    for i = 1, n do pick[i] = list[i] end
    return g:pass(seat, pick)
  end
end

--[[
A Spades deal in which each trick goes to a chosen seat.  Tricks 1-3 are
clubs, 4-6 diamonds, 7-9 hearts, 11-13 spades: in each, every seat holds
one card of the suit and the chosen winner the highest (ranks 3-6, 7-T,
J-A).  Trick 10 is 2c 2d 2h 2s: everyone is void in the suit led by then,
so the holder of 2s (the winner of trick 10) trumps it.  winners[t] is the
seat that takes trick t; the first leader is left of the dealer.
Returns the hands and, per seat, its card for each trick.
--]]
function H.spades_deal(winners, dealer)
  local ranks = { "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A" }
  local plan = {}   -- plan[t][seat] = card
  local suits = { "c", "c", "c", "d", "d", "d", "h", "h", "h", nil, "s", "s", "s" }
  local blocks = { 1, 2, 3, 1, 2, 3, 1, 2, 3, nil, 1, 2, 3 }
  for t = 1, 13 do
    plan[t] = {}
    if t == 10 then
      local others = { "2c", "2d", "2h" }
      local k = 1
      for seat = 1, 4 do
        if seat == winners[10] then plan[t][seat] = "2s"
        else plan[t][seat] = others[k]; k = k + 1 end
      end
    else
      local b = (blocks[t] - 1) * 4
      local k = 1
      for seat = 1, 4 do
        if seat == winners[t] then plan[t][seat] = ranks[b + 4] .. suits[t]
        else plan[t][seat] = ranks[b + k] .. suits[t]; k = k + 1 end
      end
    end
  end
  local hands = { {}, {}, {}, {} }
  for t = 1, 13 do
    for seat = 1, 4 do table.insert(hands[seat], plan[t][seat]) end
  end
  return hands, plan
end

-- plays a hand planned by spades_deal; asserts every card is accepted
function H.play_plan(g, plan)
  for t = 1, 13 do
    for _ = 1, 4 do
      local seat = g:next_player()
      local ok, msg, code = g:play(seat, plan[t][seat])
      assert(ok, ("trick %d seat %d: %s %s"):format(t, seat, tostring(code), tostring(msg)))
    end
  end
end

-- seats' winners list from per-seat trick counts: seat s takes n[s] tricks,
-- with the holder of 2s (trick 10) the first seat with a count >= 1 ...
-- simply: fill in seat order
function H.winners_for(counts)
  local w = {}
  for seat = 1, 4 do
    for _ = 1, counts[seat] do w[#w + 1] = seat end
  end
  assert(#w == 13, "counts must sum to 13")
  if w[9] == w[10] then  -- the trick 9 winner must not hold 2s (see spades_deal)
    for j = 1, 13 do
      if j ~= 9 and j ~= 10 and w[j] ~= w[10] then w[9], w[j] = w[j], w[9]; break end
    end
  end
  assert(w[9] ~= w[10], "one seat cannot take every trick in this plan")
  return w
end

return H
