--- deckhand.objective: what a finished hand is worth to a seat, the one
-- measure the Monte Carlo bots (pimc, ismcts, the Lua games' look ahead)
-- play for.
--
--     local value = dh.objective.valuer("points", low)
--     value(view, me, points, tricks)   -- a hand's points (per side), tricks (per seat)
--
-- "points": the seat's side's points less the others' mean; "own": its
-- side's points alone; "tricks": the tricks its side took.  With `low`
-- (a variant whose low score wins) points count against.
-- @module deckhand.objective

local M = {}

--- objective.margin(points, side) -> points[side] less the mean of the
-- other sides' points (points: a table keyed by side)
function M.margin(points, side)
  local mine, others, n = 0, 0, 0
  for s, v in pairs(points) do
    if s == side then mine = v else others, n = others + v, n + 1 end
  end
  return mine - (n > 0 and others / n or 0)
end

--- objective.valuer(objective, low) -> function(view, me, points, tricks):
-- the value of a hand for seat me under the objective
function M.valuer(objective, low)
  return function(view, me, points, tricks)
    if objective == "tricks" then
      local t = 0
      for seat = 1, view:seats() do
        if view:side(seat) == view:side(me) then t = t + tricks[seat] end
      end
      return t
    end
    local v = objective == "own" and points[view:side(me)] or M.margin(points, view:side(me))
    return low and -v or v
  end
end

--- objective.hand_value(g, me, hands_before) -> the last hand's margin for
-- seat me once a hand ended after hands_before hands (0 when none did):
-- the worth of a rollout in a game written in Lua
function M.hand_value(g, me, hands_before)
  local r = g:result()
  local row = r.hands[#r.hands]
  if #r.hands == hands_before or not row then return 0 end
  return M.margin(row.sides or row.seats, g:side(me))
end

return M
