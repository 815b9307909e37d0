-- Gin Rummy (rules/gin.lua), a game written wholly in Lua on the
-- protocol.  The goldens are worked out by hand from the rule text: cards
-- count ace 1, pips, court cards 10; the knocker scores the difference,
-- an undercut the difference plus 25, gin 25 plus the defender's count
-- (no layoffs), big gin 31 plus it; 100 for the game (200 on a shutout)
-- and 25 a hand won at the end.
local dh = require "deckhand"
package.path = "tests/lua/?.lua;" .. package.path
local H = require "lua_game_helper"
local texts = H.texts

local function has(moves, text)
  for _, m in ipairs(moves) do if tostring(m) == text then return true end end
  return false
end

-- a game at a discard: seat to move holds `mine` (11 cards), the other
-- `theirs` (10); the stock holds `stock` cards (dummies from the rest)
local function staged(options, mine, theirs, stock)
  local g = dh.game(dh.variant("gin", options), { seed = 1 })
  local s = g.s
  s.hands = { dh.cards(mine), dh.cards(theirs) }
  local rest = (dh.deck("french52"):set() - s.hands[1] - s.hands[2]):list()
  s.pile = { table.remove(rest) }
  s.stock = {}
  for i = 1, stock or 20 do s.stock[i] = table.remove(rest) end
  s.facts = dh.lua_game.facts.new(2)
  s.turn, s.phase, s.taken = 1, "discard", nil
  return g
end

