-- facts_spec.lua: deckhand.facts, what a Lua game's moves revealed about
-- the hidden hands, and the worlds dealt from it.  The expectations come
-- from what each move shows at the table (an ask shows a card of the rank
-- held, a pickup shows the card, a discard shows it gone), not from the
-- module's code.
local dh = require "deckhand"
local facts = dh.lua_game.facts

local function of_rank(r)
  local names = {}
  for _, s in ipairs { "c", "d", "h", "s" } do names[#names + 1] = r .. s end
  return dh.cards(names)
end
local QUEENS = of_rank("Q")
local DECK = dh.deck("french52"):set()

-- the number of cards of set in hand
local function n_of(hand, set) return #(hand & set) end

describe("deckhand.facts", function()
  it("an ask then cards of the rank given openly: the asker still holds one of its own", function()
    -- seat 2 asks for queens (so holds one), then receives Qc Qd face up:
    -- it holds at least three queens in every world
    local f = facts.new(2)
    facts.holds_one(f, 2, QUEENS)
    facts.shown(f, 2, dh.cards { "Qc", "Qd" })
    local rng = dh.rng(5)
    for _ = 1, 200 do
      local hands = facts.deal(f, DECK - dh.cards { "As", "Ks" }, { [2] = 6 }, rng)
      assert.are.equal(6, #hands[2])
      assert.is_true(hands[2]:has(dh.card "Qc") and hands[2]:has(dh.card "Qd"))
      assert.is_true(n_of(hands[2], QUEENS) >= 3, "only " .. tostring(hands[2]))
    end
  end)

  it("a rank lacked stays out of the hand until an unseen card comes in", function()
    local f = facts.new(3)
    facts.lacks(f, 3, QUEENS)
    local rng = dh.rng(6)
    for _ = 1, 100 do
      local hands = facts.deal(f, DECK, { [1] = 10, [3] = 20 }, rng)
      assert.are.equal(0, n_of(hands[3], QUEENS))
    end
    facts.hidden(f, 3)
    local seen = false
    for _ = 1, 100 do
      local hands = facts.deal(f, DECK, { [1] = 10, [3] = 20 }, rng)
      seen = seen or n_of(hands[3], QUEENS) > 0
    end
    assert.is_true(seen, "after a hidden draw a queen may be there again")
  end)

  it("a card of a 'some' set leaving from the unseen part ends the fact; a known card leaving does not", function()
    local f = facts.new(2)
    facts.shown(f, 1, dh.cards { "Qh" })        -- a queen seen going in
    facts.holds_one(f, 1, of_rank("7"))        -- and a seven of its own
    facts.left(f, 1, dh.cards { "Qh" })         -- the known queen goes: the seven stays a fact
    assert.are.equal(1, #f[1].some)
    assert.are.equal(0, #f[1].held)
    facts.left(f, 1, dh.cards { "7c" })         -- a seven from the unseen part goes: no longer known
    assert.are.equal(0, #f[1].some)
  end)

  it("an ask for a rank already seen in the hand adds nothing", function()
    local f = facts.new(2)
    facts.shown(f, 1, dh.cards { "Qh" })
    facts.holds_one(f, 1, QUEENS)
    assert.are.equal(0, #f[1].some)
  end)

  it("facts that contradict each other are named by seat", function()
    local f = facts.new(2)
    facts.holds_one(f, 2, QUEENS)
    facts.lacks(f, 2, QUEENS)
    local ok, msg = pcall(facts.deal, f, DECK, { [2] = 5 }, dh.rng(1))
    assert.is_false(ok)
    assert.are.equal("deal_hidden: no deal keeps what is known of seat 2's hand", msg)
  end)

  it("never deals a hand more cards than it holds, nor a known card not in the pool", function()
    -- two queens seen going into seat 2's hand, which holds one card: no deal
    local f = facts.new(2)
    facts.shown(f, 2, dh.cards "Qc Qd")
    local ok, msg = pcall(facts.deal, f, DECK, { [2] = 1 }, dh.rng(3))
    assert.is_false(ok)
    assert.are.equal("deal_hidden: no deal keeps what is known of seat 2's hand", msg)
    -- the Qc is not among the cards to deal (the viewer holds it): no deal
    ok, msg = pcall(facts.deal, f, DECK - dh.cards "Qc", { [2] = 3 }, dh.rng(3))
    assert.is_false(ok)
    assert.are.equal("deal_hidden: no deal keeps what is known of seat 2's hand", msg)
    -- with room and both queens to deal: both in the hand, and one card more
    local hands = facts.deal(f, DECK, { [2] = 3 }, dh.rng(3))
    assert.are.equal(3, #hands[2])
    assert.are.equal(2, n_of(hands[2], dh.cards "Qc Qd"))
  end)
end)

-- Gin: the cards a seat took from the discard pile (the pile's top as its
-- view showed it before the take) and has not discarded since are in its
-- hand in every world the other seat samples
describe("gin worlds", function()
  it("keep the opponent's pickups from the discard pile", function()
    local rng, checked = dh.rng(77), 0
    for seed = 1, 6 do
      local g = dh.game(dh.variant("gin", { max_hands = 1 }), { seed = seed })
      local took = { dh.cards {}, dh.cards {} }
      while g:next_player() do
        local seat = g:next_player()
        local other = 3 - seat
        local view = g:view(other)
        if #took[seat] > 0 and rng:int(3) == 1 then
          for _ = 1, 3 do
            local world = view:sample(rng)
            local hand = world:locations()["hand " .. seat]
            assert.are.equal(#took[seat], #(hand & took[seat]),
              ("seat %d took %s but its sampled hand is %s"):format(seat, tostring(took[seat]), tostring(hand)))
            checked = checked + 1
          end
        end
        local pile = g:view(seat):get("pile")
        local m = rng:pick(g:moves())
        local kind = type(m) == "table" and m.kind or "card"
        if kind == "take" then took[seat] = took[seat] | dh.cards { pile[#pile] } end
        local card = kind == "card" and m or (type(m) == "table" and m.card)
        if card then took[seat] = took[seat] - dh.cards { card } end
        assert(g:apply(seat, m))
      end
    end
    assert.is_true(checked >= 10, "only " .. checked .. " worlds checked")
  end)

  it("refuses bad arguments by name instead of looping on them (the fuzzer's 2^62 seats)", function()
    local facts = require "deckhand.facts"
    assert.has_error(function() facts.new(1 << 62) end, "bad argument #1 to 'facts.new' (a number of seats from 1 to 64 expected)")
    local f = facts.new(2)
    assert.has_error(function() facts.hidden(f, 3) end, "bad argument to 'facts.hidden' (facts and a seat of them expected)")
    assert.has_error(function() facts.deal(f, dh.cards "As Kd", { [1] = 1 << 40 }, dh.rng(1)) end,
                     "bad argument #3 to 'facts.deal' (a count of cards per seat expected)")
  end)
end)
