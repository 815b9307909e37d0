--- deckhand.stats: the statistics tournaments report.
-- @module deckhand.stats

local M = {}

--- stats.mean_ci(xs) -> the mean, the half width of its 95% interval
-- (1.96 standard errors), and the count; nil for an empty list
function M.mean_ci(xs)
  local n = #xs
  if n == 0 then return nil end
  local s = 0
  for _, x in ipairs(xs) do s = s + x end
  local m = s / n
  if n < 2 then return m, 0, n end
  local v = 0
  for _, x in ipairs(xs) do v = v + (x - m) ^ 2 end
  return m, 1.96 * math.sqrt(v / (n - 1) / n), n
end

return M
