-- deckhand web, who may talk to the server: only its own pages.  Another
-- site's page (a foreign Origin), a name that is not the server's (a Host
-- of DNS rebinding), a call with no page token or a body that is not JSON
-- are refused before anything happens; the page's own calls go through.
package.path = "tests/lua/?.lua;" .. package.path
local H = require "web_helper"
local libs = require "deckhand.web.libs"
local json = require "deckhand.json"

local websocket = libs.require "http.websocket"

local tournament = { game = "spades", players = "random,random", games = 1, seed = 1 }

-- a WebSocket opened with these headers and this token; whether it opened
local function ws_opens(server, token, headers)
  local path = token and ("/ws?token=" .. token) or "/ws"
  local ws = websocket.new_from_uri(("ws://127.0.0.1:%d%s"):format(server:port(), path))
  for k, v in pairs(headers or {}) do ws.request.headers:upsert(k, v) end
  local ok = ws:connect(10)
  if ok then ws:close(1000, "done", 1) end
  return ok ~= nil
end

describe("deckhand web: only its own pages", function()
  it("gives each page a token of its own in a meta tag", function()
    H.with_server({}, function(server)
      local a, b = H.page(server), H.page(server)
      assert.matches("^%x+$", a)
      assert.equal(32, #a)
      assert.are_not.equal(a, b)
    end)
  end)

  it("refuses a Host that is not the server's, and serves the ones that are", function()
    H.with_server({}, function(server)
      local port = server:port()
      for _, host in ipairs { "evil.example", ("evil.example:%d"):format(port), "127.0.0.1", "localhost",
                              ("127.0.0.1:%d"):format(port + 1), ("127.0.0.1.evil.example:%d"):format(port) } do
        for _, path in ipairs { "/", "/api/games", "/api/records" } do
          local status, body = H.http(server, "GET", path, nil, { [":authority"] = host })
          assert.equal(403, status, host .. path)
          assert.matches("does not answer to Host", body.error, 1, true)
        end
        local status = H.http(server, "POST", "/api/tournaments", tournament, { [":authority"] = host })
        assert.equal(403, status)
        assert.is_false(ws_opens(server, H.page(server), { [":authority"] = host }), host)
      end
      for _, host in ipairs { ("127.0.0.1:%d"):format(port), ("localhost:%d"):format(port),
                              ("LocalHost:%d"):format(port), ("[::1]:%d"):format(port) } do
        assert.equal(200, (H.http(server, "GET", "/api/games", nil, { [":authority"] = host })), host)
      end
      local _, list = H.http(server, "GET", "/api/tournaments")
      assert.same({}, list)
    end)
  end)

  it("answers to the host it was bound to", function()
    H.with_server({ host = "localhost" }, function(server)
      assert.equal(200, (H.http(server, "GET", "/api/games", nil, { [":authority"] = "localhost:" .. server:port() })))
    end)
  end)

  it("refuses another site's page: its calls and its WebSocket", function()
    H.with_server({}, function(server)
      local port = server:port()
      local token = H.page(server)
      for _, origin in ipairs { "http://evil.example", "https://127.0.0.1:" .. port, "null",
                                ("http://127.0.0.1:%d.evil.example"):format(port), "http://127.0.0.1:" .. (port + 1) } do
        -- the simple request a foreign page may send without asking first
        local status, body = H.http(server, "POST", "/api/tournaments", json.encode(tournament),
          { origin = origin, ["content-type"] = "text/plain" })
        assert.equal(403, status, origin)
        assert.matches("another origin", body.error, 1, true)
        -- even with a page's token and JSON
        status = H.http(server, "POST", "/api/tournaments", tournament,
          { origin = origin, ["x-deckhand-token"] = token })
        assert.equal(403, status, origin)
        status = H.http(server, "GET", "/api/records", nil, { origin = origin })
        assert.equal(403, status, origin)
        assert.is_false(ws_opens(server, token, { origin = origin }), origin)
      end
      local _, list = H.http(server, "GET", "/api/tournaments")
      assert.same({}, list)
      -- the page's own origin is served
      assert.is_true(ws_opens(server, token, { origin = "http://127.0.0.1:" .. port }))
      assert.is_true(ws_opens(server, token, { origin = "http://localhost:" .. port }))
    end)
  end)

  it("wants a JSON body and the page's token on every call that changes something", function()
    H.with_server({}, function(server)
      local token = H.page(server)
      local cases = {
        { { ["content-type"] = "text/plain", ["x-deckhand-token"] = token }, 415, "must be JSON" },
        { { ["content-type"] = "application/x-www-form-urlencoded", ["x-deckhand-token"] = token }, 415, "must be JSON" },
        { { ["content-type"] = false, ["x-deckhand-token"] = token }, 415, "must be JSON" },
        { { ["x-deckhand-token"] = false }, 403, "needs the page's token" },
        { { ["x-deckhand-token"] = "" }, 403, "needs the page's token" },
        { { ["x-deckhand-token"] = ("0"):rep(32) }, 403, "unknown page token" },
      }
      for _, path in ipairs { "/api/tournaments", "/api/open", "/api/variant" } do
        for _, case in ipairs(cases) do
          local status, body = H.http(server, "POST", path, json.encode(tournament), case[1])
          assert.equal(case[2], status, path .. " " .. json.encode(case[1]))
          assert.matches(case[3], body.error, 1, true)
        end
      end
      local _, list = H.http(server, "GET", "/api/tournaments")
      assert.same({}, list)
      -- no WebSocket without a page's token
      assert.is_false(ws_opens(server, nil))
      assert.is_false(ws_opens(server, ("0"):rep(32)))
      -- the page's own call, JSON with its token, goes through
      local status, v = H.http(server, "POST", "/api/variant", { game = "spades" },
        { ["content-type"] = "application/json; charset=utf-8", ["x-deckhand-token"] = token })
      assert.equal(200, status)
      assert.equal(4, v.seats)
      assert.is_true(ws_opens(server, token))
    end)
  end)
  it("refuses what a browser says another site's page sent, but not a person following a link", function()
    H.with_server({}, function(server)
      for _, site in ipairs { "cross-site", "same-site" } do
        local status, body = H.http(server, "GET", "/api/records", nil,
          { ["sec-fetch-site"] = site, ["sec-fetch-mode"] = "no-cors" })
        assert.equal(403, status, site)
        assert.matches("another origin", body.error, 1, true)
        assert.equal(403, (H.http(server, "GET", "/", nil, { ["sec-fetch-site"] = site, ["sec-fetch-mode"] = "no-cors" })))
        assert.equal(200, (H.http(server, "GET", "/", nil, { ["sec-fetch-site"] = site, ["sec-fetch-mode"] = "navigate" })))
      end
      assert.equal(200, (H.http(server, "GET", "/api/records", nil, { ["sec-fetch-site"] = "same-origin" })))
    end)
  end)

  it("keeps the token of a page in use however many pages are loaded and never used", function()
    local access = require "deckhand.web.access"
    local saved = access.max_pages
    access.max_pages = 5
    local ok, err = pcall(H.with_server, {}, function(server)
      local mine = H.page(server)
      assert.is_true(ws_opens(server, mine))   -- in use
      local first = H.page(server)
      for _ = 1, 20 do H.page(server) end     -- loaded, never used
      assert.is_true(ws_opens(server, mine))
      assert.is_false(ws_opens(server, first))   -- the oldest unused is forgotten
      -- used tokens are bounded too
      local used = {}
      for i = 1, 7 do used[i] = H.page(server); assert.is_true(ws_opens(server, used[i])) end
      assert.is_false(ws_opens(server, mine))
      assert.is_true(ws_opens(server, used[7]))
      assert.truthy(server.app.access.fresh.last - server.app.access.fresh.first < 2 * 5 + 17)
    end)
    access.max_pages = saved
    assert(ok, err)
  end)
end)
