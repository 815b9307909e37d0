-- ohhell_spec.lua: Oh Hell's hand sizes, trump, hook and scoring; expected
-- values worked out by hand from rules/ohhell.lua.
package.path = "tests/lua/?.lua;" .. package.path
local dh = require "deckhand"

describe("oh hell", function()
  it("hand sizes climb and fall", function()
    local v = dh.variant("ohhell", { players = 4 })
    assert.same({ 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1 },
                v.spec.sizes)
    local g = dh.game(v, { seed = 1 })
    local rng = dh.rng(1)
    local seen = {}
    while g:phase() ~= "over" do
      seen[#seen + 1] = g:hand_size()
      if g:hand_size() == 13 then
        -- 52 cards dealt: no card left to turn, no trumps
        assert.is_nil(g:trump())
        assert.is_nil(g:upcard())
      else
        assert.equal(g:upcard().suit, g:trump())
      end
      g:playout(rng, true)
    end
    assert.same(v.spec.sizes, seen)
  end)

  it("the dealer's hook; exact bids score 10 + bid", function()
    --[[ one card each, dealer 1: seat 2 bids first and leads.  4s turned: spades trump.
      bids: seat 2 1, seat 3 0, seat 4 0 (total 1); the dealer may not bid 0
      (total 1 = 1 trick), so bids 1.
      trick: Kd, 2c, 3h, As -> seat 1 trumps and wins.
      seat 1 bid 1 took 1: 11; seat 2 bid 1 took 0: 0; seats 3, 4 bid 0 took 0: 10 ]]
    local g = dh.game("ohhell", { seed = 1, dealer = 1,
                                  deal = { { "As" }, { "Kd" }, { "2c" }, { "3h" }, talon = { "4s" } } })
    assert.equal("s", g:trump())
    assert.equal("4s", tostring(g:upcard()))
    assert.equal(2, g:next_player())
    assert(g:bid(2, 1)); assert(g:bid(3, 0)); assert(g:bid(4, 0))
    assert.same({ 1 }, g:legal())
    assert.same({ nil, "bad bid: 0", "bad_bid" }, { g:bid(1, 0) })
    assert.same({ nil, "bad bid: 2", "bad_bid" }, { g:bid(1, 2) })
    assert(g:bid(1, 1))
    assert.equal(2, g:next_player())
    assert(g:play(2, "Kd")); assert(g:play(3, "2c")); assert(g:play(4, "3h")); assert(g:play(1, "As"))
    assert.same({ 11, 0, 10, 10 }, g:scores())
    assert.equal(2, g:hand_number())
    assert.equal(2, g:hand_size())
  end)

  it("options: no hook, a miss penalty", function()
    local v = dh.variant("ohhell", { players = 4, hook = false, miss = -1 })
    local g = dh.game(v, { seed = 1, dealer = 1,
                           deal = { { "As" }, { "Kd" }, { "2c" }, { "3h" }, talon = { "4s" } } })
    assert(g:bid(2, 1)); assert(g:bid(3, 0)); assert(g:bid(4, 0)); assert(g:bid(1, 0))
    assert(g:play(2, "Kd")); assert(g:play(3, "2c")); assert(g:play(4, "3h")); assert(g:play(1, "As"))
    -- seat 1 bid 0 took 1: -1; seat 2 bid 1 took 0: -1; seats 3, 4: 10
    assert.same({ -1, -1, 10, 10 }, g:scores())
  end)

  it("plays whole matches for 3 to 7 players; highest total wins", function()
    local rng = dh.rng(4)
    for n = 3, 7 do
      local g = dh.game(dh.variant("ohhell", { players = n, max_size = 3 }), { seed = n })
      g:playout(rng)
      assert.equal("over", g:phase())
      assert.equal(5, g:hand_number())
      local s, top = g:scores(), -math.huge
      for _, x in ipairs(s) do top = math.max(top, x) end
      for _, w in ipairs(g:winners()) do assert.equal(top, s[w]) end
    end
  end)
end)

describe("oh hell, a point a trick and 10 more for an exact bid", function()
  it("scores each seat tricks + 10 when exact, tricks alone otherwise", function()
    local v = dh.variant("ohhell", { players = 4, max_size = 5, base = 10, per_bid = 0, per_trick = 1 })
    local rng = dh.rng(21)
    for seed = 1, 10 do
      local g = dh.game(v, { seed = seed })
      local hand = g:hand_number()
      while g:next_player() and g:hand_number() == hand do
        assert(g:apply(g:next_player(), rng:pick(g:moves())))
      end
      local h = g:result().hands[1]
      -- the bids of the hand, from the record
      local made = {}
      for _, m in ipairs(g:record().moves) do
        local b = m[2]:match("^bid (%d+)$") or (m[2] == "nil" and "0")
        if b and made[m[1]] == nil then made[m[1]] = tonumber(b) end
      end
      for s = 1, 4 do
        local t = h.tricks[s]
        assert.are.equal(t + (t == made[s] and 10 or 0), h.seats[s], ("seat %d bid %d took %d"):format(s, made[s], t))
      end
    end
  end)
end)
