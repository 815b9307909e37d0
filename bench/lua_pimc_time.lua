-- Time per decision of pimc at its defaults in games written wholly in
-- Lua, pimc in seat 1 against the heuristic (one hand a deal), beside the
-- same for the trick engine's pimc in Spades card play (seat 1, every bid
-- 3), measured in the same rounds: each round times the reference, then
-- every game, so that the ratios (a game's mean over Spades' mean in that
-- round) hold on a loaded machine where the milliseconds do not.
--   lua5.4 bench/lua_pimc_time.lua [deals] [rounds] [game ...]
-- (default: the three games of examples/games, crazy8 and gin; PIMC_WORLDS=n:
-- pimc with n worlds instead of its default)
local dh = require "deckhand"
local deals = tonumber(arg[1]) or 2
local rounds = tonumber(arg[2]) or 3
local games = { table.unpack(arg, 3) }
if #games == 0 then
  games = { "examples/games/gofish.lua", "examples/games/cribbage.lua", "examples/games/sheepshead.lua",
            "crazy8", "gin" }
end
local worlds = tonumber(os.getenv("PIMC_WORLDS"))

local function mean(xs)
  local sum = 0
  for _, x in ipairs(xs) do sum = sum + x end
  return sum / #xs
end
local function median(xs)
  local t = table.move(xs, 1, #xs, 1, {})
  table.sort(t)
  return #t % 2 == 1 and t[(#t + 1) // 2] or (t[#t // 2] + t[#t // 2 + 1]) / 2
end

-- pimc's decisions in seat 1 over the deals: their times in seconds
local function lua_game(name)
  local v = dh.variant(name, { max_hands = 1 })
  local bots = { dh.strategy("pimc", { variant = v, seed = 1, worlds = worlds }),
                 dh.strategy("heuristic", { variant = v, seed = 1 }) }
  local times = {}
  for d = 1, deals do
    local g = dh.game(v, { seed = d })
    while g:next_player() do
      local s = g:next_player()
      local view = g:view(s)
      local t0 = os.clock()
      local m = bots[s == 1 and 1 or 2].move(view)
      if s == 1 then times[#times + 1] = os.clock() - t0 end
      assert(g:apply(s, m))
    end
  end
  return times
end

local function spades()
  local v = dh.variant("spades", { max_hands = 1 })
  local bots = { dh.strategy("pimc", { variant = v, seed = 1 }), dh.strategy("heuristic", { variant = v, seed = 1 }) }
  local times = {}
  for d = 1, deals do
    local g = dh.game(v, { seed = d })
    while g:next_player() do
      local s = g:next_player()
      if g:phase() == "bid" then assert(g:bid(s, 3))
      else
        local view = g:view(s)
        local t0 = os.clock()
        local c = (s == 1 and bots[1] or bots[2]).play(view)
        if s == 1 then times[#times + 1] = os.clock() - t0 end
        assert(g:play(s, c))
      end
    end
  end
  return times
end

local all, ratios, ref_means = {}, {}, {}
for _, name in ipairs(games) do all[name], ratios[name] = {}, {} end
for _ = 1, rounds do
  local ref = mean(spades())
  ref_means[#ref_means + 1] = ref
  for _, name in ipairs(games) do
    local times = lua_game(name)
    table.move(times, 1, #times, #all[name] + 1, all[name])
    ratios[name][#ratios[name] + 1] = mean(times) / ref
  end
end
print(("%-32s %8.2f ms a decision (median of the %d rounds' means)"):format("spades (trick engine)",
  median(ref_means) * 1e3, rounds))
for _, name in ipairs(games) do
  local t, r = all[name], ratios[name]
  table.sort(t)
  table.sort(r)
  print(("%-32s %5d decisions: mean %6.2f ms, median %6.2f, worst %6.1f; x%.2f Spades' (rounds %.2f to %.2f)"):format(
    name, #t, mean(t) * 1e3, median(t) * 1e3, t[#t] * 1e3, median(r), r[1], r[#r]))
end
