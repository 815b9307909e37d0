-- poker.lua -- deckhand.poker from Lua, each bulk call beside the C loop
-- that does the same work on the same hands, timed in the same run.
--   lua5.4 bench/poker.lua [rounds]      (from the repository root; bench/run
--                                         sets the paths)
-- Each round times the C loop (build/release/bench/bench_poker --ref, the
-- median of 3 runs) and then the Lua call (3 runs), so both see the same
-- minutes of a noisy machine; the figures are the medians over the rounds,
-- in millions of hands per second, both timed by processor time (os.clock
-- and C's clock).  The random hands are made by bench_poker before any
-- timing, 10 M of them as in its own figures, and read back as one packed
-- string.
local dh = require "deckhand"
local poker = dh.poker

local ROUNDS = tonumber(arg and arg[1]) or 3
local RUNS = 3
local NHANDS = 10000000
local BENCH = os.getenv("BENCH_POKER") or ((os.getenv("DECKHAND_BUILD") or "build/release") .. "/bench/bench_poker")

local function median(t)
  local s = table.move(t, 1, #t, 1, {})
  table.sort(s)
  return s[(#s + 1) // 2]
end

local function run(cmd)
  local p = assert(io.popen(cmd))
  local out = p:read("a")
  local ok = p:close()
  assert(ok, "failed: " .. cmd)
  return out
end

-- the C figure: median M hands/s of RUNS runs of one loop
local function c_rate(what, file)
  local out = run(string.format("%s --ref %s %d %s", BENCH, what, RUNS, file or ""))
  return assert(tonumber(out), "bench_poker --ref " .. what .. ": " .. out)
end

local function lua_rate(hands, f)
  local t = {}
  for i = 1, RUNS do
    local t0 = os.clock()
    f()
    t[i] = hands / (os.clock() - t0) / 1e6
  end
  return median(t)
end

print(string.format("deckhand.poker from Lua beside the same C loop, medians of %d rounds "
                    .. "(%d runs each), M hands/s", ROUNDS, RUNS))
print(string.format("%-44s %8s %8s %7s", "", "Lua", "C", "loss"))

-- name, Lua call, the C loop's name for bench_poker --ref, hands file, hands
local function compare(name, f, what, file, hands)
  local lua, c = {}, {}
  f()  -- warm: the values' memory, the caches
  for r = 1, ROUNDS do
    c[r] = c_rate(what, file)
    lua[r] = lua_rate(hands, f)
  end
  local l, cc = median(lua), median(c)
  print(string.format("%-44s %8.0f %8.0f %6.1f%%", name, l, cc, 100 * (1 - l / cc)))
end

compare("poker.count(7) / dh_poker_count, every hand",
        function() poker.count(7) end, "count7", nil, 133784560)
compare("poker.count(5) / dh_poker_count, every hand",
        function() poker.count(5) end, "count5", nil, 2598960)

local files = {}
for _, cards in ipairs { 7, 5 } do
  local file = os.tmpname()
  files[#files + 1] = file
  run(string.format("%s --hands %s %d %d %d", BENCH, file, NHANDS, cards, cards))
  local f = assert(io.open(file, "rb"))
  local packed = f:read("a")
  f:close()
  assert(#packed == 8 * NHANDS)
  local values = poker.values()
  compare(string.format("eval_many(packed, values) / dh_poker_eval_many, random %d", cards),
          function() poker.eval_many(packed, values) end, "eval_many", file, NHANDS)
  compare(string.format("count_many(packed) / dh_poker_count_many, random %d", cards),
          function() poker.count_many(packed) end, "count_many", file, NHANDS)
  compare(string.format("eval_many(packed) -> string, random %d", cards),
          function() poker.eval_many(packed) end, "eval_many", file, NHANDS)
  if cards == 7 then
    -- one Lua value per hand in and out: no C loop to compare with
    local hands = {}
    for i = 1, 200000 do
      local bits, names = string.unpack("<i8", packed, 8 * i - 7), {}
      for p = 0, 63 do
        if bits & (1 << p) ~= 0 then
          names[#names + 1] = ("23456789TJQKA"):sub(p % 16 + 1, p % 16 + 1)
                              .. ("cdhs"):sub(p // 16 + 1, p // 16 + 1)
        end
      end
      hands[i] = dh.cards(table.concat(names, " "))
    end
    local out = {}
    print(string.format("%-44s %8.1f", "eval_many(table of 200k CardSets, out)",
                        lua_rate(#hands, function() poker.eval_many(hands, out) end)))
    print(string.format("%-44s %8.1f", "poker.eval per hand, 200k CardSets",
                        lua_rate(#hands, function()
                          local eval, s = poker.eval, 0
                          for i = 1, #hands do s = s + eval(hands[i]) end
                        end)))
  end
  packed = nil
  collectgarbage()
end
for _, file in ipairs(files) do os.remove(file) end
