--- deckhand.web.access: who may talk to the server.
--
-- The server is for the person at the machine, yet every web page that
-- person visits can send requests to 127.0.0.1 too, and a name that
-- resolves to 127.0.0.1 on a second look (DNS rebinding) would make the
-- server the page's own origin.  So a request is served only when
--   - its Host is one the server answers to: 127.0.0.1:PORT,
--     localhost:PORT, [::1]:PORT, or the host it was bound to (--host);
--   - its Origin, when it has one (a browser always sends one on a
--     WebSocket and on a cross-origin call), is http:// and such a host;
--   - and, when it changes anything (every POST, and the WebSocket), it
--     carries the token of a page the server served: each GET / makes a
--     fresh token, written in the page's
--     <meta name="deckhand-token" content="...">, which another origin
--     cannot read.  A POST sends it in the X-Deckhand-Token header (a
--     header no form can set, and one that makes a browser ask first
--     before sending it cross-origin, which the server never allows), and
--     the WebSocket in its address: /ws?token=...
--
--     local access = require "deckhand.web.access"
--     local a = access.new { host = "127.0.0.1", port = 8080 }
--     local ok, why = a:check_host(headers)
-- @module deckhand.web.access

local libs = require "deckhand.web.libs"
local host_lib = require "deckhand.core".host

local cqueues = libs.require "cqueues"

local M = {}

M.max_pages = 1000   -- page tokens kept, of each kind (used, not yet used); the oldest is forgotten beyond

local Access = {}
Access.__index = Access

local function hex(bytes)
  return (bytes:gsub(".", function(c) return ("%02x"):format(c:byte()) end))
end

-- "host:port" as a Host header names it (an IPv6 address in brackets)
local function authority(host, port)
  if host:find(":", 1, true) and not host:match("^%[") then host = "[" .. host .. "]" end
  return (host .. ":" .. port):lower()
end

--- access.new{ host = the address bound, port = the port listened on }
function M.new(o)
  local self = setmetatable({ hosts = {}, pages = {}, fresh = { first = 1, last = 0, n = 0 },
                              used = { first = 1, last = 0, n = 0 } },
                            Access)
  for _, h in ipairs { "127.0.0.1", "localhost", "::1", o.host or "127.0.0.1" } do
    self.hosts[authority(h, o.port)] = true
  end
  -- port 80 may be left out of Host
  if o.port == 80 then
    local bare = {}
    for a in pairs(self.hosts) do bare[#bare + 1] = a:gsub(":80$", "") end
    for _, a in ipairs(bare) do self.hosts[a] = true end
  end
  return self
end

--- access:check_host(headers) -> true, or nil, why: the Host names this
-- server (exactly one Host, one of the names above)
function Access:check_host(h)
  local n = select("#", h:get(":authority"))
  local host = h:get(":authority")
  if n ~= 1 or type(host) ~= "string" then return nil, "a request must name one Host" end
  if not self.hosts[host:lower()] then
    return nil, ("this server does not answer to Host '%s'"):format(host:sub(1, 100))
  end
  return true
end

--- access:check_origin(headers) -> true, or nil, why: no Origin (not a
-- browser's cross-origin call) or one of this server's own; and no
-- browser's word (Sec-Fetch-Site) that another site's page sent it,
-- unless it is a person following a link to the page
function Access:check_origin(h)
  local site = h:get("sec-fetch-site")
  if site and site ~= "same-origin" and site ~= "none" and h:get("sec-fetch-mode") ~= "navigate" then
    return nil, ("requests from another origin are refused (Sec-Fetch-Site '%s')"):format(site:sub(1, 40))
  end
  if not h:has("origin") then return true end
  local n = select("#", h:get("origin"))
  local origin = h:get("origin")
  local hostport = n == 1 and origin:lower():match("^http://([^/]+)$")
  if not hostport or not self.hosts[hostport] then
    return nil, ("requests from another origin are refused (Origin '%s')"):format(origin:sub(1, 100))
  end
  return true
end

-- a token joins a queue (fresh or used); the oldest beyond max_pages is
-- forgotten.  A queue is { first, last, n (its live tokens), [i] = token };
-- an entry whose token moved on to the used queue is skipped, and such
-- entries are dropped once they outnumber the live ones
local function push(self, queue, token)
  queue.last = queue.last + 1
  queue[queue.last] = token
  queue.n = queue.n + 1
  while queue.n > M.max_pages do
    local old = queue[queue.first]
    queue[queue.first] = nil
    queue.first = queue.first + 1
    local p = self.pages[old]
    if p and p.queue == queue then
      self.pages[old] = nil
      queue.n = queue.n - 1
    end
  end
  if queue.last - queue.first + 1 > 2 * M.max_pages + 16 then
    local live = {}
    for i = queue.first, queue.last do
      local p = self.pages[queue[i]]
      if p and p.queue == queue then live[#live + 1] = queue[i] end
      queue[i] = nil
    end
    for i, t in ipairs(live) do queue[i] = t end
    queue.first, queue.last = 1, #live
  end
end

--- access:new_page(address) -> a fresh page token (32 hex digits).
-- Tokens never used and tokens used are kept apart, so that pages loaded
-- and never used (another site can make a browser load the page, though
-- not read it) cannot push out the token of a page in use
function Access:new_page(address)
  local token = hex(host_lib.random_bytes(16))
  self.pages[token] = { address = address, made = cqueues.monotime(), queue = self.fresh }
  push(self, self.fresh, token)
  return token
end

--- access:page(token) -> true when the token is one of a page served
-- (it then counts as used)
function Access:page(token)
  local p = type(token) == "string" and self.pages[token]
  if not p then return false end
  if p.queue == self.fresh then
    self.fresh.n = self.fresh.n - 1
    p.queue = self.used
    push(self, self.used, token)
  end
  return true
end

--- access:check_token(token) -> true, or nil, why
function Access:check_token(token)
  if token == nil or token == "" then
    return nil, "this request needs the page's token (reload the page)"
  end
  if not self:page(token) then return nil, "unknown page token (reload the page)" end
  return true
end

return M
