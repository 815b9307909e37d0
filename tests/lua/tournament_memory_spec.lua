-- A tournament's memory does not grow with its deals: the pending deals
-- are made as they are handed out, finished lines are folded into running
-- totals and not kept, and a resumed record's deals are remembered as runs.
local dh = require "deckhand"
local indexset = require "deckhand.indexset"
local results = require "deckhand.results"

local SECRET = ("0123456789abcdef"):rep(2)

-- the Lua heap (KB) after a full collection
local function heap()
  collectgarbage("collect")
  return collectgarbage("count")
end

describe("a tournament's memory", function()
  it("does not hold the list of its pending deals", function()
    local before = heap()
    local grown
    -- 10^7 deals: a list of them alone would be over 100 MB
    local ok, err = pcall(dh.tournament, { variant = "spades", players = { "random", "random" }, games = 10000000,
      secret = SECRET, progress = function(done)
        if done == 2 then grown = heap() - before; error("enough", 0) end
      end })
    assert.is_false(ok)
    assert.equals("enough", err)
    assert.is_true(grown < 4096, ("the heap grew by %.0f KB before the second deal"):format(grown))
  end)

  it("keeps no finished deal", function()
    local at = {}
    pcall(dh.tournament, { variant = "spades", players = { "heuristic", "random" }, games = 10000000,
      secret = SECRET, progress = function(done)
        if done % 200 == 20 then at[#at + 1] = heap() end
        if done == 620 then error("enough", 0) end
      end })
    -- 200 deal lines of Spades with their game records are over 1 MB, in
    -- every 200 deals; a cache filled once (a module's tables, interned
    -- texts) grows one stretch only, so the least growth of three counts
    local least = math.huge
    for i = 2, #at do least = math.min(least, at[i] - at[i - 1]) end
    assert.equals(4, #at)
    assert.is_true(least < 256, ("the heap grew by %.0f KB or more in each 200 deals"):format(least))
  end)

  it("remembers a record's deals as runs of indices", function()
    for _, case in ipairs { { 1, 1 }, { 2, 3 }, { 5, 8 } } do
      local s = indexset.new()
      for i = case[1], 100000, case[2] do s:add(i) end
      assert.equals(1, #s.lo)
      assert.is_true(s:has(case[1] + 10 * case[2]))
      assert.is_false(s:has(case[1] + 1) and case[2] > 1)
      assert.is_false(s:has(100001 + case[2]))
    end
    -- out of order: still a set, past 64 runs at one entry a deal
    local s, seen = indexset.new(), {}
    local rng = dh.rng(3)
    for _ = 1, 500 do
      local i = rng:next() % 1000 + 1
      if not seen[i] then seen[i] = true; assert.is_false(s:has(i)); s:add(i) end
    end
    for i = 1, 1000 do assert.equals(seen[i] == true, s:has(i), i) end
  end)

  it("gives the mean and interval of the two-pass formulas from running sums", function()
    local stats = require "deckhand.stats"
    local xs, rng = {}, dh.rng(9)
    for k = 1, 1000 do xs[k] = 1e6 + (rng:next() % 2001 - 1000) / 7 end   -- a large mean: cancellation would show
    local s = 0
    for _, x in ipairs(xs) do s = s + x end
    local m, v = s / #xs, 0
    for _, x in ipairs(xs) do v = v + (x - m) ^ 2 end
    local half = 1.96 * math.sqrt(v / (#xs - 1) / #xs)
    local acc = stats.running()
    for _, x in ipairs(xs) do acc:add(x) end
    local gm, gh, n = acc:mean_ci()
    assert.equals(m, gm)
    assert.near(half, gh, half * 1e-9)
    assert.equals(1000, n)
  end)
end)
