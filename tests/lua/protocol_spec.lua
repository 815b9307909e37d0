-- protocol_spec.lua: the game protocol's properties, for every game.
--
-- Random matches (OpenSpiel's random simulation tests are the model),
-- checked by deckhand.properties (what `deckhand check` runs on a user's
-- file): at random points a move that must be refused is tried and the
-- game and every seat's view must stay byte for byte the same; every card
-- is in exactly one place (chips: none made or lost); a seat's view equals
-- the view of a world sampled from it (the world differs only in what the
-- seat cannot see), and that world plays on to its end; view:moves() on
-- turn equals game:moves(); every match ends; the record replays to the
-- same game.  A new game joins by adding a line to `games`.
local dh = require "deckhand"
local json = require "deckhand.json".encode
local protocol = require "deckhand.protocol"

local games = {
  { "spades", { max_hands = 3 }, matches = 10 },
  { "spades", { blind_nil = true, target = 200, max_hands = 4 }, matches = 4 },
  { "spades", { side_cap = 13, side_min = 4, blind_nil = true, blind_nil_behind = 100, max_hands = 3 }, matches = 3 },
  { "hearts", { max_hands = 4 }, matches = 5 },
  { "hearts", { any_club = true, no_trick_bonus = -5, max_hands = 2 }, matches = 3 },
  { "ohhell", { players = 5, max_size = 4 }, matches = 5 },
  { "briscola", { players = 2 }, matches = 8 },
  { "briscola", { players = 3 }, matches = 6 },
  { "briscola", { players = 4 }, matches = 6 },
  { "whist", { max_hands = 3 }, matches = 6 },
  { "whist", { honours = true, target = 5, max_hands = 3 }, matches = 4 },
  { "euchre", { max_hands = 12 }, matches = 8 },
  { "euchre", { stick_the_dealer = true, target = 5, max_hands = 10 }, matches = 6 },
  { "bridge", { boards = 3 }, matches = 8 },
  { "skat", { deals = 3 }, matches = 8 },
  { "pinochle", { max_hands = 4 }, matches = 6 },
  { "pinochle", { stuck = false, min_bid = 25, max_bid = 40, target = 60, max_hands = 6 }, matches = 4 },
  { "crazy8", { players = 2, target = 60 }, matches = 6 },
  { "crazy8", { players = 5, draw_limit = 3, target = 80 }, matches = 4 },
  { "gin", { max_hands = 3 }, matches = 6 },
  { "gin", { big_gin = true, knock = 30, target = 60, max_hands = 5 }, matches = 4 },
  { "scopa", { max_hands = 2 }, matches = 6 },
  { "scopa", { players = 4, target = 4, max_hands = 3 }, matches = 4 },
  { "blackjack", { players = 3, decks = 1, max_hands = 12 }, matches = 6 },
  { "blackjack", { players = 2, decks = 6, penetration = 0.9, max_hands = 25, surrender = true, resplit_aces = true,
                   hit_split_aces = true, dealer_hits_soft17 = true, blackjack_pays = "6:5", split_hands = 3 },
    matches = 4 },
  { "blackjack", { players = 7, decks = 1, penetration = 1, max_hands = 6 }, matches = 4 },   -- dry shoes refilled
  { "holdem", { seats = 2, max_hands = 8 }, matches = 30 },
  { "holdem", { seats = 6, max_hands = 6, stack = 300 }, matches = 6 },
  { "holdem", { seats = 3, limit = "pot", max_hands = 6, stack = 300 }, matches = 8 },
  { "omaha", { seats = 2, max_hands = 8 }, matches = 20 },
  { "omaha", { seats = 5, hilo = true, max_hands = 6, stack = 300 }, matches = 6 },
  { "omaha", { seats = 3, limit = "no", hilo = true, max_hands = 5 }, matches = 10 },
  { "omaha", { seats = 2, limit = "fixed", max_hands = 6 }, matches = 8 },
}

-- the texts of a list of moves
local texts = require "deckhand.move".texts
-- the checks themselves: deckhand.properties, which `deckhand check` runs
-- on a user's own game
local P = require "deckhand.properties"
local snapshot = P.snapshot

for _, case in ipairs(games) do
  local name, options = case[1], case[2]
  describe(("%s %s"):format(name, json(options)), function()
    it("refuses without change, conserves cards, samples faithful worlds, ends, replays", function()
      local results = P.run(dh.variant(name, options), { matches = case.matches, every = { replay = 97 } })
      for _, r in ipairs(results) do
        local f = r.failure
        assert.is_nil(f, f and ("%s: seed %d, move %d: %s"):format(r.name, f.seed, f.move, f.message))
      end
      assert.are.equal(case.matches, results.ends.checks)
      assert.is_true(results.refused.checks >= 10, name .. " " .. json(options) .. ": only " .. results.refused.checks .. " refusal checks")
      assert.is_true(results.worlds.checks >= 5, "only " .. results.worlds.checks .. " sampled worlds")
      assert.is_true(results.views.checks >= 3, "only " .. results.views.checks .. " view checks")
      assert.is_true(results.replay.checks >= case.matches)
      assert.is_true(results.protocol.checks >= 10, "only " .. results.protocol.checks .. " protocol checks")
    end)
  end)
end

describe("the driver", function()
  it("plays every game through deckhand.run with the shipped bots, moves and events agreeing", function()
    for _, case in ipairs(games) do
      local variant = dh.variant(case[1], case[2])
      local players = {}
      for s = 1, variant.seats do
        players[s] = dh.strategy(s % 2 == 1 and "heuristic" or "random", { variant = variant, seed = s })
      end
      local g = dh.game(variant, { seed = 5 })
      local moves, hands, over = {}, 0, nil
      local result = assert(dh.run(g, players, { on_event = function(e)
        if e.kind == "move" then moves[#moves + 1] = { e.seat, e.move }
        elseif e.kind == "hand" then hands = hands + 1
        elseif e.kind == "over" then over = e.result end
      end }))
      assert.are.same(g:record().moves, moves)
      assert.are.equal(#result.hands, hands)
      assert.are.same(result, over)
    end
  end)

  it("stops at a refused move, naming the seat, the move and the game's reason", function()
    local g = dh.game("spades", { seed = 1 })
    local bad = { move = function() return "bid 99" end }
    local ok, msg, code, detail = dh.run(g, { bad, bad, bad, bad })
    assert.is_nil(ok)
    assert.are.equal("illegal_move", code)
    assert.matches("seat 2: illegal move 'bid 99'", msg)
    assert.are.equal("bad_bid", detail.code)
    -- a player that can be told asks again
    local tries = 0
    local fixed = { move = function(view)
      tries = tries + 1
      if tries == 1 then return "bid 99" end
      return view:moves()[1]
    end, refused = function(m, c) assert.are.equal("bad_bid", c) end }
    local g2 = dh.game(dh.variant("spades", { max_hands = 1 }), { seed = 1 })
    assert(dh.run(g2, { fixed, fixed, fixed, fixed }))
    assert.is_true(tries > 52)
  end)
end)

describe("records of a double deck", function()
  it("replay with the second copies named (Jh#2)", function()
    local R = dh.rule
    local v = dh.variant { name = "twins", seats = 4, sides = { 1, 2, 1, 2 }, deck = "pinochle48", sizes = { 12 },
                           hand = R.follow_suit, play = R.highest_of_led, points = R.tricks(), win = R.highest_after(1) }
    local rng = dh.rng(8)
    for seed = 1, 5 do
      local g = dh.game(v, { seed = seed })
      while g:next_player() do assert(g:apply(g:next_player(), rng:pick(g:moves()))) end
      local rec = g:record()
      local twins = 0
      for _, m in ipairs(rec.moves) do if m[2]:find("#2", 1, true) then twins = twins + 1 end end
      assert.is_true(twins > 0)
      local again = assert(dh.replay(rec, v))
      assert.are.same(rec, again:record())
      assert.are.same(g:result(), again:result())
    end
  end)
end)

-- moves() lists are values: the trick engine shares a list of one or two
-- cards between callers and starts games in the blocks of collected ones
-- (lgame.c), which no caller may be able to tell
describe("moves kept and games collected", function()
  it("a kept moves() list keeps its moves whatever is played after it", function()
    local v = dh.variant("spades", { max_hands = 1 })
    local rng, kept, sizes = dh.rng(3), {}, {}
    for seed = 1, 20 do
      local g = dh.game(v, { seed = seed })
      while g:next_player() do
        local ms = g:moves()
        kept[#kept + 1] = { ms, texts(ms) }
        sizes[#ms] = true
        assert(g:apply(g:next_player(), rng:pick(ms)))
      end
    end
    assert.is_true(sizes[1] and sizes[2] and sizes[14], "lists of one, two and 14 moves were kept")
    collectgarbage()
    for _, k in ipairs(kept) do assert.are.same(k[2], texts(k[1])) end
  end)

  it("a bid Move from moves() is bid; a table that only looks like one is refused and changes nothing", function()
    local g = dh.game(dh.variant("spades", { max_hands = 1 }), { seed = 4 })
    local seat, bid3 = g:next_player(), g:move("bid 3")
    local fake = { kind = "bid", bid = 3, text = "bid 3" }
    local before = snapshot(g)
    local ok, msg, code = g:apply(seat, fake)   -- (read as cards to pass: none, in the bid phase)
    assert.is_nil(ok)
    assert.is_string(msg)
    assert.is_string(code)
    assert.are.equal(before, snapshot(g))
    assert.is_true(g:apply(seat, bid3))
    assert.are.equal(3, g:bids()[seat])
  end)

  it("a game started where collected games were plays as a fresh one; a kept game is untouched", function()
    local v = dh.variant("hearts", { max_hands = 2 })
    local function half_played(seed)
      local g, rng = dh.game(v, { seed = seed }), dh.rng(seed)
      for _ = 1, 30 do assert(g:apply(g:next_player(), rng:pick(g:moves()))) end
      return g
    end
    local kept = half_played(7)
    local before = { snapshot(kept), snapshot(half_played(8)) }   -- the second game is dropped
    for seed = 100, 400 do half_played(seed) end                  -- and so are these
    collectgarbage()
    collectgarbage()
    local again = { half_played(7), half_played(8) }
    assert.are.equal(before[1], snapshot(again[1]))
    assert.are.equal(before[2], snapshot(again[2]))
    assert.are.equal(before[1], snapshot(kept))
    local rng = dh.rng(1)
    while kept:next_player() do assert(kept:apply(kept:next_player(), rng:pick(kept:moves()))) end
    assert.is_true(kept:result().over)
  end)
end)

describe("the protocol module", function()
  it("holds the engine's refusal codes with the engine's texts, and one not_your_turn text", function()
    local core = require "deckhand.core"
    local n = 0
    for code, fmt in pairs(core.refusals) do
      assert.are.equal(fmt, protocol.codes[code]); n = n + 1
    end
    assert.is_true(n >= 15)
    for _, code in ipairs { "not_your_turn", "game_over", "must_follow_suit", "bad_bid", "illegal_move", "bad_move" } do
      assert.is_string(protocol.codes[code], code)
    end
    assert.are.same({ nil, "not seat 2's turn (seat 4 acts)", "not_your_turn" },
                    { protocol.refuse("not_your_turn", 2, 4) })
    assert.has_error(function() protocol.message("no_such_code") end)
  end)

  it("the trick engine, a phase script and a Lua-written game refuse the wrong seat in the one text", function()
    local function wrong_seat(g)
      local seat = g:next_player()
      local other = seat % g:seats() + 1
      return { g:apply(other, g:moves()[1]) }, protocol.message("not_your_turn", other, seat)
    end
    local spades = dh.game(dh.variant("spades"), { seed = 1 })          -- C: a bid Move, then a Card
    local got, want = wrong_seat(spades)
    assert.are.same({ nil, want, "not_your_turn" }, got)
    for _ = 1, 4 do assert(spades:apply(spades:next_player(), spades:moves()[1])) end
    got, want = wrong_seat(spades)
    assert.are.same({ nil, want, "not_your_turn" }, got)
    local pinochle = dh.game(dh.variant("pinochle"), { seed = 1 })      -- a phase script in Lua
    assert.are.equal("script", pinochle:step() > 0 and "script" or "")
    got, want = wrong_seat(pinochle)
    assert.are.same({ nil, want, "not_your_turn" }, got)
    local crazy8 = dh.game(dh.variant("crazy8"), { seed = 1 })          -- dh.lua_game
    got, want = wrong_seat(crazy8)
    assert.are.same({ nil, want, "not_your_turn" }, got)
  end)

  it("check finds a game that does not conform", function()
    local g = dh.game(dh.variant("spades"), { seed = 2 })
    assert.is_true(protocol.check(g))
    local liar = setmetatable({}, { __index = function(_, k)
      local f = g[k]
      if k == "apply" then return function() return nil, "no", "made_up_code" end end
      return f and function(_, ...) return f(g, ...) end
    end })
    local ok, why = protocol.check(liar)
    assert.is_nil(ok)
    assert.matches("made_up_code", why, 1, true)
  end)

  it("C looks nothing up in the registry: the protocol's Lua part is held by the methods it composed", function()
    local reg = debug.getregistry()
    for _, name in ipairs { "deckhand.trick_apply", "deckhand.trick_moves", "deckhand.script_phase" } do
      assert.is_nil(reg[name], name)
    end
    assert.is_nil(dh.compose_protocol)
  end)
end)
