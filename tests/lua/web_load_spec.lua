-- deckhand web under load: 50 pages at once, each playing a whole match
-- against bots over its own WebSocket on 127.0.0.1; every match ends
-- with no error and each page gets only its own match.
package.path = "tests/lua/?.lua;" .. package.path
local H = require "web_helper"
local libs = require "deckhand.web.libs"

local cqueues = libs.require "cqueues"
local condition = libs.require "cqueues.condition"

describe("deckhand web: 50 pages at once", function()
  it("finishes 50 concurrent matches against bots with no error", function()
    H.with_server({}, function(server)
      local n, done, errors, tokens = 50, 0, {}, {}
      local all_done = condition.new()
      for i = 1, n do
        cqueues.running():wrap(function()
          local ok, err = pcall(function()
            local c = H.client(server)
            local game = i % 2 == 0 and "spades" or "hearts"
            c:send { type = "start", game = game, seat = i % 4 + 1, options = { max_hands = 1 }, bots = "random" }
            local st = c:expect("state")
            tokens[st.token] = (tokens[st.token] or 0) + 1
            local over = H.play(c, i % 4 + 1)
            assert(over.result.over, "not over")
            for _, m in ipairs(c.seen) do
              assert(m.token == nil or m.token == st.token, "a message of another match")
            end
            c:close()
          end)
          if not ok then errors[#errors + 1] = ("client %d: %s"):format(i, tostring(err)) end
          done = done + 1
          all_done:signal()
        end)
      end
      while done < n do all_done:wait(120) end
      assert.same({}, errors)
      local distinct = 0
      for _, count in pairs(tokens) do distinct = distinct + 1; assert.equal(1, count) end
      assert.equal(n, distinct)
    end)
  end)
end)
