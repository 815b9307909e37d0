-- Whist (rules/whist.lua): the dealer's turned card makes trumps and stays
-- in the dealer's hand, known to all; odd tricks and honours score as the
-- rules say (the goldens below are computed from the rule text, not by
-- the variant's code).
local dh = require "deckhand"

local suits = { "c", "d", "h", "s" }
local ranks = { "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A" }

-- seat 1 (the dealer) gets the whole of `suit`; the rest dealt from a shuffle
local function deal_with(suit, rng)
  local hands, rest = { {}, {}, {}, {} }, {}
  for _, s in ipairs(suits) do
    for _, r in ipairs(ranks) do
      if s == suit then hands[1][#hands[1] + 1] = r .. s else rest[#rest + 1] = r .. s end
    end
  end
  for i = #rest, 2, -1 do
    local j = rng:int(i)
    rest[i], rest[j] = rest[j], rest[i]
  end
  for i, c in ipairs(rest) do table.insert(hands[(i - 1) % 3 + 2], c) end
  local out = {}
  for s = 1, 4 do out[s] = dh.cards(table.concat(hands[s], " ")) end
  return out
end

local function play_out(game, rng)
  while game:next_player() do
    assert(game:apply(game:next_player(), rng:pick(game:moves())))
  end
end

describe("whist", function()
  it("turns the dealer's last card: its suit is trumps, everyone sees it, the dealer keeps it", function()
    for seed = 1, 20 do
      local g = dh.game(dh.variant("whist"), { seed = seed })
      local up, dealer = g:upcard(), g:dealer()
      assert.is_truthy(up)
      assert.are.equal(up.suit, g:trump())
      assert.is_true(g:hand(dealer):has(up))
      assert.are.equal(13, #g:hand(dealer))
      for s = 1, 4 do   -- every seat's view shows it in the dealer's hand
        assert.is_true(g:view(s):hand(dealer):has(up))
      end
      assert.are.equal(dealer % 4 + 1, g:next_player())   -- the dealer's left leads
      -- every sampled world keeps it with the dealer
      local w = g:view(dealer % 4 + 1):sample(dh.rng(seed))
      assert.is_true(w:hand(dealer):has(up))
    end
  end)

  it("scores odd tricks, and honours when asked: a dealer holding all the trumps", function()
    local rng = dh.rng(7)
    for _, honours in ipairs { false, true } do
      local v = dh.variant("whist", { honours = honours, max_hands = 1 })
      local hands = deal_with("s", rng)
      local g = dh.game(v, { deal = { hands[1], hands[2], hands[3], hands[4], talon = { dh.card("2s") } },
                             dealer = 1, seed = 1 })
      assert.are.equal("s", g:trump())
      play_out(g, rng)
      -- seat 1 trumps or wins every trick: 13 tricks, 7 odd tricks, and
      -- all four honours (4 more) when they count
      local r = g:result()
      assert.are.same(honours and { 11, 0 } or { 7, 0 }, r.sides)
      assert.are.same({ 1 }, r.winning_sides)   -- 7 reaches short whist's target of 5
    end
  end)

  it("gives three honours of four two points, to the side that held them", function()
    local rng = dh.rng(11)
    local v = dh.variant("whist", { honours = true, max_hands = 1 })
    for _ = 1, 20 do
      local hands = deal_with("h", rng)
      -- move the jack of hearts to seat 2 in exchange for one of its cards
      local give = hands[2]:list()[1]
      hands[1] = (hands[1] - dh.cards("Jh")) | dh.cards({ give })
      hands[2] = (hands[2] - dh.cards({ give })) | dh.cards("Jh")
      local up = hands[1]:has(dh.card("2h")) and dh.card("2h") or dh.card("3h")
      local g = dh.game(v, { deal = { hands[1], hands[2], hands[3], hands[4], talon = { up } }, dealer = 1, seed = 1 })
      play_out(g, rng)
      local t = g:tricks()
      local side1, side2 = t[1] + t[3], t[2] + t[4]
      assert.are.equal(13, side1 + side2)
      assert.are.same({ math.max(0, side1 - 6) + 2, math.max(0, side2 - 6) }, g:result().sides)
    end
  end)

  -- the points are the C prefab R.odd_tricks: on random hands, what the
  -- rule text gives, counted here from the tricks and the cards each seat
  -- played (a side's odd tricks, 4 for all four trump honours, 2 for three)
  it("scores random hands as the rule text says, with and without honours", function()
    local rng = dh.rng(11)
    local seen = {}
    for _, honours in ipairs { false, true } do
      local v = dh.variant("whist", { honours = honours, max_hands = 1 })
      for seed = 1, 150 do
        local g = dh.game(v, { seed = seed })
        play_out(g, rng)
        local tricks, held = { 0, 0 }, { 0, 0 }
        for seat = 1, 4 do
          local side = (seat - 1) % 2 + 1
          tricks[side] = tricks[side] + g:tricks()[seat]
          for c in g:played_by(seat):iter() do
            if c.suit == g:trump() and ("JQKA"):find(tostring(c):sub(1, 1), 1, true) then held[side] = held[side] + 1 end
          end
        end
        local want = {}
        for side = 1, 2 do
          want[side] = math.max(0, tricks[side] - 6)
          if honours then want[side] = want[side] + (held[side] == 4 and 4 or held[side] == 3 and 2 or 0) end
          seen[want[side] - math.max(0, tricks[side] - 6)] = true
        end
        assert.are.same(want, g:scores())
      end
    end
    assert.is_true(seen[2] and seen[0], "three honours seen, and none")
  end)

  it("refuses a stacked deal whose turned card is not the dealer's", function()
    local hands = deal_with("s", dh.rng(3))
    local ok = pcall(dh.game, dh.variant("whist"),
                     { deal = { hands[1], hands[2], hands[3], hands[4], talon = { hands[2]:list()[1] } }, dealer = 1 })
    assert.is_false(ok)
  end)
end)
