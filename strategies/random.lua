-- random: every bid, pass and card uniformly among the legal ones (the
-- same policy the C playouts use; Briscola's trump exchange, when the
-- option allows it, one more move beside the cards), as many cards passed
-- (or given in a blind Nil exchange) as the view's pass_count says; in a
-- variant's scripted phases (Euchre's trump making) and the games written
-- in Lua (Hold'em: a bet or raise of one of the sizes offered) a move
-- uniformly.
-- Options: seed.
local dh = require "deckhand"

local M = {}

-- what it takes: nothing beside variant and seed (docs/bots.md lists it)
M.takes = {}

function M.new(options)
  dh.check_options("random", options, M.takes)
  local rng = dh.rng(options.seed or 1)
  local s = { name = "random" }
  function s.bid(view)
    local bids = view:legal()
    return bids[rng:int(#bids)]
  end
  function s.play(view)
    local legal = view:legal()
    -- the trump exchange (a variant's option) as one more move when allowed
    if view.can_exchange and view:can_exchange() and rng:int(#legal + 1) == 1 then return "exchange" end
    return rng:pick(legal)
  end
  function s.pass(view)
    local hand = view:hand(view:seat()):list()
    local out = {}
    for i = 1, view:pass_count() do
      out[i] = table.remove(hand, rng:int(#hand))
    end
    return out
  end
  function s.script(view) return rng:pick(view:moves()) end   -- a variant's scripted phase
  return s
end

return M
