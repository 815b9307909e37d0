-- skat_spec.lua: Skat (rules/skat.lua) against its rule text: the bidding
-- in the traditional order, the skat picked up and laid away face down or
-- a hand game, the game named, jacks as trumps (alone in a grand), the
-- declarer against the other two, and the value of 25 games worked out by
-- hand from the International Skat Order's rules.
local dh = require "deckhand"
local texts = require("deckhand.move").texts
local json = require("deckhand.json").encode

local def = assert(loadfile(assert(package.searchpath("skat", dh.path)), "t", _ENV))()
local ref = dofile((os.getenv("DECKHAND_ROOT") or ".") .. "/tests/lua/skat_reference.lua")   -- the Lua reference scoring

local function act(g, ...)
  for _, t in ipairs { ... } do assert(g:apply(g:next_player(), t)) end
end

-- seat 1 forehand (dealer 3): all the jacks and clubs but the seven
local STRONG = { "Jc Js Jh Jd Ac Tc Kc Qc 9c 8c", "Ad Td Kd Qd 9d 8d Ah Th Kh Qh",
                 "9h 8h 7h As Ts Ks Qs 9s 8s 7s", "7c 7d" }

local function game(deal, options)
  return dh.game(dh.variant("skat", options), { seed = 1, dealer = 3, deal = deal })
end

