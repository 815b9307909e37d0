-- The house edge of basic strategy (heuristic.blackjack: computed from
-- the rules, infinite shoe) under named rules, measured by the C loop
-- (deckhand.blackjack.sim: one player, a 6-deck shoe shuffled when the cut
-- card at 75% comes out), with its 95% interval, beside published values;
-- and the C loop's speed beside the protocol game's (rules/blackjack.lua
-- played by the same strategy through deckhand.run), timed in this run.
--   lua5.4 bench/blackjack_edge.lua [millions of rounds per rule set, 50] [seed] [sets, e.g. 3,4,5: all]
-- Progress goes to standard error every 5 million rounds.
local dh = require "deckhand"

local millions = tonumber(arg[1]) or 50
local seed = math.tointeger(tonumber(arg[2])) or 1
local only
if arg[3] then
  only = {}
  for k in arg[3]:gmatch("%d+") do only[tonumber(k)] = true end
end
local chunk = 1000000

local function load_basic()
  for dir in (os.getenv("DECKHAND_ROOT") or "."):gmatch("[^;]+") do
    local f = loadfile(dir .. "/strategies/heuristic/blackjack.lua")
    if f then return f() end
  end
  return require "deckhand.strategies.heuristic.blackjack"
end
local basic = load_basic()

-- the rule sets, each with the published figures to set beside it
local SETS = {
  { name = "6 decks, S17, DAS, no surrender, 3:2, resplit to 4 hands, no resplit aces",
    options = { decks = 6, dealer_hits_soft17 = false },
    published = {
      "0.44% (a chart for 6 decks, S17, DAS, no surrender, peek: \"Estimated casino edge for these rules: "
        .. "0.44 %\"; https://blackjackguru.wordpress.com/tag/your-hand-a-6/)",
      "0.42% (additive rule table: single deck baseline -0.02%, six decks -0.53%, DAS +0.13%; "
        .. "http://www.thecolorofblackjack.com/solution_one.html)",
      "0.380% for 5 decks, same rules (Wizard of Odds, Blackjack Appendix 9, 5ds17r4, expected return "
        .. "-0.003804 with DAS; https://wizardofodds.com/games/blackjack/appendix/9/5ds17r4/)",
    } },
  { name = "the same, dealer hits soft 17 (H17)",
    options = { decks = 6, dealer_hits_soft17 = true },
    published = {
      "0.639% (Wizard of Odds house edge calculator, 6 decks H17 DAS, aces split once, 4 hands, 3:2, no "
        .. "surrender, as quoted in https://wizardofvegas.com/forum/questions-and-answers/math/"
        .. "39582-how-were-house-edges-for-bj-games-determined)",
    } },
  -- the rule variations of issue 31, each on the first set's rules; the
  -- published figures are the first set's 0.42% (the additive table) plus
  -- the variation's published effect
  { name = "the first set, a blackjack paid 1:1",
    options = { decks = 6, blackjack_pays = "1:1" },
    published = {
      "2.74% (0.42% + 2.32%, \"Blackjack pays 1 to 1 -2.32%\"; http://www.thecolorofblackjack.com/solution_one.html)",
    } },
  { name = "the first set, a blackjack paid 6:5",
    options = { decks = 6, blackjack_pays = "6:5" },
    published = {
      "1.81% (0.42% + 1.39%, \"Blackjack pays 6 to 5 -1.39%\"; http://www.thecolorofblackjack.com/solution_one.html)",
    } },
  { name = "the first set, no doubling at all",
    options = { decks = 6, double = "none" },
    published = {
      "no figure found for no doubling at all; doubling on 11 only costs 0.69% "
        .. "(http://www.thecolorofblackjack.com/solution_one.html), so 1.11% is a floor",
    } },
  { name = "the first set, no peek (European no hole card: a dealer's blackjack takes doubles and splits)",
    options = { decks = 6, peek = false },
    published = {
      "0.53% (0.42% + 0.11%, \"The no hole card rule adds approximately 0.11% to the house edge\"; "
        .. "http://velkam.casino/2020/06/21/blackjacks-rise-and-fall-shows-what-drives-customers-away/, "
        .. "a copy of Wikipedia's Blackjack article)",
    } },
  { name = "the first set, early surrender",
    options = { decks = 6, early_surrender = true },
    published = {
      "-0.20% (0.42% - 0.624%, \"early surrender cuts the house edge by .624 percent\"; "
        .. "http://www.ws2real.com/blackjack-game-variations/)",
      "8 decks, DAS: 0.69% without surrender, 0.06% with early surrender, a 0.63% cut "
        .. "(https://www.gamblingonlinemagazine.com/mag/bingo/538/you-have-got-to-spot-the-difference)",
    } },
}

