-- spades_spec.lua: Spades scoring, legality and a stacked deal, with the
-- expected values worked out by hand from the rules in rules/spades.lua.
package.path = "tests/lua/?.lua;" .. package.path
local dh = require "deckhand"
local H = require "trick_helper"

-- a one-hand game: bids by seat, tricks by seat; dealer 4 so seat 1 bids
-- and leads first
local function hand(bids, counts, options)
  local v = dh.variant("spades", options)
  local hands, plan = H.spades_deal(H.winners_for(counts))
  local g = dh.game(v, { seed = 1, dealer = 4, deal = hands })
  for seat = 1, 4 do assert(g:bid(seat, bids[seat])) end
  H.play_plan(g, plan)
  return g
end

describe("spades scoring", function()
  it("contract made with overtricks", function()
    -- side 1 (seats 1, 3) bids 4 + 3 = 7, takes 5 + 3 = 8: 7*10 + 1 = 71, 1 bag
    -- side 2 (seats 2, 4) bids 3 + 2 = 5, takes 3 + 2 = 5: 5*10 = 50, 0 bags
    local g = hand({ 4, 3, 3, 2 }, { 5, 3, 3, 2 })
    assert.same({ 71, 50 }, g:scores())
    assert.same({ 1, 0 }, g:bags())
    assert.same({ 5, 3, 3, 2 }, g:last_tricks())
    assert.equal(2, g:hand_number())
  end)

  it("contract set", function()
    -- side 1 bids 6 + 4 = 10, takes 5 + 3 = 8: set, -10*10 = -100
    -- side 2 bids 2 + 1 = 3, takes 3 + 2 = 5: 30 + 2 = 32, 2 bags
    local g = hand({ 6, 2, 4, 1 }, { 5, 3, 3, 2 })
    assert.same({ -100, 32 }, g:scores())
    assert.same({ 0, 2 }, g:bags())
  end)

  it("nil made and nil failed; the nil player's tricks are bags", function()
    -- seat 1 Nil, takes 0: +100; seat 3 bids 4, takes 5: 40 + 1 -> side 1: 141, 1 bag
    -- seat 2 Nil, takes 2: -100; seat 4 bids 3, takes 6: 30 + 3 = 33, bags 3 + 2
    --   -> side 2: -100 + 33 = -67, 5 bags
    local g = hand({ 0, 0, 4, 3 }, { 0, 2, 5, 6 })
    assert.same({ 141, -67 }, g:scores())
    assert.same({ 1, 5 }, g:bags())
  end)

  it("nil tricks count for the partner with the option", function()
    -- seat 2 Nil takes 2 (-100) and seat 4 bids 3 takes 6: 8 tricks toward 3
    -- -> 30 + 5 = 35, 5 bags; side 2: -65
    local g = hand({ 0, 0, 4, 3 }, { 0, 2, 5, 6 }, { nil_tricks_to_partner = true })
    assert.same({ 141, -65 }, g:scores())
    assert.same({ 1, 5 }, g:bags())
  end)

  it("ten bags cost 100 and carry the rest over", function()
    -- side 1 bids 1 + 1 = 2, takes 7 + 5 = 12: 20 + 10 = 30, 10 bags -> -100, 0 left
    -- side 2 bids 1 + 1 = 2, takes 1 + 0 = 1: set, -20
    local g = hand({ 1, 1, 1, 1 }, { 7, 1, 5, 0 })
    assert.same({ -70, -20 }, g:scores())
    assert.same({ 0, 0 }, g:bags())
    -- with a bag limit of 4: side 1 has 10 bags -> -200, 2 carried over
    g = hand({ 1, 1, 1, 1 }, { 7, 1, 5, 0 }, { bag_limit = 4 })
    assert.same({ 30 - 200, -20 }, g:scores())
    assert.same({ 2, 0 }, g:bags())
  end)

  it("bags keep counting across hands", function()
    local g = hand({ 1, 1, 1, 1 }, { 7, 1, 5, 0 }, { bag_limit = 11 })
    assert.same({ 10, 0 }, g:bags())  -- 10 bags, under the limit of 11
    -- play the next hand at random; then side 1's bags are 10 plus its new
    -- bags, less 11 if that reached 11, the penalty showing in its score
    local before = g:scores()
    g:playout(dh.rng(5), true)
    local bids, tricks = g:bids(), g:last_tricks()
    assert.is_table(bids)
    assert.equal(3, g:hand_number())
    assert.is_true(g:bags()[1] >= 0 and g:bags()[1] < 11)
    assert.is_true(g:scores()[1] ~= before[1] or g:hand_points()[1] == 0)
    assert.equal(13, tricks[1] + tricks[2] + tricks[3] + tricks[4])
  end)

  it("no bags option", function()
    -- side 1: 20 + 10 overtricks = 30, no penalty
    local g = hand({ 1, 1, 1, 1 }, { 7, 1, 5, 0 }, { bags = false })
    assert.same({ 30, -20 }, g:scores())
    assert.same({ 0, 0 }, g:bags())
  end)

  it("blind nil is off by default and scores 200 with the option", function()
    local g = dh.game("spades", { seed = 3, dealer = 4 })
    local ok, _, code = g:bid(1, dh.BLIND_NIL)
    assert.is_nil(ok)
    assert.equal("bad_bid", code)
    -- seat 1 blind Nil, takes 0: +200; seat 3 bids 4, takes 5: 41 -> 241
    local h = hand({ dh.BLIND_NIL, 3, 4, 3 }, { 0, 5, 5, 3 }, { blind_nil = true })
    -- side 2 bids 3 + 3 = 6, takes 8: 60 + 2 = 62
    assert.same({ 241, 62 }, h:scores())
  end)

  it("both sides over the target: the higher wins", function()
    -- target 50.  side 1 bids 3 + 3 = 6, takes 7: 61; side 2 bids 2 + 3 = 5, takes 6: 51
    local g = hand({ 3, 2, 3, 3 }, { 4, 3, 3, 3 }, { target = 50 })
    assert.same({ 61, 51 }, g:scores())
    assert.equal("over", g:phase())
    assert.is_nil(g:next_player())
    assert.same({ 1 }, g:winners())
    local ok, msg, code = g:play(1, "As")
    assert.same({ nil, "game over", "game_over" }, { ok, msg, code })
  end)

  it("a tie over the target plays on", function()
    -- target -100.  side 1 bids 4 + 4 = 8, takes 6: -80; side 2 bids 4 + 4 = 8, takes 7: -80
    local g = hand({ 4, 4, 4, 4 }, { 3, 4, 3, 3 }, { target = -100 })
    assert.same({ -80, -80 }, g:scores())
    assert.equal("bid", g:phase())
    assert.equal(2, g:hand_number())
    assert.is_nil(g:winners())
  end)

  it("a loss floor ends the match", function()
    -- side 1 set at -100 with a floor of -100: side 2 wins
    local g = hand({ 6, 2, 4, 1 }, { 5, 3, 3, 2 }, { floor = -100 })
    assert.equal("over", g:phase())
    assert.same({ 2 }, g:winners())
  end)
end)

