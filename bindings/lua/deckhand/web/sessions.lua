--- deckhand.web.sessions: the WebSocket connections of the page.
--
-- A session reads JSON messages from its page, each at most
-- `max_message` bytes (a larger one, a fragmented one or bytes that are
-- not JSON are answered with an error naming what was wrong), and writes
-- its messages through a queue of its own, so that a match, the
-- tournament watcher and the session itself never write at once and a
-- slow page holds up nobody.  Messages from the page:
--
--     { "type": "start", "game": "spades", "options": {...}, "seat": 1,
--       "bots": ["heuristic", ...] (by seat, or one name for all), "seed": 7 }
--     { "type": "resume", "token": "..." }          a match after a reload
--     { "type": "move", "seat": 1, "move": "Td" }   only the session's own seat
--     { "type": "leave" }                           ends the match
--     { "type": "watch" }                           tournaments pushed as they go
-- @module deckhand.web.sessions

local json = require "deckhand.json"
local libs = require "deckhand.web.libs"
local catalog = require "deckhand.web.catalog"
local match = require "deckhand.web.match"

local cqueues = libs.require "cqueues"
local condition = libs.require "cqueues.condition"
local errno = libs.require "cqueues.errno"

local M = {}

M.max_message = 16 * 1024   -- bytes in one message from a page
M.max_queue = 5000          -- messages waiting for a slow page before it is dropped
M.max_matches = 200         -- matches at once (each has a process for its bots)

local Session = {}
Session.__index = Session

-- the socket as the WebSocket reads it, refusing to buffer a message (or
-- the frames of one) longer than max bytes: a huge length in a frame
-- header fails at once instead of filling memory
local function limited(sock, max)
  local proxy = { used = 0 }
  local function too_big() return nil, ("message longer than %d bytes"):format(max), errno.EMSGSIZE end
  local function forward(name)
    return function(self, ...) return sock[name](sock, ...) end
  end
  setmetatable(proxy, { __index = function(_, k)
    local v = sock[k]
    if type(v) == "function" then return forward(k) end
    return v
  end })
  function proxy.fill(_, n, ...)
    if proxy.used + n > max + 16 then return too_big() end
    return sock:fill(n, ...)
  end
  function proxy.xread(_, n, mode, timeout)
    if type(n) == "number" then
      proxy.used = proxy.used + n
      if proxy.used > max + 16 then
        local ok, why = too_big()
        if not ok then error(why, 0) end
      end
      -- lua-http reads the payload of a frame of 126 to 65535 bytes with
      -- no time to wait (0) and without filling the buffer first: a frame
      -- that arrives in pieces would fail; wait for its bytes here
      if timeout == 0 and mode == "b" then
        local ok, why, code = sock:fill(n, 30)
        if not ok then return nil, why, code end
      end
    end
    return sock:xread(n, mode, timeout)
  end
  return proxy
end

--- sessions.new(app, ws) -> a Session on an accepted WebSocket
function M.new(app, ws)
  ws.socket = limited(ws.socket, M.max_message)
  return setmetatable({ app = app, ws = ws, queue = {}, cond = condition.new(), open = true }, Session)
end

