-- view_ask_spec.lua: what a bot may ask its view -- view:winning(),
-- view:winner_with(card), view:strength(card), view:order(card),
-- view:partners(), view:partner(), view:pass_count() -- against the games' rules computed
-- here independently: the core's trick winner (dh.trick_winner, which
-- shares no code with the rule evaluator), the last card of a trick
-- actually played, a duel written out from the rules' words ("trump wins,
-- else the highest card of the suit led; the first of equal cards; a
-- trick nothing qualifies for goes to its lead"), the sides and passes as
-- pagat gives them.  Every trick-taking variant of rules/, over random
-- playouts.
package.path = "tests/lua/?.lua;" .. package.path
local dh = require "deckhand"
local H = require "embed_helper"

-- option sets to try besides the defaults
local also = {
  hearts = { { passing = false } },
  briscola = { { players = 3 }, { players = 4 } },
  ohhell = { { players = 5 } },
}

local function variants()
  local list = {}
  for file in H.run("ls " .. H.quote(H.root .. "/rules")):gmatch("(%S+)%.lua") do
    local def = dofile(H.root .. "/rules/" .. file .. ".lua")
    -- (a variant whose trump changes what cards count as, Euchre's bowers,
    -- is not what dh.trick_winner here knows: its own spec checks it)
    if def.build and not def.build(def.options).trump_tables then
      list[#list + 1] = { name = file, options = {} }
      for _, o in ipairs(also[file] or {}) do list[#list + 1] = { name = file, options = o } end
    end
  end
  table.sort(list, function(a, b) return a.name < b.name end)
  return list
end

local rank_number = { A = 14, K = 13, Q = 12, J = 11, T = 10 }

-- rank -> its place in the variant's order (1 the weakest), from the
-- variant's order text, else 2..A
local function order_of(variant)
  local ranks = {}
  local text = variant.spec.order or "A K Q J T 9 8 7 6 5 4 3 2"
  for r in text:gmatch("%S+") do ranks[#ranks + 1] = rank_number[r] or tonumber(r) end
  local place = {}
  for i, r in ipairs(ranks) do place[r] = #ranks - i + 1 end
  return place
end

-- does c, played right before d to a trick whose led suit is led, take it?
local function duel(c, d, led, trump, place)
  local function class(x)
    if x.suit == trump then return 2 end
    if x.suit == led then return 1 end
    return 0
  end
  local a, b = class(c), class(d)
  if a ~= b then return a > b end
  return a == 0 or place[c.rank] >= place[d.rank]
end

-- every card of the game's deck
local function deck_of(g)
  local all = g:played() | g:talon()
  for s = 1, g:seats() do all = all | g:hand(s) end
  return all
end

local function suit_trump(view)
  local t = view:trump()
  return t ~= "none" and t or nil
end

-- checks every answer of the view of the seat to act; returns how many
-- cards it asked about
local function check_view(g, variant, place, deck)
  local me = g:next_player()
  local view = g:view(me)
  local cards, seats = view:trick()
  local trump = suit_trump(view)
  local order = variant.spec.order
  if #cards > 0 then
    local w = dh.trick_winner(cards, trump, order)
    local seat, card = view:winning()
    assert.equal(seats[w], seat)
    assert.equal(cards[w], card)
  else
    assert.is_nil(view:winning())
  end
  local led = #cards > 0 and cards[1].suit or nil
  local asked = 0
  for c in g:legal():iter() do
    local with = { table.unpack(cards) }
    with[#with + 1] = c
    local who = { table.unpack(seats) }
    who[#who + 1] = g:turn()   -- the card's hand: declarer plays a dummy's cards as the dummy's
    local seat = view:winner_with(c)
    assert.equal(who[dh.trick_winner(with, trump, order)], seat, tostring(c))
    if #cards == g:seats() - 1 then   -- the last card: play it and see
      local after = g:clone()
      assert.is_true(after:play(me, c))
      local _, winner = after:last_trick()
      assert.equal(winner, seat, tostring(c))
    end
    local beats = 0
    for d in deck:iter() do
      if d ~= c and duel(c, d, led or c.suit, trump, place) then beats = beats + 1 end
    end
    assert.equal(beats * 256 + place[c.rank], view:strength(c), tostring(c))
    assert.equal(place[c.rank], view:order(c))
    asked = asked + 1
  end
  return asked
end

describe("the view answers from the rules", function()
  for _, v in ipairs(variants()) do
    local label = v.name .. (next(v.options) and " " .. H.quote(require("deckhand.json").encode(v.options)) or "")
    it("who takes the trick, with which card, how strong a card is: " .. label, function()
      local variant = dh.variant(v.name, v.options)
      local place = order_of(variant)
      local asked, lasts = 0, 0
      for seed = 1, 4 do
        local g = dh.game(variant, { seed = seed })
        local rng = dh.rng(seed)
        local deck = deck_of(g)
        local decisions = 0   -- some 60 cards a game, over as many hands as that takes
        while g:next_player() and decisions < 60 do
          if g:phase() == "play" then
            asked = asked + check_view(g, variant, place, deck)
            decisions = decisions + 1
            if #g:trick() == g:seats() - 1 then lasts = lasts + 1 end
            assert.is_true(g:play(g:next_player(), rng:pick(g:legal())))
          else
            assert.is_true(g:apply(g:next_player(), rng:pick(g:moves())))
          end
        end
      end
      assert.is_true(asked > 100, asked)
      assert.is_true(lasts > 10, lasts)
    end)

    it("the partners and the pass count: " .. label, function()
      local variant = dh.variant(v.name, v.options)
      local g = dh.game(variant, { seed = 2 })
      local n = g:seats()
      for s = 1, n do
        local view = g:view(s)
        local want = {}
        for k = 1, n - 1 do
          local o = (s - 1 + k) % n + 1
          if variant.sides[o] == variant.sides[s] then want[#want + 1] = o end
        end
        assert.same(want, view:partners())
        assert.same(want, g:view(1):partners(s))
        assert.equal(#want == 1 and want[1] or nil, view:partner())
      end
      -- hand by hand
      local rng = dh.rng(3)
      for hand = 1, 5 do
        if not g:next_player() then break end
        assert.equal(hand, g:hand_number())
        local want = 0
        if v.name == "hearts" and v.options.passing ~= false then
          want = hand % 4 == 0 and 0 or 3   -- left, right, across, hold
        end
        for s = 1, n do assert.equal(want, g:view(s):pass_count()) end
        g:playout(rng, true)
      end
    end)
  end

  it("partners as the rules give them", function()
    local function partners(name, options, seat)
      return dh.game(dh.variant(name, options), { seed = 1 }):view(seat):partners()
    end
    assert.same({ 3 }, partners("spades", {}, 1))
    assert.same({ 4 }, partners("spades", {}, 2))
    assert.same({ 1 }, partners("briscola", { players = 4 }, 3))
    assert.same({}, partners("briscola", {}, 1))
    assert.same({}, partners("hearts", {}, 4))
    assert.same({}, partners("ohhell", {}, 2))
  end)

  it("are the same for a Lua play rule that plays the same game", function()
    local R = dh.rule
    local order = { [2] = 1, [3] = 2, [4] = 3, [5] = 4, [6] = 5, [7] = 6, [8] = 7, [9] = 8,
                    [10] = 9, [11] = 10, [12] = 11, [13] = 12, [14] = 13 }
    local function lua_play(state, trick)
      local trump, best = state:trump(), nil
      for i, c in ipairs(trick) do
        local b = trick[best or 1]
        if not best then best = (c.suit == trump or c.suit == trick.led) and i or nil
        elseif c.suit == b.suit then if order[c.rank] > order[b.rank] then best = i end
        elseif c.suit == trump then best = i end
      end
      return best or 1
    end
    local def = dofile(H.root .. "/rules/spades.lua")
    local written = dh.variant("spades")
    local in_lua = dh.variant {
      name = "spades_lua", options = def.options,
      build = function(o) local spec = def.build(o); spec.play = lua_play; return spec end,
    }
    local compared = 0
    for seed = 1, 3 do
      local a, b = dh.game(written, { seed = seed }), dh.game(in_lua, { seed = seed })
      local rng = dh.rng(seed)
      while a:hand_number() == 1 do
        local seat = a:next_player()
        if a:phase() == "play" then
          local va, vb = a:view(seat), b:view(seat)
          assert.same({ va:winning() }, { vb:winning() })
          for c in a:legal():iter() do
            assert.equal(va:winner_with(c), vb:winner_with(c))
            assert.equal(va:strength(c), vb:strength(c))
            compared = compared + 1
          end
          assert.equal(va:greedy(), vb:greedy())
          local c = rng:pick(a:legal())
          assert.is_true(a:play(seat, c))
          assert.is_true(b:play(seat, c))
        else
          local m = rng:pick(a:moves())
          assert.is_true(a:apply(seat, m))
          assert.is_true(b:apply(seat, tostring(m)))
        end
      end
    end
    assert.is_true(compared > 150, compared)
  end)

  it("refuse what is not a card of the deck or is in the trick, and name it", function()
    local g = dh.game("briscola", { seed = 1 })
    local seat = g:next_player()
    local card = g:legal():list()[1]
    assert.is_true(g:play(seat, card))
    local view = g:view(g:next_player())
    assert.has_error(function() view:winner_with("Zz") end)
    assert.error_matches(function() view:winner_with(card) end, "card already in the trick")
    assert.error_matches(function() view:winner_with("8c") end, "not a card of this game's deck")
    assert.error_matches(function() view:strength("9d") end, "not a card of this game's deck")
    assert.error_matches(function() view:order("Tc") end, "not a card of this game's deck")
    assert.error_matches(function() view:partners(3) end, "seat out of range")
    assert.error_matches(function() view.pass_count(g) end, "view expected")
    -- a card of the trick has a strength all the same (the duels leave the trick out)
    assert.is_number(view:strength(card))
  end)

  it("raise a Lua play rule's error, naming the variant", function()
    local H2 = require "trick_helper"
    local v = H2.simple { play = function() error("no winner today", 0) end }
    local g = dh.game(v, { seed = 1 })
    assert.is_true(g:play(g:next_player(), g:legal():list()[1]))
    local view = g:view(g:next_player())
    assert.error_matches(function() view:winning() end, "test: play rule: no winner today", 1, true)
    assert.error_matches(function() view:strength("Ac") end, "no winner today")
    assert.error_matches(function() view:winner_with(g:legal():list()[1]) end, "no winner today")
  end)
end)
