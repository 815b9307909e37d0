--- deckhand.tables: who plays whom in a tournament, and where they sit.
--
-- A game seats its players in sides (Spades two, Hearts four).  With as
-- many strategies as sides or fewer, a tournament is one table: the
-- strategies take the sides in turn (cycled when fewer), and each deal is
-- played once per rotation of them over the sides (duplicate).  With
-- more strategies than sides it is a field:
--   round robin  every group of as many strategies as there are sides
--                (every pair in a game of two sides) is a table;
--   gauntlet     the first strategy against every group of the others.
-- Every table plays every deal in all its rotations, so the deals are the
-- same for every pairing.  A deal's games are numbered table by table,
-- rotation by rotation: rotation r of the deal is rotation r % R of
-- table r // R + 1, R the rotations of one table.
-- @module deckhand.tables

local M = {}

--- tables.nsides(variant) -> the number of sides of the variant
function M.nsides(variant)
  local n = 0
  for seat = 1, variant.seats do
    if variant.sides[seat] > n then n = variant.sides[seat] end
  end
  return n
end

-- every group of k of list[from..], in order, appended to out after prefix
local function combinations(list, k, from, prefix, out)
  if #prefix == k then
    out[#out + 1] = { table.unpack(prefix) }
    return out
  end
  for i = from, #list - (k - #prefix) + 1 do
    prefix[#prefix + 1] = list[i]
    combinations(list, k, i + 1, prefix, out)
    prefix[#prefix] = nil
  end
  return out
end

--- tables.of(c, variant) -> the tables of tournament c, each a list of
-- strategy names (one per side, or fewer: cycled), and its mode's name
-- ("table", "round_robin" or "gauntlet")
function M.of(c, variant)
  local n = M.nsides(variant)
  local players = c.players
  if #players <= n then return { players }, "table" end
  local seen = {}
  for _, p in ipairs(players) do
    if seen[p] then
      error(("tournament: '%s' is named twice: a field of strategies names each once (label=strategy to play "
             .. "one strategy twice)"):format(p), 0)
    end
    seen[p] = true
  end
  if c.mode == "gauntlet" then
    local out = {}
    for _, group in ipairs(combinations(players, n - 1, 2, {}, {})) do
      out[#out + 1] = { players[1], table.unpack(group) }
    end
    return out, "gauntlet"
  end
  return combinations(players, n, 1, {}, {}), "round_robin"
end

--- tables.rotations(c, variant [, tables]) -> the games of one deal, and
-- those of one table
function M.rotations(c, variant, tabs)
  tabs = tabs or M.of(c, variant)
  local per = c.duplicate and M.nsides(variant) or 1
  return #tabs * per, per
end

--- tables.seating(c, variant, r [, tables]) -> who sits where in the deal's
-- game r (0-based): a list seat -> strategy name, the sides, their count,
-- and the table (1-based)
function M.seating(c, variant, r, tabs)
  tabs = tabs or M.of(c, variant)
  local seats, sides = variant.seats, variant.sides
  local nsides = M.nsides(variant)
  local per = c.duplicate and nsides or 1
  local t, rr = r // per + 1, r % per
  local group = tabs[t]
  local names = {}
  for seat = 1, seats do
    local k = (sides[seat] - 1 + rr) % nsides
    names[seat] = group[k % #group + 1]
  end
  return names, sides, nsides, t
end

return M
