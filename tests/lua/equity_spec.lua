-- equity_spec.lua: deckhand.poker.equity and deckhand.poker.range
local dh = require "deckhand"
local poker = dh.poker

describe("deckhand.poker.range", function()
  it("expands the usual notation to the right number of combos", function()
    assert.are.equal(18, #poker.range("QQ+"))        -- QQ KK AA, 6 each
    assert.are.equal(4, #poker.range("AKs"))
    assert.are.equal(12, #poker.range("AKo"))
    assert.are.equal(16, #poker.range("AK"))
    assert.are.equal(12, #poker.range("76s-54s"))    -- 76s 65s 54s
    assert.are.equal(36, #poker.range("A5s+"))       -- A5s..AKs
    assert.are.equal(30, #poker.range("QQ-88"))
    assert.are.equal(1326, #poker.range("*"))
    assert.are.equal(34, #poker.range("QQ+, AKs, AKo"))
  end)

  it("removes combos that hold dead cards", function()
    assert.are.equal(3, #poker.range("AKs", "As"))
    assert.are.equal(15, #poker.range("QQ+", "Ks"))
    for _, c in ipairs(poker.range("AK", "Ad Kh")) do
      assert.is_false(c:has("Ad") or c:has("Kh"))
    end
  end)

  it("names the bad item", function()
    assert.has_error(function() poker.range("AKs, QX+") end,
      "bad range 'AKs, QX+' at 'QX': second rank expected")
    assert.has_error(function() poker.range("AA", nil, "omaha") end)
  end)
end)

describe("deckhand.poker.range for Omaha", function()
  local function n(s, dead) return #poker.range(s, dead, "omaha") end

  it("counts patterns as the formulas do", function()
    assert.are.equal(1225, n("AsAhxx"))              -- C(50,2)
    assert.are.equal(1225, n("AsAh**"))
    assert.are.equal(6961, n("AAxx"))                -- C(4,2)C(48,2) + 4*48 + 1
    assert.are.equal(3432, n("AAxx", "As"))          -- C(3,2)C(48,2) + 48
    assert.are.equal(6, n("AAKKds"))
    assert.are.equal(2 * 6961 - 36, n("AAxx, KKxx"))  -- AAKK once
    assert.are.equal(1, n("AsKsQdJd"))
  end)

  it("lists hands that fit the pattern", function()
    for _, h in ipairs(poker.range("AsAhxx", "Kd", "omaha")) do
      assert.are.equal(4, #h)
      assert.is_true(h:has("As") and h:has("Ah"))
      assert.is_false(h:has("Kd"))
    end
    for _, h in ipairs(poker.range("KKQxds", nil, "omaha")) do
      local suits, k, q = {}, 0, 0
      for c in h:iter() do
        suits[c.suit] = (suits[c.suit] or 0) + 1
        if c.rank == 13 then k = k + 1 elseif c.rank == 12 then q = q + 1 end
      end
      local shape = {}
      for _, m in pairs(suits) do shape[#shape + 1] = m end
      table.sort(shape)
      assert.are.same({ 2, 2 }, shape)
      assert.is_true(k >= 2 and q >= 1)
    end
  end)

  it("names the bad item", function()
    assert.has_error(function() poker.range("AAxx, AsAhxxx", nil, "omaha") end,
      "bad range 'AAxx, AsAhxxx' at 'AsAhxxx': more than four cards")
    assert.has_error(function() poker.range("AsAsxx", nil, "omaha") end,
      "bad range 'AsAsxx' at 'AsAs': a card twice")
    assert.has_error(function() poker.range("QQ+", nil, "omaha") end,
      "bad range 'QQ+' at 'QQ+': card, rank or x expected")
    assert.has_error(function() poker.range("AsAh", nil, "omaha") end,
      "bad range 'AsAh' at 'AsAh': omaha hands are four cards (x for an unknown one: AsAhxx)")
    assert.has_error(function() poker.range("AAAAds", nil, "omaha") end,
      "bad range 'AAAAds' at 'AAAAds': no four cards fit this suit pattern")
    assert.has_error(function() poker.range("AAxx") end)   -- not Hold'em
  end)

  -- hands listed one by one went on past the list's 1326 places, over
  -- the memory after it (an abort, or a segfault, from a bot's call)
  it("refuses more hands listed than a list holds, and a text longer than any range needs", function()
    local deck = dh.deck("french52"):cards()
    local hands = {}
    for a = 2, 52 do for b = a + 1, 52 do for c = b + 1, 52 do
      if #hands < 1400 then hands[#hands + 1] = tostring(deck[1]) .. tostring(deck[a]) .. tostring(deck[b]) .. tostring(deck[c]) end
    end end end
    local listed = table.concat(hands, ",", 1, 1326)
    assert.are.equal(1326, #poker.range(listed .. "," .. listed, nil, "omaha"))   -- repeats count once
    local ok, err = pcall(poker.range, table.concat(hands, ","), nil, "omaha")
    assert.is_false(ok)
    assert.matches("at '" .. hands[1327] .. "': more than 1326 hands listed", err, 1, true)
    ok, err = pcall(poker.equity, { game = "omaha", players = { table.concat(hands, ","), "AsAhKsKh" }, samples = 10 })
    assert.is_false(ok)
    assert.matches("more than 1326 hands listed (player 1)", err, 1, true)
    -- each "*" is 1326 insertions: a text of megabytes of them ran for
    -- minutes in one call; 64 KiB are more than any range needs
    assert.are.equal(1326, #poker.range(("*,"):rep(32767) .. "*"))
    local long = ("22+,"):rep(16384) .. "22+"
    ok, err = pcall(poker.range, long)
    assert.is_false(ok)
    assert.are.equal("bad range '22+,22+,22+,22+,22+,22+,22+,22+,22+,22+,...' (65539 characters): range text longer than 65536 bytes",
                     (err:gsub("^.-bad range", "bad range")))
    ok, err = pcall(poker.equity, { players = { long, "AsAh" } })
    assert.is_false(ok)
    assert.matches("range text longer than 65536 bytes (player 1)", err, 1, true)
  end)
end)

describe("deckhand.poker.equity", function()
  it("counts river outcomes exactly (worked by hand)", function()
    -- AhKh vs 7s7c on 7h 2h 9d Qc: 44 rivers.  9 hearts are left, but 9h
    -- and Qh pair the board and fill up the set: the flush wins on 7.
    local r = poker.equity { players = { "AhKh", "7s7c" }, board = "7h 2h 9d Qc" }
    assert.is_true(r.exact)
    assert.are.equal(44, r.boards)
    assert.are.equal(7, r[1].wins)
    assert.are.equal(37, r[2].wins)
    assert.are.equal(0, r[1].ties)
    assert.is_near(7 / 44, r[1].equity, 1e-12)
    assert.are.equal(0, r[1].ci)
  end)

  it("splits ties", function()
    -- AsKd vs AhKc on 2c 7d 9h Jc: no flush or straight possible for
    -- either, every pair is shared: all 44 rivers tie
    local r = poker.equity { players = { "AsKd", "AhKc" }, board = "2c7d9hJc" }
    assert.are.equal(44, r[1].ties)
    assert.are.equal(1, r[1].tie)
    assert.are.equal(0.5, r[1].equity)
    assert.are.equal(0.5, r[2].equity)
  end)

  it("enumerates heads-up preflop: 48 choose 5 boards", function()
    local r = poker.equity { players = { "AsAh", dh.cards("Kd Kc") } }
    assert.is_true(r.exact)
    assert.are.equal(1712304, r.boards)
    assert.are.equal(1712304, r[1].wins + r[2].wins + r[1].ties)
    assert.is_near(1, r[1].equity + r[2].equity, 1e-12)
  end)

  it("Omaha plays exactly two hole cards", function()
    -- four hearts on the board and one in the hand: no flush in Omaha
    local b = "2h 5h 9h Jh Kc"
    local r = poker.equity { game = "omaha", players = { "Ah3s4d8c", "QsQd7c6c" }, board = b }
    assert.are.equal(1, r[2].wins)
    r = poker.equity { game = "omaha", players = { "Ah3h4d8c", "QsQd7c6c" }, board = b }
    assert.are.equal(1, r[1].wins)
    r = poker.equity { players = { "Ah3s", "QsQd" }, board = b }
    assert.are.equal(1, r[1].wins)
  end)

  it("Omaha with a partly known hand matches a loop over its hands", function()
    -- AsKdJd7c against Ah Ac and two unknown cards on a river: every
    -- hand of player 2 valued by the plain rule (best of two hole cards
    -- and three board cards), counted here
    local board = dh.cards("Ks 8s 5d 2h Jc")
    local known = dh.cards("As Kd Jd 7c")
    local function best(hole)
      local h, b, top = {}, {}, nil
      for c in hole:iter() do h[#h + 1] = c end
      for c in board:iter() do b[#b + 1] = c end
      for i = 1, 4 do for j = i + 1, 4 do
        for x = 1, 5 do for y = x + 1, 5 do for z = y + 1, 5 do
          local v = poker.eval(dh.cards { h[i], h[j], b[x], b[y], b[z] })
          if not top or v > top then top = v end
        end end end
      end end
      return top
    end
    local mine, wins, losses, ties, n = best(known), 0, 0, 0, 0
    for _, h in ipairs(poker.range("AhAcxx", board | known, "omaha")) do
      local v = best(h)
      n = n + 1
      if mine > v then wins = wins + 1 elseif mine < v then losses = losses + 1 else ties = ties + 1 end
    end
    assert.are.equal(820, n)                          -- C(41,2)
    local r = poker.equity { game = "omaha", players = { "AsKdJd7c", "AhAcxx" }, board = "Ks 8s 5d 2h Jc" }
    assert.is_true(r.exact)
    assert.are.equal(n, r.boards)
    assert.are.equal(wins, r[1].wins)
    assert.are.equal(losses, r[2].wins)
    assert.are.equal(ties, r[1].ties)
    local mc = poker.equity { game = "omaha", players = { "AsKdJd7c", "AhAcxx" },
      board = "Ks 8s 5d 2h Jc", exact = false, samples = 50000, seed = 4 }
    assert.is_true(mc.sampled)
    assert.is_true(math.abs(mc[1].equity - r[1].equity) < 3 * mc[1].stderr)
  end)

  it("Omaha ranges that cannot all be dealt are refused", function()
    assert.has_error(function()
      poker.equity { game = "omaha", players = { "AAxx", "AAxx", "AAxx" } }
    end, "equity: the players' hands cannot all be dealt at once")
    assert.has_error(function()
      poker.equity { game = "omaha", players = { "AsKsQdJd", "AsAhxxx" } }
    end, "bad range 'AsAhxxx' at 'AsAhxxx': more than four cards (player 2)")
  end)

  it("Monte Carlo agrees with enumeration within its interval", function()
    local spot = { players = { "AhKh", "QQ+", "76s-54s" }, board = "Th 8h 6c" }
    local ex = poker.equity(spot)
    assert.is_true(ex.exact)
    spot.exact, spot.samples, spot.seed = false, 100000, 9
    local mc = poker.equity(spot)
    assert.is_false(mc.exact)
    assert.are.equal(100000, mc.boards)
    for i = 1, 3 do
      assert.is_true(mc[i].ci > 0)
      assert.is_true(math.abs(mc[i].equity - ex[i].equity) < mc[i].ci * 1.5)
    end
    local again = poker.equity(spot)
    assert.are.equal(mc[1].equity, again[1].equity)
  end)

  it("reports progress, stops on request and on time", function()
    local calls = 0
    local r = poker.equity { players = { "AsKs", "QQ" }, exact = false, samples = 10 ^ 9 // 1 | 0,
      every = 10000, progress = function(done, total)
        calls = calls + 1
        assert.are.equal(10 ^ 9 // 1 | 0, total)
        return done >= 50000
      end }
    assert.are.equal("progress", r.stopped)
    assert.is_true(calls >= 5 and r.boards < 70000)
    r = poker.equity { players = { "AsKs", "QQ" }, exact = false, samples = 10 ^ 12 // 1 | 0, time = 0.02 }
    assert.are.equal("time", r.stopped)
    assert.is_true(r.boards > 0)
    -- an enumeration cut short is no sample: counts, but no interval
    r = poker.equity { players = { "AsKs", "QQ" }, exact = true, every = 4096,
      progress = function(done) return done >= 8192 end }
    assert.are.equal("progress", r.stopped)
    assert.is_false(r.exact or r.sampled)
    assert.is_nil(r[1].ci)
    assert.are.equal(r.boards, r[1].wins + r[2].wins + r[1].ties)
    assert.has_error(function()
      poker.equity { players = { "AsKs", "QQ" }, progress = function() error("boom", 0) end, every = 1000 }
    end, "boom")
  end)

  it("rejects bad input with clear messages", function()
    local function eq(t) return function() poker.equity(t) end end
    assert.has_error(eq { players = { "QX+", "AA" } },
      "bad range 'QX+' at 'QX': second rank expected (player 1)")
    assert.has_error(eq { players = { "AsKs", "AsQd" } }, "card As appears twice")
    assert.has_error(eq { players = { "AsKs", "QQ" }, board = "2c 2c 3d" }, "card 2c appears twice")
    assert.has_error(eq { players = { "AsKs", "QQ" }, board = "Ks 2c 3d" }, "card Ks appears twice")
    assert.has_error(eq { players = { "AsKs", "QQ" }, board = "2c 3d" })
    assert.has_error(eq { players = { "AsKs" } })
    assert.has_error(eq { players = { "AsKs", "QQ" }, game = "stud" })
    assert.has_error(eq { players = { "AsKs", "KK" }, game = "omaha" })
  end)

  it("names a bad field of the request, and refuses counts below 1 before any work", function()
    local function eq(t) return function() poker.equity(t) end end
    -- a misspelt field would be ignored: a million trials instead of ten
    assert.has_error(eq { players = { "AA", "KK" }, sample = 10 },
      "equity: unknown field 'sample' (the fields: players, board, dead, game, exact, max_exact, "
      .. "samples, seed, time, threads, progress, every)")
    assert.has_error(eq { players = { "AA", "KK" }, [1] = "x" },
      "equity: unknown field of type number (fields are named by strings)")
    -- the field is named, not an argument of the call
    assert.has_error(eq { players = { "AA", "KK" }, game = "stud" },
      "equity: 'game' must be 'holdem' or 'omaha', got 'stud'")
    assert.has_error(eq { players = { "AA", "KK" }, game = 7 },
      "equity: 'game' must be 'holdem' or 'omaha', got number")
    -- read unsigned by the engine, -5 trials were some 2^64: the call never returned
    assert.has_error(eq { players = { "AA", "KK" }, exact = false, samples = -5 },
      "equity: 'samples' must be a positive integer, got -5")
    assert.has_error(eq { players = { "AA", "KK" }, exact = false, samples = 0 },
      "equity: 'samples' must be a positive integer, got 0")
    assert.has_error(eq { players = { "AA", "KK" }, every = -1 },
      "equity: 'every' must be a positive integer, got -1")
    assert.has_error(eq { players = { "AA", "KK" }, max_exact = -1 },
      "equity: 'max_exact' must be a positive integer, got -1")
    local r = poker.equity { players = { "AA", "KK" }, exact = false, samples = 10, seed = -1 }
    assert.are.equal(10, r.boards)   -- any 64-bit seed, and the trials asked for
  end)
end)
