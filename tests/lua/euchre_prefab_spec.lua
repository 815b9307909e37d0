-- euchre_prefab_spec.lua: Euchre's trump making as the prefab phase
-- dh.phase.turned_card_trump (played in C) against the Lua phase scripts
-- it replaced (euchre_phases_helper.lua, rules/euchre.lua as it was): the
-- same seeds make the same records, move by move the same moves, phases,
-- public texts, views and sampled worlds; old records replay; a random
-- playout calls no Lua function; the prefab's options are checked.
local dh = require "deckhand"
package.path = "tests/lua/?.lua;" .. package.path
local P = require "prefab_helper"
local json = require("deckhand.json").encode

local root = os.getenv("DECKHAND_ROOT") or "."
local lua_def = dofile(root .. "/tests/lua/euchre_phases_helper.lua")

local both = P.both("euchre", lua_def)

describe("euchre's prefab phase", function()
  it("is the prefab, and its copy in Lua is not", function()
    local prefab, scripted = both()
    assert.equal("Phase(turned_card_trump)", tostring(prefab.spec.phases))
    assert.equal("table", type(scripted.spec.phases))
  end)

  it("makes the same records as the Lua phases in random playouts, seed by seed", function()
    for _, options in ipairs { { max_hands = 40 }, { stick_the_dealer = true, max_hands = 40, target = 5 } } do
      local prefab, scripted = both(options)
      for seed = 1, 60 do
        local a = dh.game(prefab, { seed = seed, dealer = seed % 4 + 1 }):playout(dh.rng(seed))
        local b = dh.game(scripted, { seed = seed, dealer = seed % 4 + 1 }):playout(dh.rng(seed))
        assert.equal(json(b:record()), json(a:record()))
        assert.same(b:result(), a:result())
      end
    end
  end)

  it("offers the same moves, phases, public texts, views and worlds at every step", function()
    local prefab, scripted = both { max_hands = 6, stick_the_dealer = true }
    P.step_alike(prefab, scripted, 12)
  end)

  it("hides the discard from the others' views", function()
    local g = dh.game("euchre", { seed = 1, dealer = 4, deal = { "Jh Jd Ah 9c Ts", "Kh Qh Ac Kc Qc",
                                                               "Th 9h As Ks Qs", "Ad Kd Qd Td 9d", "Js Jc Tc 9s" } })
    for _, t in ipairs { "pass", "pass", "pass", "pick up", "discard 9d" } do assert(g:apply(g:next_player(), t)) end
    assert.equal("discard", g:public("discard 9d"))
    assert.equal("pick up", g:public("pick up"))
    assert.equal(0, #g:view(1):discard(4))
    assert.equal(1, #g:view(4):discard(4))
  end)

  it("replays the records the Lua phases made", function()
    local _, scripted = both { max_hands = 8 }
    P.replays_old_records(scripted, "Phase(turned_card_trump)")   -- by name: rules/euchre.lua, the prefab
  end)

  it("runs a random playout without calling Lua", function()
    local prefab, scripted = both { max_hands = 30 }
    local function lua_calls(variant) return P.lua_calls(variant, "euchre") end
    local n, actions = lua_calls(prefab)
    assert.is_true(actions > 100)
    assert.is_true(n <= 3, n .. " Lua calls")   -- game:playout's own wrapper, not per move
    assert.is_true(lua_calls(scripted) > 50)    -- the Lua phases: per move
  end)

  it("plays out from before trump is made (game:playouts)", function()
    local g = dh.game("euchre", { seed = 9 })
    assert.equal("order", g:phase())
    local points, tricks = g:playouts(dh.rng(1), 400)
    local total = 0
    for s = 1, 4 do total = total + tricks[s] end
    -- five tricks a hand played, none in a hand thrown in
    assert.is_true(total > 4 and total <= 5, tostring(total))
    assert.is_true(points[1] >= 0 and points[2] >= 0)
    assert.equal("order", g:phase())   -- the game itself unchanged
  end)

  it("checks its options and the rules it is given", function()
    assert.equal("Phase(turned_card_trump)", tostring(dh.phase.turned_card_trump()))
    assert.same({ stick_the_dealer = true }, dh.phase.turned_card_trump { stick_the_dealer = true }:options())
    assert.has_error(function() dh.phase.turned_card_trump { stick = true } end,
                     "turned_card_trump: unknown field 'stick'")
    assert.has_error(function() dh.phase.turned_card_trump { stick_the_dealer = 1 } end,
                     "turned_card_trump: field 'stick_the_dealer' must be a boolean, got number")
    local def = {
      name = "two_handed", seats = 2, deck = "euchre24", sizes = { 5 }, trump = "show_top",
      phases = dh.phase.turned_card_trump(),
      hand = dh.rule.follow_suit, play = dh.rule.highest_of_led, points = dh.rule.tricks(1), win = dh.rule.first_to(10),
    }
    local ok, why = pcall(dh.variant, def)
    assert.is_false(ok)
    assert.matches("four seats, partners sitting across", why)
    def.seats, def.sides, def.trump = 4, { 1, 2, 1, 2 }, "none"
    ok, why = pcall(dh.variant, def)
    assert.is_false(ok)
    assert.matches("show_top", why)
    def.phases = "order up"
    ok, why = pcall(dh.variant, def)
    assert.is_false(ok)
    assert.matches("a list of phases or a prefab phase", why)
  end)

  it("keeps the option's old reading: a number asks for stick the dealer", function()
    local g = dh.game(dh.variant("euchre", { stick_the_dealer = 0 }), { seed = 2 })
    for _ = 1, 7 do assert(g:apply(g:next_player(), "pass")) end
    assert.equal("call", g:phase())
    for _, m in ipairs(g:moves()) do assert.are_not.equal("pass", tostring(m)) end
  end)
end)
