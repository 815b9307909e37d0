-- Partnership Auction Pinochle (rules/pinochle.lua).  The goldens are
-- worked by hand from the meld table and the scoring rule at the top of
-- the rules file (pagat.com's partnership game).
local dh = require "deckhand"

local def = assert(loadfile(assert(package.searchpath("pinochle", dh.path)), "t", _ENV))()

local function bot(name, v, seed, extra)
  local o = { variant = v, seed = seed or 1 }
  for k, x in pairs(extra or {}) do o[k] = x end
  return dh.strategy(name, o)
end

-- a game played by random moves until phase `phase` (or the end)
local function until_phase(v, seed, phase)
  local g, rng = dh.game(v, { seed = seed }), dh.rng(seed)
  while g:next_player() and g:phase() ~= phase do
    assert(g:apply(g:next_player(), rng:pick(g:moves())))
  end
  return g
end

local function texts(moves)
  local out = {}
  for i, m in ipairs(moves) do out[i] = tostring(m) end
  return out
end

describe("pinochle", function()
  it("scores melds from the table", function()
    local cases = {
      { "Ah Th Kh Qh Jh", "h", 15 },                                  -- a run
      { "Ah Th Kh Qh Jh Kh#2 Qh#2 9h", "h", 20 },                     -- run 15, royal marriage 4, dix 1
      { "Ah Th Kh Qh Jh Kh#2 Qh#2 9h", "s", 4 },                      -- two marriages in hearts
      { "As Ah Ad Ac", "c", 10 },                                     -- aces around
      { "As Ah Ad Ac As#2 Ah#2 Ad#2 Ac#2", "c", 100 },                 -- twice around
      { "Qs Jd", "h", 4 },                                            -- pinochle
      { "Qs Qs#2 Jd Jd#2", "h", 30 },                                 -- double pinochle
      { "Ks Qs Jd Qh Qd Qc", "h", 12 },                               -- queens 6, pinochle 4, marriage 2
      { "Kh Kh#2 Qh Qh#2 9h 9h#2", "h", 10 },                         -- two royal marriages, two dix
      { "Ah Th Kh Qh Jh Ah#2 Th#2 Kh#2 Qh#2 Jh#2", "h", 150 },        -- a double run
      { "Js Jh Jd Jc Qs", "d", 8 },                                   -- jacks around 4, pinochle 4
      { "Ks Kh Kd Kc Qd", "d", 12 },                                  -- kings around 8, royal marriage 4
      { "Kd Kd#2 Qd Qd#2 Ks Kh Kc", "s", 12 },                        -- kings around 8, two marriages 4
      { "9c Tc Ah", "h", 0 },
    }
    for _, c in ipairs(cases) do
      local points = def.meld(dh.cards(c[1]), c[2])
      assert.are.equal(c[3], points, c[1] .. " with trump " .. c[2])
    end
    -- the cards of the melds are the ones shown
    local _, used = def.meld(dh.cards("Ks Qs Jd Qh Qd Qc 9c Tc"), "h")
    assert.are.equal(dh.cards("Ks Qs Jd Qh Qd Qc"), dh.cards(used))
  end)

  it("scores a hand: the bid made or lost, melds only with a trick", function()
    -- hand_score(bid, bidding side, melds, points, tricks) per side
    assert.are.same({ 28, 17 }, def.hand_score(25, 1, { 12, 8 }, { 16, 9 }, { 7, 5 }))    -- made
    assert.are.same({ -30, 17 }, def.hand_score(30, 1, { 12, 8 }, { 16, 9 }, { 7, 5 }))   -- set
    assert.are.same({ 0, 35 }, def.hand_score(20, 2, { 6, 10 }, { 0, 25 }, { 0, 12 }))   -- no trick: no meld
    assert.are.same({ -20, 29 }, def.hand_score(20, 1, { 30, 4 }, { 0, 25 }, { 0, 12 })) -- ... and set
    assert.are.same({ 11, 24 }, def.hand_score(24, 2, { 0, 10 }, { 11, 14 }, { 5, 7 }))  -- exactly the bid
  end)

  it("runs the auction: passes drop out, the dealer is stuck, three passes end it", function()
    local v = dh.variant("pinochle")
    local g = dh.game(v, { seed = 4 })
    local first = g:next_player()
    assert.are.equal(g:dealer() % 4 + 1, first)
    assert.are.same({ "pass", "bid 20", "bid 21" }, { table.unpack(texts(g:moves()), 1, 3) })
    assert(g:apply(first, "bid 22"))
    local second = g:next_player()
    assert.are.equal(first % 4 + 1, second)
    assert.are.equal("bid 23", texts(g:moves())[2])
    assert(g:apply(second, "pass"))
    assert(g:apply(g:next_player(), "pass"))
    assert(g:apply(g:next_player(), "bid 25"))            -- the dealer
    assert.are.equal(first, g:next_player())              -- the seat that passed is skipped
    assert(g:apply(first, "pass"))
    assert.are.equal("trump", g:phase())                  -- three passes: the dealer won it
    assert.are.equal(g:dealer(), g:next_player())
    local nil_, _, code = g:apply(g:next_player(), "bid 30")
    assert.is_nil(nil_)
    assert.are.equal("illegal_move", code)

    -- the dealer stuck: no pass once the others passed
    g = dh.game(v, { seed = 5 })
    for _ = 1, 3 do assert(g:apply(g:next_player(), "pass")) end
    assert.are.equal(g:dealer(), g:next_player())
    assert.are.equal("bid 20", texts(g:moves())[1])
    assert.is_nil((g:apply(g:next_player(), "pass")))
    -- not stuck: four passes throw the hand in, the next dealer deals
    local free = dh.game(dh.variant("pinochle", { stuck = false }), { seed = 5 })
    local dealer = free:dealer()
    for _ = 1, 4 do assert(free:apply(free:next_player(), "pass")) end
    assert.are.equal(2, free:hand_number())
    assert.are.equal(dealer % 4 + 1, free:dealer())
    assert.are.same({ 0, 0 }, free:scores())
  end)

  it("shows every seat's melds to the table and leads with the bidder", function()
    local v = dh.variant("pinochle")
    for seed = 1, 12 do
      local g = until_phase(v, seed, "trump")
      if g:phase() == "trump" then
        local bidder = g:next_player()
        assert(g:apply(bidder, "trump h"))
        assert.are.equal("play", g:phase())
        assert.are.equal(bidder, g:next_player())
        assert.are.equal("h", g:trump())
        for s = 1, 4 do
          local _, used = def.meld(g:hand(s), "h")
          local other = s % 4 + 1
          assert.are.equal(tostring(dh.cards(used)), tostring(g:view(other):hand(s)), "seat " .. s .. " as seen by " .. other)
        end
      end
    end
  end)

  it("makes a seat head the trick, and scores the melds and 25 points a hand", function()
    local v = dh.variant("pinochle", { max_hands = 3 })
    local h_bot = bot("heuristic", v)   -- bids and names trumps; the cards at random
    local beat, made, set = 0, 0, 0
    for seed = 1, 30 do
      local g, rng = dh.game(v, { seed = seed }), dh.rng(seed)
      local melds, bid, bidder
      while g:next_player() do
        local seat = g:next_player()
        if g:phase() == "play" then
          if not melds then   -- the hand's melds, bid and bidder, as the play begins
            melds = { 0, 0 }
            for s = 1, 4 do melds[(s - 1) % 2 + 1] = melds[(s - 1) % 2 + 1] + def.meld(g:hand(s), g:trump()) end
            bid, bidder = g:var(def.vars.bid), g:declarer()
          end
          local legal = g:moves()
          for c in g:hand(seat):iter() do
            if not legal:has(c) then
              local ok, _, code = g:apply(seat, c)
              assert.is_nil(ok)
              if code == "must_beat" then beat = beat + 1 end
            end
          end
        end
        local hand = g:hand_number()
        local move = g:phase() == "play" and rng:pick(g:moves()) or h_bot.move(g:view(seat))
        assert(g:apply(seat, move))
        if melds and (g:hand_number() ~= hand or not g:next_player()) then   -- the hand was scored
          local h = g:result().hands[hand]
          local took = { h.tricks[1] + h.tricks[3], h.tricks[2] + h.tricks[4] }
          local bs = (bidder - 1) % 2 + 1
          if h.sides[bs] < 0 then
            set = set + 1
            assert.are.equal(-bid, h.sides[bs])
          elseif took[1] > 0 and took[2] > 0 then
            made = made + 1   -- the melds and the 25 points of the cards and the last trick
            assert.are.equal(melds[1] + melds[2] + 25, h.sides[1] + h.sides[2])
            assert.is_true(h.sides[bs] >= bid)
          end
          melds = nil
        end
      end
    end
    assert.is_true(beat > 0, "no card was refused for not heading the trick")
    assert.is_true(made > 5 and set > 5, ("made %d, set %d"):format(made, set))
  end)

  it("plays matches with every bot, recorded and replayed", function()
    local v = dh.variant("pinochle", { target = 60 })
    local g = dh.play(v, { bot("heuristic", v), bot("random", v, 2), bot("pimc", v, 3, { worlds = 20, script_worlds = 8 }), bot("greedy", v, 4) },
                      { seed = 9 })
    local r = g:result()
    assert.is_true(r.over)
    local again = assert(dh.replay(g:record()))
    assert.are.same(g:scores(), again:scores())
  end)
end)
