-- deckhand web plays every match in one process: a game whose own code
-- looped stopped the event loop, and with it every page and match.  Now
-- the game's code runs under the rule time limit (server.new's
-- rule_time): the match ends naming it, and the server serves on.
package.path = "tests/lua/?.lua;" .. package.path
local H = require "web_helper"
local dh = require "deckhand"
local catalog = require "deckhand.web.catalog"
local F = require "file_helper"

local dir = F.tmpname()
os.execute("mkdir -p " .. dir)
local saved_path = dh.path

-- each seat in turn says "go"; the third "go" never returns
F.write(dir .. "/web_loopy.lua", F.loopy_game("web_loopy"))
F.write(dir .. "/web_loopy_build.lua", [[
return { name = "web_loopy_build", options = {}, build = function(o) while true do end end }]])

describe("deckhand web under a game whose code loops", function()
  setup(function() dh.path = dir .. "/?.lua;" .. saved_path end)
  teardown(function()
    dh.path = saved_path
    require "deckhand.core".host.rule_limit(0)
    os.execute("rm -rf " .. dir)
  end)

  it("ends that match naming the rule time limit, and serves on", function()
    H.with_server({ rule_time = 0.3 }, function(server)
      local c = H.start(server, { game = "web_loopy", seat = 1, bots = "random" })
      c:move(1, "go")                       -- said 1; the bot's is said 2
      c:expect("move")
      local bot = c:expect("move")
      assert.equal(2, bot.seat)
      -- a person's thinking is not the rules' time
      require "deckhand.web.libs".require "cqueues".sleep(0.5)
      c:move(1, "go", bot.step)             -- said 3: loops
      local err = c:expect("error", 20)
      assert.equal("match_failed", err.code)
      assert.matches("rule time limit: the rules ran over 0.3 s (at ", err.message, 1, true)
      -- the event loop is free: another page plays a whole match
      local d = H.start(server, { game = "spades", seat = 1, bots = "random", options = { max_hands = 1 } })
      local over = H.play(d, 1)
      assert.truthy(over.result)
    end)
  end)

  it("lists a game whose build loops with the limit's message", function()
    H.with_server({ rule_time = 0.3 }, function()
      local found
      for _, g in ipairs(catalog.games()) do
        if g.name == "web_loopy_build" then found = g end
      end
      assert.truthy(found)
      assert.matches("rule time limit", found.error, 1, true)
    end)
  end)
end)
