-- deckhand web, bad input at the server: malformed and oversized
-- messages, frames that lie about their length, moves for another seat,
-- unknown games, options and bots.  Each gets a clear error naming what
-- was wrong; the server goes on and nothing else is affected.
package.path = "tests/lua/?.lua;" .. package.path
local H = require "web_helper"
local libs = require "deckhand.web.libs"
local json = require "deckhand.json"

local socket = libs.require "cqueues.socket"

-- a WebSocket opened by hand, to send frames no library would
local function raw_client(server)
  local s = assert(socket.connect("127.0.0.1", server:port()))
  s:setmode("b", "b")
  assert(s:write(("GET /ws?token=%s HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n"):format(H.page(server), server:port()) ..
                 "Upgrade: websocket\r\nConnection: Upgrade\r\n" ..
                 "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"))
  assert(s:flush())
  local head = {}
  repeat
    local line = assert(s:xread("*l", "t", 5))
    head[#head + 1] = line
  until line == "" or line == "\r"
  assert.matches("101", head[1])
  return s
end

-- the next text frame the server sends (unmasked, short), decoded
local function read_frame(s)
  local b = s:xread(2, "b", 5)
  if not b or #b < 2 then return nil end
  local op, len = b:byte(1) & 0x0F, b:byte(2) & 0x7F
  if len == 126 then len = string.unpack(">I2", s:xread(2, "b", 5)) end
  local data = len > 0 and s:xread(len, "b", 5) or ""
  if op == 0x8 then return { closed = true, code = #data >= 2 and string.unpack(">I2", data) or nil } end
  return json.decode(data)
end

describe("deckhand web: bad input", function()
  it("names what is wrong in a message and keeps the connection", function()
    H.with_server({}, function(server)
      local c = H.client(server)
      local cases = {
        { "{not json", "bad_json", "JSON object" },
        { "[1, 2]", "bad_type", "unknown message type" },
        { '"start"', "bad_json", "JSON object" },
        { { type = "dance" }, "bad_type", '"dance"' },
        { { type = "move", seat = 1, move = "Td" }, "no_match", "start or resume" },
        { { type = "start", game = "chess" }, "bad_game", "unknown variant 'chess'" },
        { { type = "start", game = "/etc/passwd" }, "bad_game", "unknown game '/etc/passwd'" },
        { { type = "start", game = "spades", options = { target = "high" } }, "bad_game", "option 'target'" },
        { { type = "start", game = "spades", options = { colour = 1 } }, "bad_game", "unknown option 'colour'" },
        { { type = "start", game = { "spades" } }, "bad_game", 'game must be a variant\'s name, got ["spades"]' },
        { { type = "start", game = "spades", options = { target = 1e300 } }, "bad_game",
          "spades: option 'target' must be an integer, got 1e+300" },
        { { type = "start", game = "spades", options = { target = 2.5 } }, "bad_game",
          "spades: option 'target' must be an integer, got 2.5" },
        { { type = "start", game = "spades", seat = 5 }, "bad_seat", "from 1 to 4, got 5" },
        { { type = "start", game = "spades", seat = "1" }, "bad_seat", 'got "1"' },
        { { type = "start", game = "spades", bots = "nobody" }, "bad_bot", "unknown bot 'nobody'" },
        { { type = "start", game = "spades", bots = { nil, "random", "human" } }, "bad_bot", "seat 3" },
        { { type = "start", game = "spades", seed = -4 }, "bad_seed", "seed must be" },
        { { type = "leave" }, "no_match", "no match" },
      }
      for _, case in ipairs(cases) do
        c:send(case[1])
        local e = c:expect("error")
        assert.equal(case[2], e.code, json.encode(case[1]))
        assert.matches(case[3], e.message, 1, true)
      end
      c:send { type = "ping" }
      c:expect("pong")
    end)
  end)

  it("refuses moves for a seat the connection does not play", function()
    H.with_server({}, function(server)
      local c, st = H.start(server, { game = "spades", seat = 1, options = { max_hands = 1 }, bots = "random" })
      for _, seat in ipairs { 2, 0, "1", 99 } do
        c:move(seat, "bid 3")
        local e = c:expect("error")
        assert.equal("not_your_seat", e.code)
        assert.matches("this page plays seat 1", e.message, 1, true)
      end
      c:move(1, ("x"):rep(300))
      assert.equal("bad_move", c:expect("error").code)
      -- the match itself never saw any of it: every move so far is a bot's or none
      for _, m in ipairs(c.seen) do
        if m.type == "move" then assert.are_not.equal(1, m.seat) end
      end
      assert.equal(st.token, c.seen[#c.seen].token or st.token)
    end)
  end)

  it("refuses a move after the match is over, and keeps the result for a reload", function()
    H.with_server({}, function(server)
      local c, st = H.start(server, { game = "spades", seat = 1, options = { max_hands = 1 }, bots = "random", seed = 3 })
      local over = H.play(c, 1)
      local steps = #c.seen
      for _, move in ipairs { "bid 3", "2c", "nil" } do
        c:move(1, move)
        local r = c:expect("refused")
        assert.same({ "game_over", require "deckhand.protocol".message("game_over"), move }, { r.code, r.message, r.move })
      end
      -- nothing was played after the end
      for i = steps + 1, #c.seen do assert.are_not.equal("move", c.seen[i].type) end
      local d = H.client(server)
      d:send { type = "resume", token = st.token }
      local again = d:expect("state")
      assert.same({ "over", over.result.seats, over.record }, { again.state, again.result.seats, again.record })
      assert.is_false(again.your_turn)
    end)
  end)

  it("closes a connection whose message is too long, and goes on", function()
    H.with_server({}, function(server)
      -- a page in a match meanwhile: unaffected
      local other = H.start(server, { game = "spades", seat = 1, options = { max_hands = 1 }, bots = "random" })
      local c = H.client(server)
      c:send(json.encode { type = "ping", pad = ("x"):rep(20000) })
      local e = c:expect("error")
      assert.equal("too_big", e.code)
      assert.matches("at most 16384 bytes", e.message, 1, true)
      assert.is_nil((c:receive(5)))   -- then the connection is closed
      -- a frame header that claims 2^40 bytes: refused before any is read
      local s = raw_client(server)
      s:write(string.char(0x81, 0x80 | 127) .. string.pack(">I8", 1 << 40) .. "\1\2\3\4" .. "abcd")
      s:flush()
      local m = read_frame(s)
      assert.equal("too_big", m.code)
      assert.same({ closed = true, code = 1009 }, read_frame(s))
      s:close()
      -- lengths that would wrap the count round: 2^63 - 1 (past what is
      -- left of 16 KiB once the header is counted) and a length with the
      -- top bit set, negative as a Lua integer (RFC 6455 forbids it); the
      -- bytes that follow are never buffered: too_big, and closed with 1009
      for _, len in ipairs { math.maxinteger, -1, math.mininteger, 16384 + 17 } do
        s = raw_client(server)
        s:write(string.char(0x81, 0x80 | 127) .. string.pack(">i8", len) .. "\1\2\3\4")
        s:write(("z"):rep(1 << 20))
        s:flush()
        m = read_frame(s)
        assert.is_table(m, "no answer to a frame of length " .. len)
        assert.equal("too_big", m.code, len)
        repeat m = read_frame(s) until not m or m.closed
        assert.same({ closed = true, code = 1009 }, m, len)
        s:close()
      end
      -- a message split in many small frames adds up too
      s = raw_client(server)
      local mask = "\0\0\0\0"
      s:write(string.char(0x01, 0x80 | 126) .. string.pack(">I2", 10000) .. mask .. ("y"):rep(10000))
      s:write(string.char(0x00, 0x80 | 126) .. string.pack(">I2", 10000) .. mask .. ("y"):rep(10000))
      s:flush()
      m = read_frame(s)
      assert.equal("too_big", m.code, m.message)
      s:close()
      -- bytes that are no UTF-8 in a text frame: the WebSocket is failed (1007)
      s = raw_client(server)
      s:write(string.char(0x81, 0x80 | 2) .. mask .. "\255\254")
      s:flush()
      m = read_frame(s)
      while m and not m.closed do m = read_frame(s) end
      assert.truthy(m == nil or m.code == 1007)
      s:close()
      -- the server goes on: a new page is answered, the match in play finishes
      local fresh = H.client(server)
      fresh:send { type = "ping" }
      fresh:expect("pong")
      assert.is_true(H.play(other, 1).result.over)
    end)
  end)
end)
