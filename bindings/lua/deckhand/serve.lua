--- deckhand.serve: the line protocol of `deckhand serve`, one game played
-- by a client on stdin/stdout against bots.
--
--     READY <variant> seats <n>                         (the server, first)
--     move <seat> <text> | view <seat> | quit           (the client)
--     ACCEPT | REJECT <code>: <message> | <view as JSON> (the answers)
--     EVENT move <seat> <text> | EVENT turn <seat> <phase>
--     EVENT hand <n> <points per seat> | EVENT over <points per seat>
--
-- The older `play_card`, `bid`, `pass` and `act` commands still work.
-- Lines are read in turn: a client may send its moves ahead (a script
-- piped in plays a whole hand), each read when its seat is to move.  With
-- `compat`, the names and texts of the card-scripting tutorial's backend
-- (deckhand.serve_compat), and as that backend does, a line is answered
-- when it arrives (read between moves): a move for a seat that is not to
-- move then (sent during the bots' turns) is refused at once, never kept
-- for the seat's next turn (given lua-cqueues and input from a pipe:
-- stdin_reader).
-- @module deckhand.serve

local json = require "deckhand.json"
local guard = require "deckhand.guard"
local message = require "deckhand.message"
local protocol = require "deckhand.protocol"
local run = require "deckhand.run"
local rule_guard = require "deckhand.rule_guard"
local compat_texts = require "deckhand.serve_compat"

local M = {}

local MOVES = { move = true, play_card = true, act = true, bid = true, pass = true }

