-- The greedy playout policy (engine/trick/policy.c) seen from Lua.
local dh = require "deckhand"

describe("greedy policy", function()
  it("plays a legal card, wins cheaply when the trick is the other side's", function()
    local v = dh.variant("spades", { max_hands = 1 })
    local rng = dh.rng(5)
    local checked = 0
    for seed = 1, 30 do
      local g = dh.game(v, { seed = seed })
      while g:next_player() do
        local s = g:next_player()
        if g:phase() == "bid" then assert(g:bid(s, 3))
        else
          local view = g:view(s)
          local c = view:greedy()
          assert.is_true(g:legal():has(c))
          local cards, seats = g:trick()
          if #cards > 0 then
            local w = dh.trick_winner(cards, "s")
            local theirs = g:side(seats[w]) ~= g:side(s)
            local can_win = false
            for card in g:legal():iter() do
              local t = { table.unpack(cards) }
              t[#t + 1] = card
              if dh.trick_winner(t, "s") == #t then can_win = true end
            end
            local t = { table.unpack(cards) }
            t[#t + 1] = c
            if theirs and can_win then
              assert.are.equal(#t, dh.trick_winner(t, "s"))
              checked = checked + 1
            end
          end
          assert(g:play(s, rng:int(2) == 1 and c or rng:pick(g:legal())))
        end
      end
    end
    assert.is_true(checked > 50)
  end)

  it("drives the bulk playouts", function()
    local g = dh.game(dh.variant("hearts", { max_hands = 1 }), { seed = 2 })
    local s = g:next_player()
    assert.are.equal("pass", g:phase())
    local points = g:playouts(dh.rng(1), 10, "greedy")
    local total = 0
    for _, p in ipairs(points) do total = total + p end
    assert.is_true(total > 25.99 and total < 78.01)
    assert.has_error(function() g:playouts(dh.rng(1), 10, "clever") end)
    assert.is_number(s)
    -- a finished match (a bot's world after its last card) says where the
    -- hand's points are (it said "game over" alone)
    g:playout(dh.rng(3))
    assert.is_nil(g:next_player())
    assert.has_error(function() g:playouts(dh.rng(1), 10, "greedy") end,
      "playouts: the match is over (the last hand's points: game:hand_points())")
  end)
end)
