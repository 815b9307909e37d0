-- greedy: the C greedy policy of the playouts (engine/trick/policy.h) as a
-- strategy: win the trick as cheaply as possible unless the own side holds
-- it, else throw the weakest card; lead the strongest card outside trumps
-- (ducking instead when the low score wins).  Bids, passes and a variant's
-- scripted phases (Euchre's trump making): heuristic.  A game written
-- wholly in Lua (deckhand.lua_game: Crazy Eights, Gin Rummy, Scopa): the
-- rules' own quick choice, view:greedy(), in every phase.
local dh = require "deckhand"

local M = {}

-- what it takes: nothing beside variant and seed (docs/bots.md lists it)
M.takes = {}

function M.new(options)
  dh.check_options("greedy", options, M.takes)
  local variant = options.variant
  if type(variant) == "string" then variant = dh.variant(variant) end
  if variant and variant.rules == nil and variant.kind == nil then
    local function move(view) return view:greedy() end
    return { name = "greedy", move = move, script = move }
  end
  local helper = dh.strategy("heuristic", options)
  return { name = "greedy", bid = helper.bid, pass = helper.pass, exchange = helper.exchange,
           play = function(view) return view:greedy() end,
           -- a variant's scripted phases: as the heuristic
           script = function(view) return helper.move(view) end }
end

return M
