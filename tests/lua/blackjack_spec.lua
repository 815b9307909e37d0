-- Blackjack (rules/blackjack.lua), a game written wholly in Lua on the
-- protocol, its basic strategy (strategies/heuristic/blackjack.lua) and the
-- C round it shares with the edge bench (deckhand.blackjack).
-- The goldens are worked out by hand from the rule text: a bet of 10
-- chips; a blackjack pays 3:2 (15) or 6:5 (12); a win 1:1, doubled 2:1;
-- insurance costs half the bet (5) and pays 2:1 (10); a surrender loses
-- half (5); a split hand's 21 is no blackjack.
local dh = require "deckhand"
package.path = "tests/lua/?.lua;" .. package.path
local H = require "lua_game_helper"
local texts = H.texts
local json = require "deckhand.json".encode
local basic = dofile("strategies/heuristic/blackjack.lua")
local B = require "blackjack_helper"
local cards, staged, round2 = B.cards, B.staged, B.round2

describe("blackjack", function()
  it("deals two cards to each player and the dealer from a shoe of decks x 52", function()
    for seed = 1, 8 do
      for _, n in ipairs { 1, 4, 7 } do
        local g = dh.game(dh.variant("blackjack", { players = n, decks = 2 }), { seed = seed })
        local s = g.s
        local dealt = 2
        for k = 1, n do dealt = dealt + #s.seats[k].hands[1].cards end
        -- a round may already be over for some (blackjacks), never partly dealt
        assert.are.equal(2 * n + 2, dealt)
        assert.is_true(#s.dealer >= 2)
        assert.are.equal(104, #s.shoe + dealt + (#s.dealer - 2) + #s.discards)
      end
    end
  end)

  it("counts totals hard and soft (an ace 11 while that stays at 21 or less)", function()
    local function t(names) return dh.blackjack.total(cards(names)) end
    assert.are.same({ 17, true }, { t "As 6d" })
    assert.are.same({ 17, false }, { t "As 6d Tc" })
    assert.are.same({ 21, true }, { t "As Ad 9c" })
    assert.are.same({ 12, true }, { t "As Ad" })
    assert.are.same({ 22, false }, { t "Kc Qd 2h" })
    assert.are.same({ 21, false }, { t "7c 7d 7h" })
    assert.are.equal(10, dh.blackjack.value(dh.card "Qh"))
    assert.are.equal(1, dh.blackjack.value(dh.card "Ah"))
  end)

  it("pays a blackjack 3:2, or 6:5", function()
    local g = staged({ players = 1 }, "As 9c Kd 7h")
    assert.is_nil(g:next_player())                      -- nothing to decide
    assert.are.same({ 15 }, round2(g).seats)
    g = staged({ players = 1, blackjack_pays = "6:5" }, "As 9c Kd 7h")
    assert.are.same({ 12 }, round2(g).seats)
    assert.are.same({ 12 }, g:result().seats)           -- the first round pushed
  end)

  it("pushes equal totals and pays a win 1:1", function()
    local g = staged({ players = 1 }, "Tc 9d 8h 9s")
    assert.are.same({ "double", "hit", "stand" }, texts(g:moves()))
    assert(g:apply(1, "stand"))
    assert.are.same({ 0 }, round2(g).seats)
    assert.are.equal(18, round2(g).dealer_total)
    g = staged({ players = 1 }, "Tc 9d 9h 8s")
    assert(g:apply(1, "stand"))
    assert.are.same({ 10 }, round2(g).seats)             -- 19 beats 17
  end)

  it("pays insurance 2:1 when the dealer has a blackjack, and takes it otherwise", function()
    -- 19 against an ace up and a king in the hole: insurance +10, the
    -- bet -10
    local g = staged({ players = 1 }, "Tc Ah 9h Kd")
    assert.are.equal("insurance", g:phase())
    assert.are.same({ "insurance", "no insurance" }, texts(g:moves()))
    assert(g:apply(1, "insurance"))
    assert.are.same({ 0 }, round2(g).seats)
    assert.is_true(round2(g).dealer_blackjack)
    g = staged({ players = 1 }, "Tc Ah 9h Kd")
    assert(g:apply(1, "no insurance"))
    assert.are.same({ -10 }, round2(g).seats)
    -- no blackjack (A 7): insurance lost (-5); 19 beats the soft 18 (+10)
    g = staged({ players = 1 }, "Tc Ah 9h 7d")
    assert(g:apply(1, "insurance"))
    assert.are.equal("play", g:phase())
    assert(g:apply(1, "stand"))
    assert.are.same({ 5 }, round2(g).seats)
    -- the dealer's blackjack against the player's: a push
    g = staged({ players = 1 }, "As Ah Kd Kc")
    assert(g:apply(1, "no insurance"))
    assert.are.same({ 0 }, round2(g).seats)
    -- no insurance offered when the rules say so: the dealer peeks at once
    g = staged({ players = 1, insurance = false }, "Tc Ah 9h Kd")
    assert.is_nil(g:next_player())
    assert.are.same({ -10 }, round2(g).seats)
  end)

  it("has the dealer stand on a soft 17, or hit it when the rules say so", function()
    -- 18 against 6 up and an ace in the hole: soft 17
    local g = staged({ players = 1 }, "Tc 6d 8h Ad 3s")
    assert(g:apply(1, "stand"))
    assert.are.same({ 10 }, round2(g).seats)             -- 18 beats 17
    assert.are.equal(2, #round2(g).dealer)
    g = staged({ players = 1, dealer_hits_soft17 = true }, "Tc 6d 8h Ad 3s")
    assert(g:apply(1, "stand"))
    assert.are.same({ -10 }, round2(g).seats)            -- A 6 3: 20
    assert.are.equal(20, round2(g).dealer_total)
  end)

  it("pays split hands one by one: a doubled 21 and a push", function()
    -- 8 8 against 6 up (T in the hole): split; the first hand draws 3 and
    -- doubles (8 3 = 11) onto a ten: 21 on 20 chips; the second draws a
    -- ten: 18.  The dealer's 16 draws 2: 18.  +20 and 0.
    local g = staged({ players = 1 }, "8c 6d 8h Ts 3c Th Td 2s")
    assert.are.same({ "double", "hit", "split", "stand" }, texts(g:moves()))
    assert(g:apply(1, "split"))
    assert.are.same({ "double", "hit", "stand" }, texts(g:moves()))   -- 8 3, doubling after the split
    assert(g:apply(1, "double"))
    assert(g:apply(1, "stand"))                                      -- 8 T
    local row = round2(g)
    assert.are.same({ { 20, 0 } }, row.hands)
    assert.are.same({ 20 }, row.seats)
    -- no doubling after a split when the rules say so
    g = staged({ players = 1, double_after_split = false }, "8c 6d 8h Ts 3c Th Td 2s")
    assert(g:apply(1, "split"))
    assert.are.same({ "hit", "stand" }, texts(g:moves()))
    -- split aces: one card each; A K is 21 but no blackjack (paid 1:1),
    -- A 5 stands on 16; the dealer's 9 7 draws 4: 20.  +10 and -10.
    g = staged({ players = 1 }, "As 9c Ad 7h Kc 5d 4s")
    assert(g:apply(1, "split"))
    assert.is_nil(g:next_player())
    assert.are.same({ { 10, -10 } }, round2(g).hands)
  end)

  it("lets a player surrender the first two cards for half the bet", function()
    local g = staged({ players = 1 }, "Tc Td 6h 9s")
    assert.are.same({ "double", "hit", "stand" }, texts(g:moves()))
    g = staged({ players = 1, surrender = true }, "Tc Td 6h 9s")
    assert.are.same({ "double", "hit", "stand", "surrender" }, texts(g:moves()))
    assert(g:apply(1, "surrender"))
    assert.are.same({ -5 }, round2(g).seats)
    -- after a hit it is too late
    g = staged({ players = 1, surrender = true }, "Tc Td 2h 9s 3c")
    assert(g:apply(1, "hit"))
    assert.are.same({ "hit", "stand" }, texts(g:moves()))
  end)

  -- the rule variations (rules/blackjack.lua): a blackjack paid even
  -- money, as in Super Fun 21 (http://www.cliquiz.com/5); the European
  -- no-hole-card game, where "the player loses the total bet if the dealer
  -- gets a blackjack, including the additional money bet after"
  -- (https://comalatcucendec.netlify.app/no-hole-card-blackjack, Henry
  -- Tamburin); early surrender, "the ability to forfeit half your wager
  -- against a face or ace before the dealer checks for blackjack"
  -- (https://168casinos.com/games/blackjack/strategy.html); no doubling
  it("pays a blackjack 1:1 with blackjack_pays = \"1:1\"", function()
    local g = staged({ players = 1, blackjack_pays = "1:1" }, "As 9c Kd 7h")
    assert.are.same({ 10 }, round2(g).seats)
  end)

  it("without the peek, a dealer's blackjack found at the end takes doubles and splits too", function()
    local g = staged({ players = 1, insurance = false }, "8c Ah 8h Kc 3c Th 9d")
    assert.is_nil(g:next_player())                      -- the dealer looked: over at once
    assert.are.same({ -10 }, round2(g).seats)
    g = staged({ players = 1, insurance = false, peek = false }, "8c Ah 8h Kc 3c Th 9d")
    assert.are.equal("play", g:phase())
    assert(g:apply(1, "split"))
    assert(g:apply(1, "double"))                        -- 8 3, then the ten: 21 doubled
    assert(g:apply(1, "stand"))                         -- 8 9
    assert.are.same({ -30 }, round2(g).seats)
    assert.is_true(round2(g).dealer_blackjack)
    -- a world sampled in the play may give the dealer a blackjack then
    g = staged({ players = 1, insurance = false, peek = false }, "Tc Ah 6h Kc")
    local bj = 0
    for i = 1, 60 do
      local w = g:view(1):sample(dh.rng(i))
      if dh.blackjack.value(w.s.dealer[2]) == 10 then bj = bj + 1 end
    end
    assert.is_true(bj > 0)
  end)

  it("surrenders early, before the dealer looks, with early_surrender", function()
    local g = staged({ players = 1, insurance = false, early_surrender = true }, "Td Ah 6s Kc")
    assert.are.equal("surrender", g:phase())
    assert.are.same({ "no surrender", "surrender" }, texts(g:moves()))
    assert(g:apply(1, "surrender"))
    assert.are.same({ -5 }, round2(g).seats)            -- half, though the dealer had a blackjack
    g = staged({ players = 1, insurance = false, early_surrender = true }, "Td Ah 6s Kc")
    assert(g:apply(1, "no surrender"))
    assert.are.same({ -10 }, round2(g).seats)
    -- against a nine the dealer does not look: surrender comes in the play
    g = staged({ players = 1, early_surrender = true }, "Td 9h 6s 7c")
    assert.are.same({ "double", "hit", "stand", "surrender" }, texts(g:moves()))
    -- a blackjack is not asked
    g = staged({ players = 1, insurance = false, early_surrender = true }, "As Ah Kd 7c")
    assert.is_nil(g:next_player())
  end)

  it("doubles only the two-card hands the rules allow", function()
    assert.are.same({ "hit", "stand" }, texts(staged({ players = 1, double = "none" }, "5c 9d 6h 7s"):moves()))
    local g = staged({ players = 1, double = "10-11" }, "5c 9d 4h 7s")   -- hard 9
    assert.are.same({ "hit", "stand" }, texts(g:moves()))
    g = staged({ players = 1, double = "9-11" }, "5c 9d 4h 7s")
    assert.are.same({ "double", "hit", "stand" }, texts(g:moves()))
    g = staged({ players = 1, double = "9-11" }, "Ac 9d 8h 7s")         -- soft 19
    assert.are.same({ "hit", "stand" }, texts(g:moves()))
  end)

  it("refuses bad moves with a code and changes nothing", function()
    local g = staged({ players = 2 }, "Tc 5h 9d 6s Kh 8c 8d")   -- seat 1 T 6 (16), seat 2 5 K, dealer 9 up
    local before = json { g:view(1):data(), g:view(2):data(), g:record(), g:result() }
    local function refused(seat, move, code)
      local ok, msg, why = g:apply(seat, move)
      assert.is_nil(ok)
      assert.is_string(msg)
      assert.are.equal(code, why)
      assert.are.equal(before, json { g:view(1):data(), g:view(2):data(), g:record(), g:result() })
    end
    refused(2, "hit", "not_your_turn")
    refused(1, "hitt", "illegal_move")
    refused(1, "hit me", "illegal_move")
    refused(1, "split", "illegal_move")          -- T 6 is no pair
    refused(1, "insurance", "illegal_move")      -- no ace up
    refused(1, "", "illegal_move")
    assert(g:apply(1, "hit"))                     -- T 6 8: bust, seat 2's turn
    assert.are.equal(2, g:next_player())
    local ok, _, code = g:apply(2, "double ")     -- texts are matched without regard to spaces
    assert.is_true(ok, code)
  end)

  it("refuses bad options, naming them", function()
    assert.has_error(function() dh.variant("blackjack", { players = 8 }) end,
                     "blackjack: players must be an integer from 1 to 7, got 8")
    assert.has_error(function() dh.variant("blackjack", { decks = 9 }) end,
                     "blackjack: decks must be an integer from 1 to 8, got 9")
    assert.has_error(function() dh.variant("blackjack", { blackjack_pays = "2:1" }) end,
                     'blackjack: blackjack_pays must be one of "1:1", "3:2", "6:5", got 2:1')
    assert.has_error(function() dh.variant("blackjack", { penetration = 1.5 }) end,
                     "blackjack: penetration must be a number above 0 and at most 1, got 1.5")
    -- NaN compares false with every bound: it must be refused all the same,
    -- by the game and by the C loop's rules
    assert.has_error(function() dh.variant("blackjack", { penetration = 0 / 0 }) end)
    local rules = dh.variant("blackjack").settings
    local strategy = basic.tables(rules)
    local r = {}
    for k, v in pairs(rules) do r[k] = v end
    r.penetration = 0 / 0
    local ok, err = pcall(dh.blackjack.sim, r, strategy, 1)
    assert.is_false(ok)
    assert.matches("penetration must be a number above 0 and at most 1", err, 1, true)
  end)

  it("names the bad entry of a list of cards given to the C totals", function()
    local ok, err = pcall(dh.blackjack.total, { dh.card("As"), 7, dh.card("Kd") })
    assert.is_false(ok)
    assert.matches("bad argument #1 to '?' (card expected at index 2, got number)", err, 1, true)
    ok, err = pcall(dh.blackjack.total, { "As", "Zz" })
    assert.is_false(ok)
    assert.matches("bad card name 'Zz'", err, 1, true)
    assert.is_nil(err:find("#-1", 1, true))
  end)

  it("shuffles once the cut card has come out, not before", function()
    local g = dh.game(dh.variant("blackjack", { players = 1, decks = 1, penetration = 0.5, max_hands = 60 }), { seed = 3 })
    local rng = dh.rng(2)
    local shuffles, last = 1, g.s.shuffles
    assert.are.equal(1, last)
    while g:next_player() do
      local before_shoe, round = #g.s.shoe, g:hand_number()
      assert(g:apply(g:next_player(), rng:pick(g:moves())))
      if g:hand_number() ~= round and g.s.shuffles ~= last then
        -- a new shoe came only after half of it (26 cards) was dealt
        assert.is_true(before_shoe <= 26 or #g.s.shoe > 0)
        shuffles, last = shuffles + 1, g.s.shuffles
      end
    end
    assert.is_true(shuffles >= 5)
  end)

  it("keeps every card of the shoe, decks times over", function()
    local g = dh.game(dh.variant("blackjack", { players = 3, decks = 2, max_hands = 40 }), { seed = 4 })
    local rng = dh.rng(5)
    local function count()
      local n = {}
      local function add(list) for _, c in ipairs(list) do n[tostring(c)] = (n[tostring(c)] or 0) + 1 end end
      add(g.s.shoe); add(g.s.discards); add(g.s.dealer)
      for _, seat in ipairs(g.s.seats) do for _, h in ipairs(seat.hands) do add(h.cards) end end
      return n
    end
    while g:next_player() do
      local n = count()
      for c in dh.deck("french52"):set():iter() do assert.are.equal(2, n[tostring(c)], tostring(c)) end
      assert(g:apply(g:next_player(), rng:pick(g:moves())))
    end
  end)

  it("samples a hole card that is no blackjack once the dealer has looked", function()
    local g = staged({ players = 1 }, "9c Ah 7d 5s")   -- ace up, a 5 in the hole
    assert(g:apply(1, "no insurance"))
    local view = g:view(1)
    local rng = dh.rng(9)
    local tens = 0
    for _ = 1, 300 do
      local w = view:sample(rng)
      assert.are.equal(json(view:data()), json(w:view(1):data()))
      local hole = w.s.dealer[2]
      assert.are_not.equal(10, dh.blackjack.value(hole))
      if hole.rank == 5 then tens = tens + 1 end
    end
    assert.is_true(tens > 0)   -- the true hole card is among those drawn
  end)
end)
