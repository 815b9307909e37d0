--- deckhand.web.routes: the HTTP side of the server.
--
--     GET  /                       the page (web/index.html), and /static/<file> beside it
--     GET  /lib/chart.js           Chart.js, from Debian's libjs-chart.js
--     GET  /api/games              the variants on the search path, options with defaults
--     GET  /api/strategies         the bots on the strategy path
--     POST /api/variant            { game, options } -> { seats, sides, unit } or the error
--     GET  /api/tournaments        every tournament (summary)
--     GET  /api/tournaments/<id>   one, with its running means and results
--     POST /api/tournaments        start one: { game, options, players, games, seed, set, jobs }
--     POST /api/open               follow a record file of the records folder: { file }
--     GET  /api/records            the record files of the records folder
--     GET  /api/replay?file=&deal=&rotation=&step=   a step of a recorded game
--     GET  /ws?token=              the WebSocket of a page (deckhand/web/sessions.lua)
--
-- Errors are JSON, { error = message }, with a 4xx status naming what was
-- wrong; a request body is at most `max_body` bytes.  Every request must
-- name this server as its Host and come from no other origin; a POST must
-- be JSON and carry the page's token, as the WebSocket must
-- (deckhand/web/access.lua).
-- @module deckhand.web.routes

local json = require "deckhand.json"
local libs = require "deckhand.web.libs"
local catalog = require "deckhand.web.catalog"
local replay = require "deckhand.web.replay"
local sessions = require "deckhand.web.sessions"

local cqueues = libs.require "cqueues"
local headers_lib = libs.require "http.headers"
local websocket = libs.require "http.websocket"
local http_util = libs.require "http.util"

local M = {}

M.max_body = 64 * 1024

local types = { html = "text/html; charset=utf-8", css = "text/css; charset=utf-8",
                js = "text/javascript; charset=utf-8", json = "application/json", png = "image/png",
                svg = "image/svg+xml", ico = "image/x-icon" }

