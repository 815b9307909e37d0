-- strategies/ismcts.lua: information-set MCTS for card play.  Its search
-- is checked where the best card is known exactly: in two-seat Briscola
-- once the talon is empty, each seat can tell the other's hand (every
-- unseen card is there), and the solver (game:solve_moves) gives every
-- card's value with best play.
local dh = require "deckhand"

-- a Briscola game played at random until the talon is empty and the seat
-- to play holds `left` cards
local function endgame(v, seed, left)
  local g = dh.game(v, { seed = seed })
  local rng = dh.rng(seed)
  while g:talon_count() > 0 or #g:hand(g:next_player()) > left do
    assert(g:apply(g:next_player(), rng:pick(g:moves())))
  end
  return g
end

describe("ismcts", function()
  it("finds a best card of an endgame whose cards every seat can tell", function()
    local v = dh.variant("briscola")
    local positions = 0
    for seed = 1, 40 do
      local g = endgame(v, seed, 3)
      local best, values = -math.huge, {}
      for _, m in ipairs(g:solve_moves { objective = "points" }) do
        values[tostring(m.card)] = m.value
        if m.value > best then best = m.value end
      end
      local worst = math.huge
      for _, value in pairs(values) do worst = math.min(worst, value) end
      if worst < best then   -- only positions where the choice matters
        positions = positions + 1
        for _, root in ipairs { "ucb", "paired" } do
          local bot = dh.strategy("ismcts", { variant = v, seed = seed, iterations = 1500, root = root })
          local card = bot.play(g:view(g:next_player()))
          assert.are.equal(best, values[tostring(card)],
                           ("%s, seed %d: %s is worth %d, the best %d"):format(root, seed, tostring(card),
                                                                              values[tostring(card)], best))
        end
      end
    end
    assert.is_true(positions >= 10, "too few endgames where the card matters: " .. positions)
  end)

  it("plays only legal cards, the same game for the same seeds, and bids as pimc", function()
    local function game()
      local v = dh.variant("spades", { max_hands = 1 })
      local bots = {}
      for s = 1, 4 do
        bots[s] = s % 2 == 1 and dh.strategy("ismcts", { variant = v, seed = s, iterations = 60 })
                  or dh.strategy("random", { variant = v, seed = s })
      end
      return dh.play(v, bots, { seed = 11 })
    end
    local a, b = game(), game()
    assert.is_true(a:result().over)
    assert.are.same(a:record().moves, b:record().moves)
    -- the bids are pimc's: the same seed gives the same bid
    local v = dh.variant("spades", { max_hands = 1 })
    local g = dh.game(v, { seed = 4 })
    local view = g:view(g:next_player())
    assert.are.equal(dh.strategy("pimc", { variant = v, seed = 2 }).bid(view),
                     dh.strategy("ismcts", { variant = v, seed = 2 }).bid(view))
  end)

  it("answers card play through its one entry point, move(view), with its own search", function()
    -- the tournament and deckhand.run call move(view): it must be this
    -- strategy's play (two strategies of one seed choose alike), not the
    -- pimc whose bids and phases it borrows
    for _, name in ipairs { "hearts", "briscola" } do
      local v = dh.variant(name)
      local a = dh.strategy("ismcts", { variant = v, seed = 3, iterations = 300 })
      local b = dh.strategy("ismcts", { variant = v, seed = 3, iterations = 300 })
      local heuristic = dh.strategy("heuristic", { variant = v, seed = 1 })
      local g, asked = dh.game(v, { seed = 5 }), 0
      while g:next_player() and g:hand_number() == 1 do
        local seat = g:next_player()
        local view = g:view(seat)
        if g:phase() == "play" and #view:legal() > 1 then
          assert.are.equal(tostring(b.play(view)), tostring(a.move(view)))
          asked = asked + 1
        end
        assert(g:apply(seat, heuristic.move(view)))
      end
      assert.is_true(asked >= 10)
    end
  end)

  it("stops at its time budget and refuses bad options", function()
    local v = dh.variant("hearts")
    local g = dh.game(v, { seed = 2 })
    while g:phase() ~= "play" do assert(g:apply(g:next_player(), g:moves()[1])) end
    local bot = dh.strategy("ismcts", { variant = v, iterations = 10000000, time = 0.05 })
    local t0 = os.clock()
    assert.is_true(g:moves():has(bot.play(g:view(g:next_player()))))
    assert.is_true(os.clock() - t0 < 30)   -- ten million iterations would take hours
    assert.has_error(function() dh.strategy("ismcts", { iterations = 0 }) end)
    assert.has_error(function() dh.strategy("ismcts", { exploration = "wide" }) end)
    assert.has_error(function() dh.strategy("ismcts", { policy = "smart" }) end)
    assert.has_error(function() dh.strategy("ismcts", { root = "middle" }) end)
  end)
end)
