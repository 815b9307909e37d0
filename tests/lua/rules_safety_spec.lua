-- rules_safety_spec.lua: a variant's rules cannot crash the host or
-- silently change what they were given.  Lua rules that yield, call the
-- engine on their own variant, or outlive the thread that called them are
-- Lua errors; a closed or collected Rules never takes a live game with it;
-- points saturate instead of overflowing; every number that does not fit
-- where it goes is refused with an error naming it.
package.path = "tests/lua/?.lua;" .. package.path
local dh = require "deckhand"
local H = require "trick_helper"
local R = dh.rule

local simple = H.simple

-- the error core.rules raises for a spec, or nil
local function refusal(fields)
  local ok, err = pcall(simple, fields)
  return not ok and err or nil
end

describe("a Lua rule", function()
  it("that yields is an error, in a coroutine or not, and the game lives on", function()
    local yielding = true
    local g = dh.game(simple { hand = function()
      if yielding then coroutine.yield("a value") end
      return true
    end }, { seed = 1 })
    local ok, err = pcall(g.legal, g)
    assert.is_false(ok)
    assert.equal("test: hand rule: a rule cannot yield", err)
    local co = coroutine.wrap(function() return pcall(g.legal, g) end)
    ok, err = co()
    assert.is_false(ok)
    assert.equal("test: hand rule: a rule cannot yield", err)
    yielding = false
    assert.equal(13, #g:legal())
  end)

  it("that calls the engine on its own variant is an error at once, not a C stack overflow", function()
    local g = dh.game(simple { hand = function(state) state:legal(); return true end }, { seed = 1 })
    local ok, err = pcall(g.legal, g)
    assert.is_false(ok)
    assert.matches("^test: hand rule: .*test: a rule cannot call legal, playouts or greedy on a game "
                   .. "of its own variant$", err)
    assert.is_nil(err:find("hand rule: .*hand rule:"))   -- one level deep
    local other
    g = dh.game(simple { play = function() other:playouts(dh.rng(1), 1); return 1 end }, { seed = 1 })
    other = g:clone()
    for _ = 1, 3 do assert(g:play(g:next_player(), g:legal():lowest())) end
    ok, err = pcall(g.play, g, g:next_player(), g:legal():lowest())
    assert.is_false(ok)
    assert.matches("a rule cannot call legal, playouts or greedy", err, 1, true)
  end)

  it("outlives no thread it ran on: an engine call from a coroutine inside it is refused", function()
    -- the coroutine's engine call would leave the thread of the call in
    -- progress pointing at the coroutine, collected before the next card
    local other, inner, depth = nil, nil, 0
    local v = simple { hand = function()
      if depth == 0 then
        depth = 1
        local co = coroutine.create(function() return other:legal() end)
        inner = { coroutine.resume(co) }
        co = nil
        collectgarbage()
        collectgarbage()
      end
      return true
    end }
    local g = dh.game(v, { seed = 1 })
    other = dh.game(v, { seed = 2 })
    assert.equal(13, #g:legal())                 -- every card asked, after the coroutine died
    assert.is_false(inner[1])
    assert.matches("a rule cannot call legal, playouts or greedy", inner[2], 1, true)
    depth = 0
    assert.equal(13, #other:legal())
  end)
end)

describe("a variant's Rules", function()
  it("cannot be closed under a live game: <close> is refused", function()
    local g = dh.game(simple { hand = function() return true end }, { seed = 1 })
    local world = g:view(1):sample(dh.rng(1))
    local ok, err = pcall(function()
      local rules <close> = world:rules()
      return rules
    end)
    assert.is_false(ok)
    assert.matches("non%-closable value", err)
    collectgarbage()
    assert.equal(13, #world:legal())
    assert.equal(13, #g:legal())
  end)

  it("finalized by hand makes its games raise, not crash", function()
    local g = dh.game(simple { hand = function() return true end }, { seed = 1 })
    local rules = g:rules()
    debug.getmetatable(rules).__gc(rules)
    debug.getmetatable(rules).__gc(rules)               -- twice is harmless
    local ok, err = pcall(g.legal, g)
    assert.is_false(ok)
    assert.equal("test: hand rule: its Rules were released", err)
  end)
end)

describe("points", function()
  it("saturate at 32 bits instead of overflowing", function()
    local top = math.tointeger(2 ^ 31 - 1)
    local g = dh.game(simple { points = R.tricks(top), win = R.highest_after(3), max_hands = 3 }, { seed = 1 })
    g:playout(dh.rng(1), true)
    local tricks, points = g:last_tricks(), g:hand_points()
    for seat = 1, 4 do assert.equal(tricks[seat] > 0 and top or 0, points[seat]) end
    g:playout(dh.rng(2))
    for seat = 1, 4 do assert.is_true(g:scores()[seat] == 0 or g:scores()[seat] == top) end
    -- Spades bids: 13 bid tricks at the top per trick
    local v = dh.variant("spades", { target = 500 })
    local spec = v.spec
    spec.points = R.contract { per_trick = top, set = top, ["nil"] = top, bag_penalty = -top }
    g = dh.game(simple(spec), { seed = 3 })
    g:playout(dh.rng(3), true)
    for _, p in ipairs(g:hand_points()) do assert.is_true(p >= -top - 1 and p <= top) end
  end)

  it("from a Lua rule must fit in 32 bits", function()
    local g = dh.game(simple { points = function() return { 1 << 40, 0, 0, 0 } end }, { seed = 1 })
    local ok, err = pcall(g.playout, g, dh.rng(1))
    assert.is_false(ok)
    assert.equal("test: points rule: points[1] must be an integer from -2147483648 to 2147483647, "
                 .. "got 1099511627776", err)
  end)
end)

describe("numbers that do not fit", function()
  it("are refused with an error naming the field", function()
    assert.equal("test: sizes[1] must be an integer from 1 to 64, got 300", refusal { sizes = { 300 } })
    assert.equal("test: sizes[1] must be an integer from 1 to 64, got string", refusal { sizes = { "a" } })
    -- (the schema's check, before the C reader's: the same bounds)
    assert.equal("test: field 'max_hands' must be an integer from 1 to 65535, got 65536",
                 refusal { max_hands = 65536 })
    assert.equal("test: field 'pass_count' must be an integer from 0 to 64, got 256",
                 refusal { pass_count = 256, pass_dirs = { 1 } })
    assert.equal("test: pass_dirs[2] must be an integer from -3 to 3, got 260",
                 refusal { pass_count = 1, pass_dirs = { 1, 260 } })
    assert.equal("test: strength[As] must be an integer from 0 to 255, got 256",
                 refusal { strength = { As = 256 } })
    assert.equal("test: sides[2] must be an integer from 1 to 4, got string",
                 refusal { sides = { 1, "two", 1, 2 } })
    local ok, err = pcall(require("deckhand.core").rules, { name = "raw", seats = 260 })
    assert.is_false(ok)
    assert.equal("raw: seats must be an integer from 2 to 8, got 260", err)
  end)

  it("are refused by the prefabs, naming the value", function()
    local big = math.tointeger(2 ^ 31)
    local function refused(f, ...)
      local ok, err = pcall(f, ...)
      assert.is_false(ok)
      return err
    end
    assert.matches("target must be from %-2147483648 to 2147483647, got 2147483648", refused(R.first_to, big))
    assert.matches("target must be from", refused(R.lowest_when, -big - 1))
    assert.matches("floor must be from", refused(R.loss_floor, big))
    assert.matches("points per trick must be from", refused(R.tricks, big))
    assert.matches("hands must be from 0", refused(R.highest_after, -1))
    assert.matches("max must be from min to 64", refused(R.bid_range, 0, 300))
    assert.equal("per_trick must be an integer from -2147483648 to 2147483647, got 2147483648",
                 refused(R.contract, { per_trick = big }))
    assert.equal("bags must be an integer from 0 to 2147483647, got -1", refused(R.contract, { bags = -1 }))
    assert.equal("contract: unknown field 'overtricks'", refused(R.contract, { overtricks = 2 }))
    assert.equal("miss must be an integer from -2147483648 to 2147483647, got 2147483648",
                 refused(R.exact_bid, { miss = big }))
    assert.equal("last_trick must be an integer from -2147483648 to 2147483647, got 2147483648",
                 refused(R.card_points, { h = 1 }, { last_trick = big }))
    assert.equal("card_points: value of 'h' must be from -128 to 127", refused(R.card_points, { h = 200 }))
  end)
end)
