-- trick_properties_spec.lua: properties over many random matches of every
-- variant.  Matches are kept short with options (few hands) so that the
-- suite stays fast; the engine's own playouts cover long matches.
package.path = "tests/lua/?.lua;" .. package.path
local dh = require "deckhand"
local H = require "trick_helper"

local configs = {
  { name = "spades", options = { max_hands = 2 }, matches = 700, deck = 52 },
  { name = "hearts", options = { max_hands = 4 }, matches = 400, deck = 52, hearts = true },  -- every pass direction
  { name = "briscola", options = { players = 2 }, matches = 1200, deck = 40, points = 120 },
  { name = "briscola", options = { players = 4 }, matches = 400, deck = 40, points = 120 },
  { name = "ohhell", options = { players = 5, max_size = 3 }, matches = 700, deck = 52 },
  -- the exchanges: blind Nil's two cards each way, Briscola's lowest trump for the turned card
  { name = "spades", options = { max_hands = 2, blind_nil = true, blind_nil_exchange = 2 }, matches = 500,
    deck = 52 },
  { name = "briscola", options = { players = 2, exchange = true }, matches = 800, deck = 40, points = 120 },
  { name = "briscola", options = { players = 3, exchange = true }, matches = 400, deck = 39, points = 120 },
  { name = "briscola", options = { players = 4, exchange = true }, matches = 400, deck = 40, points = 120 },
}

-- cards held, played and in the talon: each card once, 'deck' in all
local function conserved(g, deck)
  local all, n = g:played(), g:played():count() + g:talon_count()
  for s = 1, g:seats() do
    all = all | g:hand(s)
    n = n + g:hand(s):count()
  end
  return all:count() + g:talon_count() == deck and n == deck
end

