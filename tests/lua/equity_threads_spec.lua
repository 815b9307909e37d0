-- equity_threads_spec.lua: deckhand.poker.equity's `threads` (docs/equity.md)
local dh = require "deckhand"
local poker = dh.poker

-- the counts of a result, player by player, with its trials
local function counts(r)
  local t = { boards = r.boards, total = r.total }
  for i, p in ipairs(r) do t[i] = { p.wins, p.ties, p.equity } end
  return t
end

describe("deckhand.poker.equity with threads", function()
  it("enumerates to the same counts with any number of threads", function()
    local questions = {
      { players = { "AA", "KK", "QQ" }, board = "2c 5d 7h" },
      { players = { "QQ+, AKs", "JJ, TT, 99, AQs", "T9s, 98s, 87s, 76s" }, board = "Ks 7d 2c" },
      { players = { "AA, KK", "AKs", "QQ-TT" }, board = "9s 8s 2d 3c" },
      { game = "omaha", players = { "AsKsQdJd", "9h9c8h7c" }, board = "Ts 6d 2c" },
    }
    for _, q in ipairs(questions) do
      q.exact = true
      local one = counts(poker.equity(q))
      assert.are.equal(one.total, one.boards)
      for _, n in ipairs { 2, 3, 8 } do
        q.threads = n
        assert.are.same(one, counts(poker.equity(q)))
      end
    end
  end)

  it("samples the same trials for the same seed and threads", function()
    local q = { players = { "JJ", "AKo", "random" }, exact = false, samples = 30001, seed = 5 }
    local default = counts(poker.equity(q))
    q.threads = 1
    assert.are.same(default, counts(poker.equity(q)))
    q.threads = 2
    local a, b = poker.equity(q), poker.equity(q)
    assert.are.same(counts(a), counts(b))
    assert.are.equal(30001, a.boards)
    assert.are_not.same(default, counts(a))   -- the second share's own stream
    for i = 1, 3 do
      assert.is_true(math.abs(a[i].equity - default[i][3]) < 5 * (a[i].stderr + 0.003))
    end
    q.seed = 6
    assert.are_not.same(counts(a), counts(poker.equity(q)))
  end)

  it("stops every thread on request", function()
    local r = poker.equity { players = { "AsKs", "QQ" }, exact = false, samples = 10 ^ 9 // 1 | 0,
      threads = 4, every = 10000, progress = function(done) return done >= 50000 end }
    assert.are.equal("progress", r.stopped)
    assert.is_true(r.boards < 10 ^ 6)
  end)

  it("refuses a bad thread count by name, before any work", function()
    local function eq(threads)
      return function()
        poker.equity { players = { "AsKs", "QQ" }, exact = false, samples = 10 ^ 15 // 1 | 0,
          threads = threads }
      end
    end
    local msg = "equity: 'threads' must be an integer from 1 to 64"
    for _, bad in ipairs { 0, -1, 65, 2 ^ 62 // 1 | 0, math.mininteger, 1.5, 2.0, "2", true, {} } do
      assert.has_error(eq(bad), msg)
    end
    local r = poker.equity { players = { "AsKs", "QQ" }, exact = false, samples = 640, threads = 64 }
    assert.are.equal(640, r.boards)
  end)
end)
