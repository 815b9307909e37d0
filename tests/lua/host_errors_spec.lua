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

describe("deckhand.game's deal", function()
  it("names the seat or the talon holding a bad card", function()
    assert.are.equal("deal: seat 1: bad card name 'Zz': unknown rank",
      refusal(dh.game, "spades", { seed = 1, deal = { "Zz" } }))
    assert.are.equal("deal: seat 2: bad card name 'Qx': unknown suit",
      refusal(dh.game, "spades", { seed = 1, deal = { "As", { "Ks", "Qx" } } }))
    assert.are.equal("deal: seat 4: cards (CardSet, string or table) expected, got number",
      refusal(dh.game, "spades", { seed = 1, deal = { "As", "Ks", "Qs", 5 } }))
    assert.are.equal("deal: talon: bad card name 'Qx': unknown suit",
      refusal(dh.game, "briscola", { seed = 1, deal = { "Ac 2c 3c", "Ad 2d 3d", talon = { "Kh", "Qx" } } }))
  end)

  it("says what a deal that does not fit lacks, with no line of the package", function()
    assert.are.equal("deal: no hand for seat 1", refusal(dh.game, "spades", { seed = 1, deal = {} }))
    assert.are.equal("deal: each seat needs 13 distinct cards of the deck, the talon other cards of the deck",
      refusal(dh.game, "spades", { seed = 1, deal = { "As", "Ks", "Qs", "Js" } }))
  end)

  it("is named so in a record that cannot be replayed", function()
    local record = dh.game("spades", { seed = 1 }):record()
    record.deal = { "Zz", "As", "Ks", "Qs" }
    assert.are.same({ nil, "cannot start: deal: seat 1: bad card name 'Zz': unknown rank", "bad_record" },
                    { dh.replay(record) })
  end)
end)

describe("deckhand.replay's moves", function()
  it("refuses a list with a gap rather than stop at it", function()
    local g = dh.game("spades", { seed = 1 })
    local rng = dh.rng(1)
    for _ = 1, 6 do assert(g:apply(g:next_player(), rng:pick(g:moves()))) end
    local record = g:record()
    record.moves[3] = nil      -- moves 4 to 6 were dropped without a word
    assert.are.same({ nil, "record.moves must be a list (1 to n with no gap)", "bad_record" },
                    { dh.replay(record) })
    record = g:record()
    record.moves.last = { 1, "bid 3" }
    assert.are.same({ nil, "record.moves must be a list (1 to n with no gap)", "bad_record" },
                    { dh.replay(record) })
    assert.are.equal(6, #dh.replay(g:record()):record().moves)
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

describe("the options of deckhand.game and deckhand.play", function()
  local r = dh.strategy("random", { seed = 1 })

  it("refuse a field they do not know rather than deal from a fresh seed", function()
    -- `sede` was ignored: the game had a seed of the clock, dealt again by no one
    assert.are.equal("deckhand.game: unknown option 'sede' (the options: deal, dealer, seed)",
      refusal(dh.game, "spades", { sede = 1 }))
    assert.are.equal("deckhand.game: unknown option 'delaer' (the options: deal, dealer, seed)",
      refusal(dh.game, dh.variant("spades"), { seed = 1, delaer = 2 }))
    assert.are.equal("deckhand.play: unknown option 'sed' (the options: ask, deal, dealer, max_moves, "
                     .. "on_event, seed)", refusal(dh.play, "spades", { r, r, r, r }, { sed = 1 }))
    assert.are.equal("bad argument #2 to 'game' (options table expected, got number)",
      refusal(dh.game, "spades", 5))
    -- the driver's options pass through deckhand.play
    assert.are.equal("over", dh.play("spades", { r, r, r, r }, { seed = 1, max_moves = 1000000 }):phase())
  end)

  it("refuse a field they do not know in a game written in Lua too, with the game's own (game_options)", function()
    local root = os.getenv("DECKHAND_ROOT") or "."
    assert.are.equal("deckhand.game: unknown option 'sede' (the options: deal, seed)",
      refusal(dh.game, "crazy8", { sede = 1 }))
    assert.are.equal("deckhand.game: unknown option 'dealer' (the options: deal, seed)",
      refusal(dh.game, root .. "/examples/games/gofish.lua", { seed = 1, dealer = 2 }))
    assert.are.equal("deckhand.game: unknown option 'stack' (the options: deal, deals, seed, stacks)",
      refusal(dh.game, "holdem", { seed = 1, stack = { 100, 200 } }))
    assert.are.equal(300, dh.game("holdem", { seed = 1, stacks = { 100, 200 } }):view(1):get("stacks")[2]
                            + dh.game("holdem", { seed = 1, stacks = { 100, 200 } }):view(1):get("stacks")[1]
                            + dh.game("holdem", { seed = 1, stacks = { 100, 200 } }):view(1):get("pot"))
    assert.are.equal("deckhand.play: unknown option 'sed' (the options: ask, deal, max_moves, on_event, seed)",
      refusal(dh.play, "crazy8", { r, r, r, r }, { sed = 1 }))
    assert.are.equal("over", dh.play("crazy8", { r, r, r, r }, { seed = 1, max_moves = 1000000 }):phase())
  end)

  it("raise the driver's own errors through deckhand.play with no line of the package", function()
    assert.are.equal("the game did not end within 10 moves",
      refusal(dh.play, "spades", { r, r, r, r }, { seed = 1, max_moves = 10 }))
    assert.are.equal("no player for seat 3", refusal(dh.play, "crazy8", { r, r }, { seed = 1 }))
  end)
end)
