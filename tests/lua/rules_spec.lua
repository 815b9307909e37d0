-- rules_spec.lua: prefab rules and how they combine, Lua functions as
-- rules, errors from rules, variant loading and validation.
package.path = "tests/lua/?.lua;" .. package.path
local dh = require "deckhand"
local H = require "trick_helper"
local R = dh.rule

local suits = {
  { "2c", "3c", "4c", "5c", "6c", "7c", "8c", "9c", "Tc", "Jc", "Qc", "Kc", "Ac" },
  { "2d", "3d", "4d", "5d", "6d", "7d", "8d", "9d", "Td", "Jd", "Qd", "Kd", "Ad" },
  { "2h", "3h", "4h", "5h", "6h", "7h", "8h", "9h", "Th", "Jh", "Qh", "Kh", "Ah" },
  { "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "Ts", "Js", "Qs", "Ks", "As" },
}

local simple = H.simple

describe("rules", function()
  it("combine with | & ~ and refuse mixed kinds", function()
    assert.equal("hand", (R.follow_suit & R.break_suit("s")):kind())
    assert.equal("play", (R.trump_wins | R.highest_of_led):kind())
    assert.equal("points", (R.tricks() + R.card_points { h = 1 }):kind())
    assert.equal("hand", (~R.free_start):kind())
    assert.equal("hand", (R.follow_suit | function() return true end):kind())
    assert.has_error(function() return R.follow_suit | R.trump_wins end,
                     "cannot combine a hand rule with a play rule")
    assert.has_error(function() return ~R.trump_wins end)
    assert.has_error(function() return R.follow_suit | 1 end)
    -- functions alone combine too, and take the kind of their field
    local odd = function(_, _, card) return card.rank % 2 == 1 end
    local even = function(_, _, card) return card.rank % 2 == 0 end
    local g = dh.game(simple { hand = (R.free_play & odd) | (even & R.free_play) },
                      { seed = 1, dealer = 4, deal = suits })
    assert.equal(13, #g:legal())
    local chained = dh.rule.chain(function() return nil end, R.highest_of_led)
    assert.equal("play", chained:kind())
    g = dh.game(simple { play = chained }, { seed = 1, dealer = 4, deal = suits })
    assert(g:play(1, "2c")); assert(g:play(2, "2d")); assert(g:play(3, "2h")); assert(g:play(4, "2s"))
    assert.equal(1, select(2, g:last_trick()))   -- the function declined: highest of the led suit
  end)

  it("free_start | follow_suit is follow suit", function()
    local g = dh.game(simple { hand = R.free_start | R.follow_suit }, { seed = 1, dealer = 4, deal = suits })
    assert(g:play(1, "2c"))
    assert.equal(g:hand(2), g:legal())   -- void in clubs
  end)

  it("an OR or NOT of prefabs is checked through the tree, not as free play", function()
    -- each seat holds two suits: seat 1 clubs and diamonds, seat 2 hearts
    -- and spades, ... so a seat that can follow must
    local mixed = {
      { "2c", "3c", "4c", "5c", "6c", "7c", "8c", "2d", "3d", "4d", "5d", "6d", "7d" },
      { "2h", "3h", "4h", "5h", "6h", "7h", "8h", "2s", "3s", "4s", "5s", "6s", "7s" },
      { "9c", "Tc", "Jc", "Qc", "Kc", "Ac", "8d", "9d", "Td", "Jd", "Qd", "Kd", "Ad" },
      { "9h", "Th", "Jh", "Qh", "Kh", "Ah", "8s", "9s", "Ts", "Js", "Qs", "Ks", "As" },
    }
    for _, hand in ipairs { R.follow_suit | R.follow_suit, ~~R.follow_suit } do
      local g = dh.game(simple { hand = hand }, { seed = 1, dealer = 4, deal = mixed })
      assert(g:play(1, "2c"))
      assert(g:play(2, "2h"))                    -- void in clubs: anything
      local ok, _, code = g:play(3, "8d")           -- holds clubs: must follow
      assert.is_nil(ok)
      assert.is_truthy(code)
      assert.equal(dh.cards("9c Tc Jc Qc Kc Ac"), g:legal())
    end
  end)

  it("a Lua function may be any rule", function()
    -- the lowest card of the led suit takes the trick
    local lowest = function(state, trick)
      local best
      for i, c in ipairs(trick) do
        if c.suit == trick.led and (not best or c.rank < trick[best].rank) then best = i end
      end
      return best
    end
    local calls = 0
    local hand = function(state, seat, card)
      calls = calls + 1
      assert(state:hand(seat):has(card))
      return card.rank ~= 14 or state:hand(seat):count() == 1   -- keep aces for last
    end
    local points = function(state) local t = state:tricks(); return { t[1] * 2, t[2], t[3], t[4] } end
    local g = dh.game(simple { play = lowest, hand = hand, points = points }, { seed = 1, dealer = 4, deal = suits })
    assert.same({ nil, "illegal card: Ac", "illegal_card" }, { g:play(1, "Ac") })
    assert.is_true(calls > 0)
    assert(g:play(1, "3c")); assert(g:play(2, "2d")); assert(g:play(3, "2h")); assert(g:play(4, "2s"))
    assert.equal(1, select(2, g:last_trick()))
    g:playout(dh.rng(1))
    assert.equal("over", g:phase())
    assert.same({ 26, 0, 0, 0 }, g:scores())  -- seat 1 leads every club and takes every trick
  end)

  it("a rule that raises names the variant and the rule and changes nothing", function()
    local g = dh.game(simple { hand = function() error("boom") end }, { seed = 1, dealer = 4, deal = suits })
    local before, rec = H.snapshot(g), g:record()
    local ok, err = pcall(g.play, g, 1, "2c")
    assert.is_false(ok)
    assert.matches("test: hand rule: .*boom", err)
    assert.same(before, H.snapshot(g))
    assert.same(rec, g:record())
    assert.has_error(function() g:legal() end)
  end)

  it("a rule may not change a game of its variant", function()
    local g
    g = dh.game(simple { hand = function() g:play(1, "3c"); return true end },
                { seed = 1, dealer = 4, deal = suits })
    local before = H.snapshot(g)
    local ok, err = pcall(g.play, g, 1, "2c")
    assert.is_false(ok)
    assert.matches("cannot change while its rule runs", err, 1, true)
    assert.same(before, H.snapshot(g))
  end)

  it("a rule returning the wrong type is an error", function()
    local g = dh.game(simple { hand = function() return 1 end }, { seed = 1, dealer = 4, deal = suits })
    local ok, err = pcall(g.play, g, 1, "2c")
    assert.is_false(ok)
    assert.matches("test: hand rule: boolean expected, got number", err, 1, true)
  end)

  it("a play rule failing at the end of a trick leaves the trick as it was", function()
    local g = dh.game(simple { play = function() return 9 end }, { seed = 1, dealer = 4, deal = suits })
    assert(g:play(1, "2c")); assert(g:play(2, "2d")); assert(g:play(3, "2h"))
    local before, rec = H.snapshot(g), g:record()
    local ok, err = pcall(g.play, g, 4, "2s")
    assert.is_false(ok)
    assert.matches("test: play rule: index of the winning card", err, 1, true)
    assert.same(before, H.snapshot(g))
    assert.same(rec, g:record())
  end)

  it("a win rule failing at the end of a hand leaves the game as it was", function()
    local g = dh.game(simple { win = function() return "yes" end }, { seed = 1, dealer = 4, deal = suits })
    for _ = 1, 51 do assert(g:play(g:next_player(), g:legal():lowest())) end
    local before = H.snapshot(g)
    local ok, err = pcall(g.play, g, g:next_player(), g:legal():lowest())
    assert.is_false(ok)
    assert.matches("test: win rule: nil or a list of winning sides expected", err, 1, true)
    assert.same(before, H.snapshot(g))
  end)

  it("must trump when void; must overtrump when able", function()
    local deal = {
      suits[1],
      { "2d", "3d", "4d", "5d", "6d", "7d", "8d", "9d", "Td", "Jd", "Qd", "2s", "9s" },
      suits[3],
      { "3s", "4s", "5s", "6s", "7s", "8s", "Ts", "Js", "Qs", "Ks", "As", "Kd", "Ad" },
    }
    local play = R.trump_wins | R.highest_of_led
    local g = dh.game(simple { trump = "s", play = play, hand = R.follow_suit & R.must_trump },
                      { seed = 1, dealer = 4, deal = deal })
    assert(g:play(1, "2c"))
    assert.equal(dh.cards("2s 9s"), g:legal())
    assert.same({ nil, "must trump: 2d", "must_trump" }, { g:play(2, "2d") })
    assert(g:play(2, "9s"))
    assert(g:play(3, "2h"))                       -- no trump: anything
    assert.equal("cs", g:voids(3))                -- and everyone now knows it
    assert.equal(11, #g:legal())                  -- any trump will do
    g = dh.game(simple { trump = "s", play = play, hand = R.follow_suit & R.must_overtrump },
                { seed = 1, dealer = 4, deal = deal })
    assert(g:play(1, "2c")); assert(g:play(2, "9s")); assert(g:play(3, "2h"))
    assert.equal(dh.cards("Ts Js Qs Ks As"), g:legal())
    assert.same({ nil, "must overtrump: 3s", "must_overtrump" }, { g:play(4, "3s") })
    assert(g:play(4, "Ts"))
    assert.equal(4, select(2, g:last_trick()))
  end)

  it("break_suit takes extra breakers (Hearts: the queen of spades)", function()
    local deal = {
      { "2c", "3c", "4c", "5c", "6c", "7c", "8c", "9c", "Tc", "Jc", "Qc", "Kc", "2h" },
      suits[2],
      { "Ac", "Qs", "3h", "4h", "5h", "6h", "7h", "8h", "9h", "Th", "Jh", "Qh", "Kh" },
      { "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "Ts", "Js", "Ks", "As", "Ah" },
    }
    for _, breaks in ipairs { false, true } do
      local hand = R.break_suit("h", breaks and "Qs" or nil)
      local g = dh.game(simple { hand = hand }, { seed = 1, dealer = 4, deal = deal })
      assert.is_false(g:legal():has("2h"))
      assert(g:play(1, "3c")); assert(g:play(2, "2d")); assert(g:play(3, "Qs")); assert(g:play(4, "2s"))
      assert.equal(1, g:next_player())              -- 3c took the trick: the only club
      assert.equal(breaks, g:legal():has("2h"))
    end
  end)

  it("a card may count as another suit (a left bower)", function()
    -- Jc counts as a spade and ranks above every spade but Js
    local v = simple { trump = "s", play = R.trump_wins | R.highest_of_led,
                       suit_of = { Jc = "s" }, strength = { Js = 20, Jc = 19 } }
    local deal = {
      { "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "Ts", "Qs", "Ks", "As", "2c" },
      { "Jc", "2d", "3d", "4d", "5d", "6d", "7d", "8d", "9d", "Td", "Jd", "Qd", "Kd" },
      { "Js", "Ad", "2h", "3h", "4h", "5h", "6h", "7h", "8h", "9h", "Th", "Jh", "Qh" },
      { "3c", "4c", "5c", "6c", "7c", "8c", "9c", "Tc", "Qc", "Kc", "Ac", "Kh", "Ah" },
    }
    local g = dh.game(v, { seed = 1, dealer = 4, deal = deal })
    assert(g:play(1, "As"))
    assert.equal(dh.cards("Jc"), g:legal())     -- its only "spade"
    assert(g:play(2, "Jc"))
    assert(g:play(3, "Js"))
    assert(g:play(4, "3c"))
    assert.equal(3, select(2, g:last_trick()))
    g = dh.game(v, { seed = 1, dealer = 4, deal = deal })
    assert(g:play(1, "2c"))
    assert(g:play(2, "2d"))                       -- Jc is no club: seat 2 is void
    assert(g:play(3, "Ad")); assert(g:play(4, "Ac"))
    assert.equal(4, select(2, g:last_trick()))
  end)
end)

describe("variants", function()
  it("are found by name on deckhand.path, or by path", function()
    assert.equal("spades", dh.variant("spades").name)
    local root = os.getenv("DECKHAND_ROOT") or "."
    assert.equal("hearts", dh.variant(root .. "/rules/hearts.lua").name)
    local dir = os.tmpname()
    os.remove(dir)
    os.execute("mkdir -p " .. dir)
    local f = assert(io.open(dir .. "/mine.lua", "w"))
    f:write([[local R = require("deckhand").rule
return { name = "mine", seats = 3, sizes = { 5 }, hand = R.free_play,
         play = R.highest_of_led, points = R.tricks(), win = R.highest_after(1) }]])
    f:close()
    local saved = dh.path
    dh.path = dir .. "/?.lua;" .. saved
    local v = dh.variant("mine")
    dh.path = saved
    os.remove(dir .. "/mine.lua"); os.remove(dir)
    assert.equal("mine", v.name)
    local g = dh.game(v, { seed = 1 })
    assert.equal(3, g:seats())
    assert.has_error(function() dh.variant("no_such_variant") end)
  end)

  it("reject missing and ill-typed fields and unknown options", function()
    local ok, err = pcall(dh.variant, { name = "x", seats = 4, sizes = { 13 }, play = R.highest_of_led,
                                        points = R.tricks(), win = R.highest_after(1) })
    assert.is_false(ok); assert.equal("x: missing field 'hand'", err)
    ok, err = pcall(simple, { seats = "four" })
    assert.is_false(ok); assert.equal("test: field 'seats' must be an integer from 2 to 8, got string", err)
    ok, err = pcall(simple, { play = R.follow_suit })
    assert.is_false(ok); assert.matches("field 'play' holds a hand rule", err, 1, true)
    ok, err = pcall(simple, { colour = 1 })
    assert.is_false(ok); assert.equal("test: unknown field 'colour'", err)
    ok, err = pcall(dh.variant, "spades", { targte = 300 })
    assert.is_false(ok); assert.matches("^spades: unknown option 'targte' %(did you mean 'target'%?%); its options, with their defaults: .*target=%d+", err)
    ok, err = pcall(dh.variant, "spades", { target = "high" })
    assert.is_false(ok); assert.equal("spades: option 'target' must be a number, got 'high'", err)
    ok, err = pcall(simple, { sizes = { 14 } })
    assert.is_false(ok); assert.equal("test: hand size does not fit the deck", err)
  end)

  it("options change the rules", function()
    local g = dh.game(dh.variant("spades", { target = 100 }), { seed = 1 })
    g:playout(dh.rng(1))
    local s = g:scores()
    assert.is_true(s[1] >= 100 or s[2] >= 100 or g:hand_number() == 200)
  end)
end)
