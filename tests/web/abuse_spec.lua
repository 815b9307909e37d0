-- deckhand web against a determined client, on 127.0.0.1: the server
-- (bin/deckhand web, a process of its own) is sent frames that announce
-- absurd lengths, calls and WebSockets from another origin and Host, a
-- flood of matches started and dropped, and 50 pages that play whole
-- matches sending every move twice.  It refuses what it must, plays what
-- it should, never holds more bots' processes than its cap nor much more
-- memory, and is back to its processes and memory of the start after it.
-- Bounded in time: a few tens of seconds.
local libs = require "deckhand.web.libs"
local json = require "deckhand.json"

local cqueues = libs.require "cqueues"
local condition = libs.require "cqueues.condition"
local socket = libs.require "cqueues.socket"
local websocket = libs.require "http.websocket"
local request = libs.require "http.request"

local CAP, KEEP = 20, 2   -- the server's --matches and --keep

local mark = ("abuse-%d-%d"):format(os.time(), math.random(1 << 30))
local server_pid, port, records, pipe

local function slurp(path)
  local f = io.open(path, "rb")
  if not f then return nil end
  local s = f:read("a")
  f:close()
  return s
end

-- the resident memory of a process in KiB, or 0 when it is gone
local function rss(pid)
  local s = slurp(("/proc/%d/status"):format(pid))
  return s and tonumber(s:match("VmRSS:%s*(%d+)")) or 0
end

