-- host_errors_spec.lua: what a Lua host sees when it passes deckhand.game
-- and deckhand.run something wrong: a message naming the option or the
-- seat, never a line of the library's own files
local dh = require "deckhand"

-- the message of a failed call, checked to name no file of the package
local function refusal(f, ...)
  local ok, err = pcall(f, ...)
  assert.is_false(ok)
  assert.is_nil(err:find("deckhand/", 1, true), "a library path in: " .. err)
  assert.is_nil(err:find("%.lua:%d+:"), "a file and line in: " .. err)
  return err
end

describe("deckhand.game's dealer", function()
  it("is refused by name when it is no seat of the variant", function()
    assert.are.equal("dealer must be a seat from 1 to 4, got 9",
      refusal(dh.game, "spades", { seed = 1, dealer = 9 }))
    -- the quick path (a Variant and an integer seed) checks it too
    assert.are.equal("dealer must be a seat from 1 to 4, got 0",
      refusal(dh.game, dh.variant("spades"), { seed = 1, dealer = 0 }))
    assert.are.equal("dealer must be a seat from 1 to 2, got 3",
      refusal(dh.game, "briscola", { seed = 1, dealer = 3 }))
    assert.are.equal("dealer must be a seat from 1 to 4, got x",
      refusal(dh.game, "spades", { seed = 1, dealer = "x",
                                   deal = { "As", "Ks", "Qs", "Js" } }))
    -- a seat of the variant as built: Briscola for three has a seat 3
    assert.are.equal(3, dh.game(dh.variant("briscola", { players = 3 }), { seed = 1, dealer = 3 })
                          :dealer())
  end)
end)

describe("deckhand.run's players", function()
  local function game() return dh.game("spades", { seed = 1 }) end

  it("names the seat whose player is no strategy", function()
    assert.are.equal("the player for seat 2 must be a strategy (a table) or a function, got number",
      refusal(dh.run, game(), { 1, 2, 3, 4 }))
    assert.are.equal("the player for seat 2 must be a strategy (a table) or a function, got string"
                     .. " (deckhand.strategy(name) loads one)",
      refusal(dh.run, game(), { "random", "random", "random", "random" }))
    assert.are.equal("bad argument #2 to 'run' (a list of players expected, got nil)",
      refusal(dh.run, game()))
  end)

  it("says a strategy has nothing for the phase without a line of the driver", function()
    assert.are.equal("the strategy has no move(view) and nothing for the phase 'bid'",
      refusal(dh.run, game(), { {}, {}, {}, {} }))
  end)
end)
