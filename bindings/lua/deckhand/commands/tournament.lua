--- deckhand.commands.tournament: `deckhand tournament` and `deckhand
-- merge`: a duplicate tournament, a field ranked (round robin or
-- gauntlet), a sequential test that stops when the answer is known, a
-- sweep of one strategy's settings, and a report page of any of them.
-- @module deckhand.commands.tournament

local dh = require "deckhand"
local message = require "deckhand.message"
local cli = require "deckhand.cli"
local lab = require "deckhand.lab"
local report = require "deckhand.report"

local T = dh.tournament_lib
local parse_opts, int_arg, check_set = cli.parse_opts, cli.int_arg, cli.check_set

local M = {}

local function nproc()
  local p = io.popen("nproc 2>/dev/null")
  local n = p and tonumber(p:read("l") or "")
  if p then p:close() end
  return n or 1
end

-- "a,b" -> two numbers, or an error naming the option
local function two_numbers(text, option, what)
  local a, b = tostring(text):match("^%s*([^,%s]+)%s*,%s*([^,%s]+)%s*$")
  a, b = tonumber(a), tonumber(b)
  if not a or not b then error(("bad %s %s (want %s)"):format(option, message.quote(text), what), 0) end
  return a, b
end

local function probability(text, option)
  local x = tonumber(text)
  if not x or not (x > 0 and x < 0.5) then
    error(("bad %s %s (a probability between 0 and 0.5)"):format(option, message.quote(text)), 0)
  end
  return x
end

-- the sequential test a.sprt / a.sprt_points asks for, or nil
local function sprt_of(a)
  if a.sprt and a.sprt_points then error("give --sprt (Elo) or --sprt-points, not both", 0) end
  local spec
  if a.sprt then
    local e0, e1 = two_numbers(a.sprt, "--sprt", "elo0,elo1, e.g. 0,20")
    spec = { elo0 = e0, elo1 = e1 }
  elseif a.sprt_points then
    local lo, hi = two_numbers(a.sprt_points, "--sprt-points", "lower,upper in points a hand, e.g. 0,5")
    spec = { lower = lo, upper = hi }
  else
    if a.alpha or a.beta then error("--alpha and --beta are for --sprt or --sprt-points", 0) end
    return nil
  end
  spec.alpha = a.alpha and probability(a.alpha, "--alpha") or 0.05
  spec.beta = a.beta and probability(a.beta, "--beta") or 0.05
  return spec
end

-- a report is never written over a record the command reads or writes,
-- by any name (--report run.jsonl beside --record run.jsonl replaced every
-- deal with the page); checked before the run, not after it
local function report_apart(file, records)
  if not file then return end
  local host = require "deckhand.core".host
  local id = host.file_id(file)
  for _, rec in pairs(records) do
    if rec == file or (id and host.file_id(rec) == id) then
      error(("bad --report %s: it is the record %s"):format(message.quote(file), rec), 0)
    end
  end
end

local function write_report(file, data)
  local ok, err = report.write(file, data)
  if not ok then error(err, 0) end
  io.stderr:write(("deckhand: report written to %s\n"):format(file))
end

