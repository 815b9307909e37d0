-- bench/equity.lua: deckhand.poker.equity from Lua, one call per question,
-- so the time is the C figure plus one call and the table it returns.
local dh = require "deckhand"

local function median(t)
  table.sort(t)
  return t[(#t + 1) // 2]
end

local function timed(spec, runs)
  local t, r = {}, nil
  for i = 1, runs do
    local t0 = os.clock()
    r = dh.poker.equity(spec)
    t[i] = os.clock() - t0
  end
  return median(t), r
end

local s, r = timed({ players = { "AsAh", "KdKc" } }, 7)
print(("heads-up preflop, exhaustive (Lua): %d boards in %.1f ms, equity %.4f")
  :format(r.boards, s * 1e3, r[1].equity))
s, r = timed({ players = { "AKs", "QQ+", "*" }, exact = false, samples = 1000000, seed = 1 }, 5)
print(("Monte Carlo 3-way preflop (Lua): %.1f M trials/s, equities %.4f %.4f %.4f (+- %.4f)")
  :format(r.boards / s / 1e6, r[1].equity, r[2].equity, r[3].equity, r[1].ci))
s, r = timed({ game = "omaha", players = { "AsKsQdJd", "*", "AAxx, KKxx" }, exact = false,
  samples = 200000, seed = 1 }, 3)
print(("Monte Carlo Omaha 3-way preflop, known vs * vs AAxx,KKxx (Lua): %.2f M trials/s")
  :format(r.boards / s / 1e6))
