-- Time per card of pimc solving its worlds double dummy (solver = "dd"),
-- or of another strategy (strategy=NAME), beside pimc's playouts, on the
-- same positions: every seat plays as the heuristic (phases and cards),
-- and at each card decision both are asked and timed (processor time),
-- their answers dropped.  docs/strength.md's DD-PIMC and ISMCTS rows quote it
-- beside their strength.
--   lua5.4 bench/dd_time.lua [deals] [variant] [option=value ...]
-- at=script times the decisions before the card play instead (Euchre's
-- trump making and discard), those with one choice left out.  It also
-- says how often the two chose differently (strategy=pimc
-- solver=playouts seed=2: how often pimc differs from itself).
-- e.g. lua5.4 bench/dd_time.lua 50 euchre dd_worlds=40
--      lua5.4 bench/dd_time.lua 3 hearts strategy=ismcts policy=greedy
local dh = require "deckhand"
local deals = tonumber(arg[1]) or 50
local name = arg[2] or "euchre"
local timed, options, at = "pimc", {}, "play"
for i = 3, #arg do
  local k, x = arg[i]:match("^([%w_]+)=(.+)$")
  if not k then error("bad option '" .. arg[i] .. "' (key=value)", 0) end
  if k == "strategy" then timed = x
  elseif k == "at" then at = x
  else options[k] = math.tointeger(tonumber(x)) or tonumber(x) or x end
end
if timed == "pimc" and options.solver == nil then options.solver = "dd" end

-- one hand a deal where the variant plays more
local caps = { bridge = { boards = 1 }, skat = { deals = 1 }, briscola = {} }
local v = dh.variant(name, caps[name] or { max_hands = 1 })
options.variant, options.seed = v, options.seed or 1
local label = timed == "pimc" and "pimc " .. options.solver or timed
local players = {
  { label, dh.strategy(timed, options) },
  { "pimc playouts", dh.strategy("pimc", { variant = v, seed = 1 }) },
}
local heuristic = dh.strategy("heuristic", { variant = v, seed = 1 })

local times, asked, differ = { {}, {} }, 0, 0
for d = 1, deals do
  local g = dh.game(v, { seed = d })
  while g:next_player() do
    local s = g:next_player()
    local view = g:view(s)
    if at == "play" and g:phase() == "play" or at ~= "play" and g:phase() ~= "play" and #view:moves() > 1 then
      local answers = {}
      for k, p in ipairs(players) do
        local t0 = os.clock()
        answers[k] = tostring(p[2].move(view))
        table.insert(times[k], os.clock() - t0)
      end
      if #view:moves() > 1 then
        asked = asked + 1
        if answers[1] ~= answers[2] then differ = differ + 1 end
      end
    end
    assert(g:apply(s, heuristic.move(view)))
  end
end

local function stats(xs)
  table.sort(xs)
  local sum = 0
  for _, x in ipairs(xs) do sum = sum + x end
  return #xs, sum / #xs * 1e3, xs[(#xs + 1) // 2] * 1e3, xs[#xs] * 1e3
end
local _, base = stats(times[2])
for k, p in ipairs(players) do
  local n, mean, median, worst = stats(times[k])
  print(("%s %-14s %5d " .. (at == "play" and "cards" or "decisions") .. ": mean %.2f ms, median %.2f ms, worst %.1f ms (%.2fx the playouts')"):format(
    name, p[1], n, mean, median, worst, mean / base))
end
print(("%s: the two chose differently in %d of %d decisions with a choice (%.1f%%)"):format(
  name, differ, asked, asked > 0 and 100 * differ / asked or 0))
