--- deckhand.deal_check: could tournament c have written this deal line?
--
-- A record is data from a file, resumed or merged: anything in it may have
-- been edited, cut or made by another version.  Before a line is counted
-- every field the totals read is checked against the tournament: each
-- deal has all its rotations (duplicate scoring pairs them), each in the
-- seating that rotation has; points are finite numbers, one per side,
-- within what the variant can score; winners are sides that exist; tricks
-- are whole numbers, one per seat, no more in all than the hands held;
-- forfeits and errors have the fields their report shows, and none is a
-- Ctrl-C that an older version recorded as one; each game's record of its
-- moves is of the variant and the deal's seed, in the shape replay reads.  The first
-- thing wrong is returned as a short phrase; nil when the line is sound.
-- @module deckhand.deal_check

local results = require "deckhand.results"

local M = {}

local function is_list(t, n)
  if type(t) ~= "table" then return false end
  local k = 0
  for _ in pairs(t) do k = k + 1 end
  return k == #t and (n == nil or k == n)
end

local function finite(x) return math.type(x) ~= nil and x == x and x > -math.huge and x < math.huge end

local function whole(x, min, max)
  if not (math.type(x) == "integer" or (finite(x) and x == math.floor(x))) then return false end
  return (min == nil or x >= min) and (max == nil or x <= max)
end

-- a value of a record shown to a person: short, whatever it is
local function show(v)
  local s = type(v) == "string" and ("'" .. v .. "'") or tostring(v)
  if #s > 40 then s = s:sub(1, 37) .. "..." end
  return s
end
M.show = show

-- the most points one side can make in one hand of the variant: the
-- variant's own max_points when it declares one; in chips, every chip on
-- the table (a poker stack per seat) or a blackjack bet split, doubled and
-- paid 3:2 at most; otherwise a million, far beyond any game here
local function points_bound(variant)
  local s = variant.settings or {}
  if type(variant.max_points) == "number" then return variant.max_points end
  if variant.unit == "chips" and type(s.stack) == "number" then return s.stack * variant.seats end
  if variant.unit == "chips" and type(s.bet) == "number" then
    return s.bet * (tonumber(s.split_hands) or 1) * 4
  end
  return 1e6
end

-- the most cards a seat holds in one hand: the tricks it can take
local function tricks_bound(deckhand, variant)
  local spec = variant.spec
  if type(spec) ~= "table" or type(spec.deck) ~= "string" then return nil end
  local ok, deck = pcall(deckhand.deck, spec.deck)
  if not ok then return nil end
  return #deck // variant.seats
end

-- a Ctrl-C that an older version caught inside a bot or the rules and
-- recorded as a forfeit or the variant's error: no result of the game
local function interrupted(e)
  return type(e) == "table" and type(e.reason) == "string" and e.reason:find("interrupted!%s*$") ~= nil
end

