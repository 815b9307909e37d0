-- card_spec.lua: deckhand.card and deckhand.Card
local dh = require "deckhand"

describe("deckhand.card", function()
  it("parses every common spelling to the same card", function()
    local td = dh.card("Td")
    for _, name in ipairs { "td", "TD", "10d", "10D", "10♦", "T♦", "t♢" } do
      assert.are.equal(td, dh.card(name))
      assert.is_true(rawequal(td, dh.card(name)), "cards are unique userdata")
    end
    assert.are.equal(dh.card("As"), dh.card("A♠"))
  end)

  it("has a canonical and a display form, rank and suit", function()
    local c = dh.card("10♦")
    assert.are.equal("Td", tostring(c))
    assert.are.equal("Td", c:name())
    assert.are.equal("T♦", c:display())
    assert.are.equal(10, c.rank)
    assert.are.equal("d", c.suit)
    assert.are.equal(14, dh.card("as").rank)
    assert.are.equal("Td!", c .. "!")
  end)

  it("knows the jokers", function()
    assert.are.equal("BJ", tostring(dh.card("rj")))
    assert.are.equal("LJ", tostring(dh.card("sj")))
    assert.is_true(dh.card("BJ").joker)
    assert.is_nil(dh.card("BJ").suit)
    assert.are_not.equal(dh.card("BJ"), dh.card("LJ"))
  end)

  it("orders cards by rank, then suit", function()
    assert.is_true(dh.card("2s") < dh.card("3c"))
    assert.is_true(dh.card("Kc") < dh.card("Kd"))
    assert.is_true(dh.card("As") < dh.card("LJ"))
    local list = { dh.card("Ah"), dh.card("2d"), dh.card("Tc") }
    table.sort(list)
    assert.are.same({ "2d", "Tc", "Ah" }, { tostring(list[1]), tostring(list[2]), tostring(list[3]) })
  end)

  it("rejects bad names with an argument error naming the input", function()
    for _, bad in ipairs { "x1", "", "1d", "Tx", "T", "Tdd", " Td", "♦T" } do
      local ok, err = pcall(dh.card, bad)
      assert.is_false(ok)
      assert.matches("bad argument #1 to '[%w.]*card' %(bad card name '" .. bad:gsub("%p", "%%%0") .. "'", err)
    end
    local ok, err = pcall(dh.card, "x1")
    assert.matches("unknown rank", err)
    ok, err = pcall(dh.card, {})
    assert.is_false(ok)
    assert.matches("card expected, got table", err)
    ok, err = pcall(dh.card, 200)
    assert.matches("not a card value", err)
  end)

  it("round-trips values", function()
    for v = 0, 127 do
      local ok, c = pcall(dh.card, v)
      if ok then
        assert.are.equal(v, c.id)
        if c.copy == 1 then assert.are.equal(c, dh.card(tostring(c))) end
      end
    end
  end)
end)
