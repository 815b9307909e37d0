-- pimc.omaha: pimc's Omaha (rules/omaha.lua) is pimc's Hold'em
-- (pimc/holdem.lua), which deals its worlds and models the others by the
-- game the view names.  Options as pimc/holdem.lua's.
local dh = require "deckhand"

return {
  new = function(options)
    local s = dh.strategy("pimc.holdem", options)
    s.name = "pimc.omaha"
    return s
  end,
}
