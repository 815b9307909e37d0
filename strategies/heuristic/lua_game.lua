-- heuristic.lua_game: the heuristic's play of a game written wholly in Lua
-- (deckhand.lua_game, e.g. rules/crazy8.lua) that has no heuristic of its
-- own: every move the rules' own quick choice, view:greedy().
-- Options: variant, seed.
local M = {}

function M.new()
  local function move(view) return view:greedy() end
  return { name = "heuristic.lua_game", move = move, script = move }
end

return M
