--- deckhand.move: moves, the one currency of the game protocol.
--
-- Every game answers `game:moves()` with a list of moves and takes one back
-- in `game:apply(seat, move)`.  A move is either a Card (playing that card:
-- its text is the card's name, `Td`, `Jh#2`) or a Move, a small read-only
-- table for everything else:
--
--     { kind = "bid", text = "bid 4", bid = 4 }
--     { kind = "pass", text = "pass 2c 7d Qs", cards = CardSet }
--     { kind = "raise", text = "raise 120", amount = 120, min = 40, max = 980 }
--
-- `tostring(move)` is its canonical text, readable by people and front
-- ends, and `game:apply(seat, text)` accepts the text in place of the move.
-- Two moves are equal when their texts are.
-- @module deckhand.move

local M = {}

local Move = {}
Move.__name = "deckhand.Move"
Move.__index = Move
Move.__tostring = function(m) return rawget(m, "text") end
Move.__eq = function(a, b) return rawget(a, "text") == rawget(b, "text") end
Move.__newindex = function() error("a move cannot be changed", 2) end
Move.__metatable = "deckhand.Move"   -- what getmetatable says; the table stays ours
M.Move = Move

--- move.new(fields) -> a Move: `fields.kind` and `fields.text` (strings)
-- are required; the other fields are the move's data.
function M.new(fields)
  if type(fields) ~= "table" then error("bad argument #1 to 'move' (table expected)", 2) end
  if type(fields.kind) ~= "string" then error("a move needs a kind (a string)", 2) end
  if type(fields.text) ~= "string" or fields.text == "" then
    error("a move needs a text (a non-empty string)", 2)
  end
  local m = {}
  for k, v in pairs(fields) do m[k] = v end
  return setmetatable(m, Move)
end

local getmetatable = debug.getmetatable

--- move.is(x) -> true when x is a Move (not a Card, not a text, not a
-- table that only says it is one)
function M.is(x)
  return getmetatable(x) == Move
end

--- move.text(m) -> the canonical text of a Card, a Move or a text
function M.text(m)
  if type(m) == "string" then return m end
  return tostring(m)
end

--- move.texts(moves) -> the texts of a list of moves, in its order
function M.texts(moves)
  local out = {}
  for i, m in ipairs(moves) do out[i] = tostring(m) end
  return out
end

--- move.find(moves, text) -> the move of the list whose text is `text`
-- (compared without regard to case or surrounding and repeated spaces)
function M.find(moves, text)
  local want = text:lower():gsub("%s+", " "):gsub("^ ", ""):gsub(" $", "")
  for _, m in ipairs(moves) do
    if tostring(m):lower() == want then return m end
  end
  return nil
end

return M
