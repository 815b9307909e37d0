-- pimc: flat Monte Carlo over sampled worlds.  For each decision in play,
-- it samples deals consistent with its view (view:sample), plays each
-- legal card in every world and finishes the hand with bulk C playouts
-- (game:playouts, the greedy policy by default), and keeps the card with
-- the best mean.  Bids and passes come from the heuristic strategy.
-- Options:
--   worlds    sampled worlds per decision (default 200)
--   playouts  with the random policy: playouts per legal card, over all
--             worlds (default 300)
--   time      a budget in seconds per decision: no new world is started
--             once it is spent (results then depend on the machine)
--   objective "points" (default: own side minus the others' mean, lower
--             is better when the variant's low score wins), "own" (own
--             side's points alone) or "tricks"
--   policy    the playout policy: "greedy" (default; engine/policy.h,
--             deterministic, so one playout per card and world) or "random"
--   variant, seed  (given by the tournament)
local dh = require "deckhand"

local M = {}

function M.new(options)
  local variant = options.variant
  if type(variant) == "string" then variant = dh.variant(variant) end
  local low = variant and variant.spec and variant.spec.low_wins
  local worlds = options.worlds or 200
  local total = options.playouts or 300
  local budget = options.time
  local objective = options.objective or "points"
  local policy = options.policy or "greedy"
  if policy ~= "random" and policy ~= "greedy" then
    error("pimc: policy must be 'random' or 'greedy'", 2)
  end
  local per = math.max(1, (total + worlds - 1) // worlds)
  if policy == "greedy" then per = 1 end   -- deterministic once the bids are made
  local rng = dh.rng(options.seed or 1)
  local helper = dh.strategy("heuristic", options)
  local s = { name = "pimc", bid = helper.bid, pass = helper.pass }

  local function value(view, me, points, tricks)
    if objective == "tricks" then
      local t = 0
      for seat = 1, view:seats() do
        if view:side(seat) == view:side(me) then t = t + tricks[seat] end
      end
      return t
    end
    if objective == "own" then
      local v = points[view:side(me)]
      return low and -v or v
    end
    local mine, others, n = 0, 0, 0
    for side = 1, #points do
      if side == view:side(me) then mine = points[side] else others, n = others + points[side], n + 1 end
    end
    local v = mine - (n > 0 and others / n or 0)
    return low and -v or v
  end

  function s.play(view)
    local legal = view:legal():list()
    if #legal == 1 then return legal[1] end
    local me = view:seat()
    local sum = {}
    for i = 1, #legal do sum[i] = 0 end
    local start, sampled = os.clock(), 0
    for _ = 1, worlds do
      local ok, world = pcall(view.sample, view, rng)
      if not ok then break end   -- the sampler found no deal: decide on what we have
      sampled = sampled + 1
      local hand_no = world:hand_number()
      -- the same random numbers for every card of a world: the comparison
      -- between cards is then much less noisy than each mean alone
      local stream = rng:split()
      for i, c in ipairs(legal) do
        local g = world:clone()
        assert(g:play(me, c))
        local points, tricks
        if g:phase() == "over" or g:hand_number() ~= hand_no then
          points, tricks = g:hand_points(), g:last_tricks()
        else
          points, tricks = g:playouts(stream:clone(), per, policy)
        end
        sum[i] = sum[i] + value(view, me, points, tricks)
      end
      if budget and os.clock() - start > budget then break end
    end
    if sampled == 0 then return helper.play(view) end
    local best = 1
    for i = 2, #legal do if sum[i] > sum[best] then best = i end end
    return legal[best]
  end
  s.act = dh.holdem_bots.pimc(options)   -- Hold'em (deckhand.holdem_bots)
  return s
end

return M
