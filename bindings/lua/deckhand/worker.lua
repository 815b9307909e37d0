--- deckhand.worker: the program a tournament's worker process runs
-- (started by deckhand/workers.lua, the runner's side).  It sits above the
-- package: it requires deckhand, which nothing below it does.
-- @module deckhand.worker

local dh = require "deckhand"
local host = require "deckhand.core".host
local json = require "deckhand.json"
local indexset = require "deckhand.indexset"
local workers = require "deckhand.workers"

local M = {}

--- worker.main(): the worker's side (run by the command the runner
-- starts).  DECKHAND_WORKER_JOB names the file holding the job: config,
-- secret, path and strategy_path (the runner's search paths), and the
-- deals to play: pending (see M.pending), first and step.
function M.main()
  local out = host.own_stdout()
  local file = assert(os.getenv("DECKHAND_WORKER_JOB"), "DECKHAND_WORKER_JOB is not set")
  local f = assert(io.open(file, "r"))
  local job = assert(json.decode(f:read("a")))
  f:close()
  os.remove(file)   -- read once: a run stopped by a signal leaves nothing behind
  -- a signal (Ctrl-C reaches the whole process group) ends the worker at
  -- once, never as an error inside a bot; the runner learns its id first,
  -- to stop it when the signal reached the runner alone
  if job.signals then host.exit_on_signals("") end
  assert(out:write(json.encode { pid = host.pid() }, "\n"))
  assert(out:flush())
  dh.path, dh.strategy_path = job.path, job.strategy_path
  local T = dh.tournament_lib
  local variant = T.make_variant(job.config)
  local p = job.pending
  p.done = indexset.new(p.done)
  for i in workers.pending(p, job.first, job.step) do
    assert(out:write(json.encode(T.play_deal(job.config, variant, i, job.secret)), "\n"))
    assert(out:flush())
  end
  assert(out:close())
end

return M
