-- greedy: the C greedy policy of the playouts (engine/trick/policy.h) as a
-- strategy: win the trick as cheaply as possible unless the own side holds
-- it, else throw the weakest card; lead the strongest card outside trumps
-- (ducking instead when the low score wins).  Bids, passes and a variant's
-- scripted phases (Euchre's trump making): heuristic.
local dh = require "deckhand"

local M = {}

function M.new(options)
  dh.check_options("greedy", options, {})
  local helper = dh.strategy("heuristic", options)
  return { name = "greedy", bid = helper.bid, pass = helper.pass,
           play = function(view) return view:greedy() end,
           -- a variant's scripted phases: as the heuristic
           script = function(view) return (helper[view:phase()] or helper.script)(view) end }
end

return M
