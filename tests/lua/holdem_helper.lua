-- holdem_helper.lua: what the Hold'em specs share.
local H = {}

-- the sum of a list of numbers (chips)
function H.sum(t)
  local n = 0
  for _, v in ipairs(t) do n = n + v end
  return n
end

-- the legal move with that action, or nil
function H.move(moves, action)
  for _, m in ipairs(moves) do
    if m.action == action then return m end
  end
  return nil
end

return H
