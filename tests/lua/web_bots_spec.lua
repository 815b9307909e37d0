-- deckhand web, the bots' process: a bot that thinks for seconds holds up
-- no other page; a bot keeps its time limit and its sandbox in the web as
-- in a tournament; a match left while its bot thinks stops the bot.
-- The bots of these specs are files of a temporary strategies folder.
package.path = "tests/lua/?.lua;" .. package.path
local H = require "web_helper"
local dh = require "deckhand"
local libs = require "deckhand.web.libs"
local F = require "file_helper"

local bots_lib = require "deckhand.web.bots"

local cqueues = libs.require "cqueues"

local function running(pid) return os.execute(("kill -0 %d 2>/dev/null"):format(pid)) == true end

-- waits up to 5 s for a process to end; whether it did
local function ends(pid)
  for _ = 1, 100 do
    if not running(pid) then return true end
    cqueues.sleep(0.05)
  end
  return false
end

-- a bot that spends `seconds` of CPU time on every decision, then makes
-- the first legal move; one that never returns; one that tries the shell
local bots = {
  slow = [[
local M = {}
function M.new(options)
  local function think() local t = os.clock() + 2 while os.clock() < t do end end
  local s = { name = "slow" }
  function s.bid(view) think() return view:legal()[1] end
  function s.play(view) think() return view:legal()[1] end
  return s
end
return M
]],
  stuck = [[
local M = {}
function M.new()
  local s = { name = "stuck" }
  function s.bid() local t = os.clock() + 60 while os.clock() < t do end return 0 end
  s.play = s.bid
  return s
end
return M
]],
  forever = [[
local M = {}
function M.new()
  local s = { name = "forever" }
  function s.bid() while true do end end
  s.play = s.bid
  return s
end
return M
]],
  broken = [[
local M = {}
function M.new() error("no model file here") end
return M
]],
  shell = [[
local M = {}
function M.new()
  local s = { name = "shell" }
  function s.bid() os.execute("touch MARKER") return 0 end
  s.play = s.bid
  return s
end
return M
]],
}

local folder, saved_path

setup(function()
  folder = H.tmpdir()
  os.execute(("mkdir -p '%s/strategies'"):format(folder))
  for name, text in pairs(bots) do F.write(("%s/strategies/%s.lua"):format(folder, name), text) end
  saved_path = dh.strategy_path
  dh.strategy_path = folder .. "/strategies/?.lua;" .. dh.strategy_path
end)

teardown(function()
  dh.strategy_path = saved_path
  os.execute(("rm -rf '%s'"):format(folder))
end)

-- answers the client's turns with its first legal move until f(msg) is
-- true for a message; returns that message
local function play_until(c, seat, f)
  local turn = c:turn()   -- the turn may be in a message already read
  if turn then c:move(seat, turn.view.moves[1]) end
  while true do
    local msg = assert(c:receive(60))
    if f(msg) then return msg end
    if msg.type == "error" then error(("error %s: %s"):format(msg.code, msg.message), 2) end
    if msg.your_turn then c:move(seat, msg.view.moves[1]) end
  end
end