-- the processes the server started (they inherit its environment, and so
-- the mark): their pids; with workers, only the bots' processes (the
-- shells that start and stop them come and go)
local function children(workers)
  local out = {}
  local p = io.popen("ls /proc")
  for name in p:lines() do
    local pid = math.tointeger(tonumber(name))
    if pid and pid ~= server_pid then
      local env = slurp(("/proc/%d/environ"):format(pid))
      if env and env:find("DECKHAND_ABUSE_MARK=" .. mark, 1, true)
         and (not workers or env:find("DECKHAND_BOT_TOKEN=", 1, true)) then
        out[#out + 1] = pid
      end
    end
  end
  p:close()
  return out
end

-- the server's memory and its children's, in MiB
local function memory()
  local kib = rss(server_pid)
  for _, pid in ipairs(children()) do kib = kib + rss(pid) end
  return kib / 1024
end

setup(function()
  local p = io.popen("mktemp -d")
  records = p:read("l")
  p:close()
  pipe = assert(io.popen(("sh -c 'echo $$; DECKHAND_ABUSE_MARK=%s exec lua5.4 bin/deckhand web --port 0 --pace 0 " ..
    "--matches %d --keep %d --records %s 2>%s/server.log'"):format(mark, CAP, KEEP, records, records)))
  server_pid = math.tointeger(tonumber(pipe:read("l")))
  port = assert((pipe:read("l") or ""):match("http://127%.0%.0%.1:(%d+)/"), "the server printed no address")
end)

teardown(function()
  if server_pid then os.execute(("kill %d"):format(server_pid)) end
  if pipe then pipe:close() end
  for _, pid in ipairs(children()) do os.execute(("kill -KILL %d 2>/dev/null"):format(pid)) end
  if records then os.execute("rm -rf '" .. records .. "'") end
end)

local function http(method, path, body, headers)
  local req = request.new_from_uri(("http://127.0.0.1:%s%s"):format(port, path))
  req.headers:upsert(":method", method)
  if body then req:set_body(body) end
  for k, v in pairs(headers or {}) do req.headers:upsert(k, v) end
  local h, stream = assert(req:go(20))
  local text = assert(stream:get_body_as_string(20))
  return tonumber(h:get(":status")), text
end

local function page_token()
  local status, html = http("GET", "/")
  assert.equal(200, status)
  return assert(html:match('<meta name="deckhand%-token" content="(%x+)">'))
end

local function ws_client(token, origin)
  local ws = websocket.new_from_uri(("ws://127.0.0.1:%s/ws?token=%s"):format(port, token or page_token()))
  ws.request.headers:upsert("origin", origin or ("http://127.0.0.1:" .. port))
  local ok, why = ws:connect(10)
  if not ok then return nil, why end
  return ws
end

local function send(ws, t) assert(ws:send(json.encode(t), "text", 10)) end

local function receive(ws, timeout)
  local text, why = ws:receive(timeout or 30)
  if not text then return nil, why end
  return assert(json.decode(text))
end

-- runs f(i) for i = 1..n, each in a coroutine of its own; the errors
local function together(n, f)
  local cq, errors = cqueues.new(), {}
  for i = 1, n do
    cq:wrap(function()
      local ok, err = pcall(f, i)
      if not ok then errors[#errors + 1] = ("%d: %s"):format(i, tostring(err)) end
    end)
  end
  assert(cq:loop())
  return errors
end

describe("deckhand web against a determined client", function()
  local start_mem, peak_mem, peak_procs = 0, 0, 0

  -- (at most every 50 ms: a look at every process costs)
  local last = 0
  local function sample(now)
    if not now and cqueues.monotime() - last < 0.05 then return end
    last = cqueues.monotime()
    peak_mem = math.max(peak_mem, memory())
    peak_procs = math.max(peak_procs, #children(true))
  end

  it("starts with no process beside the server", function()
    assert.same({}, children())
    start_mem = memory()
    assert.truthy(start_mem > 0)
  end)

  it("refuses frames of absurd lengths without buffering what follows (1009)", function()
    local errors = together(8, function(i)
      local s = assert(socket.connect("127.0.0.1", port))
      s:setmode("b", "b")
      s:write(("GET /ws?token=%s HTTP/1.1\r\nHost: 127.0.0.1:%s\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n" ..
               "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"):format(page_token(), port))
      s:flush()
      repeat local line = assert(s:xread("*l", "t", 10)) until line == "" or line == "\r"
      local len = ({ math.maxinteger, -1, math.mininteger, 1 << 40 })[i % 4 + 1]
      s:write(string.char(0x81, 0x80 | 127) .. string.pack(">i8", len) .. "\1\2\3\4")
      -- what follows, as fast as the server takes it, until it closes
      local junk, code = ("z"):rep(1 << 16), nil
      for _ = 1, 64 do   -- 4 MiB at most
        if not s:write(junk) or not s:flush(0) then break end
      end
      for _ = 1, 20 do
        local head = s:xread(2, "b", 5)
        if not head or #head < 2 then break end
        local n = head:byte(2) & 0x7F
        if n == 126 then n = string.unpack(">I2", s:xread(2, "b", 5)) end
        local data = n > 0 and s:xread(n, "b", 5) or ""
        if head:byte(1) & 0x0F == 0x8 then code = string.unpack(">I2", data); break end
        assert.equal("too_big", json.decode(data).code)
      end
      s:close()
      assert.equal(1009, code)
      sample()
    end)
    assert.same({}, errors)
    assert.truthy(peak_mem < start_mem + 64, ("%.0f MiB at the peak, %.0f at the start"):format(peak_mem, start_mem))
  end)

  it("refuses another origin's calls and WebSockets and a foreign Host", function()
    local body = json.encode { game = "spades", players = "random,random", games = 1 }
    local token = page_token()
    assert.equal(403, (http("POST", "/api/tournaments", body,
      { origin = "http://evil.example", ["content-type"] = "text/plain" })))
    assert.equal(403, (http("POST", "/api/tournaments", body,
      { origin = "http://evil.example", ["content-type"] = "application/json", ["x-deckhand-token"] = token })))
    assert.equal(415, (http("POST", "/api/tournaments", body, { ["content-type"] = "text/plain", ["x-deckhand-token"] = token })))
    assert.equal(403, (http("POST", "/api/tournaments", body, { ["content-type"] = "application/json" })))
    assert.equal(403, (http("GET", "/", nil, { [":authority"] = "evil.example:" .. port })))
    assert.equal(403, (http("GET", "/api/records", nil, { [":authority"] = "evil.example:" .. port })))
    assert.is_nil((ws_client(token, "http://evil.example")))
    assert.is_nil((ws_client("nope")))
    local _, list = http("GET", "/api/tournaments")
    assert.same({}, json.decode(list))
    assert.same({}, children())
  end)

  it("holds at most its cap of bots' processes under a flood of matches started and dropped", function()
    local started = 0
    local errors = together(30, function(i)
      local ws = assert(ws_client())
      send(ws, { type = "start", game = "spades", seat = 1, bots = "random", seed = i })
      local m = assert(receive(ws))
      if m.type == "state" then started = started + 1
      else assert.equal("busy", m.code, m.message) end
      sample()
      ws.socket:shutdown()   -- dropped without a word
      ws.socket:close()
    end)
    assert.same({}, errors)
    sample()
    assert.truthy(started >= CAP, started .. " matches started")
    assert.truthy(peak_procs <= CAP, peak_procs .. " processes at once")
    -- a new page is still served: a dropped match gives way
    local ws = assert(ws_client())
    send(ws, { type = "start", game = "hearts", seat = 1, bots = "random" })
    assert.equal("state", assert(receive(ws)).type)
    ws:close()
  end)

  it("plays 50 pages at once, each sending every move twice: each made once", function()
    local CLIENTS = 50
    local done, moves, stale = 0, 0, 0
    local errors = together(CLIENTS, function(i)
      local ws = assert(ws_client())
      send(ws, { type = "start", game = i % 2 == 0 and "blackjack" or "spades", seat = 1, bots = "random",
                 options = i % 2 == 0 and {} or { max_hands = 1 }, seed = i })
      local mine = {}
      while true do
        local m = assert(receive(ws, 60))
        if m.type == "error" and m.code == "busy" then
          -- the cap: wait for room, as a person would
          cqueues.sleep(0.5)
          send(ws, { type = "start", game = "blackjack", seat = 1, bots = "random", seed = i })
        elseif m.type == "error" then
          error(m.code .. ": " .. m.message)
        elseif m.type == "refused" then
          assert.equal("stale_move", m.code, m.message)
          stale = stale + 1
        elseif m.type == "over" then
          -- the copy of a move that ended the match: refused as over
          send(ws, { type = "ping" })
          repeat
            m = assert(receive(ws))
            if m.type == "refused" then
              assert.truthy(m.code == "stale_move" or m.code == "game_over", m.code)
              stale = stale + 1
            end
          until m.type == "pong"
          break
        else
          if m.type == "move" and m.seat == 1 then
            assert.is_nil(mine[m.step], "two moves of ours at one step")
            mine[m.step] = true
            moves = moves + 1
          end
          if m.your_turn then
            local move = { type = "move", seat = 1, move = m.view.moves[1], step = m.step }
            send(ws, move)
            send(ws, move)   -- a double click
          end
        end
        sample()
      end
      ws:close()
      done = done + 1
    end)
    assert.same({}, errors)
    assert.equal(CLIENTS, done)
    assert.equal(moves, stale)   -- every second copy refused, every first made
    assert.truthy(peak_procs <= CAP, peak_procs .. " processes at once")
  end)

  it("is back to its processes and memory of the start", function()
    local deadline = cqueues.monotime() + KEEP + 10
    while #children() > 0 and cqueues.monotime() < deadline do cqueues.sleep(0.2) end
    assert.same({}, children())
    local now = memory()
    print(("\nabuse: server %.0f MiB at the start, %.0f MiB at the peak (with its %d bots' processes at most), " ..
           "%.0f MiB after"):format(start_mem, peak_mem, peak_procs, now))
    assert.truthy(now < start_mem + 32, ("%.0f MiB after, %.0f at the start"):format(now, start_mem))
    -- and it still serves
    assert.equal(200, (http("GET", "/api/games")))
  end)
end)