describe("skat bidding", function()
  it("middlehand asks forehand, then rearhand asks the survivor", function()
    local g = game(STRONG)
    assert.equal("bidding", g:phase())
    assert.equal(2, g:next_player())            -- middlehand
    local m = texts(g:moves())
    assert.same({ "pass", "18", "20", "22", "23", "24", "27" }, { table.unpack(m, 1, 7) })
    assert.equal("264", m[#m])
    act(g, "20")
    assert.equal(1, g:next_player())            -- forehand answers
    assert.same({ "yes", "pass" }, texts(g:moves()))
    act(g, "yes", "30", "pass")                 -- forehand gives up at 30
    assert.equal(3, g:next_player())            -- rearhand asks middlehand
    assert.is_nil((g:apply(3, "27")))           -- not above 30
    act(g, "33", "yes", "pass")                 -- rearhand stops: middlehand declares at 33
    assert.equal("skat", g:phase())
    assert.equal(2, g:declarer())
    assert.equal(2, g:next_player())
    assert.equal(3, g:team(1))                  -- the defenders play together
    assert.equal(3, g:team(3))
    assert.equal(2, g:team(2))
  end)

  it("forehand may play at 18 when the others pass; all passing throws the deal in", function()
    local g = game(STRONG)
    act(g, "pass", "pass")
    assert.same({ "pass", "18" }, texts(g:moves()))
    assert.equal(1, g:next_player())
    act(g, "pass")
    assert.equal(2, g:hand_number())
    assert.same({ 0, 0, 0 }, g:scores())
  end)
end)

describe("skat play", function()
  it("a hand game of clubs with eleven: schwarz, 180", function()
    local g = game(STRONG)
    act(g, "pass", "pass", "18", "hand")
    assert.equal("declare", g:phase())
    assert.is_truthy(texts(g:moves())[3] == "diamonds schwarz")
    act(g, "clubs")
    assert.equal("c", g:trump())
    assert.equal("c", (g:counts_as(dh.card("Jh"))))   -- jacks are trumps
    assert.equal(1, g:next_player())
    local rng = dh.rng(4)
    while g:hand_number() == 1 do assert(g:apply(g:next_player(), rng:pick(g:moves()))) end
    -- 11 matadors (the skat's seven of clubs counts) + game + hand + schneider + schwarz
    assert.same({ 15 * 12, 0, 0 }, g:hands()[1].points)
  end)

  it("the skat picked up and laid away face down", function()
    local g = game(STRONG)
    act(g, "pass", "pass", "18", "pick up")
    assert.equal(12, #g:hand(1))
    assert.equal(66, #g:moves())
    local other = game(STRONG)
    act(other, "pass", "pass", "18", "pick up")
    act(g, "discard 8c 7d")
    act(other, "discard 7c 9c")
    for _, s in ipairs { 2, 3 } do assert.equal(json(g:view(s):data()), json(other:view(s):data())) end
    assert.equal("discard", g:public("discard 8c 7d"))
    act(g, "grand")
    assert.equal("c", (g:counts_as(dh.card("Jd"))))
    assert.is_nil((g:counts_as(dh.card("Ac"))))       -- grand: the plain clubs are no trumps
    act(g, "Jc")                                    -- a jack led: a trump; middlehand has none
    assert.equal(10, #g:legal())
  end)

  it("null ouvert shows the declarer's hand", function()
    local g = game(STRONG)
    act(g, "pass", "pass", "18", "pick up", "discard Jc Js", "null ouvert")
    assert.is_nil(g:trump())
    assert.equal(10, #g:view(2):hand(1))
    assert.equal(10, #g:view(3):hand(1))
  end)

  -- ISkO 5.2.6 (https://www.yumpu.com/de/document/view/38595069/internationale-skatordnung-isko/26):
  -- a suit game or grand played open is a hand game counted as schwarz
  -- announced, the declarer's cards shown to all; grand ouvert with four
  -- is 11 x 24 = 264, the text's own example
  it("grand ouvert: a hand game, the declarer's cards shown to every seat, 264 with four", function()
    local g = game(STRONG)
    act(g, "pass", "pass", "18", "pick up")
    act(g, "discard 7c 7d")
    assert.is_nil(texts(g:moves())[8])               -- picked up: no open suit game, no announcement
    g = game(STRONG)
    act(g, "pass", "pass", "18", "hand")
    local m = texts(g:moves())
    assert.same({ "diamonds ouvert", "hearts ouvert", "spades ouvert", "clubs ouvert", "grand ouvert" },
                { table.unpack(m, 16, 20) })
    act(g, "grand ouvert")
    for seat = 1, 3 do assert.equal(10, #g:view(seat):hand(1)) end
    assert.equal(0, #g:view(2):hand(3))            -- the defenders' hands stay hidden
    local rng = dh.rng(4)
    while g:hand_number() == 1 do assert(g:apply(g:next_player(), rng:pick(g:moves()))) end
    assert.same({ 264, 0, 0 }, g:hands()[1].points)
  end)

  -- ISkO 3.4.1 (the declarer must make a valid announcement) and
  -- http://www.preisskat.org/null-hand-offen.html (an announcement plainly
  -- short of the bid is to be refused): a null below the bid is not offered
  it("offers no null worth less than the bid", function()
    local g = game(STRONG)
    act(g, "20", "yes", "22", "yes", "23", "yes", "24", "pass", "pass", "hand")   -- middlehand at 24
    assert.equal(2, g:declarer())
    local m = texts(g:moves())
    assert.equal("null", m[#m - 1])                -- null hand: 35 reaches 24
    g = game(STRONG)
    act(g, "24", "yes", "pass", "pass", "pick up", "discard 7c 7d")
    m = texts(g:moves())
    assert.same({ "grand", "null ouvert" }, { m[#m - 1], m[#m] })   -- 23 short of 24, 46 not
    assert.is_nil((g:apply(1, "null")))
  end)
end)

-- Ramsch, an option (default off: all passing throws the deal in, as
-- before).  Rules: http://www.skatspielen.info/spielvarianten.html (the
-- jacks alone trumps, the skat to the last trick, the most card points
-- lose them, a Jungfer doubles it, all the points: 120 to the good);
-- https://www.rasche-software.de/kd/manual/contentskate/uramsch.htm (the
-- skat to the loser); tests/c/test_skat.c scores worked deals.
describe("skat ramsch", function()
  it("is played when all pass, each for itself, the jacks alone trumps", function()
    local g = game(STRONG, { ramsch = true })
    act(g, "pass", "pass", "pass")
    assert.equal(1, g:hand_number())
    assert.is_nil(g:declarer())
    assert.equal(7, g:var(def.vars.game))
    assert.equal(1, g:next_player())                -- forehand leads
    assert.equal("c", (g:counts_as(dh.card("Jh"))))
    local rng = dh.rng(2)
    while g:hand_number() == 1 do assert(g:apply(g:next_player(), rng:pick(g:moves()))) end
    local pts, tricks = g:hands()[1].points, g:hands()[1].tricks
    -- forehand's four jacks and seven clubs took every trick here: 120
    assert.same({ 120, 0, 0 }, pts)
    assert.same({ 10, 0, 0 }, tricks)
  end)

  it("scores as the Lua reference over random deals, each option", function()
    local seen = 0
    for _, o in ipairs { { ramsch = true }, { ramsch = true, ramsch_skat = "loser" },
                         { ramsch = true, jungfrau = false } } do
      o.deals = 4
      local v = dh.variant("skat", o)
      local spec = dh.variant({ name = "skat", options = def.options, build = function(oo)
        local b = def.build(oo)
        b.points = function(st)
          if st:var(def.vars.game) == 7 then seen = seen + 1 end
          return ref.points(st, oo)
        end
        return b
      end }, o)
      for seed = 1, 40 do   -- every first deal a Ramsch (random bids seldom all pass)
        local a, b = dh.game(v, { seed = seed }), dh.game(spec, { seed = seed })
        act(a, "pass", "pass", "pass")
        act(b, "pass", "pass", "pass")
        a:playout(dh.rng(seed))
        b:playout(dh.rng(seed))
        assert.equal(json(b:hands()), json(a:hands()))
      end
    end
    assert.is_true(seen >= 120, seen .. " ramsch deals")
  end)

  it("checks its options, and bots play it", function()
    assert.has_error(function() dh.variant("skat", { ramsch = true, ramsch_skat = "first" }) end,
                     "skat: ramsch_skat must be last or loser, got first")
    assert.has_error(function() dh.phase.skat_bidding { ramsch_skat = 3 } end)
    assert.same({ ramsch = true, ramsch_skat = "loser", jungfrau = false },
                dh.phase.skat_bidding { ramsch = true, ramsch_skat = "loser" }:options())
    local v = dh.variant("skat", { deals = 3, ramsch = true })
    local g = dh.game(v, { seed = 5 })
    assert(dh.run(g, { dh.strategy("heuristic", { variant = v, seed = 1 }), dh.strategy("greedy", { variant = v, seed = 2 }),
                       dh.strategy("heuristic", { variant = v, seed = 3 }) }))
    assert.equal(json(g:result()), json(assert(dh.replay(g:record())):result()))
  end)
end)

describe("skat bots", function()
  it("the heuristic bids by its trumps, lays away its cheapest cards and names its best game", function()
    local H = dh.strategy("heuristic", { variant = "skat", seed = 1 })
    local g = game(STRONG)
    local function move() return tostring(H.move(g:view(g:next_player()))) end
    assert.equal("pass", move())   -- middlehand: no jack
    act(g, "pass")
    assert.equal("pass", move())   -- rearhand: no jack either
    act(g, "pass")
    assert.equal("18", move())     -- forehand: four jacks and six clubs
    act(g, "18")
    assert.equal("pick up", move())
    act(g, "pick up")
    local laid = move()   -- eleven trumps in twelve cards: the 7d and the cheapest trump
    assert.equal("discard 7c 7d", laid)
    act(g, laid)
    assert.equal("clubs", move())  -- with 11: 144, more than a grand with 4 (120)
  end)

  it("random, greedy, heuristic and pimc play deals through the driver", function()
    local v = dh.variant("skat", { deals = 2 })
    local players = {
      dh.strategy("pimc", { variant = v, seed = 1, worlds = 4, script_worlds = 2 }),
      dh.strategy("greedy", { variant = v, seed = 2 }),
      dh.strategy("heuristic", { variant = v, seed = 3 }),
    }
    local g = dh.game(v, { seed = 9 })
    assert(dh.run(g, players))
    local r = g:result()
    assert.is_true(r.over)
    assert.equal(json(r), json(assert(dh.replay(g:record())):result()))
  end)
end)

describe("skat game values", function()
  -- { game, matadors, extras, won, bid, value }; extras: h hand, s schneider,
  -- S schneider announced, z schwarz, Z schwarz announced, o ouvert
  local cases = {
    { "clubs", 1, "", true, 18, 24 },               -- (1 + 1) x 12
    { "clubs", 2, "", true, 18, 36 },               -- 3 x 12
    { "spades", 2, "", true, 18, 33 },              -- without 2: 3 x 11
    { "hearts", 1, "h", true, 18, 30 },             -- (1 + 1 + hand) x 10
    { "diamonds", 1, "s", true, 18, 27 },           -- (1 + 1 + schneider) x 9
    { "diamonds", 4, "", true, 18, 45 },            -- without 4: 5 x 9
    { "clubs", 11, "", true, 18, 144 },             -- 12 x 12
    { "grand", 1, "", true, 18, 48 },               -- 2 x 24
    { "grand", 4, "", true, 18, 120 },              -- 5 x 24
    { "grand", 3, "h", true, 18, 120 },             -- (3 + 1 + 1) x 24
    { "grand", 1, "hsS", true, 18, 120 },           -- (1 + 1 + 1 + 1 + 1) x 24
    { "grand", 1, "hsSzZ", true, 18, 168 },         -- 7 x 24
    { "grand", 2, "sz", true, 18, 120 },            -- (2 + 1 + 1 + 1) x 24
    { "spades", 2, "h", true, 44, 44 },             -- (2 + 1 + 1) x 11 = 44: the bid is reached
    { "null", 0, "", true, 18, 23 },
    { "null", 0, "h", true, 18, 35 },
    { "null", 0, "o", true, 18, 46 },
    { "null", 0, "ho", true, 18, 59 },
    { "null", 0, "o", false, 18, -92 },             -- lost: twice 46
    { "null", 0, "ho", false, 59, -118 },
    { "null", 0, "", true, 24, -46 },               -- overbid: 23 < 24
    { "clubs", 1, "", false, 18, -48 },             -- lost: twice 24
    { "hearts", 1, "s", false, 18, -60 },           -- schneidered: (1 + 1 + 1) x 10, lost twice
    { "clubs", 1, "", true, 36, -72 },              -- overbid: 24 < 36, the next multiple of 12 is 36
    { "spades", 1, "", true, 40, -88 },             -- overbid: 22 < 40, the next multiple of 11 is 44
    -- announced levels: ISkO 5.2.5 (https://www.yumpu.com/de/document/view/38595069/
    -- internationale-skatordnung-isko/26): a level announced and not reached
    -- loses the game at least at that level, so it counts every level below
    -- it; the lost game doubled (ISkO 5.3).
    -- http://www.preisskat.org/angesagte-gewinnstufe.html: grand hand with 4,
    -- schneider announced, the defenders 31: "Spiel 5, Hand 6, Schneider 7,
    -- Schneider angesagt 8", 8 x 24 = 192, lost
    { "grand", 4, "hS", false, 18, -384 },
    -- schwarz announced, schneider made but not schwarz: 7 x 24, lost
    { "grand", 1, "hsSZ", false, 18, -336 },
    -- schneider announced, the declarer schneidered: schneider counted once
    -- ("den so genannten Eigenschneider gibt es nicht", ISkO 5.2.5): 5 x 10, lost
    { "hearts", 1, "hsS", false, 18, -100 },
    { "clubs", 1, "hsS", true, 18, 60 },            -- schneider announced and made: 5 x 12
    -- open games: schwarz announced and one more, ISkO 5.2.6 (the page above):
    -- "Kreuz ouvert mit zweien" 9 x 12 = 108, "Grand ouvert mit vieren" 11 x 24 = 264
    { "clubs", 2, "hozs", true, 18, 108 },
    { "grand", 4, "hozs", true, 18, 264 },
    { "clubs", 2, "hos", false, 18, -216 },         -- a trick given away: lost, doubled
  }
  it("values " .. #cases .. " games as the Skat Order", function()
    for _, c in ipairs(cases) do
      local x = c[3]
      local got = ref.value {
        game = c[1], matadors = c[2], won = c[4], bid = c[5],
        hand = x:find("h") ~= nil, schneider = x:find("s") ~= nil, schneider_announced = x:find("S") ~= nil,
        schwarz = x:find("z") ~= nil, schwarz_announced = x:find("Z") ~= nil, ouvert = x:find("o") ~= nil,
      }
      assert.equal(c[6], got, ("%s %d %s won=%s bid %d"):format(c[1], c[2], x, tostring(c[4]), c[5]))
    end
  end)
end)
