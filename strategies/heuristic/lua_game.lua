-- heuristic.lua_game: the heuristic's play of a game written wholly in Lua
-- (deckhand.lua_game, e.g. rules/crazy8.lua) that has no heuristic of its
-- own: the rules' own quick choice, view:greedy(), when the game gives one
-- (its `greedy` function).  A game without one gets a short look ahead
-- instead of its first legal move: each move (at most `moves` of them) is
-- made in a few worlds sampled from the view, the same worlds for every
-- move, and the hand played out at random (the same random choices for
-- every move of a world); the move whose hands end best
-- for the seat (its points less the others' mean) is played.
-- Options: variant, seed, and M.takes below (docs/bots.md's table is made
-- from it), read when the part is loaded by its own name
-- (heuristic.lua_game): through `heuristic` only the heuristic's own
-- options reach it, and it checks none, as those pass through it.
local dh = require "deckhand"

local M = {}

M.takes = {
  looks = { "integer", 6, min = 1, doc = "a game with no greedy: the worlds each move is played out in" },
  moves = { "integer", 12, min = 1, doc = "a game with no greedy: the most moves looked at (the first listed)" },
}

-- the hand's points for seat me once it is over (deckhand.lua_game)
local value = dh.lua_game.hand_value

function M.new(options)
  options = options or {}
  local looks = options.looks or M.takes.looks[2]
  local most = options.moves or M.takes.moves[2]
  local rng = dh.rng((options.seed or 1) * 7 + 3)

  -- one move in one world, the hand then played out at random by the
  -- stream `pick` (each move of a world gets the same one: the moves then
  -- differ by themselves, not by the luck of their rollouts)
  local function rollout(world, me, m, pick)
    local g = world:clone()
    local hand_no, hands_before = g:hand_number(), #g:result().hands
    assert(g:apply(me, m))
    while g:next_player() and g:hand_number() == hand_no do
      local t = g:next_player()
      assert(g:apply(t, pick:pick(g:moves())))
    end
    return value(g, me, hands_before)
  end

  local function move(view)
    if view.has_greedy == nil or view:has_greedy() then return view:greedy() end
    local moves = view:moves()
    if #moves <= 1 then return moves[1] end
    local me, sums = view:seat(), {}
    local n = math.min(#moves, most)
    for i = 1, n do sums[i] = 0 end
    for _ = 1, looks do
      local ok, world = pcall(view.sample, view, rng)
      if not ok then break end   -- the game's sampler found no deal: decide on the worlds so far
      local stream = rng:split()
      for i = 1, n do sums[i] = sums[i] + rollout(world, me, moves[i], stream:clone()) end
    end
    local best = 1
    for i = 2, n do if sums[i] > sums[best] then best = i end end
    return moves[best]
  end
  return { name = "heuristic.lua_game", move = move, script = move }
end

return M
