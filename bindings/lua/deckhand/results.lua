--- deckhand.results: a tournament's figures from its deal lines.
--
-- Every game reports the same thing (game:result()): points per side, the
-- winning sides, hands played, tricks per seat where there are tricks.  A
-- deal line holds one such entry per rotation of the players (see
-- deckhand/tournament.lua).  A player's figures on one deal are the means
-- over the sides it held in it:
--   score  its side's points per hand (chips per hand in poker, where each
--          seat is a side of its own; with a big blind also bb/100)
--   tricks its side's tricks per hand, where the game has tricks
--   win    1 when its side won alone, 1/k when k sides shared the win, 0
--          otherwise; a game another player forfeited counts as won
-- A deal with a forfeit or a variant error gives no score to anyone (its
-- wins still count), so that a forfeit cannot improve a score.
-- @module deckhand.results

local stats = require "deckhand.stats"
local message = require "deckhand.message"
local field = require "deckhand.field"

local M = {}

-- an entry of an older record in today's form: Hold'em's `net` per seat
-- (each seat its own side) and the trick games' `scores`
local function normalize(g)
  if g.points or g.forfeit or g.error then return g end
  if g.net then
    local sides, best, winners = {}, -math.huge, {}
    for s, v in ipairs(g.net) do
      sides[s] = s
      if v > best then best, winners = v, { s } elseif v == best then winners[#winners + 1] = s end
    end
    return { seats = g.seats, sides = sides, points = g.net, winners = winners, hands = g.hands }
  end
  return { seats = g.seats, sides = g.sides, points = g.scores, winners = g.winners, hands = g.hands,
           tricks = g.tricks }
end
M.normalize = normalize

local function contains(list, x)
  for _, y in ipairs(list) do if y == x then return true end end
  return false
end

-- per player its sums over one deal's games, and whether the deal is clean
local function deal_sums(players, line)
  local acc = {}
  for _, p in ipairs(players) do acc[p] = { score = 0, tricks = 0, n = 0, win = 0, wn = 0, has_tricks = false } end
  local clean = true
  for _, raw in ipairs(line.games) do
    local g = normalize(raw)
    if g.forfeit or g.error then clean = false end
    local sides = g.sides or {}
    local done = {}
    for seat, name in ipairs(g.seats) do
      local side = sides[seat] or seat
      local key = name .. "/" .. side
      local a = acc[name]
      if a and not done[key] then
        done[key] = true
        if g.forfeit then
          a.wn = a.wn + 1
          if g.forfeit.strategy ~= name then a.win = a.win + 1 end
        elseif not g.error then
          a.wn = a.wn + 1
          if contains(g.winners or {}, side) then a.win = a.win + 1 / #g.winners end
          local h = g.hands or 1
          a.score, a.n = a.score + g.points[side] / h, a.n + 1
          if g.tricks then
            local t = 0
            for s2, sd in ipairs(sides) do if sd == side then t = t + g.tricks[s2] end end
            a.tricks, a.has_tricks = a.tricks + t / h, true
          end
        end
      end
    end
  end
  return acc, clean
end
M.deal_sums = deal_sums

-- the forfeits and variant errors a result lists one by one: the first
-- ones (a report shows ten); the rest are counted
local KEPT = 100

local Totals = {}
Totals.__index = Totals

--- results.low_wins(variant) -> whether the variant's points are to be
-- avoided (Hearts: `low_wins` in its rules), so that fewer points a hand
-- rank first
function M.low_wins(variant)
  local ok, low = pcall(function() return variant.spec.low_wins end)
  return ok and low == true
end

--- results.new(c [, tabs [, low]]) -> running totals of tournament c:
-- tot:add(line) for each deal line, tot:result() for the figures; tabs:
-- its tables (deckhand/tables.lua), whose pairs a field of several tables
-- reports; low: the variant's points are to be avoided (results.low_wins),
-- so a ranking puts the fewest first.  Nothing grows with the number of
-- deals but the count.
function M.new(c, tabs, low)
  local t = setmetatable({ per = {}, order = {}, diff_s = stats.checkpoints(), diff_t = stats.running(),
                           forfeits = {}, errors = {}, nforfeits = 0, nerrors = 0, deals = 0, timing = {},
                           low = low or nil }, Totals)
  if tabs and #tabs > 1 then t.field = field.new(tabs, deal_sums) end
  for _, p in ipairs(c.players) do
    if not t.per[p] then
      t.per[p] = { score = stats.running(), tricks = stats.running(), win = stats.running(), forfeits = 0 }
      t.order[#t.order + 1] = p
    end
  end
  return t
end

--- tot:add(line): one deal line's figures folded in
function Totals:add(line)
  local per, order = self.per, self.order
  self.deals = self.deals + 1
  self.unit = line.unit or (line.kind == "poker" and "chips") or self.unit
  self.bb = line.big_blind or self.bb
  local acc, clean = deal_sums(order, line)
  for _, f in ipairs(line.forfeits or {}) do
    self.nforfeits = self.nforfeits + 1
    if self.nforfeits <= KEPT then self.forfeits[self.nforfeits] = f end
    if per[f.strategy] then per[f.strategy].forfeits = per[f.strategy].forfeits + 1 end
  end
  for _, e in ipairs(line.errors or {}) do
    self.nerrors = self.nerrors + 1
    if self.nerrors <= KEPT then self.errors[self.nerrors] = e end
  end
  for _, p in ipairs(order) do
    local a = acc[p]
    if a.wn > 0 then per[p].win:add(a.win / a.wn) end
    if clean and a.n > 0 then
      per[p].score:add(a.score / a.n)
      if a.has_tricks then per[p].tricks:add(a.tricks / a.n) end
    end
  end
  if self.field then self.field:add(line) end
  if clean and #order == 2 then
    local a, b = acc[order[1]], acc[order[2]]
    if a.n > 0 and b.n > 0 then
      self.diff_s:add(a.score / a.n - b.score / b.n)
      if a.has_tricks and b.has_tricks then self.diff_t:add(a.tricks / a.n - b.tricks / b.n) end
    end
  end
end

--- tot:add_timing(timing): a deal's decision times, { [strategy] = { n =,
-- sum =, max = } } in seconds (not part of a record: they differ from run
-- to run)
function Totals:add_timing(timing)
  for name, x in pairs(timing or {}) do
    local t = self.timing[name] or { n = 0, sum = 0, max = 0 }
    t.n, t.sum, t.max = t.n + x.n, t.sum + x.sum, math.max(t.max, x.max)
    self.timing[name] = t
  end
