-- demo.lua: the main job.  Prints a seeded Spades deal as the players hold
-- it, then runs two short duplicate tournaments between the bots (every
-- deal played twice, the sides swapped) and prints their results tables.
--   lua5.4 examples/demo.lua [seed [deals]]      (make demo: 200 and 100 deals)
-- The same from the command line:
--   bin/deckhand tournament spades --players heuristic,random --games 200
local dh = require "deckhand"

local seed = math.tointeger(tonumber(arg and arg[1] or "")) or 2026
local deals = math.tointeger(tonumber(arg and arg[2] or ""))
local rng = dh.rng(seed)
local deck = dh.deck("french52"):shuffle(rng)
local hands = deck:deal(4, 13, { dealer = 4 })

print(("Spades deal, seed %d (seat 1 is left of the dealer, seat 4)"):format(seed))
for seat, hand in ipairs(hands) do
  local spades = #hand:suit("s")
  print(("  seat %d  %s   (%d spade%s)"):format(seat, hand:display(), spades, spades == 1 and "" or "s"))
end

local T = dh.tournament_lib
local function show(cfg)
  print()
  local res = dh.tournament(cfg)
  print(T.format(res, res.config))
end

-- whole hands with bidding and scoring, partners 1 & 3 against 2 & 4
show { variant = "spades", players = { "heuristic", "random" }, games = deals or 200, seed = seed, progress = true }
-- Monte Carlo card play against the heuristic, with the settings of the
-- strength table (docs/strength.md): every bid made by the heuristic (no Nil), the
-- heuristic playing for tricks (no ducking for bags), pimc counting tricks
-- with greedy playouts over its default 200 worlds
show { variant = "spades", players = { "pimc", "heuristic" }, games = deals or 100, seed = seed, progress = true,
       bid_with = "heuristic",
       strategy_options = { pimc = { objective = "tricks", policy = "greedy" },
                            heuristic = { nil_bids = false, avoid_bags = false } } }
