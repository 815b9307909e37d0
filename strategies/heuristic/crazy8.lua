-- heuristic.crazy8: Crazy Eights as a careful player plays it.
--
-- Keep the eights: an eight is played only when no other card matches,
-- since it is the one card that always goes.  Among the matching cards,
-- go where the hand is long: the card whose suit (the suit the next player
-- must then match) leaves the most cards of that suit in hand, then the
-- costliest card (a ten or a face card left in hand counts 10 against us).
-- An eight calls the suit held most after it.  With nothing to play: draw
-- (or pass when drawing is over).
-- Everything comes from the view: the moves it offers, the hand and the
-- counts of the others.  Options: variant, seed.
local M = {}

-- the penalty a card left in hand costs (the rules' scoring order: an
-- eight most, then the tens and faces, then the pips; only the order
-- matters here)
local function cost(card)
  if card.rank == 8 then return 50 end
  if card.rank >= 10 and card.rank <= 13 then return 10 end
  if card.rank == 14 then return 1 end
  return card.rank
end

local function suit_counts(hand, without)
  local n = { c = 0, d = 0, h = 0, s = 0 }
  for card in hand:iter() do
    if card ~= without and card.rank ~= 8 then n[card.suit] = n[card.suit] + 1 end
  end
  return n
end

function M.new()
  local s = { name = "heuristic.crazy8" }
  function s.move(view)
    local moves, hand = view:moves(), view:get("hand")
    local best, best_score
    for _, m in ipairs(moves) do   -- matching cards that are not eights
      if type(m) ~= "table" and m.rank ~= 8 then
        local score = suit_counts(hand, m)[m.suit] * 100 + cost(m)
        if not best or score > best_score then best, best_score = m, score end
      end
    end
    if best then return best end
    for _, m in ipairs(moves) do   -- an eight, calling the suit held most after it
      if type(m) == "table" and m.kind == "eight" then
        local n = suit_counts(hand, m.card)
        local score = n[m.suit]
        if not best or score > best_score then best, best_score = m, score end
      end
    end
    if best then return best end
    return moves[#moves]   -- draw, or pass
  end
  s.script = s.move
  return s
end

return M