end

--- tot:result() -> { deals =, unit =, big_blind =, players = { { name =,
-- score =, score_ci =, n =, tricks =, tricks_ci =, win =, win_ci =,
-- forfeits =, bb100 =, bb100_ci = } }, diff = (two players: the paired
-- differences a - b), forfeits = { the first 100 }, errors = { the first
-- 100 }, forfeit_count =, error_count = }
function Totals:result()
  local bb = self.bb
  local res = { deals = self.deals, unit = self.unit or "points", big_blind = bb, players = {},
                low_wins = self.low, forfeits = self.forfeits, errors = self.errors,
                forfeit_count = self.nforfeits, error_count = self.nerrors }
  for _, p in ipairs(self.order) do
    local per = self.per[p]
    local r = { name = p, forfeits = per.forfeits }
    r.score, r.score_ci, r.n = per.score:mean_ci()
    r.tricks, r.tricks_ci = per.tricks:mean_ci()
    r.win, r.win_ci = per.win:mean_ci()
    if bb and r.score then r.bb100, r.bb100_ci = r.score * 100 / bb, r.score_ci * 100 / bb end
    res.players[#res.players + 1] = r
  end
  if #self.order == 2 and self.diff_s.acc.n > 0 then
    res.diff = { a = self.order[1], b = self.order[2], series = self.diff_s:points() }
    res.diff.score, res.diff.score_ci, res.diff.n = self.diff_s:mean_ci()
    res.diff.tricks, res.diff.tricks_ci = self.diff_t:mean_ci()
  end
  if self.field then
    local fit, why
    res.pairs, fit, why = self.field:result(self.order, self.low)
    res.ratings, res.ratings_why = fit and fit.ratings, why
  end
  res.timing = {}
  for _, p in ipairs(self.order) do
    local t = self.timing[p]
    if t and t.n > 0 then
      res.timing[#res.timing + 1] = { name = p, decisions = t.n, mean_ms = t.sum / t.n * 1000, max_ms = t.max * 1000 }
    end
  end
  return res
end

--- results.totals(c, lines) -> the figures (see tot:result) of a list of
-- deal lines
function M.totals(c, lines)
  local t = M.new(c)
  for _, line in ipairs(lines) do t:add(line) end
  return t:result()
end

-- "12.34 ± 0.56", or "-" for nothing
local function with_ci(x, ci, fmt)
  if x == nil then return "-" end
  return fmt:format(x) .. " ± " .. fmt:gsub("%+", ""):format(ci or 0)
end

--- results.format(res, c) -> the results as lines of text
function M.format(res, c)
  local out = {}
  local per_hand = res.unit .. "/hand"
  -- the names' column as wide as the longest (a bot given by its path)
  local width = 12
  for _, r in ipairs(res.players) do width = math.max(width, #r.name) end
  local cols = { { "strategy", "%-" .. width .. "s", function(r) return r.name end },
                 { per_hand, "%22s", function(r) return with_ci(r.score, r.score_ci, "%+.2f") end } }
  local any_tricks = false
  for _, r in ipairs(res.players) do if r.tricks then any_tricks = true end end
  if any_tricks and res.unit ~= "tricks" then
    cols[#cols + 1] = { "tricks/hand", "%18s", function(r) return with_ci(r.tricks, r.tricks_ci, "%.3f") end }
  end
  if res.big_blind then
    cols[#cols + 1] = { "bb/100", "%20s", function(r) return with_ci(r.bb100, r.bb100_ci, "%+.1f") end }
  end
  cols[#cols + 1] = { "win rate", "%16s", function(r)
    return (with_ci(r.win and r.win * 100, r.win_ci and r.win_ci * 100, "%.1f") .. "%") end }
  cols[#cols + 1] = { "forfeits", "%9s", function(r) return tostring(r.forfeits) end }
  out[#out + 1] = ("%s, %d deals%s%s%s"):format(c.variant, res.deals, c.duplicate and " (duplicate)" or "",
    res.big_blind and (", big blind " .. res.big_blind) or "",
    res.low_wins and (", fewer %s are better"):format(res.unit) or "")
  local head, fmt = {}, {}
  for k, col in ipairs(cols) do head[k], fmt[k] = col[2]:format(col[1]), col[2] end
  out[#out + 1] = table.concat(head, " ")
  for _, r in ipairs(res.players) do
    local row = {}
    for k, col in ipairs(cols) do row[k] = fmt[k]:format(col[3](r)) end
    out[#out + 1] = table.concat(row, " ")
  end
  if res.diff then
    local d = res.diff
    local line = ("%s - %s: %s %s"):format(d.a, d.b, with_ci(d.score, d.score_ci, "%+.2f"), per_hand)
    if d.tricks and res.unit ~= "tricks" then
      line = line .. (", %s tricks/hand"):format(with_ci(d.tricks, d.tricks_ci, "%+.3f"))
    end
    out[#out + 1] = line .. (" (95%% CI, paired over %d deals)"):format(d.n)
  end
  for _, l in ipairs(field.format(res, per_hand, with_ci)) do out[#out + 1] = l end
  for k, f in ipairs(res.forfeits) do
    if k > 10 then out[#out + 1] = ("... %d forfeits in all"):format(res.forfeit_count or #res.forfeits); break end
    out[#out + 1] = ("forfeit: %s at seat %d, move %s, deal %s, game seed %d: %s"):format(
      f.strategy, f.seat, message.clip(f.move or "-", 40), tostring(f.deal or "?"), f.seed or 0,
      message.for_user(f.reason, 200))
  end
  for k, e in ipairs(res.errors) do
    if k > 10 then out[#out + 1] = ("... %d variant errors in all"):format(res.error_count or #res.errors); break end
    out[#out + 1] = ("variant error in %s, deal %s, rotation %d: %s"):format(c.variant,
      tostring(e.deal), e.rotation or 0, message.for_user(e.reason, 200, c.variant))
  end
  return table.concat(out, "\n")
end

return M