describe("gin rummy", function()
  it("deals ten each, turns the upcard, and offers it to the non-dealer, then the dealer", function()
    for seed = 1, 20 do
      local g = dh.game("gin", { seed = seed })
      assert.are.equal(10, #g.s.hands[1])
      assert.are.equal(10, #g.s.hands[2])
      assert.are.equal(1, #g.s.pile)
      assert.are.equal(31, #g.s.stock)
      assert.are.equal(2, g:next_player())   -- the dealer is seat 1
      assert.are.equal("first", g:phase())
    end
    local g = dh.game("gin", { seed = 3 })
    assert.are.same({ "pass", "take" }, texts(g:moves()))
    assert(g:apply(2, "pass"))
    assert.are.equal(1, g:next_player())
    assert.are.same({ "pass", "take" }, texts(g:moves()))
    assert(g:apply(1, "pass"))
    -- both refused: the non-dealer begins by drawing from the stock
    assert.are.equal(2, g:next_player())
    assert.are.same({ "draw" }, texts(g:moves()))
    assert(g:apply(2, "draw"))
    assert.are.equal(11, #g.s.hands[2])
    assert.are.equal("discard", g:phase())
    -- from then on every turn may draw or take the discard
    assert(g:apply(2, g:moves()[1]))
    assert.are.same({ "draw", "take" }, texts(g:moves()))
  end)

  it("may not discard the card just taken from the pile, and shows it to the other seat", function()
    local g = dh.game("gin", { seed = 5 })
    local up = g.s.pile[1]
    assert(g:apply(2, "take"))
    assert.is_false(has(g:moves(), tostring(up)))
    local nil_ok, _, code = g:apply(2, tostring(up))
    assert.is_nil(nil_ok)
    assert.are.equal("illegal_move", code)
    assert.are.equal(tostring(up), tostring(g:view(1):get("known")[2]))
    -- a world sampled by seat 1 gives seat 2 the card it took
    for i = 1, 10 do
      local w = g:view(1):sample(dh.rng(i))
      assert.is_true(w.s.hands[2]:has(up))
    end
  end)

  -- http://rummytalk.com/playing-the-game/ forbids it (the default);
  -- https://ginrummy.pages.dev/rules: only "some of the house rules" do
  it("may discard the card just taken with discard_taken", function()
    local g = dh.game(dh.variant("gin", { discard_taken = true }), { seed = 5 })
    local up = g.s.pile[1]
    assert(g:apply(2, "take"))
    assert.is_true(has(g:moves(), tostring(up)))
    assert(g:apply(2, tostring(up)))
    assert.are.equal(tostring(up), tostring(g.s.pile[#g.s.pile]))
  end)

  -- http://www.bicyclecards.com/card-games/rule/oklahoma-gin: "if the
  -- upcard is a five, the knocker must have 5 points or less.  Face cards
  -- count 10.  When an ace is the knock card ... each must play for a gin
  -- hand"; with the spade rule "all scores accruing from that deal are doubled"
  it("Oklahoma: the upcard sets the knock limit, an ace allows gin only, a spade doubles", function()
    local seen = {}
    for seed = 1, 80 do
      local g = dh.game(dh.variant("gin", { oklahoma = true, oklahoma_spades = true }), { seed = seed })
      local up = g.s.pile[1]
      local count = dh.gin.value(up)
      assert.are.equal(count == 1 and 0 or count, g.s.knock)
      assert.are.equal(up.suit == "s", g.s.double == true)
      assert.are.equal(g.s.knock, g:view(1):get("knock"))
      seen[count] = true
    end
    assert.is_true(seen[1] and seen[5] and seen[10])
    assert.are.equal(10, dh.game("gin", { seed = 1 }).s.knock)   -- plain gin: always the option's 10
    -- the knock of the first test keeps 10: allowed under a ten or a court
    -- card, not under a five (the deal's limit), and never under an ace
    local hand, theirs = "As 2s 3s 4s 9c 9d 9h 2d 3h 5c Kd", "5s 6s 9s Jc Jd Jh Qc Qd Kh Ks"
    local g = staged({ oklahoma = true }, hand, theirs)
    g.s.knock = 5   -- as a five turned up sets it
    assert.is_false(has(g:moves(), "knock Kd"))
    -- a game of its own: a game works out a state's moves once (staging
    -- changes the state behind its back)
    g = staged({ oklahoma = true }, hand, theirs)
    g.s.knock = 10
    assert.is_true(has(g:moves(), "knock Kd"))
    -- a spade turned up: the 30 the knock scores is doubled
    g = staged({ oklahoma = true, oklahoma_spades = true }, hand, theirs)
    g.s.knock, g.s.double = 10, true
    assert(g:apply(1, "knock Kd"))
    assert.are.same({ 60, 0 }, g:result().hands[1].seats)
  end)

  it("knocks with 10 or less, and the defender lays off onto the knocker's melds", function()
    -- knocker: As 2s 3s 4s, 9c 9d 9h, deadwood 2d 3h 5c = 10 after Kd goes
    -- defender: 5s 6s onto the spade run, 9s onto the nines, Jc Jd Jh a
    -- set; Qc Qd Kh Ks stay: 40 (without layoffs 5+6+9+40 = 60)
    local g = staged({}, "As 2s 3s 4s 9c 9d 9h 2d 3h 5c Kd", "5s 6s 9s Jc Jd Jh Qc Qd Kh Ks")
    assert.is_true(has(g:moves(), "knock Kd"))
    assert.is_false(has(g:moves(), "knock 2d"))   -- 10 - 2 + 10 = 18 left: too much
    assert.is_false(has(g:moves(), "gin Kd"))
    assert(g:apply(1, "knock Kd"))
    local hand = g:result().hands[1]
    assert.are.same({ 30, 0 }, hand.seats)
    assert.are.equal(10, hand.shown[1].deadwood)
    assert.are.equal(40, hand.shown[2].deadwood)
    assert.are.equal(tostring(dh.cards "5s 6s 9s"), tostring(hand.shown[2].laid_off))
    assert.are.same({ 30, 0 }, g:result().seats)
    assert.are.equal(2, g:hand_number())
    assert.are.equal(1, g.s.dealer)   -- the winner deals
  end)

  it("scores an undercut: the difference plus 25 to the defender, who deals next", function()
    -- knocker: 4s 5s 6s, 9c 9d 9h, Tc Jc Qc, 8d left: 8
    -- defender: Kc lays off on Tc Jc Qc; 3c 3d 3h and Jd Jh Js meld;
    -- Ah 2h 2c stay: 5 (the run Ah 2h 3h would leave 2c 3c 3d: 8)
    local g = staged({}, "4s 5s 6s 9c 9d 9h Tc Jc Qc 8d Kd", "Jd Jh Js Kc 3c 3d 3h Ah 2h 2c")
    assert(g:apply(1, "knock Kd"))
    local hand = g:result().hands[1]
    assert.are.same({ 0, 28 }, hand.seats)
    assert.are.equal(8, hand.shown[1].deadwood)
    assert.are.equal(5, hand.shown[2].deadwood)
    assert.are.equal(2, g.s.dealer)
    assert.are.equal(1, g:next_player())   -- the new non-dealer is offered the upcard
  end)

  it("scores gin: 25 plus the defender's count, with no layoffs", function()
    -- knocker: 4s 5s 6s, 9c 9d 9h, Tc Jc Qc Kc after 8d goes: gin
    -- defender: 4h 5h 6h, 7s 8s 9s; Qd Qh 2c 3d = 25 (7s may not go on 4s 5s 6s)
    local g = staged({}, "4s 5s 6s 9c 9d 9h Tc Jc Qc Kc 8d", "7s 8s 9s Qd Qh 2c 3d 4h 5h 6h")
    assert.is_true(has(g:moves(), "gin 8d"))
    assert.is_false(has(g:moves(), "knock 8d"))
    assert.is_false(has(g:moves(), "big gin"))
    assert(g:apply(1, "gin 8d"))
    assert.are.same({ 50, 0 }, g:result().hands[1].seats)
  end)

  it("scores big gin, when allowed: eleven melded cards, 31 plus the defender's count", function()
    local mine, theirs = "4s 5s 6s 9c 9d 9h 9s Tc Jc Qc Kc", "7s 8s Ts Qd Qh 2c 3d 4h 5h 6h"
    assert.is_false(has(staged({}, mine, theirs):moves(), "big gin"))
    local g = staged({ big_gin = true }, mine, theirs)
    assert(g:apply(1, "big gin"))
    -- defender: 4h 5h 6h; 7s 8s Ts Qd Qh 2c 3d = 7+8+10+10+10+2+3 = 50
    assert.are.same({ 81, 0 }, g:result().hands[1].seats)
  end)

  it("voids the hand when a discard leaves two cards in the stock without a knock", function()
    local g = staged({}, "As 2s 3s 4s 9c 9d 9h 2d 3h 5c Kd", "5s 6s 9s Jc Jd Jh Qc Qd Kh Ks", 2)
    assert(g:apply(1, "Kd"))
    local hand = g:result().hands[1]
    assert.are.equal("void", hand.kind)
    assert.are.same({ 0, 0 }, hand.seats)
    assert.are.equal(2, g:hand_number())
    assert.are.equal(1, g.s.dealer)   -- the same dealer deals again
    assert.are.equal(31, #g.s.stock)
  end)

  it("ends the game at 100 with the game bonus and 25 a hand won; 200 on a shutout", function()
    local g = staged({}, "As 2s 3s 4s 9c 9d 9h 2d 3h 5c Kd", "5s 6s 9s Jc Jd Jh Qc Qd Kh Ks")
    g.s.scores, g.s.wins = { 90, 20 }, { 3, 1 }
    assert(g:apply(1, "knock Kd"))     -- 30 more: 120
    assert.is_nil(g:next_player())
    local r = g:result()
    assert.is_true(r.over)
    assert.are.same({ 120 + 100 + 4 * 25, 20 + 25 }, r.seats)
    assert.are.same({ 1 }, r.winners)
    g = staged({}, "As 2s 3s 4s 9c 9d 9h 2d 3h 5c Kd", "5s 6s 9s Jc Jd Jh Qc Qd Kh Ks")
    g.s.scores, g.s.wins = { 90, 0 }, { 3, 0 }
    assert(g:apply(1, "knock Kd"))
    assert.are.same({ 120 + 200 + 4 * 25, 0 }, g:result().seats)
    -- stopped by max_hands: no bonuses
    g = staged({ max_hands = 1 }, "As 2s 3s 4s 9c 9d 9h 2d 3h 5c Kd", "5s 6s 9s Jc Jd Jh Qc Qd Kh Ks")
    assert(g:apply(1, "knock Kd"))
    assert.are.same({ 30, 0 }, g:result().seats)
  end)

  it("refuses bad options, naming them", function()
    assert.has_error(function() dh.variant("gin", { knock = -1 }) end,
                     "gin: knock must be a non-negative integer, got -1")
    assert.has_error(function() dh.variant("gin", { big_gin = 1 }) end, "gin: big_gin must be true or false")
    assert.has_error(function() dh.variant("gin", { target = 0 }) end, "gin: target must be a positive integer, got 0")
  end)

  it("pimc keeps the heuristic's move unless another beats it by the margin", function()
    local v = dh.variant("gin", { max_hands = 1 })
    local h = dh.strategy("heuristic", { variant = v, seed = 1 })
    local stubborn = dh.strategy("pimc", { variant = v, seed = 1, worlds = 3, margin = 1e9 })
    local g = dh.game(v, { seed = 8 })
    for _ = 1, 12 do
      local seat = g:next_player()
      if not seat then break end
      local view = g:view(seat)
      local mine = h.move(view)
      assert.are.equal(tostring(mine), tostring(stubborn.move(view)))
      assert(g:apply(seat, mine))
    end
  end)

  -- the position of a game as dh.gin.playout takes it
  local function position(g)
    local s = g.s
    return { hands = s.hands, known = { s.facts[1].held, s.facts[2].held }, pile = s.pile, stock = s.stock, turn = s.turn, phase = s.phase,
             refused = s.refused, taken = s.taken }
  end

  it("plays a hand out in C with the rules' scores (the goldens above)", function()
    local play = dh.gin.playout
    local g = staged({}, "As 2s 3s 4s 9c 9d 9h 2d 3h 5c Kd", "5s 6s 9s Jc Jd Jh Qc Qd Kh Ks")
    assert.are.same({ 30, 0, 1 }, { play(position(g), {}, nil, { kind = "knock", card = dh.card "Kd" }) })
    g = staged({}, "4s 5s 6s 9c 9d 9h Tc Jc Qc 8d Kd", "Jd Jh Js Kc 3c 3d 3h Ah 2h 2c")
    assert.are.same({ 0, 28, 2 }, { play(position(g), {}, nil, { kind = "knock", card = dh.card "Kd" }) })
    g = staged({}, "4s 5s 6s 9c 9d 9h Tc Jc Qc Kc 8d", "7s 8s 9s Qd Qh 2c 3d 4h 5h 6h")
    assert.are.same({ 50, 0, 1 }, { play(position(g), {}, nil, { kind = "gin", card = dh.card "8d" }) })
    -- with no move given the seat plays as the heuristic: gin at once
    assert.are.same({ 50, 0, 1 }, { play(position(g), {}) })
    g = staged({}, "4s 5s 6s 9c 9d 9h 9s Tc Jc Qc Kc", "7s 8s Ts Qd Qh 2c 3d 4h 5h 6h")
    assert.are.same({ 81, 0, 1 }, { play(position(g), { big_gin = true }, nil, { kind = "big gin" }) })
    g = staged({}, "As 2s 3s 4s 9c 9d 9h 2d 3h 5c Kd", "5s 6s 9s Jc Jd Jh Qc Qd Kh Ks", 2)
    assert.are.same({ 0, 0, 0 }, { play(position(g), {}, nil, dh.card "Kd") })   -- void
    -- a move the position does not allow, or no position, is refused
    g = staged({}, "As 2s 3s 4s 9c 9d 9h 2d 3h 5c Kd", "5s 6s 9s Jc Jd Jh Qc Qd Kh Ks")
    assert.has_error(function() play(position(g), {}, nil, { kind = "knock", card = dh.card "2d" }) end)
    assert.has_error(function() play(position(g), {}, nil, { kind = "draw" }) end)
    local p = position(g)
    p.hands = { p.hands[1], p.hands[1] }
    assert.has_error(function() play(p, {}) end)
  end)

  it("plays a hand out in C exactly as the heuristic plays it through the protocol", function()
    local v = dh.variant("gin", { max_hands = 1 })
    local h = dh.strategy("heuristic", { variant = v, seed = 1 })
    local n = 0
    for seed = 1, 120 do
      local g = dh.game(v, { seed = seed })
      for _ = 1, seed % 23 do
        local t = g:next_player()
        if t then assert(g:apply(t, h.move(g:view(t)))) end
      end
      if g:next_player() then
        local a, b = dh.gin.playout(position(g), {})
        while g:next_player() do
          local t = g:next_player()
          assert(g:apply(t, h.move(g:view(t))))
        end
        assert.are.same(g:result().hands[1].seats, { a, b })
        n = n + 1
      end
    end
    assert.is_true(n > 90, n)
  end)

  it("pimc knocks late where the heuristic would play on into a void hand", function()
    -- 3 cards left in the stock; As-5s and the nines meld, knock Kd keeps
    -- 2d 5h: 7.  The heuristic knocks so late only with 4 or less and
    -- discards; then the opponent draws (2 left) and, unless it can knock
    -- with 4 or less itself, discards: the hand is void, 0.  Knocking
    -- wins the opponent's deadwood less 7 unless ten unseen cards leave 7
    -- or less after layoffs (then -25 and more): far better on average.
    local v = dh.variant("gin", { max_hands = 1 })
    local g = staged({ max_hands = 1 }, "As 2s 3s 4s 5s 9c 9d 9h 2d 5h Kd", "6c 7c Tc Jd Qd Kh Ks 3h 4d Qc", 3)
    local view = g:view(1)
    local h = dh.strategy("heuristic", { variant = v, seed = 1 })
    assert.are.equal("card", type(h.move(view)) == "table" and h.move(view).kind or "card")
    local bot = dh.strategy("pimc", { variant = v, seed = 1 })
    assert.are.equal("knock Kd", tostring(bot.move(view)))
  end)

  it("plays tournaments with the shipped bots, no forfeit", function()
    H.plays_tournaments("gin", { {}, { big_gin = true } })
  end)
end)
