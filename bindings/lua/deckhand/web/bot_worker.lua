--- deckhand.web.bot_worker: the child process that makes the decisions of
-- one web match's bots, so that a bot thinking for seconds holds up no
-- page (deckhand/web/bots.lua starts it and talks to it).
--
-- The worker connects to the Unix socket named by DECKHAND_BOT_SOCKET,
-- says the token of DECKHAND_BOT_TOKEN, and is told the match: the game,
-- its options and seed, the bots by seat, the search paths and the time
-- limit.  It keeps its own copy of the game, replaying the moves the
-- server sends, and answers each request for a seat's move with what that
-- seat's bot returns for its own view -- the bot loaded in the sandbox and
-- asked under the wall-clock limit (deckhand/guard.lua), as in a
-- tournament.  One JSON object a line each way:
--
--     worker: { "hello": token }
--     server: { "game", "options", "seed", "bots": [[seat, name], ...],
--               "strategy_options", "path", "strategy_path", "limit" }
--     worker: { "ready": true }  or  { "error": why }
--     server: { "moves": [[seat, text], ...] (since the last request), "seat": s }
--     worker: { "move": text }  or  { "forfeit": why }  or  { "error": why }
--
-- It ends when the server closes the socket.
-- @module deckhand.web.bot_worker

local json = require "deckhand.json"

local M = {}

M.max_line = 1 << 20   -- bytes in one message

local function random_seed(host)
  return string.unpack("<I4", host.random_bytes(4)) & 0x7FFFFFFF
end

-- the bots of the match, by seat, or nil, why
local function start_bots(dh, guard, init, variant, host)
  local bots = {}
  for _, pair in ipairs(init.bots or {}) do
    local seat, name = pair[1], pair[2]
    local o = {}
    for k, v in pairs((init.strategy_options or {})[name] or {}) do o[k] = v end
    o.variant, o.seed = variant, random_seed(host)   -- never the deal's seed
    local bot, why = guard.run(function() return dh.strategy(name, o) end, nil, init.limit)
    if not bot then return nil, ("seat %d: the bot '%s' could not start: %s"):format(seat, name, why) end
    bots[seat] = bot
  end
  return bots
end

--- bot_worker.main(): the worker's side, run by the command bots.lua starts
function M.main()
  local host = require "deckhand.core".host
  local libs = require "deckhand.web.libs"
  local socket = libs.require "cqueues.socket"
  local conn = assert(socket.connect { path = assert(os.getenv("DECKHAND_BOT_SOCKET"), "DECKHAND_BOT_SOCKET is not set") })
  conn:setmaxline(M.max_line)
  local function say(t) assert(conn:xwrite(json.encode(t) .. "\n", "n")) end
  local function hear()
    local line = conn:xread("*l", "t")
    if not line then os.exit(0) end   -- the server closed the match
    return assert(json.decode(line))
  end
  say { hello = os.getenv("DECKHAND_BOT_TOKEN") }
  local init = hear()
  local dh = require "deckhand"
  local guard = require "deckhand.guard"
  local choose = require "deckhand.run".choose
  dh.path, dh.strategy_path = init.path, init.strategy_path
  local ok, variant = pcall(dh.variant, init.game, init.options)
  if not ok then return say { error = guard.describe(variant) } end
  local game = dh.game(variant, { seed = init.seed })
  local bots, why = start_bots(dh, guard, init, variant, host)
  if not bots then return say { error = why } end
  say { ready = true }
  while true do
    local msg = hear()
    for _, m in ipairs(msg.moves or {}) do
      local applied, err = game:apply(m[1], m[2])
      if not applied then
        return say { error = ("the bots' copy of the game refused seat %s's '%s': %s"):format(m[1], m[2], err) }
      end
    end
    local seat = msg.seat
    local bot = bots[seat]
    if not bot or game:next_player() ~= seat then
      return say { error = ("asked for seat %s, but the turn is seat %s's"):format(seat, game:next_player()) }
    end
    local move, extra = guard.move(function(v) return choose(bot, v) end, game:view(seat), init.limit)
    local fault = move == nil and guard.rules_fault(game)
    if fault then
      say { error = ("the rules of %s failed: %s"):format(variant.name, fault) }
    elseif move == nil then
      say { forfeit = extra }
    else
      local fine, text = pcall(game.text, game, move, extra)
      if not fine or not text then text = tostring(move) .. (extra ~= nil and (" " .. tostring(extra)) or "") end
      say { move = text }
    end
  end
end

return M
