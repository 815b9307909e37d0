-- poker.lua -- deckhand.poker from Lua: the bulk calls against the C figures
-- of bench_poker (the same work, one call from Lua).  Median of 5 runs.
--   lua5.4 bench/poker.lua      (bench/run sets the paths)
local dh = require "deckhand"
local poker = dh.poker

local function median(runs, f)
  local t = {}
  for i = 1, runs do
    local t0 = os.clock()
    local n = f()
    t[i] = n / (os.clock() - t0) / 1e6
  end
  table.sort(t)
  return t[(runs + 1) // 2], t[1], t[runs]
end

local function report(name, runs, f, ref)
  local m, lo, hi = median(runs, f)
  print(string.format("%-34s %8.0f M/s  (%.0f..%.0f)   %s", name, m, lo, hi, ref or ""))
end

print("deckhand.poker from Lua, median of 5 runs (min..max)")
report("poker.count(7)", 5, function() return select(2, poker.count(7)) end,
       "C: see bench_poker 'enum 7'")
report("poker.count(5)", 5, function() return select(2, poker.count(5)) end,
       "C: see bench_poker 'enum 5'")

-- random 7-card hands, packed: eval_many on the packed string is one C loop
local rng = dh.rng(7)
local N = 2000000
local words = {}
for i = 1, N do
  local bits, n = 0, 0
  while n < 7 do
    local c = rng:int(0, 51)
    local b = 1 << ((c // 13) * 16 + c % 13)
    if bits & b == 0 then bits = bits | b; n = n + 1 end
  end
  words[i] = string.pack("<i8", bits)
end
local packed = table.concat(words)
words = nil
collectgarbage()
report("poker.eval_many(packed 2M random 7)", 5, function() poker.eval_many(packed); return N end,
       "C: see bench_poker 'random 7 ... eval_many'")
report("poker.count_many(packed 2M random 7)", 5, function() poker.count_many(packed); return N end,
       "C: see bench_poker 'random 7, dh_poker_count_many'")

-- a table of CardSets: one Lua value per hand in and out
local hands = {}
for i = 1, 200000 do
  local bits = string.unpack("<i8", packed, 8 * i - 7)
  local t = {}
  for p = 0, 63 do
    if bits & (1 << p) ~= 0 then
      t[#t + 1] = ("23456789TJQKA"):sub(p % 16 + 1, p % 16 + 1) .. ("cdhs"):sub(p // 16 + 1, p // 16 + 1)
    end
  end
  hands[i] = dh.cards(table.concat(t, " "))
end
local out = {}
report("poker.eval_many(200k CardSets)", 5, function() poker.eval_many(hands, out); return #hands end)
report("poker.eval per hand (200k)", 5, function()
  local eval, s = poker.eval, 0
  for i = 1, #hands do s = s + eval(hands[i]) end
  return #hands
end)
