-- random: every bid, pass and card uniformly among the legal ones (the
-- same policy the C playouts use).  Options: seed.
local dh = require "deckhand"

local M = {}

function M.new(options)
  dh.check_options("random", options, { pass_count = { "integer", nil, min = 1 } })
  local rng = dh.rng(options.seed or 1)
  local s = { name = "random" }
  function s.bid(view)
    local bids = view:legal()
    return bids[rng:int(#bids)]
  end
  function s.play(view) return rng:pick(view:legal()) end
  -- Hold'em (deckhand.holdem): an action and an amount for g:act
  s.act = dh.holdem_bots.random(rng)
  function s.pass(view)
    local hand = view:hand(view:seat()):list()
    local out = {}
    for i = 1, options.pass_count or 3 do
      out[i] = table.remove(hand, rng:int(#hand))
    end
    return out
  end
  return s
end

return M
