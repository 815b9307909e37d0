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
