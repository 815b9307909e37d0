-- rule_forms_spec.lua: one rule, one place.  Every trick-taking variant
-- in rules/ is played as written -- its hand and play rules in the
-- straight-line forms the engine finds for them -- and, move for move,
-- with the same rules evaluated through their trees: the hand rule ORed
-- with a rule that allows nothing, the play rule chained to a Lua
-- function that always declines.  Both must offer the same legal moves,
-- refuse every other card with the same code and give every trick to the
-- same seat.  (tests/c/test_rules.c does the same for random rule sets.)
package.path = "tests/lua/?.lua;" .. package.path
local dh = require "deckhand"
local H = require "embed_helper"
local R = dh.rule

-- option sets to try besides the defaults, where a variant has them
local also = {
  spades = { { blind_nil = true, min_bid = 2 } },
  hearts = { { queen_breaks = true, moon = "self", jack_diamonds = true }, { passing = false } },
  briscola = { { players = 3 }, { players = 4 } },
  ohhell = { { players = 3, hook = false }, { players = 5, descending = true } },
}

-- the trick-taking variants of rules/, by name, with their definitions
local function variants()
  local list = {}
  for file in H.run("ls " .. H.quote(H.root .. "/rules")):gmatch("(%S+)%.lua") do
    local def = dofile(H.root .. "/rules/" .. file .. ".lua")
    if def.build then list[#list + 1] = { name = file, def = def } end
  end
  table.sort(list, function(a, b) return a.name < b.name end)
  return list
end

-- the variant with its hand and play rules taken through the trees
local function through_trees(def)
  return {
    name = def.name, options = def.options,
    build = function(o)
      local spec = def.build(o)
      spec.hand = spec.hand | ~R.free_play
      spec.play = R.chain(spec.play, function() return nil end)
      return spec
    end,
  }
end

-- plays games of a and b (the same variant, two forms) side by side until
-- some 300 cards were compared or the match is over; returns whether one
-- of them happened
local function lockstep(a, b, seed, pass_count)
  local ga, gb = dh.game(a, { seed = seed }), dh.game(b, { seed = seed })
  local rng, cards = dh.rng(seed), 0
  while ga:next_player() and cards < 300 do
    local seat, phase = ga:next_player(), ga:phase()
    assert.equal(seat, gb:next_player())
    assert.equal(phase, gb:phase())
    if phase == "play" then
      local legal = ga:legal()
      assert.equal(legal, gb:legal())
      for card in ga:hand(seat):iter() do
        if not legal:has(card) then
          local ra = { ga:play(seat, card) }
          assert.is_nil(ra[1])
          assert.same(ra, { gb:play(seat, card) })
        end
        cards = cards + 1
      end
      local card = rng:pick(legal)
      assert.is_true(ga:play(seat, card))
      assert.is_true(gb:play(seat, card))
      local _, wa = ga:last_trick()
      local _, wb = gb:last_trick()
      assert.equal(wa, wb)
    elseif ga:step() > 0 then   -- a phase script (Euchre's trump making): the same move in both
      local moves = require("deckhand.move").texts(ga:moves())
      assert.same(moves, require("deckhand.move").texts(gb:moves()))
      local m = moves[rng:int(#moves)]
      assert.is_true(ga:apply(seat, m))
      assert.is_true(gb:apply(seat, m))
    elseif phase == "bid" then
      local legal = ga:legal()
      assert.same(legal, gb:legal())
      local bid = legal[rng:int(#legal)]
      assert.is_true(ga:bid(seat, bid))
      assert.is_true(gb:bid(seat, bid))
    else
      local list, pick = ga:hand(seat):list(), {}
      for i = 1, pass_count do pick[i] = table.remove(list, rng:int(#list)) end
      assert.is_true(ga:pass(seat, pick))
      assert.is_true(gb:pass(seat, pick))
    end
  end
  assert.same(ga:scores(), gb:scores())
  assert.same(ga:tricks(), gb:tricks())
  return cards >= 300 or ga:phase() == "over"
end

describe("every variant's rules in their straight-line forms", function()
  local list = variants()

  it("cover every trick-taking variant of rules/", function()
    local names = {}
    for _, v in ipairs(list) do names[#names + 1] = v.name end
    assert.is_true(#names >= 4, table.concat(names, " "))
  end)

  for _, v in ipairs(list) do
    it("give what the trees give: " .. v.name, function()
      local sets = { {} }
      for _, o in ipairs(also[v.name] or {}) do sets[#sets + 1] = o end
      for _, options in ipairs(sets) do
        local as_written = dh.variant(v.def, options)
        local trees = dh.variant(through_trees(v.def), options)
        for seed = 1, 3 do
          assert.is_true(lockstep(as_written, trees, seed, as_written.spec.pass_count or 0))
        end
      end
    end)
  end
end)
