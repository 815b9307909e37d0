-- heuristic.ohhell: the heuristic's Oh Hell (rules/ohhell.lua): bids the
-- tricks its high trumps, aces and kings should take (the nearest legal
-- bid, so the dealer's hook is respected), then plays to take tricks
-- until it has its bid and to lose them after (the generic trick player,
-- heuristic/trick.lua).  Options: variant, seed.
local dh = require "deckhand"

local M = {}

local function bid(view, T)
  local trump = T.trump(view)
  local n = 0
  for _, c in ipairs(view:hand(view:seat()):list()) do
    if c.suit == trump then
      if c.rank >= 11 then n = n + 1 elseif c.rank >= 8 then n = n + 0.5 end
    elseif c.rank == 14 then n = n + 0.85
    elseif c.rank == 13 then n = n + 0.45 end
  end
  local want = math.floor(n + 0.5)
  local legal = view:legal()
  local pick, dist = legal[1], math.huge
  for _, b in ipairs(legal) do
    local d = math.abs(b - want)
    if d < dist then pick, dist = b, d end
  end
  return pick
end

local function play(view, T)
  local me = view:seat()
  local bids, tricks = view:bids(), view:tricks()
  return T.trick(view, (bids[me] and tricks[me] < bids[me]) and "win" or "lose")
end

function M.new(options)
  local T = dh.strategy("heuristic.trick", options)
  return { name = "heuristic.ohhell", pass = T.pass,
           bid = function(view) return bid(view, T) end,
           play = function(view) return play(view, T) end }
end

return M
