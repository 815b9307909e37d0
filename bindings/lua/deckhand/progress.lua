--- deckhand.progress: a progress bar on standard error.
--
-- Drawn only on a terminal (never into a pipe or a file, where it would be
-- noise in a log): the bar, deals done of the total, the rate and the time
-- left, redrawn at most four times a second and once at the end.
-- @module deckhand.progress

local host = require "deckhand.core".host

local M = {}

--- progress.hms(seconds) -> "1h02m", "3m05s" or "42s"
function M.hms(s)
  s = math.floor(s + 0.5)
  if s >= 3600 then return ("%dh%02dm"):format(s // 3600, s % 3600 // 60) end
  if s >= 60 then return ("%dm%02ds"):format(s // 60, s % 60) end
  return ("%ds"):format(s)
end

--- progress.bar(total [, already [, out]]) -> function(done, final) that
-- draws the bar on out (standard error), or a function that does nothing
-- when out is not a terminal.  already: the deals done before this run
-- (a resumed run); the rate counts only this run's.
function M.bar(total, already, out)
  out = out or io.stderr
  if not host.isatty(out) then return function() end end
  local start, last, first = host.clock(), -1, already or 0
  return function(done, final)
    local t = host.clock()
    if not final and t - last < 0.25 then return end
    last = t
    local rate = (done - first) / math.max(t - start, 1e-3)
    local eta = rate > 0 and (total - done) / rate or 0
    local width = 30
    local fill = total > 0 and math.floor(width * done / total) or width
    out:write(("\r[%s%s] %d/%d  %.1f deals/s  %s left "):format(("#"):rep(fill), ("."):rep(width - fill),
      done, total, rate, final and "0s" or M.hms(eta)))
    if final then out:write("\n") end
    out:flush()
  end
end

return M
