--- deckhand.web.match: one match of a person against bots, played by
-- deckhand.run in a coroutine of the server's event loop.
--
-- The person's seat is a player whose move(view) waits for a move from
-- the page; the bots think in a worker process of the match's own
-- (deckhand/web/bots.lua: sandboxed, under the time limit), so the event
-- loop serves everyone else meanwhile, and their moves are spaced by at
-- least `pace` seconds so that a person can follow them.  Everything the
-- match tells the page goes through `send` and is built from the person's
-- own view (game:view(seat):data()) and the public texts of the others'
-- moves (game:public), never from the game itself: the page learns
-- nothing its seat may not know.  The match lives on when the page goes
-- away, so that a reload resumes it by its token; a detached match is
-- ended after `keep` seconds.  The game's own code runs under the rule
-- time limit the server set (deckhand/rule_guard.lua: `here` on the
-- coroutine that runs it, paused while a move is awaited), so that a game
-- whose code loops ends its match instead of stopping the event loop.
-- @module deckhand.web.match

local dh = require "deckhand"
local choose = require "deckhand.run".choose
local records = require "deckhand.records"
local protocol = require "deckhand.protocol"
local libs = require "deckhand.web.libs"
local bots_lib = require "deckhand.web.bots"
local host = require "deckhand.core".host
local table_of = require "deckhand.table".of
local rule_guard = require "deckhand.rule_guard"

local cqueues = libs.require "cqueues"
local condition = libs.require "cqueues.condition"

local M = {}

local Match = {}
Match.__index = Match

local CLOSED = setmetatable({}, { __tostring = function() return "the match was closed" end })

local function hex(bytes)
  return (bytes:gsub(".", function(c) return ("%02x"):format(c:byte()) end))
end

--- match.token() -> a fresh random token (32 hex digits)
function M.token() return hex(host.random_bytes(16)) end

local function random_seed()
  return string.unpack("<I4", host.random_bytes(4)) & 0x7FFFFFFF
end

