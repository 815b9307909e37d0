-- A tournament's memory against its number of deals (issue 27).
--   lua5.4 bench/tournament_memory.lua [seconds]
-- 1. The bookkeeping alone, driven by a fake game as fast as Lua goes: the
--    deals of a 10^8-deal run handed out lazily and their lines folded
--    into the running totals; the Lua heap after 10^4, 10^5 and 10^6 deals.
-- 2. The command: `deckhand tournament spades --players random,random`
--    with --games 10^4 and 10^8 (and --jobs 2), its resident memory (the
--    runner's, VmRSS) after `seconds` (default 5) of play, then stopped.
--    DECKHAND_BIN names another deckhand command to compare with.
local dh = require "deckhand"
local results = require "deckhand.results"
local workers = require "deckhand.workers"
local indexset = require "deckhand.indexset"

local seconds = tonumber(arg[1]) or 5
local bin = os.getenv("DECKHAND_BIN") or "bin/deckhand"

-- 1: a deal line as a two-player Spades run writes it, with varying points
local c = { players = { "a", "b" } }
local function line(i)
  local p = (i * 7919) % 400 - 200
  return { i = i, seed = i, unit = "points", games = {
    { seats = { "a", "b", "a", "b" }, sides = { 1, 2, 1, 2 }, points = { p, -p }, winners = { p > 0 and 1 or 2 },
      hands = 1, tricks = { 3, 4, 3, 3 } },
    { seats = { "b", "a", "b", "a" }, sides = { 1, 2, 1, 2 }, points = { -p, p }, winners = { p > 0 and 2 or 1 },
      hands = 1, tricks = { 3, 3, 4, 3 } } } }
end
local totals = results.new(c)
local pending = { games = 100000000, shard_i = 1, shard_n = 1, done = indexset.new() }
local marks = { [10000] = true, [100000] = true, [1000000] = true }
local t0 = os.clock()
print("bookkeeping of a 10^8-deal run (fake game): Lua heap after N deals")
for i in workers.pending(pending, 1, 1) do
  totals:add(line(i))
  if marks[i] then
    collectgarbage("collect")
    print(("  %8d deals: %7.1f KB  (%.2f us a deal)"):format(i, collectgarbage("count"),
      (os.clock() - t0) / i * 1e6))
    if i == 1000000 then break end
  end
end

-- 2: the runner's resident memory after `seconds` of play
local function rss_after(games, jobs)
  local p = io.popen(("%s tournament spades --players random,random --games %d --jobs %d --quiet >/dev/null 2>&1"
    .. " & pid=$!; sleep %g; grep VmRSS /proc/$pid/status; kill $pid; wait $pid 2>/dev/null"):format(
    bin, games, jobs, seconds))
  local out = p:read("a")
  p:close()
  return tonumber(out:match("VmRSS:%s*(%d+)")) or 0
end
print(("the command (%s), resident memory after %g s of play"):format(bin, seconds))
for _, jobs in ipairs { 1, 2 } do
  local small, big = rss_after(10000, jobs), rss_after(100000000, jobs)
  print(("  --jobs %d: --games 10^4 %7d KB, --games 10^8 %7d KB, ratio %.2f"):format(jobs, small, big, big / small))
end
