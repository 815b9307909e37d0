--- deckhand.web.bots: a web match's bots, thinking in a child process.
--
-- A bot may think for seconds (pimc); in the server's one event loop that
-- would stall every page.  So each match's bots live in a worker process
-- of their own (deckhand/web/bot_worker.lua), loaded in the sandbox and
-- asked under the time limit there, and the match waits for an answer on
-- a Unix socket, a wait the event loop goes on serving the others through.
-- The worker keeps its own copy of the game, told the moves as they are
-- made, and sends back only the text of a move; nothing it says reaches a
-- page but through the match, which checks the move with the engine.
--
--     local bots = require "deckhand.web.bots"
--     local b, why = bots.start { game = "spades", options = {}, seed = 7,
--                                 bots = { [2] = "pimc", [3] = "heuristic", [4] = "pimc" },
--                                 limit = 10 }      -- in a coroutine of the event loop
--     local text, why = b:ask(2, { { 1, "2c" } })  -- the moves since the last ask
--     b:close()
-- @module deckhand.web.bots

local dh = require "deckhand"
local json = require "deckhand.json"
local libs = require "deckhand.web.libs"
local host = require "deckhand.core".host
local bot_worker = require "deckhand.web.bot_worker"

local socket = libs.require "cqueues.socket"

local M = {}

M.start_timeout = 30   -- seconds for a worker to connect and load its bots
M.grace = 10           -- seconds past the limit before a silent worker is given up

local Bots = {}
Bots.__index = Bots

-- the workers closed that may still be exiting, by pid: the server counts
-- them against its cap on processes until they are gone
local ending = {}

-- whether a process runs (and is no zombie); where there is no /proc,
-- every process counts as ended
local function alive(pid)
  local f = io.open(("/proc/%d/stat"):format(pid), "r")
  if not f then return false end
  local stat = f:read("l") or ""
  f:close()
  return stat:match("^%d+ %(.*%) (%a)") ~= "Z"
end

--- bots.ending() -> how many workers of closed matches are still exiting
function M.ending()
  local n = 0
  for pid in pairs(ending) do
    if alive(pid) then n = n + 1 else ending[pid] = nil end
  end
  return n
end

local function quote(s) return "'" .. tostring(s):gsub("'", "'\\''") .. "'" end

local function hex(bytes)
  return (bytes:gsub(".", function(c) return ("%02x"):format(c:byte()) end))
end

-- starts the worker process in a process group of its own; its pid
local function spawn(path, token)
  local lua = os.getenv("DECKHAND_LUA") or "lua5.4"
  local boot = ("package.path = %q; package.cpath = %q; require('deckhand.web.bot_worker').main()"):format(
    package.path, package.cpath)
  -- the shell says its pid, then becomes the worker (standard error stays
  -- the server's: a bot's print goes there)
  local script = ("echo $$; DECKHAND_BOT_SOCKET=%s DECKHAND_BOT_TOKEN=%s exec %s -e %s </dev/null >/dev/null")
    :format(quote(path), token, quote(lua), quote(boot))
  local p = io.popen(("setsid sh -c %s &"):format(quote(script)))
  local pid = p and math.tointeger(tonumber(p:read("l") or ""))
  if p then p:close() end
  return pid
end

function Bots:send(t)
  local fine, ok, why = pcall(self.conn.xwrite, self.conn, json.encode(t) .. "\n", "n", 10)
  if not fine then ok, why = nil, ok end
  if not ok then return nil, "the bots' process went away: " .. tostring(why) end
  return true
end

function Bots:receive(timeout)
  -- (a close while this waits makes the socket raise)
  local ok, line, why = pcall(self.conn.xread, self.conn, "*l", "t", timeout)
  if not ok then line, why = nil, line end
  if not line then
    if ok and why == nil then self.gone = true end   -- end of file: the worker has ended
    if self.closed then return nil, "the match was closed" end
    return nil, why and ("the bots' process did not answer: " .. tostring(why)) or "the bots' process ended"
  end
  local msg = json.decode(line)
  if type(msg) ~= "table" then return nil, "the bots' process said something that is not JSON" end
  return msg
end

--- bots.start(o) -> the bots of a match, running, or nil, why.  o: game
-- (a variant name on the search path), options, seed, bots (seat -> bot
-- name), strategy_options (name -> options), limit (seconds of wall time
-- per decision, 0: none).  Call it in a coroutine of the event loop.
function M.start(o)
  local token = hex(host.random_bytes(16))
  local path = os.tmpname()
  os.remove(path)
  local listener = socket.listen { path = path, unlink = true }
  local ok, lerr = listener:listen()
  if not ok then return nil, "cannot open a socket for the bots: " .. tostring(lerr) end
  -- busy until ready: a worker that fails to start is stopped
  local self = setmetatable({ limit = o.limit or 10, busy = true }, Bots)
  self.pid = spawn(path, token)
  if not self.pid then
    listener:close(); os.remove(path)
    return nil, "could not start the bots' process"
  end
  local conn, aerr = listener:accept(M.start_timeout)
  listener:close()
  os.remove(path)
  if not conn then
    self:close()
    return nil, "the bots' process did not start: " .. tostring(aerr)
  end
  self.conn = conn
  conn:setmaxline(bot_worker.max_line)
  local hello, why = self:receive(M.start_timeout)
  if not hello or hello.hello ~= token then
    self:close()
    return nil, why or "the bots' process gave a wrong token"
  end
  local list = {}
  for seat, name in pairs(o.bots) do list[#list + 1] = { seat, name } end
  table.sort(list, function(a, b) return a[1] < b[1] end)
  local sent, serr = self:send { game = o.game, options = o.options or {}, seed = o.seed, bots = list,
                                 strategy_options = o.strategy_options or {}, path = dh.path,
                                 strategy_path = dh.strategy_path, limit = self.limit }
  local ready
  if sent then ready, serr = self:receive(M.start_timeout) end
  if not ready or not ready.ready then
    self:close()
    return nil, ready and ready.error or serr
  end
  self.busy = false
  return self
end

--- bots:ask(seat, moves) -> the text of the seat's move, or nil, why (a
-- forfeit: over the limit, raised, returned no move; or the process
-- failed).  moves: the { seat, text } made since the last ask.
function Bots:ask(seat, moves)
  if self.closed or self.gone then return nil, "the bots' process is gone" end
  local ok, why = self:send { moves = moves, seat = seat }
  if not ok then return nil, why end
  self.busy = true
  local msg
  msg, why = self:receive(self.limit > 0 and self.limit + M.grace or nil)
  if not msg then
    self:close()   -- still busy: a worker silent past its time is stopped
    return nil, why
  end
  self.busy = false
  if msg.move ~= nil then return tostring(msg.move) end
  return nil, tostring(msg.forfeit or msg.error or "no move")
end

--- bots:close(): ends the worker (at once when it is still thinking)
function Bots:close()
  if self.closed then return end
  self.closed = true
  -- a worker that is not thinking ends when its socket closes; one that
  -- is (or never said hello) is stopped.  KILL: the server blocks SIGTERM
  -- for its own signal handling and a child keeps that mask
  if self.pid and self.busy and not self.gone then
    os.execute(("kill -KILL -%d 2>/dev/null"):format(self.pid))
  end
  if self.conn then self.conn:close() end
  if self.pid then ending[self.pid] = true end
end

return M
