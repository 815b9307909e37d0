-- pattern_spec.lua: deckhand.poker.pattern and deckhand.poker.match
-- (the C functions are deckhand.core.pattern and deckhand.core.pattern_match;
-- until the Lua layer shows them under deckhand.poker, the spec calls them
-- there directly)
local dh = require "deckhand"
local core = require "deckhand.core"

local poker = (dh.poker and dh.poker.pattern) and dh.poker
              or { pattern = core.pattern, match = core.pattern_match }

describe("deckhand.poker.pattern", function()
  it("compiles a pattern into a Pattern", function()
    local p = poker.pattern("1{3}2{2}")
    assert.are.equal("userdata", type(p))
    assert.are.equal("Pattern(1{3}2{2})", tostring(p))
    assert.are.equal("1{3}2{2}", p:source())
    assert.are.equal(5, #p)
    assert.are.equal(debug.getmetatable(p), debug.getregistry()["deckhand.Pattern"])
  end)

  it("finds the issue's examples and returns the cards as a CardSet", function()
    local cases = {
      { "1{2}", "A♥ A♦ 3c 7s 9d", "Ad Ah" },
      { "1{2}2{2}", "A♣ A♦ 3♠ 3♣ 9h", "3c Ac Ad 3s" },
      { "1{3}", "Qc Qd Qh 2s 5h", "Qc Qd Qh" },
      { "1{4}", "9c 9d 9h 9s As", "9c 9d 9h 9s" },
      { "1{3}2{2}", "Qc Qd Qh Kc Ks", "Qc Kc Qd Qh Ks" },
      { "?>?>?>?>?", "K♣ Q♦ J♠ 10♣ 9♣", "9c Tc Kc Qd Js" },
      { "a{5}", "2h 5h 9h Jh Kh 3c", "2h 5h 9h Jh Kh" },
      { "a>a>a>a>a", "5s 6s 7s 8s 9s 9d", "5s 6s 7s 8s 9s" },
      { "[a>a>a>a>a", "Ah Kh Qh Jh Th 9h", "Th Jh Qh Kh Ah" },
    }
    for _, case in ipairs(cases) do
      local p = poker.pattern(case[1])
      local found = p:match(case[2])
      assert.are.equal(debug.getmetatable(dh.cards("As")), debug.getmetatable(found))
      assert.are.equal(dh.cards(case[3]), found)
      assert.are.equal(dh.cards(case[3]), poker.match(case[1], case[2]))
    end
  end)

  it("returns nil when the hand lacks the pattern", function()
    assert.is_nil(poker.match("1{2}2{2}", "Ac Ad 3s 4c 9h"))
    assert.is_nil(poker.match("?>?>?>?>?", "Qc Kd Ah 2s 3c"))
    assert.is_nil(poker.match("[a>a>a>a>a", "Kd Qd Jd Td 9d"))
    assert.is_nil(poker.pattern("a{5}"):match(dh.cards("2h 5h 9h Jh 3c Kc")))
  end)

  it("takes the hand as a CardSet, a string or a table", function()
    local p = poker.pattern("?>?>?>?>?")
    local wheel = dh.cards("Ah 2c 3d 4s 5h")
    assert.are.equal(wheel, p:match(wheel))
    assert.are.equal(wheel, p:match("Ah 2c 3d 4s 5h Kd"))
    assert.are.equal(wheel, p:match { "Ah", "2c", dh.card("3d"), "4s", "5h" })
  end)

  it("rejects malformed patterns with the reason and the position", function()
    local function err(src)
      local ok, msg = pcall(poker.pattern, src)
      assert.is_false(ok)
      return msg
    end
    assert.matches("bad argument #1 to 'pattern' %(bad pattern '1{2': unbalanced '{' at position 2%)",
                   err("1{2"))
    assert.matches("repeat count out of range %(1%-7%) at position 3", err("1{0}"))
    assert.matches("repeat count out of range %(1%-7%) at position 3", err("1{8}"))
    assert.matches("'>' at the start at position 1", err(">1"))
    assert.matches("'>' at the end at position 4", err("1>2>"))
    assert.matches("more than 7 cards at position 15", err("?>?>?>?>?>?>?>?"))
    assert.matches("more than 7 cards at position 6", err("1{4}2{4}"))
    assert.matches("unknown character at position 2", err("1X"))
    assert.matches("pattern can never match at position 3", err("1>1"))
    local ok, msg = pcall(poker.match, "1{", "As")
    assert.is_false(ok)
    assert.matches("bad pattern '1{': unbalanced '{' at position 2", msg)
  end)

  it("raises on a bad hand or a bad pattern object", function()
    assert.has_error(function() poker.pattern("1{2}"):match("Xx") end)
    assert.has_error(function() poker.pattern("1{2}").match(dh.cards("As"), "As") end)
    assert.has_error(function() poker.pattern({}) end)
  end)
end)
