--- deckhand.field: the figures of a field of strategies (a round robin or
-- a gauntlet, deckhand/tables.lua): for each pair that met at a table,
-- the paired difference of their points per hand over the deals (each
-- deal's value the mean over the table's rotations, as for two players),
-- with its interval and its course as the deals accumulate; and from the
-- pairs, one rating a strategy (deckhand/ratings.lua).
-- @module deckhand.field

local stats = require "deckhand.stats"
local ratings = require "deckhand.ratings"

local M = {}

local Field = {}
Field.__index = Field

--- field.new(tabs, deal_sums) -> running figures of the pairs of tabs;
-- deal_sums(players, line) -> per player its sums over a line's games
-- and whether they are clean (deckhand/results.lua)
function M.new(tabs, deal_sums)
  local f = setmetatable({ tabs = tabs, deal_sums = deal_sums, pairs = {}, order = {} }, Field)
  for t, group in ipairs(tabs) do
    for i = 1, #group do
      for j = i + 1, #group do
        local a, b = group[i], group[j]
        local key = a .. "\0" .. b
        if a ~= b and not f.pairs[key] then
          f.pairs[key] = { a = a, b = b, score = stats.checkpoints(), tricks = stats.running() }
          f.order[#f.order + 1] = key
        end
        f.pairs[key].tables = f.pairs[key].tables or {}
        f.pairs[key].tables[t] = true
      end
    end
  end
  return f
end

--- f:add(line): one deal's games, table by table
function Field:add(line)
  local by_table = {}
  for _, g in ipairs(line.games) do
    local t = g.table or 1
    by_table[t] = by_table[t] or {}
    table.insert(by_table[t], g)
  end
  for t, games in pairs(by_table) do
    local group = self.tabs[t]
    if group then
      local acc, clean = self.deal_sums(group, { games = games })
      if clean then
        for i = 1, #group do
          for j = i + 1, #group do
            local p = self.pairs[group[i] .. "\0" .. group[j]]
            local a, b = acc[group[i]], acc[group[j]]
            if p and a.n > 0 and b.n > 0 then
              p.score:add(a.score / a.n - b.score / b.n)
              if a.has_tricks and b.has_tricks then p.tricks:add(a.tricks / a.n - b.tricks / b.n) end
            end
          end
        end
      end
    end
  end
end

--- f:result(names [, low]) -> the pairs { { a =, b =, score =, score_ci =,
-- n =, tricks =, tricks_ci =, series = } }, and the ratings (ratings.fit,
-- or nil and why; low: the lowest rating ranks first)
function Field:result(names, low)
  local list, rows = {}, {}
  for _, key in ipairs(self.order) do
    local p = self.pairs[key]
    local r = { a = p.a, b = p.b, series = p.score:points() }
    r.score, r.score_ci, r.n = p.score:mean_ci()
    r.tricks, r.tricks_ci = p.tricks:mean_ci()
    list[#list + 1] = r
    if r.n and r.n >= 2 then rows[#rows + 1] = { a = p.a, b = p.b, mean = r.score, se = r.score_ci / 1.96 } end
  end
  local fit, why = ratings.fit(names, rows, low)
  return list, fit, why
end

--- field.format(res, per_hand, with_ci) -> lines: the ranking and the pairs
function M.format(res, per_hand, with_ci)
  local out = {}
  if res.ratings then
    out[#out + 1] = ("ranking (%s against the field's mean%s, 95%% CI, from the pairs below):"):format(per_hand,
      res.low_wins and ", fewest first" or "")
    for k, r in ipairs(res.ratings) do
      out[#out + 1] = ("%3d. %-16s %s"):format(k, r.name, with_ci(r.rating, r.ci, "%+.3f"))
    end
  elseif res.ratings_why then
    out[#out + 1] = "no ranking: " .. res.ratings_why
  end
  for _, p in ipairs(res.pairs or {}) do
    out[#out + 1] = ("%s - %s: %s %s (95%% CI, paired over %d deals)"):format(p.a, p.b,
      with_ci(p.score, p.score_ci, "%+.3f"), per_hand, p.n or 0)
  end
  return out
end

return M
