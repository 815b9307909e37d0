-- webdriver.lua: a small W3C WebDriver client over HTTP (lua-http), for
-- driving headless chromium through chromium-driver from busted.
--
--     local wd = require "webdriver"
--     local driver = wd.start()                 -- chromedriver on a free port
--     local b = driver:session()                -- headless chromium
--     b:get("http://127.0.0.1:8080/")
--     b:click(b:find("#play-start"))
--     b:quit(); driver:stop()
local libs = require "deckhand.web.libs"
local json = require "deckhand.json"

local request = libs.require "http.request"
local basexx = libs.require "basexx"
local cqueues = libs.require "cqueues"

local M = {}
local ELEMENT = "element-6066-11e4-a52e-4f735466cecf"

local function call(base, method, path, body)
  local req = request.new_from_uri(base .. path)
  req.headers:upsert(":method", method)
  if body then
    req.headers:upsert("content-type", "application/json")
    req:set_body(type(body) == "string" and body or json.encode(body))   -- "{}": an empty object
  end
  local h, stream = req:go(60)
  if not h then error(("webdriver %s %s: %s"):format(method, path, tostring(stream)), 3) end
  local text = assert(stream:get_body_as_string(60))
  local v = json.decode(text)
  local status = tonumber(h:get(":status"))
  if status ~= 200 then
    local e = type(v) == "table" and type(v.value) == "table" and v.value or {}
    error(("webdriver %s %s: %s: %s"):format(method, path, tostring(e.error or status),
      tostring(e.message or text):match("^[^\n]*")), 3)
  end
  return type(v) == "table" and v.value
end

local function free_port()
  local socket = libs.require "cqueues.socket"
  local s = assert(socket.listen("127.0.0.1", 0))
  local _, _, port = s:localname()
  s:close()
  return port
end

local Driver = {}
Driver.__index = Driver

--- start() -> a chromedriver process on a free port, ready
function M.start()
  local port = free_port()
  local p = assert(io.popen(("sh -c 'echo $$; exec chromedriver --port=%d >/dev/null 2>&1' &"):format(port)))
  local pid = math.tointeger(tonumber(p:read("l")))
  p:close()
  local d = setmetatable({ pid = pid, base = ("http://127.0.0.1:%d"):format(port) }, Driver)
  for _ = 1, 100 do
    local ok, v = pcall(call, d.base, "GET", "/status")
    if ok and v and v.ready then return d end
    cqueues.sleep(0.1)
  end
  d:stop()
  error("chromedriver did not start")
end

function Driver:stop()
  if self.pid then os.execute(("kill %d 2>/dev/null"):format(self.pid)) end
  self.pid = nil
end

local Session = {}
Session.__index = Session

--- driver:session([width, height]) -> a headless chromium session (a width
-- under 500 px, below a window's least, as a phone's screen)
function Driver:session(width, height)
  local args = { "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 ("--window-size=%d,%d"):format(width or 1280, height or 1000) }
  local options = { args = args, binary = os.getenv("CHROMIUM") or "/usr/bin/chromium" }
  -- a window is at least 500 px wide: a phone's width is emulated instead
  if (width or 1280) < 500 then
    options.mobileEmulation = { deviceMetrics = { width = width, height = height or 1000, pixelRatio = 1 } }
  end
  local v = call(self.base, "POST", "/session", { capabilities = { alwaysMatch = {
    browserName = "chrome", ["goog:chromeOptions"] = options,
  } } })
  return setmetatable({ base = self.base .. "/session/" .. v.sessionId }, Session)
end

function Session:call(method, path, body) return call(self.base, method, path, body) end
function Session:get(url) return self:call("POST", "/url", { url = url }) end
function Session:quit() pcall(call, self.base, "DELETE", "") end

--- session:find(css) -> an element id, or nil; find_all -> a list
function Session:find_all(css)
  local list = self:call("POST", "/elements", { using = "css selector", value = css })
  local out = {}
  for i, e in ipairs(list) do out[i] = e[ELEMENT] end
  return out
end
function Session:find(css) return self:find_all(css)[1] end

function Session:click(id) return self:call("POST", "/element/" .. id .. "/click", "{}") end
function Session:text(id) return self:call("GET", "/element/" .. id .. "/text") end
function Session:attr(id, name) return self:call("GET", "/element/" .. id .. "/attribute/" .. name) end
function Session:displayed(id) return self:call("GET", "/element/" .. id .. "/displayed") end
function Session:type(id, text)
  self:call("POST", "/element/" .. id .. "/clear", "{}")
  return self:call("POST", "/element/" .. id .. "/value", { text = tostring(text) })
end

--- session:js(script, ...) -> what the script returns (its arguments as `arguments`)
function Session:js(script, ...)
  return self:call("POST", "/execute/sync", { script = script, args = { ... } })
end

--- session:js_async(script, ...) -> what the script passes to its callback
-- (the last of `arguments`); timeout in seconds (60)
function Session:js_async(timeout, script, ...)
  self:call("POST", "/timeouts", { script = math.floor((timeout or 60) * 1000) })
  return self:call("POST", "/execute/async", { script = script, args = { ... } })
end

--- session:wait(f [, timeout, what]) -> f's first true answer, polling; raises after timeout
function Session:wait(f, timeout, what)
  local deadline = cqueues.monotime() + (timeout or 20)
  local last
  repeat
    local ok, v = pcall(f)
    if ok and v then return v end
    last = v
    cqueues.sleep(0.1)
  until cqueues.monotime() > deadline
  error(("timed out waiting for %s (%s)"):format(what or "the page", tostring(last)), 2)
end

--- session:screenshot(file): the page as a PNG
function Session:screenshot(file)
  local b64 = self:call("GET", "/screenshot")
  local f = assert(io.open(file, "wb"))
  f:write(basexx.from_base64(b64))
  f:close()
end

return M