-- the game's own record, what replay reads: of this variant, from the
-- deal's seed, with the variant's options and moves { seat, text } of
-- seats there are (whether the moves are legal is replay's to find)
local function record_problem(rec, t, seed)
  if type(rec) ~= "table" then return "no record of its moves" end
  local name = rec.game or rec.variant
  if name ~= t.name then return ("a record of %s, not of %s"):format(show(name), t.name) end
  if rec.seed ~= seed then return ("a record of seed %s, not the deal's"):format(show(rec.seed)) end
  if rec.dealer ~= nil and not whole(rec.dealer, 1, t.seats) then
    return ("a record of dealer %s"):format(show(rec.dealer))
  end
  local options = rec.options == nil and {} or rec.options
  if type(options) ~= "table" then return "a record whose options are not a table" end
  for k, x in pairs(options) do
    if t.options[k] ~= x then return ("a record with option %s = %s, not the tournament's"):format(show(k), show(x)) end
  end
  for k, x in pairs(t.options) do
    if options[k] ~= x then return ("a record without option %s = %s"):format(show(k), show(x)) end
  end
  local moves = rec.moves
  if moves == nil and is_list(rec.actions) then return nil end   -- an earlier version's record
  if not is_list(moves) then return "a record whose moves are not a list" end
  for k, m in ipairs(moves) do
    if type(m) ~= "table" or not whole(m[1], 1, t.seats) or type(m[2]) ~= "string" then
      return ("a record whose move %d is not { seat, text }"):format(k)
    end
  end
  return nil
end

-- the checks of one finished game (one rotation's entry) of the deal of seed
local function game_problem(g, t, seed)
  if interrupted(g.forfeit) or interrupted(g.error) then
    return "stopped by an interrupt (Ctrl-C), not finished: played again"
  end
  if g.forfeit ~= nil then
    local f = g.forfeit
    if type(f) ~= "table" or not t.allowed[f.strategy] or not whole(f.seat, 1, t.seats)
       or type(f.reason) ~= "string" then
      return "a forfeit without its strategy, seat or reason"
    end
    return nil
  end
  if g.error ~= nil then
    if type(g.error) ~= "table" or type(g.error.reason) ~= "string" then return "an error without its reason" end
    return nil
  end
  local n = results.normalize(g)
  local hands = n.hands == nil and 1 or n.hands
  if not whole(hands, 1, t.max_hands) then return ("hands %s (from 1 to %d)"):format(show(hands), t.max_hands) end
  if n.sides ~= nil then
    if not is_list(n.sides, t.seats) then return ("sides of %s seats (the game has %d)"):format(
      type(n.sides) == "table" and #n.sides or "no", t.seats) end
    for seat, side in ipairs(n.sides) do
      if side ~= t.sides[seat] and not (g.net and side == seat) then
        return ("seat %d on side %s (the game's is %d)"):format(seat, show(side), t.sides[seat])
      end
    end
  end
  local nsides = g.net and t.seats or t.nsides
  if not is_list(n.points, nsides) then
    return ("points for %s sides (the game has %d)"):format(type(n.points) == "table" and #n.points or "no", nsides)
  end
  local bound = t.points * hands
  for side, x in ipairs(n.points) do
    if not finite(x) or math.abs(x) > bound then
      return ("points %s for side %d (a number from %g to %g)"):format(show(x), side, -bound, bound)
    end
  end
  if not is_list(n.winners or {}) then return "winners that are not a list" end
  local seen = {}
  for _, w in ipairs(n.winners or {}) do
    if not whole(w, 1, nsides) or seen[w] then return ("winner %s (sides are 1 to %d)"):format(show(w), nsides) end
    seen[w] = true
  end
  if n.tricks ~= nil then
    if not is_list(n.tricks, t.seats) then return ("tricks for %s seats (the game has %d)"):format(
      type(n.tricks) == "table" and #n.tricks or "no", t.seats) end
    local sum = 0
    for seat, x in ipairs(n.tricks) do
      if not whole(x, 0) then return ("tricks %s at seat %d (a whole number)"):format(show(x), seat) end
      sum = sum + x
    end
    if t.tricks and sum > t.tricks * hands then
      return ("%d tricks in all over %d hand%s (at most %d a hand)"):format(sum, hands, hands == 1 and "" or "s",
        t.tricks)
    end
  end
  return record_problem(g.record, t, seed)
end

--- deal_check.new(deckhand, c, variant, seating, rotations) -> function(line)
-- that returns nil for a sound deal line of tournament c, or why not.
-- seating(r) -> the names seat by seat in the deal's game r (0-based) and
-- the number of sides; rotations: the games of a deal (every table's
-- rotations, deckhand/tables.lua).
function M.new(deckhand, c, variant, seating, rotations)
  local _, nsides = seating(0)
  local t = { name = variant.name, options = variant.options or {}, seats = variant.seats, sides = variant.sides,
              nsides = nsides, points = points_bound(variant),
              tricks = tricks_bound(deckhand, variant), allowed = {},
              max_hands = math.tointeger(variant.settings and variant.settings.max_hands) or math.maxinteger }
  for _, p in ipairs(c.players) do t.allowed[p] = true end
  if c.bid_with then t.allowed[c.bid_with] = true end
  local expected = {}
  for r = 0, rotations - 1 do expected[r + 1] = table.concat((seating(r)), ",") end
  return function(v)
    if not is_list(v.games) or #v.games ~= rotations then
      return ("deal %d has %d of its %d rotations (a deal counts whole or not at all)"):format(
        v.i, type(v.games) == "table" and #v.games or 0, rotations)
    end
    for r, g in ipairs(v.games) do
      if type(g) ~= "table" or not is_list(g.seats, t.seats) then
        return ("deal %d, rotation %d: not a game of %d seats"):format(v.i, r, t.seats)
      end
      for _, name in ipairs(g.seats) do
        if type(name) ~= "string" then return ("deal %d, rotation %d: a seat without a player"):format(v.i, r) end
      end
      if table.concat(g.seats, ",") ~= expected[r] then
        return ("deal %d, rotation %d: seats %s, not this rotation's %s"):format(v.i, r,
          show(table.concat(g.seats, ",")), show(expected[r]))
      end
      local why = game_problem(g, t, v.seed)
      if why then return ("deal %d, rotation %d: %s"):format(v.i, r, why) end
    end
    for _, key in ipairs { "forfeits", "errors" } do
      local list = v[key]
      if list ~= nil then
        if not is_list(list) then return ("deal %d: %s that are not a list"):format(v.i, key) end
        for _, e in ipairs(list) do
          if type(e) ~= "table" or type(e.reason) ~= "string" or (e.rotation ~= nil and not whole(e.rotation, 1))
             or (key == "forfeits" and (not t.allowed[e.strategy] or not whole(e.seat, 1, t.seats)
                                        or (e.seed ~= nil and not whole(e.seed)))) then
            return ("deal %d: %s without their fields"):format(v.i, key)
          end
        end
      end
    end
    if v.unit ~= nil and type(v.unit) ~= "string" then return ("deal %d: a unit that is not a name"):format(v.i) end
    if v.big_blind ~= nil and not finite(v.big_blind) then return ("deal %d: a big blind not a number"):format(v.i) end
    return nil
  end
end

return M
