-- bridge_spec.lua: Contract Bridge (rules/bridge.lua) against its rule
-- texts: the board cycle of dealers and vulnerability, the auction's
-- calls and their legality, the declarer, the dummy exposed after the
-- opening lead and played by declarer, and the duplicate score of 56
-- contracts worked out by hand from the scoring table (Law 77).
local dh = require "deckhand"
local texts = require("deckhand.move").texts
local json = require("deckhand.json").encode

-- the variant file's own table: its board functions (the score is C's:
-- dh.rule.duplicate_score, checked below against the published table)
local def = assert(loadfile(assert(package.searchpath("bridge", dh.path)), "t", _ENV))()

local function act(g, ...)
  for _, t in ipairs { ... } do assert(g:apply(g:next_player(), t)) end
end

-- a stacked first board
local function game(hands, options)
  return dh.game(dh.variant("bridge", options), { seed = 1, deal = hands })
end

-- North all the spades, East the hearts, South the diamonds, West the clubs
local SUITED = {
  "As Ks Qs Js Ts 9s 8s 7s 6s 5s 4s 3s 2s", "Ah Kh Qh Jh Th 9h 8h 7h 6h 5h 4h 3h 2h",
  "Ad Kd Qd Jd Td 9d 8d 7d 6d 5d 4d 3d 2d", "Ac Kc Qc Jc Tc 9c 8c 7c 6c 5c 4c 3c 2c",
}

describe("bridge boards", function()
  it("follow the dealer and vulnerability cycle of 16", function()
    -- the published table: board -> dealer (1 N, 2 E, 3 S, 4 W), vulnerable side
    local table16 = {
      { 1, "none" }, { 2, "ns" }, { 3, "ew" }, { 4, "both" }, { 1, "ns" }, { 2, "ew" }, { 3, "both" }, { 4, "none" },
      { 1, "ew" }, { 2, "both" }, { 3, "none" }, { 4, "ns" }, { 1, "both" }, { 2, "none" }, { 3, "ns" }, { 4, "ew" },
    }
    for n = 1, 32 do
      local want = table16[(n - 1) % 16 + 1]
      local dealer, vul = def.board(n)
      assert.equal(want[1], dealer)
      assert.equal(want[2] == "ns" or want[2] == "both", vul.ns, "board " .. n)
      assert.equal(want[2] == "ew" or want[2] == "both", vul.ew, "board " .. n)
    end
    -- the game deals them so: the dealer calls first, the deal passes left
    local g = dh.game(dh.variant("bridge", { boards = 6 }), { seed = 3 })
    for n = 1, 6 do
      assert.equal(n, g:hand_number())
      assert.equal((n - 1) % 4 + 1, g:dealer())
      assert.equal(g:dealer(), g:next_player())
      act(g, "pass", "pass", "pass", "pass")   -- passed out: nothing scored
    end
    assert.equal("over", g:phase())
    assert.same({ 0, 0 }, g:scores())
  end)
end)

