-- hearts_spec.lua: Hearts legality, passing and scoring; expected values
-- worked out by hand from the rules in rules/hearts.lua.
package.path = "tests/lua/?.lua;" .. package.path
local dh = require "deckhand"

local suits = {
  { "2c", "3c", "4c", "5c", "6c", "7c", "8c", "9c", "Tc", "Jc", "Qc", "Kc", "Ac" },
  { "2d", "3d", "4d", "5d", "6d", "7d", "8d", "9d", "Td", "Jd", "Qd", "Kd", "Ad" },
  { "2h", "3h", "4h", "5h", "6h", "7h", "8h", "9h", "Th", "Jh", "Qh", "Kh", "Ah" },
  { "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "Ts", "Js", "Qs", "Ks", "As" },
}

local function nopass(options)
  options = options or {}
  options.passing = false
  return dh.variant("hearts", options)
end

-- lets seat `leader` lead every remaining card of its hand, lowest first,
-- the others playing their lowest legal card
local function run_out(g)
  while g:phase() == "play" and g:hand_number() == 1 do
    local seat = g:next_player()
    assert(g:play(seat, g:legal():lowest()))
  end
end

describe("hearts", function()
  it("the holder of 2c leads it; no points on the first trick unless nothing else", function()
    -- seat 1 clubs, seat 2 diamonds, seat 3 hearts, seat 4 spades
    local g = dh.game(nopass(), { seed = 1, dealer = 2, deal = suits })
    assert.equal("play", g:phase())
    assert.equal(1, g:next_player())            -- holds 2c, though seat 3 is left of the dealer
    assert.same({ nil, "must lead the opening card: 3c", "must_lead" }, { g:play(1, "3c") })
    assert.is_true(g:play(1, "2c"))
    assert.is_true(g:play(2, "Ad"))
    assert.is_true(g:play(3, "2h"))             -- only hearts: nothing else is possible
    assert.same({ nil, "not allowed on the first trick: Qs", "first_trick" }, { g:play(4, "Qs") })
    assert.is_true(g:play(4, "As"))
    assert.equal(1, select(2, g:last_trick()))
  end)

  it("a shot moon gives 26 to each other player", function()
    -- seat 1 holds every club, leads all 13 tricks and wins them: it takes
    -- all 13 hearts and Qs (26 points): 0 for it, 26 for each other seat
    local g = dh.game(nopass(), { seed = 1, dealer = 2, deal = suits })
    run_out(g)
    assert.same({ 0, 26, 26, 26 }, g:scores())
    assert.same({ 0, 26, 26, 26 }, g:hand_points())
    g = dh.game(nopass { moon = "self" }, { seed = 1, dealer = 2, deal = suits })
    run_out(g)
    assert.same({ -26, 0, 0, 0 }, g:scores())
  end)

  it("scores 1 per heart and 13 for Qs", function()
    --[[ seat 1: 2c-Kc and Ad; seat 2: Ac and 2d-Kd; seat 3 hearts; seat 4 spades.
      trick 1: 2c, Ac (must follow), 2h (only hearts), As (not Qs) -> seat 2: 1 point
      trick 2: seat 2 leads 2d; 3h, Qs (void), seat 1 Ad (must follow) -> seat 1: 1 + 13
      tricks 3-13: seat 1 leads 3c..Kc, wins all 11, taking 4h..Ah: 11 points
      seat 1: 14 + 11 = 25, seat 2: 1, seats 3 and 4: 0; 26 in all ]]
    local deal = {
      { "2c", "3c", "4c", "5c", "6c", "7c", "8c", "9c", "Tc", "Jc", "Qc", "Kc", "Ad" },
      { "Ac", "2d", "3d", "4d", "5d", "6d", "7d", "8d", "9d", "Td", "Jd", "Qd", "Kd" },
      suits[3], suits[4],
    }
    local g = dh.game(nopass(), { seed = 1, dealer = 4, deal = deal })
    local plays = {
      { 1, "2c" }, { 2, "Ac" }, { 3, "2h" }, { 4, "As" },
      { 2, "2d" }, { 3, "3h" }, { 4, "Qs" }, { 1, "Ad" },
    }
    for _, p in ipairs(plays) do assert(g:play(p[1], p[2])) end
    assert.same({ 1, 1, 0, 0 }, g:tricks())
    run_out(g)
    assert.same({ 25, 1, 0, 0 }, g:scores())
  end)

  it("hearts may not be led until broken unless only hearts are held", function()
    local deal = {
      { "2c", "3c", "4c", "5c", "6c", "7c", "8c", "9c", "Tc", "Jc", "Qc", "2h", "3h" },
      { "Kc", "Ac", "2d", "3d", "4d", "5d", "6d", "7d", "8d", "9d", "Td", "Jd", "Qd" },
      { "Kd", "Ad", "4h", "5h", "6h", "7h", "8h", "9h", "Th", "Jh", "Qh", "Kh", "Ah" },
      suits[4],
    }
    local g = dh.game(nopass(), { seed = 1, dealer = 4, deal = deal })
    assert(g:play(1, "2c")); assert(g:play(2, "Ac")); assert(g:play(3, "Kd")); assert(g:play(4, "2s"))
    -- seat 2 leads: hearts not broken (it has none anyway); seat 2 leads Kc
    assert(g:play(2, "Kc")); assert(g:play(3, "Ad")); assert(g:play(4, "3s")); assert(g:play(1, "3c"))
    -- seat 2 won again; leads 2d: seat 3 void in diamonds discards a heart: broken
    assert.equal(2, g:next_player())
    assert(g:play(2, "2d")); assert(g:play(3, "4h")); assert(g:play(4, "4s")); assert(g:play(1, "4c"))
    assert.equal(2, g:next_player())
  end)

  it("refuses a heart lead before hearts are broken", function()
    --[[ trick 1: 2c, Ac (seat 2 must follow), Ad (seat 3 may not play a heart
      on the first trick), 2s -> seat 2 leads, holding 2h and diamonds ]]
    local deal = {
      { "2c", "3c", "4c", "5c", "6c", "7c", "8c", "9c", "Tc", "Jc", "Qc", "Kc", "Kd" },
      { "Ac", "2h", "2d", "3d", "4d", "5d", "6d", "7d", "8d", "9d", "Td", "Jd", "Qd" },
      { "Ad", "3h", "4h", "5h", "6h", "7h", "8h", "9h", "Th", "Jh", "Qh", "Kh", "Ah" },
      suits[4],
    }
    local g = dh.game(nopass(), { seed = 1, dealer = 4, deal = deal })
    assert(g:play(1, "2c")); assert(g:play(2, "Ac"))
    assert.same({ nil, "not allowed on the first trick: 3h", "first_trick" }, { g:play(3, "3h") })
    assert(g:play(3, "Ad")); assert(g:play(4, "2s"))
    assert.equal(2, g:next_player())
    assert.same({ nil, "suit not broken: 2h", "suit_not_broken" }, { g:play(2, "2h") })
    assert(g:play(2, "2d"))
  end)

  it("passes 3 cards left, then right, across, none", function()
    local g = dh.game("hearts", { seed = 9, dealer = 4, deal = suits })
    assert.equal("pass", g:phase())
    assert.equal(1, g:next_player())
    assert.same({ nil, "must pass 3 cards", "bad_pass" }, { g:pass(1, { "2c", "3c" }) })
    assert.same({ nil, "card not in player hand: 2d", "card_not_in_hand" }, { g:pass(1, { "2c", "3c", "2d" }) })
    assert.is_true(g:pass(1, { "Ac", "Kc", "Qc" }))
    assert.is_true(g:pass(2, { "Ad", "Kd", "Qd" }))
    assert.is_true(g:pass(3, { "Ah", "Kh", "Qh" }))
    assert.same(g:hand(1), dh.cards(suits[1]))   -- nothing moves until everyone has passed
    assert.is_true(g:pass(4, { "As", "Ks", "Qs" }))
    assert.equal("play", g:phase())
    -- left: seat 1's cards went to seat 2, seat 4's to seat 1
    assert.is_true(g:hand(2):contains(dh.cards("Ac Kc Qc")))
    assert.is_true(g:hand(1):contains(dh.cards("As Ks Qs")))
    assert.equal(dh.cards("As Ks Qs"), g:received(1))
    -- the later hands pass right, across, then not at all
    local rng = dh.rng(3)
    local want = { [2] = 4, [3] = 3 }  -- seat 1 passes to: right (4), across (3)
    for hand_no = 2, 4 do
      g:playout(rng, true)
      if g:phase() == "over" then break end
      assert.equal(hand_no, g:hand_number())
      if hand_no == 4 then
        assert.equal("play", g:phase())
      else
        assert.equal("pass", g:phase())
        local seat = g:next_player()
        assert.equal(g:dealer() % 4 + 1, seat)
        local gave = g:hand(1):list()
        local three = { gave[1], gave[2], gave[3] }
        while g:phase() == "pass" do
          local s = g:next_player()
          if s == 1 then assert(g:pass(1, three))
          else local l = g:hand(s):list(); assert(g:pass(s, { l[1], l[2], l[3] })) end
        end
        assert.equal(dh.cards(three), g:received(want[hand_no]))
      end
    end
  end)

  it("ends when someone reaches 100; lowest wins", function()
    local rng = dh.rng(11)
    for seed = 1, 20 do
      local g = dh.game("hearts", { seed = seed })
      g:playout(rng)
      local scores, best, top = g:scores(), math.huge, -math.huge
      for _, s in ipairs(scores) do best = math.min(best, s); top = math.max(top, s) end
      assert.is_true(top >= 100)
      for _, w in ipairs(g:winners()) do assert.equal(best, scores[w]) end
    end
  end)

  it("option: Jd scores -10", function()
    local v = dh.variant("hearts", { passing = false, jack_diamonds = true })
    -- seat 1: all clubs but Ac, and Jd; seat 2 takes trick 1 with Ac and
    -- leads diamonds; seat 1 wins Jd? no: the moon deal with Jd moved
    local g = dh.game(v, { seed = 1, dealer = 2, deal = suits })
    run_out(g)  -- seat 1 takes everything: the moon (26 to others) and Jd -10
    assert.same({ -10, 26, 26, 26 }, g:scores())
  end)
end)

describe("hearts house rules", function()
  it("lets the 2 of clubs' holder open with any club, and only a club", function()
    local v = dh.variant("hearts", { any_club = true, passing = false, max_hands = 1 })
    for seed = 1, 10 do
      local g = dh.game(v, { seed = seed })
      local seat = g:next_player()
      local hand = g:hand(seat)
      assert.is_true(hand:has(dh.card("2c")))
      local want = {}
      for c in hand:iter() do if c.suit == "c" then want[#want + 1] = tostring(c) end end
      local got = {}
      for _, m in ipairs(g:moves()) do got[#got + 1] = tostring(m) end
      table.sort(want); table.sort(got)
      assert.are.same(want, got)
    end
  end)

  it("gives the bonus to a player who takes no trick", function()
    local plain = dh.variant("hearts", { passing = false, max_hands = 1 })
    local bonus = dh.variant("hearts", { passing = false, max_hands = 1, no_trick_bonus = -5 })
    local rng1, rng2 = dh.rng(9), dh.rng(9)
    local seen = 0
    for seed = 1, 20 do
      local a, b = dh.game(plain, { seed = seed }), dh.game(bonus, { seed = seed })
      while a:next_player() do
        local m = rng1:pick(a:moves())
        rng2:pick(b:moves())
        assert(a:apply(a:next_player(), m)); assert(b:apply(b:next_player(), m))
      end
      local t = a:result().hands[1].tricks
      for s = 1, 4 do
        local extra = t[s] == 0 and -5 or 0
        if extra ~= 0 then seen = seen + 1 end
        assert.are.equal(a:result().seats[s] + extra, b:result().seats[s])
      end
    end
    assert.is_true(seen >= 1)
  end)
end)
