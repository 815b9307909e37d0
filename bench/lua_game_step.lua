-- The cost of one rollout step (a view, the heuristic's move, the apply)
-- in a game written wholly in Lua, as pimc's rollouts take it: through a
-- copied view with the moves asked of the rules again at the apply (the
-- way before game:peek and the moves kept per state), and through
-- game:peek with the kept moves; the two interleaved in the same run, the
-- same games, so that the ratio does not depend on the machine's load.
--   lua5.4 bench/lua_game_step.lua [matches] [game-or-path ...]
local dh = require "deckhand"
local matches = tonumber(arg[1]) or 30
local games = { table.unpack(arg, 2) }
if #games == 0 then games = { "examples/games/gofish.lua", "examples/games/cribbage.lua", "examples/games/sheepshead.lua" } end

for _, name in ipairs(games) do
  local v = dh.variant(name)
  local h = dh.strategy("heuristic", { variant = v, seed = 1 })
  local t = { old = 0, new = 0 }
  local steps = 0
  for m = 1, matches do
    for _, way in ipairs { "old", "new" } do
      local g = dh.game(v, { seed = m })
      local t0 = os.clock()
      while g:next_player() do
        local s = g:next_player()
        local mv
        if way == "old" then
          mv = h.move(g:view(s))
          g._legal = nil            -- the apply asks the rules again
        else
          mv = h.move(g:peek(s))
        end
        assert(g:apply(s, mv))
        if way == "new" then steps = steps + 1 end
      end
      t[way] = t[way] + os.clock() - t0
    end
  end
  print(("%-32s %6d steps: copied view %.1f us a step, peek %.1f us (%.2fx)"):format(name, steps,
    t.old / steps * 1e6, t.new / steps * 1e6, t.old / t.new))
end
