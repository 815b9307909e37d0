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
--     { "type": "move", "seat": 1, "move": "Td", "step": 12 }
--                                  only the session's own seat, at the step it answers
--     { "type": "leave" }                           ends the match
--     { "type": "watch" }                           tournaments pushed as they go
-- @module deckhand.web.sessions

local json = require "deckhand.json"
local libs = require "deckhand.web.libs"
local catalog = require "deckhand.web.catalog"
local match = require "deckhand.web.match"
local bots_lib = require "deckhand.web.bots"

local cqueues = libs.require "cqueues"
local condition = libs.require "cqueues.condition"
local errno = libs.require "cqueues.errno"

local M = {}

M.max_message = 16 * 1024   -- bytes in one message from a page
M.max_queue = 5000          -- messages waiting for a slow page before it is dropped

local Session = {}
Session.__index = Session

-- the socket as the WebSocket reads it, refusing to buffer a message (or
-- the frames of one) longer than max bytes: a huge length in a frame
-- header fails at once instead of filling memory.  Each length is checked
-- against what is left before it is counted, so no length wraps the sum
-- round, and a negative one (a 64-bit length with its top bit set, which
-- RFC 6455 forbids) is refused too
local function limited(sock, max)
  local proxy = { used = 0 }
  local budget = max + 16   -- a frame's header (at most 14 bytes) on top
  local function forward(name)
    return function(_, ...) return sock[name](sock, ...) end
  end
  setmetatable(proxy, { __index = function(_, k)
    local v = sock[k]
    if type(v) == "function" then return forward(k) end
    return v
  end })
  local function fits(n) return math.type(n) == "integer" and n >= 0 and n <= budget - proxy.used end
  local function too_big() return nil, ("message longer than %d bytes"):format(max), errno.EMSGSIZE end
  function proxy.fill(_, n, ...)
    if not fits(n) then
      proxy.over = true
      return too_big()
    end
    return sock:fill(n, ...)
  end
  function proxy.xread(_, n, mode, timeout)
    if type(n) == "number" then
      if not fits(n) then
        proxy.over = true
        local _, why = too_big()
        error(why, 0)
      end
      proxy.used = proxy.used + n
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

--- sessions.new(app, ws, who) -> a Session on an accepted WebSocket;
-- who: page (the page's token), address (the peer's)
function M.new(app, ws, who)
  ws.socket = limited(ws.socket, M.max_message)
  who = who or {}
  return setmetatable({ app = app, ws = ws, queue = {}, cond = condition.new(), open = true,
                        page = who.page, address = who.address }, Session)
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

-- the caps on matches in play (each holds a process for its bots): the
-- server's, one address's, one page's.  Those whose bots are still
-- loading count (pages that ask at once must not start more processes
-- than the bound), and against the server's cap the processes of closed
-- matches still exiting too; a finished match holds no process and does
-- not.  At a cap, the match no page has held for longest gives way; when
-- every one is held by a page, the answer is busy
local function make_room(self)
  local app, caps = self.app, self.app.caps
  local scopes = {
    { caps.total, function() return true end, "the server plays %d matches already; try again later" },
    { caps.address, function(o) return o.address == self.address end,
      "%d matches from your address are in play already; leave one first" },
    { caps.page, function(o) return o.page == self.page end,
      "this page has %d matches in play already; leave one first" },
  }
  local deadline = cqueues.monotime() + 2
  for i, scope in ipairs(scopes) do
    local cap, mine, why = scope[1], scope[2], scope[3]
    while true do
      local n, idle = 0, nil
      for _, m in pairs(app.matches) do
        if m.state == "playing" and mine(m) then
          n = n + 1
          if not m.session and (not idle or m.touched < idle.touched) then idle = m end
        end
      end
      for other in pairs(app.loading) do
        if mine(other) then n = n + 1 end
      end
      local exiting = i == 1 and bots_lib.ending() or 0
      if n + exiting < cap then break end
      if n < cap then
        -- a process that is ending: room in a moment (but no longer than 2 s)
        if cqueues.monotime() >= deadline then break end
        cqueues.sleep(0.05)
      elseif idle then
        idle:close()
        app.matches[idle.token] = nil
      else
        return nil, why:format(n)
      end
    end
  end
  return true
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
  local room, rwhy = make_room(self)
  if not room then return self:error("busy", rwhy) end
  local ok, m = pcall(match.new, { variant = variant, seat = seat, bots = bots, seed = msg.seed,
                                   pace = self.app.pace, records = self.app.records, limit = self.app.limit })
  if not ok then return self:error("bad_game", catalog.clean(m)) end
  m.page, m.address = self.page, self.address
  -- the bots load in their process before the match is offered (this
  -- session waits; nobody else does); meanwhile it counts against the caps
  self.app.loading[self] = true
  local loaded, started, swhy = pcall(m.start_bots, m)
  self.app.loading[self] = nil
  if not loaded then error(started, 0) end
  if not started then return self:error("bad_bot", catalog.clean(swhy)) end
  self.app.matches[m.token] = m
  m:attach(self)
  cqueues.running():wrap(function() m:run() end)
end

function handlers.resume(self, msg)
  local m = type(msg.token) == "string" and self.app.matches[msg.token]
  if not m then return self:error("unknown_match", "no match with this token (it ended or the server restarted)") end
  if self.match and self.match ~= m then self.match:detach(self) end
  m.page, m.address = self.page, self.address   -- the page that holds it now
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
  if math.type(msg.step) ~= "integer" or msg.step < 0 or msg.step > m.step then
    return self:error("bad_move", ("a move must name the step it answers (an integer from 0 to %d, the match's"
      .. " step now), got %s"):format(m.step, json.encode(msg.step)))
  end
  m:submit(m.seat, msg.move, msg.step)
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
  local close_code, close_why = 1000, "bye"
  while self.open do
    self.ws.socket.used = 0
    local ok, text, why = pcall(self.ws.receive, self.ws)
    if not ok or self.ws.socket.over then
      local reason = tostring(ok and why or text)
      if self.ws.socket.over then
        close_code, close_why = 1009, "message too big"
        self:error("too_big", ("message refused: messages are at most %d bytes"):format(M.max_message))
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
  pcall(self.ws.close, self.ws, close_code, close_why, 1)
end

return M
