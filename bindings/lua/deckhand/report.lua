--- deckhand.report: a bot-lab run as one self-contained HTML page.
--
-- The page holds everything it shows: the data as JSON and Chart.js (from
-- Debian's libjs-chart.js) inlined, so it opens from a file, offline, and
-- can be mailed or archived beside the run's record.  It shows the
-- ranking with each rating's interval, the table of pairwise differences,
-- the running difference of each pair with its 95% interval as the deals
-- accumulate, the time each strategy took a decision and, for a sweep,
-- strength against cost.
--
--     report.write("run.html", {
--       title = "spades: pimc, heuristic, greedy, random", unit = "points",
--       ranking = { { name =, rating =, ci = }, ... },          -- best first
--       pairs = { { a =, b =, mean =, ci =, n = }, ... },       -- a - b
--       series = { { label = "pimc - heuristic",
--                    points = { { n =, mean =, ci = }, ... } }, ... },
--       timing = { { name =, mean_ms =, max_ms =, decisions = }, ... },
--       sweep = { { setting =, mean =, ci =, ms = }, ... },     -- optional
--       notes = { "SPRT ...: accepted H1 after 412 deals", ... }, -- optional
--     })
-- @module deckhand.report

local json = require "deckhand.json"
local records = require "deckhand.records"

local M = {}

--- where Chart.js is looked for (Debian's libjs-chart.js)
M.chart = "/usr/share/javascript/chart.js/chart.min.js"

local function escape_html(s)
  return (tostring(s):gsub("[&<>\"]", { ["&"] = "&amp;", ["<"] = "&lt;", [">"] = "&gt;", ['"'] = "&quot;" }))
end

-- JSON with no '<' at all, so nothing in it can end or open an element
local function script_json(v)
  return (json.encode(v):gsub("<", "\\u003c"))
end

local function fmt(x, spec)
  if x == nil or x ~= x then return "-" end
  return spec:format(x)
end

local function table_html(head, rows)
  local out = { "<table><tr>" }
  for _, h in ipairs(head) do out[#out + 1] = "<th>" .. escape_html(h) .. "</th>" end
  out[#out + 1] = "</tr>"
  for _, row in ipairs(rows) do
    out[#out + 1] = "<tr>"
    for _, cell in ipairs(row) do out[#out + 1] = "<td>" .. escape_html(cell) .. "</td>" end
    out[#out + 1] = "</tr>"
  end
  out[#out + 1] = "</table>"
  return table.concat(out)
end

local STYLE = [[
body{font:15px/1.45 system-ui,sans-serif;margin:2em auto;max-width:62em;padding:0 1em;color:#222}
h1{font-size:1.4em}h2{font-size:1.1em;margin-top:2em}
table{border-collapse:collapse}td,th{padding:.25em .8em;border-bottom:1px solid #ddd;text-align:right}
td:first-child,th:first-child{text-align:left}.box{position:relative;height:22em}
p.note{color:#555}
]]

-- the page's own script: draws the charts from the embedded data
local SCRIPT = [[
const data = JSON.parse(document.getElementById("lab-data").textContent);
const colors = ["#1f77b4","#d62728","#2ca02c","#ff7f0e","#9467bd","#8c564b","#e377c2","#7f7f7f"];
function band(s, k) {
  const c = colors[k % colors.length];
  const pts = s.points;
  return [
    {label: s.label, data: pts.map(p => ({x: p.n, y: p.mean})), borderColor: c, pointRadius: 0, fill: false},
    {label: s.label + " (95% upper)", data: pts.map(p => ({x: p.n, y: p.mean + p.ci})), borderColor: c + "55",
     borderDash: [4, 3], pointRadius: 0, fill: false},
    {label: s.label + " (95% lower)", data: pts.map(p => ({x: p.n, y: p.mean - p.ci})), borderColor: c + "55",
     borderDash: [4, 3], pointRadius: 0, fill: false}];
}
if (data.series && data.series.length && document.getElementById("running")) {
  new Chart(document.getElementById("running"), {type: "line",
    data: {datasets: data.series.flatMap(band)},
    options: {animation: false, maintainAspectRatio: false, parsing: false,
      scales: {x: {type: "linear", title: {display: true, text: "deals"}},
               y: {title: {display: true, text: data.unit + " per hand, a - b"}}},
      plugins: {legend: {labels: {filter: i => !i.text.includes("(95%")}}}}});
}
if (data.timing && data.timing.length && document.getElementById("timing")) {
  new Chart(document.getElementById("timing"), {type: "bar",
    data: {labels: data.timing.map(t => t.name),
      datasets: [{label: "mean ms a decision", data: data.timing.map(t => t.mean_ms), backgroundColor: colors[0]},
                 {label: "worst ms", data: data.timing.map(t => t.max_ms), backgroundColor: colors[1]}]},
    options: {animation: false, maintainAspectRatio: false, scales: {y: {type: "logarithmic"}}}});
}
if (data.sweep && data.sweep.length && document.getElementById("sweep")) {
  new Chart(document.getElementById("sweep"), {type: "scatter",
    data: {datasets: [{label: "strength against cost", data: data.sweep.map(s => ({x: s.ms, y: s.mean})),
      backgroundColor: colors[0], pointRadius: 5}]},
    options: {animation: false, maintainAspectRatio: false,
      scales: {x: {title: {display: true, text: "ms a decision"}},
               y: {title: {display: true, text: data.unit + " per hand against the reference"}}},
      plugins: {tooltip: {callbacks: {label: c => data.sweep[c.dataIndex].setting + ": " +
        c.parsed.y.toFixed(3) + " ± " + data.sweep[c.dataIndex].ci.toFixed(3)}}}}});
}
]]

--- report.html(data [, chart_js]) -> the page as a string, or nil and a
-- message when Chart.js cannot be read
function M.html(data, chart_js)
  if type(data) ~= "table" then error("report.html: a table expected", 2) end
  if not chart_js then
    local f, err = io.open(M.chart, "rb")
    if not f then
      return nil, ("cannot inline Chart.js (%s): install Debian's libjs-chart.js"):format(err)
    end
    chart_js = f:read("a")
    f:close()
  end
  local unit = data.unit or "points"
  local parts = {
    "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">",
    "<meta name=\"viewport\" content=\"width=device-width,initial-scale=1\">",
    "<title>", escape_html(data.title or "deckhand run"), "</title><style>", STYLE, "</style></head><body>",
    "<h1>", escape_html(data.title or "deckhand run"), "</h1>",
  }
  local function add(...) for _, s in ipairs { ... } do parts[#parts + 1] = s end end
  for _, n in ipairs(data.notes or {}) do add("<p class=\"note\">", escape_html(n), "</p>") end
  if data.ranking and #data.ranking > 0 then
    local rows = {}
    for k, r in ipairs(data.ranking) do
      rows[k] = { tostring(k), r.name, fmt(r.rating, "%+.3f") .. " ± " .. fmt(r.ci, "%.3f") }
    end
    add("<h2>Ranking</h2>", table_html({ "#", "strategy", "rating (" .. unit .. "/hand, 95%)" }, rows))
  end
  if data.pairs and #data.pairs > 0 then
    local rows = {}
    for k, p in ipairs(data.pairs) do
      rows[k] = { p.a .. " - " .. p.b, fmt(p.mean, "%+.3f") .. " ± " .. fmt(p.ci, "%.3f"), tostring(p.n or "-") }
    end
    add("<h2>Pairs</h2>", table_html({ "pair", unit .. "/hand (95%)", "deals" }, rows))
  end
  if data.series and #data.series > 0 then
    add("<h2>Running difference</h2><div class=\"box\"><canvas id=\"running\"></canvas></div>")
  end
  if data.timing and #data.timing > 0 then
    local rows = {}
    for k, t in ipairs(data.timing) do
      rows[k] = { t.name, fmt(t.mean_ms, "%.2f"), fmt(t.max_ms, "%.1f"), tostring(t.decisions or "-") }
    end
    add("<h2>Time a decision</h2>", table_html({ "strategy", "mean ms", "worst ms", "decisions" }, rows),
        "<div class=\"box\"><canvas id=\"timing\"></canvas></div>")
  end
  if data.sweep and #data.sweep > 0 then
    local rows = {}
    for k, s in ipairs(data.sweep) do
      rows[k] = { s.setting, fmt(s.mean, "%+.3f") .. " ± " .. fmt(s.ci, "%.3f"), fmt(s.ms, "%.2f") }
    end
    add("<h2>Sweep</h2>", table_html({ "setting", unit .. "/hand against the reference", "ms a decision" }, rows),
        "<div class=\"box\"><canvas id=\"sweep\"></canvas></div>")
  end
  add("<script id=\"lab-data\" type=\"application/json\">", script_json(data), "</script>",
      "<script>", (chart_js:gsub("</script", "<\\/script")), "</script>",
      "<script>", SCRIPT, "</script></body></html>\n")
  return table.concat(parts)
end

--- report.write(file, data) -> true, or nil and a message (the file is
-- written whole or not at all: a temporary file renamed into place; a
-- device, pipe or link is written into, records.in_place)
function M.write(file, data)
  local page, err = M.html(data)
  if not page then return nil, err end
  local direct = records.in_place(file)
  local tmp = direct and file or file .. ".tmp"
  local f, why = io.open(tmp, "wb")
  if not f then return nil, ("cannot write %s: %s"):format(file, records.reason(why, tmp)) end
  local ok, werr = f:write(page)
  local closed, cerr = f:close()
  if not ok or not closed then
    if not direct then os.remove(tmp) end
    return nil, ("cannot write %s: %s"):format(file, tostring(werr or cerr))
  end
  if direct then return true end
  local moved, merr = os.rename(tmp, file)
  if not moved then os.remove(tmp); return nil, ("cannot write %s: %s"):format(file, records.reason(merr, tmp)) end
  return true
end

--- report.series(values [, points]) -> a running mean with its 95% interval
-- at up to `points` (default 200) evenly spaced deal counts, from one
-- value a deal, for report.html's running difference
function M.series(values, points)
  points = points or 200
  local n = #values
  local step = math.max(1, n // points)
  local out, s, ss = {}, 0, 0
  for i, x in ipairs(values) do
    s, ss = s + x, ss + x * x
    if i >= 2 and (i % step == 0 or i == n) then
      local m = s / i
      local v = math.max(0, (ss - i * m * m) / (i - 1))
      out[#out + 1] = { n = i, mean = m, ci = 1.96 * math.sqrt(v / i) }
    end
  end
  return out
end

return M
