-- How good are pimc's moves in a game written in Lua, option set by
-- option set, without a tournament?  Views are collected from hands the
-- heuristic plays (about one decision in seven, every seat's, with two
-- legal moves or more); each option set's pimc decides each view `seeds`
-- times; then every move chosen other than the heuristic's is valued
-- against the heuristic's move on `truth` worlds sampled from the view
-- (the hand played out by the heuristic at every seat, the same world
-- for both: the mean difference of the hand's points for the mover).  The
-- gain a decision is the mean of those values over all decisions (0 where
-- pimc kept the heuristic's move): a finer look than a tournament, as
-- each option set is judged on the same views and the same values.
--   lua5.4 bench/lua_pimc_choices.lua GAME VIEWS SEEDS TRUTH SET [SET ...]
-- with SET as "worlds=10,confirm=0" (pimc's options; "-" for its defaults)
-- and GAME a game's file, options after a colon:
--   lua5.4 bench/lua_pimc_choices.lua examples/games/gofish.lua:players=4 60 3 200 \
--     worlds=10,confirm=0 worlds=12,candidates=3,confirm=32
-- VSEED=n picks other deals for the views (default 11).
local dh = require "deckhand"

local game, nviews, seeds, truth = arg[1], tonumber(arg[2]) or 60, tonumber(arg[3]) or 3, tonumber(arg[4]) or 200
if not game or not arg[5] then
  io.stderr:write("usage: lua5.4 bench/lua_pimc_choices.lua GAME VIEWS SEEDS TRUTH SET [SET ...]\n")
  os.exit(1)
end
local function parse(s)
  local out = {}
  if s == "-" then return out end
  for k, val in s:gmatch("([%w_]+)=([^,]+)") do out[k] = tonumber(val) or (val == "true" or val ~= "false" and val) end
  return out
end
local file, opts = game:match("^([^:]+):?(.*)$")
local v = dh.variant(file, parse(opts ~= "" and opts or "-"))
local sets = {}
for i = 5, #arg do sets[#sets + 1] = { name = arg[i], options = parse(arg[i]) } end

local h = dh.strategy("heuristic", { variant = v, seed = 1 })
local pick = dh.rng(tonumber(os.getenv("VSEED")) or 11)
local views, deal = {}, 1000
while #views < nviews do
  deal = deal + 1
  local g = dh.game(v, { seed = deal })
  while g:next_player() do
    local s = g:next_player()
    local view = g:view(s)
    if #view:moves() > 1 and pick:int(1, 7) == 1 and #views < nviews then views[#views + 1] = view end
    assert(g:apply(s, h.move(view)))
  end
end

local chosen, ms = {}, {}
for si, set in ipairs(sets) do
  chosen[si] = {}
  local t0 = os.clock()
  for vi, view in ipairs(views) do
    chosen[si][vi] = {}
    for seed = 1, seeds do
      local o = { variant = v, seed = seed * 1009 + vi }
      for k, x in pairs(set.options) do o[k] = x end
      chosen[si][vi][seed] = tostring(dh.strategy("pimc", o).move(view))
    end
  end
  ms[si] = (os.clock() - t0) / (#views * seeds) * 1e3
end

local value = dh.lua_game.hand_value
local function rollout(g, me, m)
  local hand, before = g:hand_number(), #g:result().hands
  assert(g:apply(me, m))
  while g:next_player() and g:hand_number() == hand do
    local t = g:next_player()
    assert(g:apply(t, h.move(g:peek(t))))
  end
  return value(g, me, before)
end

local rng = dh.rng(99)
local gain, moved = {}, {}
for si = 1, #sets do gain[si], moved[si] = 0, 0 end
for vi, view in ipairs(views) do
  local own = tostring(h.move(view))
  local worth = {}
  for si = 1, #sets do
    for seed = 1, seeds do
      local t = chosen[si][vi][seed]
      if t ~= own then worth[t] = 0 end
    end
  end
  if next(worth) then
    for _ = 1, truth do
      local world = view:sample(rng)
      local base = rollout(world:clone(), view:seat(), view:move(own))
      for t in pairs(worth) do worth[t] = worth[t] + rollout(world:clone(), view:seat(), view:move(t)) - base end
    end
  end
  for si = 1, #sets do
    for seed = 1, seeds do
      local t = chosen[si][vi][seed]
      if t ~= own then gain[si], moved[si] = gain[si] + worth[t] / truth, moved[si] + 1 end
    end
  end
end
local n = #views * seeds
print(("%d views, %d decisions a set, moves valued on %d worlds"):format(#views, n, truth))
for si, set in ipairs(sets) do
  print(("%-40s gain %+.4f a decision, the heuristic's move left %5.1f%%, %6.1f ms a decision"):format(
    set.name, gain[si] / n, moved[si] / n * 100, ms[si]))
end
