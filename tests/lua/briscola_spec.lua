-- briscola_spec.lua: Briscola's free play, trick winners, the talon and
-- its points; expected values worked out by hand from rules/briscola.lua.
package.path = "tests/lua/?.lua;" .. package.path
local dh = require "deckhand"

describe("briscola", function()
  -- seat 1 leads (left of dealer 2).  The talon's first card, Js, is
  -- turned up: spades are trumps and Js goes to the bottom of the talon.
  local deal = {
    { "Kc", "4c", "5d" },
    { "2c", "6d", "7h" },
    talon = { "Js", "Qh", "Kh", "As", "3d" },
  }

  local function game(players)
    return dh.game(dh.variant("briscola", { players = players or 2 }), { seed = 4, dealer = 2, deal = deal })
  end

  it("turns up the trump card and puts it under the talon", function()
    local g = game()
    assert.equal("s", g:trump())
    assert.equal("Js", tostring(g:upcard()))
    assert.equal(40 - 6, g:talon_count())
    assert.equal(1, g:next_player())
    -- a stacked deal with its talon is recorded as plain lists and replays
    assert(g:play(1, "Kc")); assert(g:play(2, "7h"))
    local rec = g:record()
    assert.same({ "4c", "Kc", "5d" }, rec.deal[1])   -- a hand is a set: suit, then rank order
    assert.same({ "Js", "Qh", "Kh", "As", "3d" }, rec.deal[3])
    local again = assert(dh.replay(rec))
    assert.equal(g:hand(1), again:hand(1))
    assert.equal(g:hand(2), again:hand(2))
  end)

  it("any card may be played; the winner draws first", function()
    local g = game()
    assert.is_true(g:play(1, "Kc"))
    assert.equal(dh.cards("2c 6d 7h"), g:legal())  -- free play: 7h even holding a club
    assert.is_true(g:play(2, "7h"))
    -- Kc wins (7h is off suit, no trump): seat 1 draws Qh, then seat 2 Kh
    assert.equal(1, select(2, g:last_trick()))
    assert.equal(dh.cards("4c 5d Qh"), g:hand(1))
    assert.equal(dh.cards("2c 6d Kh"), g:hand(2))
    assert.same({ 4, 0 }, { g:taken(1):count() == 2 and 4 or -1, g:taken(2):count() })
    -- seat 1 leads 5d; seat 2's 6d beats it (6 above 5): seat 2 draws As first
    assert.is_true(g:play(1, "5d"))
    assert.is_true(g:play(2, "6d"))
    assert.equal(2, select(2, g:last_trick()))
    assert.equal(dh.cards("2c Kh As"), g:hand(2))
    assert.equal(dh.cards("4c Qh 3d"), g:hand(1))
  end)

  it("strength A 3 K Q J 7 6 5 4 2; trump beats the led suit", function()
    local g = game()
    assert(g:play(1, "Kc")); assert(g:play(2, "7h"))      -- 1 wins, leads
    assert(g:play(1, "5d")); assert(g:play(2, "6d"))      -- 2 wins, leads
    assert(g:play(2, "Kh")); assert(g:play(1, "Qh"))      -- K above Q: 2 wins
    assert.equal(2, select(2, g:last_trick()))
    local h1, h2 = g:hand(1), g:hand(2)
    -- seat 2 drew first after each of its wins
    assert.equal(3, h1:count()); assert.equal(3, h2:count())
    local lead = h2:list()[1]
    assert(g:play(2, lead))
    assert(g:play(1, g:legal():list()[1]))
  end)

  it("the turned-up trump is the last card drawn, by the loser", function()
    local rng = dh.rng(2)
    for seed = 1, 30 do
      local g = dh.game("briscola", { seed = seed })
      local up = g:upcard()
      while g:talon_count() > 0 do assert(g:play(g:next_player(), rng:pick(g:legal()))) end
      local _, winner = g:last_trick()
      local loser = 3 - winner
      assert.is_true(g:hand(loser):has(up))
      -- everyone saw it turned up: the winner's view knows where it is
      assert.is_true(g:view(winner):hand(loser):has(up))
    end
  end)

  it("card points sum to 120; more than 60 wins, 60-60 is a draw", function()
    local rng, draws = dh.rng(7), 0
    for seed = 1, 400 do
      local g = dh.game("briscola", { seed = seed })
      g:playout(rng)
      local s = g:scores()
      assert.equal(120, s[1] + s[2])
      if s[1] == 60 then
        draws = draws + 1
        assert.same({ 1, 2 }, g:winners())
      else
        assert.same({ s[1] > 60 and 1 or 2 }, g:winners())
      end
      assert.equal(20, g:last_tricks()[1] + g:last_tricks()[2])
    end
    assert.is_true(draws > 0)
  end)

  it("three players play without one 2; four play in partnerships", function()
    local rng = dh.rng(8)
    local g3 = dh.game(dh.variant("briscola", { players = 3 }), { seed = 1 })
    assert.equal(39 - 9, g3:talon_count())
    g3:playout(rng)
    local s = g3:scores()
    assert.equal(120, s[1] + s[2] + s[3])
    local g4 = dh.game(dh.variant("briscola", { players = 4 }), { seed = 1 })
    assert.equal(2, g4:sides())
    assert.equal(1, g4:side(3))
    g4:playout(rng)
    s = g4:scores()
    assert.equal(2, #s)
    assert.equal(120, s[1] + s[2])
  end)
end)

describe("briscola's trump exchange (option exchange)", function()
  local H = require "trick_helper"
  -- seat 1 leads (left of dealer 2) holding the 2 of spades; Js is turned
  -- up and goes under the talon: spades are trumps, 2s the lowest of them
  local deal = {
    { "2s", "4c", "5d" },
    { "2c", "6d", "7h" },
    talon = { "Js", "Qh", "Kh", "As", "3d" },
  }
  local function game(options)
    return dh.game(dh.variant("briscola", options or { exchange = true }), { seed = 4, dealer = 2, deal = deal })
  end
  local function texts(moves)
    local out = {}
    for i, m in ipairs(moves) do out[i] = tostring(m) end
    return table.concat(out, " ")
  end
  local function refused(g, seat, want)
    local before, rec = H.snapshot(g), g:record()
    local ok, msg, code = g:exchange(seat)
    assert.is_nil(ok)
    assert.equal(want, code)
    assert.is_string(msg)
    assert.same(before, H.snapshot(g))
    assert.same(rec, g:record())
  end

  it("is off by default: no move, and refused", function()
    local g = game({})
    assert.is_false(g:can_exchange())
    assert.equal("4c 5d 2s", texts(g:moves()))
    refused(g, 1, "cannot_exchange")
  end)

  it("swaps the 2 of trumps for the turned card: a move beside the cards, once", function()
    local g = game()
    assert.is_true(g:can_exchange())
    assert.is_true(g:view(1):can_exchange())
    assert.is_false(g:view(2):can_exchange())       -- not seat 2's turn
    assert.equal("4c 5d 2s exchange", texts(g:moves()))
    assert.equal(dh.cards("4c 5d 2s"), g:legal())    -- legal() stays the cards
    refused(g, 2, "not_your_turn")
    assert(g:apply(1, "exchange"))
    -- Js into seat 1's hand, 2s face up under the talon; trumps and talon unchanged
    assert.equal(dh.cards("Js 4c 5d"), g:hand(1))
    assert.equal("2s", tostring(g:upcard()))
    assert.equal("s", g:trump())
    assert.equal(34, g:talon_count())
    assert.is_true(g:talon():has("2s"))
    assert.is_false(g:talon():has("Js"))
    assert.equal(1, g:next_player())                 -- still seat 1 to play
    assert.is_false(g:can_exchange())                -- 2s no longer held: once
    refused(g, 1, "cannot_exchange")
    assert.equal("4c 5d Js", texts(g:moves()))
    -- seat 2 saw it: Js is known to be in seat 1's hand, 2s is the face-up card
    local v = g:view(2)
    assert.equal(dh.cards("Js"), v:hand(1))
    assert.equal("2s", tostring(v:upcard()))
    -- the deal as dealt: seat 1 held 2s, Js was turned
    local d = g:deal()
    assert.equal(dh.cards("2s 4c 5d"), d[1])
    assert.equal("Js", tostring(d.talon[1]))
    -- the record says it, and replays
    local rec = g:record()
    assert.same({ 1, "exchange" }, rec.moves[1])
    local again = assert(dh.replay(rec))
    assert.same(H.snapshot(g), H.snapshot(again))
  end)

  it("the 2 of trumps is then drawn last, by the loser of the last drawing trick; points unchanged", function()
    for seed = 1, 20 do
      local g = dh.game(dh.variant("briscola", { exchange = true }), { seed = seed, dealer = 2, deal = deal })
      assert(g:exchange(1))
      local rng = dh.rng(seed)
      while g:talon_count() > 0 do assert(g:play(g:next_player(), rng:pick(g:legal()))) end
      local _, winner = g:last_trick()
      assert.is_true(g:hand(3 - winner):has("2s"))
      assert.is_true(g:view(winner):hand(3 - winner):has("2s"))   -- everyone saw it face up
      g:playout(rng)
      local s = g:scores()
      assert.equal(120, s[1] + s[2])
    end
  end)

  it("is refused once the talon is empty, the 2 of trumps still held", function()
    local g = game()
    -- seat 1 keeps 2s: it plays its other cards
    while g:talon_count() > 0 do
      local seat = g:next_player()
      local pick
      for _, c in ipairs(g:legal():list()) do if tostring(c) ~= "2s" then pick = c; break end end
      assert(g:play(seat, pick or g:legal():list()[1]))
    end
    assert.is_true(g:hand(1):has("2s"))
    while g:next_player() ~= 1 do assert(g:play(g:next_player(), g:legal():list()[1])) end
    assert.is_false(g:can_exchange())
    refused(g, 1, "cannot_exchange")
  end)

  it("with exchange_first_trick only during the first trick", function()
    -- seat 1 keeps 2s through trick 1 and may then no longer exchange
    local g = game { exchange = true, exchange_first_trick = true }
    assert.is_true(g:can_exchange())
    assert(g:play(1, "4c"))
    assert.is_true(g:can_exchange() == false)    -- seat 2 holds no trump
    assert(g:play(2, "2c"))                      -- 4c beats 2c: seat 1 leads trick 2
    assert.equal(1, g:next_player())
    assert.is_true(g:hand(1):has("2s"))
    assert.is_false(g:can_exchange())
    local before = H.snapshot(g)
    local ok, msg, code = g:exchange(1)
    assert.is_nil(ok)
    assert.equal("cannot_exchange", code)
    assert.matches("first trick", msg)
    assert.same(before, H.snapshot(g))
    -- and the second player of the first trick may exchange too
    local d2 = { { "4c", "5d", "6d" }, { "2s", "2c", "7h" }, talon = deal.talon }
    local g2 = dh.game(dh.variant("briscola", { exchange = true, exchange_first_trick = true }),
                       { seed = 1, dealer = 2, deal = d2 })
    assert(g2:play(1, "4c"))
    assert.is_true(g2:can_exchange())
    assert(g2:apply(2, "exchange"))
    assert.equal(dh.cards("Js 2c 7h"), g2:hand(2))
  end)

  it("in the three-handed game without the 2 of clubs the 4 is the lowest club", function()
    local g = dh.game(dh.variant("briscola", { players = 3, exchange = true }), {
      seed = 1, dealer = 3,
      deal = { { "4c", "5d", "6d" }, { "3c", "7h", "6h" }, { "Ah", "Jd", "Qd" }, talon = { "Kc" } },
    })
    assert.equal("c", g:trump())
    assert.is_true(g:can_exchange())
    assert(g:apply(1, "exchange"))
    assert.equal(dh.cards("Kc 5d 6d"), g:hand(1))
    assert.equal("4c", tostring(g:upcard()))
  end)

  it("a world sampled after it replays it, the 2 of trumps dealt to the exchanger", function()
    local g = game()
    assert(g:apply(1, "exchange"))
    assert(g:play(1, "Js"))
    assert(g:play(2, "7h"))     -- Js wins: seat 1 draws Qh, seat 2 Kh
    local rng = dh.rng(5)
    for _ = 1, 20 do
      local world = g:view(2):sample(rng)
      assert.same(H.snapshot(g:view(2)), H.snapshot(world:view(2)))
      assert.is_true(world:hand(1):has("Js") == false and world:played():has("Js"))
      local again, d = world:rewind(), world:deal()
      assert.is_true(d[1]:has("2s"))
      assert.equal("Js", tostring(d.talon[1]))
      assert(again:apply(1, "exchange"))
      assert(again:play(1, "Js"))
      assert(again:play(2, "7h"))
      for s = 1, 2 do assert.equal(world:hand(s), again:hand(s)) end
      assert.same(H.snapshot(g:view(2)), H.snapshot(again:view(2)))
    end
  end)

  it("bots: the heuristic and pimc exchange whenever allowed, random sometimes", function()
    local v = dh.variant("briscola", { exchange = true })
    for _, name in ipairs { "heuristic", "pimc", "ismcts" } do
      local bot = dh.strategy(name, { variant = v, seed = 1 })
      assert.equal("exchange", tostring(bot.move(game():view(1))))
    end
    local random, seen = dh.strategy("random", { variant = v, seed = 3 }), 0
    for _ = 1, 60 do if tostring(random.move(game():view(1))) == "exchange" then seen = seen + 1 end end
    assert.is_true(seen > 5 and seen < 30)    -- one move in four: 15 expected
  end)
end)

describe("briscola exchange options, bad values", function()
  it("takes true or false only (a number is no flag), and exchange_first_trick only with exchange", function()
    for _, opts in ipairs { { exchange = 1 }, { exchange = 0 }, { exchange = true, exchange_first_trick = 1 } } do
      local ok, err = pcall(dh.variant, "briscola", opts)
      assert.is_false(ok)
      assert.matches("briscola: exchange%S* must be true or false, got %d", err)
    end
    local ok, err = pcall(dh.variant, "briscola", { exchange_first_trick = true })
    assert.is_false(ok)
    assert.matches("briscola: exchange_first_trick needs exchange = true", err, 1, true)
  end)
end)
