-- heuristic.scopa: Scopa by the usual rules of thumb, seeing only the view.
--
-- Every move is valued in expected points: what it takes (a sweep and the
-- settebello a point each; sevens, sixes and coins for primiera and the
-- coins; every card a little for the cards), less what it leaves the next
-- player, an opponent: the chance that the opponent holds a card that
-- sweeps the table left behind (a card of the table's total, when that is
-- 10 or less), and, for a card left on the table, what it would give
-- away.  The chance is that of at least one such card among the
-- opponent's cards, drawn from the cards this seat has not seen.
local dh = require "deckhand"

local scopa = dh.scopa
local M = {}

local SETTEBELLO = dh.card("7d")

-- what cards are worth to the side that takes them, in points: a little
-- each toward the cards, more for a coin, a seven or six (primiera), a
-- point for the settebello
local PRIMIERA_WORTH = { [7] = 0.25, [6] = 0.1, [1] = 0.05 }
local function set_worth(set)
  local w = 0.05 * #set
  for c in set:iter() do
    if c.suit == "d" then w = w + 0.12 end
    w = w + (PRIMIERA_WORTH[scopa.value(c)] or 0)
    if c == SETTEBELLO then w = w + 1 end
  end
  return w
end
local function card_worth(c) return set_worth(dh.cards { c }) end

-- the chance that h cards drawn from u unseen hold at least one of k
local function chance(k, u, h)
  if k <= 0 or h <= 0 or u <= 0 then return 0 end
  local miss = 1
  for i = 0, h - 1 do
    if u - i <= 0 then return 1 end
    miss = miss * math.max(0, u - k - i) / (u - i)
  end
  return 1 - miss
end

function M.new()
  local function move(view)
    local me = view:seat()
    local hand, on_table = view:get("hand"), view:get("table")
    local taken = view:get("taken")
    local unseen = dh.deck("italian40"):set() - hand - on_table - taken[1] - taken[2]
    local counts = view:get("counts")
    local next_seat = me % view:seats() + 1
    local held = counts[next_seat]
    if held == 0 and view:get("stock") > 0 then held = 3 end   -- a new round is dealt
    local u = #unseen
    local by_value = {}
    for c in unseen:iter() do
      local v = scopa.value(c)
      by_value[v] = (by_value[v] or 0) + 1
    end
    local opponent = view:side(next_seat) ~= view:side(me)

    local best, best_score
    for _, m in ipairs(view:moves()) do
      local score, left
      if type(m) == "table" then
        left = on_table - m.cards
        score = set_worth(m.cards) + card_worth(m.card)
        if #left == 0 then score = score + 1 end   -- a sweep (the rules know the last play)
      else
        left = on_table | dh.cards { m }
        -- a card left behind may be taken: a part of its worth given away
        score = -0.5 * card_worth(m)
      end
      if opponent and #left > 0 then
        local total = 0
        for c in left:iter() do total = total + scopa.value(c) end
        if total <= 10 then score = score - (1 + set_worth(left)) * chance(by_value[total] or 0, u, held) end
        if left:has(SETTEBELLO) then score = score - 0.5 end
      end
      if not best or score > best_score then best, best_score = m, score end
    end
    return best
  end
  return { name = "heuristic.scopa", move = move, script = move }
end

return M
