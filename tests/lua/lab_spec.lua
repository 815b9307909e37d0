-- The bot lab: a field of strategies ranked (round robin, gauntlet), a
-- sequential test that stops when the answer is known, sweeps of a
-- strategy's settings, a report page; each with jobs, records, resume,
-- shards and merge.
package.path = "tests/lua/?.lua;" .. package.path
local dh = require "deckhand"
local tables = require "deckhand.tables"
local lab = require "deckhand.lab"
local F = require "file_helper"

local secret = ("5eed"):rep(8)
local root = os.getenv("DECKHAND_ROOT") or "."

local function lines_of(file)
  local n = 0
  for _ in io.lines(file) do n = n + 1 end
  return n - 1   -- the header
end

local function pairs_text(res)
  local out = {}
  for _, p in ipairs(res.pairs) do out[#out + 1] = ("%s-%s %.9f %d"):format(p.a, p.b, p.score, p.n) end
  return table.concat(out, "\n")
end

describe("a field of strategies", function()
  local spades = dh.variant("spades")

  it("meets every pair in a round robin, the first against the others in a gauntlet", function()
    local c = { players = { "a", "b", "c", "d" }, duplicate = true }
    local rr = tables.of(c, spades)
    assert.are.equal(6, #rr)
    assert.are.same({ "a", "b" }, rr[1])
    assert.are.same({ "c", "d" }, rr[6])
    c.mode = "gauntlet"
    assert.are.same({ { "a", "b" }, { "a", "c" }, { "a", "d" } }, (tables.of(c, spades)))
    -- Hearts seats four sides: five strategies give five tables of four
    local hearts = dh.variant("hearts")
    local five = tables.of({ players = { "a", "b", "c", "d", "e" }, duplicate = true }, hearts)
    assert.are.equal(5, #five)
    assert.are.equal(4, #five[1])
    -- as many strategies as sides: one table, as always
    assert.are.same({ { "a", "b" } }, (tables.of({ players = { "a", "b" } }, spades)))
    assert.has_error(function() tables.of({ players = { "a", "b", "a" } }, spades) end,
      "tournament: 'a' is named twice: a field of strategies names each once (label=strategy to play one strategy twice)")
    -- a deal's games: each table's rotations in turn
    local names, _, _, t = tables.seating({ players = { "a", "b", "c" }, duplicate = true }, spades, 3)
    assert.are.same({ { "c", "a", "c", "a" }, 2 }, { names, t })
  end)

  it("ranks the field from its pairs, the same with one worker or two, and resumed", function()
    local cfg = { variant = "spades", players = { "heuristic", "greedy", "random" }, games = 12, seed = 3,
                  jobs = 1, secret = secret, progress = false }
    local one = dh.tournament(cfg)
    assert.are.equal(3, #one.pairs)
    assert.are.equal("random", one.ratings[3].name)
    -- the ratings reproduce the pairs where they agree: the sum of a
    -- pair's ratings' difference and the pairs' differences are close
    local byname = {}
    for _, r in ipairs(one.ratings) do byname[r.name] = r.rating end
    for _, p in ipairs(one.pairs) do
      assert.is_true(math.abs((byname[p.a] - byname[p.b]) - p.score) < 3 * p.score_ci, p.a .. "-" .. p.b)
    end
    cfg.jobs = 2
    local two = dh.tournament(cfg)
    assert.are.equal(pairs_text(one), pairs_text(two))
    -- a record, then the same run resumed from it: nothing more to play
    local file = F.tmpname()
    os.remove(file)
    cfg.record, cfg.jobs = file, 1
    local first = dh.tournament(cfg)
    local again = dh.tournament(cfg)
    assert.are.equal(pairs_text(first), pairs_text(again))
    assert.are.equal(12, lines_of(file))
    os.remove(file)
  end)

  it("gives the same pairs from shards merged as from one run", function()
    local base = { variant = "spades", players = { "heuristic", "greedy", "random" }, games = 10, seed = 5,
                   jobs = 1, secret = secret, progress = false }
    local whole = dh.tournament(base)
    local parts = {}
    for k = 1, 2 do
      local cfg = {}
      for key, v in pairs(base) do cfg[key] = v end
      cfg.shard, cfg.record = k .. "/2", F.tmpname()
      os.remove(cfg.record)
      dh.tournament(cfg)
      parts[k] = cfg.record
    end
    local merged = dh.tournament_merge(parts)
    assert.are.equal(pairs_text(whole), pairs_text(merged))
    for _, f in ipairs(parts) do os.remove(f) end
  end)

  -- Hearts' points are to be avoided (low_wins): random, which takes the
  -- most, ranks last, and the results say fewer are better (the ranking
  -- used to put it first, its points the highest)
  it("ranks the fewest points first where the low score wins (Hearts)", function()
    local cfg = { variant = "hearts", players = { "random", "greedy", "heuristic", "b=greedy", "c=heuristic" },
                  games = 8, seed = 2, secret = secret, progress = false }
    local res = dh.tournament(cfg)
    assert.is_true(res.low_wins)
    assert.are.equal("random", res.ratings[#res.ratings].name)
    for k = 2, #res.ratings do assert.is_true(res.ratings[k - 1].rating <= res.ratings[k].rating) end
    local text = dh.tournament_lib.format(res, res.config)
    assert.matches("^hearts, 8 deals %(duplicate%), fewer points are better\n", text)
    assert.matches("ranking (points/hand against the field's mean, fewest first, 95% CI", text, 1, true)
    local data = lab.report_data(res, res.config)
    assert.are.equal("random", data.ranking[#data.ranking].name)
    -- two strategies: the report ranks the one with fewer points first
    local two = dh.tournament { variant = "hearts", players = { "random", "heuristic" }, games = 6, seed = 2,
                                secret = secret, progress = false }
    assert.are.same({ "heuristic", "random" }, { lab.report_data(two, two.config).ranking[1].name,
                                                  lab.report_data(two, two.config).ranking[2].name })
    -- Spades' points are sought: no such note
    assert.is_nil(dh.tournament { variant = "spades", players = { "random", "heuristic" }, games = 2, seed = 2,
                                  secret = secret, progress = false }.low_wins)
  end)

  it("ranks random < greedy < heuristic < pimc in Spades", function()
    -- whole hands (bids and play); pimc with fewer worlds than its default
    -- to keep the suite short: still far ahead of the heuristic
    local res = dh.tournament { variant = "spades", players = { "random", "greedy", "heuristic", "pimc" },
                                games = 40, seed = 1, jobs = 2, secret = secret, progress = false,
                                strategy_options = { pimc = { worlds = 60, bid_worlds = 30 } } }
    local order = {}
    for k, r in ipairs(res.ratings) do order[k] = r.name end
    assert.are.same({ "pimc", "heuristic", "greedy", "random" }, order)
  end)
end)

describe("a sequential test", function()
  local cfg = { variant = "spades", players = { "heuristic", "random" }, games = 400, seed = 1, secret = secret,
                progress = false, sprt = { lower = 0, upper = 20 } }

  it("stops as soon as it decides, at the same deal with one worker or two, the record holding those deals", function()
    local file = F.tmpname()
    os.remove(file)
    local run = {}
    for k, v in pairs(cfg) do run[k] = v end
    run.jobs, run.record = 1, file
    local one = dh.tournament(run)
    assert.are.equal("H1", one.sprt.decision)
    assert.is_true(one.sprt.deals < 400)
    assert.are.equal(one.sprt.deals, one.deals)
    assert.are.equal(one.sprt.deals, lines_of(file))
    run.jobs, run.record = 2, nil
    local two = dh.tournament(run)
    assert.are.same(one.sprt, two.sprt)
    -- resumed: decided from the record alone, nothing more played
    run.jobs, run.record = 1, file
    local again = dh.tournament(run)
    assert.are.same(one.sprt, again.sprt)
    assert.are.equal(one.sprt.deals, lines_of(file))
    os.remove(file)
  end)

  it("accepts H0 when the strategies are alike", function()
    local run = {}
    for k, v in pairs(cfg) do run[k] = v end
    run.players, run.sprt = { "a=random", "b=random" }, { elo0 = 0, elo1 = 100 }
    local res = dh.tournament(run)
    assert.are.equal("H0", res.sprt.decision)
  end)

  it("tests each shard on its own deals, and a merge of the shards on all of them in order", function()
    local json = require "deckhand.json"
    local parts, have = {}, {}
    for k = 1, 2 do
      local run = {}
      for key, v in pairs(cfg) do run[key] = v end
      run.shard, run.record, run.jobs = k .. "/2", F.tmpname(), 1
      local res = dh.tournament(run)
      assert.are.equal("H1", res.sprt.decision)
      assert.are.equal(res.sprt.deals, lines_of(run.record))
      local first = true
      for l in io.lines(run.record) do
        if not first then
          local i = json.decode(l).i
          assert.are.equal(k, (i - 1) % 2 + 1)   -- the shard's own deals
          have[i] = true
        end
        first = false
      end
      parts[k] = run.record
    end
    -- the merge's test takes the deals in index order, up to the first missing
    local prefix = 0
    while have[prefix + 1] do prefix = prefix + 1 end
    local merged = dh.tournament_merge(parts)
    assert.truthy(merged.sprt)
    assert.is_true(merged.sprt.deals <= prefix)
    if not merged.sprt.decision then assert.are.equal(prefix, merged.sprt.deals) end
    for _, f in ipairs(parts) do os.remove(f) end
  end)

  it("refuses what it cannot test", function()
    local run = {}
    for k, v in pairs(cfg) do run[k] = v end
    run.players = { "heuristic", "greedy", "random" }
    assert.has_error(function() dh.tournament(run) end, "tournament: a sequential test compares two strategies, not 3")
  end)
end)

describe("a sweep", function()
  it("plays each setting against the reference, each with its record, resumed and merged like any run", function()
    local base = F.tmpname()
    os.remove(base)
    local cfg = { variant = "briscola", players = { "pimc", "heuristic" }, games = 6, seed = 2, secret = secret,
                  progress = false, record = base .. ".jsonl", jobs = 1 }
    local rows = lab.sweep(dh, cfg, { "pimc.worlds=4,16" })
    assert.are.equal(2, #rows)
    assert.are.same({ "worlds=4", "worlds=16" }, { rows[1].setting, rows[2].setting })
    assert.is_number(rows[1].ms)
    local f4 = base .. ".worlds=4.jsonl"
    assert.are.equal(6, lines_of(f4))
    -- resumed: the same figures, nothing played again
    local again = lab.sweep(dh, cfg, { "pimc.worlds=4,16" })
    assert.are.equal(rows[2].mean, again[2].mean)
    assert.are.equal(6, lines_of(base .. ".worlds=16.jsonl"))
    -- the same setting in two shards, merged: the single run's figure
    local parts = {}
    for k = 1, 2 do
      local c = {}
      for key, v in pairs(cfg) do c[key] = v end
      c.shard, c.record = k .. "/2", ("%s.part%d.jsonl"):format(base, k)
      lab.sweep(dh, c, { "pimc.worlds=4" })
      parts[k] = ("%s.part%d.worlds=4.jsonl"):format(base, k)
    end
    local merged = dh.tournament_merge(parts)
    assert.are.equal(rows[1].mean, merged.diff.score)
    for _, f in ipairs { f4, base .. ".worlds=16.jsonl", parts[1], parts[2] } do os.remove(f) end
  end)

  -- a field has no one difference: each setting's figure is the swept
  -- strategy's rating (it was "-"); the header names the others only
  it("gives each setting's rating in a field, and names the others in its header", function()
    local cfg = { variant = "briscola", players = { "heuristic", "greedy", "random" }, games = 4, seed = 2,
                  secret = secret, progress = false }
    local rows = lab.sweep(dh, cfg, { "heuristic.samples=10,20" })
    assert.are.equal(2, #rows)
    for _, r in ipairs(rows) do
      assert.is_true(r.rating)
      assert.is_number(r.mean)
      assert.are.same({ "greedy", "random" }, r.others)
      local rating
      for _, x in ipairs(r.result.ratings) do if x.name == "heuristic" then rating = x.rating end end
      assert.are.equal(rating, r.mean)
    end
    local p = io.popen(("cd %s && lua5.4 bin/deckhand tournament briscola --players random,heuristic --games 2 "
      .. "--quiet --secret %s --sweep heuristic.samples=10 2>&1"):format(root, secret))
    local out = p:read("a")
    p:close()
    assert.matches("sweep of heuristic against random, 2 deals each (heuristic - random, 95% CI;", out, 1, true)
  end)

  it("makes a grid of two parameters and refuses a sweep of no player", function()
    local s = lab.settings { "pimc.worlds=10,20", "pimc.playouts=100,200" }
    assert.are.equal(4, #s)
    assert.are.equal("worlds=20,playouts=100", s[3].text)
    assert.has_error(function() lab.settings { "pimc.worlds=10", "ismcts.iterations=5" } end,
      "a grid sweeps one strategy's settings: 'pimc' and 'ismcts' differ")
    assert.has_error(function()
      lab.sweep(dh, { variant = "spades", players = "heuristic,random", games = 1 }, { "pmic.worlds=5" })
    end, "--sweep pmic.worlds=5: no player 'pmic' (the players: heuristic, random)")
  end)
end)

describe("the command line", function()
  it("prints the ranking and writes a report page of the run", function()
    local page = F.tmpname()
    local p = io.popen(("cd %s && lua5.4 bin/deckhand tournament spades --players heuristic,greedy,random --games 8 "
      .. "--quiet --secret %s --report %s 2>&1; echo \"exit $?\""):format(root, secret, page))
    local out = p:read("a")
    p:close()
    assert.matches("exit 0", out)
    assert.matches("ranking %(points/hand", out)
    assert.matches("3%. random", out)
    local html = F.slurp(page)
    assert.truthy(html:find("<h2>Ranking</h2>", 1, true))
    assert.truthy(html:find("Chart.js v", 1, true) or not io.open(require "deckhand.report".chart))
    os.remove(page)
  end)

  it("stops a run with --sprt and says what it decided", function()
    local p = io.popen(("cd %s && lua5.4 bin/deckhand tournament spades --players heuristic,random --games 300 "
      .. "--quiet --secret %s --sprt-points 0,20 --alpha 0.01 2>&1; echo \"exit $?\""):format(root, secret))
    local out = p:read("a")
    p:close()
    assert.matches("exit 0", out)
    assert.matches("SPRT %(H0 %+0, H1 %+20, alpha 0.01, beta 0.05%): accepted H1 after %d+ deals", out)
    p = io.popen(("cd %s && lua5.4 bin/deckhand tournament spades --sprt 0 2>&1; echo \"exit $?\""):format(root))
    out = p:read("a")
    p:close()
    assert.matches("bad %-%-sprt '0' %(want elo0,elo1", out)
  end)
end)
