-- random: every bid, pass and card uniformly among the legal ones (the
-- same policy the C playouts use), as many cards passed as the view's
-- pass_count says; in Hold'em (act) an action uniformly among the legal
-- ones and, for a bet or raise, an amount uniformly in its range; in a
-- variant's scripted phases (Euchre's trump making) a move uniformly.
-- Options: seed.
local dh = require "deckhand"

local M = {}

function M.new(options)
  dh.check_options("random", options, {})
  local rng = dh.rng(options.seed or 1)
  local s = { name = "random" }
  function s.bid(view)
    local bids = view:legal()
    return bids[rng:int(#bids)]
  end
  function s.play(view) return rng:pick(view:legal()) end
  function s.pass(view)
    local hand = view:hand(view:seat()):list()
    local out = {}
    for i = 1, view:pass_count() do
      out[i] = table.remove(hand, rng:int(#hand))
    end
    return out
  end
  function s.script(view) return rng:pick(view:moves()) end   -- a variant's scripted phase
  function s.act(view)
    local legal = view:legal()
    local m = legal[rng:int(#legal)]
    return m.action, m.min and rng:int(m.min, m.max) or nil
  end
  return s
end

return M
