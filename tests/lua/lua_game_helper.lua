-- lua_game_helper.lua: what the specs of the games written wholly in Lua
-- share (gin_spec, scopa_spec).
local dh = require "deckhand"
local assert = require "luassert"

local M = {}

-- the texts of a list of moves, sorted
function M.texts(moves)
  local out = {}
  for i, m in ipairs(moves) do out[i] = tostring(m) end
  table.sort(out)
  return out
end

-- two-deal tournaments of the game with every shipped bot (pimc kept
-- small) under each set of options: no forfeit, no error, every deal played
function M.plays_tournaments(game, option_sets)
  for _, options in ipairs(option_sets) do
    for _, pair in ipairs { { "heuristic", "random" }, { "greedy", "heuristic" }, { "pimc", "random" } } do
      local res = dh.tournament { variant = game, players = pair, games = 2, progress = false, options = options,
                                  strategy_options = { pimc = { worlds = 2 } }, secret = ("5c"):rep(16) }
      assert.are.equal(0, #res.forfeits)
      assert.are.equal(0, #res.errors)
      assert.are.equal(2, res.players[1].n)
    end
  end
end

return M