--- session:send(msg): queue a message (a table, sent as JSON)
function Session:send(msg)
  if not self.open then return end
  if #self.queue >= M.max_queue then
    self.open = false   -- a page that reads nothing is dropped
    self.cond:signal()
    return
  end
  self.queue[#self.queue + 1] = json.encode(msg)
  self.cond:signal()
end

function Session:error(code, message)
  self:send { type = "error", code = code, message = message }
end

-- the writer: sends what is queued, in order, until the session closes
function Session:write_loop()
  while true do
    while #self.queue > 0 and self.open do
      local text = table.remove(self.queue, 1)
      local ok = self.ws:send(text, "text", 10)
      if not ok then self.open = false end
    end
    if not self.open then break end
    self.cond:wait()
  end
end

-- the handlers of the page's messages -----------------------------------

local handlers = {}

-- bots by seat: a list (the page's seat may hold anything), or one name
local function bots_by_seat(raw, variant, seat)
  local out = {}
  for s = 1, variant.seats do
    if s ~= seat then
      local name = raw
      if type(raw) == "table" then name = raw[s] end
      if name == nil then name = "heuristic" end
      local ok, why = catalog.strategy(name)
      if not ok then return nil, ("seat %d: %s"):format(s, why) end
      out[s] = name
    end
  end
  return out
end

function handlers.start(self, msg)
  local variant, why = catalog.variant(msg.game, msg.options)
  if not variant then return self:error("bad_game", why) end
  local seat = msg.seat == nil and 1 or msg.seat
  if math.type(seat) ~= "integer" or seat < 1 or seat > variant.seats then
    return self:error("bad_seat", ("seat must be an integer from 1 to %d, got %s"):format(variant.seats,
      json.encode(seat)))
  end
  if msg.seed ~= nil and (math.type(msg.seed) ~= "integer" or msg.seed < 0 or msg.seed > 0x7FFFFFFF) then
    return self:error("bad_seed", "seed must be an integer from 0 to 2147483647")
  end
  local bots, bwhy = bots_by_seat(msg.bots, variant, seat)
  if not bots then return self:error("bad_bot", bwhy) end
  -- the page's match before this one ends: a page comes back to one match
  if self.match then
    local old = self.match
    old:close()
    self.app.matches[old.token] = nil
    self.match = nil
  end
  local live = 0
  for _ in pairs(self.app.matches) do live = live + 1 end
  if live >= M.max_matches then
    return self:error("busy", ("the server plays %d matches already; try again later"):format(live))
  end
  local ok, m = pcall(match.new, { variant = variant, seat = seat, bots = bots, seed = msg.seed,
                                   pace = self.app.pace, records = self.app.records, limit = self.app.limit })
  if not ok then return self:error("bad_game", catalog.clean(m)) end
  -- the bots load in their process before the match is offered (this
  -- session waits; nobody else does)
  local started, swhy = m:start_bots()
  if not started then return self:error("bad_bot", catalog.clean(swhy)) end
  self.app.matches[m.token] = m
  m:attach(self)
  cqueues.running():wrap(function() m:run() end)
end

function handlers.resume(self, msg)
  local m = type(msg.token) == "string" and self.app.matches[msg.token]
  if not m then return self:error("unknown_match", "no match with this token (it ended or the server restarted)") end
  if self.match and self.match ~= m then self.match:detach(self) end
  m:attach(self)
end

function handlers.move(self, msg)
  local m = self.match
  if not m then return self:error("no_match", "start or resume a match first") end
  if msg.seat ~= m.seat then
    return self:error("not_your_seat", ("this page plays seat %d, not %s"):format(m.seat, json.encode(msg.seat)))
  end
  if type(msg.move) ~= "string" or msg.move == "" or #msg.move > 200 then
    return self:error("bad_move", "move must be the text of a move (a string of 1 to 200 bytes)")
  end
  m:submit(m.seat, msg.move)
end

function handlers.leave(self)
  local m = self.match
  if not m then return self:error("no_match", "no match to leave") end
  m:close()
  self.app.matches[m.token] = nil
  self.match = nil
  self:send { type = "left", token = m.token }
end

function handlers.watch(self)
  self.watching = true
  self:send { type = "tournaments", list = self.app.watcher:list(true) }
end

function handlers.ping(self) self:send { type = "pong" } end

--- session:handle(text): one message from the page
function Session:handle(text)
  local msg = json.decode(text)
  if type(msg) ~= "table" then return self:error("bad_json", "a message must be a JSON object") end
  local f = type(msg.type) == "string" and handlers[msg.type]
  if not f then
    return self:error("bad_type", ("unknown message type %s (start, resume, move, leave, watch, ping)"):format(
      json.encode(msg.type)))
  end
  f(self, msg)
end

--- session:run(): reads the page's messages until it goes away
function Session:run()
  self.app.sessions[self] = true
  cqueues.running():wrap(function() self:write_loop() end)
  while self.open do
    self.ws.socket.used = 0
    local ok, text, why = pcall(self.ws.receive, self.ws)
    if not ok or (text == nil and why and tostring(why):match("longer than")) then
      local reason = tostring(ok and why or text)
      if reason:match("longer than") then
        self:error("too_big", ("%s: messages are at most %d bytes"):format(reason:gsub("^.-message", "message"),
          M.max_message))
      else
        self:error("bad_frame", reason)
      end
      break
    end
    if text == nil then break end
    local handled, err = pcall(self.handle, self, text)
    if not handled then self:error("server_error", catalog.clean(err)) end
  end
  -- let the writer send what is queued (the error above), then close
  local deadline = cqueues.monotime() + 2
  while #self.queue > 0 and self.open and cqueues.monotime() < deadline do cqueues.sleep(0.01) end
  self.open = false
  self.cond:signal()
  self.app.sessions[self] = nil
  if self.match then self.match:detach(self) end
  pcall(self.ws.close, self.ws, 1000, "bye", 1)
end

return M
