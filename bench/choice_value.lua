-- Where a strategy chooses another card than pimc, which choice is worth
-- more?  Every seat plays as pimc (the phases before the card play as the
-- heuristic), and at each card decision the tested strategy (pimc with
-- solver = "dd" unless strategy=NAME or the options say otherwise) is
-- asked too.  When its card differs from pimc's, both cards are played on
-- copies of the real deal and each copy finished by pimc at every seat
-- (bots that see only their views), `runs` times with the same seeds for
-- both: the difference of the hand's margin (the mover's side's points
-- less the others') is that decision's worth.  A finer look than a
-- tournament: only the decisions that differ are valued, on their own
-- deal, against the continuation the tournament plays (pimc).
-- strategy=oracle plays the card solved best on the real deal (every card
-- seen, game:solve_moves on the margin): what perfect information would
-- be worth to a card choice.
--   lua5.4 bench/choice_value.lua [deals] [runs] [variant] [option=value ...]
-- e.g. lua5.4 bench/choice_value.lua 150 8 euchre
--      lua5.4 bench/choice_value.lua 150 8 euchre dd_ties=playouts
-- It prints the mean worth per differing decision with its 95% interval,
-- overall and by the number of cards the mover held.
local dh = require "deckhand"
local deals = tonumber(arg[1]) or 100
local runs = tonumber(arg[2]) or 8
local name = arg[3] or "euchre"
local tested, options = "pimc", {}
for i = 4, #arg do
  local k, x = arg[i]:match("^([%w_]+)=(.+)$")
  if not k then error("bad option '" .. arg[i] .. "' (key=value)", 0) end
  if k == "strategy" then tested = x else options[k] = math.tointeger(tonumber(x)) or tonumber(x) or x end
end
if tested == "pimc" and options.solver == nil then options.solver = "dd" end
if tested ~= "oracle" and tested ~= "pimc" and not dh.has_strategy(tested) then
  error("no strategy '" .. tested .. "'", 0)
end

local v = dh.variant(name, { max_hands = 1 })
local heuristic = dh.strategy("heuristic", { variant = v, seed = 1 })

local function margin(g, seat)
  local points, mine, others = g:hand_points(), 0, 0
  for side, p in ipairs(points) do
    if side == g:side(seat) then mine = p else others = others + p end
  end
  return mine - others / math.max(1, #points - 1)
end

-- g played to the end of its hand by pimc at every seat
local function finish(g, seed)
  local bots = {}
  for s = 1, g:seats() do bots[s] = dh.strategy("pimc", { variant = v, seed = seed * 8 + s }) end
  local hand = g:hand_number()
  while g:next_player() and g:hand_number() == hand do
    local t = g:next_player()
    assert(g:apply(t, bots[t].move(g:view(t))))
  end
end

local worth, by_size, asked = {}, {}, 0
for d = 1, deals do
  local g = dh.game(v, { seed = d, dealer = 1 })
  local bots = {}
  for s = 1, g:seats() do bots[s] = dh.strategy("pimc", { variant = v, seed = d * 10 + s }) end
  local hand = g:hand_number()
  while g:next_player() and g:hand_number() == hand do
    local t = g:next_player()
    local view = g:view(t)
    local move
    if g:phase() ~= "play" then move = heuristic.move(view) else move = bots[t].move(view) end
    if g:phase() == "play" and #view:legal() > 1 then
      asked = asked + 1
      local other
      if tested == "oracle" then   -- the best card solved on the real deal: what seeing every card is worth
        local best
        for _, m in ipairs(g:solve_moves { objective = "margin" }) do
          if not best or m.value > best.value then best = m end
        end
        other = tostring(best.card)
      else
        local o = { variant = v, seed = d * 7 + t }
        for k, x in pairs(options) do o[k] = x end
        other = tostring(dh.strategy(tested, o).move(view))
      end
      if other ~= tostring(move) then
        local sum = 0
        for r = 1, runs do
          local a, b = g:clone(), g:clone()
          assert(a:apply(t, other))
          assert(b:apply(t, move))
          finish(a, d * 1000 + r)
          finish(b, d * 1000 + r)
          sum = sum + margin(a, t) - margin(b, t)
        end
        local x, size = sum / runs, #view:hand(t)
        worth[#worth + 1] = x
        by_size[size] = by_size[size] or {}
        table.insert(by_size[size], x)
      end
    end
    assert(g:apply(t, move))
  end
end

local function mean_ci(xs)
  local n, m, var = #xs, 0, 0
  for _, x in ipairs(xs) do m = m + x end
  m = m / math.max(n, 1)
  for _, x in ipairs(xs) do var = var + (x - m) ^ 2 end
  local half = n > 1 and 1.96 * math.sqrt(var / (n - 1) / n) or 0
  return m, half
end
local label = tested == "pimc" and "pimc " .. options.solver or tested
local m, half = mean_ci(worth)
print(("%s: %s chose another card than pimc in %d of %d decisions (%.1f%%); its card minus pimc's, played on by pimc: %+.3f ± %.3f a differing decision"):format(
  name, label, #worth, asked, asked > 0 and 100 * #worth / asked or 0, m, half))
local sizes = {}
for size in pairs(by_size) do sizes[#sizes + 1] = size end
table.sort(sizes, function(a, b) return a > b end)
for _, size in ipairs(sizes) do
  local sm, sh = mean_ci(by_size[size])
  print(("  holding %2d cards: %4d differ, %+.3f ± %.3f"):format(size, #by_size[size], sm, sh))
end
