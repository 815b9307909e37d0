-- holdem_helper.lua: what the Hold'em and Omaha specs share: a table
-- driven through the game protocol (dh.game of rules/holdem.lua or
-- rules/omaha.lua, apply and views) with the short names the specs use.
local dh = require "deckhand"

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

-- a finished hand as the view's `last` gives it, with `shown` keyed by seat
local function by_seat(last)
  local shown = {}
  for _, e in ipairs(last.shown) do shown[e.seat] = e end
  last.shown = shown
  return last
end

local Table = {}
Table.__index = Table

-- the public data every seat sees (seat 1's view, less its own cards)
function Table:public(key) return self.g:peek(1):get(key) end
function Table:next_player() return self.g:next_player() end
function Table:phase() return self.g:phase() end
function Table:hand_number() return self.g:hand_number() end
function Table:view(seat) return self.g:view(seat) end
function Table:moves() return self.g:moves() end
function Table:record() return self.g:record() end
function Table:result() return self.g:result() end
function Table:apply(...) return self:_after(self.g:apply(...)) end
function Table:stacks() return self:public("stacks") end
function Table:pot() return self:public("pot") end
function Table:button_seat() return self:public("button") end
function Table:chips() return H.sum(self:stacks()) + self:pot() end
-- the legal actions of the seat to act: { action =, min =, max =, amount = }
function Table:legal()
  local seat = self.g:next_player()
  return seat and self.g:peek(seat):get("legal") or {}
end
-- every finished hand, as `last` showed it once the hand was over
function Table:results() return self.hands end
-- g:apply with an action and its amount ("raise", 120)
function Table:act(seat, action, amount)
  if math.type(seat) ~= "integer" then error("seat number expected", 2) end
  return self:apply(seat, action, amount)
end
function Table:_after(ok, ...)
  local last = self:public("last")
  if last and last.hand > #self.hands then self.hands[#self.hands + 1] = by_seat(last) end
  return ok, ...
end

--- H.game(name, opts) -> a table of the game `name` ("holdem", "omaha"):
-- opts are its options, with seed, deal, deals and stacks (chips per
-- seat, which also give the seats) for dh.game
function H.game(name, opts)
  local options, start = {}, {}
  for k, v in pairs(opts or {}) do
    if k == "seed" or k == "deal" or k == "deals" or k == "stacks" then start[k] = v else options[k] = v end
  end
  if start.stacks and not options.seats then options.seats = #start.stacks end
  start.seed = start.seed or 1
  local t = setmetatable({ g = dh.game(dh.variant(name, options), start), hands = {} }, Table)
  t:_after(true)
  return t
end

return H