describe("deckhand web: bots think in a process of their own", function()
  it("serves another page and its match while a slow bot thinks", function()
    H.with_server({ pace = 0 }, function(server)
      local order = {}
      -- A: a match against bots that take 2 s a decision
      local a = H.start(server, { game = "spades", seat = 1, bots = "slow", seed = 11 })
      local b_done = false
      cqueues.running():wrap(function()
        -- B: loads the page, starts a match, has a move refused, plays
        local status, page = H.http(server, "GET", "/")
        assert.are.equal(200, status)
        assert.truthy(page:find("/static/play.js", 1, true))
        assert.are.equal(200, (H.http(server, "GET", "/static/play.js")))
        local b = H.start(server, { game = "spades", seat = 1, bots = "random", seed = 5 })
        -- (the bad move once B's turn has come, after its three bots' bids:
        -- the refusal then follows the message that gave the turn, the
        -- order that, when the bids beat an early bad move to the server,
        -- once left B waiting for a turn it had been given)
        while not b:turn() do assert(b:receive(60)) end
        b:move(1, "not a move")
        local refused = b:expect("refused")
        assert.is_string(refused.message)
        local mine, theirs = 0, 0
        play_until(b, 1, function(msg)
          if msg.type == "move" then
            if msg.seat == 1 then mine = mine + 1 else theirs = theirs + 1 end
          end
          return mine >= 2 and theirs >= 3
        end)
        b:close()
        order[#order + 1] = "B played"
        b_done = true
      end)
      play_until(a, 1, function(msg) return msg.type == "move" and msg.seat ~= 1 end)
      order[#order + 1] = "A's bot moved"
      while not b_done do cqueues.sleep(0.05) end
      a:close()
      -- B's whole exchange came in while A's bot was thinking
      assert.are.same({ "B played", "A's bot moved" }, order)
    end)
  end)

  it("spaces the bots' moves by the pace at least", function()
    H.with_server({ pace = 0.3 }, function(server)
      local c = H.start(server, { game = "spades", seat = 1, bots = "random", seed = 8 })
      local last, gaps = cqueues.monotime(), {}
      play_until(c, 1, function(msg)
        if msg.type == "move" then
          local now = cqueues.monotime()
          -- a bot's move after any move: asked at once, answered no sooner than the pace
          if msg.seat ~= 1 then gaps[#gaps + 1] = now - last end
          last = now
        end
        return #gaps >= 6
      end)
      -- (lower bounds only, with room for a message delayed on its way)
      local sum = 0
      for _, g in ipairs(gaps) do
        assert.is_true(g >= 0.15, ("a bot moved %.3f s after the move before"):format(g))
        sum = sum + g
      end
      assert.is_true(sum >= 0.9 * 0.3 * #gaps, ("%d bot moves in %.3f s"):format(#gaps, sum))
    end)
  end)

  it("makes a bot over the time limit forfeit, and goes on", function()
    H.with_server({ pace = 0, limit = 0.3 }, function(server)
      local c = H.start(server, { game = "spades", seat = 1, bots = "forever", seed = 2 })
      local err = play_until(c, 1, function(msg) return msg.type == "error" end)
      assert.are.equal("match_failed", err.code)
      assert.matches("forfeits: took [%d.]+ s, over the time limit of 0.3 s", err.message)
      -- the server goes on
      local d = H.start(server, { game = "spades", seat = 1, bots = "random", seed = 2 })
      play_until(d, 1, function(msg) return msg.type == "move" and msg.seat ~= 1 end)
    end)
  end)

  it("stops a bots' process silent past the limit (a bot stuck where the limit cannot reach)", function()
    -- the server's own wait ends 0.1 s after the ask, long before the
    -- worker's limit of 60 s would stop the bot: as a bot stuck in C would
    local saved = bots_lib.grace
    bots_lib.grace = -59.9
    local ok, err = pcall(H.with_server, { pace = 0, limit = 60 }, function(server)
      local c, state = H.start(server, { game = "spades", seat = 1, bots = "stuck", seed = 11 })
      local pid = server.app.matches[state.token].bots.pid
      local failed = play_until(c, 1, function(msg) return msg.type == "error" end)
      assert.are.equal("match_failed", failed.code)
      assert.matches("forfeits: the bots' process did not answer", failed.message)
      assert.is_true(ends(pid), "the silent bots' process still runs")
    end)
    bots_lib.grace = saved
    assert(ok, err)
  end)

  it("keeps a bot in its sandbox", function()
    H.with_server({ pace = 0 }, function(server)
      local c = H.start(server, { game = "spades", seat = 1, bots = "shell", seed = 2 })
      local err = play_until(c, 1, function(msg) return msg.type == "error" end)
      assert.are.equal("match_failed", err.code)
      assert.matches("forfeits: raised: .*execute", err.message)
      assert.is_nil(io.open("MARKER"))
    end)
  end)

  it("names a bot that cannot start, and starts no match", function()
    H.with_server({ pace = 0 }, function(server)
      local c = H.client(server)
      c:send { type = "start", game = "spades", seat = 1, bots = { nil, "random", "broken", "random" } }
      local err = c:expect("error")
      assert.are.equal("bad_bot", err.code)
      assert.matches("seat 3: the bot 'broken' could not start: raised: .*no model file here", err.message)
      assert.is_nil(next(server.app.matches))
      -- the same page goes on
      c:send { type = "start", game = "spades", seat = 1, bots = "random" }
      c:expect("state")
    end)
  end)

  it("stops a bot still thinking when its match is left", function()
    H.with_server({ pace = 0 }, function(server)
      local c, state = H.start(server, { game = "spades", seat = 1, bots = "slow", seed = 11 })
      local m = server.app.matches[state.token]
      local pid = assert(m.bots.pid)
      -- its process runs while its bot thinks
      if state.your_turn then c:move(1, state.view.moves[1]) end
      cqueues.sleep(0.2)
      assert.is_true(running(pid))
      c:send { type = "leave" }
      c:expect("left")
      assert.is_true(ends(pid), "the bots' process still runs")
    end)
  end)

  it("ends a page's match when it starts another, and bounds the matches at once", function()
    local ok, err = pcall(H.with_server, { pace = 5, matches = 2 }, function(server)
      local c, first = H.start(server, { game = "spades", seat = 1, bots = "random", seed = 1 })
      local pid = server.app.matches[first.token].bots.pid
      c:send { type = "start", game = "spades", seat = 1, bots = "random", seed = 2 }
      local second = c:expect("state")
      assert.are_not.equal(first.token, second.token)
      assert.is_nil(server.app.matches[first.token])
      assert.is_true(ends(pid), "the first match's bots still run")
      local d = H.start(server, { game = "hearts", seat = 1, bots = "random" })
      local e = H.client(server)
      e:send { type = "start", game = "spades", seat = 1, bots = "random" }
      local busy = e:expect("error")
      assert.are.equal("busy", busy.code)
      assert.matches("2 matches already", busy.message)
      -- a match that ends makes room
      d:send { type = "leave" }
      d:expect("left")
      e:send { type = "start", game = "spades", seat = 1, bots = "random" }
      e:expect("state")
    end)
    assert(ok, err)
  end)

  it("counts the matches still starting their bots against the bound", function()
    -- five pages ask at once while each match's bots take a while to load:
    -- two matches start, three pages are told the server is busy, and no
    -- more than two bots' processes were ever started
    local real_start = bots_lib.start
    local started = 0
    bots_lib.start = function(o)
      started = started + 1
      cqueues.sleep(0.5)
      return real_start(o)
    end
    local ok, err = pcall(H.with_server, { pace = 5, matches = 2 }, function(server)
      local pages = {}
      for i = 1, 5 do
        pages[i] = H.client(server)
        pages[i]:send { type = "start", game = "spades", seat = 1, bots = "random", seed = i }
      end
      local states, busy = 0, 0
      for _, c in ipairs(pages) do
        local m = assert(c:receive(30))
        if m.type == "state" then states = states + 1
        elseif m.type == "error" and m.code == "busy" then busy = busy + 1 end
      end
      assert.same({ 2, 3, 2 }, { states, busy, started })
    end)
    bots_lib.start = real_start
    assert(ok, err)
  end)

  it("counts only matches in play against the bound: a finished one holds no process", function()
    local ok, err = pcall(H.with_server, { matches = 1 }, function(server)
      local c = H.start(server, { game = "spades", seat = 1, options = { max_hands = 1 }, bots = "random", seed = 3 })
      H.play(c, 1)
      -- the finished match stays for its page (a reload shows the result)
      local e = H.client(server)
      e:send { type = "start", game = "spades", seat = 1, bots = "random" }
      e:expect("state")
    end)
    assert(ok, err)
  end)
end)
