-- Time of game:solve_moves (the value after each legal card, double
-- dummy) at a given hand size in a variant's card play: every seat plays
-- as the heuristic (phases and cards) until the seat to play holds
-- `cards` cards, then the position is solved once and timed (processor
-- time).  A node budget bounds each solve; a solve that ran out is
-- counted apart (its time is a floor).
--   lua5.4 bench/solve_probe.lua variant cards [deals] [objective] [nodes]
-- e.g. lua5.4 bench/solve_probe.lua spades 10 20 tricks 50000000
local dh = require "deckhand"
local name = arg[1] or "spades"
local cards = tonumber(arg[2]) or 8
local deals = tonumber(arg[3]) or 20
local objective = arg[4] or "tricks"
local budget = math.tointeger(tonumber(arg[5])) or 0

local caps = { bridge = { boards = 1 }, skat = { deals = 1 } }
local v = dh.variant(name, caps[name] or { max_hands = 1 })
local heuristic = dh.strategy("heuristic", { variant = v, seed = 1 })
local times, cut, nodes = {}, 0, 0
for d = 1, deals do
  local g = dh.game(v, { seed = d })
  while g:next_player() do
    local s = g:next_player()
    local view = g:view(s)
    if g:phase() == "play" and #view:hand(s) == cards then
      local t0 = os.clock()
      local moves, info = g:solve_moves({ objective = objective, nodes = budget, table_bits = 20 })
      local t = os.clock() - t0
      assert(moves, info)
      nodes = nodes + info.nodes
      if budget > 0 and info.nodes >= budget then cut = cut + 1 else table.insert(times, t) end
      break
    end
    assert(g:apply(s, heuristic.move(view)))
  end
end
table.sort(times)
local sum = 0
for _, t in ipairs(times) do sum = sum + t end
if #times == 0 then
  print(("%s %s, %d cards a hand: every solve ran out of its %d nodes"):format(name, objective, cards, budget))
else
  print(("%s %s, %d cards a hand: %d solves, mean %.1f ms, median %.1f ms, worst %.1f ms; %d over %d nodes; %.0f nodes a solve"):format(
    name, objective, cards, #times, sum / #times * 1e3, times[(#times + 1) // 2] * 1e3, times[#times] * 1e3,
    cut, budget, nodes / (#times + cut)))
end
