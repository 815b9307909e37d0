-- deck_spec.lua: deckhand.deck, shuffling, dealing, the talon, tricks
local dh = require "deckhand"

local function union(hands)
  local all = dh.cards()
  for _, h in ipairs(hands) do all = all | h end
  return all
end

describe("deckhand.deck", function()
  it("makes every standard kind", function()
    local sizes = { french52 = 52, french54 = 54, italian40 = 40, piquet32 = 32,
                    euchre24 = 24, pinochle48 = 48 }
    for kind, n in pairs(sizes) do
      local d = dh.deck(kind)
      assert.are.equal(n, #d)
      assert.are.equal(kind, d:kind())
      assert.are.equal(n, #d:set())
    end
    assert.are.equal("Deck(french52, 52 cards)", tostring(dh.deck("french52")))
  end)

  it("keeps pinochle twins distinct, the second named with #2", function()
    local d = dh.deck("pinochle48")
    local cards = d:cards()
    assert.are.equal("9c", tostring(cards[1]))
    assert.are.equal("9c#2", tostring(cards[2]))
    assert.are.equal(cards[2], dh.card("9c#2"))
    assert.are.equal(cards[1]:display() .. "#2", cards[2]:display())
    assert.are_not.equal(cards[1], cards[2])
    assert.are.equal(2, cards[2].copy)
    local s = d:set()
    assert.is_true(s:has(cards[2]))
    assert.is_false(s:has("2c"))
    assert.are.equal(12, #s:suit("c"))  -- 9 T J Q K A twice
  end)

  it("builds custom decks and names what is wrong", function()
    local d = dh.deck("As Kd Td")
    assert.are.equal(3, #d)
    assert.are.equal("custom", d:kind())
    assert.are.equal(dh.card("As"), d:peek())
    assert.are.equal(2, #dh.deck { "Qs", dh.card("Jh") })
    local ok, err = pcall(dh.deck, "french53")
    assert.is_false(ok)
    assert.matches("bad argument #1 to '[%w.]*deck' %(unknown deck 'french53'", err)
    ok, err = pcall(dh.deck, "As x1 Td")
    assert.matches("bad custom deck at 'x1': unknown rank", err)
    ok, err = pcall(dh.deck, "2c 2c")
    assert.matches("duplicate card", err)
    ok, err = pcall(dh.deck, { "As", {} })
    assert.matches("card expected at index 2, got table", err)
  end)

  -- a list whose __len lies and whose __index is a C function gave a name
  -- per index without a Lua instruction, so no bot's time limit stopped
  -- it: 2^24 of them took seconds, 2^40 as long as memory lasted
  it("refuses a list longer than any deck before reading it", function()
    local n = 0
    local lying = setmetatable({}, { __len = function() return 1 << 24 end,
                                     __index = function(_, i) n = n + 1; return type(i) end })
    local ok, err = pcall(dh.deck, lying)
    assert.is_false(ok)
    assert.matches("a deck holds at most 64 cards, got 16777216", err, 1, true)
    assert.are.equal(0, n)
    local names = dh.deck("french52"):cards()   -- a list behind a proxy still reads
    assert.are.equal(52, #dh.deck(setmetatable({}, { __len = function() return #names end,
                                                     __index = function(_, i) return names[i] end })))
  end)

  it("shuffles reproducibly by seed", function()
    local a = dh.deck("french52"):shuffle(dh.rng(9))
    local b = dh.deck("french52"):shuffle(dh.rng(9))
    local c = dh.deck("french52"):shuffle(dh.rng(10))
    assert.are.equal(a, b)
    assert.are_not.equal(a, c)
    assert.are.equal(dh.deck("french52"):set(), a:set())
  end)

  it("deals in packets from the left of the dealer, the rest a talon", function()
    local d = dh.deck("french52")
    local hands = d:deal(4, { 3, 2 }, { dealer = 4 })
    assert.are.equal(dh.cards("2c 3c 4c Ac 2d"), hands[1])
    assert.are.equal(dh.cards("Jc Qc Kc 7d 8d"), hands[4])
    assert.are.equal(32, #d)
    assert.are.equal(dh.card("9d"), d:draw())
    local three = d:draw(3)
    assert.are.same({ "Td", "Jd", "Qd" }, { tostring(three[1]), tostring(three[2]), tostring(three[3]) })
    d = dh.deck("french52")
    hands = d:deal(4, 13, { dealer = 2 })
    assert.are.equal(dh.cards("2c 6c Tc"), hands[3] & dh.cards("2c 6c Tc"))
    assert.are.equal(0, #d)
    assert.is_nil(d:draw())
  end)

  it("conserves cards over many seeded deals", function()
    local rng = dh.rng(3)
    for i = 1, 200 do
      local d = dh.deck("french52"):shuffle(rng)
      local players = 2 + i % 5
      local hands = d:deal(players, 52 // players)
      local all = union(hands)
      assert.are.equal(players * (52 // players), #all)
      assert.are.equal(dh.deck("french52"):set(), all | d:set())
      assert.are.equal(0, #(all & d:set()))
    end
  end)

  it("turns a card under the talon to be drawn last", function()
    local d = dh.deck("italian40"):shuffle(dh.rng(4))
    d:deal(2, 3)
    local trump = d:turn()
    assert.are.equal(trump, d:peek(#d))
    local last
    while #d > 0 do last = d:draw() end
    assert.are.equal(trump, last)
  end)

  it("rejects impossible deals without dealing", function()
    local d = dh.deck("euchre24")
    assert.has_error(function() d:deal(4, 7) end, "deck too short: 24 cards left")
    assert.are.equal(24, #d)
    assert.has_error(function() d:deal(0, 1) end)
    assert.has_error(function() d:deal(4, 1, { dealer = 5 }) end)
    assert.has_error(function() d:deal(4, { 3, 0 }) end)
  end)
end)

describe("deckhand.rng", function()
  it("gives the documented first output for seed 1", function()
    -- 0xb3f2af6d0fc710c5 as a signed 64-bit Lua integer
    assert.are.equal(0xb3f2af6d0fc710c5, dh.rng(1):next())
  end)

  it("draws bounded integers and splits streams", function()
    local r = dh.rng(5)
    for _ = 1, 1000 do
      local v = r:int(6)
      assert.is_true(v >= 1 and v <= 6)
      local w = r:int(-3, 3)
      assert.is_true(w >= -3 and w <= 3)
    end
    local a = dh.rng(11)
    local b = a:clone()
    local child = a:split()
    assert.are.equal(b, child)
    assert.are_not.equal(a, child)
    assert.are.equal(b:jump(), a)
    assert.has_error(function() r:int(3, 1) end)
    local f = r:random()
    assert.is_true(f >= 0 and f < 1)
    assert.is_true(dh.cards("As Kd"):has(r:pick(dh.cards("As Kd"))))
  end)
end)

describe("deckhand.trick_winner", function()
  it("finds the winner with trumps and orders", function()
    assert.are.equal(2, dh.trick_winner({ "Td", "Ad", "2s", "Kd" }))
    assert.are.equal(3, dh.trick_winner({ "Td", "Ad", "2s", "Kd" }, "s"))
    assert.are.equal(2, dh.trick_winner({ "Kh", "3h" }, "c", "A 3 K Q J 7 6 5 4 2"))
    assert.has_error(function() dh.trick_winner({}) end)
  end)
end)
