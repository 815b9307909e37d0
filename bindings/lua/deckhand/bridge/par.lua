--- deckhand.bridge.par: the double-dummy table of a deal and its par.
--
-- The table gives, for each strain (clubs, diamonds, hearts, spades, no
-- trump) and each declarer (North, East, South, West), the tricks the
-- declarer's side takes with every card seen and best play by all, from
-- the opening lead on declarer's left (deckhand.solve_bridge_table: the
-- engine's solver, the twenty problems sharing one table).
--
-- Par is the score both sides reach when each bids as well as it can
-- knowing the table: a side that can make a contract bids it; the other
-- side outbids it with a contract of its own, or sacrifices (a higher
-- contract that goes down doubled for less than the first side would
-- score), or lets it stand.  Here that is a game of two players on the
-- list of the 35 bids: the side to act either lets the last bid stand
-- (doubling it when it goes down) or bids higher, the dealer's side
-- first, and both passing at the start is 0.  Each side plays the strain
-- from its better declarer.  Its value from North-South's side is the
-- par score; the contracts it ends in along every best line, where the
-- other side does worse by bidding on in any way, are the par contracts,
-- each at the lowest level that scores the same (4S+1 rather than 5S),
-- with the declarers that take the tricks.
-- Sources: the Laws of Duplicate Bridge (Law 77's scoring table); the
-- usual definition of par as in the DDS library's documentation.
-- @module deckhand.bridge.par

local dh = require "deckhand"

local M = {}

M.STRAINS = { "C", "D", "H", "S", "NT" }
local SEATS = "NESW"

--- par.table(hands [, opts]) -> tricks[strain 1..5][declarer 1..4], and
-- the list of { strain =, declarer = } that opts.nodes (a node budget for
-- each of the twenty solves) left unsolved (their entries false).
-- hands: four sets (N, E, S, W: CardSets, names or lists of cards).
-- opts.table_bits: the shared transposition table, 2^bits entries (20).
function M.table(hands, opts)
  opts = opts or {}
  local out = dh.solve_bridge_table(hands, { nodes = opts.nodes, table_bits = opts.table_bits or 20 })
  local inexact = {}
  for strain = 1, 5 do
    for decl = 1, 4 do
      if not out[strain][decl] then inexact[#inexact + 1] = { strain = strain, declarer = decl } end
    end
  end
  return out, inexact
end

local function duplicate_score(level, strain, doubled, vulnerable, tricks)
  return dh.rule.duplicate_score { level = level, strain = M.STRAINS[strain], doubled = doubled,
                                   vulnerable = vulnerable, tricks = tricks }
end

-- side 1 North-South (seats 1, 3), side 2 East-West (2, 4)
local function seats_of(side) return side == 1 and { 1, 3 } or { 2, 4 } end

--- par.score(tricks, vulnerable, dealer) -> the par score from North-South's
-- side, and the par contracts { { level =, strain = 1..5, side = 1|2,
-- declarers = { seats }, doubled = 0|1, tricks =, score = (NS side),
-- text = "4S+1 NS" } }.  vulnerable: "none", "ns", "ew" or "both";
-- dealer: 1..4.
function M.score(tricks, vulnerable, dealer)
  local vul = { vulnerable == "ns" or vulnerable == "both", vulnerable == "ew" or vulnerable == "both" }
  -- the better declarer's tricks for each side and strain
  local best = { {}, {} }
  for side = 1, 2 do
    for strain = 1, 5 do
      local a, b = table.unpack(seats_of(side))
      best[side][strain] = math.max(tricks[strain][a], tricks[strain][b])
    end
  end
  -- the score of bid k (1..35) by side, left to stand (doubled when it
  -- fails), from North-South's side
  local final = { {}, {} }
  for side = 1, 2 do
    for k = 1, 35 do
      local level, strain = (k - 1) // 5 + 1, (k - 1) % 5 + 1
      local t = best[side][strain]
      local s = duplicate_score(level, strain, t >= level + 6 and 0 or 1, vul[side], t)
      final[side][k] = side == 1 and s or -s
    end
  end
  local function better(side, a, b)   -- is a better than b for side?
    if side == 1 then return a > b end
    return a < b
  end
  -- V[k][owner]: the value when owner made the last bid k and the other side acts
  local V = {}
  for k = 35, 1, -1 do
    V[k] = {}
    for owner = 1, 2 do
      local acting = 3 - owner
      local v = final[owner][k]
      for k2 = k + 1, 35 do
        if better(acting, V[k2][acting], v) then v = V[k2][acting] end
      end
      V[k][owner] = v
    end
  end
  -- from no bid: the best the acting side can do by bidding, or passing
  local function open(acting, passes)
    local v = passes == 1 and 0 or open(3 - acting, passes + 1)
    for k = 1, 35 do
      if better(acting, V[k][acting], v) then v = V[k][acting] end
    end
    return v
  end
  local first = (dealer == 1 or dealer == 3) and 1 or 2
  local par = open(first, 0)
  -- every contract a best line ends in
  local ends, seen = {}, {}
  local function walk(k, owner)   -- owner's bid k stands or is outbid, as best play has it
    local key = k * 2 + owner
    if seen[key] then return end
    seen[key] = true
    local acting = 3 - owner
    -- a par contract is one the other side does better to let stand than
    -- to outbid in any way: where outbidding comes to the same, the lower
    -- bid is not par (the outbid line ends in a contract of its own)
    local stands = final[owner][k] == V[k][owner]
    for k2 = k + 1, 35 do
      if stands and not better(acting, final[owner][k], V[k2][acting]) then stands = false end
    end
    if stands then ends[#ends + 1] = { k = k, side = owner } end
    for k2 = k + 1, 35 do
      if V[k2][acting] == V[k][owner] then walk(k2, acting) end
    end
  end
  local function walk_open(acting, passes)
    local v = open(acting, passes)
    if passes == 0 and open(3 - acting, 1) == v then walk_open(3 - acting, 1) end
    for k = 1, 35 do if V[k][acting] == v then walk(k, acting) end end
  end
  if par ~= 0 or open(first, 0) ~= 0 then walk_open(first, 0) end
  -- each (side, strain) once, at its lowest level with the par score
  local contracts, done = {}, {}
  table.sort(ends, function(a, b) return a.k < b.k end)
  for _, e in ipairs(ends) do
    local level, strain = (e.k - 1) // 5 + 1, (e.k - 1) % 5 + 1
    local id = e.side * 10 + strain
    if final[e.side][e.k] == par and not done[id] then
      done[id] = true
      local t = best[e.side][strain]
      local declarers = {}
      for _, s in ipairs(seats_of(e.side)) do
        if tricks[strain][s] == t then declarers[#declarers + 1] = s end
      end
      local over = t - level - 6
      local names = {}
      for i, s in ipairs(declarers) do names[i] = SEATS:sub(s, s) end
      contracts[#contracts + 1] = {
        level = level, strain = strain, side = e.side, declarers = declarers,
        doubled = over < 0 and 1 or 0, tricks = t, score = par,
        text = ("%d%s%s%s %s"):format(level, M.STRAINS[strain], over < 0 and "X" or "",
          over > 0 and ("+" .. over) or over < 0 and tostring(over) or "", table.concat(names)),
      }
    end
  end
  return par, contracts
end

--- par.format(tricks, par_score, contracts) -> lines of text: the table
-- as bridge programs print it (a row a declarer, a column a strain), then
-- the par
function M.format(tricks, par_score, contracts)
  local out = { "      C  D  H  S NT" }
  for decl = 1, 4 do
    local row = { ("  %s "):format(SEATS:sub(decl, decl)) }
    for strain = 1, 5 do row[#row + 1] = ("%2d"):format(tricks[strain][decl]) end
    out[#out + 1] = table.concat(row, " ")
  end
  if par_score then
    local texts = {}
    for i, c in ipairs(contracts) do texts[i] = c.text end
    out[#out + 1] = par_score == 0 and "par 0: passed out"
      or ("par %s %d: %s"):format(par_score > 0 and "NS" or "EW", math.abs(par_score), table.concat(texts, ", "))
  end
  return table.concat(out, "\n")
end

return M
