-- deckhand web, record files that are not what they claim: corrupt
-- headers and deal lines, a file of one huge line, a link out of the
-- records folder.  Opening or replaying one is answered with an error
-- naming what is wrong; the watcher goes on following every other
-- tournament, and nothing is read outside the records folder.
package.path = "tests/lua/?.lua;" .. package.path
local H = require "web_helper"
local dh = require "deckhand"
local json = require "deckhand.json"

local function write(path, text)
  local f = assert(io.open(path, "wb"))
  f:write(text)
  f:close()
end

local function lines_of(path)
  local out = {}
  for l in io.lines(path) do out[#out + 1] = l end
  return out
end

describe("deckhand web: corrupt and hostile record files", function()
  local dir, good

  setup(function()
    -- a real 3-deal record, written by the tournament itself
    local src = H.tmpdir()
    dh.tournament { variant = "spades", players = { "heuristic", "random" }, games = 3, seed = 4,
                    record = src .. "/three.jsonl", progress = false, options = { max_hands = 1 } }
    good = lines_of(src .. "/three.jsonl")
    os.execute("rm -rf '" .. src .. "'")
  end)

  before_each(function() dir = H.tmpdir() end)
  after_each(function() os.execute("rm -rf '" .. dir .. "'") end)

  it("answers a corrupt record with an error and keeps following the others", function()
    assert.equal(4, #good)   -- the header and three deals
    -- a record still being written: its header and first deal so far
    write(dir .. "/grow.jsonl", good[1] .. "\n" .. good[2] .. "\n")
    local bad = {
      ["types.jsonl"] = '{"tournament":{"games":"x","players":5,"variant":"spades"}}\n' ..
                        '{"i":1,"games":[{"seats":[1,2],"record":{"game":"spades"}}]}\n',
      ["empty.jsonl"] = '{"tournament":{}}\n{"i":1,"games":[{}]}\n',
      ["deals.jsonl"] = good[1] .. '\n{"i":1,"games":[1,2,3]}\n{"i":2,"games":[{"seats":["heuristic"],"points":"x"}]}\n' .. good[3] .. "\n",
    }
    for name, text in pairs(bad) do write(dir .. "/" .. name, text) end
    H.with_server({ records = dir, poll = 0.05 }, function(server)
      local status, t = H.http(server, "POST", "/api/open", { file = "grow.jsonl" })
      assert.equal(200, status)
      assert.same({ "following", 1 }, { t.state, t.done })
      for _, name in ipairs { "types.jsonl", "empty.jsonl" } do
        local st, e = H.http(server, "POST", "/api/open", { file = name })
        assert.equal(400, st, name)
        assert.matches(name .. ": line 1 is not a tournament's header", e.error, 1, true)
      end
      -- whole deals are kept, the broken ones named as problems
      local st, d = H.http(server, "POST", "/api/open", { file = "deals.jsonl" })
      assert.equal(200, st, d.error)
      assert.equal(1, d.done)
      assert.same({ "line 2: not a deal", "line 3: not a deal" }, d.problems)
      -- the record grows: the watcher still follows it to its end
      local f = assert(io.open(dir .. "/grow.jsonl", "ab"))
      f:write(good[3], "\n", good[4], "\n")
      f:close()
      local seen
      for _ = 1, 100 do
        local _, one = H.http(server, "GET", "/api/tournaments/" .. t.id)
        seen = one
        if one.state == "done" then break end
        require("cqueues").sleep(0.05)
      end
      assert.same({ "done", 3 }, { seen.state, seen.done })
      assert.equal(3, seen.results.deals)
    end)
  end)

  it("refuses a file of one huge line without reading it all", function()
    -- 6 MiB with no line end: no header can be that long
    write(dir .. "/huge.jsonl", '{"tournament":{"games":1,"players":["a"],"variant":"spades","x":"' ..
          ("x"):rep(6 * 1024 * 1024))
    write(dir .. "/huge.json", '{"game":"spades","pad":"' .. ("y"):rep(6 * 1024 * 1024) .. '"}\n')
    H.with_server({ records = dir }, function(server)
      local st, e = H.http(server, "POST", "/api/open", { file = "huge.jsonl" })
      assert.equal(400, st)
      assert.matches("huge.jsonl: line 1 is longer than", e.error, 1, true)
      st, e = H.http(server, "GET", "/api/replay?file=huge.json")
      assert.equal(400, st)
      assert.matches("huge.json: line 1 is longer than", e.error, 1, true)
      local _, list = H.http(server, "GET", "/api/records")
      assert.same({}, list)
    end)
  end)

  it("reads no file outside the records folder, even through a link", function()
    local outside = H.tmpdir()
    write(outside .. "/secret.json", '{"game":"the secret text"}\n')
    write(outside .. "/t.jsonl", table.concat(good, "\n") .. "\n")
    assert(os.execute(("ln -s '%s/secret.json' '%s/link.json'"):format(outside, dir)))
    assert(os.execute(("ln -s '%s/t.jsonl' '%s/link.jsonl'"):format(outside, dir)))
    H.with_server({ records = dir }, function(server)
      local st, e = H.http(server, "GET", "/api/replay?file=link.json")
      assert.equal(400, st)
      assert.not_matches("secret", e.error)
      assert.matches("link.json: not a file of the records folder", e.error, 1, true)
      st, e = H.http(server, "POST", "/api/open", { file = "link.jsonl" })
      assert.equal(400, st)
      assert.matches("link.jsonl: not a file of the records folder", e.error, 1, true)
      local _, list = H.http(server, "GET", "/api/records")
      assert.same({}, list)
    end)
    os.execute("rm -rf '" .. outside .. "'")
  end)

  it("runs no code named by a record: a game that is a path is refused, not loaded", function()
    local outside = H.tmpdir()
    local marker = outside .. "/ran"
    -- a rules file that would leave a mark if anything loaded it
    write(outside .. "/evil.lua", ("io.open(%q, 'w'):close() return {}\n"):format(marker))
    local names = {}
    for i, game in ipairs { outside .. "/evil", outside .. "/evil.lua", "../../../../../../" .. outside .. "/evil",
                            "evil", { "x" } } do
      names[i] = ("evil%d.json"):format(i)
      write(dir .. "/" .. names[i], json.encode { game = game, seed = 1, moves = {} } .. "\n")
    end
    H.with_server({ records = dir }, function(server)
      for _, name in ipairs(names) do
        local st, e = H.http(server, "GET", "/api/replay?file=" .. name)
        assert.equal(400, st, name)
        assert.matches(name .. ": ", e.error, 1, true)
      end
    end)
    assert.is_nil(io.open(marker))
    os.execute("rm -rf '" .. outside .. "'")
  end)

  it("answers a route that fails inside with a 500 and its reason, and goes on", function()
    H.with_server({ records = dir }, function(server)
      local replay = require "deckhand.web.replay"
      local real = replay.list
      replay.list = function() error("the disk is on fire") end
      local st, e = H.http(server, "GET", "/api/records")
      replay.list = real
      assert.equal(500, st)
      assert.matches("the disk is on fire", e.error, 1, true)
      st = H.http(server, "GET", "/api/records")
      assert.equal(200, st)
      assert.equal("table", type(json.decode(json.encode(e))))
    end)
  end)
end)
