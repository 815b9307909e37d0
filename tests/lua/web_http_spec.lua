-- deckhand web, the HTTP routes: the page, Chart.js, the catalogue of
-- games and bots, the checks of a choice, bad requests; over a real socket.
package.path = "tests/lua/?.lua;" .. package.path
local H = require "web_helper"

describe("deckhand web: HTTP routes", function()
  it("serves the page, its scripts and Debian's Chart.js", function()
    H.with_server({}, function(server)
      local status, body, h = H.http(server, "GET", "/")
      assert.equal(200, status)
      assert.matches("text/html", h:get("content-type"))
      assert.matches('<script src="/static/play.js">', body, 1, true)
      status, body, h = H.http(server, "GET", "/static/app.js")
      assert.equal(200, status)
      assert.matches("javascript", h:get("content-type"))
      assert.matches("new WebSocket", body, 1, true)
      status, body = H.http(server, "GET", "/lib/chart.js")
      assert.equal(200, status)
      assert.matches("Chart.js v3", body, 1, true)
      -- nothing outside web/ is served
      for _, path in ipairs { "/static/../README.md", "/static/x/../../README.md", "/README.md", "/static/nope.js",
                              "/static/%2e%2e/README.md", "/static/..%2fREADME.md", "/static/%2Fetc%2Fpasswd",
                              "/static//etc/passwd", "/static/.git", "/lib/../README.md" } do
        status, body = H.http(server, "GET", path)
        assert.equal(404, status, path)
        assert.is_string(body.error)
      end
    end)
  end)

  it("prints an address a browser opens, an IPv6 host in brackets", function()
    local server_lib = require "deckhand.web.server"
    assert.equal("http://127.0.0.1:8080/", server_lib.url_of("127.0.0.1", 8080))
    assert.equal("http://[::1]:8080/", server_lib.url_of("::1", 8080))
    assert.equal("http://[fe80::1]:1/", server_lib.url_of("fe80::1", 1))
    H.with_server({}, function(server)
      assert.equal(("http://127.0.0.1:%d/"):format(server:port()), server:url())
    end)
  end)

  it("lists every variant with its options and defaults, and the bots", function()
    H.with_server({}, function(server)
      local status, games = H.http(server, "GET", "/api/games")
      assert.equal(200, status)
      local by = {}
      for _, g in ipairs(games) do by[g.name] = g end
      -- the defaults as rules/spades.lua and rules/holdem.lua declare them
      assert.same({ 4, "points", 500, 200 }, { by.spades.seats, by.spades.unit, by.spades.options.target,
                                              by.spades.options.max_hands })
      assert.same({ 1, 2, 1, 2 }, by.spades.sides)
      assert.same({ 2, "chips", 1000, 10 }, { by.holdem.seats, by.holdem.unit, by.holdem.options.stack,
                                             by.holdem.options.big_blind })
      for _, name in ipairs { "hearts", "briscola", "ohhell", "whist", "crazy8" } do assert.truthy(by[name], name) end
      local _, bots = H.http(server, "GET", "/api/strategies")
      local set = {}
      for _, b in ipairs(bots) do set[b] = true end
      assert.truthy(set.heuristic and set.random and set.pimc and set.greedy)
      assert.falsy(set.human)   -- the terminal's player is no bot
    end)
  end)

  it("checks a game and its options, naming what is wrong", function()
    H.with_server({}, function(server)
      local status, v = H.http(server, "POST", "/api/variant", { game = "holdem", options = { seats = 6 } })
      assert.equal(200, status)
      assert.same({ 6, "chips" }, { v.seats, v.unit })
      local cases = {
        { { game = "nope" }, "unknown variant 'nope'" },
        { { game = "../rules/spades" }, "unknown game '../rules/spades'" },
        { { game = "spades", options = { trump = "h" } }, "unknown option 'trump'" },
        { { game = "spades", options = { target = "x" } }, "option 'target' must be a number" },
        { { game = "spades", options = { target = { 1 } } }, "option 'target' must be a string, number or boolean" },
        { { game = "holdem", options = { seats = 11 } }, "seats" },
      }
      for _, c in ipairs(cases) do
        status, v = H.http(server, "POST", "/api/variant", c[1])
        assert.equal(400, status)
        assert.matches(c[2], v.error, 1, true)
      end
      status, v = H.http(server, "POST", "/api/variant", "{not json")
      assert.equal(400, status)
      assert.matches("JSON object", v.error)
      status, v = H.http(server, "POST", "/api/variant", '{"game":"' .. ("x"):rep(70000) .. '"}')
      assert.equal(413, status)
      assert.matches("over 65536 bytes", v.error)
      status, v = H.http(server, "DELETE", "/api/games")
      assert.equal(405, status)
      assert.matches("DELETE", v.error)
    end)
  end)

  it("refuses a tournament with unknown bots or bad counts before starting anything", function()
    H.with_server({}, function(server)
      local cases = {
        { { game = "spades", players = "heuristic,nobody" }, "unknown bot 'nobody'" },
        { { game = "spades", games = 0 }, "games must be an integer from 1" },
        { { game = "spades", seed = 1.5 }, "seed must be an integer" },
        { { game = "spades", set = { "pimc.worlds=4 0" } }, "bad strategy option" },
        { { game = "chess" }, "unknown variant 'chess'" },
      }
      for _, c in ipairs(cases) do
        local status, v = H.http(server, "POST", "/api/tournaments", c[1])
        assert.equal(400, status)
        assert.matches(c[2], v.error, 1, true)
      end
      local _, list = H.http(server, "GET", "/api/tournaments")
      assert.same({}, list)
      local status, v = H.http(server, "GET", "/api/tournaments/7")
      assert.equal(404, status)
      assert.matches("no tournament 7", v.error)
      status, v = H.http(server, "POST", "/api/open", { file = "../etc/passwd" })
      assert.equal(400, status)
      assert.matches("bad record name", v.error)
      status, v = H.http(server, "GET", "/api/replay?file=missing.json")
      assert.equal(400, status)
      assert.matches("missing.json", v.error)
    end)
  end)

  it("goes on serving when a client closes before sending the body its length announced", function()
    -- (lua-http's own drain of such a body goes round without yielding:
    -- without routes.lua's drain this spec never ends, as the server did not)
    local libs = require "deckhand.web.libs"
    local socket = libs.require "cqueues.socket"
    local cqueues = libs.require "cqueues"
    H.with_server({}, function(server)
      local token = H.page(server)
      local function short_body(method, path, half)
        local s = assert(socket.connect("127.0.0.1", server:port()))
        s:setmode("b", "b")
        s:write(("%s %s HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nContent-Type: application/json\r\nX-Deckhand-Token: %s\r\n"
                 .. "Content-Length: 99999\r\n\r\n{}"):format(method, path, server:port(), token))
        s:flush()
        if half then   -- the client stops writing but still reads: it is told why
          s:shutdown("w")
          local head = s:xread("*l", "t", 10)
          local rest = s:xread("*a", "t", 10) or ""
          s:close()
          return head, rest
        end
        cqueues.sleep(0.2)
        s:close()
      end
      local head, rest = short_body("POST", "/api/variant", true)
      assert.matches("^HTTP/1.1 400", head)
      assert.matches("the request body ended before the 99999 bytes its header announced", rest, 1, true)
      short_body("POST", "/api/variant")
      short_body("GET", "/api/games")   -- a body nobody reads
      -- the server still answers, at once
      local t0 = cqueues.monotime()
      local status, list = H.http(server, "GET", "/api/strategies")
      assert.equal(200, status)
      assert.is_string(list[1])
      assert.truthy(cqueues.monotime() - t0 < 5)
    end)
  end)
end)
