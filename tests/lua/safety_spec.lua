-- safety_spec.lua: no Lua script can crash the host.  Regression tests for
-- what ASan, UBSan and the Lua fuzzer (tests/fuzz/lua_fuzz.lua) found; each
-- crashed, read uninitialised memory or fell through to undefined
-- behaviour before its fix.
local dh = require "deckhand"

describe("memory safety", function()
  it("a short board text gets its reason, not uninitialised memory", function()
    local ok, err = pcall(dh.poker.equity, { players = { "AsKs", "QQ" }, board = "Q" })
    assert.is_false(ok)
    assert.matches("bad board 'Q' at 'Q': missing suit", err, 1, true)
    ok, err = pcall(dh.poker.equity, { players = { "AsKs", "QQ" }, board = "Qs 7" })
    assert.matches("at '7': missing suit", err, 1, true)
  end)

  -- a Game's match lives in a block that its finalizer gives back to a pool
  -- for the next game: a host script (debug.getmetatable reaches the hidden
  -- metatable) calling the finalizer by hand must not leave two games on
  -- one block
  it("a Game finalized by hand is refused, and the game after it is its own", function()
    local v = dh.variant("spades", { max_hands = 1 })
    local g = dh.game(v, { seed = 1 })
    local gc = debug.getmetatable(g).__gc
    gc(g); gc(g)
    local fresh = dh.game(v, { seed = 2 })
    local twin = dh.game(v, { seed = 2 })
    for _, name in ipairs { "moves", "next_player", "clone", "record", "hand", "playout", "legal" } do
      assert.is_false((pcall(g[name], g, 1)), name)
    end
    assert.is_false((pcall(g.apply, g, 1, "bid 3")))
    -- the new games play alike, the old handle touching neither
    local rng_a, rng_b = dh.rng(7), dh.rng(7)
    while fresh:next_player() do
      local s = fresh:next_player()
      assert.is_true(fresh:apply(s, rng_a:pick(fresh:moves())))
      assert.is_true(twin:apply(twin:next_player(), rng_b:pick(twin:moves())))
      pcall(g.apply, g, s, "bid 3")
    end
    assert.are.same(twin:result().seats, fresh:result().seats)
    g = nil
    collectgarbage(); collectgarbage()
    assert.is_nil(fresh:next_player())
  end)

  it("every method and metamethod checks its self", function()
    local g = dh.game("spades", { seed = 1 })
    local objects = { dh.card("As"), dh.cards("As Kd"), dh.rng(1), dh.deck("french52"),
                      dh.order("A K Q J T 9 8 7 6 5 4 3 2"), g, g:view(1), g:rules(),
                      dh.rule.follow_suit, dh.poker.pattern("1{2}") }
    local wrong = { {}, 1, "As", true, dh.cards("As"), dh.card("As") }
    local checked = 0
    for _, x in ipairs(objects) do
      local mt = debug.getmetatable(x)
      local fs = {}
      for k, f in pairs(mt) do
        if type(f) == "function" and k ~= "__gc" then fs[#fs + 1] = f end
        if type(f) == "table" then for _, f2 in pairs(f) do if type(f2) == "function" then fs[#fs + 1] = f2 end end end
      end
      for _, f in ipairs(fs) do
        for _, w in ipairs(wrong) do
          if debug.getmetatable(w) ~= mt then
            local ok, err = pcall(f, w, "x", 1)
            if not ok then assert.is_string(err) end
            checked = checked + 1
          end
        end
      end
    end
    assert.is_true(checked > 300, checked)
    -- the case found first: a CardSet's __index on a table
    local ok, err = pcall(debug.getmetatable(dh.cards("As")).__index, {}, "x")
    assert.are.equal("deckhand.CardSet", getmetatable(dh.cards("As")))   -- what Lua code sees
    assert.is_false(ok)
    assert.matches("CardSet expected", err)
    -- and a number that is no index
    assert.is_nil(dh.cards("As Kd")[1.5])
    assert.is_nil(dh.cards("As Kd")[0 / 0])
  end)

  it("a trick takes 1 to 8 cards, and seats are checked everywhere", function()
    local nine = { "2c", "3c", "4c", "5c", "6c", "7c", "8c", "9c", "Tc" }
    assert.has_error(function() dh.trick_winner(nine) end)
    local g = dh.game("spades", { seed = 1 })
    for _, seat in ipairs { 0, 5, -1, 2 ^ 40 } do
      assert.has_error(function() g:view(seat) end)
      assert.has_error(function() g:hand(seat) end)
    end
  end)

  it("playout finishes the hand or raises; it never stops halfway", function()
    local g = dh.game(dh.variant("spades", { max_hands = 1 }), { seed = 3 })
    g:playout(dh.rng(1), true)
    assert.are.equal("over", g:phase())
    assert.has_error(function() g:playout(nil) end)
  end)
end)
