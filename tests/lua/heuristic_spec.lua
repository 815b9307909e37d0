-- heuristic_spec.lua: the heuristic is a file per game, chosen by the
-- variant (its `heuristic` field, else its name, else the generic trick
-- player), loaded by a dotted name from a folder of the search path; and
-- it asks the view what the rules decide, so a variant that plays the same
-- game through a Lua play rule gets the same play.
package.path = "tests/lua/?.lua;" .. package.path
local dh = require "deckhand"
local F = require "file_helper"
local T = require "trick_helper"

-- the moves two strategies make, seat for seat, over the same games:
-- equal lists when they play alike
local function moves(variant_a, make_a, variant_b, make_b, seeds)
  local a, b = {}, {}
  for seed = 1, seeds or 3 do
    for _, side in ipairs { { variant_a, make_a, a }, { variant_b, make_b, b } } do
      local v, make, out = side[1], side[2], side[3]
      local bots = {}
      for s = 1, v.seats do bots[s] = make(v, s) end
      dh.run(dh.game(v, { seed = seed }), bots, {
        on_event = function(e) if e.kind == "move" then out[#out + 1] = e.seat .. " " .. e.move end end,
      })
    end
  end
  return a, b
end

local function by(name)
  return function(v, seat) return dh.strategy(name, { variant = v, seed = seat }) end
end

describe("the heuristic", function()
  it("plays each shipped game by its own file", function()
    for _, game in ipairs { "spades", "hearts", "briscola", "ohhell" } do
      local v = dh.variant(game, game == "ohhell" and { max_size = 3 } or
                                 game ~= "briscola" and { max_hands = 2 } or nil)
      local a, b = moves(v, by("heuristic"), v, by("heuristic." .. game))
      assert.is_true(#a > 100, game)
      assert.same(a, b, game)
      -- and not as the generic trick player does
      local _, c = moves(v, by("heuristic"), v, by("heuristic.trick"))
      assert.are_not.same(a, c, game)
    end
  end)

  it("plays a game without a file of its own by the generic trick player", function()
    local v = T.simple()
    assert.is_false(dh.has_strategy("heuristic." .. v.name))
    local a, b = moves(v, by("heuristic"), v, by("heuristic.trick"))
    assert.is_true(#a >= 52)
    assert.same(a, b)
  end)

  it("takes the file a variant names, and says so when it is missing", function()
    local def = dofile(os.getenv("DECKHAND_ROOT") .. "/rules/spades.lua")
    local function house(heuristic)
      return dh.variant {
        name = "house_spades", options = def.options,
        build = function(o)
          local spec = def.build(o)
          spec.heuristic, spec.max_hands = heuristic, 2
          return spec
        end,
      }
    end
    local named, spades = house("spades"), dh.variant("spades", { max_hands = 2 })
    assert.equal("spades", named.heuristic)
    local a, b = moves(named, by("heuristic"), spades, by("heuristic"))
    assert.same(a, b)
    assert.has_error(function() dh.strategy("heuristic", { variant = house("no_such_game") }) end,
      "heuristic: variant house_spades names heuristic 'no_such_game', but there is no heuristic/no_such_game.lua on the strategy path")
    assert.has_error(function() house("../x") end)
  end)

  it("plays the same through a Lua play rule: it asks the rules, not a copy of them", function()
    -- Spades with "trump wins, else the highest of the led suit" in Lua
    local function lua_play(state, trick)
      local trump, best = state:trump(), 1
      for i = 2, #trick do
        local c, b = trick[i], trick[best]
        if c.suit == b.suit then
          if c.rank > b.rank then best = i end
        elseif c.suit == trump then best = i end
      end
      return best
    end
    local def = dofile(os.getenv("DECKHAND_ROOT") .. "/rules/spades.lua")
    local in_lua = dh.variant {
      name = "spades_lua", options = def.options,
      build = function(o)
        local spec = def.build(o)
        spec.play, spec.heuristic, spec.max_hands = lua_play, "spades", 2
        return spec
      end,
    }
    local a, b = moves(dh.variant("spades", { max_hands = 2 }), by("heuristic"), in_lua, by("heuristic"))
    assert.is_true(#a > 200)
    assert.same(a, b)
  end)

  it("finds a game's file in the user's own folder", function()
    local dir = F.tmpname()
    os.execute(("mkdir -p %s/heuristic"):format(dir))
    -- a heuristic for the test variant: always its lowest legal card
    F.write(dir .. "/heuristic/test.lua", [[
      return { new = function() return { name = "mine", play = function(view) return view:legal():lowest() end } end }]])
    local saved = dh.strategy_path
    dh.strategy_path = dir .. "/?.lua;" .. saved
    local ok, err = pcall(function()
      assert.is_true(dh.has_strategy("heuristic.test"))
      local v = T.simple()
      local s = dh.strategy("heuristic", { variant = v, seed = 1 })
      local g = dh.game(v, { seed = 4 })
      local view = g:view(g:next_player())
      assert.equal(view:legal():lowest(), s.play(view))
    end)
    dh.strategy_path = saved
    os.execute(("rm -rf %s"):format(dir))
    assert(ok, err)
  end)

  it("has_strategy: names on the path only", function()
    assert.is_true(dh.has_strategy("heuristic"))
    assert.is_true(dh.has_strategy("heuristic.spades"))
    assert.is_true(dh.has_strategy("pimc.holdem"))
    assert.is_false(dh.has_strategy("heuristic.no_such_game"))
    assert.is_false(dh.has_strategy("strategies/random.lua"))
    assert.is_false(dh.has_strategy("random.lua"))
    assert.has_error(function() dh.has_strategy(3) end,
                     "bad argument #1 to 'has_strategy' (string expected, got number)")
  end)

  it("passes as many cards as the hand passes, and none when the hand holds", function()
    local v = dh.variant("hearts", { max_hands = 4 })
    local passed = {}
    local bots = {}
    for s = 1, 4 do bots[s] = dh.strategy("heuristic", { variant = v, seed = s }) end
    dh.run(dh.game(v, { seed = 2 }), bots, {
      on_event = function(e)
        if e.kind == "move" and e.move:match("^pass") then
          local n = 0
          for _ in e.move:gmatch("%S+") do n = n + 1 end
          passed[#passed + 1] = n - 1
        end
      end,
    })
    assert.same({ 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3 }, passed)   -- hands 1-3; the 4th holds
  end)
end)