--- the `tournament` command
function M.run(a)
  local jobs = a.jobs == "all" and nproc() or int_arg(a.jobs, "--jobs", 1)
  local limit = tonumber(a.limit)
  if not limit or limit < 0 then error(("bad --limit %s (seconds, 0 for none)"):format(message.quote(a.limit)), 0) end
  local rule_time = cli.rule_time(a.rule_time)
  local strategy_options = parse_opts(a.set, "--set", true)
  local labels = {}
  for p in tostring(a.players):gmatch("[^,%s]+") do labels[#labels + 1] = T.label_of(p) end
  if a.bid_with then labels[#labels + 1] = T.label_of(a.bid_with) end
  check_set(strategy_options, labels, a.bid_with and "the players and --bid-with" or "the players")
  if a.bid_with then
    local variant = dh.variant(a.variant, parse_opts(a.option, "--option"))
    if not T.has_bids(variant) then
      error(("bad --bid-with %s: %s has no bids to make"):format(message.quote(a.bid_with), variant.name), 0)
    end
  end
  report_apart(a.report, { a.record })
  local cfg = {
    variant = a.variant, players = a.players, games = int_arg(a.games, "--games", 1),
    seed = int_arg(a.seed, "--seed"), secret = a.secret,
    duplicate = not a.no_duplicate, jobs = jobs, record = a.record, shard = a.shard,
    options = parse_opts(a.option, "--option"), strategy_options = strategy_options,
    bid_with = a.bid_with, limit = limit, rule_time = rule_time, progress = not a.quiet, signals = true,
    hands = a.hands and (a.hands == "match" and "match" or int_arg(a.hands, "--hands", 1)) or nil,
    mode = a.gauntlet and "gauntlet" or nil, sprt = sprt_of(a),
  }
  if a.sweep and #a.sweep > 0 then
    if cfg.sprt then error("a sweep plays each setting to --games: no --sprt with --sweep", 0) end
    local rows = lab.sweep(dh, cfg, a.sweep, function(row)
      local res = row.result
      for _, p in ipairs(res.problems) do io.stderr:write("deckhand: ", message.printable(p), " (not counted)\n") end
      print(message.printable(T.format(res, res.config)))
      print("")
    end)
    local c = rows[1].result.config
    local r1 = rows[1]
    local what = r1.rating and ("the rating of %s against the field's mean"):format(r1.swept)
      or #r1.others == 1 and ("%s - %s"):format(r1.swept, r1.others[1])
    print(("sweep of %s against %s, %d deals each (%s; time: mean ms a decision of %s):"):format(
      r1.swept, table.concat(r1.others, ", "), c.games, what and (what .. ", 95% CI")
        or "no figure: a sweep compares two strategies, or a field of more than the game's sides", r1.swept))
    for _, r in ipairs(rows) do
      print(("  %-28s %s %s/hand   %s ms"):format(r.setting,
        r.mean and ("%+.3f ± %.3f"):format(r.mean, r.ci or 0) or "-", rows[1].result.unit or "points",
        r.ms and ("%.2f"):format(r.ms) or "-"))
    end
    if a.report then
      local data = lab.report_data(rows[#rows].result, c, rows)
      data.title = ("%s: sweep of %s"):format(c.variant, rows[1].swept)
      write_report(a.report, data)
    end
    return
  end
  local res = dh.tournament(cfg)
  for _, p in ipairs(res.problems) do
    io.stderr:write("deckhand: ", a.record, ": ", message.printable(p), " (not counted)\n")
  end
  print(message.printable(T.format(res, res.config)))
  if res.sprt then print(res.sprt.summary) end
  if a.report then write_report(a.report, lab.report_data(res, res.config)) end
end

--- the `merge` command
function M.merge(a)
  local records = { a.out }
  for _, f in ipairs(a.files) do records[#records + 1] = f end
  report_apart(a.report, records)
  local res = dh.tournament_merge(a.files, a.out, a.variant)
  for _, p in ipairs(res.problems) do io.stderr:write("deckhand: ", message.printable(p), " (not counted)\n") end
  print(message.printable(T.format(res, res.config)))
  if res.sprt then print(res.sprt.summary .. " (over the merged deals in order, to the first one missing)") end
  if a.report then write_report(a.report, lab.report_data(res, res.config)) end
end

--- the options of both commands, on argparse's commands t and m
function M.options(t, m)
  t:argument("variant", "the variant, e.g. spades")
  t:option("--players", "strategies, comma-separated; more than the game's sides: a round robin (every group of as "
    .. "many as there are sides meets); label=strategy plays one under a label of its own, whose options "
    .. "--set label.key=value gives", "heuristic,random")
  t:option("--games", "deals (with --sprt: at most)", "100")
  t:option("--seed", "tournament seed", "1")
  t:option("--jobs", "worker processes (or 'all')", "1")
  t:option("--record", "JSON-lines record file (resumes when it exists; with --sweep, one file per setting)")
  t:option("--shard", "play only shard i of n (i/n)")
  t:option("--option", "variant option key=value"):count("*")
  t:option("--set", "strategy option name.key=value, e.g. pimc.worlds=40"):count("*")
  t:option("--bid-with", "one strategy makes every bid, Bridge's auction, Skat's bidding and Euchre's trump making too (card play with bids fixed)")
  t:option("--limit", "seconds of wall time per decision before a forfeit (0: none)", "10")
  t:option("--rule-time", "seconds of wall time the variant's Lua rules may run at a time (between two moves, or "
    .. "per rule call) before the game ends as the variant's error (0: none)", "10")
  t:option("--secret", "the bots' seeds of an earlier run (32 hex digits, from its record)")
  t:option("--hands", "hands per deal for variants with a hand cap (a number, or 'match')")
  t:flag("--no-duplicate", "one seating per deal")
  t:flag("--gauntlet", "with more strategies than sides: the first against every group of the others (not a round robin)")
  t:option("--sprt", "stop when a sequential test decides between elo0 and elo1 (the first player's share of the wins), e.g. 0,20")
  t:option("--sprt-points", "the same on the paired points difference a hand: lower,upper, e.g. 0,5")
  t:option("--alpha", "the sequential test's chance of a false H1 (0.05)")
  t:option("--beta", "the sequential test's chance of a false H0 (0.05)")
  t:option("--sweep", "play each setting of one strategy against the others: name.key=v1,v2,... (twice: a grid)"):count("*")
  t:option("--report", "write a page of the run (ranking, pairs, running difference, time a decision) to this file")
  t:flag("--quiet", "no progress")
  m:argument("files", "record files"):args("+")
  m:option("--out", "write the merged record here")
  m:option("--report", "write a page of the merged run to this file")
  m:option("--variant", "the game's file, for a tournament run from a file (a record names no file to load)")
end

return M