local function respond(stream, status, body, ctype)
  local h = headers_lib.new()
  h:append(":status", tostring(status))
  h:append("content-type", ctype or "application/json")
  h:append("cache-control", "no-store")
  h:append("content-length", tostring(#body))
  stream:write_headers(h, false, 10)
  stream:write_chunk(body, true, 10)
end

local function send_json(stream, status, value) respond(stream, status, json.encode(value)) end
local function fail(stream, status, message) send_json(stream, status, { error = message }) end

local function read_file(path)
  local f = io.open(path, "rb")
  if not f then return nil end
  local s = f:read("a")
  f:close()
  return s
end

local function send_file(stream, path)
  local body = read_file(path)
  if not body then return fail(stream, 404, "no such file: " .. path:match("[^/]*$")) end
  respond(stream, 200, body, types[path:match("%.(%w+)$")] or "application/octet-stream")
end

local function peer(stream)
  local ok, _, addr = pcall(stream.peername, stream)
  return ok and tostring(addr) or "?"
end

-- the page, with a token of its own in its meta tag
local function send_page(app, stream)
  local body = read_file(app.web .. "/index.html")
  if not body then return fail(stream, 404, "no such file: index.html") end
  local token = app.access:new_page(peer(stream))
  body = body:gsub('(<meta name="deckhand%-token" content=")[^"]*(")', "%1" .. token .. "%2", 1)
  respond(stream, 200, body, types.html)
end

-- the request body as JSON (a table), or nil, message
local function body_json(stream)
  local chunks, size = {}, 0
  while true do
    local chunk, err = stream:get_next_chunk(10)
    if chunk == nil then
      if err then return nil, tostring(err) end
      if (stream.body_read_left or 0) > 0 then
        return nil, ("the request body ended before the %d bytes its header announced"):format(
          size + stream.body_read_left)
      end
      break
    end
    size = size + #chunk
    if size > M.max_body then return nil, ("request body over %d bytes"):format(M.max_body), 413 end
    chunks[#chunks + 1] = chunk
  end
  local v = json.decode(table.concat(chunks))
  if type(v) ~= "table" then return nil, "the request body must be a JSON object" end
  return v
end

local function query_of(path)
  local q = {}
  local qs = path:match("%?(.*)$")
  if qs then
    for k, v in http_util.query_args(qs) do q[k] = v end
  end
  return q
end

local function int_param(q, name, default)
  if q[name] == nil or q[name] == "" then return default end
  return math.tointeger(tonumber(q[name]))
end

local api = {}

api["GET /api/games"] = function(app, stream) send_json(stream, 200, catalog.games()) end
api["GET /api/strategies"] = function(app, stream) send_json(stream, 200, catalog.strategies()) end

api["POST /api/variant"] = function(app, stream)
  local req, why, status = body_json(stream)
  if not req then return fail(stream, status or 400, why) end
  local v, err = catalog.variant(req.game, req.options)
  if not v then return fail(stream, 400, err) end
  send_json(stream, 200, { game = v.name, seats = v.seats, sides = v.sides, unit = v.unit })
end

api["GET /api/tournaments"] = function(app, stream) send_json(stream, 200, app.watcher:list(false)) end

api["POST /api/tournaments"] = function(app, stream)
  local req, why, status = body_json(stream)
  if not req then return fail(stream, status or 400, why) end
  local t, err, code = app.watcher:start(req)
  if not t then return fail(stream, code == "busy" and 429 or 400, err) end
  send_json(stream, 200, app.watcher:summary(t, false))
end

api["POST /api/open"] = function(app, stream)
  local req, why, status = body_json(stream)
  if not req then return fail(stream, status or 400, why) end
  local t, err = app.watcher:open(req.file)
  if not t then return fail(stream, 400, err) end
  send_json(stream, 200, app.watcher:summary(t, true))
end

api["GET /api/records"] = function(app, stream) send_json(stream, 200, replay.list(app.records)) end

api["GET /api/replay"] = function(app, stream, path)
  local q = query_of(path)
  local deal, rotation, step = int_param(q, "deal", 1), int_param(q, "rotation", 1), int_param(q, "step", 0)
  if not deal or not rotation or not step then return fail(stream, 400, "deal, rotation and step must be integers") end
  local out, err = replay.step(app.records, q.file, deal, rotation, step)
  if not out then return fail(stream, 400, err) end
  send_json(stream, 200, out)
end

local function websocket_session(app, stream, h, full)
  local token = query_of(full).token
  local ok, terr = app.access:check_token(token)
  if not ok then return fail(stream, 403, terr) end
  local ws, why = websocket.new_from_stream(stream, h)
  if not ws then return fail(stream, 400, "a WebSocket upgrade was expected: " .. tostring(why)) end
  if not ws:accept(nil, 10) then return end
  sessions.new(app, ws, { page = token, address = peer(stream) }):run()
end

-- a call that changes something: a JSON body and the page's token
local function check_call(app, h)
  local ctype = (h:get("content-type") or ""):lower()
  if not ctype:match("^application/json%s*$") and not ctype:match("^application/json%s*;") then
    return nil, "a request body must be JSON (Content-Type: application/json)", 415
  end
  local ok, why = app.access:check_token(h:get("x-deckhand-token"))
  if not ok then return nil, why, 403 end
  return true
end

local function route(app, stream)
  local h = stream:get_headers(10)
  if not h then return end
  -- a foreign Host (DNS rebinding) or Origin (another site's page) first
  local allowed, why = app.access:check_host(h)
  if allowed then allowed, why = app.access:check_origin(h) end
  if not allowed then return fail(stream, 403, why) end
  local method, full = h:get(":method"), h:get(":path") or "/"
  local path = full:match("^[^?]*")
  if path == "/ws" then return websocket_session(app, stream, h, full) end
  local f = api[method .. " " .. path]
  if f and method == "POST" then
    local ok, cwhy, status = check_call(app, h)
    if not ok then return fail(stream, status, cwhy) end
  end
  if f then return f(app, stream, full) end
  local id = path:match("^/api/tournaments/(%d+)$")
  if id and method == "GET" then
    local t = app.watcher:get(math.tointeger(tonumber(id)))
    if not t then return fail(stream, 404, "no tournament " .. id) end
    return send_json(stream, 200, app.watcher:summary(t, true))
  end
  if method ~= "GET" and method ~= "HEAD" then return fail(stream, 405, "method not allowed: " .. method) end
  if path == "/" then return send_page(app, stream) end
  if path == "/lib/chart.js" then return send_file(stream, app.chart) end
  local name = path:match("^/static/([%w_%-]+%.%w+)$")
  if name then return send_file(stream, app.web .. "/" .. name) end
  fail(stream, 404, "no such page: " .. path)
end

-- what is left of a request body after its route: read here, at most
-- 10 s.  lua-http drains it itself when the stream ends, without a time
-- limit and without yielding, and a client that closed before sending the
-- length it announced makes that drain go round for ever, holding up the
-- event loop of every page; such a stream is closed here instead
local function drain(stream)
  local deadline = cqueues.monotime() + 10
  while (stream.state == "open" or stream.state == "half closed (local)") and (stream.body_read_left or 0) > 0 do
    local chunk, err = stream:get_next_chunk(math.max(0, deadline - cqueues.monotime()))
    if chunk == nil then
      if err == nil and (stream.body_read_left or 0) > 0 then stream:set_state("closed") end
      return
    end
  end
end

--- routes.handle(app, stream): answers one request (lua-http's onstream);
-- a route that fails inside is answered 500 with the reason, not a
-- connection cut without a word
function M.handle(app, stream)
  local ok, err = pcall(route, app, stream)
  if not ok and stream.state ~= "closed" then
    pcall(fail, stream, 500, "the server failed: " .. catalog.clean(err))
  end
  pcall(drain, stream)
end

return M
