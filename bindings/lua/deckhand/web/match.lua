--- deckhand.web.match: one match of a person against bots, played by
-- deckhand.run in a coroutine of the server's event loop.
--
-- The person's seat is a player whose move(view) waits for a move from
-- the page; the bots' moves are spaced by `pace` seconds so that a person
-- can follow them.  Everything the match tells the page goes through
-- `send` and is built from the person's own view (game:view(seat):data())
-- and the public texts of the others' moves (game:public), never from the
-- game itself: the page learns nothing its seat may not know.  The match
-- lives on when the page goes away, so that a reload resumes it by its
-- token; a detached match is ended after `keep` seconds.
-- @module deckhand.web.match

local dh = require "deckhand"
local choose = require "deckhand.run".choose
local records = require "deckhand.records"
local libs = require "deckhand.web.libs"
local host = require "deckhand.core".host

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
-- match's record, optional), strategy_options (name -> options)
function M.new(o)
  local variant = o.variant
  local seed = o.seed or random_seed()
  local players, names = {}, {}
  for s = 1, variant.seats do
    if s ~= o.seat then
      local so = {}
      for k, v in pairs((o.strategy_options or {})[o.bots[s]] or {}) do so[k] = v end
      so.variant, so.seed = variant, random_seed()   -- never the deal's seed
      players[s] = dh.strategy(o.bots[s], so)
      names[s] = o.bots[s]
    else
      names[s] = "you"
    end
  end
  local m = setmetatable({
    token = M.token(), variant = variant, seat = o.seat, seed = seed, pace = o.pace or 0,
    records = o.records, names = names, bots = players, game = dh.game(variant, { seed = seed }),
    step = 0, state = "playing", cond = condition.new(), touched = cqueues.monotime(),
  }, Match)
  return m
end

-- what the page is told: a message of the seat's own
function Match:send(msg)
  msg.token, msg.step = self.token, self.step
  if self.session then self.session:send(msg) end
end

-- the seat's view as data, and whose turn it is (public)
function Match:view_message(kind)
  local g = self.game
  local turn = g:next_player()
  return { type = kind, view = g:view(self.seat):data(), turn = turn or 0,
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

--- match:submit(seat, text): a move from the page.  Refused moves are
-- answered with the engine's reason; a move out of turn is tried on a copy
-- of the game, so the reason is the engine's and nothing changes.
function Match:submit(seat, text)
  self.touched = cqueues.monotime()
  if self.state ~= "playing" then
    return self:send { type = "refused", code = "game_over", message = "the match is over", move = text }
  end
  if self.game:next_player() ~= seat then
    local _, msg, code = self.game:clone():apply(seat, text)
    return self:send { type = "refused", code = code or "not_your_turn", message = msg or "not your turn", move = text }
  end
  if self.pending then
    return self:send { type = "refused", code = "not_your_turn", message = "your move is already made", move = text }
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

-- the players deckhand.run asks: the page's seat and the paced bots
function Match:players()
  local players = {}
  for s = 1, self.variant.seats do
    if s == self.seat then
      players[s] = {
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
    else
      local bot = self.bots[s]
      players[s] = {
        move = function(view)
          if self.pace > 0 then cqueues.sleep(self.pace) end
          if self.state ~= "playing" then error(CLOSED) end
          return choose(bot, view)
        end,
      }
    end
  end
  return players
end

--- match:run(): plays the match to its end (call it in a coroutine of the
-- event loop)
function Match:run()
  local me = self.seat
  local ok, res, msg = pcall(dh.run, self.game, self:players(), {
    on_event = function(e)
      if e.kind == "move" then
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

--- match:close(): ends a match that is still being played
function Match:close()
  if self.state == "playing" then self.state = "closed" end
  self.cond:signal()
end

return M
