-- The shipped strategies: loaded by name, legal in every variant, fixed
-- contracts at both tables, and nothing of the game reachable through a view.
local dh = require "deckhand"
local json = require "deckhand.json"

package.path = "tests/lua/?.lua;" .. package.path
local tmpname = require "file_helper".tmpname
local H = require "tournament_helper"   -- the tests' bots, quick settings
local per_table, with = H.per_table, H.with

describe("strategies", function()
  it("load by name from the search path, also from a user's folder", function()
    local s = dh.strategy("heuristic", { variant = dh.variant("spades") })
    assert.is_function(s.play)
    assert.is_function(dh.strategy("raiser").play)
    assert.has_error(function() dh.strategy("no_such_bot") end)
  end)

  it("heuristic and pimc only make legal moves in every variant", function()
    for _, v in ipairs { "spades", "hearts", "briscola", "ohhell" } do
      local res = dh.tournament { variant = v, players = { "heuristic", "random" }, games = 8, seed = 3,
                                  progress = false }
      assert.are.equal(0, #res.forfeits, v)
      res = dh.tournament { variant = v, players = { "greedy", "random" }, games = 8, seed = 5, progress = false }
      assert.are.equal(0, #res.forfeits, v)
      res = dh.tournament { variant = v, players = { "pimc", "heuristic" }, games = 1, seed = 4,
                            progress = false, strategy_options = { pimc = { worlds = 2, playouts = 8 } } }
      assert.are.equal(0, #res.forfeits, v)
      res = dh.tournament { variant = v, players = { "pimc", "heuristic" }, games = 1, seed = 4,
                            progress = false, strategy_options = { pimc = { worlds = 3, policy = "random" } } }
      assert.are.equal(0, #res.forfeits, v)
    end
  end)

  it("say how move is called when called with a colon, or with no view", function()
    local g = dh.game(dh.variant("spades"), { seed = 1 })
    for _, name in ipairs { "heuristic", "random", "pimc" } do
      local bot = dh.strategy(name, { variant = dh.variant("spades") })
      local ok, err = pcall(function() local m = bot:move(g:view(g:next_player())); return m end)
      assert.is_false(ok)
      assert.matches(name .. ": move takes the seat's view: call it as bot.move(view), not bot:move(view)", err, 1, true)
      ok, err = pcall(bot.move, nil)
      assert.is_false(ok)
      assert.matches("bad argument #1 to 'move' (view expected, got nil)", err, 1, true)
    end
  end)

  it("random also plays Hold'em, its move answered by act", function()
    local a, b = dh.strategy("random", { seed = 1 }), dh.strategy("random", { seed = 2 })
    local g = dh.play("holdem", { a, b }, { seed = 3 })
    assert.is_nil(g:next_player())
  end)

  it("random bets at no limit with stacks too deep for one draw of its rng (over 2^32 chips)", function()
    for _, name in ipairs { "holdem", "omaha" } do
      local v = dh.variant(name, { stack = 1 << 40, limit = "no", max_hands = 3 })
      local a, b = dh.strategy("random", { seed = 1 }), dh.strategy("random", { seed = 2 })
      local g = dh.play(v, { a, b }, { seed = 3 })
      assert.is_nil(g:next_player(), name)
    end
  end)

  it("heuristic beats random at Spades card play", function()
    local res = dh.tournament(with { games = 20, bid_with = "heuristic" })
    assert.is_true(res.diff.tricks > 1)
  end)

  it("fixes Bridge's contract with bid_with: the same calls at both tables, declared by each side in turn", function()
    -- the heuristic's calls depend only on the hand and the calls before
    -- (heuristic/bridge.lua): with it making every call, both tables of a
    -- deal reach the same contract by the same seat, so one strategy
    -- declares it at one table and the other at the next; without it,
    -- random's calls give other contracts (the check can fail)
    local v = dh.variant("bridge", { boards = 1 })
    local function contracts(cfg)
      return per_table(cfg, function(e)
        local g = dh.game(v, { seed = e.record.seed, dealer = e.record.dealer })
        for _, m in ipairs(e.record.moves) do
          if g:phase() ~= "auction" then break end
          assert(g:apply(m[1], m[2]))
        end
        local declarer = g:phase() == "play" and g:declarer() or nil
        return { contract = g:var(1), doubled = g:var(3), declarer = declarer, by = declarer and e.seats[declarer] }
      end)
    end
    local cfg = { variant = "bridge", options = { boards = 1 }, players = { "heuristic", "random" },
                  games = 12, seed = 5, bid_with = "heuristic" }
    local played = 0
    for _, t in ipairs(contracts(with(cfg))) do
      local a, b = t[1], t[2]
      assert.are.same({ a.contract, a.doubled, a.declarer }, { b.contract, b.doubled, b.declarer })
      if a.declarer then
        played = played + 1
        assert.are_not.equal(a.by, b.by)   -- declared by heuristic at one table, random at the other
      end
    end
    assert.is_true(played >= 6)
    cfg.bid_with = nil
    local differ = 0
    for _, t in ipairs(contracts(with(cfg))) do
      if t[1].contract ~= t[2].contract or t[1].declarer ~= t[2].declarer then differ = differ + 1 end
    end
    assert.is_true(differ > 0)
  end)

  it("fixes Euchre's trump making with bid_with: the same passes and calls at both tables", function()
    -- the heuristic orders up or calls by its hand's worth alone
    -- (heuristic/euchre.lua): making every such move, it makes trumps
    -- alike at both tables of a deal; random's moves differ (the check
    -- can fail)
    local function makings(cfg)
      return per_table(cfg, function(e)
        local moves = {}
        for _, m in ipairs(e.record.moves) do
          if not (m[2]:match "^pass" or m[2]:match "^order" or m[2]:match "^pick" or m[2]:match "^call") then break end
          moves[#moves + 1] = m[1] .. " " .. m[2]
        end
        return table.concat(moves, ", ")
      end)
    end
    local cfg = { variant = "euchre", players = { "random", "greedy" }, games = 12, seed = 5, bid_with = "heuristic" }
    local made = 0
    for _, t in ipairs(makings(with(cfg))) do
      assert.are.equal(t[1], t[2])
      if t[1]:match "order" or t[1]:match "pick" or t[1]:match "call" then made = made + 1 end
    end
    assert.is_true(made >= 6)
    cfg.bid_with = nil
    local differ = 0
    for _, t in ipairs(makings(with(cfg))) do
      if t[1] ~= t[2] then differ = differ + 1 end
    end
    assert.is_true(differ > 0)
  end)

  it("counts a whole Oh Hell match per deal, reported per hand", function()
    -- four players: hands of 1..13 and back down to 1 (the rule text), so a
    -- match is 25 hands and 1+2+...+13+12+...+1 = 169 tricks
    local rec = tmpname()
    local res = dh.tournament(with { variant = "ohhell", players = { "heuristic", "random" },
                                     games = 2, record = rec })
    local games = 0
    for line in io.lines(rec) do
      local l = json.decode(line)
      for _, g in ipairs(l.games or {}) do
        games = games + 1
        assert.are.equal(25, g.hands)
        local t = 0
        for _, x in ipairs(g.tricks) do t = t + x end
        assert.are.equal(169, t)
      end
    end
    os.remove(rec)
    assert.are.equal(2 * 4, games)   -- two deals, four rotations each
    -- per seat and hand: the two strategies' means add up to 2 x 169 / 25 / 4
    local sum = 0
    for _, r in ipairs(res.players) do sum = sum + r.tricks end
    assert.is_true(math.abs(sum - 169 / 25 / 2) < 1e-9, tostring(sum))
  end)

  it("cannot reach hidden cards or the game through the view", function()
    local game = dh.game(dh.variant("spades"), { seed = 9 })
    local seat = game:next_player()
    local view = game:view(seat)
    local other = seat % 4 + 1
    assert.are.equal(0, #view:hand(other))
    assert.is_nil(rawget(dh.View, "play"))
    assert.is_nil(view.play)
    assert.is_nil(view.game)
    assert.is_nil(debug.getuservalue(view, 2))
    local uv = debug.getuservalue(view, 1)
    assert.is_not.equal(game, uv)
    -- a world sampled from the view is one consistent deal, not the real one
    local w = view:sample(dh.rng(1))
    assert.are.equal(game:hand(seat), w:hand(seat))
    -- views of games differing only in hidden cards are identical
    assert.are.equal(13, #view:unseen() // 3)
    -- a bot playing an unseen card is refused and forfeits
    local res = dh.tournament(with { players = { "cheater", "random" }, games = 1 })
    assert.is_true(#res.forfeits >= 1)
    assert.matches("illegal move %(play%)", res.forfeits[1].reason)
  end)
end)
