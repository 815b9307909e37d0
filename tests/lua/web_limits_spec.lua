-- deckhand web, one client cannot fill the server: matches started and
-- dropped are reclaimed (after `keep` seconds, or at once when a page
-- wants room), and the matches in play -- each with a process for its
-- bots -- are capped for the server, for one address and for one page.
package.path = "tests/lua/?.lua;" .. package.path
local H = require "web_helper"
local libs = require "deckhand.web.libs"

local cqueues = libs.require "cqueues"

local function running(pid) return os.execute(("kill -0 %d 2>/dev/null"):format(pid)) == true end

-- waits up to `seconds` for a process to end; whether it did
local function ends(pid, seconds)
  local deadline = cqueues.monotime() + (seconds or 5)
  repeat
    if not running(pid) then return true end
    cqueues.sleep(0.05)
  until cqueues.monotime() > deadline
  return false
end

-- the bots' processes of the matches the server holds
local function live_pids(server)
  local out = {}
  for _, m in pairs(server.app.matches) do
    if m.bots and m.bots.pid and running(m.bots.pid) then out[#out + 1] = m.bots.pid end
  end
  return out
end

-- a page that starts a match and drops its socket without a word; the pid
-- of the match's bots
local function start_and_drop(server, fields, token)
  local c = H.client(server, 10, token)
  local msg = { type = "start", game = "spades", seat = 1, bots = "random" }
  for k, v in pairs(fields or {}) do msg[k] = v end
  c:send(msg)
  local st = c:expect("state")
  local pid = server.app.matches[st.token].bots.pid
  c.ws.socket:shutdown()
  c.ws.socket:close()
  return st.token, pid
end

describe("deckhand web: one client cannot fill the server", function()
  it("waits minutes for a page that went away, not half an hour, unless told", function()
    local server_lib = require "deckhand.web.server"
    local dir = H.tmpdir()
    local s = assert(server_lib.new { port = 0, records = dir, log = function() end })
    local keep, caps = s.app.keep, s.app.caps
    s:close()
    os.execute("rm -rf '" .. dir .. "'")
    assert.truthy(keep <= 300, keep .. " s")
    assert.same({ 100, 60, 2 }, { caps.total, caps.address, caps.page })
  end)

  it("reclaims a match no page has come back to after `keep` seconds", function()
    H.with_server({ keep = 1, pace = 0 }, function(server)
      local token, pid = start_and_drop(server)
      assert.is_true(running(pid))
      assert.is_true(ends(pid, 5), "the dropped match's bots still run")
      local c = H.client(server)
      c:send { type = "resume", token = token }
      assert.equal("unknown_match", c:expect("error").code)
      -- a page that stays is not reclaimed, however long it thinks
      local d, st = H.start(server, { game = "spades", seat = 1, bots = "random" })
      local dpid = server.app.matches[st.token].bots.pid
      cqueues.sleep(2)
      assert.is_true(running(dpid))
      d:send { type = "resume", token = st.token }
      assert.equal(st.token, d:expect("state").token)
    end)
  end)

  it("lets the longest idle dropped match give way: a flood of them never holds more than the cap", function()
    H.with_server({ matches = 4, pace = 0 }, function(server)
      local pids, most = {}, 0
      for i = 1, 12 do
        local _, pid = start_and_drop(server, { seed = i })
        pids[#pids + 1] = pid
        most = math.max(most, #live_pids(server))
      end
      assert.truthy(most <= 4, most .. " processes at once")
      -- the first eight gave way (their processes end), the last four wait
      for i = 1, 8 do assert.is_true(ends(pids[i]), "match " .. i .. "'s bots still run") end
      -- and a new page is served, not told the server is busy
      local c, st = H.start(server, { game = "hearts", seat = 1, bots = "random" })
      assert.equal("playing", st.state)
      assert.truthy(#live_pids(server) <= 4)
      c:close()
    end)
  end)

  it("caps the matches one page and one address hold while their pages stay", function()
    H.with_server({ per_page = 2, per_address = 3, pace = 5 }, function(server)
      local token = H.page(server)
      local pages = {}
      for i = 1, 2 do pages[i] = H.start(server, { game = "spades", seat = 1, bots = "random" }) end
      -- one page's token on many sockets: two matches, then busy
      local a = H.client(server, 10, token)
      a:send { type = "start", game = "spades", seat = 1, bots = "random" }
      a:expect("state")
      local b = H.client(server, 10, token)
      b:send { type = "start", game = "spades", seat = 1, bots = "random" }
      local e = b:expect("error")
      assert.equal("busy", e.code)
      assert.matches("matches from your address", e.message, 1, true)   -- 2 + 1 from 127.0.0.1
      -- a second match for the token once the address has room: the page's cap
      pages[1]:send { type = "leave" }
      pages[1]:expect("left")
      b:send { type = "start", game = "spades", seat = 1, bots = "random" }
      b:expect("state")
      pages[2]:send { type = "leave" }
      pages[2]:expect("left")
      local c = H.client(server, 10, token)
      c:send { type = "start", game = "spades", seat = 1, bots = "random" }
      e = c:expect("error")
      assert.equal("busy", e.code)
      assert.matches("this page has 2 matches", e.message, 1, true)
      assert.equal(2, #live_pids(server))
    end)
  end)
end)
