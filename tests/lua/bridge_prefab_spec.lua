-- bridge_prefab_spec.lua: Bridge's auction as the prefab phase
-- dh.phase.auction and its score as the prefab points rule
-- dh.rule.duplicate (both in C) against what they replaced: the Lua phase
-- script and points rule of bridge_phases_helper.lua (rules/bridge.lua as
-- it was).  The same seeds make the same records; move by move the same
-- moves, phases, public texts, status lines, views and sampled worlds; old
-- records replay; a random playout calls no Lua function; the C score
-- equals the helper's Lua `score` (the reference scorer, kept here under
-- tests/ and nowhere in rules/) on every contract, doubling,
-- vulnerability and result; the prefabs check what they are given.
local dh = require "deckhand"
package.path = "tests/lua/?.lua;" .. package.path
local P = require "prefab_helper"
local json = require("deckhand.json").encode

local root = os.getenv("DECKHAND_ROOT") or "."
local lua_def = dofile(root .. "/tests/lua/bridge_phases_helper.lua")

local both = P.both("bridge", lua_def)

describe("bridge's prefabs", function()
  it("are the prefabs, and the copy in Lua is not", function()
    local prefab, scripted = both()
    assert.equal("Phase(auction)", tostring(prefab.spec.phases))
    assert.equal("points", prefab.spec.points:kind())
    assert.equal("table", type(scripted.spec.phases))
    assert.equal("function", type(scripted.spec.points))
  end)

  it("score every contract as the Lua reference scorer does", function()
    local n = 0
    for level = 1, 7 do
      for _, strain in ipairs { "C", "D", "H", "S", "NT" } do
        for doubled = 0, 2 do
          for _, vulnerable in ipairs { false, true } do
            for tricks = 0, 13 do
              local c = { level = level, strain = strain, doubled = doubled, vulnerable = vulnerable, tricks = tricks }
              local want = lua_def.score(c)
              assert.equal(want, dh.rule.duplicate_score(c), json(c))
              n = n + 1
            end
          end
        end
      end
    end
    assert.equal(7 * 5 * 3 * 2 * 14, n)
    -- any case, doubled and vulnerable optional (undoubled, not vulnerable)
    assert.equal(420, dh.rule.duplicate_score { level = 4, strain = "s", tricks = 10 })
    assert.equal(630, dh.rule.duplicate_score { level = 3, strain = "nt", tricks = 10, vulnerable = true })
  end)

  it("refuse a contract that is not one, naming what is wrong", function()
    local score = dh.rule.duplicate_score
    local ok = { level = 4, strain = "S", tricks = 10 }
    local function with(k, v)
      local c = {}
      for key, x in pairs(ok) do c[key] = x end
      c[k] = v
      return c
    end
    assert.has_error(function() score(with("level", 8)) end, "level must be an integer from 1 to 7, got 8")
    assert.has_error(function() score(with("level", nil)) end, "duplicate_score: field 'level' is required")
    assert.has_error(function() score(with("tricks", 14)) end, "tricks must be an integer from 0 to 13, got 14")
    assert.has_error(function() score(with("strain", "N")) end,
                     "duplicate_score: field 'strain' must be C, D, H, S or NT, got N")
    assert.has_error(function() score(with("strain", 5)) end,
                     "duplicate_score: field 'strain' must be C, D, H, S or NT, got 5")
    assert.has_error(function() score(with("doubled", 3)) end, "doubled must be an integer from 0 to 2, got 3")
    assert.has_error(function() score(with("vulnerable", 1)) end,
                     "duplicate_score: field 'vulnerable' must be a boolean, got number")
    assert.has_error(function() score(with("over", 1)) end, "duplicate_score: unknown field 'over'")
    assert.has_error(function() score() end)
  end)

  it("make the same records as the Lua phases in random playouts, seed by seed", function()
    local prefab, scripted = both { boards = 16 }
    for seed = 1, 30 do
      local a = dh.game(prefab, { seed = seed, dealer = seed % 4 + 1 }):playout(dh.rng(seed))
      local b = dh.game(scripted, { seed = seed, dealer = seed % 4 + 1 }):playout(dh.rng(seed))
      assert.equal(json(b:record()), json(a:record()))
      assert.same(b:result(), a:result())
      assert.same(b:scores(), a:scores())
    end
  end)

  it("offer the same moves, phases, public texts, status, views and worlds at every step", function()
    local prefab, scripted = both { boards = 5 }
    local doubled, redoubled = 0, 0
    P.step_alike(prefab, scripted, 8, {
      each = function(a, b, seat)
        assert.equal(b:view(seat):data().status, a:view(seat):data().status)
        for k = 1, 7 do assert.equal(b:view(seat):var(k), a:view(seat):var(k)) end
      end,
      -- doubles and redoubles when offered, so that they are played
      choose = function(rng, moves)
        local m = rng:pick(moves)
        for _, x in ipairs(moves) do
          if (tostring(x) == "double" or tostring(x) == "redouble") and rng:int(3) == 1 then m = x end
        end
        local text = tostring(m)
        if text == "double" then doubled = doubled + 1 elseif text == "redouble" then redoubled = redoubled + 1 end
        return m
      end,
      after = function(a, b) assert.same(b:scores(), a:scores()) end,
    })
    assert.is_true(doubled > 5 and redoubled > 0, doubled .. " doubles, " .. redoubled .. " redoubles")
  end)

  it("accepts the calls in any case, as Move.find does", function()
    local g = dh.game("bridge", { seed = 1 })
    assert(g:apply(1, "4h"))
    assert(g:apply(2, "DOUBLE"))
    assert.equal("board 1, nobody vulnerable, last bid 4H doubled by North", g:view(3):data().status)
    assert.is_nil((g:apply(3, "4h")))
  end)

  it("replay the records the Lua phases made", function()
    local _, scripted = both { boards = 4 }
    P.replays_old_records(scripted, "Phase(auction)")   -- by name: rules/bridge.lua, the prefabs
  end)

  it("run a random playout without calling Lua", function()
    local prefab, scripted = both { boards = 8 }
    local function lua_calls(variant) return P.lua_calls(variant, "bridge") end
    local n, actions = lua_calls(prefab)
    assert.is_true(actions > 8 * 52)
    assert.is_true(n <= 3, n .. " Lua calls")   -- game:playout's own wrapper, not per move
    assert.is_true(lua_calls(scripted) > 50)    -- the Lua phases: per call
  end)

  it("play out from before the auction (game:playouts)", function()
    local g = dh.game("bridge", { seed = 9 })
    assert.equal("auction", g:phase())
    local points, tricks = g:playouts(dh.rng(1), 300)
    local total = 0
    for s = 1, 4 do total = total + tricks[s] end
    assert.is_true(total > 12.9 and total <= 13, tostring(total))   -- a board passed out: none
    assert.is_true(points[1] > 0 and points[2] > 0)
    assert.equal("auction", g:phase())
  end)

  it("check their options and the rules they are given", function()
    assert.equal("Phase(auction)", tostring(dh.phase.auction()))
    assert.equal("Phase(auction)", tostring(dh.phase.auction {}))
    assert.same({}, dh.phase.auction():options())
    assert.equal("auction", dh.phase.auction():name())
    assert.equal("auction", dh.phase.auction():step_name(1))
    assert.is_nil(dh.phase.auction():step_name(2))
    assert.equal("7NT", dh.phase.auction():text(37))
    assert.equal("redouble", dh.phase.auction():text(2))
    assert.has_error(function() dh.phase.auction():text(38) end)
    assert.has_error(function() dh.phase.auction { boards = 16 } end, "auction: unknown field 'boards'")
    assert.has_error(function() dh.rule.duplicate { vulnerable = true } end, "duplicate: unknown field 'vulnerable'")
    local spec = {
      name = "three_handed", seats = 3, deck = "french52", sizes = { 13 }, opener = "dealer",
      phases = dh.phase.auction(), hand = dh.rule.follow_suit, play = dh.rule.highest_of_led,
      points = dh.rule.duplicate(), win = dh.rule.highest_after(1),
    }
    local ok, why = pcall(dh.variant, spec)
    assert.is_false(ok)
    assert.matches("four seats, partners sitting across", why)
    spec.seats, spec.sides = 4, { 1, 2, 1, 2 }
    assert(pcall(dh.variant, spec))
    spec.opener = nil
    ok, why = pcall(dh.variant, spec)
    assert.is_false(ok)
    assert.matches("opened by the dealer", why)
    spec.opener, spec.trump = "dealer", "s"
    ok, why = pcall(dh.variant, spec)
    assert.is_false(ok)
    assert.matches("no trump at the deal", why)
    -- the duplicate score reads the auction: not under other phases
    spec.trump, spec.phases = "none", lua_def.build({ boards = 1 }).phases
    ok, why = pcall(dh.variant, spec)
    assert.is_false(ok)
    assert.matches("needs the phase dh.phase.auction", why)
  end)
end)
