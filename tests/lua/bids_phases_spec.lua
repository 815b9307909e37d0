-- bids_phases_spec.lua: a variant with `bidding = true` and phases of its
-- own (docs/variants.md, "Phases and bids").  The phases come before the
-- bids, and with `bids_before = "name"` the bids come before that phase:
-- phases before, the bids, phases after, then the tricks.  Each seat's
-- bid is the one it made, and the hand is scored on it.
local dh = require "deckhand"
local R = dh.rule

-- four seats, five cards, Oh Hell's exact bid (10 + the bid when the tricks
-- match it, else 0), trumps named by a phase
local function variant(def)
  local v = {
    name = "bids_phases", seats = 4, sizes = { 5 }, bidding = true,
    hand = R.follow_suit, play = R.trump_wins | R.highest_of_led,
    bid = R.bid_range(0, nil, false), points = R.exact_bid {}, win = R.highest_after(1),
  }
  for k, x in pairs(def) do v[k] = x end
  return dh.variant(v)
end

local name_trump = { name = "trump", moves = function() return { "trump h", "trump s" } end,
                     apply = function(g, _, text) g:set_trump(text:sub(-1)); g:start_play() end }
local ready = { name = "ready", moves = function() return { "go" } end,
                apply = function(g) g:goto_phase("trump") end }

-- every seat to act bids `bid`, in turn from the dealer's left
local function bid_round(g, bid, dealer)
  for k = 1, 4 do
    local seat = (dealer + k - 1) % 4 + 1
    assert.equal("bid", g:phase())
    assert.equal(seat, g:next_player())
    assert(g:bid(seat, bid))
  end
end

-- plays the hand out and checks its score against the bids: a seat that
-- took as many tricks as it bid scores 10 + the bid, any other 0
local function scored_on(g, bids)
  g:playout(dh.rng(7))
  assert.equal("over", g:phase())
  local tricks, points = g:last_tricks(), g:hand_points()
  for s = 1, 4 do
    assert.equal(tricks[s] == bids[s] and 10 + bids[s] or 0, points[s])
  end
end

describe("bidding with phases scripted in Lua", function()
  it("phases first: the script's start_play brings the bids, then the tricks", function()
    local g = dh.game(variant { phases = { name_trump } }, { seed = 1, dealer = 4 })
    assert.equal("trump", g:phase())
    assert(g:apply(1, "trump h"))
    bid_round(g, 1, 4)
    assert.same({ 1, 1, 1, 1 }, g:bids())
    assert.equal("play", g:phase())
    assert.equal("h", g:trump())
    assert.equal(1, g:next_player())        -- the rules' leader: the dealer's left
    scored_on(g, { 1, 1, 1, 1 })
  end)

  it("the leader start_play names leads once the bids are made", function()
    local v = variant { phases = { { name = "trump", moves = function() return { "go" } end,
                                     apply = function(g) g:set_trump("s"); g:start_play(3) end } } }
    local g = dh.game(v, { seed = 2, dealer = 1 })
    assert(g:apply(2, "go"))
    bid_round(g, 2, 1)
    assert.equal("play", g:phase())
    assert.equal(3, g:next_player())
  end)

  it("bids_before: phases before, the bids, the phase after, then the tricks", function()
    local v = variant { phases = { ready, name_trump }, bids_before = "trump" }
    local g = dh.game(v, { seed = 3, dealer = 2 })
    assert.equal("ready", g:phase())
    assert(g:apply(3, "go"))
    bid_round(g, 0, 2)
    assert.equal("trump", g:phase())
    assert.equal(3, g:next_player())        -- goto_phase's seat: the dealer's left
    assert(g:apply(3, "trump s"))
    assert.equal("play", g:phase())
    assert.equal("s", g:trump())
    scored_on(g, { 0, 0, 0, 0 })
  end)

  it("bids_before the first phase: the hand starts with the bids", function()
    local v = variant { phases = { name_trump }, bids_before = "trump" }
    local g = dh.game(v, { seed = 4, dealer = 3 })
    bid_round(g, 1, 3)
    assert.equal("trump", g:phase())
    assert.equal(4, g:next_player())        -- the opener: the dealer's left
    assert(g:apply(4, "trump h"))
    assert.equal("play", g:phase())
    scored_on(g, { 1, 1, 1, 1 })
  end)

  it("every hand of a match bids, in playouts too", function()
    local v = variant { phases = { ready, name_trump }, bids_before = "trump", win = R.highest_after(3) }
    local g = dh.game(v, { seed = 5 })
    g:playout(dh.rng(11))
    assert.equal("over", g:phase())
    local bids = g:bids()
    for s = 1, 4 do assert.is_number(bids[s]) end
  end)

  it("pimc bids and moves in sampled worlds that pass the phases and the bids", function()
    -- its worlds run the seats after it through the bids and the phases
    -- after them as the heuristic, then play out
    local v = variant { phases = { ready, name_trump }, bids_before = "trump", win = R.highest_after(2) }
    local bots = {}
    for s = 1, 4 do bots[s] = dh.strategy("pimc", { worlds = 4, bid_worlds = 4, script_worlds = 4 }) end
    local g = dh.play(v, bots, { seed = 3 })
    assert.equal("over", g:phase())
    assert.equal(2, g:hand_number())
  end)

  it("refuses bids_before it cannot place, naming the field", function()
    local function refused(def)
      local ok, err = pcall(variant, def)
      assert.is_false(ok)
      return err
    end
    assert.matches("field 'bids_before' needs bidding = true",
                   refused { bidding = false, phases = { name_trump }, bids_before = "trump" }, 1, true)
    assert.matches("field 'bids_before' names no phase: 'auction'",
                   refused { phases = { name_trump }, bids_before = "auction" }, 1, true)
    assert.matches("field 'bids_before' needs phases written in Lua",
                   refused { bids_before = "trump" }, 1, true)
  end)
end)
