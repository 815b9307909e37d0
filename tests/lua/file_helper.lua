-- file_helper.lua: temporary files and commands, shared by the specs of
-- the runner and the command line.
local F = {}

--- a fresh name in the temporary folder (no file made)
function F.tmpname()
  local n = os.tmpname()
  os.remove(n)
  return n
end

--- the whole content of a file
function F.slurp(file)
  local f = assert(io.open(file, "rb"))
  local s = f:read("a")
  f:close()
  return s
end

--- writes s as the whole content of file
function F.write(file, s)
  local f = assert(io.open(file, "wb"))
  f:write(s)
  f:close()
end

--- the source of a game written in Lua named `name`, of two seats, each
-- saying "go" in turn, whose third "go" never returns (the rule time
-- limit's specs)
function F.loopy_game(name)
  return ([[
local dh = require "deckhand"
local GO = dh.move { kind = "say", text = "go" }
return dh.lua_game {
  name = "%s", options = {}, seats = 2, unit = "points",
  deal = function(o, rng) return { turn = 1, phase = "talk", hand = 1, said = 0, scores = { 0, 0 } } end,
  moves = function(s, o) return { GO } end,
  apply = function(s, o, seat, move)
    s.said = s.said + 1
    if s.said == 3 then while true do end end
    s.turn = 3 - seat
  end,
  view = function(s, o, seat) return { said = s.said } end,
  sample = function(p, o, rng) return { turn = 1, phase = "talk", hand = 1, said = p.said, scores = { 0, 0 } } end,
}]]):format(name)
end

return F
