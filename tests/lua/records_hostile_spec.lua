-- A record file damaged or written to harm, and output that cannot be
-- written, at the command line: each command names what was wrong and
-- exits non-zero, runs no code the record names, and loses nothing.
package.path = "tests/lua/?.lua;" .. package.path
local F = require "file_helper"
local dh = require "deckhand"
local json = require "deckhand.json"

local root = os.getenv("DECKHAND_ROOT") or "."
local bin = "lua5.4 " .. root .. "/bin/deckhand"
local SECRET = ("0123456789abcdef"):rep(2)

local function run(args)
  local p = io.popen(bin .. " " .. args .. " 2>&1")
  local out = p:read("a")
  local ok, _, code = p:close()
  return out, ok, code
end

-- no library location, no traceback
local function clean(out)
  assert.is_nil(out:find("%.lua:%d+:"), out)
  assert.is_nil(out:find("bin/deckhand:%d+:"), out)
  assert.is_nil(out:lower():find("traceback", 1, true), out)
end

-- a record of three deals of Briscola, its lines
local function record()
  local rec = F.tmpname()
  dh.tournament { variant = "briscola", players = { "random", "random" }, games = 3, seed = 5,
                  progress = false, secret = SECRET, record = rec }
  local lines = {}
  for l in io.lines(rec) do lines[#lines + 1] = l end
  return rec, lines
end

-- the record with deal 2 (line 3) changed by edit(deal), or replaced by text
local function damaged(lines, edit)
  local copy = { table.unpack(lines) }
  if type(edit) == "string" then
    copy[3] = edit
  else
    local v = json.decode(copy[3])
    edit(v)
    copy[3] = json.encode(v)
  end
  local file = F.tmpname()
  F.write(file, table.concat(copy, "\n") .. "\n")
  return file
end

describe("deckhand replay of a damaged deal line", function()
  -- a line was read whole however long: a file with no line end
  -- (/dev/zero) took all the memory there was
  it("reads no line longer than deckhand web does", function()
    local file = F.tmpname()
    F.write(file, ("x"):rep(5 * 1024 * 1024))
    local out, ok = run("replay " .. file)
    assert.is_falsy(ok)
    assert.equals(("deckhand: %s: line 1 is longer than 4194304 bytes\n"):format(file), out)
    os.remove(file)
  end)

  -- a resume and a merge read every line whole: a deal line of no end
  -- took as much memory as the file had bytes
  it("is refused by a resume and a merge past the same bound", function()
    local rec, lines = record()
    local file = damaged(lines, ("x"):rep(5 * 1024 * 1024))
    local want = ("%s: line 3 is longer than 4194304 bytes"):format(file)
    local out, ok = run(("tournament briscola --players random,random --games 3 --seed 5 --record %s"):format(file))
    assert.is_falsy(ok)
    assert.truthy(out:find(want, 1, true), out)
    clean(out)
    out, ok = run(("merge %s %s --out %s"):format(rec, file, F.tmpname()))
    assert.is_falsy(ok)
    assert.truthy(out:find(want, 1, true), out)
    clean(out)
    os.remove(rec); os.remove(file)
  end)

  -- each: how deal 2 is damaged, and what replay says (it said the
  -- script's own file and line: "bin/deckhand:217: bad argument #1 to 'concat'")
  local cases = {
    { function(v) v.games[1].seats = 5 end, "line 3 (deal 2, rotation 1) is damaged: its seats are not a list of names" },
    { function(v) v.games[1].seats = { "random", { 1 } } end, "its seats are not a list of names" },
    { function(v) v.seed = "os.execute('touch x')" end, "its seed is 'os.execute('touch x')'" },
    { function(v) v.seed = nil end, "its seed is missing" },
    { function(v) v.games = nil end, "its games are missing" },
    { function(v) v.games[1] = 7 end, "line 3 (deal 2, rotation 1) is damaged: not a game" },
    { function(v) v.games[1].forfeit = { strategy = { 1 }, seat = "x", reason = 5 } end,
      "deal 2, rotation 1 was forfeited: table at seat 'x': 5" },
  }
  it("names the line and what is wrong with it", function()
    local rec, lines = record()
    for _, case in ipairs(cases) do
      local file = damaged(lines, case[1])
      local out, ok = run("replay " .. file .. " --game 2")
      assert.is_falsy(ok, out)
      assert.matches(case[2], out, 1, true)
      clean(out)
      os.remove(file)
    end
    os.remove(rec)
  end)

  -- the deal's line ("deal 1, seed ..., seats: ...") was the first line
  -- of the Bridge file --to wrote
  it("writes a tournament's Bridge deal as a Bridge file alone", function()
    local rec = F.tmpname()
    dh.tournament { variant = "bridge", players = { "random", "random" }, games = 1, seed = 5, progress = false,
                    secret = SECRET, record = rec, options = { boards = 1 } }
    local out, ok = run("replay " .. rec .. " --game 1 --to pbn")
    assert.is_true(ok, out)
    assert.matches("^%% PBN 2%.1\n", out)
    os.remove(rec)
  end)

  it("says a file whose first line is a deal has no header", function()
    local rec, lines = record()
    local file = F.tmpname()
    F.write(file, table.concat(lines, "\n", 2) .. "\n")
    local out, ok = run("replay " .. file .. " --game 2")
    assert.is_falsy(ok, out)
    assert.matches(file .. ": line 1 is a deal, not the record's header", out, 1, true)
    os.remove(file); os.remove(rec)
  end)

  -- a move of a megabyte: the message about it took time growing with the
  -- square of its length (hours), and quoted it whole
  it("answers at once on a move of a megabyte, quoting a little of it", function()
    local rec, lines = record()
    local file = damaged(lines, function(v) v.games[1].record.moves[1][2] = ("A"):rep(1000000) end)
    local p = io.popen(("timeout 60 %s replay %s --game 2 2>&1; echo status $?"):format(bin, file))
    local out = p:read("a")
    p:close()
    assert.matches("status 1\n", out, 1, true)   -- 124: still at it after a minute
    assert.matches("move 1 (seat 2, '" .. ("A"):rep(40) .. "...' (1000000 characters)): not a move: '", out, 1, true)
    assert.is_true(#out < 600, #out)
    clean(out)
    os.remove(file); os.remove(rec)
  end)
end)

-- a record of a tournament run from a game's file names that file in its
-- header; merging or watching it loaded the file, running its code
describe("a record naming a game's file", function()
  local dir = F.tmpname()
  os.execute("mkdir -p " .. dir)
  local game = dir .. "/mine.lua"
  -- a small game; its print (to standard error, in a variant's sandbox)
  -- says when the file is run
  F.write(game, 'print("MINE WAS RUN")\nlocal R = require("deckhand").rule\n'
    .. 'return { name = "mine", options = { max_hands = 1 }, build = function(o) return { seats = 2, deck = "french52",'
    .. ' sizes = { 5 }, hand = R.free_play, play = R.highest_of_led, points = R.tricks(1),'
    .. ' win = R.highest_after(1), max_hands = o.max_hands } end }\n')
  local rec = dir .. "/mine.jsonl"
  local made = select(2, run(("tournament %s --players random,random --games 3 --record %s --quiet"):format(game, rec)))

  it("is merged only with the file the user names", function()
    assert.is_true(made)
    local out, ok = run("merge " .. rec)
    assert.is_falsy(ok, out)
    assert.equals(("deckhand: %s: its game is the file %s, and a record loads no file: name the file to merge"
      .. " with (deckhand merge --variant FILE)\n"):format(rec, game), out)
    out, ok = run(("merge %s --variant %s"):format(rec, game))
    assert.is_true(ok, out)
    assert.matches(game .. ", 3 deals (duplicate)", out, 1, true)
  end)

  it("is followed by deckhand web without running the file", function()
    local code = ([[
      local w = require("deckhand.web.watch").new { records = %q }
      local t = assert(w:open("mine.jsonl"))
      print(t.state, t.done)
    ]]):format(dir)
    local p = io.popen(("lua5.4 -e %q 2>&1"):format(code))
    local out = p:read("a")
    p:close()
    assert.equals("done\t3\n", out)   -- and no "MINE WAS RUN"
    os.execute("rm -rf " .. dir)
  end)
end)

describe("output that cannot be written", function()
  -- print ignored its failed writes: the results were lost and the
  -- command said it had succeeded
  it("fails a command whose standard output is a full disk", function()
    -- --help and --version too: argparse's own exit said 0
    for _, args in ipairs { "tournament briscola --players random,random --games 2 --quiet",
                            "check briscola --matches 1", "--help", "--version", "play --help",
                            "merge --help" } do
      local p = io.popen(bin .. " " .. args .. " 2>&1 >/dev/full")
      local out = p:read("a")
      local ok = p:close()
      assert.is_falsy(ok, args)
      assert.equals("deckhand: cannot write standard output (a full disk?): what the command printed is incomplete\n", out)
    end
  end)

  -- each said the file's name twice: "cannot open x.jsonl: x.jsonl: ..."
  it("names the file once with the reason", function()
    local rec = record()
    local dir = F.tmpname()   -- no such folder
    for args, want in pairs {
      [("tournament briscola --players random,random --games 1 --quiet --record %s/x.jsonl"):format(dir)] =
        ("cannot open %s/x.jsonl: No such file or directory"):format(dir),
      [("merge %s --out %s/m.jsonl"):format(rec, dir)] = ("cannot write %s/m.jsonl.part: No such file or directory"):format(dir),
      [("merge %s --report %s/r.html"):format(rec, dir)] = ("cannot write %s/r.html: No such file or directory"):format(dir),
    } do
      local out, ok = run(args)
      assert.is_falsy(ok, args)
      assert.matches("deckhand: " .. want .. "\n", out, 1, true)
    end
    os.remove(rec)
  end)

  -- the merged record and the report were written beside their name and
  -- renamed onto it: onto a link, the link became a file of its own (onto
  -- /dev/full, run as root, the device became a plain file)
  it("writes a merged record and a report through a link", function()
    local rec, lines = record()
    local dir = F.tmpname()
    os.execute("mkdir -p " .. dir)
    for _, what in ipairs { "--out", "--report" } do
      local target, link = dir .. "/target", dir .. "/link"
      os.remove(target); os.remove(link)
      assert(os.execute(("ln -s %s %s"):format(target, link)))
      local out, ok = run(("merge %s %s %s"):format(rec, what, link))
      assert.is_true(ok, out)
      local p = io.popen("test -L " .. link .. " && echo link")
      assert.equals("link\n", p:read("a"), what)
      p:close()
      local text = F.slurp(target)
      if what == "--out" then assert.equals(table.concat(lines, "\n") .. "\n", text)
      else assert.matches("^<!doctype html>", text) end
    end
    os.execute("rm -rf " .. dir)
    os.remove(rec)
  end)
end)

-- an input, or the run's own record, named otherwise than the command's
-- other argument was overwritten: merge --out ./a.jsonl replaced its
-- input a.jsonl (its uncounted lines lost), --report run.jsonl beside
-- --record run.jsonl replaced every deal with the page
describe("a record named twice", function()
  it("is never overwritten by the merged record or a report", function()
    local rec, lines = record()
    local dir = F.tmpname()
    os.execute("mkdir -p " .. dir)
    local a, link = dir .. "/a.jsonl", dir .. "/link.jsonl"
    local text = table.concat(lines, "\n") .. "\n"
    F.write(a, text)
    assert(os.execute(("ln -s %s %s"):format(a, link)))
    for _, args in ipairs {
      ("merge %s --out %s/./a.jsonl"):format(a, dir),
      ("merge %s --out %s"):format(a, link),
      ("merge %s --report %s"):format(link, a),
      ("merge %s --out %s/b.jsonl --report %s/b.jsonl"):format(a, dir, dir),
      ("tournament briscola --players random,random --games 3 --seed 5 --secret %s --record %s --report %s --quiet")
        :format(SECRET, a, link),
    } do
      local out, ok = run(args)
      assert.is_falsy(ok, args)
      assert.matches("^deckhand: [^\n]*" .. (args:match("report") and "it is the record " or "will not overwrite an input: "), out)
      assert.equals(text, F.slurp(a), args)
    end
    os.execute("rm -rf " .. dir)
    os.remove(rec)
  end)
end)

-- a record's texts reached the terminal raw: a player's name or a move
-- holding escape sequences cleared the screen, set the title (and, on
-- some terminals, wrote the clipboard)
describe("a record's texts on a terminal", function()
  it("show control characters as \\27 and so on", function()
    local rec, lines = record()
    local esc = "\27]0;title\7\27[2J"
    local cases = {
      { function(v) v.games[1].seats[1] = esc end, "replay %s --game 2" },
      { function(v) v.games[1].record.moves[1][2] = esc end, "replay %s --game 2" },
      { function(v) v.games[1].seats[1] = esc end, "merge %s" },
      { function(v)
          local g = v.games[1]
          g.forfeit = { strategy = "random", seat = 1, move = esc, seed = 1, deal = 2, rotation = 1, reason = esc }
          v.forfeits = { g.forfeit }
        end, "merge %s" },
    }
    for k, case in ipairs(cases) do
      local file = damaged(lines, case[1])
      local out = run(case[2]:format(file))
      assert.is_nil(out:find("\27", 1, true), k .. ": " .. out)
      assert.matches("\\27]0;title\\7\\27[2J", out, 1, true)
      os.remove(file)
    end
    os.remove(rec)
  end)
end)
