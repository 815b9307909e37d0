-- Bridge with fixed contracts (a tournament run with --bid-with
-- heuristic): the difference between two strategies split into declarer
-- play and defence, from the records of two runs on the same deals.
--   lua5.4 bench/bridge_roles.lua match.jsonl reference.jsonl
-- match.jsonl: A against B (e.g. dd=pimc,pimc); reference.jsonl: B
-- against itself (ref=pimc,pimc), the same --seed, so the same deals and
-- contracts.  At each deal of the match A declares at one table against
-- B's defence and B at the other against A's; the reference's tables are
-- B against B.  Per deal, in declarer's score (its side's points less the
-- defenders'):
--   declarer play   A declaring against B  -  B against B (reference)
--   defence         B against B            -  B declaring against A
-- their sum is A's declaring less B's declaring, twice the tournament's
-- paired difference in points per board (each strategy declares at one
-- table of two): the points below are halved to be per board like it;
-- in declarer's tricks the sum is the tournament's tricks difference as
-- it stands.  Mean with a 95% interval over the deals both records hold
-- (passed-out deals count, as zero).
local dh = require "deckhand"
local json = require "deckhand.json"

local match_file, ref_file = arg[1], arg[2]
if not match_file or not ref_file then
  io.stderr:write("usage: lua5.4 bench/bridge_roles.lua match.jsonl reference.jsonl\n")
  os.exit(2)
end

local variants = {}
local function variant_of(record)
  local key = json.encode(record.options or {})
  variants[key] = variants[key] or dh.variant(record.game, record.options)
  return variants[key]
end

-- one table: who declared (nil: passed out), the contract's text, the
-- declarer side's score and tricks
local function table_of(entry)
  local rec = entry.record
  local g = dh.game(variant_of(rec), { seed = rec.seed, dealer = rec.dealer })
  for _, m in ipairs(rec.moves) do
    if g:phase() ~= "auction" then break end
    assert(g:apply(m[1], m[2]))
  end
  if g:phase() ~= "play" then return { contract = "passed out", score = 0, tricks = 0 } end
  local d = g:declarer()
  local side = entry.sides[d]
  local score, tricks = 0, 0
  for seat, s in ipairs(entry.sides) do
    if s == side then tricks = tricks + entry.tricks[seat] end
  end
  for s, p in ipairs(entry.points) do score = score + (s == side and p or -p) end
  return { by = entry.seats[d], seat = d, contract = tostring(g:var(1)) .. "/" .. tostring(g:var(3)),
           score = score, tricks = tricks }
end

local function deals(file)
  local out, header, players = {}, nil, nil
  for line in io.lines(file) do
    local l = json.decode(line)
    if l.tournament then header = l.tournament
    elseif l.games and not l.forfeits and not l.errors then
      local t = {}
      for k, e in ipairs(l.games) do t[k] = table_of(e) end
      out[l.i] = t
    end
  end
  assert(header, file .. ": no tournament header")
  players = header.players
  return out, header, players
end

local match, mh, mp = deals(match_file)
local ref, rh = deals(ref_file)
assert(mh.seed == rh.seed, "the two runs have different seeds: not the same deals")
local a, b = mp[1], mp[2]

local function stats(xs)
  local n, sum, sq = #xs, 0, 0
  for _, x in ipairs(xs) do sum = sum + x end
  local mean = sum / n
  for _, x in ipairs(xs) do sq = sq + (x - mean) ^ 2 end
  return mean, n > 1 and 1.96 * math.sqrt(sq / (n - 1) / n) or 0, n
end

local decl, def, total = { score = {}, tricks = {} }, { score = {}, tricks = {} }, { score = {}, tricks = {} }
local played, same = 0, 0
for i, t in pairs(match) do
  local r = ref[i]
  if r then
    local ta, tb   -- A declaring, B declaring
    for _, x in ipairs(t) do
      if x.by == a then ta = x elseif x.by == b then tb = x end
    end
    local passed = t[1].contract == "passed out"
    if passed or (ta and tb) then
      -- the same contract at every table of the deal, in both runs
      for _, x in ipairs(r) do if x.contract == t[1].contract and x.seat == t[1].seat then same = same + 1 end end
      ta = ta or t[1]; tb = tb or t[2]
      if not passed then played = played + 1 end
      for k, half in pairs { score = 2, tricks = 1 } do
        local rk = (r[1][k] + r[2][k]) / 2
        decl[k][#decl[k] + 1] = (ta[k] - rk) / half
        def[k][#def[k] + 1] = (rk - tb[k]) / half
        total[k][#total[k] + 1] = (ta[k] - tb[k]) / half
      end
    end
  end
end
local n = #total.score
print(("%s (A) against %s (B), reference %s: %d deals in both records, %d played (not passed out); "
       .. "reference tables with the match's contract: %d of %d"):format(a, b, table.concat(rh.players, ","),
       n, played, same, 2 * n))
for _, row in ipairs { { "declarer play (A declaring - B declaring, both against B)", decl },
                       { "defence (B declaring against B - against A)", def },
                       { "total (the tournament's paired difference)", total } } do
  local ms, cs = stats(row[2].score)
  local mt, ct = stats(row[2].tricks)
  print(("  %-58s %+8.2f ± %6.2f points/board, %+6.3f ± %5.3f declarer's tricks"):format(
    row[1], ms, cs, mt, ct))
end
