--- deckhand.indexset: a set of deal indices that stays small.
--
-- The deals of a record come as runs of evenly spaced indices (1, 2, 3 ...
-- for a whole run; 2, 5, 8 ... for shard 2/3), so the set keeps runs:
-- first, last and step.  A record in another order spends one run per
-- break; past 64 runs the rest go into a plain table, so a shuffled
-- record still works, at the memory of one entry per deal.
-- @module deckhand.indexset

local M = {}

local MAX_RUNS = 64

local Set = {}
Set.__index = Set

--- indexset.new([t]) -> an empty set, or the one t (from set:data()) holds
function M.new(t)
  t = t or {}
  return setmetatable({ lo = t.lo or {}, hi = t.hi or {}, step = t.step or {}, extra = nil, count = t.count or 0,
                        extra_list = t.extra }, Set):_load()
end

function Set:_load()
  if self.extra_list then
    self.extra = {}
    for _, x in ipairs(self.extra_list) do self.extra[x] = true end
    self.extra_list = nil
  end
  return self
end

--- set:has(i) -> true when i is in the set
function Set:has(i)
  local lo, hi, step = self.lo, self.hi, self.step
  for k = 1, #lo do
    if i >= lo[k] and i <= hi[k] and (i - lo[k]) % step[k] == 0 then return true end
  end
  return self.extra ~= nil and self.extra[i] == true
end

--- set:add(i): i in the set (one not in it yet: see has)
function Set:add(i)
  self.count = self.count + 1
  local lo, hi, step = self.lo, self.hi, self.step
  local k = #lo
  if k > 0 then
    if lo[k] == hi[k] and i > hi[k] then hi[k], step[k] = i, i - lo[k]; return end
    if i == hi[k] + step[k] then hi[k] = i; return end
  end
  if k < MAX_RUNS then
    lo[k + 1], hi[k + 1], step[k + 1] = i, i, 1
    return
  end
  self.extra = self.extra or {}
  self.extra[i] = true
end

--- set:data() -> the set as plain data (for a worker's job file)
function Set:data()
  local extra = {}
  for i in pairs(self.extra or {}) do extra[#extra + 1] = i end
  table.sort(extra)
  return { lo = self.lo, hi = self.hi, step = self.step, extra = extra, count = self.count }
end

return M
