-- pimc_spec.lua: pimc's Monte Carlo bids and the "contract" playout policy.
-- Expected bids are worked out from the rules (rules/spades.lua,
-- rules/ohhell.lua) for hands whose tricks do not depend on the play.
local dh = require "deckhand"

-- the rest of a deck of 52 after the given cards, dealt round to seats
-- 2, 3, 4 (13 each): hands[1] is the given cards
local function deal_with(first)
  local taken = {}
  for _, c in ipairs(first) do taken[c] = true end
  local hands, k = { first, {}, {}, {} }, 0
  for _, suit in ipairs { "c", "d", "h", "s" } do
    for _, rank in ipairs { "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A" } do
      local c = rank .. suit
      if not taken[c] then
        local h = hands[2 + k % 3]
        h[#h + 1] = c
        k = k + 1
      end
    end
  end
  return hands
end

local function is_legal(view, b)
  for _, x in ipairs(view:legal()) do if x == b then return true end end
  return false
end

-- plays one match to its end: bids by the bot (checked legal), cards the
-- first legal one (the bids are what is tested)
local function bids_of_match(variant, bot, seed, dealer)
  local g = dh.game(variant, { seed = seed, dealer = dealer })
  local bids, bad = {}, 0
  while g:next_player() do
    local s = g:next_player()
    if g:phase() == "bid" then
      local view = g:view(s)
      local b = bot.bid(view)
      if not is_legal(view, b) then bad = bad + 1 end
      bids[#bids + 1] = b
      assert(g:bid(s, b))
    else
      assert(g:play(s, g:legal():list()[1]))
    end
  end
  return bids, bad
end

describe("pimc bids", function()
  it("are legal in every state of many Spades and Oh Hell deals", function()
    local n = 0
    for _, case in ipairs {
      { "spades", { max_hands = 3 } },
      { "spades", { max_hands = 2, blind_nil = true, min_bid = 2 } },
      { "ohhell", {} },                          -- 1 to 13 cards and back, the hook
      { "ohhell", { players = 5, hook = true } },
    } do
      local v = dh.variant(case[1], case[2])
      local bot = dh.strategy("pimc", { variant = v, seed = 3, bid_worlds = 4 })
      for seed = 1, 4 do
        local bids, bad = bids_of_match(v, bot, seed, seed % v.spec.seats + 1)
        assert.equal(0, bad)
        n = n + #bids
      end
    end
    assert.is_true(n > 400)
  end)

  it("are the same for the same seed and views", function()
    local v = dh.variant("spades", { max_hands = 2 })
    local a = dh.strategy("pimc", { variant = v, seed = 11, bid_worlds = 20 })
    local b = dh.strategy("pimc", { variant = v, seed = 11, bid_worlds = 20 })
    for seed = 1, 5 do
      assert.same(bids_of_match(v, a, seed, 4), bids_of_match(v, b, seed, 4))
    end
  end)

  local all_spades = {}
  for _, r in ipairs { "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A" } do
    all_spades[#all_spades + 1] = r .. "s"
  end

  it("Spades: all 13 spades, partner Nil: bids 13", function()
    -- seat 1 holds every trump and no other suit: it takes every trick
    -- (it may lead spades, and ruffs every other lead), so its partner's
    -- Nil makes +100 and a bid b scores 10b + (13 - b) bags: 13 is best
    local g = dh.game("spades", { seed = 1, dealer = 1, deal = deal_with(all_spades) })
    assert(g:bid(2, 3)); assert(g:bid(3, 0)); assert(g:bid(4, 3))
    local bot = dh.strategy("pimc", { variant = "spades", seed = 1 })
    assert.equal(13, bot.bid(g:view(1)))
  end)

  it("Spades: all 13 spades, partner 2: bids 11, the side's 13 tricks", function()
    -- side contract 2 + b, all 13 tricks taken: 10(2 + b) + 11 - b for
    -- b <= 11 (131 at 11), set at 12 and 13
    local g = dh.game("spades", { seed = 1, dealer = 1, deal = deal_with(all_spades) })
    assert(g:bid(2, 3)); assert(g:bid(3, 2)); assert(g:bid(4, 3))
    local bot = dh.strategy("pimc", { variant = "spades", seed = 2 })
    assert.equal(11, bot.bid(g:view(1)))
  end)

  it("Spades: a hopeless hand bids Nil", function()
    -- no spade and the lowest cards of three suits: seat 1 can take a
    -- trick only if it leads a suit the three others are all out of, so
    -- Nil (+100) beats any bid (at least 1 trick needed: -10 or worse)
    local hand = { "2c", "3c", "4c", "5c", "6c", "2d", "3d", "4d", "5d", "2h", "3h", "4h", "5h" }
    local g = dh.game("spades", { seed = 1, dealer = 4, deal = deal_with(hand) })
    local bot = dh.strategy("pimc", { variant = "spades", seed = 4 })
    assert.equal(0, bot.bid(g:view(1)))
  end)

  it("Oh Hell, one card: the top trump bids 1, the lowest card 0", function()
    -- 4s turned: spades are trumps.  Seat 2 (first to bid and lead) holds
    -- As and takes the trick whatever is played: 1 scores 11, 0 scores 0.
    -- Seat 3's 2c can never win (seat 2 leads; a club lead is higher):
    -- 0 scores 10, 1 scores 0.
    local deal = { { "Kd" }, { "As" }, { "2c" }, { "3h" }, talon = { "4s" } }
    local g = dh.game("ohhell", { seed = 1, dealer = 1, deal = deal })
    local bot = dh.strategy("pimc", { variant = "ohhell", seed = 5 })
    local b2 = bot.bid(g:view(2))
    assert.equal(1, b2)
    assert(g:bid(2, b2))
    assert.equal(0, bot.bid(g:view(3)))
  end)

  it("heuristic bids stay available as an option", function()
    local v = dh.variant("spades", { max_hands = 2 })
    local p = dh.strategy("pimc", { variant = v, seed = 1, bid = "heuristic" })
    local h = dh.strategy("heuristic", { variant = v, seed = 1 })
    for seed = 1, 5 do
      assert.same(bids_of_match(v, h, seed, 4), bids_of_match(v, p, seed, 4))
    end
    assert.has_error(function() dh.strategy("pimc", { variant = v, bid = "nope" }) end)
  end)
end)

describe("contract playout policy", function()
  it("a Nil bidder takes fewer tricks than under greedy", function()
    -- greedy ignores the bids and takes what it can; contract ducks for a
    -- Nil, so over many deals seat 1 (Nil) takes fewer tricks
    local v = dh.variant("spades", { max_hands = 1 })
    local greedy, contract = 0, 0
    for seed = 1, 40 do
      local g = dh.game(v, { seed = seed, dealer = 4 })
      assert(g:bid(1, 0)); assert(g:bid(2, 4)); assert(g:bid(3, 4)); assert(g:bid(4, 4))
      local _, t1 = g:playouts(dh.rng(seed), 1, "greedy")
      local _, t2 = g:playouts(dh.rng(seed), 1, "contract")
      greedy, contract = greedy + t1[1], contract + t2[1]
    end
    assert.is_true(contract < greedy)
  end)

  it("an Oh Hell seat that made its bid of 1 ducks the rest", function()
    -- 13 cards each (descending), seat 1 bids 1, the others 3: greedy
    -- goes on taking tricks, contract ducks after the first, so seat 1
    -- misses its bid by fewer tricks over many deals
    local v = dh.variant("ohhell", { descending = true, hook = false })
    local greedy, contract = 0, 0
    for seed = 1, 30 do
      local g = dh.game(v, { seed = seed, dealer = 4 })
      assert(g:bid(1, 1)); assert(g:bid(2, 3)); assert(g:bid(3, 3)); assert(g:bid(4, 3))
      local _, t1 = g:playouts(dh.rng(seed), 1, "greedy")
      local _, t2 = g:playouts(dh.rng(seed), 1, "contract")
      assert.equal(13, t2[1] + t2[2] + t2[3] + t2[4])
      greedy, contract = greedy + math.abs(t1[1] - 1), contract + math.abs(t2[1] - 1)
    end
    assert.is_true(contract < greedy)
  end)

  it("is greedy where there are no bids", function()
    local v = dh.variant("hearts", { max_hands = 1 })
    for seed = 1, 10 do
      local g = dh.game(v, { seed = seed })
      while g:phase() == "pass" do
        local s = g:next_player()
        assert(g:pass(s, { table.unpack(g:hand(s):list(), 1, 3) }))
      end
      local p1, t1 = g:playouts(dh.rng(seed), 1, "greedy")
      local p2, t2 = g:playouts(dh.rng(seed), 1, "contract")
      assert.same(p1, p2)
      assert.same(t1, t2)
    end
  end)
end)

describe("pimc passes", function()
  it("Monte Carlo passes are cards of the own hand, as many as the heuristic's", function()
    local v = dh.variant("hearts", { max_hands = 1 })
    local bot = dh.strategy("pimc", { variant = v, seed = 2, pass = "mc", pass_worlds = 3, pass_pool = 5 })
    for seed = 1, 6 do
      local g = dh.game(v, { seed = seed })
      while g:phase() == "pass" do
        local s = g:next_player()
        local cards = bot.pass(g:view(s))
        assert.equal(3, #cards)
        local seen = {}
        for _, c in ipairs(cards) do
          assert.is_true(g:hand(s):has(c))
          assert.is_nil(seen[tostring(c)])
          seen[tostring(c)] = true
        end
        assert(g:pass(s, cards))
      end
    end
  end)
end)

describe("pimc with solver = \"dd\"", function()
  it("plays a card of the highest double-dummy value when nothing is hidden", function()
    -- two seats and the whole deck dealt: every sampled world is the real
    -- deal, so the sum over worlds ranks the cards as the solver does
    local R = dh.rule
    local v = dh.variant { name = "open", seats = 2, deck = "As Ks Qs Js Ah Kh Qh Jh Ad Kd", sizes = { 5 },
                           hand = R.follow_suit, play = R.highest_of_led, points = R.tricks(),
                           win = R.highest_after(1) }
    for seed = 1, 20 do
      local g = dh.game(v, { seed = seed })
      local seat = g:next_player()
      local bot = dh.strategy("pimc", { variant = v, seed = seed, objective = "tricks", solver = "dd",
                                        dd_cards = 5, dd_worlds = 3 })
      local card = bot.play(g:view(seat))
      local best, got = -1, nil
      for _, m in ipairs(g:solve_moves()) do
        best = math.max(best, m.value)
        if m.card == card then got = m.value end
      end
      assert.are.equal(best, got)
    end
  end)

  it("solves a scripted phase's worlds where the card play is dd_cards or fewer", function()
    -- the whole deck dealt to two seats, the first naming trumps: every
    -- world is the real deal, so the trump named is one whose solved
    -- margin (tricks less the other's, after it) is the highest; with
    -- playouts instead some deal gets another
    local R = dh.rule
    local v = dh.variant { name = "open_trumps", seats = 2, deck = "As Ks Qs Js Ah Kh Qh Jh Ad Kd", sizes = { 5 },
      phases = { { name = "declare",
                   moves = function() return { "trump s", "trump h", "trump d" } end,
                   apply = function(g, _, text) g:set_trump(text:sub(-1)); g:start_play() end } },
      hand = R.follow_suit, play = R.trump_wins | R.highest_of_led, points = R.tricks(),
      win = R.highest_after(1) }
    local other_choice = 0
    for seed = 1, 30 do
      local g = dh.game(v, { seed = seed })
      local seat = g:next_player()
      local value, best = {}, -math.huge
      for _, m in ipairs(g:moves()) do
        local w = g:clone()
        assert(w:apply(seat, m))
        local margin = w:solve { objective = "margin" }
        value[tostring(m)] = w:side(w:next_player()) == w:side(seat) and margin or -margin
        best = math.max(best, value[tostring(m)])
      end
      local dd = dh.strategy("pimc", { variant = v, seed = seed, solver = "dd", script_worlds = 3 })
      assert.are.equal(best, value[tostring(dd.move(g:view(seat)))], "seed " .. seed)
      local playouts = dh.strategy("pimc", { variant = v, seed = seed, script_worlds = 3 })
      if value[tostring(playouts.move(g:view(seat)))] < best then other_choice = other_choice + 1 end
    end
    assert.is_true(other_choice > 0)
  end)

  it("dd_ties = \"playouts\": cards the solves value alike are told apart by the playouts", function()
    -- the open deal again (every world the real one): among the cards of
    -- the best solved margin, the one whose greedy playout after it does
    -- best (the first such in legal order); "first" keeps the first of them
    local R = dh.rule
    local v = dh.variant { name = "open", seats = 2, deck = "As Ks Qs Js Ah Kh Qh Jh Ad Kd", sizes = { 5 },
                           hand = R.follow_suit, play = R.highest_of_led, points = R.tricks(),
                           win = R.highest_after(1) }
    local told_apart = 0
    for seed = 1, 60 do
      local g = dh.game(v, { seed = seed })
      while g:next_player() and #g:legal() > 1 do
        local seat = g:next_player()
        local solved = {}
        for _, m in ipairs(g:solve_moves { objective = "margin" }) do solved[tostring(m.card)] = m.value end
        local first, best, best_po
        for _, c in ipairs(g:legal():list()) do
          local w = g:clone()
          assert(w:play(seat, c))
          local pts = w:next_player() and w:playouts(dh.rng(1), 1, "greedy") or w:hand_points()
          local po = pts[w:side(seat)] - pts[3 - w:side(seat)]
          local d = first and solved[tostring(c)] - solved[tostring(first)] or 1
          if d > 0 then first = c end
          if not best or solved[tostring(c)] > solved[tostring(best)] or
             (solved[tostring(c)] == solved[tostring(best)] and po > best_po) then best, best_po = c, po end
        end
        local function pick(ties)
          return dh.strategy("pimc", { variant = v, seed = seed, solver = "dd", dd_worlds = 2, dd_ties = ties })
                   .play(g:view(seat))
        end
        assert.are.equal(tostring(best), tostring(pick "playouts"), "seed " .. seed)
        assert.are.equal(tostring(first), tostring(pick "first"), "seed " .. seed)
        if tostring(best) ~= tostring(first) then told_apart = told_apart + 1 end
        assert(g:play(seat, first))
      end
    end
    assert.is_true(told_apart > 0)
  end)

  it("refuses a dd_cards out of range", function()
    assert.has_error(function() dh.strategy("pimc", { solver = "dd", dd_cards = 0 }) end)
    assert.has_error(function() dh.strategy("pimc", { solver = "alpha" }) end)
    assert.has_error(function() dh.strategy("pimc", { solver = "dd", dd_ties = "coin" }) end)
  end)
end)

describe("pimc with no variant", function()
  it("plays a game written in Lua from its view (which names the game)", function()
    -- as a user's script does: dh.strategy("pimc") then dh.run
    for _, case in ipairs { { "crazy8", { players = 2, max_hands = 1 } }, { "holdem", { seats = 2, max_hands = 2 } } } do
      local g = dh.game(dh.variant(case[1], case[2]), { seed = 1 })
      assert(dh.run(g, { dh.strategy("pimc"), dh.strategy("random", { seed = 2 }) }))
      assert.is_true(g:result().over)
    end
  end)
end)