--- serve.read_command(line [, compat]) -> command, seat, text, name, sent:
-- a line of the protocol as (command, seat, the move's text), and the
-- seat and the move as the client wrote them.  "move 1 Td" and the older "play_card 1 Td",
-- "bid 1 4", "pass 1 2c,3c,4c", "act 1 raise 120"; with compat the
-- tutorial's names, "play_card player_0 td".  A seat that is no number
-- (or no player's name) comes back as written, for the refusal to quote.
function M.read_command(line, compat)
  local cmd, name, rest = line:match("^%s*(%S+)%s*(%S*)%s*(.-)%s*$")
  if not cmd then return nil end
  local s, sent = nil, rest
  if compat then s = compat_texts.seat(name) else s = math.tointeger(tonumber(name)) end
  if not s and name ~= "" then s = name end
  if cmd == "bid" then rest = rest:lower() == "nil" and "nil" or ("bid " .. rest)
  elseif cmd == "pass" then rest = "pass " .. rest:gsub(",", " ") end
  return cmd, s, rest, name, sent
end

--- serve.stdin_reader() -> a reader of the standard input: reader.line()
-- waits for the next line (nil at the end of input); reader.ready() gives
-- a whole line already sent, else nil at once.  ready() needs lua-cqueues
-- (installed with deckhand web) and a pipe or file for input; without it
-- (or at a terminal, whose mode a non-blocking read would change for the
-- shell too) it never has a line, and a line sent early is only read
-- when the client's next turn asks, as its move then.
function M.stdin_reader()
  local found, socket = pcall(require, "cqueues.socket")
  if not found or require("deckhand.core").host.isatty(io.stdin) then
    return { line = function() return io.stdin:read("l") end, ready = function() return nil end }
  end
  local s = socket.fdopen(0)
  s:setmode("tl", "tl")
  s:setmaxline(1 << 40)   -- a long line whole, as io.read("l") reads it (cqueues cuts at 4 KiB)
  local function read(timeout)
    local line, err = s:xread("*l", "l", timeout)
    if not line and err then s:clearerr() end
    return line, err
  end
  return {
    line = function()
      while true do
        local line, err = read()
        if line or not err then return line end   -- a line, or the end of input
      end
    end,
    ready = function() return (read(0)) end,
  }
end

--- serve.run(o): plays o.game to its end with the client, then answers
-- `view` until `quit` or the end of input.  o: game, name (the variant's),
-- clients ({ [seat] = true }), players (the bots, by seat), compat,
-- reader (as stdin_reader's), write(line), limit (seconds a bot may take
-- over a move; 0 or nil: none), variant and rule_time (the game's own code
-- runs under that rule time limit, deckhand/rule_guard.lua; 0 or nil:
-- none; the client's and the bots' time is not counted).
function M.run(o)
  local game, clients, reader = o.game, o.clients, o.reader
  local compat = o.compat
  local function say(s)
    if compat then s = compat_texts.event(s) end
    -- a refusal quotes the client's input: cut, never sent back whole
    if s:match("^REJECT ") then s = message.clip(message.quoted(s), 300) end
    o.write(s)
  end
  local function reject(code, text)
    say(compat and ("REJECT " .. text) or ("REJECT %s: %s"):format(code, text))
  end
  local function seat_text(s)
    return math.type(s) and ("seat " .. s) or ("seat '" .. tostring(s or "") .. "'")
  end
  local function view(s)
    if not s or not clients[s] then
      reject("not_your_seat", "view is for the seats this client plays")
    else
      say(json.encode(game:view(s):data()))
    end
  end
  -- a move naming a seat that is not the one to move (seat: the client's
  -- seat to move, or nil during the bots' turns)
  local function out_of_turn(s, name, seat)
    if compat then return reject("not_your_turn", compat_texts.not_turn(name)) end
    if not s or not clients[s] then
      return reject("not_your_seat", seat_text(s) .. " is not played by this client")
    end
    local to_move = seat or game:next_player()
    reject("not_your_turn", to_move and protocol.message("not_your_turn", s, to_move)
      or "the match is over")
  end
  local function bad_command()
    reject("bad_command", "expected move <seat> <text>, view <seat> or quit")
  end

  -- the lines that arrived since the last move, read between moves: each
  -- answered now, a move refused unless its seat is the client's seat to
  -- move (then kept as that seat's move: `pending`)
  local pending
  local function drain()
    if not compat then return end   -- plain clients' lines wait for their turn
    while not pending do
      local line = reader.ready()
      if not line then return end
      local cmd, s, _, name = M.read_command(line, compat)
      if cmd == "quit" then error({ quit = true }, 0)
      elseif cmd == "view" then view(s)
      elseif MOVES[cmd] then
        if s ~= nil and s == game:next_player() and clients[s] then pending = line
        else out_of_turn(s, name, nil) end
      else bad_command() end
    end
  end

  local waiting   -- the client seat whose move was refused, asked again without a new turn event
  local sent      -- the seat's name and move as the client wrote them, for a refusal
  local function client(seat)
    return {
      move = function(v)
        if waiting ~= seat then
          drain()
          say(("EVENT turn %d %s"):format(seat, v:phase()))
        end
        waiting = nil
        while true do
          local line = pending or rule_guard.pause(reader.line)
          pending = nil
          if not line then error({ quit = true }, 0) end
          local cmd, s, text, name, as_sent = M.read_command(line, compat)
          if cmd == "quit" then error({ quit = true }, 0)
          elseif cmd == "view" then view(s)
          elseif MOVES[cmd] then
            if s ~= seat then out_of_turn(s, name, seat)
            elseif text == "" then reject("bad_move", "a move needs its text")
            else
              sent = { name = name, text = as_sent }
              return text
            end
          else bad_command() end
        end
      end,
      refused = function(msg, code)
        if compat then reject(code, compat_texts.refusal(code, msg, sent.name, sent.text))
        else reject(code, msg) end
        waiting = seat
      end,
    }
  end

  local players = {}
  for s, p in pairs(o.players) do players[s] = p end
  for s in pairs(clients) do players[s] = client(s) end
  say(("READY %s seats %d"):format(o.name, game:seats()))
  local viewer = next(clients)   -- the bots' moves as every client seat may see them (the first client's view)
  local ok, err, why = rule_guard.pcall(o.rule_time or 0, o.variant or o.name, run.run, game, players, {
    -- a bot is asked under the time limit (o.limit seconds, 0 or nil for
    -- none), as in a tournament: one that loops, raises or answers with no
    -- move ends the match saying why (it hung the server)
    ask = function(player, view, seat)
      if clients[seat] then return run.choose(player, view) end
      local move, extra = rule_guard.pause(guard.move, function(v) return run.choose(player, v) end, view, o.limit)
      local fault = move == nil and guard.rules_fault(game)
      if fault then error(("the rules of %s failed: %s"):format(o.name, fault), 0) end
      return move, extra
    end,
    on_event = function(e)
      if e.kind == "move" then
        if clients[e.seat] then say("ACCEPT")
        else say(("EVENT move %d %s"):format(e.seat, e.seat == viewer and e.move or game:public(e.move))) end
        drain()
      elseif e.kind == "hand" then
        say(("EVENT hand %d %s"):format(e.number, table.concat(e.hand.seats, " ")))
      elseif e.kind == "over" then
        say("EVENT over " .. table.concat(e.result.seats, " "))
      end
    end,
  })
  if not ok then
    if type(err) == "table" and err.quit then return end
    error(err, 0)
  end
  if not err then error(why, 0) end   -- a bot's move refused: the match cannot go on
  -- the match is over: the client may still look at its views, until quit
  while true do
    local line = reader.line()
    if not line then return end
    local cmd, s = M.read_command(line, compat)
    if cmd == "quit" then return end
    if cmd == "view" and s and clients[s] then view(s)
    else reject("game_over", "the match is over (view <seat> or quit)") end
  end
end

return M