local clock = require "deckhand.core".host.clock

local function measure(set)
  local rules = dh.variant("blackjack", set.options).settings
  local sim = dh.blackjack.sim(rules, basic.tables(rules), seed)
  local rates = {}
  local total = millions * chunk
  while sim:stats().rounds < total do
    local n = math.min(chunk, total - sim:stats().rounds)
    local t0 = clock()
    sim:run(n)
    rates[#rates + 1] = n / (clock() - t0)
    local done = sim:stats().rounds
    if done % (5 * chunk) == 0 or done == total then
      local st = sim:stats()
      local mean = st.sum / st.rounds
      local sd = math.sqrt(st.sumsq / st.rounds - mean * mean)
      io.stderr:write(("  %3d/%d million rounds: edge %.3f%% +- %.3f%%\n"):format(done // chunk, millions,
        -100 * mean, 196 * sd / math.sqrt(st.rounds)))
    end
  end
  local st = sim:stats()
  local mean = st.sum / st.rounds
  local sd = math.sqrt(st.sumsq / st.rounds - mean * mean)
  return { edge = -mean, half = 1.96 * sd / math.sqrt(st.rounds), sd = sd, rounds = st.rounds,
           hands = st.hands, shuffles = st.shuffles, rates = rates }
end

-- rounds a second of the protocol game, one player, the same strategy:
-- matches of 10 rounds (its default), seeds 1, 2, ...
local function lua_rate(matches)
  local variant = dh.variant("blackjack", { players = 1 })
  local bot = dh.strategy("heuristic", { variant = variant, seed = 1 })
  local t0 = clock()
  for m = 1, matches do assert(dh.run(dh.game(variant, { seed = m }), { bot })) end
  return 10 * matches / (clock() - t0)
end

local function stats(xs)
  table.sort(xs)
  return xs[(#xs + 1) // 2], xs[1], xs[#xs]
end

print(("blackjack house edge of basic strategy (one player, 75%% penetration), %d million rounds a rule set, seed %d")
      :format(millions, seed))
local all_rates = {}
for i, set in ipairs(SETS) do
  if only and not only[i] then goto next end
  local r = measure(set)
  print(("%s:\n  measured %.3f%% +- %.3f%% (95%%: %.3f%% .. %.3f%%, width %.3f%%), sd %.3f a round, %.4f hands a round")
        :format(set.name, 100 * r.edge, 100 * r.half, 100 * (r.edge - r.half), 100 * (r.edge + r.half),
                200 * r.half, r.sd, r.hands / r.rounds))
  for _, p in ipairs(set.published) do print("  published " .. p) end
  for _, x in ipairs(r.rates) do all_rates[#all_rates + 1] = x end
  ::next::
end
local med, lo, hi = stats(all_rates)
local lua_rates = {}
for i = 1, 3 do lua_rates[i] = lua_rate(400) end
local lmed, llo, lhi = stats(lua_rates)
print(("C loop: %.2f M rounds/s (median of %d runs of 1 M; %.2f .. %.2f)"):format(med / 1e6, #all_rates, lo / 1e6, hi / 1e6))
print(("protocol game (rules/blackjack.lua, heuristic, deckhand.run): %.0f rounds/s (median of 3 runs of 4000 rounds; %.0f .. %.0f)")
      :format(lmed, llo, lhi))
print(("C loop / protocol game: %.0fx"):format(med / lmed))
