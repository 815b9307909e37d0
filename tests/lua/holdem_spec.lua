-- holdem_spec.lua: Texas Hold'em (rules/holdem.lua on deckhand.poker_table),
-- driven through the game protocol (tests/lua/holdem_helper.lua).
-- The golden hands are worked out by hand in the comments.
local dh = require "deckhand"

package.path = "tests/lua/?.lua;" .. package.path
local H = require "holdem_helper"
local sum, has = H.sum, H.move
local function game(opts) return H.game("holdem", opts) end

-- plays a list of { seat, action [, amount] }, each of which must succeed
local function play(g, script)
  for i, a in ipairs(script) do
    local ok, msg, code = g:act(a[1], a[2], a[3])
    assert(ok, ("step %d (%s %s): %s %s"):format(i, a[1], a[2], tostring(code), tostring(msg)))
  end
end

describe("holdem", function()
  it("heads-up: the button posts the small blind, acts first before the flop, last after", function()
    local g = game({ seats = 2, stack = 1000, seed = 1 })
    -- hand 1, button seat 1: seat 1 posts 5, seat 2 posts 10
    assert.are.equal(1, g:button_seat())
    assert.are.same({ 995, 990 }, g:stacks())
    assert.are.equal("preflop", g:phase())
    assert.are.equal(1, g:next_player())
    play(g, { { 1, "call" } })
    assert.are.equal(2, g:next_player())            -- the big blind's option
    assert.is_truthy(has(g:legal(), "check"))
    assert.is_truthy(has(g:legal(), "raise"))
    play(g, { { 2, "check" } })
    assert.are.equal("flop", g:phase())
    assert.are.equal(2, g:next_player())            -- after the flop the button acts last
    play(g, { { 2, "check" }, { 1, "check" } })
    assert.are.equal("turn", g:phase())
    -- seat 2 bets 20 and seat 1 folds: seat 2 takes 10 + 10 + 20 = 40,
    -- 990 - 20 + 40 = 1010; seat 1 keeps 990
    play(g, { { 2, "bet", 20 }, { 1, "fold" } })
    assert.are.same({ 990, 1010 }, g:results()[1].stacks)
    -- hand 2: the button moves to seat 2, which now posts the small blind
    assert.are.equal(2, g:hand_number())
    assert.are.equal(2, g:button_seat())
    assert.are.same({ 980, 1005 }, g:stacks())
    assert.are.equal(2, g:next_player())
  end)

  it("three-handed: small blind left of the button, the seat after the big blind opens", function()
    local g = game({ seats = 3, stack = 500, seed = 2, button = 2 })
    -- button 2: small blind 3, big blind 1, first to act 2
    assert.are.same({ 490, 500, 495 }, g:stacks())
    assert.are.equal(2, g:next_player())
    play(g, { { 2, "fold" }, { 3, "fold" } })
    -- seat 1 takes the blinds: 490 + 10 + 5 = 505; then button 3: sb 1, bb 2
    assert.are.equal(3, g:button_seat())
    assert.are.same({ 500, 490, 495 }, g:stacks())
    assert.are.equal(3, g:next_player())
  end)

  it("side pots with three all-ins of different sizes", function()
    -- button 4: seat 1 small blind, seat 2 big blind, seat 3 first to act.
    -- Stacks 1000, 400, 100, 250.  Seat 3 all in for 100, seat 4 all in
    -- for 250, seat 1 calls 250, seat 2 all in for 400, seat 1 calls 400.
    -- Put in: 400 + 400 + 100 + 250 = 1150.
    --   main pot   100 x 4               = 400, seats 1 2 3 4
    --   side pot 1 (250 - 100) x 3       = 450, seats 1 2 4
    --   side pot 2 (400 - 250) x 2       = 300, seats 1 2
    -- Board 2c 7d 9h Jc 4s (no straight or flush for anyone): seat 3 aces,
    -- seat 4 kings, seat 2 queens, seat 1 jack high.  Seat 3 takes 400,
    -- seat 4 450, seat 2 300; seat 1 keeps 1000 - 400 = 600.
    local g = game({ seats = 4, stacks = { 1000, 400, 100, 250 }, button = 4, seed = 3,
      deal = { "3h8s", "QsQd", "AsAd", "KsKd", board = "2c7d9hJc4s" } })
    assert.are.equal(3, g:next_player())
    play(g, { { 3, "allin" }, { 4, "allin" }, { 1, "call" }, { 2, "allin" }, { 1, "call" } })
    local r = g:results()[1]
    assert.are.equal(3, #r.pots)
    assert.are.same({ amount = 400, eligible = { 1, 2, 3, 4 }, winners = { 3 } }, r.pots[1])
    assert.are.same({ amount = 450, eligible = { 1, 2, 4 }, winners = { 4 } }, r.pots[2])
    assert.are.same({ amount = 300, eligible = { 1, 2 }, winners = { 2 } }, r.pots[3])
    assert.are.same({ 600, 300, 400, 450 }, r.stacks)
    assert.are.equal("pair, aces", r.shown[3].hand:match("^pair, aces"))
    assert.are.same({ dh.card "2c", dh.card "7d", dh.card "9h", dh.card "Jc", dh.card "4s" }, r.board)
  end)

  it("splits a pot and gives the odd chip to the first winner left of the button", function()
    -- button 1: seat 2 small blind 5, seat 3 big blind 10, seat 1 opens.
    -- Seat 1 calls, seat 2 folds, seat 3 checks: pot 10 + 5 + 10 = 25.
    -- The board As Ks Qd Jc Th is a straight for both seats left: 25 / 2 =
    -- 12 each and one odd chip.  Left of the button: seat 2 (folded), then
    -- seat 3, which gets it (the lowest seat number would have been 1).
    -- Seat 1: 1000 - 10 + 12 = 1002; seat 2: 995; seat 3: 1000 - 10 + 13 = 1003.
    local g = game({ seats = 3, stack = 1000, button = 1, seed = 4,
      deal = { "2c3d", "7c8d", "4h5c", board = "AsKsQdJcTh" } })
    play(g, { { 1, "call" }, { 2, "fold" }, { 3, "check" } })
    for _ = 1, 3 do play(g, { { 3, "check" }, { 1, "check" } }) end
    local r = g:results()[1]
    assert.are.same({ amount = 25, eligible = { 1, 3 }, winners = { 1, 3 } }, r.pots[1])
    assert.are.same({ 1002, 995, 1003 }, r.stacks)
    assert.are.equal(3000, sum(r.stacks))
  end)

  it("a short all-in does not reopen the betting", function()
    -- button 1: seat 2 small blind, seat 3 big blind, seat 1 first.
    -- Seat 1 raises to 100 (a raise of 90).  Seat 2 has 150 and goes all
    -- in: a raise of 50, short of 90.  Seat 3 has not acted, so it may
    -- raise; it calls 150.  Back to seat 1, which has acted and faces only
    -- the short 50: call or fold, no raise.
    local function start()
      local g = game({ seats = 3, stacks = { 1000, 150, 1000 }, button = 1, seed = 5 })
      play(g, { { 1, "raise", 100 }, { 2, "allin" } })
      return g
    end
    local g = start()
    assert.are.equal(3, g:next_player())
    assert.are.same({ action = "raise", min = 240, max = 1000 }, has(g:legal(), "raise"))  -- 150 + 90
    play(g, { { 3, "call" } })
    assert.are.equal(1, g:next_player())
    local moves = g:legal()
    assert.are.same({ action = "call", amount = 50 }, has(moves, "call"))
    assert.is_truthy(has(moves, "fold"))
    assert.is_nil(has(moves, "raise"))
    assert.is_nil(has(moves, "allin"))
    local ok, _, code = g:act(1, "raise", 300)
    assert.is_nil(ok)
    assert.are.equal("bad_action", code)
    play(g, { { 1, "call" } })
    assert.are.equal("flop", g:phase())
    -- the same, but seat 3 makes a full raise (to 300, 150 more): seat 1
    -- may raise again
    g = start()
    play(g, { { 3, "raise", 300 } })
    assert.are.equal(1, g:next_player())
    assert.are.same({ action = "raise", min = 450, max = 1000 }, has(g:legal(), "raise"))
  end)

  it("a big blind posted short all-in leaves the small blind nothing to call", function()
    -- heads-up, button 1: seat 1 posts 5, seat 2 has 3 chips and posts them
    -- all in.  Seat 1 has more in already: no decision, the board runs
    -- out.  Pots: 3 + 3 = 6 for both, and seat 1's extra 2 back to it.
    local g = game({ seats = 2, stacks = { 100, 3 }, seed = 10,
      deal = { "AsAd", "7c2d", board = "Kh9s5c4d3h" } })
    local r = g:results()[1]
    assert.is_truthy(r)
    assert.are.same({ amount = 6, eligible = { 1, 2 }, winners = { 1 } }, r.pots[1])
    assert.are.same({ amount = 2, eligible = { 1 }, winners = { 1 } }, r.pots[2])
    assert.are.same({ 103, 0 }, r.stacks)
    assert.are.equal("over", g:phase())
  end)

  it("a short all-in bet may be raised by a seat that only checked", function()
    -- heads-up, button 1, blinds 5/10, stacks 1000 and 14.  Preflop seat 1
    -- calls and seat 2 checks, keeping 4.  After the flop seat 2 acts first
    -- and bets its 4 all in, short of the 10 minimum.  Seat 1 has not acted:
    -- it may raise, to at least 4 + 10 = 14.
    local g = game({ seats = 2, stacks = { 1000, 14 }, seed = 11 })
    play(g, { { 1, "call" }, { 2, "check" } })
    assert.are.equal("flop", g:phase())
    assert.is_nil(has(g:legal(), "bet"))            -- 4 chips: all in only
    play(g, { { 2, "allin" } })
    assert.are.same({ action = "raise", min = 14, max = 990 }, has(g:legal(), "raise"))
    -- three seats, button 3: seat 1 small blind, seat 2 big blind, seat 3
    -- (15 chips) first.  Preflop all call or check: seat 3 keeps 5.  After
    -- the flop seats 1 and 2 check and seat 3 bets 5 all in.  Seat 1 only
    -- checked: it may raise (to 5 + 10 = 15 at least), as may seat 2.
    g = game({ seats = 3, stacks = { 1000, 1000, 15 }, button = 3, seed = 12 })
    play(g, { { 3, "call" }, { 1, "call" }, { 2, "check" } })
    play(g, { { 1, "check" }, { 2, "check" }, { 3, "allin" } })
    assert.are.equal(1, g:next_player())
    assert.are.same({ action = "raise", min = 15, max = 990 }, has(g:legal(), "raise"))
    play(g, { { 1, "call" } })
    assert.is_truthy(has(g:legal(), "raise"))
    play(g, { { 2, "call" } })
    assert.are.equal("turn", g:phase())
  end)

  it("a busted seat leaves and the button skips it", function()
    -- button 1: seat 2 small blind (5 of its 20), seat 3 big blind, seat 1
    -- first.  Seat 1 calls 10; seat 2 all in to 20 (a full raise of 10);
    -- seat 3 folds its 10; seat 1 calls 10 more.  Pot 20 + 20 + 10 = 50.
    -- Board Kc 9d 5h 4s 3c: seat 1's aces beat seat 2's seven high (its
    -- 2-3-4-5 needs an ace or a six on the board).  Seat 1: 1000 - 20 + 50
    -- = 1030, seat 2: 0 (out), seat 3: 990.
    -- Hand 2 is heads-up between 1 and 3; the button moves past 1 to 3,
    -- which posts the small blind and acts first: 1030 - 10, 990 - 5.
    local g = game({ seats = 3, stacks = { 1000, 20, 1000 }, button = 1, seed = 13,
      deal = { "AsAd", "7c2d", "QhJh", board = "Kc9d5h4s3c" } })
    play(g, { { 1, "call" }, { 2, "allin" }, { 3, "fold" }, { 1, "call" } })
    local r = g:results()[1]
    assert.are.same({ amount = 50, eligible = { 1, 2 }, winners = { 1 } }, r.pots[1])
    assert.are.same({ 1030, 0, 990 }, r.stacks)
    assert.are.equal(3, g:button_seat())
    assert.are.same({ 1020, 0, 985 }, g:stacks())
    assert.are.equal(3, g:next_player())
    assert.is_nil(g:view(2):get("hole"))
  end)

  it("answers bad actions with codes and leaves the game as it was", function()
    local g = game({ seats = 2, seed = 6 })
    local before = g:stacks()
    local function fails(want, ...)
      local ok, msg, code = g:act(...)
      assert.is_nil(ok)
      assert.are.equal(want, code)
      assert.are.equal("string", type(msg))
    end
    fails("not_your_turn", 2, "call")
    fails("bad_action", 1, "check")                 -- facing the big blind
    fails("bad_amount", 1, "raise", 15)             -- the minimum is 20
    fails("bad_amount", 1, "raise", 5000)
    fails("bad_amount", 1, "raise")
    assert.are.same(before, g:stacks())
    assert.are.equal(1, g:next_player())
    assert.has_error(function() g:act("one", "call") end)
    -- all in every hand until one seat has every chip
    while g:phase() ~= "over" do
      local m = has(g:legal(), "allin") or has(g:legal(), "call") or has(g:legal(), "check")
      play(g, { { g:next_player(), m.action } })
    end
    assert.is_nil(g:next_player())
    fails("game_over", 1, "call")
    assert.are.equal(2000, sum(g:stacks()))
  end)

  it("refuses a move out of turn in the words of every game written in Lua", function()
    local g = dh.game(dh.variant("holdem", { seats = 3 }), { seed = 1 })
    local c8 = dh.game(dh.variant("crazy8", { players = 3 }), { seed = 1 })
    local function other(x) return x:next_player() % 3 + 1 end
    local _, msg, code = g:apply(other(g), "call")
    local _, want, want_code = c8:apply(other(c8), c8:moves()[1])
    assert.are.equal(want_code, code)
    assert.are.equal(want:gsub("%d", "N"), msg:gsub("%d", "N"))
    assert.are.equal(require "deckhand.protocol".message("not_your_turn", other(g), g:next_player()), msg)
  end)

  it("gives front ends every seat's folded, all-in and in-hand flag as a list", function()
    -- seat 2 folds: the JSON lists say so at index 2 (a sparse table would
    -- have come out as an object, or a list cut short)
    local g = game { seats = 3, seed = 2, button = 2 }
    play(g, { { 2, "fold" } })
    local json = require "deckhand.json"
    local d = json.decode(json.encode(g:view(1):data()))
    assert.are.same({ false, true, false }, d.folded)
    assert.are.same({ false, false, false }, d.allin)
    assert.are.same({ true, true, true }, d.in_hand)
  end)

  it("fixed limit: one bet size per street, capped raises", function()
    local g = game({ seats = 2, limit = "fixed", stack = 1000, seed = 7 })
    assert.are.same({ action = "raise", min = 20, max = 20 }, has(g:legal(), "raise"))
    play(g, { { 1, "raise" }, { 2, "raise" }, { 1, "raise" } })   -- 20, 30, 40: four bets
    assert.is_nil(has(g:legal(), "raise"))                        -- the cap
    play(g, { { 2, "call" } })
    assert.are.same({ action = "bet", min = 10, max = 10 }, has(g:legal(), "bet"))
    play(g, { { 2, "check" }, { 1, "check" } })
    assert.are.equal("turn", g:phase())
    assert.are.same({ action = "bet", min = 20, max = 20 }, has(g:legal(), "bet"))
  end)

  it("shows each seat only its own hole cards", function()
    local g = game({ seats = 3, seed = 8, deal = { "AsKs", "2c2d", "7h8h" } })
    local v = g:view(2)
    assert.are.same({ dh.card "2c", dh.card "2d" }, v:get("hole"))
    assert.are.equal(dh.cards "2c 2d", v:hand(2))
    assert.is_nil(v:hand(1))
    assert.are.equal(2, v:seat())
    -- nowhere in seat 2's view are the other seats' cards, as Cards or names
    local hidden = { As = true, Ks = true, ["7h"] = true, ["8h"] = true }
    local function scan(t)
      for _, x in pairs(t) do
        if type(x) == "table" then scan(x) else assert.is_nil(hidden[tostring(x)]) end
      end
    end
    scan(v)
    scan(v:data())
    -- a game that differs only in the other seats' cards looks the same
    local other = game({ seats = 3, seed = 8, deal = { "9c9d", "2c2d", "AhQh" } })
    assert.are.same(v, other:view(2))
    assert.are.same(v:data(), other:view(2):data())
    -- button 1, three seats: seat 1 acts first and only its view has moves
    assert.are.same({}, g:view(2):moves())
    assert.are.same(g:moves(), g:view(1):moves())
    assert.is_true(#g:view(1):moves() > 0)
  end)

  it("records and replays", function()
    local g = game({ seats = 4, seed = 9, stack = 200, max_hands = 20 })
    local rng = dh.rng(99)
    while g:next_player() do
      local moves = g:legal()
      local m = moves[rng:int(#moves)]
      play(g, { { g:next_player(), m.action, m.min and rng:int(m.min, m.max) } })
    end
    local again = assert(dh.replay(g:record()))
    assert.are.same(g:stacks(), again:view(1):get("stacks"))
    assert.are.equal(g:hand_number(), again:hand_number())
  end)

  it("plays a whole match with bots through deckhand.run", function()
    local bots = {}
    for s = 1, 4 do bots[s] = dh.strategy("random", { seed = s }) end
    local g = dh.play(dh.variant("holdem", { seats = 4, stack = 100 }), bots, { seed = 21 })
    assert.are.equal("over", g:phase())
    local stacks = g:view(1):get("stacks")
    assert.are.equal(400, sum(stacks))
    local r = g:result()
    assert.are.equal(0, sum(r.seats))
    assert.are.equal("chips", r.unit)
    assert.are.equal(1, #r.winners)
    assert.are.equal(400, stacks[r.winners[1]])
    assert.has_error(function()
      dh.play("holdem", { function() return "check" end, function() return "check" end }, { seed = 1 })
    end, "seat 1: illegal move 'check': 'check' is not allowed now (bad_action)")
  end)

  it("loads as a variant from rules/holdem.lua", function()
    local root = os.getenv("DECKHAND_ROOT") or "."
    local v = dofile(root .. "/rules/holdem.lua")
    assert.are.equal("holdem", v.name)
    local g = v.game({ seats = 5, big_blind = 20, small_blind = 10 }, { seed = 1 })
    assert.are.equal(4, g:next_player())
    assert.has_error(function() v.game({ bogus = 1 }) end)
  end)

  it("loads through deckhand.variant and deckhand.game like any variant", function()
    local v = dh.variant("holdem", { seats = 3, stack = 500 })
    assert.are.equal("holdem", v.name)
    assert.are.equal("poker", v.kind)
    local g = dh.game(v, { seed = 9 })
    local view = g:view(1)
    assert.are.equal(1500, sum(view:get("stacks")) + view:get("pot"))  -- blinds 5 + 10 are in the pot
    assert.are.equal(15, view:get("pot"))
    assert.are.equal("preflop", g:phase())
    -- three seats, button 1: small blind 2, big blind 3, seat 1 acts first
    assert.are.equal(1, g:next_player())
    local okb, errb = pcall(dh.variant, "holdem", { bogus = 1 })
    assert.is_false(okb)
    assert.matches("^holdem: unknown option 'bogus' %(its options, with their defaults: .*big_blind=10", errb)
    assert.has_error(function() dh.variant("holdem", { stack = "lots" }) end,
      "holdem: option 'stack' must be a number, got 'lots'")
  end)

  it("keeps every chip over thousands of random hands, and every match ends", function()
    local rng = dh.rng(2024)
    local hands = 0
    for m = 1, 120 do
      local n = rng:int(2, 10)
      local stacks = {}
      for s = 1, n do stacks[s] = rng:int(1, 400) end
      local total = sum(stacks)
      local g = game({ seats = n, stacks = stacks, seed = m, ante = rng:int(0, 2),
        limit = m % 4 == 0 and "fixed" or "no", max_hands = m % 2 == 0 and 60 or nil })
      local steps, seen = 0, 0
      while g:next_player() do
        local moves = g:legal()
        assert.is_true(#moves > 0)
        local mv = moves[rng:int(#moves)]
        local amount = mv.min and rng:int(mv.min, mv.max) or nil
        assert.is_true(g:act(g:next_player(), mv.action, amount))
        local st = g:stacks()
        for s = 1, n do assert.is_true(st[s] >= 0) end
        assert.are.equal(total, sum(st) + g:pot())
        steps = steps + 1
        assert.is_true(steps < 100000, "a match that does not end")
        -- each finished hand: every pot paid out in full, to eligible seats
        local res = g:results()
        while seen < #res do
          seen = seen + 1
          local r, paid, pots = res[seen], 0, 0
          for _, v in ipairs(r.paid) do paid = paid + v end
          for _, p in ipairs(r.pots) do
            pots = pots + p.amount
            assert.is_true(#p.winners >= 1)
            local ok = {}
            for _, s in ipairs(p.eligible) do ok[s] = true end
            for _, s in ipairs(p.winners) do assert.is_true(ok[s]) end
            -- at a showdown the winners hold the best hand of the eligible
            if next(r.shown) then
              local best = 0
              for _, s in ipairs(p.eligible) do best = math.max(best, r.shown[s].value) end
              for _, s in ipairs(p.winners) do assert.are.equal(best, r.shown[s].value) end
            end
          end
          assert.are.equal(pots, paid)
          assert.are.equal(total, sum(r.stacks))
        end
      end
      hands = hands + g:hand_number()
      assert.are.equal("over", g:phase())
      local alive = 0
      for _, v in ipairs(g:stacks()) do if v > 0 then alive = alive + 1 end end
      assert.is_true(alive == 1 or g:hand_number() == 60)
      assert.are.equal(total, sum(g:stacks()))
    end
    assert.is_true(hands >= 2000)
  end)
end)
