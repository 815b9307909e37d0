-- Scopa (rules/scopa.lua), a game written wholly in Lua on the protocol.
-- The goldens are worked out by hand from the rule text: A 1, 2-7 pips,
-- J 8, Q 9, K 10; a card equal to a table card takes it alone, else any
-- set summing to it; a point each for the most cards, the most coins
-- (diamonds), the settebello (7d), primiera and every scopa.
local dh = require "deckhand"
package.path = "tests/lua/?.lua;" .. package.path
local H = require "lua_game_helper"
local texts = H.texts

-- a game at seat 1's turn with the hands and the table set by the test;
-- the stock holds `stock` cards from the rest
local function staged(options, hands, on_table, stock)
  local g = dh.game(dh.variant("scopa", options), { seed = 1 })
  local s = g.s
  local used = dh.cards(on_table)
  for k, h in ipairs(hands) do s.hands[k] = dh.cards(h); used = used | s.hands[k] end
  s.table = dh.cards(on_table)
  local rest = (dh.deck("italian40"):set() - used):list()
  s.stock = {}
  for i = 1, stock or 0 do s.stock[i] = table.remove(rest) end
  s.turn = 1
  return g
end

describe("scopa", function()
  it("deals three cards each and four to the table from the Italian deck", function()
    for seed = 1, 10 do
      for _, n in ipairs { 2, 4 } do
        local g = dh.game(dh.variant("scopa", { players = n }), { seed = seed })
        for k = 1, n do assert.are.equal(3, #g.s.hands[k]) end
        assert.are.equal(4, #g.s.table)
        assert.are.equal(40 - 3 * n - 4, #g.s.stock)
        assert.are.equal(2, g:next_player())   -- after the dealer, seat 1
        for k = 1, n do
          for c in g.s.hands[k]:iter() do assert.is_true(c.rank <= 7 or c.rank >= 11) end
        end
      end
    end
  end)

  it("makes every capture choice a move, takes an equal card alone, and must take when it can", function()
    -- the table counts 3 4 2 5.  A seven: 3+4 or 5+2, two moves.  A king
    -- (10): with the 4, the rest must make 6 from 3 2 5 (none); without
    -- it, 3+2+5: one move.  A queen (9): 4+5 or 3+2+4, two moves.  (The
    -- texts list a set's cards clubs, diamonds, hearts, spades.)
    local g = staged({}, { "7h Kc Qd", "Ac 2c 3d" }, "3c 4s 2h 5c")
    assert.are.same(texts {
      "7h take 3c 4s", "7h take 5c 2h",
      "Kc take 3c 5c 2h",
      "Qd take 5c 4s", "Qd take 3c 2h 4s",
    }, texts(g:moves()))
    -- an equal card: the seven takes the seven alone, though 3+4 is 7
    g = staged({}, { "7h", "Ac" }, "7c 3d 4s")
    assert.are.same({ "7h take 7c" }, texts(g:moves()))
    -- two of them: either
    g = staged({}, { "7h", "Ac" }, "7c 7s 4s")
    assert.are.same({ "7h take 7c", "7h take 7s" }, texts(g:moves()))
    -- a card that takes nothing is laid on the table
    g = staged({}, { "2h Kd", "Ac" }, "Jc Qc")
    assert.are.same({ "2h", "Kd" }, texts(g:moves()))
    assert(g:apply(1, "2h"))
    assert.are.equal(tostring(dh.cards "Jc Qc 2h"), tostring(g.s.table))
  end)

  it("counts a scopa for a sweep, but not on the last play of the deal", function()
    local g = staged({}, { "7h 2c", "Ac 3c" }, "3d 4s", 6)
    assert(g:apply(1, "7h take 3d 4s"))
    assert.are.same({ 1, 0 }, g.s.scope)
    -- the last play: seat 2's last card sweeps, no scopa; the table's rest
    -- goes to the last side that took
    g = staged({}, { "", "4c" }, "Ac 3d")
    g.s.turn = 2
    assert(g:apply(2, "4c take Ac 3d"))
    assert.are.same({ 0, 0 }, g:result().hands[1].scope)
  end)

  it("gives the cards left on the table to the side that took last", function()
    -- seat 1 takes, then both lay cards: the table's 2s 5s go to side 1
    local g = staged({}, { "7h 2s", "Kc 5s" }, "3d 4s")
    assert(g:apply(1, "7h take 3d 4s"))
    assert(g:apply(2, "Kc"))
    assert(g:apply(1, "2s"))
    assert(g:apply(2, "5s"))
    local hand = g:result().hands[1]
    -- side 1: 7h 3d 4s, then Kc 2s 5s = 6 cards; side 2 none
    assert.are.equal(1, hand.cards)
    assert.are.equal(1, hand.coins)          -- 3d is the only coin
  end)

  it("scores a deal: cards, coins, settebello, primiera and scope", function()
    -- side 1 took 21 cards with 6 coins and the settebello; side 2 19
    -- cards, 4 coins.  Primiera: side 1's best per suit 7c 21 + 7d 21 +
    -- 6h 18 + As 16 = 76; side 2's 7h 21 + 7s 21 + 6c 18 + 6d 18 = 78:
    -- side 2.  Side 1 made two scope.  Side 1: cards, coins, settebello
    -- and two scope = 5; side 2: primiera = 1.
    local side1 = dh.cards "7c 5c 4c 3c Kc 7d Ad 2d 3d 4d 5d 6h 5h 4h 3h As 2s 3s 4s Ks Qs"
    local side2 = dh.deck("italian40"):set() - side1
    assert.are.equal(21, #side1)
    local g = staged({}, { "", "" }, "")
    g.s.taken, g.s.scope, g.s.last_taker = { side1, side2 }, { 2, 0 }, 1
    g.s.turn = 2
    g.s.hands[2] = dh.cards "Jc"   -- the last card: make it side 2's, laid on the empty table
    g.s.taken[2] = side2 - dh.cards "Jc"
    assert(g:apply(2, "Jc"))
    local hand = g:result().hands[1]
    -- the Jc laid last stays on the table and goes to side 1, the last taker
    assert.are.same({ 5, 1 }, hand.sides)
    assert.are.same({ 5, 1 }, hand.seats)
  end)

  it("gives primiera only to a side holding all four suits", function()
    -- side 1 took every card but the spades, side 2 only the spades: each
    -- lacks a suit, so neither has a primiera sum
    local spades = dh.cards "As 2s 3s 4s 5s 6s 7s Js Qs Ks"
    local g = staged({}, { "", "2c" }, "")
    g.s.taken = { dh.deck("italian40"):set() - spades - dh.cards "2c", spades }
    g.s.last_taker, g.s.turn = 1, 2
    assert(g:apply(2, "2c"))
    local hand = g:result().hands[1]
    assert.are.equal(0, hand.primiera)
    assert.are.same({ 0, 0 }, hand.primiera_sums)
  end)

  it("ends the game at 11 for a side ahead, and plays on from a tie", function()
    local g = staged({ target = 11 }, { "", "2c" }, "")
    g.s.taken = { dh.deck("italian40"):set() - dh.cards "2c", dh.cards() }
    g.s.last_taker, g.s.turn, g.s.scores = 1, 2, { 7, 0 }
    assert(g:apply(2, "2c"))   -- side 1: cards, coins, settebello, primiera: 4 -> 11
    assert.is_nil(g:next_player())
    assert.are.same({ 11, 0 }, g:result().seats)
    assert.are.same({ 1 }, g:result().winners)
    g = staged({ target = 11 }, { "", "2c" }, "")
    g.s.taken = { dh.deck("italian40"):set() - dh.cards "2c", dh.cards() }
    g.s.last_taker, g.s.turn, g.s.scores = 1, 2, { 7, 11 }
    assert(g:apply(2, "2c"))   -- 11 all: another deal
    assert.are.equal(2, g:next_player() and g:hand_number())
  end)

  it("scores partners together with four players", function()
    local g = dh.game(dh.variant("scopa", { players = 4, max_hands = 1 }), { seed = 2 })
    local rng = dh.rng(1)
    while g:next_player() do assert(g:apply(g:next_player(), rng:pick(g:moves()))) end
    local r = g:result()
    assert.are.equal(r.seats[1], r.seats[3])
    assert.are.equal(r.seats[2], r.seats[4])
  end)

  it("refuses bad options, naming them", function()
    assert.has_error(function() dh.variant("scopa", { players = 3 }) end, "scopa: players must be 2 or 4, got 3")
    assert.has_error(function() dh.variant("scopa", { target = 0 }) end,
                     "scopa: target must be a positive integer, got 0")
  end)

  it("plays tournaments with the shipped bots, no forfeit", function()
    H.plays_tournaments("scopa", { {}, { players = 4 } })
  end)
end)
