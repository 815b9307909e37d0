-- Time per decision of pimc and of the heuristic in the games written
-- wholly in Lua whose heuristic plays pimc's rollouts fast (Gin Rummy in
-- C, Crazy Eights on plain numbers), pimc in seat 1 against the heuristic
-- (one hand a deal), as in the strength rows of docs/strength.md.
--   lua5.4 bench/lua_pimc_time.lua [deals] [game ...]
-- (PIMC_WORLDS=n: pimc with n worlds instead of its default)
local dh = require "deckhand"
local deals = tonumber(arg[1]) or 20
local games = { table.unpack(arg, 2) }
if #games == 0 then games = { "gin", "crazy8" } end

local function stats(xs)
  table.sort(xs)
  local sum = 0
  for _, x in ipairs(xs) do sum = sum + x end
  return #xs, sum / #xs * 1e3, xs[(#xs + 1) // 2] * 1e3, xs[#xs] * 1e3
end

for _, game in ipairs(games) do
  local v = dh.variant(game, { max_hands = 1 })
  local pimc = dh.strategy("pimc", { variant = v, seed = 1, worlds = tonumber(os.getenv("PIMC_WORLDS")) })
  local bots = { pimc, dh.strategy("heuristic", { variant = v, seed = 1 }) }
  local times = { {}, {} }
  for d = 1, deals do
    local g = dh.game(v, { seed = d })
    while g:next_player() do
      local s = g:next_player()
      local view = g:view(s)
      local k = s == 1 and 1 or 2
      local t0 = os.clock()
      local m = bots[k].move(view)
      table.insert(times[k], os.clock() - t0)
      assert(g:apply(s, m))
    end
  end
  local _, hmean = stats(times[2])
  print(("%-7s heuristic %5d decisions: mean %.3f ms"):format(game, stats(times[2])))
  local n, mean, median, worst = stats(times[1])
  print(("%-7s pimc      %5d decisions: mean %.2f ms, median %.2f ms, worst %.1f ms (%.0fx the heuristic)"):format(
    game, n, mean, median, worst, mean / hmean))
end
