-- omaha_spec.lua: Omaha (rules/omaha.lua on deckhand.poker_table):
-- pot-limit betting, the two-and-three showdown, hi-lo eight or better.
-- The golden hands and amounts are worked out by hand in the comments;
-- the protocol's property suite runs Omaha in protocol_spec.lua.
local dh = require "deckhand"
local json = require "deckhand.json".encode

package.path = "tests/lua/?.lua;" .. package.path
local H = require "holdem_helper"
local sum, has = H.sum, H.move

-- the table of Omaha with these options, dealt with extra (seed, deal, stacks)
local function omaha(options, extra)
  local opts = {}
  for k, v in pairs(options) do opts[k] = v end
  for k, v in pairs(extra or { seed = 1 }) do opts[k] = v end
  return H.game("omaha", opts)
end

local function play(g, script)
  for i, a in ipairs(script) do
    local ok, msg, code = g:act(a[1], a[2], a[3])
    assert(ok, ("step %d (%s %s): %s %s"):format(i, a[1], a[2], tostring(code), tostring(msg)))
  end
end

-- checks every street down from the flop, the seats in the order given
local function check_down(g, order)
  for _ = 1, 3 do
    for _, s in ipairs(order) do play(g, { { s, "check" } }) end
  end
end

describe("omaha pot limit", function()
  it("caps a raise at the pot after the call", function()
    -- heads-up, button seat 1 has posted 5, seat 2 10: the call is 5, the
    -- pot after it 20, so the raise is to at most 10 + 20 = 30
    local g = omaha({ max_hands = 1 }, { seed = 2 })
    assert.are.same({ action = "raise", min = 20, max = 30, limit = "pot" }, has(g:legal(), "raise"))
    assert.is_nil(has(g:legal(), "allin"))   -- 995 chips are far above the limit
    local before = json(g:view(1):data())
    local ok, msg, code = g:act(1, "raise", 31)
    assert.is_nil(ok)
    assert.are.equal("over_pot_limit", code)
    assert.matches("at most 30", msg)
    assert.are.equal(before, json(g:view(1):data()))
    assert.are.equal("bad_action", select(3, g:apply(1, "allin")))
    -- seat 1 raises the pot, to 30: the pot is 30 + 10 = 40, seat 2's call
    -- 20 makes it 60, so seat 2 may re-raise to 30 + 60 = 90 (the least: 30
    -- + the raise of 20 = 50)
    play(g, { { 1, "raise", 30 } })
    assert.are.same({ action = "raise", min = 50, max = 90, limit = "pot" }, has(g:legal(), "raise"))
    play(g, { { 2, "call" } })
    -- the flop: a pot of 60, a bet of at most 60; after a bet of 20 a raise
    -- to at most 20 + (80 + 20) = 120
    assert.are.equal("flop", g:phase())
    assert.are.same({ action = "bet", min = 10, max = 60, limit = "pot" }, has(g:legal(), "bet"))
    play(g, { { 2, "bet", 20 } })
    assert.are.same({ action = "raise", min = 40, max = 120, limit = "pot" }, has(g:legal(), "raise"))
    assert.are.equal(2000, g:chips())
  end)

  it("opens three-handed at most to 35 with blinds of 5 and 10", function()
    -- button 1: seat 2 posts 5, seat 3 10, seat 1 acts: 10 + (15 + 10) = 35
    local g = omaha({ seats = 3, max_hands = 1 })
    assert.are.same({ action = "raise", min = 20, max = 35, limit = "pot" }, has(g:legal(), "raise"))
    local texts = {}
    for _, m in ipairs(g:moves()) do texts[#texts + 1] = tostring(m) end
    assert.are.same({ "fold", "call", "raise 20", "raise 23", "raise 35" }, texts)
  end)

  it("offers all in when the stack is within the limit", function()
    -- seat 1 has 25 behind after its small blind: all in reaches 30 = the limit
    local g = omaha({ max_hands = 1 }, { seed = 3, stacks = { 30, 1000 } })
    assert.are.same({ action = "raise", min = 20, max = 30 }, has(g:legal(), "raise"))
    assert.are.same({ action = "allin", amount = 25, to = 30 }, has(g:legal(), "allin"))
  end)

  it("plays Hold'em pot limit too", function()
    local g = H.game("holdem", { limit = "pot", seed = 1 })
    assert.are.same({ action = "raise", min = 20, max = 30, limit = "pot" }, has(g:legal(), "raise"))
  end)

  it("refuses bad input with a code, changing nothing", function()
    local g = omaha({ max_hands = 1 })
    local before = json(g:record()) .. json(g:view(1):data())
    local function code(seat, text) return select(3, g:apply(seat, text)) end
    assert.are.equal("not_your_turn", code(2, "call"))
    assert.are.equal("bad_move", code(1, "raise twenty"))
    assert.are.equal("bad_move", code(1, "!!"))
    assert.are.equal("bad_action", code(1, "check"))
    assert.are.equal("bad_action", code(1, "bet 20"))
    assert.are.equal("bad_amount", code(1, "raise 15"))
    assert.are.equal("bad_amount", code(1, "call 5"))
    assert.are.equal(before, json(g:record()) .. json(g:view(1):data()))
  end)

  it("names a bad option", function()
    assert.has_error(function() dh.variant("omaha", { limit = "half" }) end,
                     "omaha: limit must be \"no\", \"pot\" or \"fixed\"")
    assert.has_error(function() dh.variant("omaha", { hilo = "yes" }) end,
                     "omaha: option 'hilo' must be a boolean, got 'yes'")
    assert.has_error(function() dh.variant("omaha", { colour = 1 }) end)
    assert.has_error(function() dh.variant("holdem", { hilo = true }) end)
    assert.has_error(function() omaha({}, { deal = { "AsKs" } }) end, "omaha: seat 1 needs four hole cards")
  end)
end)

describe("omaha showdown", function()
  it("uses exactly two hole cards: four hearts and one on the board are no flush", function()
    -- seat 1: Ah Kh 7h 2h; seat 2: Jc Jd 5c 6d; board Qh 9c 8d 4s 3c.
    -- Hold'em's rule would give seat 1 a heart flush (Ah Kh Qh 7h 2h).  In
    -- Omaha seat 1 has two hole cards with three of the board: A K Q 9 8,
    -- ace high (no straight: 7 needs 6 or 5 with 9 8 or 4 3; A 2 needs 5).
    -- Seat 2: Jc Jd with Q 9 8, a pair of jacks, wins.  Checked down: the
    -- pot is 20, seat 2 ends 990 + 20 = 1010
    local g = omaha({ max_hands = 1 }, { seed = 1, deal = { "AhKh7h2h", "JcJd5c6d", board = "Qh9c8d4s3c" } })
    play(g, { { 1, "call" }, { 2, "check" } })
    check_down(g, { 2, 1 })
    local r = g:results()[1]
    assert.are.same({ 990, 1010 }, r.stacks)
    assert.are.equal("high card, ace high, king-queen-nine-eight", r.shown[1].hand)
    assert.matches("^pair, jacks", r.shown[2].hand)
  end)

  it("plays four of a kind on the board as three", function()
    -- board 9c 9d 9h 9s 5d: seat 1 Ah As 2c 3d makes nines full of aces,
    -- seat 2 Kc Kh Qd Jc nines full of kings; seat 1 takes 20
    local g = omaha({ max_hands = 1 }, { seed = 1, deal = { "AhAs2c3d", "KcKhQdJc", board = "9c9d9h9s5d" } })
    play(g, { { 1, "call" }, { 2, "check" } })
    check_down(g, { 2, 1 })
    local r = g:results()[1]
    assert.are.equal("full house, nines over aces", r.shown[1].hand)
    assert.are.equal("full house, nines over kings", r.shown[2].hand)
    assert.are.same({ 1010, 990 }, r.stacks)
  end)
end)

describe("omaha hi-lo eight or better", function()
  -- board 3c 5d 8h Jc Qs.  Seat 1 Ac 2d Kh Ks: high a pair of kings, low
  -- A-2 with 3-5-8, 8-5-3-2-A.  Seat 3 Qc Qd Jh Js: high three queens
  -- (Qc Qd with Qs Jc 8h), no low (no two low ranks)
  it("splits the pot, the odd chip to the high half", function()
    -- button 1, seat 2 small blind 5, seat 3 big blind 10.  Seat 1 calls,
    -- seat 2 folds, seat 3 checks: a pot of 25, checked down.  High half
    -- 13 to seat 3, low half 12 to seat 1: 990 + 12 = 1002, 995, 990 + 13 = 1003
    local g = omaha({ seats = 3, hilo = true, max_hands = 1 },
                    { seed = 1, deal = { "Ac 2d Kh Ks", "7c7d6h6s", "QcQdJhJs", board = "3c5d8hJcQs" } })
    play(g, { { 1, "call" }, { 2, "fold" }, { 3, "check" } })
    check_down(g, { 3, 1 })
    local r = g:results()[1]
    assert.are.same({ 1002, 995, 1003 }, r.stacks)
    assert.are.equal("8-5-3-2-A low", r.shown[1].low)
    assert.is_nil(r.shown[3].low)
    assert.are.same({ 3 }, r.pots[1].winners)
    assert.are.same({ 1 }, r.pots[1].low_winners)
  end)

  it("quarters: two equal lows share the low half", function()
    -- seat 2 As 2s 7c 7d has the same low, 8-5-3-2-A (its 7 only makes
    -- 8-7-5-3-A or worse).  All three call: a pot of 30; high half 15 to
    -- seat 3; low half 15 shared, 7 each and the odd chip to seat 2, the
    -- first left of the button: 997, 998, 1005
    local g = omaha({ seats = 3, hilo = true, max_hands = 1 },
                    { seed = 1, deal = { "Ac2dKhKs", "As2s7c7d", "QcQdJhJs", board = "3c5d8hJcQs" } })
    play(g, { { 1, "call" }, { 2, "call" }, { 3, "check" } })
    check_down(g, { 2, 3, 1 })
    local r = g:results()[1]
    assert.are.same({ 997, 998, 1005 }, r.stacks)
    assert.are.equal(3000, sum(r.stacks))
  end)

  it("gives the whole pot to the high hand when no one has a low", function()
    -- board 9c Td Jh 2c 3s: two low ranks only, and a low takes three
    -- from the board, so no one has one (seat 1's Ac 2d 4h 5s would make
    -- 5-4-3-2-A in Hold'em).  Seat 1's high: 2d pairs the board's 2c.
    -- Seat 2 Kc Qd 7h 6s: K Q with J T 9, a king-high straight, takes all 20
    local g = omaha({ hilo = true, max_hands = 1 }, { seed = 1, deal = { "Ac2d4h5s", "KcQd7h6s", board = "9cTdJh2c3s" } })
    play(g, { { 1, "call" }, { 2, "check" } })
    check_down(g, { 2, 1 })
    local r = g:results()[1]
    assert.are.same({ 990, 1010 }, r.stacks)
    assert.are.equal("straight, king high", r.shown[2].hand)
    assert.is_nil(r.pots[1].low_winners)
  end)
end)

describe("omaha views and bots", function()
  it("shows each seat only its own four cards; other hidden cards change nothing", function()
    local g = omaha({ seats = 3 }, { seed = 8, deal = { "AsKsQsJs", "2c2d3c3d", "7h8h9hTh" } })
    local v = g:view(2)
    assert.are.equal(4, #v:get("hole"))
    assert.are.equal(dh.cards "2c 2d 3c 3d", v:hand(2))
    local other = omaha({ seats = 3 }, { seed = 8, deal = { "9c9d4h4s", "2c2d3c3d", "AhQhKdKc" } })
    assert.are.same(v:data(), other:view(2):data())
    local w = v:sample(dh.rng(4))
    assert.are.same(v:data(), w:view(2):data())
    for s = 1, 3 do
      if s ~= 2 then assert.are.equal(4, #w:locations()["hole " .. s]) end
    end
  end)

  it("the heuristic's Omaha score ranks textbook hands", function()
    local H = dh.strategy("heuristic.holdem")
    local function score(s) local t = {} for c in s:gmatch("%S%S") do t[#t + 1] = c end return H.omaha_score(t) end
    -- double-suited aces and kings is the best start; rundowns double
    -- suited are strong; a rainbow hand of four unconnected low cards and
    -- a hand of trips are weak
    assert.are.equal(20, score("AhAdKhKd"))
    assert.is_true(score("JsTs9h8h") >= 10)
    assert.is_true(score("AhAd7c2s") >= 8)
    assert.is_true(score("9c6d4h2s") < 4)
    assert.is_true(score("7c7d7h2s") < score("7c7d8h9s"))
  end)

  it("heuristic and pimc play legal moves to the end", function()
    local v = dh.variant("omaha", { seats = 3, hilo = true, max_hands = 3 })
    local players = {}
    for s, name in ipairs { "pimc", "heuristic", "random" } do
      players[s] = dh.strategy(name, { variant = v, seed = s, worlds = name == "pimc" and 8 or nil })
    end
    local g = dh.game(v, { seed = 6 })
    local result = assert(dh.run(g, players))
    assert.is_true(result.over)
    assert.are.equal(0, sum(result.seats))
  end)
end)

describe("omaha from the command line", function()
  local root = os.getenv("DECKHAND_ROOT") or "."
  local bin = root .. "/bin/deckhand"
  local F = require "file_helper"
  local function run(cmd, input)
    local inf
    if input then inf = F.tmpname(); F.write(inf, input); cmd = cmd .. " < " .. inf end
    local p = io.popen(cmd .. " 2>&1")
    local out = p:read("a")
    local ok = p:close()
    if inf then os.remove(inf) end
    return out, ok
  end

  it("plays through tournament, replay, play and serve", function()
    local rec = F.tmpname()
    local out, ok = run(bin .. " tournament omaha --games 3 --players heuristic,random --option hilo=true --record " .. rec)
    assert.is_true(ok, out)
    assert.matches("omaha, 3 deals", out)
    assert.matches("bb/100", out)
    out, ok = run(bin .. " replay " .. rec .. " --game 2")
    assert.is_true(ok, out)
    assert.matches("seat 1: %S+ %S+ %S+ %S+\n", out)   -- four hole cards
    assert.matches("hand 1 over: %-?%d+ / %-?%d+", out)
    os.remove(rec)
    -- button seat 1 has posted 5: a raise is to 20..30, 500 is over the limit
    out, ok = run(bin .. " play omaha --seed 3 --bots random --option max_hands=1", "raise 500\nraise 30\ncall\n")
    assert.is_true(ok, out)
    assert.matches("pot limit", out, 1, true)
    assert.matches("refused: raise to at most 30 (the pot limit), got 500 (over_pot_limit)", out, 1, true)
    out, ok = run(bin .. " serve omaha --seed 9 --bots random --option max_hands=2", "view 1\nquit\n")
    assert.is_true(ok, out)
    assert.matches("^READY omaha seats 2", out)
    assert.matches('"form":"omaha"', out, 1, true)
    assert.matches('"hole":%["%w%w","%w%w","%w%w","%w%w"%]', out)
  end)
end)

describe("deckhand.poker's Omaha path", function()
  local poker = dh.poker
  it("values two hole cards with three of the board", function()
    -- Ah Kh 7h 2h on Qh 9c 5d 4s 3c: no flush (one board heart), the wheel
    -- A-2 with 5-4-3
    local v, cat = poker.omaha("Ah Kh 7h 2h", "Qh 9c 5d 4s 3c")
    assert.are.equal("straight", cat)
    assert.are.equal("straight, five high", poker.describe(v))
    assert.are.equal(dh.cards "Ah 2h 5d 4s 3c", poker.omaha_best5("Ah Kh 7h 2h", "Qh 9c 5d 4s 3c"))
    -- on a three-card flop as well
    assert.are.equal("three of a kind", select(2, poker.omaha("Qc Qd 4h 5s", "Qs 9c 2d")))
  end)

  it("finds the eight-or-better low, or none", function()
    local low = poker.omaha_low("Ac 2d 3h 4s", "5c 6d 7h Kc Ks")
    assert.are.equal("7-6-5-2-A low", poker.describe_low(low))
    assert.are.same({ 7, 6, 5, 2, 1 }, poker.low_ranks(low))
    assert.is_true(poker.omaha_low("Ac 2d Kh Ks", "3c 4d 5h Jc Qs") > low)   -- 5-4-3-2-A is the nut low
    assert.is_nil(poker.omaha_low("Ac 2d 3h 4s", "9c Td Jh 2c 3s"))
  end)

  it("refuses bad hands with a message", function()
    assert.has_error(function() poker.omaha("Ac", "2c 3d 4h") end, "bad argument #1 to 'omaha' (2 to 6 hole cards expected, got 1)")
    assert.has_error(function() poker.omaha("Ac Kd Qh Js", "2c 3d") end)
    assert.has_error(function() poker.omaha("Ac Kd Qh Js", "Ac 3d 4h") end)
    assert.has_error(function() poker.describe_low(12) end)
  end)
end)
