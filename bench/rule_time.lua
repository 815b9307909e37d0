-- bench/rule_time.lua -- the cost of the rule time limit (issue 26): Lua-rule
-- playouts beside the C playout in the same round, with and without a
-- limit in force (host.rule_limit, when the build has it).  Run with the
-- paths of `make -s env`: lua5.4 bench/rule_time.lua
local dh = require "deckhand"
local host = require "deckhand.core".host
local R = dh.rule
local spades = dh.variant("spades", { max_hands = 1 })
local lua_play = function(state, trick)
  local best, top = 1, -1
  local trump, led = state:trump(), trick.led
  for i, c in ipairs(trick) do
    local score = (c.suit == trump and 100 or c.suit == led and 0 or -1000) + c.rank
    if score > top then best, top = i, score end
  end
  return best
end
local with_play = dh.variant({ name = "p", seats = 4, sides = { 1, 2, 1, 2 }, sizes = { 13 }, trump = "s",
  bidding = true, hand = spades.spec.hand, play = lua_play, points = spades.spec.points,
  win = spades.spec.win, bid = spades.spec.bid, max_hands = 1 })
local lua_hand = function(state, seat, card)
  local led = state:led()
  if not led then return true end
  return card.suit == led or #state:hand(seat):suit(led) == 0
end
local with_hand = dh.variant({ name = "h", seats = 4, sides = { 1, 2, 1, 2 }, sizes = { 13 }, trump = "s",
  bidding = true, hand = lua_hand & R.break_suit("s"), play = spades.spec.play,
  points = spades.spec.points, win = spades.spec.win, bid = spades.spec.bid, max_hands = 1 })
local function rate(v, n, run)
  local rng, t0 = dh.rng(run), os.clock()
  for i = 1, n do dh.game(v, { seed = i }):playout(rng) end
  return n / (os.clock() - t0)
end
local cases = { "play", "hand" }
local limits = host.rule_limit and { 0, 10 } or { 0 }
local ratios = {}
for run = 1, 5 do
  local ref = rate(spades, 20000, run)
  for _, c in ipairs(cases) do
    for _, lim in ipairs(limits) do
      if host.rule_limit then host.rule_limit(lim) end
      local r = rate(c == "play" and with_play or with_hand, c == "play" and 4000 or 1000, run) / ref
      local k = c .. " limit " .. lim
      ratios[k] = ratios[k] or {}
      table.insert(ratios[k], r)
    end
  end
  if host.rule_limit then host.rule_limit(0) end
end
local keys = {}
for k in pairs(ratios) do keys[#keys + 1] = k end
table.sort(keys)
for _, k in ipairs(keys) do
  local t = ratios[k]
  table.sort(t)
  print(("%-16s median %.4f (%.4f..%.4f) of the C playout's rate"):format(k, t[3], t[1], t[5]))
end
