-- deckhand web, tournaments and replays: a tournament started from the
-- page runs as a child process, the watcher follows its record and pushes
-- progress and running means; a record file opens and replays step by step.
package.path = "tests/lua/?.lua;" .. package.path
local H = require "web_helper"
local dh = require "deckhand"
local records = require "deckhand.records"
local results = require "deckhand.results"

-- the pushes of a tournament until it is no longer running
local function follow(c, id)
  local seen = {}
  while true do
    local m = c:expect("tournament", 120)
    if m.tournament.id == id then
      seen[#seen + 1] = m.tournament
      if m.tournament.state ~= "running" and m.tournament.state ~= "following" then return seen end
    end
  end
end

describe("deckhand web: tournaments", function()
  it("runs a 20-deal tournament as a child process and pushes its running means", function()
    H.with_server({}, function(server)
      local c = H.client(server)
      c:send { type = "watch" }
      assert.same({}, c:expect("tournaments").list)
      local status, t = H.http(server, "POST", "/api/tournaments",
        { game = "spades", players = "heuristic,random", games = 20, seed = 3 })
      assert.equal(200, status)
      assert.same({ "running", 20 }, { t.state, t.total })
      local pushes = follow(c, t.id)
      local final = pushes[#pushes]
      assert.equal("done", final.state, final.error)
      assert.equal(20, final.done)
      for i = 2, #pushes do assert.truthy(pushes[i].done >= pushes[i - 1].done) end
      -- the last running mean of each player is the mean over the whole
      -- record, computed apart by deckhand.results from the file itself
      local rec = assert(records.read(server.app.records .. "/" .. final.name, nil, function() return nil end))
      assert.equal(20, #rec.lines)
      local totals = results.totals(rec.header.tournament, rec.lines)
      for _, p in ipairs(totals.players) do
        local series = final.series[p.name]
        local last = series[#series]
        assert.equal(p.n, last[1])
        assert.near(p.score, last[2], 1e-9)
        assert.near(p.score_ci, last[3], 1e-9)
        assert.near(p.score, final.results.players[_].score, 1e-9)
      end
      -- heuristic against random in Spades: far ahead (docs/strength.md)
      assert.truthy(final.results.diff.score > 0)
      local _, full = H.http(server, "GET", "/api/tournaments/" .. t.id)
      assert.same(final.results.players[1].name, full.results.players[1].name)
    end)
  end)

  it("ranks a field of strategies started from the page, with every pair's running difference", function()
    H.with_server({}, function(server)
      local c = H.client(server)
      c:send { type = "watch" }
      c:expect("tournaments")
      local status, t = H.http(server, "POST", "/api/tournaments",
        { game = "spades", players = "heuristic,greedy,random", games = 10, seed = 2 })
      assert.equal(200, status)
      local pushes = follow(c, t.id)
      local final = pushes[#pushes]
      assert.equal("done", final.state, final.error)
      local r = final.results
      -- the same figures the runner gives from the record file itself
      local rec = assert(records.read(server.app.records .. "/" .. final.name, nil, function() return nil end))
      local c0 = rec.header.tournament
      local tabs = require "deckhand.tables".of(c0, dh.tournament_lib.make_variant(c0))
      local apart = results.totals(c0, rec.lines)
      local field = results.new(c0, tabs)
      for _, l in ipairs(rec.lines) do field:add(l) end
      local want = field:result()
      assert.equal(3, #r.pairs)
      assert.equal(#want.ratings, #r.ratings)
      for k, x in ipairs(want.ratings) do
        assert.equal(x.name, r.ratings[k].name)
        assert.near(x.rating, r.ratings[k].rating, 1e-9)
      end
      assert.equal("random", r.ratings[3].name)
      local last = r.pairs[1].series[#r.pairs[1].series]
      assert.same({ 10, r.pairs[1].n }, { last.n, 10 })
      assert.near(r.pairs[1].score, last.mean, 1e-9)
      assert.equal(apart.players[1].name, r.players[1].name)
    end)
  end)

  it("reports a tournament whose process fails, with its reason", function()
    H.with_server({}, function(server)
      local c = H.client(server)
      c:send { type = "watch" }
      c:expect("tournaments")
      local _, t = H.http(server, "POST", "/api/tournaments",
        { game = "spades", players = "pimc,random", games = 2, set = { "pimc.wrlds=4" } })
      local final = follow(c, t.id)
      final = final[#final]
      assert.equal("failed", final.state)
      assert.matches("unknown option 'wrlds'", final.error, 1, true)
    end)
  end)

  it("runs at most max_running tournaments at once and refuses more with the reason", function()
    local watch = require "deckhand.web.watch"
    local saved = watch.max_running
    watch.max_running = 2
    local ok, err = pcall(H.with_server, {}, function(server)
      local c = H.client(server)
      c:send { type = "watch" }
      c:expect("tournaments")
      -- one that fails at once frees its place
      local _, f = H.http(server, "POST", "/api/tournaments",
        { game = "spades", players = "pimc,random", games = 2, set = { "pimc.wrlds=4" } })
      local pushes = follow(c, f.id)
      assert.equal("failed", pushes[#pushes].state)
      for _ = 1, 2 do
        local status, t = H.http(server, "POST", "/api/tournaments", { game = "spades", games = 100000 })
        assert.equal(200, status, t.error)
      end
      local status, e = H.http(server, "POST", "/api/tournaments", { game = "spades", games = 100000 })
      assert.equal(429, status)
      assert.matches("2 tournaments are running already", e.error, 1, true)
      local _, list = H.http(server, "GET", "/api/tournaments")
      assert.equal(3, #list)
    end)
    watch.max_running = saved
    assert(ok, err)
  end)

  it("stops the tournaments it started when it stops", function()
    local pid
    H.with_server({}, function(server)
      local _, t = H.http(server, "POST", "/api/tournaments", { game = "spades", games = 100000, jobs = 2 })
      assert.equal("running", t.state)
      pid = server.app.watcher:get(t.id).pid
      assert.is_true(os.execute(("kill -0 -%d 2>/dev/null"):format(pid)))   -- its process group runs
    end)
    local gone = false
    for _ = 1, 50 do
      if not os.execute(("kill -0 -%d 2>/dev/null"):format(pid)) then gone = true; break end
      os.execute("sleep 0.1")
    end
    assert.is_true(gone)
  end)

  it("opens a record file, follows it to its end and replays any deal step by step", function()
    local dir = H.tmpdir()
    dh.tournament { variant = "spades", players = { "heuristic", "random" }, games = 5, seed = 2,
                    record = dir .. "/five.jsonl", progress = false }
    H.with_server({ records = dir }, function(server)
      local _, list = H.http(server, "GET", "/api/records")
      assert.same({ "five.jsonl", "tournament", "spades", 5 }, { list[1].name, list[1].kind, list[1].game, list[1].deals })
      local status, t = H.http(server, "POST", "/api/open", { file = "five.jsonl" })
      assert.equal(200, status)
      assert.same({ "done", 5 }, { t.state, t.done })
      -- the answer carries the table and the chart, so the page draws them at once
      assert.same({ 5, 2 }, { t.results and t.results.deals, t.results and #t.results.players })
      assert.equal(5, #t.series.heuristic)
      -- deal 2, second seating: every hand shown at the start, none at the end
      local r0
      status, r0 = H.http(server, "GET", "/api/replay?file=five.jsonl&deal=2&rotation=2&step=0")
      assert.equal(200, status, r0.error)
      assert.same({ 4, 0, 2 }, { #r0.views, r0.step, r0.rotations })
      local all = {}
      for s = 1, 4 do
        assert.equal(13, #r0.views[s].hand)
        for _, card in ipairs(r0.views[s].hand) do all[card] = true end
      end
      local n = 0
      for _ in pairs(all) do n = n + 1 end
      assert.equal(52, n)   -- four hands, the whole deck
      local _, r1 = H.http(server, "GET", "/api/replay?file=five.jsonl&deal=2&rotation=2&step=1")
      assert.same(r0.moves[1], r1.moves[1])
      local _, rn = H.http(server, "GET", ("/api/replay?file=five.jsonl&deal=2&rotation=2&step=%d"):format(r0.total))
      assert.is_true(rn.result.over)
      for s = 1, 4 do assert.equal(0, #rn.views[s].hand) end
      -- back again gives the same step as before
      local _, back = H.http(server, "GET", "/api/replay?file=five.jsonl&deal=2&rotation=2&step=1")
      assert.same(r1.views, back.views)
      local bad
      status, bad = H.http(server, "GET", ("/api/replay?file=five.jsonl&deal=2&rotation=2&step=%d"):format(r0.total + 1))
      assert.equal(400, status)
      assert.matches("step must be an integer from 0 to", bad.error)
      status, bad = H.http(server, "GET", "/api/replay?file=five.jsonl&deal=9")
      assert.matches("no deal 9", bad.error)
    end)
    os.execute("rm -rf '" .. dir .. "'")
  end)
end)