describe("bridge auction", function()
  it("lists pass, the higher bids, double and redouble only when legal", function()
    local g = game(SUITED)
    assert.equal("auction", g:phase())
    local first = texts(g:moves())
    assert.equal(36, #first)   -- pass and the 35 bids
    assert.same({ "pass", "1C", "1D", "1H", "1S", "1NT", "2C" }, { table.unpack(first, 1, 7) })
    assert.equal("7NT", first[36])
    assert.equal("board 1, nobody vulnerable, no bid yet", g:view(1):data().status)
    act(g, "1H")
    assert.equal("board 1, nobody vulnerable, last bid 1H by North", g:view(3):data().status)
    local e = texts(g:moves())
    assert.same({ "pass", "double", "1S", "1NT", "2C" }, { table.unpack(e, 1, 5) })
    act(g, "pass")
    -- South may not double partner's bid, nor redouble an undoubled one
    for _, t in ipairs(texts(g:moves())) do assert.is_true(t ~= "double" and t ~= "redouble") end
    assert.is_nil((g:apply(3, "double")))
    act(g, "pass", "double")           -- West doubles North's 1H
    assert.same({ "pass", "redouble", "1S" }, { table.unpack(texts(g:moves()), 1, 3) })
    assert.is_nil((g:apply(1, "double")))  -- doubled already
    act(g, "redouble")
    assert.same({ "pass", "1S" }, { table.unpack(texts(g:moves()), 1, 2) })
    act(g, "pass", "pass")             -- two passes after the redouble: not over
    assert.equal("auction", g:phase())
    act(g, "pass")
    assert.equal("play", g:phase())
    assert.equal(1, g:declarer())
    assert.equal("h", g:trump())
    assert.equal(2, g:next_player())   -- declarer's left leads
    assert.equal("board 1, nobody vulnerable, contract 1H redoubled by North", g:view(4):data().status)
    assert.matches("contract 1H redoubled by North", g:view(4):describe(), 1, true)
  end)

  it("a bid ends with three passes; lower bids and bad texts are refused", function()
    local g = game(SUITED)
    act(g, "2d")                       -- any case: 2d is 2D
    assert.is_nil((g:apply(2, "1S")))
    assert.is_nil((g:apply(2, "2C")))
    assert.is_nil((g:apply(2, "8NT")))
    assert.is_nil((g:apply(2, "xyzzy")))
    assert.is_nil((g:apply(3, "pass")))  -- not South's turn
    act(g, "2NT", "pass", "pass", "pass")
    assert.equal(2, g:declarer())
    assert.is_nil(g:trump())           -- no trump
    assert.equal(3, g:next_player())
  end)

  it("declarer is the first of the side to name the final strain", function()
    local g = game(SUITED)
    -- North opens 1C, South names hearts first, North raises: South declares
    act(g, "1C", "pass", "1H", "pass", "2H", "pass", "pass", "pass")
    assert.equal(3, g:declarer())
    assert.equal(4, g:next_player())   -- West leads
    -- the opponents naming the strain first do not count for this side
    local h = game(SUITED)
    act(h, "pass", "1S", "pass", "pass", "2S", "pass", "pass", "pass")
    assert.equal(1, h:declarer())      -- North bid spades for North-South first
  end)

  it("four passes pass the board out", function()
    local g = game(SUITED)
    act(g, "pass", "pass", "pass")
    assert.equal(1, g:hand_number())
    act(g, "pass")
    assert.equal(2, g:hand_number())
    assert.same({ 0, 0 }, g:scores())
    assert.same({ 0, 0 }, g:hands()[1].points)
  end)
end)

describe("bridge dummy", function()
  it("is shown after the opening lead and played by declarer", function()
    local g = game(SUITED)
    act(g, "1C", "pass", "1H", "pass", "2H", "pass", "pass", "pass")   -- South declares, North dummy
    assert.equal(3, g:declarer())
    for _, s in ipairs { 2, 3, 4 } do assert.equal(0, #g:view(s):hand(1)) end   -- not before the lead
    assert.equal(3, g:controller(1))   -- declarer chooses the dummy's cards
    assert.equal(3, g:controller(3))
    assert.equal(2, g:controller(2))
    act(g, "Ac")                       -- West leads
    for _, s in ipairs { 2, 3, 4 } do assert.equal(13, #g:view(s):hand(1)) end
    assert.equal(1, g:turn())          -- North's cards to play...
    assert.equal(3, g:next_player())   -- ...chosen by South
    assert.is_nil((g:apply(1, "2s")))  -- the dummy makes no move
    assert.same({}, texts(g:view(1):moves()))
    assert.same(texts(g:moves()), texts(g:view(3):moves()))
    assert.equal(13, #g:view(3):moves())   -- void in clubs: any spade
    act(g, "2s")
    assert.equal(2, g:next_player())
    assert.equal(12, #g:view(4):hand(1))   -- the shown hand follows the play
    -- the driver and the records agree: a record names declarer as the player
    local rec = g:record()
    assert.same({ 3, "2s" }, rec.moves[#rec.moves])
    assert.equal(json(g:view(2):data()), json(assert(dh.replay(rec)):view(2):data()))
  end)

  it("views hide the closed hands, and sampled worlds keep the dummy in place", function()
    -- two deals that differ only in East's and West's low hearts and clubs
    local a = { "As Ks Qs Js Ts 9s 8s 7s 6s 5s 4s 3s 2s", "Ah Kh Qh Jh Th 9h 8h 7h 6h 5c 4c 3c 2c",
                "Ad Kd Qd Jd Td 9d 8d 7d 6d 5d 4d 3d 2d", "Ac Kc Qc Jc Tc 9c 8c 7c 6c 5h 4h 3h 2h" }
    local b = { a[1], "Ah Kh Qh Jh Th 9h 8h 7h 6h 5h 4h 3h 2c", a[3], "Ac Kc Qc Jc Tc 9c 8c 7c 6c 5c 4c 3c 2h" }
    local ga, gb = game(a), game(b)
    for _, g in ipairs { ga, gb } do act(g, "pass", "pass", "3NT", "pass", "pass", "pass", "Ac") end
    -- South declares 3NT (dummy North); West led the ace of clubs
    assert.equal(3, ga:declarer())
    for _, s in ipairs { 1, 3 } do assert.equal(json(ga:view(s):data()), json(gb:view(s):data())) end
    assert.are_not.equal(json(ga:view(2):data()), json(gb:view(2):data()))
    local view = ga:view(4)
    assert.equal(13, #view:hand(1))
    local rng = dh.rng(9)
    for _ = 1, 20 do
      local w = view:sample(rng)
      assert.equal(tostring(ga:hand(1)), tostring(w:hand(1)))   -- the dummy stays
      assert.equal(tostring(ga:hand(4)), tostring(w:hand(4)))
      assert.equal(json(view:data()), json(w:view(4):data()))
      assert.equal(13, #w:hand(2))
    end
  end)
end)

describe("bridge scoring", function()
  -- { level, strain, doubled (0, 1 X, 2 XX), vulnerable, tricks taken, score }
  -- each worked out from the table in rules/bridge.lua's text (Law 77):
  -- trick points C/D 20, H/S 30, NT 40 + 30; game bonus 300/500 at 100
  -- contract points, part-score 50; slams 500/750, 1000/1500; insult 50/100;
  -- overtricks at trick value, X 100/200, XX 200/400; undertricks 50/100,
  -- X NV 100, 200, 200, 300..., X V 200, 300..., XX twice X
  local cases = {
    -- made, undoubled
    { 1, "C", 0, false, 7, 70 },        -- 20 + 50
    { 1, "NT", 0, false, 7, 90 },       -- 40 + 50
    { 1, "NT", 0, false, 8, 120 },      -- 40 + 50 + 30
    { 2, "S", 0, false, 8, 110 },       -- 60 + 50
    { 2, "H", 0, true, 9, 140 },        -- 60 + 50 + 30
    { 3, "NT", 0, false, 9, 400 },      -- 100 + 300
    { 3, "NT", 0, true, 9, 600 },       -- 100 + 500
    { 3, "NT", 0, true, 10, 630 },      -- 100 + 500 + 30
    { 4, "H", 0, false, 10, 420 },      -- 120 + 300
    { 4, "S", 0, true, 10, 620 },       -- 120 + 500
    { 4, "S", 0, true, 11, 650 },       -- 120 + 500 + 30
    { 5, "C", 0, false, 11, 400 },      -- 100 + 300
    { 5, "D", 0, true, 11, 600 },       -- 100 + 500
    { 3, "C", 0, false, 9, 110 },       -- 60 + 50
    { 3, "D", 0, true, 10, 130 },       -- 60 + 50 + 20
    { 2, "NT", 0, false, 8, 120 },      -- 70 + 50
    { 2, "NT", 0, true, 9, 150 },       -- 70 + 50 + 30
    { 4, "C", 0, false, 13, 190 },      -- 80 + 50 + 3 x 20
    { 6, "S", 0, false, 12, 980 },      -- 180 + 300 + 500
    { 6, "S", 0, true, 12, 1430 },      -- 180 + 500 + 750
    { 6, "NT", 0, false, 12, 990 },     -- 190 + 300 + 500
    { 6, "NT", 0, true, 13, 1470 },     -- 190 + 500 + 750 + 30
    { 6, "D", 0, true, 12, 1370 },      -- 120 + 500 + 750
    { 7, "NT", 0, true, 13, 2220 },     -- 220 + 500 + 1500
    { 7, "C", 0, false, 13, 1440 },     -- 140 + 300 + 1000
    -- made, doubled
    { 1, "C", 1, false, 7, 140 },       -- 40 + 50 + 50
    { 1, "C", 1, false, 8, 240 },       -- 140 + 100
    { 2, "H", 1, false, 8, 470 },       -- 120 + 300 + 50
    { 2, "H", 1, true, 8, 670 },        -- 120 + 500 + 50
    { 2, "H", 1, true, 9, 870 },        -- 670 + 200
    { 1, "NT", 1, false, 7, 180 },      -- 80 + 50 + 50
    { 1, "NT", 1, true, 8, 380 },       -- 80 + 50 + 50 + 200
    { 4, "S", 1, true, 10, 790 },       -- 240 + 500 + 50
    { 3, "NT", 1, false, 10, 650 },     -- 200 + 300 + 50 + 100
    { 6, "H", 1, true, 12, 1660 },      -- 360 + 500 + 750 + 50
    { 7, "S", 1, false, 13, 1770 },     -- 420 + 300 + 1000 + 50
    -- made, redoubled
    { 1, "C", 2, false, 7, 230 },       -- 80 + 50 + 100
    { 1, "NT", 2, false, 7, 560 },      -- 160 + 300 + 100
    { 2, "D", 2, true, 9, 1160 },       -- 160 + 500 + 100 + 400
    { 4, "H", 2, false, 11, 1080 },     -- 480 + 300 + 100 + 200
    { 7, "NT", 2, true, 13, 2980 },     -- 880 + 500 + 1500 + 100
    -- defeated, undoubled
    { 4, "S", 0, false, 9, -50 },
    { 4, "S", 0, true, 7, -300 },       -- 3 x 100
    { 3, "NT", 0, false, 5, -200 },     -- 4 x 50
    { 7, "NT", 0, true, 0, -1300 },     -- 13 x 100
    -- defeated, doubled, not vulnerable: 100, 200, 200, 300 ...
    { 4, "H", 1, false, 9, -100 },
    { 4, "H", 1, false, 8, -300 },
    { 4, "H", 1, false, 7, -500 },
    { 4, "H", 1, false, 6, -800 },
    { 4, "H", 1, false, 4, -1400 },     -- 800 + 300 + 300
    -- defeated, doubled, vulnerable: 200, 300 ...
    { 3, "NT", 1, true, 8, -200 },
    { 3, "NT", 1, true, 7, -500 },
    { 3, "NT", 1, true, 6, -800 },
    { 3, "NT", 1, true, 4, -1400 },     -- 200 + 4 x 300
    -- defeated, redoubled: twice the doubled
    { 2, "C", 2, false, 7, -200 },
    { 2, "C", 2, false, 5, -1000 },     -- 2 x 500
    { 5, "D", 2, true, 9, -1000 },      -- 2 x 500
    { 5, "D", 2, true, 7, -2200 },      -- 2 x 1100
  }

  it("scores " .. #cases .. " contracts as the published table", function()
    assert.is_true(#cases >= 40)
    for _, c in ipairs(cases) do
      local got = dh.rule.duplicate_score { level = c[1], strain = c[2], doubled = c[3], vulnerable = c[4], tricks = c[5] }
      assert.equal(c[6], got, ("%d%s%s %s, %d tricks"):format(c[1], c[2], ({ "", "X", "XX" })[c[3] + 1],
                                                           c[4] and "vul" or "not vul", c[5]))
    end
  end)

  it("gives a board's score to the side that earned it, vulnerable as the board says", function()
    -- board 1 (nobody vulnerable): North's 13 spades make 7S whatever is played
    local g = game(SUITED, { boards = 2 })
    act(g, "7S", "pass", "pass", "pass")
    local rng = dh.rng(2)
    while g:hand_number() == 1 do assert(g:apply(g:next_player(), rng:pick(g:moves()))) end
    assert.same({ 1510, 0 }, g:hands()[1].points)   -- 210 + 300 + 1000
    -- board 2 (North-South vulnerable, East deals): South's 7NT doubled,
    -- down all but the tricks North-South take; the defenders score
    act(g, "pass", "7NT", "double", "pass", "pass", "pass")
    assert.equal(3, g:declarer())
    while g:next_player() do assert(g:apply(g:next_player(), rng:pick(g:moves()))) end
    local h = g:hands()[2]
    local taken = h.tricks[1] + h.tricks[3]
    local down = 13 - taken
    if down > 0 then
      assert.same({ 0, 200 + 300 * (down - 1) }, h.points)
    else
      assert.same({ 440 + 500 + 1500 + 50, 0 }, h.points)
    end
    local r = g:result()
    assert.is_true(r.over)
    assert.same({ 1510 + h.points[1], h.points[2] }, r.sides)
  end)
end)

describe("bridge bots", function()
  -- a first board with North's and South's hands given, East and West
  -- the rest of the deck
  local function with(north, south)
    local used = dh.cards(north) | dh.cards(south or "")
    local rest = (dh.deck("french52"):set() - used):list()
    local hands = { north, {}, south or {}, {} }
    local seats = south and { 2, 4 } or { 2, 3, 4 }
    for i, c in ipairs(rest) do
      local t = hands[seats[(i - 1) % #seats + 1]]
      t[#t + 1] = c
    end
    return game(hands)
  end
  local H = dh.strategy("heuristic", { variant = "bridge", seed = 1 })
  local function call(g) return tostring(H.phases.auction(g:view(g:next_player()))) end

  it("the heuristic opens by points and shape", function()
    assert.equal("1NT", call(with "As Ks 5s 2s Ah Qh 3h Kd 7d 4d Jc 8c 6c"))   -- 17, 4-3-3-3
    assert.equal("1S", call(with "As Ks Qs 9s 8s Ah 3h 2h 7d 4d 3d 8c 6c"))    -- 13, five spades
    assert.equal("1D", call(with "As Ks 9s Ah 3h Qd Jd 8d 7d 4d 3d 8c 6c"))    -- 14 unbalanced, six diamonds
    assert.equal("pass", call(with "9s 8s 7s 6s 5h 4h 3h 2h 7d 4d 3d 8c 6c"))  -- nothing
    assert.equal("pass", call(with "As Ks 9s 8s 5h 4h 3h 2h 7d 4d 3d 8c 6c"))  -- 7
  end)

  it("the heuristic responds to partner's opening", function()
    local north = "As Ks 5s 2s Ah Qh 3h Kd 7d 4d Jc 8c 6c"   -- opens 1NT
    local g = with(north, "Qs Js 4s Kh 5h 2h Ad 8d 6d 3c 5c 9c 7c")   -- 11, balanced
    act(g, "1NT", "pass")
    assert.equal("3NT", call(g))
    g = with(north, "Qs Js 4s 8h 5h 2h Td 8d 6d 3c 5c 9c 7c")   -- 3
    act(g, "1NT", "pass")
    assert.equal("pass", call(g))
    g = with("As Ks Qs 9s 8s Ah 3h 2h 7d 4d 3d 8c 6c", "Js 7s 4s 3s Kh 5h Qd 8d 6d 3c 5c 9c 7c")
    act(g, "1S", "pass")
    assert.equal("2S", call(g))   -- four spades, 6 + a doubleton: a single raise
  end)

  it("random, greedy, heuristic and pimc play boards through the driver", function()
    local v = dh.variant("bridge", { boards = 2 })
    local names = { "pimc", "random", "heuristic", "greedy" }
    local players = {}
    for s = 1, 4 do
      local o = { variant = v, seed = s }
      if names[s] == "pimc" then o.worlds, o.script_worlds = 4, 2 end
      players[s] = dh.strategy(names[s], o)
    end
    local g = dh.game(v, { seed = 7 })
    assert(dh.run(g, players))
    local r = g:result()
    assert.is_true(r.over)
    assert.equal(2, #r.hands)
    assert.equal(json(r), json(assert(dh.replay(g:record())):result()))
  end)
end)
