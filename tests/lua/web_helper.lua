-- web_helper.lua: a deckhand web server in the spec's own process, and
-- clients that talk to it over real sockets on 127.0.0.1.
--
--     H.with_server({ pace = 0 }, function(server, url)
--       local c = H.client(server)      -- a WebSocket client of /ws
--       c:send { type = "start", game = "spades", seat = 1 }
--       local msg = c:expect("state")
--     end)
local libs = require "deckhand.web.libs"
local json = require "deckhand.json"
local server_lib = require "deckhand.web.server"

local cqueues = libs.require "cqueues"
local websocket = libs.require "http.websocket"
local request = libs.require "http.request"

local H = {}

--- a fresh folder for records
function H.tmpdir()
  local p = io.popen("mktemp -d")
  local dir = p:read("l")
  p:close()
  return dir
end

--- with_server(opts, f): starts a server (port 0, pace 0, a fresh records
-- folder unless opts say otherwise), runs f(server, url) in a coroutine
-- of the same event loop, closes the server; raises what f raised, with
-- what the server logged (an error in one of its coroutines -- a match, a
-- session -- is only logged, and a page would see no more than silence)
function H.with_server(opts, f)
  local logged = {}
  local o = { port = 0, pace = 0, records = H.tmpdir(),
              log = function(line) logged[#logged + 1] = line end }
  for k, v in pairs(opts or {}) do o[k] = v end
  local server = assert(server_lib.new(o))
  local cq = cqueues.new()
  local failure
  cq:wrap(function() server:run() end)
  cq:wrap(function()
    local ok, err = xpcall(f, debug.traceback, server, server:url())
    if not ok then failure = err end
    server:close()
  end)
  local ok, err = cq:loop()
  if not ok and not failure then failure = err end
  if o.records ~= (opts or {}).records then os.execute("rm -rf '" .. o.records .. "'") end
  if failure and #logged > 0 then
    failure = ("%s\nthe server logged:\n  %s"):format(failure, table.concat(logged, "\n  "))
  end
  if failure then error(failure, 0) end
end

local Client = {}
Client.__index = Client

--- page(server) -> the token of a fresh page: what GET / writes in the
-- page's <meta name="deckhand-token">
function H.page(server)
  local req = request.new_from_uri(("http://127.0.0.1:%d/"):format(server:port()))
  local _, stream = assert(req:go(20))
  local html = assert(stream:get_body_as_string(20))
  return assert(html:match('<meta name="deckhand%-token" content="(%x+)">'), "the page has no token")
end

--- client(server [, timeout, token]) -> a WebSocket client connected to
-- the server's /ws as a page would: its own origin, a page's token (a
-- fresh page's unless given)
function H.client(server, timeout, token)
  token = token or H.page(server)
  local ws = websocket.new_from_uri(("ws://127.0.0.1:%d/ws?token=%s"):format(server:port(), token))
  ws.request.headers:upsert("origin", ("http://127.0.0.1:%d"):format(server:port()))
  assert(ws:connect(timeout or 10))
  return setmetatable({ ws = ws, seen = {}, texts = {}, token = token }, Client)
end

--- client:send(msg): a table as JSON, or a string as it is
function Client:send(msg)
  assert(self.ws:send(type(msg) == "table" and json.encode(msg) or msg, "text", 10))
end

--- client:receive([timeout]) -> the next message (decoded), or nil, why
function Client:receive(timeout)
  local text, why = self.ws:receive(timeout or 20)
  if not text then return nil, why end
  self.texts[#self.texts + 1] = text
  local msg = assert(json.decode(text))
  self.seen[#self.seen + 1] = msg
  return msg
end

--- client:expect(kind [, timeout]) -> the next message of that type (the
-- others before it are kept in client.seen); raises when none comes
function Client:expect(kind, timeout)
  while true do
    local msg, why = self:receive(timeout)
    if not msg then error(("no '%s' message: %s"):format(kind, tostring(why)), 2) end
    if msg.type == kind then return msg end
    if msg.type == "error" and kind ~= "error" then
      error(("'%s' expected, got error %s: %s"):format(kind, msg.code, msg.message), 2)
    end
  end
end

--- client:turn() -> the message read so far that leaves the turn to this
-- page (its view is the one to move from), or nil when it is not the
-- page's turn: the last message that says whose turn it is decides.  That
-- one need not be the last read: expect keeps the messages it passes
-- over, and a refusal, an error or a pong says nothing of the turn (a move
-- refused at the page's turn comes after the message that gave it the turn)
function Client:turn()
  for i = #self.seen, 1, -1 do
    local m = self.seen[i]
    if m.your_turn ~= nil then return m.your_turn and m or nil end
  end
  return nil
end

function Client:close() self.ws:close(1000, "done", 2) end

--- client:step() -> the step of the last match message read (0 before any)
function Client:step()
  for i = #self.seen, 1, -1 do
    if math.type(self.seen[i].step) == "integer" then return self.seen[i].step end
  end
  return 0
end

--- client:move(seat, text [, step]): a move, answering the step of the
-- last match message read unless told
function Client:move(seat, text, step)
  self:send { type = "move", seat = seat, move = text, step = step or self:step() }
end

--- start(server, fields) -> a client that started a match (fields of the
-- start message: game, seat, options, bots, seed) and its state message
function H.start(server, fields)
  local c = H.client(server)
  local msg = { type = "start" }
  for k, v in pairs(fields) do msg[k] = v end
  c:send(msg)
  return c, c:expect("state")
end

--- http(server, method, path [, body, headers]) -> status, decoded JSON
-- body (or text), headers.  A POST goes as the page sends it (JSON, with a
-- page's token); headers (name -> value, false: left out; the Host is
-- ":authority") change that
function H.http(server, method, path, body, headers)
  local req = request.new_from_uri(("http://127.0.0.1:%d%s"):format(server:port(), path))
  req.headers:upsert(":method", method)
  if body then
    req.headers:upsert("content-type", "application/json")
    req:set_body(type(body) == "table" and json.encode(body) or body)
  end
  if method == "POST" and not (headers and headers["x-deckhand-token"] ~= nil) then
    server.test_page = server.test_page or H.page(server)
    req.headers:upsert("x-deckhand-token", server.test_page)
  end
  for k, v in pairs(headers or {}) do
    if v == false then req.headers:delete(k) else req.headers:upsert(k, v) end
  end
  local h, stream = assert(req:go(20))
  local text = assert(stream:get_body_as_string(20))
  return tonumber(h:get(":status")), json.decode(text) or text, h
end

--- play(client, seat, choose): answers every turn of the seat with
-- choose(view) (default: its first legal move) until the match is over;
-- returns the over message
function H.play(c, seat, choose)
  choose = choose or function(view) return view.moves[1] end
  local msg = c:turn()   -- the turn may be in a message already read
  if msg then c:move(seat, choose(msg.view), msg.step) end
  while true do
    msg = assert(c:receive(60))
    if msg.type == "over" then return msg end
    if msg.type == "error" then error(("error %s: %s"):format(msg.code, msg.message), 2) end
    if (msg.type == "state" or msg.type == "move") and msg.your_turn == nil then error("no your_turn") end
    if (msg.type == "state" or msg.type == "move") and msg.your_turn then
      c:move(seat, choose(msg.view), msg.step)
    end
  end
end

return H
