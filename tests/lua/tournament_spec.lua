-- The tournament runner: duplicate deals, records, resuming, shards, forfeits; Hold'em's.
local dh = require "deckhand"
local json = require "deckhand.json"

package.path = "tests/lua/?.lua;" .. package.path
local F = require "file_helper"
local tmpname, slurp, write = F.tmpname, F.slurp, F.write
local H = require "tournament_helper"   -- the tests' bots, quick settings
local run, dir, with, hwith, bin, resume_after_kill = H.run, H.dir, H.with, H.hwith, H.bin, H.resume_after_kill

describe("tournament", function()
  it("gives byte-identical records for the same seed", function()
    local a, b = tmpname(), tmpname()
    dh.tournament(with { record = a })
    dh.tournament(with { record = b })
    assert.are.equal(slurp(a), slurp(b))
    local n = 0
    for _ in slurp(a):gmatch("\n") do n = n + 1 end
    assert.are.equal(7, n)   -- a header and one line per deal
    os.remove(a); os.remove(b)
  end)

  -- label=strategy: one strategy with two sets of options meets itself
  it("plays a labelled player with the options given under its label", function()
    local res = dh.tournament { variant = "spades", players = { "dd=pimc", "pimc" }, games = 2, seed = 3,
                                progress = false, strategy_options = { dd = { worlds = 4 }, pimc = { worlds = 4 } } }
    assert.are.same({ "dd=pimc", "pimc" }, { res.players[1].name, res.players[2].name })
    -- the label's options reach the labelled bot alone: a bad one stops the run, naming it
    local ok, err = pcall(dh.tournament, { variant = "spades", players = { "dd=pimc", "pimc" }, games = 1,
                                           progress = false, strategy_options = { dd = { solver = "xx" } } })
    assert.is_false(ok)
    assert.matches("'dd=pimc' could not start: .*solver", tostring(err))
    assert.is_true(pcall(dh.tournament, { variant = "spades", players = { "dd=pimc", "pimc" }, games = 1,
                                          progress = false, strategy_options = { ["pimc"] = { worlds = 2 }, dd = { worlds = 2 } } }))
    -- a label over a strategy that does not exist is named
    ok, err = pcall(dh.tournament, { variant = "spades", players = { "x=nosuch", "pimc" }, games = 1, progress = false })
    assert.is_false(ok)
    assert.matches("nosuch", tostring(err))
  end)

  it("gives the same totals and record with jobs 1 and 2", function()
    local a, b = tmpname(), tmpname()
    local r1 = dh.tournament(with { record = a, jobs = 1 })
    local r2 = dh.tournament(with { record = b, jobs = 2 })
    assert.are.same(r1.players, r2.players)
    assert.are.equal(slurp(a), slurp(b))
    os.remove(a); os.remove(b)
  end)

  it("resumes after a kill with the same totals", function()
    -- a run killed in the middle of writing deal 5
    local _, full, part = resume_after_kill(function(f) return with { record = f } end, 4, 25)
    -- a finished run is not replayed: all deals are already there
    local seen = 0
    dh.tournament(with { record = part, progress = function() seen = seen + 1 end })
    assert.are.equal(0, seen)
    -- other arguments refuse the file
    assert.has_error(function() dh.tournament(with { record = part, seed = 12 }) end)
    os.remove(full); os.remove(part)
  end)

  it("shards merge to the totals of the whole run", function()
    local whole = dh.tournament(with {})
    local a, b = tmpname(), tmpname()
    dh.tournament(with { record = a, shard = "1/2" })
    dh.tournament(with { record = b, shard = "2/2" })
    local merged = dh.tournament_merge { a, b }
    assert.are.same(whole.players, merged.players)
    os.remove(a); os.remove(b)
  end)

  it("records forfeits and goes on", function()
    -- only the sleeper meets a short limit (its loop never ends): on a
    -- busy machine a pause of the process can take 0.05 s from any bot
    for _, bad in ipairs { "raiser", "garbage", "sleeper" } do
      local res = dh.tournament(with { players = { bad, "random" }, games = 2, limit = bad == "sleeper" and 0.25 or 30 })
      assert.are.equal(4, #res.forfeits, bad)    -- 2 deals x 2 seatings
      local f = res.forfeits[1]
      assert.are.equal(bad, f.strategy)
      assert.is_number(f.seat)
      assert.is_number(f.seed)
      assert.is_string(f.move)
      assert.are.equal(0, res.players[1].win)
      assert.are.equal(1, res.players[2].win)
    end
  end)

  -- a process a job: 100000 started that many
  it("refuses more jobs than 256", function()
    for _, jobs in ipairs { 0, 257, 100000, 1.5 } do
      local ok, err = pcall(dh.tournament, with { games = 2, jobs = jobs })
      assert.is_false(ok)
      assert.equals(("tournament: jobs must be an integer from 1 to 256, got %s"):format(jobs), err)
    end
  end)

  it("runs from the command line", function()
    local out, ok = run(bin .. " tournament briscola --games 4 --jobs 2 --players heuristic,random")
    assert.is_true(ok, out)
    assert.matches("heuristic %- random", out)
    assert.is_nil(out:find("deals/s", 1, true))   -- no progress bar into a pipe
  end)
end)

describe("a tournament record", function()
  it("counts no line that does not belong, and names each by its number", function()
    local clean, dirty = tmpname(), tmpname()
    local r1 = dh.tournament(with { record = clean })
    local lines = {}
    for l in io.lines(clean) do lines[#lines + 1] = l end
    local extra = {
      lines[3],                                             -- line 8: deal 2 again
      (lines[4]:gsub('"i":3', '"i":99')),                   -- line 9: an index past the games
      (lines[5]:gsub('"seed":%d+,"unit"', '"seed":5,"unit"')), -- line 10: another seed
      (lines[6]:gsub('"random"', '"evil"')),                -- line 11: a player not in it
      "not json at all",                                    -- line 12
      '{"i": 2}',                                           -- line 13: not a deal
    }
    write(dirty, table.concat(lines, "\n") .. "\n" .. table.concat(extra, "\n") .. "\n")
    local r2 = dh.tournament(with { record = dirty })
    assert.are.same(r1.players, r2.players)   -- the same deals, each counted once
    assert.are.same({ "line 8: deal 2 again", "line 9: deal 99 is not one of this tournament's 1..6",
                      "line 10: deal 4 has a seed not of this tournament",
                      "line 11: a player not in this tournament: 'evil'", "line 12: not JSON",
                      "line 13: not a deal" }, r2.problems)
    -- merge reports them too, and counts each deal once across files
    local merged = dh.tournament_merge { dirty, clean }
    assert.are.same(r1.players, merged.players)
    assert.is_true(#merged.problems > #r2.problems)
    os.remove(clean); os.remove(dirty)
  end)

  it("fails with the reason when it cannot be written, and is never written by two runs", function()
    local out, ok = run(bin .. " tournament spades --games 2 --record /dev/full")
    assert.is_falsy(ok)
    assert.matches("cannot write /dev/full: No space left on device", out, 1, true)
    out, ok = run(bin .. " tournament spades --games 2 --record /no/such/dir/x.jsonl")
    assert.is_falsy(ok)
    assert.matches("cannot open /no/such/dir/x.jsonl", out, 1, true)
    -- a record another run holds is refused, and left as it was
    local rec = tmpname()
    dh.tournament(with { record = rec, games = 2 })
    local before = slurp(rec)
    local f = assert(io.open(rec, "a"))
    assert(require "deckhand.core".host.lock(f))
    out, ok = run(bin .. " tournament spades --games 6 --seed 11 --record " .. rec)
    f:close()
    assert.is_falsy(ok)
    assert.matches("locked by another run", out, 1, true)
    assert.are.equal(before, slurp(rec))
    os.remove(rec)
  end)

  it("is merged into a new file, never over an input", function()
    local a, b, m = tmpname(), tmpname(), tmpname()
    dh.tournament(with { record = a, shard = "1/2" })
    dh.tournament(with { record = b, shard = "2/2" })
    local before = slurp(a)
    assert.has_error(function() dh.tournament_merge({ a, b }, a) end, "will not overwrite an input: " .. a)
    assert.are.equal(before, slurp(a))
    dh.tournament_merge({ a, b }, m)
    local whole = tmpname()
    dh.tournament(with { record = whole })
    assert.are.equal(slurp(whole), slurp(m))   -- the same header, secret and deals in order
    os.remove(a); os.remove(b); os.remove(m); os.remove(whole)
  end)

  it("refuses bad numbers on the command line, naming them", function()
    for args, why in pairs {
      ["--games abc"] = "bad --games 'abc'", ["--games 0"] = "bad --games '0'",
      ["--jobs=-1"] = "bad --jobs '-1'", ["--seed 1.5"] = "bad --seed '1.5'",
      ["--limit x"] = "bad --limit 'x'", ["--hands 0"] = "bad --hands '0'",
      ["--shard 3/2"] = "shard must be i/n", ["--secret xyz"] = "secret must be 32 hex digits",
      ["--players nobody"] = "unknown strategy 'nobody' (there are: ",
    } do
      local out, ok = run(bin .. " tournament spades " .. args)
      assert.is_falsy(ok, args)
      assert.matches(why, out, 1, true)
    end
  end)
end)

describe("tournament: Hold'em", function()
  it("scores chips per hand and big blinds per 100 hands on duplicate deals", function()
    -- worked by hand: heads-up the button (seat 1) posts 5 and acts first.
    -- folder on the button folds: -5; shover on the button goes all in and
    -- folder, in the big blind, folds: -10.  Every deal: -15 over 2 hands,
    -- -7.5 chips a hand, -75 bb/100; the shover the opposite, and it wins
    -- every deal
    local res = dh.tournament(hwith { players = { "hold_folder", "hold_shover" }, games = 5 })
    local f, s = res.players[1], res.players[2]
    assert.are.equal("chips", res.unit)
    assert.are.equal(-7.5, f.score)
    assert.are.equal(-75, f.bb100)
    assert.are.equal(0, f.bb100_ci)
    assert.are.equal(75, s.bb100)
    assert.are.equal(0, f.win)
    assert.are.equal(1, s.win)
    assert.are.equal(5, f.n)
    -- a bigger blind: the same chips are fewer big blinds
    res = dh.tournament(hwith { players = { "hold_folder", "hold_shover" }, games = 2,
                                options = { small_blind = 10, big_blind = 20 } })
    assert.are.equal(-15, res.players[1].score)
    assert.are.equal(-75, res.players[1].bb100)
    -- three hands a deal: -15 a hand on every one
    res = dh.tournament(hwith { players = { "hold_folder", "hold_shover" }, games = 2, hands = 3 })
    assert.are.equal(-7.5, res.players[1].score)
    local text = dh.tournament_lib.format(res, res.config)
    assert.matches("bb/100", text)
    assert.matches("%-75%.0 ± 0%.0", text)
  end)

  it("gives byte-identical records for the same seed, and the same with jobs 1 and 2", function()
    local a, b, c = tmpname(), tmpname(), tmpname()
    local r1 = dh.tournament(hwith { record = a })
    dh.tournament(hwith { record = b })
    local r2 = dh.tournament(hwith { record = c, jobs = 2 })
    assert.are.equal(slurp(a), slurp(b))
    assert.are.equal(slurp(a), slurp(c))
    assert.are.same(r1.players, r2.players)
    local n = 0
    for _ in slurp(a):gmatch("\n") do n = n + 1 end
    assert.are.equal(7, n)
    -- every game in the record replays to the chips it reports
    for k = 1, 6 do
      local line = json.decode(select(k + 1, table.unpack((function()
        local t = {}
        for l in slurp(a):gmatch("[^\n]+") do t[#t + 1] = l end
        return t
      end)())))
      for _, g in ipairs(line.games) do
        local again = assert(dh.replay(g.record))
        local start, now = again:view(1):get("start"), again:view(1):get("stacks")
        for s = 1, 2 do assert.are.equal(g.points[s], now[s] - start[s]) end
      end
    end
    os.remove(a); os.remove(b); os.remove(c)
  end)

  it("resumes after a kill, and shards merge to the whole", function()
    local r1, full, part = resume_after_kill(function(f) return hwith { record = f } end, 3, 30)
    local a, b = tmpname(), tmpname()
    dh.tournament(hwith { record = a, shard = "1/2" })
    dh.tournament(hwith { record = b, shard = "2/2" })
    local merged = dh.tournament_merge { a, b }
    assert.are.same(r1.players, merged.players)
    os.remove(full); os.remove(part); os.remove(a); os.remove(b)
  end)

  it("records forfeits and goes on", function()
    -- only the sleeper meets a short limit: under the sanitizer on a busy
    -- machine a raiser's first move can itself take over 0.05 s
    for bad, why in pairs { hold_raiser = "raised: .*boom", hold_cheat = "illegal move %(%a+%): bad_amount",
                            hold_sleeper = "over the time limit" } do
      local limit = bad == "hold_sleeper" and 0.05 or 30
      local res = dh.tournament(hwith { players = { bad, "random" }, games = 2, limit = limit })
      -- 2 deals x 2 seatings; on the button (seat 1) it acts first, in
      -- the big blind only if random did not fold
      assert.is_true(#res.forfeits >= 2 and #res.forfeits <= 4, bad)
      local f = res.forfeits[1]
      assert.are.equal(bad, f.strategy)
      assert.are.equal(1, f.seat)
      assert.matches(why, f.reason)
      assert.is_number(f.seed)
      assert.is_string(f.move)
      assert.are.equal(0, res.players[1].win)
      assert.are.equal(1, res.players[2].win)
      assert.is_nil(res.players[1].score)
    end
    local res = dh.tournament(hwith { players = { "hold_cheat", "random" }, games = 1 })
    assert.are.equal("raise 1", res.forfeits[1].move)
  end)

  it("heuristic wins chips from random; pimc and heuristic play every move legally", function()
    local res = dh.tournament(hwith { games = 100 })
    assert.are.equal(0, #res.forfeits)
    assert.is_true(res.players[1].bb100 > 0)
    res = dh.tournament(hwith { players = { "pimc", "heuristic" }, games = 3, options = { seats = 3 },
                                strategy_options = { pimc = { worlds = 4 } } })
    assert.are.equal(0, #res.forfeits)
    assert.are.equal(3, res.players[1].n)
  end)

  it("runs from the command line: tournament, play and replay", function()
    local rec = tmpname()
    local out, ok = run(bin .. " tournament holdem --games 4 --jobs 2 --players heuristic,random --record " .. rec)
    assert.is_true(ok, out)
    assert.matches("bb/100", out)
    assert.is_nil(out:find("deals/s", 1, true))
    out, ok = run(bin .. " replay " .. rec .. " --game 2 --rotation 2")
    assert.is_true(ok, out)
    assert.matches("deal 2", out)
    assert.matches("seat 1: %a+", out)
    assert.matches("hand 1 over: %-?%d+ / %-?%d+", out)
    os.remove(rec)
    out, ok = run(bin .. " play holdem --seed 3 --bots random", "raise 5\nbet 40\ncall\ncheck\ncheck\n")
    assert.is_true(ok, out)
    assert.matches("your cards", out)
    assert.matches("refused: raise to between 20 and 1000, got 5", out, 1, true)
    assert.matches("refused: 'bet' is not allowed now", out, 1, true)
    assert.matches("bye", out)
  end)
end)
