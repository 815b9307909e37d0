-- A record read back (resumed or merged) is data from a file: every line
-- is checked against the tournament before it is counted.
package.path = "tests/lua/?.lua;" .. package.path
local F = require "file_helper"
local dh = require "deckhand"
local json = require "deckhand.json"

local root = os.getenv("DECKHAND_ROOT") or "."
local bin = root .. "/bin/deckhand"
local SECRET = ("0123456789abcdef"):rep(2)
local base = { variant = "spades", players = { "heuristic", "random" }, games = 11, seed = 11, progress = false,
               secret = SECRET }
local over = require "tournament_helper".over
local function with(t) return over(base, t) end

local function run(cmd)
  local p = io.popen(cmd .. " 2>&1")
  local out = p:read("a")
  local ok = p:close()
  return out, ok
end

local function lines_of(file)
  local out = {}
  for l in io.lines(file) do out[#out + 1] = l end
  return out
end

-- deal line `text` with its first rotation changed by edit(game); `raw`
-- replaces the placeholder "@" by text that JSON cannot carry (NaN)
local function edited(text, edit, raw)
  local v = json.decode(text)
  edit(v.games[1], v)
  local s = json.encode(v)
  if raw then s = s:gsub('"@"', raw) end
  return s
end

describe("a record read back", function()
  -- each: how a deal line is spoiled, and what the report says of it
  local cases = {
    { function(g) g.points[1] = "12" end, nil, "points '12' for side 1" },
    { function(g) g.points[1] = "@" end, "NaN", "points nan for side 1" },
    { function(g) g.points[2] = "@" end, "1e999", "points inf for side 2" },
    { function(g) g.points[1] = 1e308 end, nil, "points 1e+308 for side 1" },
    { function(g) g.points = { 10 } end, nil, "points for 1 sides (the game has 2)" },
    { function(g) g.tricks = { 13, 13, 13, 13 } end, nil, "52 tricks in all over 1 hand (at most 13 a hand)" },
    { function(g) g.winners = { 3 } end, nil, "winner 3 (sides are 1 to 2)" },
    { function(_, v) table.remove(v.games, 2) end, nil, "has 1 of its 2 rotations" },
    { function(g) g.seats = { "random", "heuristic", "random", "heuristic" } end, nil, "not this rotation's" },
    { function(g) g.forfeit = { strategy = "random", seat = "two", reason = "x" } end, nil, "a forfeit without" },
    -- Ctrl-C caught as the variant's error by an older version: the deal is played again
    { function(g, v)
        for k in pairs(g) do if k ~= "seats" then g[k] = nil end end
        g.error = { deal = v.i, rotation = 1, reason = "guard.lua: interrupted!" }
        v.errors = { g.error }
      end, nil, "deal 11, rotation 1: stopped by an interrupt (Ctrl-C), not finished: played again" },
    -- the game's own record, what replay reads (these were counted, and
    -- replay then refused the deal or loaded what it named)
    { function(g) g.record.game = "/tmp/evil.lua" end, nil, "a record of '/tmp/evil.lua', not of spades" },
    { function(g) g.record.seed = "os.execute('x')" end, nil, "a record of seed 'os.execute('x')', not the deal's" },
    { function(g) g.record.moves[3] = { 9, "As" } end, nil, "a record whose move 3 is not { seat, text }" },
    { function(g) g.record.moves = { a = 1 } end, nil, "a record whose moves are not a list" },
    { function(g) g.record.options = { target = "x" } end, nil, "a record with option 'target' = 'x', not the tournament's" },
    { function(g) g.record.dealer = 0 end, nil, "a record of dealer 0" },
    { function(g) g.record = "x" end, nil, "no record of its moves" },
  }

  it("reports every spoiled line by its number and counts none of them, resumed or merged", function()
    local clean, dirty = F.tmpname(), F.tmpname()
    local r1 = dh.tournament(with { record = clean, games = #cases })
    local lines = lines_of(clean)
    local want = {}
    for k, case in ipairs(cases) do
      lines[k + 1] = edited(lines[k + 1], case[1], case[2])   -- deal k, line k + 1
      want[k] = { k + 1, case[3] }
    end
    F.write(dirty, table.concat(lines, "\n") .. "\n")
    -- merged: reported, not counted, no crash
    local merged = dh.tournament_merge { dirty }
    assert.equals(0, merged.deals)
    assert.equals(#cases, #merged.problems)
    for k, w in ipairs(want) do
      assert.matches(dirty .. ": line " .. w[1] .. ": deal " .. (w[1] - 1), merged.problems[k], 1, true)
      assert.matches(w[2], merged.problems[k], 1, true)
    end
    -- resumed: the same reports, the spoiled deals played again, the totals of a clean run
    local r2 = dh.tournament(with { record = dirty, games = #cases })
    assert.same(r1.players, r2.players)
    for k, w in ipairs(want) do
      assert.matches("line " .. w[1] .. ": ", r2.problems[k], 1, true)
      assert.matches(w[2], r2.problems[k], 1, true)
    end
    -- from the command line, one message a line
    local out, ok = run(("%s merge %s"):format(bin, dirty))
    assert.is_true(ok, out)
    assert.matches("line 9: deal 8 has 1 of its 2 rotations", out, 1, true)
    assert.not_matches("traceback", out)
    os.remove(clean); os.remove(dirty)
  end)

  it("names the argument that differs and its two values", function()
    local rec = F.tmpname()
    dh.tournament(with { record = rec, games = 2 })
    local out, ok = run(("%s tournament spades --players heuristic,random --seed 11 --games 3 --record %s --quiet")
      :format(bin, rec))
    assert.is_falsy(ok)
    assert.matches(rec .. " was made with other arguments: --games 2 in the record, 3 here", out, 1, true)
    out = run(("%s tournament spades --players heuristic,pimc --seed 11 --games 2 --record %s --quiet"):format(bin, rec))
    assert.matches('--players ["heuristic","random"] in the record, ["heuristic","pimc"] here', out, 1, true)
    os.remove(rec)
  end)

  -- a header without its secret was resumed with a new one: the deals
  -- after it were played with other bot seeds than those before, unsaid
  it("is not resumed when its header's secret is missing or damaged", function()
    local rec = F.tmpname()
    dh.tournament(with { record = rec, games = 2 })
    local lines = lines_of(rec)
    local tried = 0
    for _, secret in ipairs { "(none)", 12345, "xyz" } do
      tried = tried + 1
      local h = json.decode(lines[1])
      h.secret = secret ~= "(none)" and secret or nil
      local text = json.encode(h) .. "\n" .. lines[2] .. "\n"
      F.write(rec, text)
      local cfg = with { record = rec, games = 2 }
      cfg.secret = nil
      local ok, err = pcall(dh.tournament, cfg)
      assert.is_false(ok)
      assert.matches(rec .. ": its header's secret (the bots' seeds of its deals) is not 32 hex digits", err, 1, true)
      local f = assert(io.open(rec, "rb")); local now = f:read("a"); f:close()
      assert.equals(text, now)   -- and nothing written
    end
    assert.equals(3, tried)
    os.remove(rec)
  end)

  it("is not merged with shards of another secret (other bot seeds)", function()
    local a, b = F.tmpname(), F.tmpname()
    dh.tournament(with { record = a, shard = "1/2", games = 4 })
    dh.tournament(with { record = b, shard = "2/2", games = 4, secret = ("fedcba9876543210"):rep(2) })
    local ok, err = pcall(dh.tournament_merge, { a, b })
    assert.is_false(ok)
    assert.matches(b .. " was played with another secret than " .. a, err, 1, true)
    -- and shards of other arguments are refused naming the argument
    local c = F.tmpname()
    dh.tournament(with { record = c, shard = "2/2", games = 6 })
    ok, err = pcall(dh.tournament_merge, { a, c })
    assert.is_false(ok)
    assert.matches("--games 6 in " .. c .. ", 4 in " .. a, err, 1, true)
    os.remove(a); os.remove(b); os.remove(c)
  end)
end)
