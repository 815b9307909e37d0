-- sample_spec.lua: view:sample() in tight positions: it always finds a
-- deal when the real one fits the view, and every world it gives keeps
-- the hand sizes, shown voids, exclusions and known cards.
package.path = "tests/lua/?.lua;" .. package.path
local dh = require "deckhand"

local SAMPLES = 2000

-- every sample of g from seat's view: found, and fits
local function sample_many(g, seat, rng, n)
  local view = g:view(seat)
  local counts = {}
  for _ = 1, n do
    local ok, world = pcall(view.sample, view, rng)
    assert(ok, world)
    assert.equal(g:hand(seat), world:hand(seat))
    for s = 1, g:seats() do
      assert.equal(g:hand(s):count(), world:hand(s):count())
      if s ~= seat then
        for v in g:voids(s):gmatch(".") do assert.equal(0, #world:hand(s):suit(v)) end
        assert.equal(0, #(world:hand(s) & g:excluded(s)))
        assert.is_true(world:hand(s):contains(view:hand(s)))   -- known cards stay put
      end
    end
    for s = 1, g:seats() do
      local key = s .. ":" .. tostring(world:hand(s))
      counts[key] = (counts[key] or 0) + 1
    end
  end
  return view, counts
end

-- plays g on with rng's choice of legal cards until 'stop(g)' holds
local function play_until(g, rng, stop)
  while g:phase() == "play" and not stop(g) do
    assert(g:play(g:next_player(), rng:pick(g:legal())))
  end
end

local function tricks_done(g) return 13 - g:hand(1):count() end

describe("view:sample in tight positions", function()
  it("spades: a seat shown void in three suits holds exactly the unseen diamonds", function()
    -- seat 3 holds every diamond; the others never lead one, so it discards
    -- diamonds until clubs, hearts and spades have all been led
    local found = 0
    for seed = 1, 200 do
      local rng = dh.rng(seed)
      local deck = dh.cards("2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc Ac 2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh Ah "
        .. "2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks As"):list()
      for i = #deck, 2, -1 do local j = rng:int(i); deck[i], deck[j] = deck[j], deck[i] end
      local deal = { {}, {}, dh.cards("2d 3d 4d 5d 6d 7d 8d 9d Td Jd Qd Kd Ad"):list(), {} }
      for i, c in ipairs(deck) do table.insert(deal[({ 1, 2, 4 })[(i - 1) % 3 + 1]], c) end
      local g = dh.game("spades", { seed = seed, dealer = 4, deal = deal })
      for _ = 1, 4 do assert(g:bid(g:next_player(), 3)) end
      play_until(g, rng, function(x) return tricks_done(x) == 8 and #x:played() % 4 == 0 end)
      local voids = g:voids(3)
      if voids:find("c") and voids:find("h") and voids:find("s") then
        found = found + 1
        local _, counts = sample_many(g, 4, rng, SAMPLES)
        -- the only deal for seat 3: the five diamonds left
        assert.equal(SAMPLES, counts["3:" .. tostring(g:hand(3))])
        assert.equal(5, #g:hand(3):suit("d"))
        if found == 3 then break end
      end
    end
    assert.equal(3, found)
  end)

  it("spades: two seats held to the red suits, a third to the unseen black cards", function()
    -- seat 2 all hearts, seat 3 all diamonds; seats 1 and 4 share clubs and
    -- spades and lead only those.  Seen from seat 1 once seats 2 and 3 have
    -- shown void in clubs and spades: they hold the unseen red cards between
    -- them, so seat 4 must hold exactly the unseen black cards
    local found = 0
    for seed = 1, 300 do
      local rng = dh.rng(seed)
      local black = dh.cards("2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc Ac 2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks As"):list()
      for i = #black, 2, -1 do local j = rng:int(i); black[i], black[j] = black[j], black[i] end
      local deal = { {}, dh.cards("2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh Ah"):list(),
                     dh.cards("2d 3d 4d 5d 6d 7d 8d 9d Td Jd Qd Kd Ad"):list(), {} }
      for i, c in ipairs(black) do table.insert(deal[i % 2 == 1 and 1 or 4], c) end
      local g = dh.game("spades", { seed = seed, dealer = 4, deal = deal })
      for _ = 1, 4 do assert(g:bid(g:next_player(), 3)) end
      play_until(g, rng, function(x) return tricks_done(x) >= 6 and #x:played() % 4 == 0 end)
      local v2, v3 = g:voids(2), g:voids(3)
      if v2:find("c") and v2:find("s") and v3:find("c") and v3:find("s") then
        found = found + 1
        local _, counts = sample_many(g, 1, rng, SAMPLES)
        assert.equal(SAMPLES, counts["4:" .. tostring(g:hand(4))])
        if found == 2 then break end
      end
    end
    assert.equal(2, found)
  end)

  it("hearts after passing: received cards stay with their holder", function()
    local suits = {
      dh.cards("2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc Ac"):list(),
      dh.cards("2d 3d 4d 5d 6d 7d 8d 9d Td Jd Qd Kd Ad"):list(),
      dh.cards("2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh Ah"):list(),
      dh.cards("2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks As"):list(),
    }
    local checked = 0
    for seed = 1, 4 do
      local rng = dh.rng(seed)
      local g = dh.game("hearts", { seed = seed, dealer = 4, deal = suits })
      while g:phase() == "pass" do
        local s = g:next_player()
        local l = g:hand(s):list()
        assert(g:pass(s, { l[#l], l[#l - 1], l[#l - 2] }))
      end
      play_until(g, rng, function(x) return tricks_done(x) == 3 + seed end)
      local view = g:view(1)
      -- seat 2 got seat 1's three clubs: those it still holds are known
      assert.equal(g:hand(2) & g:passed(1), view:hand(2))
      sample_many(g, 1, rng, SAMPLES // 4)
      checked = checked + 1
    end
    assert.equal(4, checked)
  end)
end)

describe("game:deal and game:rewind", function()
  it("briscola: the stacked deal comes back after tricks and draws", function()
    -- talon top first: Kh is turned for trumps and goes under, drawn last
    local talon = { "Kh", "4c", "4d", "5c", "5d" }
    local g = dh.game("briscola", { seed = 1, dealer = 2, deal = { "Ac 2c 3c", "Ad 2d 3d", talon } })
    local rng = dh.rng(4)
    for _ = 1, 6 do assert(g:play(g:next_player(), rng:pick(g:legal()))) end
    local deal = g:deal()
    assert.equal(dh.cards("Ac 2c 3c"), deal[1])
    assert.equal(dh.cards("Ad 2d 3d"), deal[2])
    assert.equal(34, #deal.talon)
    for i, c in ipairs(talon) do assert.equal(dh.card(c), deal.talon[i]) end
    -- the rest of the talon in deck order, as the deal option promises
    local rest = dh.cards {}
    for i = 6, 34 do rest = rest | dh.cards { deal.talon[i] } end
    assert.equal(29, rest:count())
    assert.equal(0, #(rest & dh.cards("Ac 2c 3c Ad 2d 3d Kh 4c 4d 5c 5d")))
    -- rewound: the hand's start, then the same six plays give the same game
    local again = g:rewind()
    assert.equal(dh.cards("Ac 2c 3c"), again:hand(1))
    assert.equal("h", again:trump())
    assert.equal(34, again:talon_count())
    for _, m in ipairs(g:record().moves) do assert(again:apply(m[1], m[2])) end
    for s = 1, 2 do assert.equal(g:hand(s), again:hand(s)) end
    assert.equal(g:talon_count(), again:talon_count())
  end)

  it("hearts: the hands as dealt, before the passes", function()
    local suits = { "2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc Ac", "2d 3d 4d 5d 6d 7d 8d 9d Td Jd Qd Kd Ad",
                    "2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh Ah", "2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks As" }
    local g = dh.game("hearts", { seed = 1, dealer = 4, deal = suits })
    for _ = 1, 4 do  -- the first hand passes left: each seat its three highest
      local s = g:next_player()
      local l = g:hand(s):list()
      assert(g:pass(s, { l[11], l[12], l[13] }))
    end
    assert.equal(dh.cards("2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qs Ks As"), g:hand(1))
    local deal = g:deal()
    for s = 1, 4 do assert.equal(dh.cards(suits[s]), deal[s]) end
    assert.equal(0, #deal.talon)
    local again = g:rewind()
    assert.equal("pass", again:phase())
    for s = 1, 4 do assert.equal(dh.cards(suits[s]), again:hand(s)) end
    -- a world seen from seat 1: seat 1's pass and what it got stay; the
    -- hidden passes are cards their receivers hold
    local world = g:view(1):sample(dh.rng(2))
    local wd = world:deal()
    assert.equal(dh.cards(suits[1]), wd[1])
    assert.equal(dh.cards("Qc Kc Ac"), world:passed(1))
    assert.equal(dh.cards("Qs Ks As"), world:passed(4))
    for s = 2, 3 do
      local to = s % 4 + 1
      assert.equal(3, world:passed(s):count())
      assert.is_true((world:hand(to) | world:played_by(to)):contains(world:passed(s)))
      assert.equal(world:passed(s), world:received(to))
    end
  end)
end)
