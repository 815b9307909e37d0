--- deckhand.web.server: the server behind `deckhand web`.
--
--     local server = require "deckhand.web.server"
--     local s = assert(server.new { host = "127.0.0.1", port = 8080, records = "records" })
--     print(s:url())
--     s:run()            -- until s:close() (or a signal)
--
-- One process, one cqueues event loop: lua-http answers the page and its
-- WebSocket (deckhand/web/routes.lua, sessions.lua); matches run as
-- coroutines of the same loop (match.lua), their bots thinking in a child
-- process each (bots.lua), so no bot holds up the loop; tournaments run as
-- child processes whose records the watcher follows (watch.lua).
-- @module deckhand.web.server

local libs = require "deckhand.web.libs"
local searchpath = require "deckhand.searchpath"
local routes = require "deckhand.web.routes"
local access = require "deckhand.web.access"
local watch = require "deckhand.web.watch"

local cqueues = libs.require "cqueues"
local http_server = libs.require "http.server"

local M = {}

M.chart = "/usr/share/javascript/chart.js/chart.min.js"

local function has_page(dir)
  local f = dir and io.open(dir .. "/index.html", "rb")
  if f then f:close() end
  return f ~= nil
end

--- server.static_folder([root]) -> the folder of the page (index.html and
-- the files beside it), or nil and the folders looked in: what make
-- install put in the config (PREFIX/share/deckhand/web), a rock's copy
-- beside this module (deckhand/web/static/), the source tree's web/
function M.static_folder(root)
  local tried = {}
  local here = debug.getinfo(1, "S").source:match("^@(.*)[/\\][^/\\]*$")
  local candidates = { require("deckhand").config.web or false, here and (here .. "/static") or false,
                       (root or searchpath.root()) .. "/web" }
  for _, dir in ipairs(candidates) do
    if dir then
      if has_page(dir) then return dir end
      tried[#tried + 1] = dir
    end
  end
  return nil, "the page of deckhand web is missing (looked in " .. table.concat(tried, ", ") .. ")"
end

local Server = {}
Server.__index = Server

--- server.new(o) -> a Server listening, or nil, message.  o: host
-- ("127.0.0.1"), port (8080; 0 picks a free one), records (the folder of
-- record files; made when missing), pace (seconds before each bot move,
-- 0.7), limit (seconds a bot may think over a decision before it
-- forfeits, 0: no limit; 10), rule_time (seconds the games' own Lua code
-- may run at a time, for every match of the process: 10; 0: none), keep (seconds a match waits for its page
-- once the page is gone, 300), matches (matches in play at once, each
-- with a process for its bots: 100), per_address (of those, held from one
-- address: 60), per_page (held by one page's token: 2), web (the folder
-- of the page; server.static_folder by default), root (the repository, for web/ and bin/deckhand), command (the argv
-- that runs deckhand, for tournaments; bin/deckhand gives its own), log
-- (function(line), default stderr)
function M.new(o)
  o = o or {}
  local root = o.root or searchpath.root()
  local web, werr = o.web, nil
  if not web then web, werr = M.static_folder(root) end
  if not web then return nil, werr end
  local records = o.records or "records"
  os.execute(("mkdir -p '%s'"):format(records:gsub("'", "'\\''")))
  local probe = io.open(records .. "/.deckhand-web", "w")
  if not probe then return nil, ("cannot write in the records folder '%s'"):format(records) end
  probe:close()
  os.remove(records .. "/.deckhand-web")
  -- the rule time limit of every game this process plays (its matches,
  -- the catalog's variants): a game whose code loops ends its match
  -- instead of stopping the event loop (deckhand/rule_guard.lua)
  require "deckhand.core".host.rule_limit(o.rule_time or 10)
  local log = o.log or function(line) io.stderr:write("deckhand web: ", line, "\n") end
  local self = setmetatable({ log = log }, Server)
  local app = {
    matches = {}, sessions = {}, loading = {}, records = records, web = web,
    chart = o.chart or M.chart, pace = o.pace or 0.7, keep = o.keep or 300, limit = o.limit or 10,
    caps = { total = o.matches or 100, address = o.per_address or 60, page = o.per_page or 2 },
  }
  self.app = app
  app.watcher = watch.new {
    records = records,
    command = o.command or { "lua5.4", root .. "/bin/deckhand" },
    notify = function(t)
      local msg
      for session in pairs(app.sessions) do
        if session.watching then
          msg = msg or { type = "tournament", tournament = app.watcher:summary(t, true) }
          session:send(msg)
        end
      end
    end,
  }
  local srv, err = http_server.listen {
    host = o.host or "127.0.0.1", port = o.port or 8080, tls = false,
    onstream = function(_, stream) routes.handle(app, stream) end,
    onerror = function(_, _, op, why) log(("%s: %s"):format(tostring(op), tostring(why))) end,
  }
  if not srv then return nil, err end
  local ok, lerr = srv:listen()
  if not ok then return nil, ("cannot listen on %s:%s: %s"):format(o.host or "127.0.0.1", o.port or 8080, lerr) end
  self.srv = srv
  app.access = access.new { host = o.host or "127.0.0.1", port = self:port() }
  srv.cq:wrap(function() app.watcher:loop(o.poll or 0.25) end)
  srv.cq:wrap(function() self:reap() end)
  return self
end

--- server:port() -> the port it listens on
function Server:port()
  local _, _, port = self.srv:localname()
  return port
end

--- server.url_of(host, port) -> the address a browser opens: an IPv6
-- host in brackets ("http://[::1]:8080/")
function M.url_of(host, port)
  if host:find(":", 1, true) then host = "[" .. host .. "]" end
  return ("http://%s:%d/"):format(host, port)
end

--- server:url() -> "http://host:port/"
function Server:url()
  local _, host, port = self.srv:localname()
  return M.url_of(host, port)
end

-- ends the matches no page has come back to within `keep` seconds
function Server:reap()
  while not self.closed do
    cqueues.sleep(math.min(30, math.max(0.05, self.app.keep / 4)))
    local now = cqueues.monotime()
    for token, m in pairs(self.app.matches) do
      if not m.session and now - m.touched > self.app.keep then
        m:close()
        self.app.matches[token] = nil
      end
    end
  end
end

--- server:pollfd(), events(), timeout(): a Server is pollable, so it can
-- run inside another cqueues controller (the tests do)
function Server:pollfd() return self.srv:pollfd() end
function Server:events() return self.srv:events() end
function Server:timeout() return self.srv:timeout() end

--- server:step([timeout]): one round of the event loop
function Server:step(timeout) return self.srv:step(timeout) end

--- server:run([{ signals = true }]): serves until close; with signals,
-- SIGINT and SIGTERM close it (the tournaments it started stop too)
function Server:run(o)
  if o and o.signals then
    local signal = libs.require "cqueues.signal"
    signal.block(signal.SIGINT, signal.SIGTERM)
    local listener = signal.listen(signal.SIGINT, signal.SIGTERM)
    self.srv.cq:wrap(function()
      listener:wait()
      self.log("stopping")
      self:close()
    end)
  end
  while not self.closed do
    local ok, err = self.srv:step()
    if not ok and not self.closed then self.log("event loop: " .. tostring(err)) end
  end
end

--- server:close(): stops the tournaments it started, ends its matches
-- and closes the listening socket
function Server:close()
  if self.closed then return end
  self.closed = true
  self.app.watcher:stop()
  for _, m in pairs(self.app.matches) do m:close() end
  self.srv:close()
end

return M
