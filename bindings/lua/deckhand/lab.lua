--- deckhand.lab: the bot lab's ways of running tournaments.
--
--   sequential   a two-strategy run that stops as soon as a sequential
--                probability ratio test (deckhand/sprt.lua) accepts one of
--                its hypotheses: the deals are fed to the test in index
--                order, whole (a deal counts with all its rotations), so
--                the run stops at the same deal whatever `jobs` is;
--   sweep        one strategy's settings (a parameter, or a grid of two)
--                each played against a fixed reference, strength against
--                the time a decision;
--   report       the figures of a run as the data of deckhand/report.lua.
-- Round robins and gauntlets are tournaments of their own
-- (deckhand/tables.lua, deckhand/field.lua).
-- @module deckhand.lab

local sprt = require "deckhand.sprt"
local results = require "deckhand.results"

local M = {}

local Sequential = {}
Sequential.__index = Sequential

--- lab.sequential(spec, c [, first, step]) -> a test fed deal lines:
-- seq:feed(line) -> true once decided.  spec: { elo0 =, elo1 = } (a's
-- share of each deal's wins) or { lower =, upper = } (a's points less b's
-- per hand), alpha, beta.  c: the tournament (two strategies).  The deals
-- are taken in the order first, first + step, ... (a shard i/n: i, n;
-- the default every deal from 1): each shard of a run tests its own deals,
-- and a merge of the shards tests them all, up to the first deal missing.
function M.sequential(spec, c, first, step)
  if type(spec) ~= "table" then error("tournament: sprt must be a table", 0) end
  local players = {}
  for _, p in ipairs(c.players) do
    local seen = false
    for _, q in ipairs(players) do if q == p then seen = true end end
    if not seen then players[#players + 1] = p end
  end
  if #players ~= 2 then
    error(("tournament: a sequential test compares two strategies, not %d"):format(#players), 0)
  end
  local ok, test = pcall(spec.elo0 ~= nil and sprt.elo or sprt.new, spec)
  if not ok then error(("tournament: %s"):format(tostring(test):gsub("^[^:]*:%d+: ", "")), 0) end
  return setmetatable({ test = test, elo = spec.elo0 ~= nil, players = players,
                        next = first or 1, step = step or 1, fed = 0, waiting = {} }, Sequential)
end

-- a deal's value for the test, or false for a deal that gives none (a
-- forfeit or a variant error: it still takes its place in the order)
function Sequential:value(line)
  local acc, clean = results.deal_sums(self.players, line)
  local a, b = acc[self.players[1]], acc[self.players[2]]
  if self.elo then
    if a.wn == 0 then return false end
    return a.win / a.wn
  end
  if not clean or a.n == 0 or b.n == 0 then return false end
  return a.score / a.n - b.score / b.n
end

--- seq:feed(line) -> whether the test has decided (deals are taken in
-- index order; one that comes early waits for those before it)
function Sequential:feed(line)
  if self.test.decision then return true end
  self.waiting[line.i] = self:value(line)
  while self.waiting[self.next] ~= nil do
    local v = self.waiting[self.next]
    self.waiting[self.next] = nil
    self.next, self.fed = self.next + self.step, self.fed + 1
    if v then self.test:add(v) end
    if self.test.decision then
      self.decided_at = self.fed
      return true
    end
  end
  return false
end

--- seq:result() -> { decision = "H0" | "H1" | nil, deals = the deals fed
-- (the last deal counted when decided), estimate =, ci =, summary = }
function Sequential:result()
  local m, ci = self.test:estimate()
  return { decision = self.test.decision, deals = self.decided_at or self.fed, estimate = m, ci = ci,
           a = self.players[1], b = self.players[2], summary = self.test:summary() }
end

--- lab.settings(specs) -> the settings of a sweep: specs, one or two texts
-- "label.key=v1,v2,..." -> { { label =, values = { key = value, ... }, text = "key=v1" }, ... }
-- (a grid: every pair of the two lists)
function M.settings(specs)
  local axes = {}
  for _, spec in ipairs(specs) do
    local label, key, list = tostring(spec):match("^([%w_%-]+)%.([%w_]+)=(.+)$")
    if not label then
      error(("bad --sweep '%s' (want strategy.key=v1,v2,..., e.g. pimc.worlds=50,100,200)"):format(tostring(spec)), 0)
    end
    local values = {}
    for v in list:gmatch("[^,]+") do
      local x = math.tointeger(tonumber(v)) or tonumber(v)
      if v == "true" then x = true elseif v == "false" then x = false end
      values[#values + 1] = x == nil and v or x
    end
    if #values < 1 then error(("bad --sweep '%s': no values"):format(spec), 0) end
    axes[#axes + 1] = { label = label, key = key, values = values }
  end
  if #axes < 1 or #axes > 2 then error("a sweep takes one parameter, or two for a grid", 0) end
  if #axes == 2 and axes[1].label ~= axes[2].label then
    error(("a grid sweeps one strategy's settings: '%s' and '%s' differ"):format(axes[1].label, axes[2].label), 0)
  end
  local out = {}
  local function add(vals, text)
    out[#out + 1] = { label = axes[1].label, values = vals, text = text }
  end
  for _, v1 in ipairs(axes[1].values) do
    if #axes == 1 then
      add({ [axes[1].key] = v1 }, ("%s=%s"):format(axes[1].key, tostring(v1)))
    else
      for _, v2 in ipairs(axes[2].values) do
        add({ [axes[1].key] = v1, [axes[2].key] = v2 },
            ("%s=%s,%s=%s"):format(axes[1].key, tostring(v1), axes[2].key, tostring(v2)))
      end
    end
  end
  return out
end

--- lab.record_for(record, setting) -> the record file of one setting of a
-- sweep: "run.jsonl" -> "run.worlds=50.jsonl"
function M.record_for(record, setting)
  if not record then return nil end
  local stem, ext = record:match("^(.*)(%.[%w]+)$")
  local tag = setting.text:gsub("[^%w=,._%-]", "_")
  if stem then return stem .. "." .. tag .. ext end
  return record .. "." .. tag
end

--- lab.sweep(deckhand, cfg, specs [, each]) -> rows { setting =, mean =, ci =,
-- n =, ms =, result =, swept =, others =, rating = } for tournament cfg
-- played once per setting of specs (the swept strategy against the others
-- as cfg names them), each with its own record (lab.record_for); each(row)
-- after each setting.  mean is the swept strategy's points a hand less
-- the other's, or in a field (more strategies than sides) its rating
-- against the field's mean (rating = true).
function M.sweep(deckhand, cfg, specs, each)
  local settings = M.settings(specs)
  local T = deckhand.tournament_lib
  local rows = {}
  local players = {}
  for p in tostring(type(cfg.players) == "table" and table.concat(cfg.players, ",") or cfg.players):gmatch("[^,%s]+") do
    players[#players + 1] = p
  end
  local swept
  for _, p in ipairs(players) do if T.label_of(p) == settings[1].label then swept = p end end
  if not swept then
    error(("--sweep %s.%s: no player '%s' (the players: %s)"):format(settings[1].label, settings[1].text, settings[1].label,
      table.concat(players, ", ")), 0)
  end
  for _, s in ipairs(settings) do
    local run = {}
    for k, v in pairs(cfg) do run[k] = v end
    local so = {}
    for k, v in pairs(cfg.strategy_options or {}) do so[k] = v end
    local mine = {}
    for k, v in pairs(so[s.label] or {}) do mine[k] = v end
    for k, v in pairs(s.values) do mine[k] = v end
    so[s.label] = mine
    run.strategy_options, run.record = so, M.record_for(cfg.record, s)
    local res = deckhand.tournament(run)
    local d = res.diff
    local sign = (d and d.a == swept) and 1 or -1
    local ms
    for _, t in ipairs(res.timing or {}) do if t.name == swept then ms = t.mean_ms end end
    local row = { setting = s.text, mean = d and d.score and sign * d.score, ci = d and d.score_ci,
                  n = d and d.n, ms = ms, result = res, swept = swept, others = {} }
    -- a field of more strategies than sides has no one difference: the
    -- swept strategy's rating (its points a hand against the field's mean)
    if not d then
      for _, r in ipairs(res.ratings or {}) do
        if r.name == swept then row.mean, row.ci, row.n, row.rating = r.rating, r.ci, res.deals, true end
      end
    end
    for _, p in ipairs(players) do if p ~= swept then row.others[#row.others + 1] = p end end
    rows[#rows + 1] = row
    if each then each(row) end
  end
  return rows
end

--- lab.report_data(res, c [, rows]) -> the data deckhand/report.lua draws:
-- a tournament's result (a field's ranking and pairs, or two strategies'
-- difference), its decision times and SPRT, or a sweep's rows
function M.report_data(res, c, rows)
  local data = { title = ("%s: %s"):format(c.variant, table.concat(c.players, ", ")),
                 unit = res.unit or "points", timing = res.timing, notes = {} }
  data.notes[#data.notes + 1] = ("%d deals%s, seed %d"):format(res.deals or 0,
    c.duplicate and " (duplicate)" or "", c.seed or 1)
  if res.low_wins then
    data.notes[#data.notes + 1] = ("fewer %s are better: the ranking puts the fewest first"):format(data.unit)
  end
  if res.ratings then
    data.ranking = res.ratings
  elseif res.diff and res.diff.score then
    -- two strategies: each half the difference from their mean
    local d = res.diff
    data.ranking = { { name = d.a, rating = d.score / 2, ci = d.score_ci / 2 },
                     { name = d.b, rating = -d.score / 2, ci = d.score_ci / 2 } }
    table.sort(data.ranking, function(x, y)
      if res.low_wins then return x.rating < y.rating end
      return x.rating > y.rating
    end)
  end
  data.pairs, data.series = {}, {}
  for _, p in ipairs(res.pairs or (res.diff and { res.diff }) or {}) do
    if p.score then
      data.pairs[#data.pairs + 1] = { a = p.a, b = p.b, mean = p.score, ci = p.score_ci, n = p.n }
      data.series[#data.series + 1] = { label = p.a .. " - " .. p.b, points = p.series or {} }
    end
  end
  if res.sprt then data.notes[#data.notes + 1] = res.sprt.summary end
  if rows then
    data.sweep = {}
    for _, r in ipairs(rows) do
      if r.mean then data.sweep[#data.sweep + 1] = { setting = r.setting, mean = r.mean, ci = r.ci or 0, ms = r.ms or 0 } end
    end
  end
  return data
end

return M