--- match.new(o) -> a Match, not yet running.  o: variant, seat, bots
-- (strategy names for the other seats, by seat), seed (optional), pace
-- (seconds before each bot move), records (a folder for the finished
-- match's record, optional), strategy_options (name -> options), limit
-- (seconds of wall time per bot decision, 0: none; 10)
function M.new(o)
  local variant = o.variant
  local seed = o.seed or random_seed()
  local dealt, game = rule_guard.here(dh.game, variant, { seed = seed })
  if not dealt then error(game, 0) end
  local names, bots = {}, {}
  for s = 1, variant.seats do
    if s ~= o.seat then bots[s], names[s] = o.bots[s], o.bots[s] else names[s] = "you" end
  end
  local m = setmetatable({
    token = M.token(), variant = variant, seat = o.seat, seed = seed, pace = o.pace or 0,
    records = o.records, names = names, bot_names = bots, strategy_options = o.strategy_options,
    limit = o.limit or 10, game = game, moves = {}, told = 0,
    step = 0, state = "playing", cond = condition.new(), touched = cqueues.monotime(),
  }, Match)
  return m
end

--- match:start_bots() -> true, or nil, why: starts the process of the
-- match's bots (call it in a coroutine of the event loop)
function Match:start_bots()
  local b, why = bots_lib.start { game = self.variant.name, options = self.variant.options, seed = self.seed,
                                  bots = self.bot_names, strategy_options = self.strategy_options,
                                  limit = self.limit }
  if not b then return nil, why end
  self.bots = b
  return true
end

-- what the page is told: a message of the seat's own
function Match:send(msg)
  msg.token, msg.step = self.token, self.step
  if self.session then self.session:send(msg) end
end

-- the seat's view as data, the table it describes (deckhand/table.lua),
-- and whose turn it is (public)
function Match:view_message(kind)
  local g = self.game
  local ok, turn, view, data, tab = rule_guard.here(function()
    local v = g:view(self.seat)
    return g:next_player(), v, v:data(), table_of(v, self.variant)
  end)
  if not ok then error(turn, 0) end
  return { type = kind, view = data, table = tab, turn = turn or 0,
           your_turn = self.state == "playing" and turn == self.seat }
end

--- match:describe() -> the match as the page starts it: the game, the
-- seats and who sits there, the seat's view, and the end when it is over
function Match:describe()
  local msg = self:view_message("state")
  msg.game, msg.seat, msg.seats, msg.unit = self.variant.name, self.seat, self.variant.seats, self.variant.unit
  msg.names, msg.sides, msg.options, msg.state = self.names, self.variant.sides, self.variant.options, self.state
  if self.state ~= "playing" then msg.result, msg.record, msg.error = self.result, self.record_file, self.error end
  return msg
end

--- match:attach(session): the page that now plays the seat (a reload
-- replaces the page before it); it is sent the whole state
function Match:attach(session)
  if self.session and self.session ~= session then
    self.session:send { type = "error", code = "replaced", message = "this match was opened in another page" }
    self.session.match = nil
  end
  self.session, self.touched = session, cqueues.monotime()
  session.match = self
  self:send(self:describe())
end

--- match:detach(session): the page went away; the match waits for it
function Match:detach(session)
  if self.session == session then self.session, self.touched = nil, cqueues.monotime() end
end

--- match:submit(seat, text, step): a move from the page, answering the
-- match at `step` (the number of moves made when the page chose it).  A
-- move for a step already past -- a message sent twice, a double click --
-- is refused as stale_move and changes nothing, as is a second move for a
-- step whose move is made already.  Refused moves are answered with the
-- engine's reason; a move out of turn is tried on a copy of the game, so
-- the reason is the engine's and nothing changes.
function Match:submit(seat, text, step)
  self.touched = cqueues.monotime()
  if self.state ~= "playing" then
    return self:send { type = "refused", code = "game_over", message = protocol.message("game_over"), move = text }
  end
  -- (a move waiting to be taken answers the step now: another is a repeat)
  if step < self.step or self.pending then
    return self:send { type = "refused", code = "stale_move", move = text,
                       message = ("this move answers step %d, whose move is made already: it was not made again"):format(step) }
  end
  if self.game:next_player() ~= seat then
    local ok, _, msg, code = rule_guard.here(function() return self.game:clone():apply(seat, text) end)
    -- (the rules failed on the copy: the move is out of turn all the same)
    if not ok then msg, code = protocol.message("not_your_turn", seat, self.game:next_player()), "not_your_turn" end
    return self:send { type = "refused", code = code or "not_your_turn", message = msg or "not your turn", move = text }
  end
  -- taken by the seat's player as soon as deckhand.run asks it
  self.pending = text
  self.cond:signal()
end

-- the result as the page shows it: points per seat, winners, hand by hand
local function public_result(r)
  local hands = {}
  for i, h in ipairs(r.hands or {}) do hands[i] = { seats = h.seats, tricks = h.tricks } end
  return { over = r.over, unit = r.unit, seats = r.seats, winners = r.winners, hands = hands }
end

function Match:save_record()
  if not self.records then return nil end
  local name = ("play-%s-%s-%s.json"):format(os.date("!%Y%m%d-%H%M%S"), self.variant.name, self.token:sub(1, 8))
  local ok, err = pcall(records.write_new, self.records .. "/" .. name, self.game:record(), {})
  if not ok then return nil, err end
  return name
end

-- the page's seat: a player whose move waits for the page
function Match:person()
  return {
    move = function()
      while self.pending == nil do
        if self.state ~= "playing" then error(CLOSED) end
        self.cond:wait()
      end
      local text = self.pending
      self.pending = nil
      return text
    end,
    refused = function(msg, code, move)
      self:send { type = "refused", code = code, message = msg, move = tostring(move) }
    end,
  }
end

-- a bot's move, from the bots' process, at least `pace` seconds after it
-- was asked; nil, why makes the seat forfeit
function Match:bot_move(seat)
  local start = cqueues.monotime()
  local moves = { table.unpack(self.moves, self.told + 1) }
  self.told = #self.moves
  local text, why = self.bots:ask(seat, moves)
  if self.state ~= "playing" then error(CLOSED) end
  local wait = self.pace - (cqueues.monotime() - start)
  if wait > 0 then cqueues.sleep(wait) end
  if self.state ~= "playing" then error(CLOSED) end
  return text, why
end

--- match:run(): plays the match to its end (call it in a coroutine of the
-- event loop, after start_bots)
function Match:run()
  local me = self.seat
  local players = {}
  for s = 1, self.variant.seats do players[s] = s == me and self:person() or s end
  local ok, res, msg = rule_guard.here(dh.run, self.game, players, {
    -- the person's and the bots' time is not the rules'
    ask = function(player, view, seat)
      if seat == me then return rule_guard.pause(choose, player, view) end
      return rule_guard.pause(self.bot_move, self, seat)
    end,
    on_event = function(e)
      if e.kind == "move" then
        self.moves[#self.moves + 1] = { e.seat, e.move }
        self.step = self.step + 1
        local m = self:view_message("move")
        m.seat = e.seat
        m.move = e.seat == me and e.move or self.game:public(e.move)
        self:send(m)
      elseif e.kind == "hand" then
        self:send { type = "hand", number = e.number, seats = e.hand.seats, tricks = e.hand.tricks }
      end
    end,
  })
  if self.bots then self.bots:close() end
  if not ok and res == CLOSED then return end
  if not ok or not res then
    self.state, self.error = "error", ok and msg or tostring(res)
    self:send { type = "error", code = "match_failed", message = self.error }
    return
  end
  self.state, self.result = "over", public_result(res)
  local file, why = self:save_record()
  self.record_file = file
  self:send { type = "over", result = self.result, record = file, record_error = why }
end

--- match:close(): ends a match that is still being played; it tells its
-- page nothing more
function Match:close()
  if self.state == "playing" then self.state = "closed" end
  if self.session and self.session.match == self then self.session.match = nil end
  self.session = nil
  if self.bots then self.bots:close() end
  self.cond:signal()
end

return M
