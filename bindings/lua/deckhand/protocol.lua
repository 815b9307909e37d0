--- deckhand.protocol: the game protocol, written once.
--
-- Every game kind -- the trick engine (deckhand/game.lua over lgame.c),
-- games written in Lua (deckhand/lua_game.lua) and Hold'em -- answers the
-- calls listed here and refuses a move with `nil, message, code`, the code
-- one of `codes` and the message made by `refuse` from that code's one
-- text.  The engine's codes and texts come from C (core.refusals, the
-- names of match.h's codes); the codes only Lua layers give are added
-- below.  `check` says whether a game answers as the protocol says; the
-- property suite (tests/lua/protocol_spec.lua) runs it on every shipped
-- game.  docs/protocol.md describes the calls.
-- @module deckhand.protocol

local core = require "deckhand.core"

local M = {}

--- The calls every game answers, and those of its views.
M.game_methods = { "next_player", "phase", "moves", "apply", "move", "text", "public", "view",
                   "clone", "record", "result", "locations", "seats" }
M.view_methods = { "moves", "sample", "data", "describe", "phase", "next_player", "seats" }

--- code -> the format of its message (string.format's, %s and %d)
M.codes = {}
for code, fmt in pairs(core.refusals) do M.codes[code] = fmt end
-- the codes of the Lua layers (the detail says what was wrong)
M.codes.bad_move = "%s"       -- a text or value that is no move of this game
M.codes.bad_action = "%s"     -- poker: an action the seat may not take now
M.codes.bad_amount = "%s"     -- poker: a bet outside what the table allows
M.codes.over_pot_limit = "%s" -- poker: a bet over the pot limit

--- protocol.message(code, ...) -> the message of a refusal with code
-- (not_your_turn: the seat that tried, the seat to act)
function M.message(code, ...)
  local fmt = M.codes[code]
  if not fmt then error(("no refusal code '%s'"):format(tostring(code)), 2) end
  return fmt:format(...)
end

--- protocol.refuse(code, ...) -> nil, message, code: what apply returns
function M.refuse(code, ...)
  return nil, M.message(code, ...), code
end

local function fail(fmt, ...) return nil, fmt:format(...) end

local function callable(x, name)
  local ok, f = pcall(function() return x[name] end)
  return ok and type(f) == "function"
end

--- protocol.check(game) -> true, or nil and what does not conform: the
-- game and the view of each seat have every call; the seat to act is a
-- seat or nil; the phase a name; moves() a list of moves with texts, the
-- same in the acting seat's view and empty in the others'; a move by the
-- wrong seat and a junk text are refused with a code of `codes` (the
-- wrong seat's with not_your_turn's text when the game says
-- not_your_turn) and change nothing the record or the views show.
function M.check(game)
  for _, name in ipairs(M.game_methods) do
    if not callable(game, name) then return fail("the game has no %s()", name) end
  end
  local n, seat, phase = game:seats(), game:next_player(), game:phase()
  if math.type(n) ~= "integer" or n < 1 then return fail("seats() is %s", tostring(n)) end
  if seat ~= nil and (math.type(seat) ~= "integer" or seat < 1 or seat > n) then
    return fail("next_player() is %s", tostring(seat))
  end
  if type(phase) ~= "string" then return fail("phase() is a %s", type(phase)) end
  local moves = game:moves()
  if (seat == nil) ~= (#moves == 0) then return fail("%d moves with seat %s to act", #moves, tostring(seat)) end
  local texts = {}
  for i, m in ipairs(moves) do
    local t = tostring(m)
    if type(t) ~= "string" or t == "" then return fail("move %d has no text", i) end
    texts[i] = t
  end
  for s = 1, n do
    local view = game:view(s)
    for _, name in ipairs(M.view_methods) do
      if not callable(view, name) then return fail("the view has no %s()", name) end
    end
    local vm = view:moves()
    if s == seat then
      if #vm ~= #moves then return fail("seat %d's view lists %d moves, the game %d", s, #vm, #moves) end
      for i, m in ipairs(vm) do
        if tostring(m) ~= texts[i] then return fail("view move %d is %s, the game's %s", i, tostring(m), texts[i]) end
      end
    elseif #vm > 0 then
      return fail("seat %d's view lists moves on seat %s's turn", s, tostring(seat))
    end
  end
  if not seat then return true end
  local before = game:record()
  local function refused(who, move, want)
    local ok, msg, code = game:apply(who, move)
    if ok then return fail("seat %d's %s was accepted", who, tostring(move)) end
    if type(msg) ~= "string" or msg == "" then return fail("a refusal without a message (%s)", tostring(move)) end
    if not M.codes[code] then return fail("refusal code '%s' is no protocol code", tostring(code)) end
    if want and code ~= want then return fail("%s refused with %s, not %s", tostring(move), code, want) end
    if code == "not_your_turn" and msg ~= M.message(code, who, seat) then
      return fail("not_your_turn says '%s', not the protocol's '%s'", msg, M.message(code, who, seat))
    end
    return true
  end
  local ok, why
  if n > 1 then
    ok, why = refused(seat % n + 1, moves[1], nil)
    if not ok then return nil, why end
  end
  ok, why = refused(seat, "no such move", nil)
  if not ok then return nil, why end
  local after = game:record()
  if #after.moves ~= #before.moves then return fail("a refused move was recorded") end
  return true
end

return M
