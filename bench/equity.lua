-- bench/equity.lua: deckhand.poker.equity from Lua, one call per question,
-- so the time is the C figure plus one call and the table it returns.  The
-- first questions are bench/peers_equity.c's (there timed beside OMPEval
-- through the C call): their times here say what the Lua call adds.
local dh = require "deckhand"

local function median(t)
  table.sort(t)
  return t[(#t + 1) // 2]
end

-- the median seconds of one call over `runs` timings of `reps` calls each
local function timed(spec, runs, reps)
  local t, r = {}, nil
  for i = 1, runs do
    local t0 = os.clock()
    for _ = 1, reps or 1 do r = dh.poker.equity(spec) end
    t[i] = (os.clock() - t0) / (reps or 1)
  end
  return median(t), r
end

local questions = {
  { "AsKs vs QQ, preflop, exhaustive", { players = { "AsKs", "QQ" }, exact = true }, 16 },
  { "AhKh vs TT+, AQs+, AKo, preflop, exhaustive",
    { players = { "AhKh", "TT+,AQs+,AKo" }, exact = true }, 3 },
  { "AA, KK, QQ, JJ, preflop, exhaustive", { players = { "AA", "KK", "QQ", "JJ" }, exact = true }, 1 },
  { "QQ+, AKs / JJ, TT, 99, AQs / T9s, 98s, 87s, 76s on Ks 7d 2c, exhaustive",
    { players = { "QQ+,AKs", "JJ,TT,99,AQs", "T9s,98s,87s,76s" }, board = "Ks 7d 2c", exact = true }, 8 },
  { "JJ, AKo, random, preflop, Monte Carlo, 1,000,000 trials",
    { players = { "JJ", "AKo", "random" }, exact = false, samples = 1000000, seed = 1 }, 1 },
}
for _, q in ipairs(questions) do
  local s, r = timed(q[2], 5, q[3])
  local eq = {}
  for i = 1, #q[2].players do eq[i] = ("%.4f"):format(r[i].equity) end
  print(("%s (Lua): %.1f ms, %d trials, equities %s"):format(q[1], s * 1e3, r.boards,
    table.concat(eq, " / ")))
end

local s, r = timed({ game = "omaha", players = { "AsKsQdJd", "*", "AAxx, KKxx" }, exact = false,
  samples = 200000, seed = 1 }, 3)
print(("Monte Carlo Omaha 3-way preflop, known vs * vs AAxx,KKxx (Lua): %.2f M trials/s")
  :format(r.boards / s / 1e6))
