-- skat_prefab_spec.lua: Skat's bidding, skat, lay away and declaration as
-- the prefab phase dh.phase.skat_bidding and its score as the points
-- prefab R.skat_value (both in C) against what they replaced
-- (skat_phases_helper.lua, rules/skat.lua as it was: Lua phase scripts and
-- a Lua points rule): the same seeds make the same records, move by move
-- the same moves, phases, public texts, views and sampled worlds; the C
-- value equals rules/skat.lua's Lua points on every deal of many random
-- playouts; old records replay; a random playout calls no Lua function;
-- the prefabs refuse rules they do not fit.
local dh = require "deckhand"
package.path = "tests/lua/?.lua;" .. package.path
local P = require "prefab_helper"
local json = require("deckhand.json").encode

local root = os.getenv("DECKHAND_ROOT") or "."
local lua_def = dofile(root .. "/tests/lua/skat_phases_helper.lua")
local def = assert(loadfile(assert(package.searchpath("skat", dh.path)), "t", _ENV))()
local ref = dofile((os.getenv("DECKHAND_ROOT") or ".") .. "/tests/lua/skat_reference.lua")   -- the Lua reference scoring

local both = P.both("skat", lua_def)

describe("skat's prefab phase and points", function()
  it("are the prefabs, and the copy in Lua is not", function()
    local prefab, scripted = both()
    assert.equal("Phase(skat_bidding)", tostring(prefab.spec.phases))
    assert.equal("table", type(scripted.spec.phases))
    assert.equal("function", type(scripted.spec.points))
  end)

  it("makes the same records as the Lua phases and points in random playouts, seed by seed", function()
    local prefab, scripted = both { deals = 12 }
    for seed = 1, 60 do
      local a = dh.game(prefab, { seed = seed, dealer = seed % 3 + 1 }):playout(dh.rng(seed))
      local b = dh.game(scripted, { seed = seed, dealer = seed % 3 + 1 }):playout(dh.rng(seed))
      assert.equal(json(b:record()), json(a:record()))
      assert.same(b:result(), a:result())
    end
  end)

  it("scores every deal of random playouts as rules/skat.lua's Lua points", function()
    -- the prefab's phases under the Lua points rule, beside R.skat_value;
    -- the Lua rule also counts what kinds of deals it scored
    local seen = {}
    local function lua_points(s)
      local out = ref.points(s)
      local d = s:declarer()
      if d then
        local flags, game, v = s:var(6), s:var(5), out[d]
        local bid = ref.bids[s:var(1)]
        seen[game == 6 and "null" or game == 5 and "grand" or "suit"] = true
        if flags & 1 ~= 0 then seen.hand = true end
        if flags & 2 ~= 0 then seen.announced = true end
        if flags & 8 ~= 0 then seen.ouvert = true end
        seen[v > 0 and "won" or "lost"] = true
        if v < 0 and -v / 2 >= bid and game ~= 6 and -v % 2 == 0 then seen.some_loss = true end
        if v > 0 and v % 24 == 0 and game == 5 then seen.grand_won = true end
      end
      return out
    end
    local c_variant = dh.variant("skat", { deals = 12 })
    local lua_variant = dh.variant({
      name = "skat", options = def.options,
      build = function(o)
        local spec = def.build(o)
        spec.points = lua_points
        return spec
      end,
    }, { deals = 12 })
    local deals = 0
    for seed = 1, 200 do
      local a = dh.game(c_variant, { seed = seed }):playout(dh.rng(seed))
      local b = dh.game(lua_variant, { seed = seed }):playout(dh.rng(seed))
      local ha, hb = a:hands(), b:hands()
      assert.equal(#hb, #ha)
      for i = 1, #hb do
        assert.same(hb[i].points, ha[i].points, ("seed %d deal %d"):format(seed, i))
        deals = deals + 1
      end
    end
    assert.equal(2400, deals)
    for _, k in ipairs { "suit", "grand", "null", "hand", "announced", "ouvert", "won", "lost", "grand_won" } do
      assert.is_true(seen[k], k .. " never seen")
    end
  end)

  it("offers the same moves, phases, public texts, views and worlds at every step", function()
    local prefab, scripted = both { deals = 4 }
    P.step_alike(prefab, scripted, 12, {
      each = function(a, b)
        if b:step() > 0 then for v = 1, 6 do assert.equal(b:var(v), a:var(v)) end end
      end,
      after = function(a, b)
        for s = 1, 3 do assert.equal(json(b:view(s):data()), json(a:view(s):data())) end
      end,
    })
  end)

  it("replays the records the Lua phases made", function()
    local _, scripted = both { deals = 6 }
    P.replays_old_records(scripted, "Phase(skat_bidding)")   -- by name: rules/skat.lua, the prefabs
  end)

  it("runs a random playout without calling Lua", function()
    local prefab, scripted = both { deals = 12 }
    local function lua_calls(variant) return P.lua_calls(variant, "skat") end
    -- (a rule written in Lua runs on the rules' own thread, which the hook
    -- does not see: none of the prefab variant's rules is a Lua function)
    for _, k in ipairs { "hand", "play", "points", "win", "bid", "phases" } do
      assert.are_not.equal("function", type(prefab.spec[k]), k)
    end
    local n, actions = lua_calls(prefab)
    assert.is_true(actions > 300)
    assert.is_true(n <= 3, n .. " Lua calls")   -- game:playout's own wrapper, not per move
    assert.is_true(lua_calls(scripted) > 100)   -- the Lua phases and points: per move, per deal
  end)

  it("plays out from before the bidding (game:playouts)", function()
    local g = dh.game("skat", { seed = 9 })
    assert.equal("bidding", g:phase())
    local _, tricks = g:playouts(dh.rng(1), 400)
    local total = 0
    for s = 1, 3 do total = total + tricks[s] end
    -- ten tricks a deal played, none in a deal thrown in
    assert.is_true(total > 9 and total <= 10, tostring(total))
    assert.equal("bidding", g:phase())
  end)

  it("checks its options and the rules it is given", function()
    assert.equal("Phase(skat_bidding)", tostring(dh.phase.skat_bidding()))
    assert.same({}, dh.phase.skat_bidding():options())
    assert.equal("bidding", dh.phase.skat_bidding():step_name(1))
    assert.equal("declare", dh.phase.skat_bidding():step_name(4))
    assert.equal("18", dh.phase.skat_bidding():text(2))
    assert.equal("264", dh.phase.skat_bidding():text(64))
    assert.equal("null ouvert", dh.phase.skat_bidding():text(80 + 4 * 5 + 3))
    assert.equal("grand ouvert", dh.phase.skat_bidding():text(80 + 4 * 4 + 3))
    assert.has_error(function() dh.phase.skat_bidding():text(80 + 4 * 5 + 1) end)   -- no null schneider
    assert.has_error(function() dh.phase.skat_bidding():text(65) end)
    assert.has_error(function() dh.phase.skat_bidding { hand = true } end, "skat_bidding: unknown field 'hand'")
    assert.has_error(function() dh.rule.skat_value { bid = 18 } end)
    local function spec(o)
      local s = def.build { deals = 1 }
      for k, v in pairs(o) do s[k] = v end
      return { name = "skat_like", build = function() return s end }
    end
    local function refused(o, pattern)
      local ok, why = pcall(dh.variant, spec(o))
      assert.is_false(ok)
      assert.matches(pattern, why)
    end
    refused({ seats = 4, sizes = { 7 } }, "three seats")
    refused({ opener = 1 }, "middlehand")
    refused({ sizes = { 9 } }, "ten cards each")
    refused({ trump_tables = { d = {}, h = {}, s = {}, c = {} } }, "grand's card table")
    refused({ trump_tables = { d = {}, h = {}, s = {}, grand = {} } }, "each trump suit")
    refused({ phases = dh.phase.turned_card_trump(), seats = 4, sides = { 1, 2, 1, 2 }, deck = "piquet32",
              sizes = { 7 }, trump = "show_top", opener = 1 }, "skat_value")
    refused({ deck = "french52", sizes = { 10 }, phases = lua_def.build { deals = 1 }.phases }, "32%-card deck")
  end)
end)
