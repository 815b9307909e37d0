--- deckhand.ratings: one rating a strategy from the pairwise results of a
-- round robin.
--
-- Each pair of strategies that met gives a paired difference d (a's
-- points minus b's per hand, over duplicate deals) and the variance of
-- that mean.  The ratings r are the weighted least-squares fit of
--
--     r[a] - r[b] = d        (weight 1 / variance)
--
-- over every pair, with the ratings summing to zero (only differences are
-- measured).  With W the weights and X the rows e[a] - e[b], the normal
-- matrix N = X' W X has the all-ones vector as its null space when every
-- strategy is linked to every other through the pairs; its pseudo-inverse
-- is (N + J / k)^-1 - J / k (J the k x k matrix of ones), which is both the
-- fit's solution operator and the ratings' covariance.  A rating's 95%
-- interval is 1.96 standard deviations; a difference's comes from the same
-- covariance (var r[a] + var r[b] - 2 cov).  Where the pairs agree with
-- one another the ratings reproduce every difference exactly.
-- @module deckhand.ratings

local M = {}

-- solves A x = b for a small dense symmetric positive definite A (Gauss
-- with partial pivoting on copies); returns the inverse when b is nil
local function invert(a)
  local k = #a
  local m = {}
  for i = 1, k do
    m[i] = {}
    for j = 1, k do m[i][j] = a[i][j] end
    for j = 1, k do m[i][k + j] = (i == j) and 1 or 0 end
  end
  for c = 1, k do
    local p = c
    for r = c + 1, k do if math.abs(m[r][c]) > math.abs(m[p][c]) then p = r end end
    if math.abs(m[p][c]) < 1e-300 then return nil end
    m[c], m[p] = m[p], m[c]
    local piv = m[c][c]
    for j = 1, 2 * k do m[c][j] = m[c][j] / piv end
    for r = 1, k do
      if r ~= c and m[r][c] ~= 0 then
        local f = m[r][c]
        for j = 1, 2 * k do m[r][j] = m[r][j] - f * m[c][j] end
      end
    end
  end
  local inv = {}
  for i = 1, k do
    inv[i] = {}
    for j = 1, k do inv[i][j] = m[i][k + j] end
  end
  return inv
end

-- whether the pairs link every player to every other
local function connected(k, pairs_)
  local seen, stack = { [1] = true }, { 1 }
  local adj = {}
  for i = 1, k do adj[i] = {} end
  for _, p in ipairs(pairs_) do
    adj[p.a][#adj[p.a] + 1] = p.b
    adj[p.b][#adj[p.b] + 1] = p.a
  end
  while #stack > 0 do
    local i = table.remove(stack)
    for _, j in ipairs(adj[i]) do
      if not seen[j] then seen[j] = true; stack[#stack + 1] = j end
    end
  end
  for i = 1, k do if not seen[i] then return false end end
  return true
end

--- ratings.fit(names, results [, low]) -> { ratings = { { name =, rating =,
-- ci = }, ... } sorted best first (the highest, or with low the lowest:
-- a game whose points are avoided), diff = function(a, b) -> difference,
-- ci }, or nil and a message when the pairs do not link every strategy.
-- results: a list of { a = name, b = name, mean = a - b, se = its
-- standard error } (a pair may appear more than once: each is a row).
function M.fit(names, results, low)
  local k = #names
  local index = {}
  for i, n in ipairs(names) do index[n] = i end
  local rows = {}
  for _, r in ipairs(results) do
    local a, b = index[r.a], index[r.b]
    if not a or not b then error(("ratings.fit: unknown strategy in a pair: %s - %s"):format(
      tostring(r.a), tostring(r.b)), 2) end
    if a ~= b and type(r.mean) == "number" and r.mean == r.mean and type(r.se) == "number" then
      -- a pair measured without spread (every deal alike) still weighs,
      -- as heavily as the most precise pair could
      rows[#rows + 1] = { a = a, b = b, d = r.mean, w = 1 / math.max(r.se * r.se, 1e-12) }
    end
  end
  if k < 2 then return nil, "ratings need two strategies or more" end
  if not connected(k, rows) then
    return nil, "the pairs played do not link every strategy to every other"
  end
  local n, rhs = {}, {}
  for i = 1, k do
    n[i], rhs[i] = {}, 0
    for j = 1, k do n[i][j] = 1 / k end   -- N + J / k
  end
  for _, r in ipairs(rows) do
    n[r.a][r.a] = n[r.a][r.a] + r.w
    n[r.b][r.b] = n[r.b][r.b] + r.w
    n[r.a][r.b] = n[r.a][r.b] - r.w
    n[r.b][r.a] = n[r.b][r.a] - r.w
    rhs[r.a] = rhs[r.a] + r.w * r.d
    rhs[r.b] = rhs[r.b] - r.w * r.d
  end
  local cov = invert(n)
  if not cov then return nil, "the pairs do not determine the ratings" end
  for i = 1, k do for j = 1, k do cov[i][j] = cov[i][j] - 1 / k end end
  local r = {}
  for i = 1, k do
    local s = 0
    for j = 1, k do s = s + cov[i][j] * rhs[j] end
    r[i] = s
  end
  local out = { ratings = {}, cov = cov }
  for i, name in ipairs(names) do
    out.ratings[i] = { name = name, rating = r[i], ci = 1.96 * math.sqrt(math.max(0, cov[i][i])) }
  end
  table.sort(out.ratings, function(x, y)
    if x.rating ~= y.rating then
      if low then return x.rating < y.rating end
      return x.rating > y.rating
    end
    return x.name < y.name
  end)
  function out.diff(a, b)
    local i, j = index[a], index[b]
    local v = cov[i][i] + cov[j][j] - 2 * cov[i][j]
    return r[i] - r[j], 1.96 * math.sqrt(math.max(0, v))
  end
  return out
end

return M
