-- web_install_spec.lua: `deckhand web` from an installed copy.  make install
-- into a scratch prefix, start the installed command from a folder far from
-- the source tree (no DECKHAND_ROOT, Lua paths that reach the installed
-- modules and the system's lua-http, cqueues and argparse only), then fetch
-- the page and its scripts and styles over HTTP and compare them with web/,
-- play a few bot moves over the WebSocket and run a tournament from the page.
package.path = "tests/lua/?.lua;" .. package.path
local H = require "embed_helper"
local q = H.quote

local describe_or_skip = describe
if H.sanitize then
  describe_or_skip = function(name) pending(name .. ": skipped under sanitize (runs in make check-dist)") end
end

describe_or_skip("deckhand web installed", function()
  local libs = require "deckhand.web.libs"
  local json = require "deckhand.json"
  local request = libs.require "http.request"
  local websocket = libs.require "http.websocket"
  local tmp, prefix, pid, port

  local function read(file)
    local f = io.open(file, "rb")
    if not f then return nil end
    local s = f:read("a")
    f:close()
    return s
  end

  -- a page's token, from the page the server serves
  local function page_token()
    local req = request.new_from_uri(("http://127.0.0.1:%d/"):format(port))
    local _, stream = assert(req:go(20))
    return assert(assert(stream:get_body_as_string(20)):match('<meta name="deckhand%-token" content="(%x+)">'))
  end

  local function get(path, method, body)
    local req = request.new_from_uri(("http://127.0.0.1:%d%s"):format(port, path))
    if method then req.headers:upsert(":method", method) end
    if body then
      req.headers:upsert("content-type", "application/json")
      req.headers:upsert("x-deckhand-token", page_token())
      req:set_body(json.encode(body))
    end
    local h, stream = assert(req:go(20))
    return tonumber(h:get(":status")), assert(stream:get_body_as_string(20)), h
  end

  setup(function()
    tmp = H.tmpdir()
    prefix = tmp .. "/prefix"
    H.run(("cd %s && bash .ci/install install '' %s %s"):format(q(H.root), q(prefix), q(H.root .. "/build/release")))
    H.run("mkdir -p " .. q(tmp .. "/cwd"))
    local env = H.clean_env {
      LUA_PATH_5_4 = prefix .. "/share/lua/5.4/?.lua;" .. prefix .. "/share/lua/5.4/?/init.lua;;",
      LUA_CPATH_5_4 = prefix .. "/lib/lua/5.4/?.so;;",
    }
    -- the shell says its pid and becomes the server; the address is read
    -- from the server's first line
    local p = assert(io.popen(("cd %s && sh -c 'echo $$; exec %s lua5.4 %s web --port 0 --pace 0 --records rec >out 2>err' &")
      :format(q(tmp .. "/cwd"), env:gsub("'", "'\\''"), q(prefix .. "/bin/deckhand"))))
    pid = math.tointeger(tonumber(p:read("l")))
    p:close()
    for _ = 1, 200 do
      local out = read(tmp .. "/cwd/out") or ""
      port = math.tointeger(tonumber(out:match("http://127%.0%.0%.1:(%d+)/")))
      if port then break end
      os.execute("sleep 0.05")
    end
    assert(port, "the installed server printed no address: " .. tostring(read(tmp .. "/cwd/err")))
  end)

  teardown(function()
    if pid then os.execute(("kill %d 2>/dev/null"):format(pid)) end
    H.rmdir(tmp)
  end)

  it("installs the page beside its data and says where in its config", function()
    local listed = H.run("cd " .. q(H.root) .. " && ls web/")
    for f in listed:gmatch("%S+") do
      assert.are.equal(H.read(H.root .. "/web/" .. f), H.read(prefix .. "/share/deckhand/web/" .. f), f)
    end
    assert.truthy(H.read(prefix .. "/share/lua/5.4/deckhand/config.lua")
      :find(('web = "%s/share/deckhand/web"'):format(prefix), 1, true))
    assert.is_true(H.exists(prefix .. "/share/lua/5.4/deckhand/web/server.lua"))
  end)

  it("serves the installed page, its scripts and styles", function()
    local status, body, h = get("/")
    assert.are.equal(200, status)
    assert.matches("text/html", h:get("content-type"))
    -- (with the token of this page in its meta tag)
    local token = body:match('<meta name="deckhand%-token" content="(%x+)">')
    assert.are.equal(32, #token)
    assert.are.equal(H.read(H.root .. "/web/index.html"), (body:gsub(token, "", 1)))
    -- every script and style the page names, as they are in web/
    local named = 0
    for ref in body:gmatch('"/static/([%w_%-]+%.%w+)"') do
      status, body = get("/static/" .. ref)
      assert.are.equal(200, status, ref)
      assert.are.equal(H.read(H.root .. "/web/" .. ref), body, ref)
      named = named + 1
    end
    assert.is_true(named >= 6, "the page names its scripts and style sheet")
    status, body = get("/lib/chart.js")
    assert.are.equal(200, status)
    assert.truthy(body:find("Chart.js", 1, true))
  end)

  it("plays bot moves and runs a tournament with the installed command", function()
    local ws = websocket.new_from_uri(("ws://127.0.0.1:%d/ws?token=%s"):format(port, page_token()))
    assert(ws:connect(10))
    assert(ws:send(json.encode { type = "start", game = "spades", seat = 1, bots = "random", seed = 3 }))
    local bot_moves = 0
    while bot_moves < 3 do
      local msg = json.decode(assert(ws:receive(30)))
      assert.are_not.equal("error", msg.type, msg.message)
      if msg.type == "move" and msg.seat ~= 1 then bot_moves = bot_moves + 1 end
      if msg.your_turn then
        assert(ws:send(json.encode { type = "move", seat = 1, move = msg.view.moves[1], step = msg.step }))
      end
    end
    ws:close()
    local status, body = get("/api/tournaments", "POST", { game = "spades", players = { "random", "greedy" },
                                                           games = 2, seed = 5 })
    assert.are.equal(200, status, body)
    local id = json.decode(body).id
    local t
    for _ = 1, 600 do
      t = json.decode(select(2, get("/api/tournaments/" .. id)))
      if t.state ~= "running" then break end
      os.execute("sleep 0.1")
    end
    assert.are.equal("done", t.state, json.encode(t))
    assert.are.equal(2, t.done)
  end)
end)