describe("spades play", function()
  local deal = {
    { "2c", "3c", "4c", "5c", "6c", "7c", "8c", "9c", "Tc", "Jc", "Qc", "Kc", "As" },
    { "2d", "3d", "4d", "5d", "6d", "7d", "8d", "9d", "Td", "Jd", "Qd", "Kd", "Ac" },
    { "2h", "3h", "4h", "5h", "6h", "7h", "8h", "9h", "Th", "Jh", "Qh", "Kh", "Ah" },
    { "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "Ts", "Js", "Qs", "Ks", "Ad" },
  }

  local function started(dealer)
    local g = dh.game("spades", { seed = 1, dealer = dealer, deal = deal })
    for k = 1, 4 do
      local seat = g:next_player()
      assert(g:bid(seat, 3))
    end
    return g
  end

  it("bids from the dealer's left and refuses bad bids", function()
    local g = dh.game("spades", { seed = 1, dealer = 2, deal = deal })
    assert.equal("bid", g:phase())
    assert.equal(3, g:next_player())
    assert.same({ nil, "not seat 1's turn (seat 3 acts)", "not_your_turn" }, { g:bid(1, 3) })
    assert.same({ nil, "bad bid: 14", "bad_bid" }, { g:bid(3, 14) })
    assert.same({ nil, "wrong phase: bid", "wrong_phase" }, { g:play(3, "2h") })
    -- a list (a bot's bad answer) is read as cards to pass, and said so
    assert.same({ nil, "wrong phase: bid (a list reads as cards to pass)", "wrong_phase" },
                { g:apply(3, { 1, 2 }) })
    local legal = g:legal()
    assert.equal(14, #legal)  -- 0 (Nil), 1..13
    assert.equal(0, legal[1])
    assert.equal(13, legal[14])
  end)

  it("a spade may not be led until broken", function()
    local g = started(3)   -- seat 4 leads: spades and Ad
    assert.equal(4, g:next_player())
    assert.same({ nil, "suit not broken: 2s", "suit_not_broken" }, { g:play(4, "2s") })
    assert.equal("Ad", tostring(g:legal()))
    assert.is_true(g:play(4, "Ad"))
    assert.same({ nil, "not seat 2's turn (seat 1 acts)", "not_your_turn" }, { g:play(2, "2d") })
    assert.is_true(g:play(1, "As"))   -- void in diamonds: may trump
    assert.same({ nil, "must follow suit: Ac", "must_follow_suit" }, { g:play(2, "Ac") })
    assert.same({ nil, "card not in player hand: As", "card_not_in_hand" }, { g:play(2, "As") })
    assert.is_true(g:play(2, "2d"))
  end)

  it("the leader holding only spades may lead one", function()
    local only = {
      { "2c", "3c", "4c", "5c", "6c", "7c", "8c", "9c", "Tc", "Jc", "Qc", "Kc", "Ac" },
      { "2d", "3d", "4d", "5d", "6d", "7d", "8d", "9d", "Td", "Jd", "Qd", "Kd", "Ad" },
      { "2h", "3h", "4h", "5h", "6h", "7h", "8h", "9h", "Th", "Jh", "Qh", "Kh", "Ah" },
      { "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "Ts", "Js", "Qs", "Ks", "As" },
    }
    local g = dh.game("spades", { seed = 1, dealer = 3, deal = only })
    for _ = 1, 4 do assert(g:bid(g:next_player(), 3)) end
    assert.equal(13, #g:legal())
    assert.is_true(g:play(4, "2s"))
  end)

  it("spades trump; the trick winner leads", function()
    local g = started(4)   -- seat 1 leads clubs; seat 2 void, holds Ac? no: seat 2 has Ac
    assert.is_true(g:play(1, "2c"))
    assert.is_true(g:play(2, "Ac"))   -- must follow with its only club
    assert.is_true(g:play(3, "2h"))
    assert.is_true(g:play(4, "2s"))   -- void in clubs: trumps
    local cards, winner = g:last_trick()
    assert.equal(4, winner)
    assert.equal(4, #cards)
    assert.equal(4, g:next_player())
    assert.equal("c", g:voids(4))
    assert.equal("c", g:voids(3))
    assert.same({ 0, 0, 0, 1 }, g:tricks())
  end)

  it("a stacked deal played to a known result", function()
    -- every trick planned: seats take 4, 3, 3, 3; bids 3, 3, 3, 3
    -- side 1: bid 6, took 7: 61, 1 bag; side 2: bid 6, took 6: 60
    local g = hand({ 3, 3, 3, 3 }, { 4, 3, 3, 3 })
    assert.same({ 61, 60 }, g:scores())
    local rec = g:record()
    assert.equal("spades", rec.game)
    assert.equal(4 + 52, #rec.moves)
    local again = assert(dh.replay(rec))
    assert.same(H.snapshot(g), H.snapshot(again))
  end)
end)

describe("spades, both partners Nil, the rule text's example", function()
  -- rules/spades.lua: both Nil, one taking 2 tricks: -100 + 100, the 2
  -- tricks bags only by default, 1 point and a bag each counted for the
  -- side ("tricks won in surplus of the contract count 1 each",
  -- tipwriter.expertscolumn.com/article/spades-card-game-rules)
  it("scores the Nil players' tricks as bags, or as surplus tricks with the option", function()
    local g = hand({ 0, 5, 0, 5 }, { 2, 6, 0, 5 })
    assert.same({ 0, 101 }, g:scores())
    assert.same({ 2, 1 }, g:bags())
    g = hand({ 0, 5, 0, 5 }, { 2, 6, 0, 5 }, { nil_tricks_to_partner = true })
    assert.same({ 2, 101 }, g:scores())
    assert.same({ 2, 1 }, g:bags())
  end)
end)

describe("spades, both partners Nil with nil_tricks_to_partner", function()
  it("scores what they took as overtricks, a point and a bag each, as with one Nil", function()
    local v = dh.variant("spades", { nil_tricks_to_partner = true, max_hands = 1, target = 10000 })
    local rng = dh.rng(5)
    local checked = 0
    for seed = 1, 30 do
      local g = dh.game(v, { seed = seed })
      while g:phase() == "bid" do
        local seat = g:next_player()
        assert(g:apply(seat, seat % 2 == 1 and "nil" or "bid 3"))
      end
      while g:next_player() do assert(g:apply(g:next_player(), rng:pick(g:moves()))) end
      local t = g:result().hands[1].tricks
      local took = t[1] + t[3]
      -- the rule text: each Nil +-100 on whether it took no trick; the
      -- side's tricks, counted to the partner, are all overtricks: 1 point
      -- and a bag each; 10 bags cost 100
      local expect = (t[1] == 0 and 100 or -100) + (t[3] == 0 and 100 or -100) + took
      if took >= 10 then expect = expect - 100 end
      assert.are.equal(expect, g:result().sides[1], ("took %d and %d"):format(t[1], t[3]))
      assert.are.equal(took % 10, g:bags()[1])
      if took > 0 then checked = checked + 1 end
    end
    assert.is_true(checked >= 10)
  end)
end)

describe("spades house rules on the bids", function()
  local function bid_texts(g)
    local out = {}
    for i, m in ipairs(g:moves()) do out[i] = tostring(m) end
    return table.concat(out, " ")
  end

  it("caps a side's two bids, and asks a minimum of them, Nil aside", function()
    local v = dh.variant("spades", { side_cap = 13, side_min = 4 })
    local g = dh.game(v, { seed = 1 })            -- seat 2 bids first, then 3, 4, 1
    assert(g:apply(2, "bid 9"))
    assert(g:apply(3, "bid 2"))
    -- seat 4, partner of seat 2 (9): at most 4 more, and Nil
    assert.are.equal("nil bid 1 bid 2 bid 3 bid 4", bid_texts(g))
    local ok, _, code = g:apply(4, "bid 5")
    assert.is_nil(ok)
    assert.are.equal("bad_bid", code)
    assert(g:apply(4, "nil"))
    -- seat 1, partner of seat 3 (2): at least 2 more, up to 11, and Nil
    assert.are.equal("nil bid 2 bid 3 bid 4 bid 5 bid 6 bid 7 bid 8 bid 9 bid 10 bid 11", bid_texts(g))
  end)

  it("allows blind Nil only to a side far enough behind", function()
    local v = dh.variant("spades", { blind_nil = true, blind_nil_behind = 100, target = 10000, max_hands = 4 })
    local rng = dh.rng(2)
    local behind_seen, level_seen = 0, 0
    for seed = 1, 8 do
      local g = dh.game(v, { seed = seed })
      assert.is_nil(bid_texts(g):find("blind", 1, true))   -- level at the start
      for _ = 1, 2 do   -- two hands without blind Nil, then look at who may bid it
        local hand = g:hand_number()
        while g:hand_number() == hand do
          local moves = {}
          for _, m in ipairs(g:moves()) do
            if not tostring(m):find("blind", 1, true) then moves[#moves + 1] = m end
          end
          assert(g:apply(g:next_player(), rng:pick(moves)))
        end
      end
      while g:phase() == "bid" do
        local seat = g:next_player()
        local scores, mine = g:scores(), g:side(seat)
        local behind = scores[3 - mine] - scores[mine]
        if behind >= 100 then behind_seen = behind_seen + 1 else level_seen = level_seen + 1 end
        assert.are.equal(behind >= 100, bid_texts(g):find("blind", 1, true) ~= nil, ("behind by %d"):format(behind))
        assert(g:apply(seat, g:moves()[2]))
      end
    end
    assert.is_true(behind_seen > 0 and level_seen > 0)
  end)
end)

describe("spades blind Nil exchange (option blind_nil_exchange)", function()
  -- each seat a suit: seat 1 the clubs and As, 2 the diamonds and Ac, 3
  -- the hearts, 4 the spades and Ad; dealer 4, so seat 1 bids first
  local deal = {
    { "2c", "3c", "4c", "5c", "6c", "7c", "8c", "9c", "Tc", "Jc", "Qc", "Kc", "As" },
    { "2d", "3d", "4d", "5d", "6d", "7d", "8d", "9d", "Td", "Jd", "Qd", "Kd", "Ac" },
    { "2h", "3h", "4h", "5h", "6h", "7h", "8h", "9h", "Th", "Jh", "Qh", "Kh", "Ah" },
    { "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "Ts", "Js", "Qs", "Ks", "Ad" },
  }
  local options = { blind_nil = true, blind_nil_exchange = 2 }
  local function bid(bids, opts)
    local g = dh.game(dh.variant("spades", opts or options), { seed = 1, dealer = 4, deal = deal })
    for seat = 1, 4 do assert(g:bid(seat, bids[seat])) end
    return g
  end
  local function refused(g, want, f)
    local before, rec = H.snapshot(g), g:record()
    local ok, msg, code = f()
    assert.is_nil(ok)
    assert.equal(want, code)
    assert.is_string(msg)
    assert.same(before, H.snapshot(g))
    assert.same(rec, g:record())
    return msg
  end

  it("is off by default: a blind Nil goes straight to the play", function()
    local g = bid({ dh.BLIND_NIL, 3, 3, 3 }, { blind_nil = true })
    assert.equal("play", g:phase())
  end)

  it("the blind bidder gives two, the partner returns two (any, the received ones too)", function()
    local g = bid { dh.BLIND_NIL, 3, 3, 3 }
    assert.equal("exchange", g:phase())
    assert.equal(1, g:next_player())
    assert.equal(2, g:view(1):pass_count())
    assert.equal(0, g:view(2):pass_count())
    assert.equal(2, g:view(3):pass_count())
    assert.equal(78, #g:moves())                       -- 13 choose 2
    assert.equal("pass 2c 3c", tostring(g:moves()[1]))
    -- refused: cards not held, the wrong count, out of turn, other phases' moves
    refused(g, "card_not_in_hand", function() return g:pass(1, { "2d", "3d" }) end)
    assert.matches("must pass 2 cards", refused(g, "bad_pass", function() return g:pass(1, { "As" }) end))
    refused(g, "bad_pass", function() return g:pass(1, { "As", "Kc", "Qc" }) end)
    refused(g, "not_your_turn", function() return g:pass(3, { "2h", "3h" }) end)
    refused(g, "wrong_phase", function() return g:play(1, "2c") end)
    refused(g, "wrong_phase", function() return g:bid(1, 3) end)
    assert(g:apply(1, "pass As Kc"))
    assert.equal("exchange", g:phase())
    assert.equal(3, g:next_player())
    assert.same({ 11, 13, 15, 13 }, g:counts())
    assert.equal(105, #g:moves())                      -- 15 choose 2
    -- seat 1 knows where its cards are; seat 2 only that two changed hands
    assert.equal(dh.cards("As Kc"), g:view(1):hand(3))
    assert.equal(dh.cards(""), g:view(2):hand(3))
    assert.equal(dh.cards("As Kc"), g:view(3):received(3))
    refused(g, "card_not_in_hand", function() return g:pass(3, { "2c", "2h" }) end)
    refused(g, "not_your_turn", function() return g:pass(1, { "2c", "3c" }) end)
    assert(g:apply(3, "pass Kc 2h"))                    -- Kc goes back
    assert.equal("play", g:phase())
    assert.equal(1, g:next_player())
    assert.equal(dh.cards("2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc 2h"), g:hand(1))
    assert.equal(dh.cards("3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh Ah As"), g:hand(3))
    -- each knows what it gave that the other still holds, and what it received
    assert.equal(dh.cards("As"), g:view(1):hand(3))
    assert.equal(dh.cards("Kc 2h"), g:view(3):hand(1))
    assert.equal(dh.cards("Kc 2h"), g:view(1):received(1))
    assert.equal(dh.cards("As Kc"), g:view(3):passed(1))
    for _, seat in ipairs { 2, 4 } do
      local v = g:view(seat)
      assert.equal(dh.cards(""), v:hand(1) | v:hand(3) | v:passed(1) | v:passed(3) | v:received(1) | v:received(3))
    end
    -- the deal is what was dealt; the record replays
    assert.same(dh.cards(deal[1]), g:deal()[1])
    assert.same(dh.cards(deal[3]), g:deal()[3])
    local rec = g:record()
    assert.same({ { 1, "blind nil" }, { 2, "bid 3" }, { 3, "bid 3" }, { 4, "bid 3" },
                  { 1, "pass Kc As" }, { 3, "pass Kc 2h" } }, rec.moves)
    assert.same(H.snapshot(g), H.snapshot(assert(dh.replay(rec))))
    assert.equal("pass", g:public("pass Kc 2h"))     -- the others see a pass, not its cards
  end)

  it("views are identical across different hidden exchanges", function()
    local a, b = bid { dh.BLIND_NIL, 3, 3, 3 }, bid { dh.BLIND_NIL, 3, 3, 3 }
    assert(a:apply(1, "pass As Kc")); assert(a:apply(3, "pass Kc 2h"))
    assert(b:apply(1, "pass 2c 3c")); assert(b:apply(3, "pass 3h 4h"))
    assert.are_not.equal(a:hand(1), b:hand(1))
    for _, seat in ipairs { 2, 4 } do
      assert.same(H.snapshot(a:view(seat)), H.snapshot(b:view(seat)))
      assert.equal(a:view(seat):unseen(), b:view(seat):unseen())
    end
  end)

  it("a world sampled by an outsider replays the bids and an exchange", function()
    local g = bid { dh.BLIND_NIL, 3, 3, 3 }
    assert(g:apply(1, "pass As Kc")); assert(g:apply(3, "pass Kc 2h"))
    local rng = dh.rng(9)
    for _ = 1, 30 do
      local world = g:view(2):sample(rng)
      assert.same(H.snapshot(g:view(2)), H.snapshot(world:view(2)))
      local again = world:rewind()
      for seat = 1, 4 do assert(again:bid(seat, g:bids()[seat])) end
      assert(again:pass(1, world:passed(1)))
      assert(again:pass(3, world:passed(3)))
      for s = 1, 4 do assert.equal(world:hand(s), again:hand(s)) end
    end
  end)

  it("scoring is unaffected: the partner returning the same cards plays the hand as dealt", function()
    -- seat 1 blind Nil takes 0: +200; seat 3 bids 4, takes 5: 41 -> 241;
    -- side 2 bids 3 + 3, takes 8: 62 (as without the exchange)
    local hands, plan = H.spades_deal(H.winners_for { 0, 5, 5, 3 })
    local g = dh.game(dh.variant("spades", options), { seed = 1, dealer = 4, deal = hands })
    for seat, b in ipairs { dh.BLIND_NIL, 3, 4, 3 } do assert(g:bid(seat, b)) end
    local two = { hands[1][1], hands[1][2] }
    assert(g:pass(1, two))
    assert(g:pass(3, two))
    H.play_plan(g, plan)
    assert.same({ 241, 62 }, g:scores())
  end)

  it("both partners blind Nil: no exchange; one on each side: two, in bidding order", function()
    assert.equal("play", bid({ dh.BLIND_NIL, 3, dh.BLIND_NIL, 3 }):phase())
    local g = bid { dh.BLIND_NIL, dh.BLIND_NIL, 3, 3 }
    local order = {}
    while g:phase() == "exchange" do
      local seat = g:next_player()
      order[#order + 1] = seat
      assert(g:apply(seat, g:moves()[1]))
    end
    assert.same({ 1, 3, 2, 4 }, order)
    assert.same({ 13, 13, 13, 13 }, g:counts())
  end)

  it("bots: the heuristic gives its strongest cards, the partner returns its weakest outside trumps", function()
    local v = dh.variant("spades", options)
    local h = dh.strategy("heuristic", { variant = v, seed = 1 })
    local g = bid { dh.BLIND_NIL, 3, 3, 3 }
    local give = h.move(g:view(1))
    assert.equal(dh.cards("As Kc"), dh.cards(give))
    assert(g:pass(1, give))
    assert.equal(dh.cards("2h 3h"), dh.cards(h.move(g:view(3))))
    -- every bot answers the phase
    for _, name in ipairs { "random", "greedy", "pimc", "ismcts" } do
      local bot = dh.strategy(name, { variant = v, seed = 2 })
      local x = g:clone()
      assert(x:apply(3, bot.move(x:view(3))))
      assert.equal("play", x:phase())
    end
  end)
end)

describe("spades move texts out of range", function()
  it("refuses a bid too big for an integer as a bad bid, without raising", function()
    for _, text in ipairs { "bid 99999999999999999999", "99999999999999999999", "bid -99999999999999999999" } do
      local g = dh.game(dh.variant("spades"), { seed = 1 })
      local seat = g:next_player()
      local ok, msg, code = g:apply(seat, text)
      assert.is_nil(ok, text)
      assert.equal("bad_move", code, text)
      assert.matches("99999999999999999999", msg, 1, true)
      assert.equal(seat, g:next_player())   -- nothing changed
    end
  end)
end)

describe("spades blind_nil_exchange, bad values", function()
  local function refused(opts) local ok, err = pcall(dh.variant, "spades", opts); assert.is_false(ok); return err end
  it("names the option, not the engine's field, and says what it takes", function()
    for _, n in ipairs { -1, 1.5, 14, 0 / 0 } do
      local err = refused { blind_nil = true, blind_nil_exchange = n }
      assert.matches("spades: blind_nil_exchange must be false or a count of cards from 1 to 4", err, 1, true)
      assert.is_nil(err:find("blind_exchange'", 1, true))
    end
  end)
  it("refuses an exchange so big its moves cannot be listed (the partner's choice of 10 of 23 cards)", function()
    -- C(23, 10) = 1,144,066 moves for the partner: listing them took seconds
    -- and a gigabyte; 13 of 26 would take ten million
    local err = refused { blind_nil = true, blind_nil_exchange = 10 }
    assert.matches("from 1 to 4", err, 1, true)
    assert.truthy(dh.variant("spades", { blind_nil = true, blind_nil_exchange = 4 }))
  end)
  it("refuses an exchange without blind Nil, which would never happen", function()
    local err = refused { blind_nil_exchange = 2 }
    assert.matches("spades: blind_nil_exchange needs blind_nil = true", err, 1, true)
  end)
end)
