-- Time per Hold'em (or Omaha) decision of the heuristic and pimc bots,
-- heads-up against each other (one hand a deal, each bot on the button in
-- turn).
--   lua5.4 bench/holdem_time.lua [deals] [worlds] [holdem|omaha]
local dh = require "deckhand"
local deals, worlds = tonumber(arg[1]) or 200, tonumber(arg[2]) or 48
local game = arg[3] or "holdem"
local times = { heuristic = {}, pimc = {} }
local function timed(name, bot)
  return function(view)
    local t0 = os.clock()
    local a, amt = bot(view)
    table.insert(times[name], os.clock() - t0)
    return a, amt
  end
end
local h = { act = timed("heuristic", dh.strategy("heuristic", { variant = game, seed = 1 }).act) }
local p = { act = timed("pimc", dh.strategy("pimc", { variant = game, seed = 2, worlds = worlds }).act) }
local one = dh.variant(game, { max_hands = 1 })
for d = 1, deals do
  dh.play(one, { p, h }, { seed = d })
  dh.play(one, { h, p }, { seed = d })
end
for _, name in ipairs { "heuristic", "pimc" } do
  local xs = times[name]
  table.sort(xs)
  local sum = 0
  for _, x in ipairs(xs) do sum = sum + x end
  print(("%-9s %5d decisions: mean %.2f ms, median %.2f ms, worst %.1f ms"):format(name, #xs,
    sum / #xs * 1e3, xs[(#xs + 1) // 2] * 1e3, xs[#xs] * 1e3))
end
