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

local Checkpoints = {}
Checkpoints.__index = Checkpoints

--- stats.checkpoints([limit]) -> a running mean that also keeps its value
-- and interval as the figures accumulate, for a chart: at every step-th
-- figure, the step doubling (every other point dropped) whenever `limit`
-- points (256) are kept, so memory stays bounded however long the run.
-- cp:add(x), cp:mean_ci(), cp:points() -> { { n =, mean =, ci = }, ... }
function M.checkpoints(limit)
  return setmetatable({ acc = M.running(), step = 1, kept = {}, limit = limit or 256 }, Checkpoints)
end

function Checkpoints:add(x)
  local acc = self.acc
  acc:add(x)
  local n = acc.n
  if n >= 2 and n % self.step == 0 then
    local m, ci = acc:mean_ci()
    self.kept[#self.kept + 1] = { n = n, mean = m, ci = ci }
    if #self.kept >= self.limit then
      local thin = {}
      for i = 2, #self.kept, 2 do thin[#thin + 1] = self.kept[i] end
      self.kept, self.step = thin, self.step * 2
    end
  end
end

function Checkpoints:mean_ci() return self.acc:mean_ci() end

function Checkpoints:points()
  local out = { table.unpack(self.kept) }
  local n = self.acc.n
  if n >= 2 and (#out == 0 or out[#out].n ~= n) then
    local m, ci = self.acc:mean_ci()
    out[#out + 1] = { n = n, mean = m, ci = ci }
  end
  return out
end

--- stats.mean_ci(xs) -> as acc:mean_ci() over the list xs
function M.mean_ci(xs)
  local acc = M.running()
  for _, x in ipairs(xs) do acc:add(x) end
  return acc:mean_ci()
end

return M
