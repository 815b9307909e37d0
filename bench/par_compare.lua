-- bench/par_compare.lua N SEED DDS_PAR: `deckhand solve`'s double-dummy
-- table and par (deckhand/bridge/par.lua) beside DDS's CalcDDtable and
-- DealerParBin (bench/dds_par.c, the program DDS_PAR) on the same N random
-- deals, each with its own dealer and vulnerability.  Every count, par
-- score and par contract must agree: a difference is printed and the
-- exit status is 1.  Prints the processor time a deal of each (deckhand:
-- 20 solves from a fresh game each; DDS: one CalcDDtable, work shared).
-- Run by bench/par_compare.sh; not part of make bench or CI.
local dh = require "deckhand"
local par = require "deckhand.bridge.par"
local pbn = require "deckhand.bridge.pbn"

local n, seed, prog = tonumber(arg[1] or "100"), tonumber(arg[2] or "1"), assert(arg[3], "usage: N SEED DDS_PAR")
local VUL = { "none", "ns", "ew", "both" }
local SEATS = "NESW"
local deals = {}
local bridge = dh.variant("bridge", { boards = 1 })
local rng = dh.rng(seed)
for i = 1, n do
  local g = dh.game(bridge, { seed = rng:int(1, 2147483647) })
  local hands = {}
  for s = 1, 4 do
    local h = {}
    for _, c in ipairs(g:hand(s):list()) do h[#h + 1] = tostring(c) end
    hands[s] = h
  end
  deals[i] = { hands = hands, dealer = rng:int(1, 4), vul = VUL[rng:int(1, 4)] }
end

local input = os.tmpname()
local f = assert(io.open(input, "w"))
for _, d in ipairs(deals) do
  f:write(SEATS:sub(d.dealer, d.dealer), " ", d.vul, " ", pbn.deal_text(d.hands, 1), "\n")
end
f:close()
local p = assert(io.popen(("%s < %s"):format(prog, input)))
local dds = {}
for line in p:lines() do dds[#dds + 1] = line end
p:close()
os.remove(input)
assert(#dds == n, ("DDS answered %d deals of %d"):format(#dds, n))

-- deckhand's contracts in dds_par's words: 3NT:NS, 5DX-2:EW, 4S+1:N
local function ours(contracts)
  local out = {}
  for _, c in ipairs(contracts) do
    local over = c.tricks - c.level - 6
    local who = #c.declarers == 2 and (c.side == 1 and "NS" or "EW") or SEATS:sub(c.declarers[1], c.declarers[1])
    out[#out + 1] = ("%d%s%s%s:%s"):format(c.level, par.STRAINS[c.strain], over < 0 and "X" or "",
      over > 0 and ("+" .. over) or over < 0 and tostring(over) or "", who)
  end
  table.sort(out)
  return table.concat(out, " ")
end

local bad, spent = 0, 0
for i, d in ipairs(deals) do
  local t0 = os.clock()
  local tricks = par.table(d.hands, { table_bits = tonumber(os.getenv("TABLE_BITS") or "20") })
  spent = spent + os.clock() - t0
  local score, contracts = par.score(tricks, d.vul, d.dealer)
  local counts = {}
  for s = 1, 5 do for decl = 1, 4 do counts[#counts + 1] = tricks[s][decl] end end
  local mine_table = "table " .. table.concat(counts, " ")
  local their_table, their_score, their_contracts = dds[i]:match("^(table[%d ]+) par (%-?%d+)%s*(.*)$")
  local list = {}
  for c in their_contracts:gmatch("%S+") do list[#list + 1] = c end
  table.sort(list)
  their_contracts = table.concat(list, " ")
  if mine_table ~= their_table then
    bad = bad + 1
    print(("deal %d: tables differ\n  deckhand %s\n  DDS      %s"):format(i, mine_table, their_table))
  elseif score ~= tonumber(their_score) or ours(contracts) ~= their_contracts then
    bad = bad + 1
    print(("deal %d (%s, dealer %s, %s): par differs\n  deckhand %d %s\n  DDS      %s %s"):format(i,
      pbn.deal_text(d.hands, 1), SEATS:sub(d.dealer, d.dealer), d.vul, score, ours(contracts), their_score,
      their_contracts))
  end
end
print(("%d deals: %d agree in table, par score and par contracts; %d differ"):format(n, n - bad, bad))
print(("deckhand: %.1f ms a deal for the table (20 solves, processor time)"):format(spent * 1000 / n))
os.exit(bad == 0 and 0 or 1)