-- tries an action that must be refused; checks nothing changed
local function try_refused(g, rng)
  local seat, phase = g:next_player(), g:phase()
  local before, rec = H.snapshot(g), g:record()
  local other = seat % g:seats() + 1
  local ok, _, code
  local pick = rng:int(3)
  if phase == "play" then
    local hand, legal = g:hand(seat), g:legal()
    local illegal = hand - legal
    if pick == 1 then ok, _, code = g:play(other, g:hand(other):lowest() or "2c")
    elseif pick == 2 and #illegal > 0 then ok, _, code = g:play(seat, rng:pick(illegal))
    else ok, _, code = g:play(seat, (g:played() | g:hand(other)):lowest() or "2c") end
    if code ~= "not_your_turn" and code ~= "card_not_in_hand" then
      assert.is_true(#illegal > 0)
    end
    local ok2, _, code2 = g:exchange(other)   -- out of turn
    assert.is_nil(ok2)
    assert.equal(other == seat and "cannot_exchange" or "not_your_turn", code2)
    if not g:can_exchange() then
      ok2, _, code2 = g:exchange(seat)
      assert.is_nil(ok2)
      assert.equal("cannot_exchange", code2)
    end
  elseif phase == "bid" then
    ok, _, code = g:bid(seat, 99)
    assert.equal("bad_bid", code)
    ok, _, code = g:play(seat, "2c")
    assert.equal("wrong_phase", code)
  else
    ok, _, code = g:pass(other == seat and seat or other, { "2c" })
  end
  assert.is_nil(ok)
  assert.is_string(code)
  assert.same(before, H.snapshot(g))
  assert.same(rec, g:record())
end

-- a view and a world sampled from it: the same view, hands consistent
local function check_sample(g, rng)
  local seat = g:next_player()
  local view = g:view(seat)
  local world = view:sample(rng)
  assert.same(H.snapshot(view), H.snapshot(world:view(seat)))
  assert.equal(g:hand(seat), world:hand(seat))
  for s = 1, g:seats() do
    assert.equal(g:hand(s):count(), world:hand(s):count())
    for v in g:voids(s):gmatch(".") do
      assert.equal(0, #world:hand(s):suit(v))
    end
    if s ~= seat then assert.equal(0, #(world:hand(s) & g:excluded(s))) end
    if s ~= seat then
      assert.is_true(world:hand(s):contains(view:hand(s)))   -- known cards stay put
    end
  end
  return world
end

-- the excluded cards of every seat, as strings
local function exclusions(g)
  local out = {}
  for s = 1, g:seats() do out[s] = tostring(g:excluded(s)) end
  return out
end

-- replays a hand's moves (the record's { seat, text } pairs) on a rewound
-- game; a pass hidden from the viewer is the one the world chose.  Every
-- move must be accepted.
local function replay_hand(again, moves, world, seat)
  for i, m in ipairs(moves) do
    local s, text = m[1], m[2]
    local ok, msg, code
    if text:match("^pass ") then
      local cards = world:passed(s)
      if s == seat then assert.equal(dh.cards(text:sub(6)), cards) end
      ok, msg, code = again:pass(s, cards)
    else
      ok, msg, code = again:apply(s, text)
    end
    assert(ok, ("move %d of the hand refused: %s %s"):format(i, tostring(code), tostring(msg)))
  end
end

-- a world sampled from seat's view, rewound to the deal of its hand: the
-- deal is whole, the hand's public actions (and the world's hidden passes)
-- replay legally on it, and then the world and seat's view are reached again
local function replays_public(g, world, seat, actions, deck)
  local again = world:rewind()
  local deal = world:deal()
  assert.equal(g:hand_number(), again:hand_number())
  assert.equal(g:dealer(), again:dealer())
  assert.same(g:scores(), again:scores())
  local all, n = dh.cards {}, #deal.talon
  for s = 1, g:seats() do
    assert.equal(deal[s], again:hand(s))
    assert.equal(again:hand_size(), deal[s]:count())
    all, n = all | deal[s], n + deal[s]:count()
  end
  for _, c in ipairs(deal.talon) do all = all | dh.cards { c } end
  assert.equal(deck, n)
  assert.equal(deck, all:count())
  assert.equal(#deal.talon, again:talon_count())
  assert.equal(g:deal()[seat], deal[seat])  -- the seat knows what it was dealt
  replay_hand(again, actions, world, seat)
  for s = 1, g:seats() do assert.equal(world:hand(s), again:hand(s)) end
  assert.equal(world:talon_count(), again:talon_count())
  assert.same(H.snapshot(g:view(seat)), H.snapshot(again:view(seat)))
  assert.same(exclusions(g), exclusions(again))
end

-- the game itself rewound: its true deal replays to the same game
local function rewinds(g, actions)
  local again = g:rewind()
  replay_hand(again, actions, g, nil)
  assert.same(H.snapshot(g), H.snapshot(again))
  assert.same(exclusions(g), exclusions(again))
  for s = 1, g:seats() do assert.equal(g:played_by(s), again:played_by(s)) end
end

for _, cfg in ipairs(configs) do
  describe(("%s %s random matches"):format(cfg.name, cfg.options.players or ""), function()
    it("end, conserve cards, count tricks and points, refuse without change, replay", function()
      local v = dh.variant(cfg.name, cfg.options)
      local rng = dh.rng(1234)
      local checked_refusals, checked_views, checked_replays, exchanges = 0, 0, 0, 0
      for m = 1, cfg.matches do
        local g = dh.game(v, { seed = m, dealer = m % v.spec.seats + 1 })
        local hand_no, steps, hand_start = 1, 0, 1
        while g:phase() ~= "over" do
          steps = steps + 1
          if m % 10 == 0 and rng:int(40) == 1 then try_refused(g, rng); checked_refusals = checked_refusals + 1 end
          if m % 10 == 5 and rng:int(30) == 1 then
            local world = check_sample(g, rng)
            local acts = { table.unpack(g:record().moves, hand_start) }
            replays_public(g, world, g:next_player(), acts, cfg.deck)
            rewinds(g, acts)
            checked_views = checked_views + 1
            if g:phase() == "play" and #g:played() > 0 then checked_replays = checked_replays + 1 end
          end
          assert(H.random_action(g, rng))
          -- every step of one match in four; the others at the end of each hand
          if m % 4 == 0 then assert.is_true(conserved(g, cfg.deck)) end
          if g:hand_number() ~= hand_no or g:phase() == "over" then
            assert.is_true(conserved(g, cfg.deck))
            local t, sum = g:last_tricks(), 0
            for _, x in ipairs(t) do sum = sum + x end
            if cfg.points then assert.equal(cfg.deck // v.spec.seats, sum)
            else assert.equal(v.spec.sizes[(hand_no - 1) % #v.spec.sizes + 1], sum) end
            local p = 0
            for _, x in ipairs(g:hand_points()) do p = p + x end
            if cfg.points then assert.equal(cfg.points, p) end
            if cfg.hearts then assert.is_true(p == 26 or p == 78) end
            hand_no = g:hand_number()
            hand_start = #g:record().moves + 1
          end
          assert.is_true(steps < 10000)
        end
        assert.is_table(g:winners())
        for _, a in ipairs(g:actions()) do   -- Briscola's exchanges, Spades' blind Nil gifts
          if a[2] == "exchange" or a[2] == "pass" and not cfg.hearts then exchanges = exchanges + 1 end
        end
        if m % 8 == 0 then
          local again = assert(dh.replay(g:record()))
          assert.same(H.snapshot(g), H.snapshot(again))
        end
      end
      assert.is_true(checked_refusals > 10)
      assert.is_true(checked_views > 10)
      assert.is_true(checked_replays > 10)
      -- with an exchange option the exchanges were played, and only then
      if cfg.options.exchange or cfg.options.blind_nil_exchange then assert.is_true(exchanges > 50)
      else assert.equal(0, exchanges) end
    end)
  end)
end

describe("playouts", function()
  it("complete the hand on copies and average the results", function()
    local g = dh.game("spades", { seed = 8 })
    for _ = 1, 4 do g:bid(g:next_player(), 3) end
    local before, rec = H.snapshot(g), g:record()
    local points, tricks = g:playouts(dh.rng(1), 500)
    assert.same(before, H.snapshot(g))
    assert.same(rec, g:record())
    assert.equal(2, #points)
    assert.near(13, tricks[1] + tricks[2] + tricks[3] + tricks[4], 1e-9)
    local again = { g:playouts(dh.rng(1), 500) }
    assert.same({ points, tricks }, again)   -- the same generator, the same answer
  end)
end)

describe("records", function()
  it("reject a corrupt record naming the first bad step", function()
    local g = dh.game("spades", { seed = 5 })
    g:playout(dh.rng(5), true)
    local rec = g:record()
    rec.moves[7] = { rec.moves[7][1] % 4 + 1, "2c" }
    local ok, msg, code = dh.replay(rec)
    assert.is_nil(ok)
    assert.equal("bad_record", code)
    assert.matches("^move 7 ", msg)
    rec.moves[7] = { 1 }
    assert.matches("^move 7 must be { seat, text }", select(2, dh.replay(rec)))
    rec.moves[7] = { 9, "2c" }
    assert.matches("^move 7: seat 9 out of range", select(2, dh.replay(rec)))
    assert.same({ nil, "record.seed must be an integer", "bad_record" },
                { dh.replay { game = "spades", moves = {} } })
  end)

  it("never name a file: a path in record.game is refused, and options are plain values", function()
    local file = os.tmpname()
    local f = assert(io.open(file, "w"))
    f:write("error('the record ran code')")
    f:close()
    for _, name in ipairs { file, "../rules/spades", "spades.lua", "x/y", "" } do
      local ok, msg, code = dh.replay { game = name, seed = 1, moves = {} }
      assert.is_nil(ok)
      assert.equal("bad_record", code)
      assert.matches("must be a variant's name", msg)
    end
    os.remove(file)
    local ok, msg = dh.replay { game = "spades", seed = 1, moves = {}, options = { target = { 1 } } }
    assert.is_nil(ok)
    assert.matches("record.options.target must be a string, number or boolean", msg)
    assert.is_nil((dh.replay { game = "no_such_game", seed = 1, moves = {} }))
  end)

  it("name pinochle twins apart and replay them", function()
    local R = dh.rule
    local v = dh.variant {
      name = "pinochle-ish", seats = 4, sides = { 1, 2, 1, 2 }, deck = "pinochle48",
      order = "A T K Q J 9", sizes = { 12 }, trump = "h", hand = R.follow_suit & R.must_overtrump,
      play = R.trump_wins | R.highest_of_led, points = R.card_points { A = 11, T = 10, K = 4, Q = 3, J = 2 },
      win = R.first_to(300), max_hands = 4,
    }
    local rng = dh.rng(3)
    for seed = 1, 30 do
      local g = dh.game(v, { seed = seed })
      g:playout(rng)
      local again = assert(dh.replay(g:record(), v))
      assert.same(H.snapshot(g), H.snapshot(again))
    end
    local g = dh.game(v, { seed = 1 })
    local deal = { g:hand(1), g:hand(2), g:hand(3), g:hand(4) }
    local stacked = dh.game(v, { seed = 2, deal = deal })
    local twins, marked = 0, 0
    for seat = 1, 4 do
      for _, c in ipairs(deal[seat]:list()) do if c.copy == 2 then twins = twins + 1 end end
      for _, name in ipairs(stacked:record().deal[seat]) do
        if name:find("#2", 1, true) then marked = marked + 1 end
      end
      assert.equal(deal[seat], stacked:hand(seat))
    end
    assert.is_true(twins > 0)
    assert.equal(twins, marked)
  end)

  it("are plain data: strings, numbers, booleans and tables only", function()
    local g = dh.game("hearts", { seed = 2 })
    g:playout(dh.rng(2), true)
    local function plain(x)
      local t = type(x)
      if t == "table" then
        for k, v in pairs(x) do assert.is_true(type(k) == "string" or type(k) == "number"); plain(v) end
      else
        assert.is_true(t == "string" or t == "number" or t == "boolean")
      end
    end
    plain(g:record())
  end)

  it("deckhand.play runs strategies over views", function()
    local rng = dh.rng(3)
    local bot = {
      bid = function(view) local l = view:legal(); return l[rng:int(#l)] end,
      play = function(view) return rng:pick(view:legal()) end,
      pass = function(view) local l = view:hand(view:seat()):list(); return { l[1], l[2], l[3] } end,
    }
    local g = dh.play(dh.variant("hearts", { max_hands = 3 }), { bot, bot, bot, bot }, { seed = 1 })
    assert.equal("over", g:phase())
    g = dh.play("spades", { bot, bot, bot, bot }, { seed = 2 })
    assert.equal("over", g:phase())
  end)
end)
