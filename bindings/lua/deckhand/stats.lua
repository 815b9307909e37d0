--- deckhand.stats: the statistics tournaments report.
--
-- A tournament of any length keeps no list of its figures: each is folded
-- into a running mean (a plain sum, in the order the figures come, so the
-- mean is the list's) and a running sum of squared deviations (Welford's
-- update, which stays accurate where a sum of squares would cancel).
-- @module deckhand.stats

local M = {}

local Running = {}
Running.__index = Running

--- stats.running() -> an accumulator: acc:add(x), acc:mean_ci()
function M.running()
  return setmetatable({ n = 0, sum = 0, mean = 0, m2 = 0 }, Running)
end

--- acc:add(x): one more figure
function Running:add(x)
  local n = self.n + 1
  self.n, self.sum = n, self.sum + x
  local d = x - self.mean
  self.mean = self.mean + d / n
  self.m2 = self.m2 + d * (x - self.mean)
end

--- acc:mean_ci() -> the mean, the half width of its 95% interval (1.96
-- standard errors), and the count; nil when nothing was added
function Running:mean_ci()
  local n = self.n
  if n == 0 then return nil end
  local m = self.sum / n
  if n < 2 then return m, 0, n end
  local v = self.m2 > 0 and self.m2 or 0
  return m, 1.96 * math.sqrt(v / (n - 1) / n), n
end

--- stats.mean_ci(xs) -> as acc:mean_ci() over the list xs
function M.mean_ci(xs)
  local acc = M.running()
  for _, x in ipairs(xs) do acc:add(x) end
  return acc:mean_ci()
end

return M
