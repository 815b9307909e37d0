--- deckhand.workers: a tournament's deals played by worker processes.
--
-- Each worker is a fresh `lua5.4` (DECKHAND_LUA to name another) that
-- loads this package from the same paths as the runner, reads the
-- tournament from a file the runner wrote (the deals to play described,
-- not listed: see pending), plays its deals in order and
-- writes one JSON line per deal on a channel of its own: its standard
-- output, taken over before any bot runs (everything else printed goes to
-- standard error), so a bot that prints cannot corrupt the results.
-- This is the runner's side; the worker's is deckhand/worker.lua, which
-- sits above the package (this module stays below it).
-- @module deckhand.workers

local json = require "deckhand.json"
local host = require "deckhand.core".host

local M = {}

--- workers.pending(p, first, step) -> an iterator over the deals still to
-- play, made as they are handed out (never a list: a run of 10^8 deals
-- holds none of them): the first-th, first+step-th ... index of shard
-- p.shard_i/p.shard_n in 1..p.games that p.done (an indexset) lacks
function M.pending(p, first, step)
  local i, k, n, done = p.shard_i - p.shard_n, 0, p.shard_n, p.done
  return function()
    while true do
      i = i + n
      if i > p.games then return nil end
      if not done:has(i) then
        k = k + 1
        if k >= first and (k - first) % step == 0 then return i end
      end
    end
  end
end

local function quote(s) return "'" .. tostring(s):gsub("'", "'\\''") .. "'" end

--- workers.run(job, pending, jobs, take): plays the deals of pending
-- (games, shard_i, shard_n, done, count: see M.pending) on jobs workers,
-- worker j the j-th, j+jobs-th ..., handing each deal's line to take in
-- the order of pending, until pending.stop is set; raises naming the deal
-- when a worker fails.  job: config,
-- secret, path, strategy_path (see main), signals (true: the workers end
-- at once on SIGINT and SIGTERM, and a signal to the runner stops them).
function M.run(job, pending, jobs, take)
  local lua = os.getenv("DECKHAND_LUA") or "lua5.4"
  local boot = ("package.path = %q; package.cpath = %q; require('deckhand.worker').main()"):format(
    package.path, package.cpath)
  local pipes, files, pids = {}, {}, {}
  local plain = { games = pending.games, shard_i = pending.shard_i, shard_n = pending.shard_n,
                  done = pending.done:data() }
  for j = 1, jobs do
    local file = os.tmpname()
    local f = assert(io.open(file, "w"))
    assert(f:write(json.encode { config = job.config, secret = job.secret, path = job.path,
                                 strategy_path = job.strategy_path, pending = plain, first = j, step = jobs,
                                 signals = job.signals }))
    assert(f:close())
    files[j] = file
    pipes[j] = assert(io.popen(("exec env DECKHAND_WORKER_JOB=%s %s -e %s"):format(quote(file), quote(lua), quote(boot)), "r"))
    local hello = json.decode(pipes[j]:read("l") or "")
    if type(hello) == "table" and math.type(hello.pid) == "integer" then
      pids[j] = hello.pid
      if job.signals then host.child(hello.pid) end
    end
  end
  local function finish(stopped)
    local failed
    for j, p in ipairs(pipes) do
      -- a run stopped early (pending.stop: a sequential test decided)
      -- ends the workers still playing deals no one will count
      if stopped and pids[j] then os.execute(("kill -TERM %d 2>/dev/null"):format(pids[j])) end
      local ok, _, code = p:close()
      if not ok and not stopped then failed = failed or ("worker %d exited with %s"):format(j, tostring(code)) end
      os.remove(files[j])
    end
    return failed
  end
  local k = 0
  for i in M.pending(pending, 1, 1) do
    k = k + 1
    local line = pipes[(k - 1) % jobs + 1]:read("l")
    local v = line and json.decode(line)
    if type(v) ~= "table" or v.i ~= i then
      local why = finish()
      error(("tournament: a worker failed on deal %d%s"):format(i, why and (" (" .. why .. ")") or ""), 0)
    end
    take(v)
    if pending.stop then break end
  end
  local why = finish(pending.stop)
  if why then error("tournament: " .. why, 0) end
end

return M
