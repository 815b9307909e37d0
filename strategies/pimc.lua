-- pimc: flat Monte Carlo over sampled worlds, for card play and bids.
-- (Hold'em plays by pimc/holdem.lua, games written wholly in Lua by
-- pimc/lua_game.lua.)
--
-- Play: for each decision it samples deals consistent with its view
-- (view:sample), plays each legal card in every world and finishes the
-- hand with bulk C playouts (game:playouts), and keeps the card with the
-- best mean.
--
-- Bids (variants with a bid phase, e.g. Spades, Oh Hell): it samples
-- worlds from the bid-phase view; in each world every candidate bid is
-- made for its own seat, the seats still to bid bid as the heuristic
-- would from their sampled hands (the seats before it have bid already:
-- their bids are in the view), and the hand is played out in C.  The
-- variant's own scoring of that hand (game:hand_points, so Nil, bags,
-- sets and the hook come from the rules, nothing game-specific here)
-- gives the value of the bid, the same worlds and random numbers for
-- every candidate; the best mean wins (ties go to the bid nearest the
-- heuristic's).  The playouts must know the contract: greedy play
-- (engine/trick/policy.c) takes every trick it can whatever the bids, so a Nil
-- would always fail and an Oh Hell bid of 1 would score like one of 5.
-- Bid playouts therefore use the "contract" policy: greedy, but a seat
-- ducks when it bid 0 (Nil) or once its side has its tricks.  Scoring the
-- trick counts of bid-blind playouts afterwards would not do: a Nil or a
-- low bid changes how the hand is played, not only how it is scored.
-- In bidding variants card play uses the same policy by default, so a
-- Nil is played as a Nil in the playouts too.
--
-- Passes (Hearts) come from the heuristic strategy by default; with
-- pass = "mc" they are chosen the way bids are: every pass of the right
-- size among a pool of cards (the heuristic's pass, then the highest
-- ranks) is made in sampled worlds, the other seats passing as the
-- heuristic, and the hand played out and scored.  The heuristic's pass is
-- the default: the greedy playouts are too weak a model of the hand that
-- follows (docs/performance.md has the measurement).
-- Options: M.takes below, each with its meaning (docs/bots.md's table is
-- made from it).  With solver = "dd" the solves count what the objective
-- counts: tricks, the side's hand points ("own"), or its margin over the
-- others ("points": game:solve's objective "margin"); a scripted phase's
-- worlds are solved too where the card play starts with dd_cards cards a
-- hand or fewer (Euchre's trump making and discard), with the default
-- objective and two sides.  With infer = "heuristic" the variant's
-- heuristic says how likely its own play would have made the others'
-- public choices in a world (heuristic/euchre.lua's explainer), so the
-- worlds lean toward what the bidding shows (a maker holds trumps, a seat
-- that passed few).  variant and seed are given by the tournament.
local dh = require "deckhand"

local M = {}

-- what pimc takes in a trick-taking game; a game written wholly in Lua
-- has pimc/lua_game.lua's options, Hold'em and Omaha pimc/holdem.lua's
M.takes = {
  worlds = { "integer", 200, min = 1, doc = "worlds sampled per card decision" },
  playouts = { "integer", 300, min = 1,
               doc = "with `policy` `random`: playouts per legal card, over all the worlds" },
  time = { "number", nil, min = 0, default_doc = "no limit",
           doc = "seconds per decision (card play, scripted phases): no world is started once spent "
              .. "(the results then depend on the machine)" },
  objective = { "choice", "points", { "points", "own", "tricks" },
                doc = "a hand's worth: `points`, the side's points less the others' mean (less is better "
                   .. "where the low score wins); `own`, the side's points alone; `tricks`" },
  policy = { "choice", nil, { "random", "greedy", "contract" },
             default_doc = "`contract` where the variant has bids, else `greedy`",
             doc = "how the card play's playouts finish the hand: `greedy` (deterministic: one playout a card "
                .. "and world), `contract` (greedy that ducks for a Nil or a made contract) or `random`" },
  bid = { "choice", "mc", { "mc", "heuristic" },
          doc = "`mc`: each legal bid made in sampled worlds, the later seats bidding as `heuristic`, the hand "
             .. "played out and scored by the variant; `heuristic`: bids as `heuristic`" },
  bid_worlds = { "integer", 100, min = 1, doc = "worlds sampled per bid" },
  bid_window = { "integer", nil, min = 0, default_doc = "every legal bid",
                 doc = "only the bids within this many of the heuristic's (and Nil) are tried" },
  bid_policy = { "choice", "contract", { "random", "greedy", "contract" },
                 doc = "the playout policy of the bids and passes" },
  pass = { "choice", "heuristic", { "mc", "heuristic" },
           doc = "`heuristic`: passes as `heuristic`; `mc`: chosen as the bids are (measured weaker in Hearts)" },
  pass_worlds = { "integer", 50, min = 1, doc = "with `pass` `mc`: worlds sampled per pass" },
  pass_pool = { "integer", 8, min = 1,
                doc = "with `pass` `mc`: the cards passes are made of, the heuristic's pass then the highest "
                   .. "(8: 56 passes of 3)" },
  script_worlds = { "integer", 100, min = 1,
                    doc = "worlds sampled per move of a variant's scripted phase (Euchre's trump making, an auction)" },
  script_moves = { "integer", 8, min = 2,
                   doc = "the most candidates in a scripted phase: the heuristic's move and the first the rules list" },
  solver = { "choice", "playouts", { "playouts", "dd" },
             doc = "`dd`: with `dd_cards` cards or fewer, each world solved double dummy "
                .. "(`game:solve_moves`) instead of played out" },
  dd_cards = { "integer", 5, min = 1, max = 13, doc = "with `solver` `dd`: the hand size from which it solves" },
  dd_worlds = { "integer", 40, min = 1, doc = "with `solver` `dd`: worlds solved per card decision" },
  dd_nodes = { "integer", 1000000, min = 1,
               doc = "with `solver` `dd`: the positions a decision's solves may search in all; past it "
                  .. "the playouts decide (a Spades hand with a Nil bid)" },
  dd_others = { "choice", "best", { "best", "greedy" },
                doc = "with `solver` `dd`: the other sides play their best, or by the greedy policy "
                   .. "(`game:solve`'s `others`)" },
  dd_ties = { "choice", "first", { "first", "playouts" },
              doc = "with `solver` `dd`: among cards of equal solved value in every world, the first legal, "
                 .. "or the best when the same worlds are played out after each" },
  infer = { "choice", "none", { "heuristic", "none" },
            doc = "`heuristic`: each world kept with the likelihood that the heuristic's play makes the "
               .. "others' public choices (Euchre's trump making: at most 64 drawn, else the likeliest)" },
}

-- pimc/holdem.lua's own options (their defaults and meanings are there),
-- taken here too with the same types and ranges: pimc takes the options
-- of either kind of game, whatever the game
local checked = {
  preflop_worlds = { "integer", nil, min = 1 }, samples = { "integer", nil, min = 1 },
  sizes = { "table" }, model = { "boolean" }, miss = { "number", nil, min = 0, max = 1 },
  caution = { "number", nil, min = 0 },
}
for k, spec in pairs(M.takes) do checked[k] = spec end

function M.new(options)
  local given = options
  -- a game written wholly in Lua (deckhand.lua_game: no trick engine, not
  -- poker) plays by pimc/lua_game.lua, through the protocol alone, with
  -- its own options
  local named = options and options.variant
  if type(named) == "string" then named = dh.variant(named) end
  if named and named.rules == nil and named.kind == nil and not dh.has_strategy("pimc." .. named.name) then
    local s = dh.strategy("pimc.lua_game", given)
    s.name = "pimc"
    return s
  end
  options = dh.check_options("pimc", options, checked)
  local variant = options.variant
  if type(variant) == "string" then variant = dh.variant(variant) end
  -- a game with a pimc of its own (pimc/<game>.lua: Hold'em) plays by it,
  -- with its own defaults
  if variant and dh.has_strategy("pimc." .. variant.name) then
    local s = dh.strategy("pimc." .. variant.name, given)
    s.name = "pimc"
    return s
  end
  local low = variant and variant.spec and variant.spec.low_wins
  local worlds = options.worlds
  local total = options.playouts
  local budget = options.time
  local objective = options.objective
  local bidding = variant and variant.spec and variant.spec.bidding
  local policy = options.policy or (bidding and "contract" or "greedy")
  local bid_mode = options.bid
  local bid_worlds = options.bid_worlds
  local pass_mode = options.pass
  local pass_worlds = options.pass_worlds
  local pass_pool = options.pass_pool
  local bid_window = options.bid_window
  local bid_policy = options.bid_policy
  local per = math.max(1, (total + worlds - 1) // worlds)
  if policy ~= "random" then per = 1 end   -- deterministic once the bids are made
  local bid_per = bid_policy == "random" and per or 1
  local rng = dh.rng(options.seed or 1)
  local helper = dh.strategy("heuristic", { variant = options.variant, seed = options.seed })
  -- a blind Nil exchange (Spades' option): the heuristic's choice
  local s = { name = "pimc", bid = helper.bid, pass = helper.pass, exchange = helper.exchange }

  -- a world sampled from the view, or nil when the sampler finds no deal:
  -- with infer = "heuristic", where the heuristic says how likely its own
  -- play would have made the others' public choices in a world
  -- (helper.explainer: Euchre's trump making), a world is kept with that
  -- probability (rejection sampling), else the likeliest of `TRIES` drawn
  local TRIES = 64
  local explainers = setmetatable({}, { __mode = "k" })   -- a view's, made once
  local function sample(view)
    local ok, world = pcall(view.sample, view, rng)
    return ok and world or nil
  end
  local inferring = options.infer == "heuristic" and helper.explainer ~= nil
  local function draw(view)
    if not inferring then return sample(view) end
    local explain = explainers[view]
    if explain == nil then
      explain = helper.explainer(view) or false
      explainers[view] = explain
    end
    if not explain then return sample(view) end
    local best, best_p
    for _ = 1, TRIES do
      local world = sample(view)
      if not world then return nil end
      local p = explain(world)
      if rng:random() < p then return world end
      if not best_p or p > best_p then best, best_p = world, p end
    end
    return best
  end

  local value = dh.objective.valuer(objective, low)

  -- per candidate, the sum of its values over up to n worlds sampled from
  -- the view, and how many worlds were sampled: try(g, cand, stream, me)
  -- makes the candidate on g, a copy of the world, and returns the hand's
  -- points and tricks, or the value itself (a number).  Every candidate
  -- of a world gets the same random numbers: the comparison between
  -- candidates is then much less noisy than each mean alone.  No new
  -- world is started once `seconds` is spent.
  local function sums(view, cands, n, try, seconds)
    local me, sum, sampled, start = view:seat(), {}, 0, os.clock()
    for i = 1, #cands do sum[i] = 0 end
    for _ = 1, n do
      local world = draw(view)
      if not world then break end   -- the sampler found no deal: decide on what we have
      sampled = sampled + 1
      local stream = rng:split()
      for i, c in ipairs(cands) do
        local points, tricks = try(world:clone(), c, stream:clone(), me)
        sum[i] = sum[i] + (type(points) == "number" and points or value(view, me, points, tricks))
      end
      if seconds and os.clock() - start > seconds then break end
    end
    return sum, sampled
  end

  -- the candidate bids: every legal bid, or a window around the heuristic's
  local function candidates(view, guess)
    local legal = view:legal()
    if not bid_window then return legal end
    local list = {}
    for _, b in ipairs(legal) do
      if math.abs(b - guess) <= bid_window or b == 0 then list[#list + 1] = b end
    end
    return #list > 0 and list or legal
  end

  -- a world after a move, to the tricks: the bids and the moves of the
  -- variant's phases of the seats acting next, as the heuristic's (a
  -- variant's phases may come before the bids, after them, or both)
  local function to_play(g, hand_no)
    while g:hand_number() == hand_no do
      local t = g:next_player()
      if g:phase() == "bid" then assert(g:bid(t, helper.bid(g:view(t))))
      elseif g:step() > 0 then assert(g:apply(t, helper.move(g:view(t))))
      else return end
    end
  end

  local function mc_bid(view)
    local guess = helper.bid(view)
    local cands = candidates(view, guess)
    if #cands == 1 then return cands[1] end
    local sum, sampled = sums(view, cands, bid_worlds, function(g, b, stream, me)
      local hand_no = g:hand_number()
      assert(g:bid(me, b))
      to_play(g, hand_no)   -- the seats after this one
      if g:phase() == "over" or g:hand_number() ~= hand_no then   -- thrown in, or the match ended
        return g:hand_points(), g:last_tricks()
      end
      return g:playouts(stream, bid_per, bid_policy)
    end)
    if sampled == 0 then return guess end
    local best = 1
    for i = 2, #cands do
      if sum[i] > sum[best] or
         sum[i] == sum[best] and math.abs(cands[i] - guess) < math.abs(cands[best] - guess) then
        best = i
      end
    end
    return cands[best]
  end
  if bid_mode == "mc" then s.bid = mc_bid end

  -- passes, the same way: candidate passes made in sampled worlds, the
  -- other seats passing as the heuristic, the hand played out
  local function mc_pass(view)
    local guess = helper.pass(view)
    local k, me = #guess, view:seat()
    local hand = view:hand(me):list()
    table.sort(hand, function(a, b)
      if a.rank ~= b.rank then return a.rank > b.rank end
      return tostring(a) < tostring(b)
    end)
    local pool, seen = {}, {}
    for _, c in ipairs(guess) do pool[#pool + 1], seen[tostring(c)] = c, true end
    for _, c in ipairs(hand) do
      if #pool >= pass_pool then break end
      if not seen[tostring(c)] then pool[#pool + 1], seen[tostring(c)] = c, true end
    end
    local cands = {}
    local function choose(from, picked)
      if #picked == k then cands[#cands + 1] = { table.unpack(picked) } return end
      for i = from, #pool do
        picked[#picked + 1] = pool[i]
        choose(i + 1, picked)
        picked[#picked] = nil
      end
    end
    choose(1, {})
    if #cands <= 1 then return guess end
    local sum, sampled = sums(view, cands, pass_worlds, function(g, cards, stream)
      while g:phase() == "pass" do
        local t = g:next_player()
        assert(g:pass(t, t == me and cards or helper.pass(g:view(t))))
      end
      return g:playouts(stream, bid_per, bid_policy)
    end)
    if sampled == 0 then return guess end
    local best = 1   -- the heuristic's own pass is candidate 1: kept on ties
    for i = 2, #cands do if sum[i] > sum[best] then best = i end end
    return cands[best]
  end
  if pass_mode == "mc" then s.pass = mc_pass end

  -- with solver = "dd", a world whose card play starts with dd_cards
  -- cards or fewer a hand is solved double dummy instead of played out
  -- (Euchre's five): the value for `me` is the margin of the side to move,
  -- negated for the other side, so with the default objective and two
  -- sides only.  The solves of one decision share dd_nodes; nil: play it
  -- out (once they have spent it, or the variant does not fit)
  local dd_scripts = options.solver == "dd" and objective == "points"
  local dd_left = 0
  local function dd_value(g, me)
    local mover = g:next_player()
    if dd_left <= 0 or #g:hand_points() ~= 2 or #g:hand(mover) > options.dd_cards then return nil end
    local v, stats = g:solve { objective = "margin", nodes = dd_left, table_bits = 12, others = options.dd_others }
    dd_left = dd_left - stats.nodes
    if not stats.exact then dd_left = 0 return nil end
    if g:side(mover) ~= g:side(me) then v = -v end
    return low and -v or v
  end

  -- a variant's scripted phases (Euchre's trump making, its discard): each
  -- legal move made in sampled worlds, the seats acting after it in those
  -- phases as the heuristic, the hand played out (or solved, above) and
  -- scored
  local function helper_move(view)
    return helper.move(view)
  end
  local function mc_script(view)
    local cands = view:moves()
    if #cands == 1 then return cands[1] end
    if #cands > options.script_moves then   -- the heuristic's move and the first others listed
      local guess, list = tostring(helper_move(view)), {}
      for _, m in ipairs(cands) do
        if #list < options.script_moves - 1 or tostring(m) == guess then list[#list + 1] = m end
      end
      cands = list
    end
    dd_left = options.dd_nodes
    local sum, sampled = sums(view, cands, options.script_worlds, function(g, m, stream, me)
      local hand_no = g:hand_number()
      assert(g:apply(me, m))
      to_play(g, hand_no)
      if g:phase() == "over" or g:hand_number() ~= hand_no then   -- thrown in, or the match ended
        return g:hand_points(), g:last_tricks()
      end
      local v = dd_scripts and dd_value(g, me)
      if v then return v end
      return g:playouts(stream, bid_per, policy)
    end, budget)
    if sampled == 0 then return helper_move(view) end
    local best = 1
    for i = 2, #cands do if sum[i] > sum[best] then best = i end end
    return cands[best]
  end
  s.script = mc_script

  -- card c played on g, a world, and the hand finished by the playouts:
  -- the hand's points and tricks
  local function play_out(g, c, stream, me)
    local hand_no = g:hand_number()
    assert(g:play(me, c))
    if g:phase() == "over" or g:hand_number() ~= hand_no then   -- the card ended the hand
      return g:hand_points(), g:last_tricks()
    end
    return g:playouts(stream, per, policy)
  end

  -- the last dd_cards cards with solver = "dd": every sampled world solved
  -- double dummy (game:solve_moves) instead of played out, the values of
  -- each card summed over the worlds
  local function dd_play(view, legal)
    local sum, index = {}, {}
    for i, c in ipairs(legal) do sum[i], index[tostring(c)] = 0, i end
    -- cards the solves cannot tell apart (a hand lost or made whatever is
    -- played, in every world) are told apart by the playouts: the solves
    -- assume the others play perfectly, the playouts that they may not
    local tie = options.dd_ties == "playouts" and {} or nil
    if tie then for i = 1, #legal do tie[i] = 0 end end
    -- the solver's objective matching the playouts': "margin" is the side's
    -- points less the others' (scaled by the number of sides less one)
    local objective_dd = ({ tricks = "tricks", own = "points" })[objective] or "margin"
    local start, n, used = os.clock(), 0, 0
    for _ = 1, options.dd_worlds do
      if budget and n > 0 and os.clock() - start > budget then break end
      if used >= options.dd_nodes then return nil end   -- (a budget of 0 would be none)
      local world = draw(view)
      if not world then return nil end   -- no deal fits the view: the playouts' turn
      local moves, stats = world:solve_moves { objective = objective_dd, nodes = options.dd_nodes - used,
                                               others = options.dd_others }
      if not stats.exact then return nil end   -- costly worlds (Spades with a Nil): playouts decide
      used = used + stats.nodes
      for _, m in ipairs(moves) do
        local i = index[tostring(m.card)]
        if i then sum[i] = sum[i] + m.value end
      end
      if tie then   -- the same world played out after each card
        local stream, me = rng:split(), view:seat()
        for i, c in ipairs(legal) do
          tie[i] = tie[i] + value(view, me, play_out(world:clone(), c, stream:clone(), me))
        end
      end
      n = n + 1
    end
    local sign, best = (low and objective_dd ~= "tricks") and -1 or 1, 1
    for i = 2, #legal do
      local d = sign * (sum[i] - sum[best])
      if d > 0 or (d == 0 and tie and tie[i] > tie[best]) then best = i end
    end
    return legal[best]
  end

  function s.play(view)
    -- the trump exchange (Briscola's option): as the heuristic, whenever allowed
    if view.can_exchange and view:can_exchange() then return "exchange" end
    local legal = view:legal():list()
    if #legal == 1 then return legal[1] end
    if options.solver == "dd" and #view:hand(view:seat()) <= options.dd_cards then
      local card = dd_play(view, legal)
      if card then return card end
    end
    local sum, sampled = sums(view, legal, worlds, play_out, budget)
    if sampled == 0 then return helper.play(view) end
    local best = 1
    for i = 2, #legal do if sum[i] > sum[best] then best = i end end
    return legal[best]
  end
  if not variant then
    -- no variant named: the game is known at the first decision.  A game
    -- written in Lua answers every phase by script; its view names the
    -- game, and pimc for that game (its own, or pimc/lua_game.lua) plays
    local trick_script, for_lua = s.script, nil
    s.script = function(view)
      if type(view) == "table" and type(view.game) == "function" then
        local name = view:game()
        for_lua = for_lua or dh.strategy(dh.has_strategy("pimc." .. name) and "pimc." .. name or "pimc.lua_game", given)
        local f = for_lua.move or for_lua.script or for_lua.act
        return f(view)
      end
      return trick_script(view)
    end
  end
  return s
end

return M
