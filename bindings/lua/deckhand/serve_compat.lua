--- deckhand.serve_compat: `deckhand serve --compat`, the line protocol as
-- front ends written for the card-scripting tutorial (LudL's Spades
-- tutorial, turn-base.com/docs/tutorials/spades/step_2.html) expect it.
--
-- Their backend names the players from 0 (`player_0` is seat 1), answers
-- `play_card player_1 td` with `ACCEPT` or a plain `REJECT <reason>`, and
-- words the two reasons those front ends show as
--     not player turn: player_1          (the player as the client named it)
--     card not in player hand: td        (the card as the client wrote it)
-- This module turns seats into names and back, and the server's answers
-- into those texts; deckhand.serve calls it and knows nothing of them.
-- @module deckhand.serve_compat

local M = {}

--- compat.seat(name) -> the seat a player name stands for ("player_0" is
-- 1), or nil
function M.seat(name)
  local n = math.tointeger(tonumber(tostring(name):match("^player_(%d+)$") or ""))
  return n and n + 1
end

--- compat.name(seat) -> the client's name of a seat: 1 is "player_0"
function M.name(seat) return ("player_%d"):format(seat - 1) end

--- compat.not_turn(name) -> the refusal of a move by a player not to
-- move, naming the player as the client did
function M.not_turn(name) return "not player turn: " .. tostring(name) end

-- the card a move's text names, in the engine's spelling ("td" -> "Td"),
-- or nil when the text is not one card
local function canonical(text)
  local r, s = tostring(text):match("^%s*(%w)(%a)%s*$")
  if not r then return nil end
  return r:upper() .. s:lower()
end

--- compat.refusal(code, message, name, sent) -> the reason for a move the
-- game refused, as the tutorial's backend words it: `name` and `sent` are
-- the player and the move as the client wrote them
function M.refusal(code, message, name, sent)
  if code == "not_your_turn" then return M.not_turn(name) end
  if code == "card_not_in_hand" then return "card not in player hand: " .. tostring(sent) end
  -- any other reason: the game's words, with the card as it was sent and
  -- seats named as the client names them
  local card = canonical(sent)
  if card and card ~= sent then
    message = message:gsub(card:gsub("%p", "%%%0"), (tostring(sent):gsub("%%", "%%%%")))
  end
  return (message:gsub("seat (%d+)", function(n) return M.name(tonumber(n)) end))
end

--- compat.event(line) -> an EVENT line with its seat named as the client
-- names it ("EVENT move 2 Td" -> "EVENT move player_1 Td")
function M.event(line)
  return (line:gsub("^(EVENT %a+) (%d+)", function(e, n)
    if e == "EVENT move" or e == "EVENT turn" then return ("%s %s"):format(e, M.name(tonumber(n))) end
  end))
end

return M
