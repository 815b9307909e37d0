-- poker_spec.lua: deckhand.poker, the hand evaluator's Lua face
local dh = require "deckhand"
local poker = dh.poker

describe("deckhand.poker", function()
  it("evaluates 5, 6 and 7 cards given as strings, tables or sets", function()
    local v, name = poker.eval("As Ks Qs Js Ts")
    assert.are.equal("straight flush", name)
    assert.are.equal(v, poker.eval { "As", "Ks", "Qs", "Js", "Ts" })
    assert.are.equal(v, poker.eval(dh.cards("As Ks Qs Js Ts 2c 3d")))
    assert.are.equal("two pair", select(2, poker.eval("Kh Kd 7c 7s Ah 2c")))
    assert.are.equal("high card", select(2, poker.eval("Kc Ac 2c 3h 4d")))
  end)

  it("orders hands: higher beats lower, equal ties", function()
    assert.is_true(poker.eval("Ac 2d 3s 4h 5c") < poker.eval("2c 3d 4s 5h 6c"))
    assert.is_true(poker.eval("Tc Jd Qs Kh Ac") > poker.eval("9c Td Js Qh Kc"))
    assert.is_true(poker.eval("Ac 2c 3c 4c 5c") < poker.eval("2h 3h 4h 5h 6h"))
    assert.are.equal(poker.eval("Ah Ad Kc 9s 4d"), poker.eval("Ac As Kd 9h 4c"))
    assert.are.equal(-1, poker.compare("Ah Ad Qc Js Td", "Ah Ad Kc 9s 4d"))
    assert.are.equal(0, poker.compare("Ac Kd Qs Jh Tc 2d 3d", "Ac Kd Qs Jh Tc 2h 4s"))
    assert.are.equal(1, poker.compare(poker.eval("9h 9d 9c 9s 2h"), "8h 8d 8c 8s Ah"))
  end)

  it("names categories and describes hands", function()
    assert.are.equal(9, #poker.categories)
    assert.are.equal("high card", poker.categories[1])
    assert.are.equal("straight flush", poker.categories[9])
    assert.are.equal("full house", poker.category("Th Td Tc 4s 4h"))
    assert.are.equal("full house", poker.category(poker.eval("Th Td Tc 4s 4h")))
    assert.are.equal("two pair, kings and sevens, ace kicker", poker.describe("Kh Kd 7c 7s Ah"))
    assert.are.equal("straight, five high", poker.describe("Ac 2d 3s 4h 5c 9d"))
    assert.are.equal("flush, ace high, queen-nine-six-three", poker.describe("Ah Qh 9h 6h 3h"))
    assert.are.equal("full house, tens over fours",
                     poker.describe(poker.eval("Th Td Tc 4s 4h 4d Ac")))
    assert.are.same({ 13, 7, 14 }, poker.ranks("Kh Kd 7c 7s Ah"))
  end)

  it("finds the five cards that make the hand", function()
    local best = poker.best5("Kh Kd 7c 7s 5h 5d Ac")
    assert.are.equal(debug.getmetatable(dh.cards("As")), debug.getmetatable(best))
    assert.are.equal(dh.cards("Kh Kd 7c 7s Ac"), best)
    assert.are.equal(dh.cards("Ah 2h 3h 4h 5h"), poker.best5("Ah 2h 3h 4h 5h Kh Qc"))
  end)

  it("counts every hand by category, in C", function()
    local c, hands = poker.count(5)
    assert.are.equal(2598960, hands)
    assert.are.same({
      ["high card"] = 1302540, pair = 1098240, ["two pair"] = 123552,
      ["three of a kind"] = 54912, straight = 10200, flush = 5108, ["full house"] = 3744,
      ["four of a kind"] = 624, ["straight flush"] = 40,
    }, c)
    c, hands = poker.count(7)
    assert.are.equal(133784560, hands)
    assert.are.equal(41584, c["straight flush"])
    assert.are.equal(23294460, c["high card"])
  end)

  it("counts the completions of some cards with dead cards removed", function()
    local c, hands = poker.count { n = 7, cards = "Ac Kd Qs Jh 9c 2d", dead = "Tc Td Ts" }
    assert.are.equal(43, hands)
    assert.are.equal(1, c.straight)
    assert.are.equal(18, c.pair)
    local c2, hands2 = poker.count(7, "Ac Kd Qs Jh 9c 2d", dh.cards("Tc Td Ts"))
    assert.are.same(c, c2)
    assert.are.equal(hands, hands2)
    -- two hole cards against every board: sums to C(50, 5)
    local _, boards = poker.count { cards = "As Ah" }
    assert.are.equal(2118760, boards)
  end)

  it("evaluates many hands in one call", function()
    local hands = { "As Ks Qs Js Ts", dh.cards("2c 3d 4s 5h 7c"), { "Kh", "Kd", "7c", "7s", "Ah" } }
    local v = poker.eval_many(hands)
    assert.are.equal(3, #v)
    for i = 1, 3 do assert.are.equal(poker.eval(hands[i]), v[i]) end
    local out = {}
    assert.are.equal(out, poker.eval_many(hands, out))
    assert.are.same(v, out)
  end)

  it("evaluates packed hands at C speed", function()
    local hands = { "As Ks Qs Js Ts", dh.cards("2c 3d 4s 5h 7c"), "Kh Kd Kc 7s 7h 2d 2h" }
    local packed = poker.pack(hands)
    assert.are.equal(24, #packed)
    -- the layout is card.h's: As is position 3 * 16 + 12
    local first = string.unpack("<i8", packed)
    assert.are.equal(1 << (3 * 16 + 12), first & (1 << (3 * 16 + 12)))
    local values = poker.eval_many(packed)
    assert.are.equal(12, #values)
    for i = 1, 3 do
      assert.are.equal(poker.eval(hands[i]), (string.unpack("<I4", values, 4 * i - 3)))
    end
    -- string.pack makes the same thing
    assert.are.equal(values, poker.eval_many(string.pack("<i8i8i8", string.unpack("<i8i8i8", packed))))
    assert.are.equal("", poker.eval_many(""))
    local c, n = poker.count_many(packed)
    assert.are.equal(3, n)
    assert.are.same(c, (poker.count_many(hands)))
    assert.are.equal(1, c["straight flush"])
    assert.are.equal(1, c["high card"])
    assert.are.equal(1, c["full house"])
    assert.has_error(function() poker.eval_many("1234567") end)
    assert.has_error(function() poker.eval_many(string.pack("<i8", 15)) end)  -- four cards
    assert.has_error(function() poker.eval_many(string.pack("<i8", 31 | 1 << 15)) end)  -- a joker
    assert.has_error(function() poker.count_many(string.pack("<i8", 255)) end)  -- eight cards
    -- a bad hand among good ones is found and named
    local good = string.unpack("<i8", packed)
    for _, bad in ipairs { 15, 255, 15 | (1 << 13), 15 | (1 << 63), good | (1 << 13) } do
      local words = {}
      for i = 1, 11 do words[i] = string.pack("<i8", i == 6 and bad or good) end
      local ok, err = pcall(poker.count_many, table.concat(words))
      assert.is_false(ok)
      assert.matches("packed hand 6 ", err)
    end
  end)

  it("evaluates packed hands into reusable PokerValues", function()
    local rng = dh.rng(11)
    local hands, words = {}, {}
    for i = 1, 1500 do  -- more than the engine's blocks of 256 and 1024
      local bits, n, want = 0, 0, 5 + i % 3
      while n < want do
        local c = rng:int(0, 51)
        local b = 1 << ((c // 13) * 16 + c % 13)
        if bits & b == 0 then bits, n = bits | b, n + 1 end
      end
      words[i] = string.pack("<i8", bits)
      local names = {}
      for p = 0, 63 do
        if bits & (1 << p) ~= 0 then
          names[#names + 1] = ("23456789TJQKA"):sub(p % 16 + 1, p % 16 + 1)
                              .. ("cdhs"):sub(p // 16 + 1, p // 16 + 1)
        end
      end
      hands[i] = table.concat(names, " ")
    end
    local packed = table.concat(words)
    local v = poker.values()
    assert.are.equal(0, #v)
    assert.is_nil(v[1])
    assert.are.equal("PokerValues (0)", tostring(v))
    assert.are.equal(v, poker.eval_many(packed, v))
    assert.are.equal(1500, #v)
    assert.are.equal("PokerValues (1500)", tostring(v))
    -- the single-hand evaluator, from the names, agrees on every hand
    local differ = 0
    for i = 1, 1500 do
      if v[i] ~= poker.eval(hands[i]) then differ = differ + 1 end
    end
    assert.are.equal(0, differ)
    assert.is_nil(v[0])
    assert.is_nil(v[1501])
    -- counts in one pass over the values, as count_many counts the hands
    local counts, n = v:counts()
    assert.are.equal(1500, n)
    assert.are.same((poker.count_many(packed)), counts)
    assert.are.same((poker.count_many(hands)), counts)
    -- the values packed are what eval_many(packed) returns
    assert.are.equal(poker.eval_many(packed), v:pack())
    -- reused: a smaller call shrinks it, a larger one grows it
    poker.eval_many(packed:sub(1, 80), v)
    assert.are.equal(10, #v)
    assert.is_nil(v[11])
    assert.are.equal(poker.eval(hands[10]), v[10])
    poker.eval_many(packed .. packed, v)
    assert.are.equal(3000, #v)
    assert.are.equal(poker.eval(hands[1500]), v[3000])
    poker.eval_many("", v)
    assert.are.equal(0, #v)
    assert.are.same({ 0, 0 }, { v:counts()["pair"], select(2, v:counts()) })
    -- a table of hands fills PokerValues too
    assert.are.equal(v, poker.eval_many({ hands[1], hands[2] }, v))
    assert.are.equal(2, #v)
    assert.are.equal(poker.eval(hands[2]), v[2])
  end)

  it("names what is wrong with the input of a bulk call", function()
    local good = string.unpack("<i8", poker.pack { "As Ks Qs Js Ts" })
    local function err(f, ...)
      local ok, msg = pcall(f, ...)
      assert.is_false(ok)
      return msg
    end
    local function packed_with(bad, at, n)
      local words = {}
      for i = 1, n do words[i] = string.pack("<i8", i == at and bad or good) end
      return table.concat(words)
    end
    local v = poker.values()
    -- the bad hand's index (1-based) and what is wrong with it
    for _, at in ipairs { 1, 2, 300, 1024, 1025, 2000 } do
      assert.matches("packed hand " .. at .. " holds 8 cards %(5 to 7 expected%)",
                     err(poker.eval_many, packed_with(255, at, 2000), v))
      assert.matches("packed hand " .. at .. " holds 4 cards",
                     err(poker.count_many, packed_with(15, at, 2000)))
      assert.matches("packed hand " .. at .. " holds bit 15, which is no card of the 52",
                     err(poker.eval_many, packed_with(good | 1 << 15, at, 2000)))
    end
    assert.matches("packed hand 3 holds 0 cards", err(poker.eval_many, packed_with(0, 3, 5), v))
    assert.matches("packed hand 1 holds bit 63", err(poker.count_many, string.pack("<i8", good | 1 << 63)))
    assert.matches("length 9 is not a multiple of 8", err(poker.eval_many, ("x"):rep(9), v))
    assert.matches("length 7 is not a multiple of 8", err(poker.count_many, "1234567"))
    assert.matches("PokerValues", err(poker.eval_many, packed_with(good, 0, 2), {}))
    assert.matches("table or PokerValues", err(poker.eval_many, { "As Ks Qs Js Ts" }, 42))
    assert.matches("packed string or table of hands expected, got number", err(poker.count_many, 42))
    assert.matches("packed string or table of hands expected, got no value", err(poker.eval_many))
    assert.matches("5 to 7 cards expected at index 2, got 2", err(poker.eval_many, { "As Ks Qs Js Ts", "2c 3c" }, v))
    -- a failed call leaves no stale or half-made values behind
    poker.eval_many(packed_with(good, 0, 3), v)
    assert.are.equal(3, #v)
    err(poker.eval_many, packed_with(255, 2, 3), v)
    assert.are.equal(0, #v)
    assert.is_nil(v[1])
    err(poker.eval_many, { "As Ks Qs Js Ts", "2c" }, v)
    assert.are.equal(0, #v)
    assert.is_nil(v["1"])  -- only numbers index values
    -- and the next good call is whole
    poker.eval_many(packed_with(good, 0, 3), v)
    assert.are.equal(3, #v)
    assert.are.equal(poker.eval("As Ks Qs Js Ts"), v[3])
  end)

  it("refuses what is not a poker hand", function()
    assert.has_error(function() poker.eval("As Ks Qs Js") end)
    assert.has_error(function() poker.eval("As Ks Qs Js Ts 9s 8s 7s") end)
    assert.has_error(function() poker.eval("As Ks Qs Js BJ") end)
    assert.has_error(function() poker.eval("As Ks Qs Js Xx") end)
    assert.has_error(function() poker.describe(-1) end)
    assert.has_error(function() poker.category(99999) end)
    assert.has_error(function() poker.count(4) end)
    assert.has_error(function() poker.count { n = 7, cards = "As", dead = "As" } end)
    assert.has_error(function() poker.count(5, "As Ks Qs Js Ts 9s") end)
    assert.has_error(function() poker.eval_many { "As Ks Qs Js Ts", 42 } end)
    assert.has_error(function() poker.eval_many { "As Ks" } end)
  end)
end)
