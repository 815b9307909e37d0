-- Shared by the Blackjack specs (blackjack_spec.lua, blackjack_play_spec.lua):
-- cards by name, a game whose second round is dealt from stacked cards,
-- the second round's results, and the S17 rule set.
local dh = require "deckhand"

local function cards(names)
  local out = {}
  for name in names:gmatch("%S+") do out[#out + 1] = dh.card(name) end
  return out
end

-- a game whose second round is dealt from the cards named, in order (the
-- first to seat 1, then the dealer's up card, ...).  The first round is
-- set by hand to end at once: every seat holds 20 and stands, the dealer
-- holds 20 and draws nothing.
local function staged(options, order)
  options = options or {}
  options.max_hands = options.max_hands or 2
  local g = dh.game(dh.variant("blackjack", options), { seed = 1 })
  local s = g.s
  s.seats = {}
  for k = 1, g:seats() do
    s.seats[k] = { hands = { { cards = cards "Tc Th" } }, current = 1, blackjack = false }
  end
  s.dealer = cards "Td Ts"
  s.phase, s.turn = "play", 1
  -- the shoe: the stacked cards on top of the rest of the decks, shuffled
  local stack = type(order) == "string" and cards(order) or order
  local left = {}
  for c in dh.deck("french52"):set():iter() do left[tostring(c)] = g.o.decks end
  local function out(c) left[tostring(c)] = left[tostring(c)] - 1 end
  for _ = 1, g:seats() do out(dh.card "Tc"); out(dh.card "Th") end
  out(dh.card "Td"); out(dh.card "Ts")
  for _, c in ipairs(stack) do out(c) end
  local shoe = {}
  for c in dh.deck("french52"):set():iter() do
    for _ = 1, left[tostring(c)] do shoe[#shoe + 1] = c end
  end
  local rng = dh.rng(11)
  for i = #shoe, 2, -1 do local j = rng:int(i); shoe[i], shoe[j] = shoe[j], shoe[i] end
  for i = #stack, 1, -1 do shoe[#shoe + 1] = stack[i] end
  s.shoe, s.discards = shoe, {}
  for k = 1, g:seats() do assert(g:apply(k, "stand")) end
  assert(g:hand_number() == 2, "the staged first round did not end")
  return g
end

-- the second round's row of results
local function round2(g)
  local r = g:result()
  return r.hands[2]
end

local S17 = { dealer_hits_soft17 = false, double = "any", double_after_split = true, split_hands = 4,
              resplit_aces = false, hit_split_aces = false }

return { cards = cards, staged = staged, round2 = round2, S17 = S17 }
