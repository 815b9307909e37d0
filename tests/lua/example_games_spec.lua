-- example_games_spec.lua: the games of examples/games, written from the
-- docs as a user would, loaded by path and held to the properties every
-- shipped game is (protocol_spec.lua): refused moves change nothing,
-- cards are conserved, sampled worlds show the seat what the game shows
-- it and play on to their end, every match ends, records replay.  Then
-- each game's own rules, with goldens worked from the rule texts.
local dh = require "deckhand"
local json = require "deckhand.json".encode

local root = os.getenv("DECKHAND_ROOT") or "."
local function path(name) return root .. "/examples/games/" .. name .. ".lua" end

local games = {
  { "gofish", { players = 2 }, matches = 6 },
  { "gofish", { players = 4 }, matches = 4 },
  { "gofish", { players = 6, max_hands = 2 }, matches = 3 },
  { "cribbage", {}, matches = 3 },
  { "cribbage", { target = 61, max_hands = 3 }, matches = 4 },
  { "sheepshead", {}, matches = 8, deck = 32 },
  { "sheepshead", { max_hands = 3 }, matches = 4, deck = 32 },
  { "knockout", { players = 3 }, matches = 6 },
  { "knockout", { players = 7 }, matches = 3 },
  { "president", {}, matches = 3 },
  { "president", { players = 3, max_hands = 2 }, matches = 3 },
}

-- the checks: deckhand.properties, as for every shipped game; `checks`
-- (below) adds each game's own check of a sampled world
local P = require "deckhand.properties"
local checks = {}   -- per game: a check of a world against the game

for _, case in ipairs(games) do
  local name, options = case[1], case[2]
  describe(("%s %s"):format(name, json(options)), function()
    it("refuses without change, conserves cards, samples faithful worlds, ends, replays", function()
      local results = P.run(dh.variant(path(name), options), {
        matches = case.matches, deck = case.deck or 52, world_check = checks[name],
        every = { refused = 8, worlds = 6, cards = 3, views = 10, replay = 23 } })
      for _, r in ipairs(results) do
        local f = r.failure
        assert.is_nil(f, f and ("%s: seed %d, move %d: %s"):format(r.name, f.seed, f.move, f.message))
      end
      assert.are.equal(case.matches, results.ends.checks)
      assert.is_true(results.refused.checks >= 5, "only " .. results.refused.checks .. " refusal checks")
      assert.is_true(results.worlds.checks >= 5, "only " .. results.worlds.checks .. " sampled worlds")
      assert.is_true(results.views.checks >= 3, "only " .. results.views.checks .. " view checks")
    end)
  end)
end

-- Go Fish: what the asks and answers showed, read from the public log
-- alone, holds in every world: each seat holds at least as many cards of
-- a rank as the log proves (an ask: one; cards given to it openly or drawn
-- and shown: that many more; given away or booked: none left), and none of
-- a rank it said "go fish" to (unless it has drawn a hidden card since)
local RANK = { T = 10, J = 11, Q = 12, K = 13, A = 14 }
local function rank_of(t) return RANK[t] or tonumber(t) end

local function log_facts(log, n)
  local need, none = {}, {}
  for k = 1, n do need[k], none[k] = {}, {} end
  for entry in log:gmatch("[^,]+") do
    local seat, rest = entry:match("^(%d+):(.*)$")
    seat = tonumber(seat)
    local asked, r, answer = rest:match("^ask (%d+) (%w+):(.*)$")
    if asked then
      asked, r = tonumber(asked), rank_of(r)
      need[seat][r] = math.max(need[seat][r] or 0, 1)
      need[asked][r], none[asked][r] = nil, true
      local gave = answer:match("^gave (.*)$")
      if gave then
        local got = 0
        for _ in gave:gmatch("%S+") do got = got + 1 end
        need[seat][r] = need[seat][r] + got
      elseif answer:match("^go fish:drew %S+$") then need[seat][r] = need[seat][r] + 1
      elseif answer:match("^go fish:drew$") then none[seat] = {} end
    elseif rest == "draw" then none[seat] = {}
    else
      local b = rest:match("^book (%w+)$")
      if b then need[seat][rank_of(b)] = nil end
    end
  end
  return need, none
end

local function count_rank(set, r)
  local n = 0
  for c in set:iter() do if c.rank == r then n = n + 1 end end
  return n
end

local function keeps_log(g, world, seat)
  local n = g:seats()
  local need, none = log_facts(g:view(seat):get("log"), n)
  for _, hands in ipairs { { "game", g }, { "world", world } } do
    local where, h = hands[1], hands[2]
    for k = 1, n do
      local hand = h:locations()["hand " .. k]
      for r, least in pairs(need[k]) do
        assert.is_true(count_rank(hand, r) >= least,
          ("%s: seat %d holds %d of rank %d, the log shows at least %d"):format(where, k, count_rank(hand, r), r, least))
      end
      for r in pairs(none[k]) do
        assert.is_true(count_rank(hand, r) == 0, ("%s: seat %d said go fish to rank %d but holds one"):format(where, k, r))
      end
    end
  end
end
checks.gofish = keeps_log

-- Cribbage: a seat that said go held no card it could lay then, and holds
-- none now (cards only leave a hand in the play), in the game and the world
checks.cribbage = function(g, world, seat)
  local lacks = g:view(seat):get("lacks")
  for _, h in ipairs { g, world } do
    for k = 1, 2 do
      for c in h:locations()["hand " .. k]:iter() do
        local pips = c.rank == 14 and 1 or math.min(c.rank, 10)
        assert.is_true(pips > lacks[k], ("seat %d said go but holds %s"):format(k, tostring(c)))
      end
    end
  end
end

-- Cribbage's scoring against hands worked from the rules
describe("cribbage scoring", function()
  local S = dofile(path("cribbage")).scoring
  local function show(hand, starter, crib) return S.show_points(dh.cards(hand), dh.card(starter), crib) end

  it("counts the show as the rules do", function()
    assert.are.equal(29, show("5c 5d 5h Js", "5s"))       -- the best hand: 16 fifteens, 12 pairs, nobs
    assert.are.equal(28, show("5c 5d 5h 5s", "Kd"))       -- 8 + 8 fifteens, 12 pairs
    assert.are.equal(12, show("7h 8d 8c 9s", "Kd"))       -- 4 fifteens, a pair, a double run of three
    assert.are.equal(4, show("2h 4h 6h 8h", "Kd"))        -- a flush of four, nothing else
    assert.are.equal(0, show("2h 4h 6h 8h", "Kd", true))  -- in the crib a flush needs the starter
    assert.are.equal(5, show("2h 4h 6h 8h", "Th", true))
    assert.are.equal(3, show("Jh 2c 4d 9s", "Kh"))        -- 2+4+9, his nobs
    assert.are.equal(14, show("3c 4d 5h 5s", "6c"))       -- a double run of four 8, 4+5+6 twice 4, a pair 2
    assert.are.equal(0, show("2c 4d 6h 8s", "Qc"))        -- a nineteen hand: nothing
    assert.are.equal(24, show("4c 4d 5h 6s", "6c"))       -- fifteens 4+5+6 four ways, two pairs, four runs of three
  end)

  it("pegs fifteens, pairs and runs as cards are laid", function()
    local function peg(names)
      local seq, count = {}, 0
      for name in names:gmatch("%S+") do
        seq[#seq + 1] = dh.card(name)
        count = count + S.pips(seq[#seq])
      end
      return S.peg_points(seq, count)
    end
    assert.are.equal(2, peg("5c 5d"))          -- a pair
    assert.are.equal(6, peg("4c 4d 4h"))       -- three of a kind
    assert.are.equal(8, peg("5c 5d 5h"))       -- three of a kind making fifteen
    assert.are.equal(12, peg("2c 2d 2h 2s"))   -- four
    assert.are.equal(2, peg("7c 8d"))          -- fifteen
    assert.are.equal(3, peg("3c 5d 4h"))       -- a run of three in any order
    assert.are.equal(5, peg("4c 5d 6h"))       -- fifteen and a run
    assert.are.equal(4, peg("3c 5d 4h 6s"))    -- a run of four (count 18)
    assert.are.equal(2, peg("3c 5d 4h 4s"))    -- the pair only: a repeated rank breaks the run
    assert.are.equal(0, peg("3c 4d 5h Ks"))    -- a run scores only as it is completed
    assert.are.equal(0, peg("Kc Qd"))
  end)
end)

-- what writing these games needed of dh.lua_game: a contract that says
-- what is wrong by name, a default result a tournament can average, a
-- hand that never ends caught, and a heuristic that looks ahead when the
-- game gives no greedy of its own
describe("a game written in Lua", function()
  -- two seats each take 0 to 3 points once; the first listed move is the worst
  local function tiny(changes)
    local spec = {
      name = "tiny", seats = 2,
      deal = function() return { turn = 1, phase = "take", hand = 1, scores = { 0, 0 } } end,
      moves = function()
        local out = {}
        for k = 0, 3 do out[#out + 1] = dh.move { kind = "take", text = "take " .. k, n = k } end
        return out
      end,
      apply = function(s, o, seat, m) s.scores[seat] = s.scores[seat] + m.n; s.turn = seat == 1 and 2 or nil end,
      view = function(s) return { scores = s.scores, turn = s.turn, phase = s.phase, hand = s.hand } end,
      sample = function(v) return dh.lua_game.copy(v) end,
    }
    for k, v in pairs(changes or {}) do spec[k] = v end
    if changes and changes.drop then spec[changes.drop], spec.drop = nil, nil end
    return dh.variant(dh.lua_game(spec))
  end

  it("names a misspelt or missing field", function()
    local ok, err = pcall(tiny, { results = function() end })
    assert.is_false(ok)
    assert.matches("unknown field 'results'", err)
    ok, err = pcall(tiny, { drop = "sample" })
    assert.is_false(ok)
    assert.matches("missing field 'sample'", err)
  end)

  it("asks for scores when the game gives no result function, when it loads", function()
    local ok, err = pcall(tiny, { deal = function() return { turn = 1, phase = "take", hand = 1 } end })
    assert.is_false(ok)
    assert.matches("the state needs scores", err)
  end)

  it("counts a match without per-hand results as one hand, so a tournament averages it", function()
    local g = dh.game(tiny(), { seed = 1 })
    assert(g:apply(1, "take 2")); assert(g:apply(2, "take 1"))
    local r = g:result()
    assert.is_true(r.over)
    assert.are.equal(1, #r.hands)
    assert.are.same({ 2, 1 }, r.hands[1].seats)
    -- the same game as a file, through a tournament: finite points a hand
    local file = os.tmpname() .. ".lua"
    local f = assert(io.open(file, "w"))
    f:write([[local dh = require "deckhand"
return dh.lua_game { name = "tiny", seats = 2,
  deal = function() return { turn = 1, phase = "take", hand = 1, scores = { 0, 0 } } end,
  moves = function() return { dh.move { kind = "take", text = "take 1", n = 1 }, dh.move { kind = "take", text = "take 2", n = 2 } } end,
  apply = function(s, o, seat, m) s.scores[seat] = s.scores[seat] + m.n; s.turn = seat == 1 and 2 or nil end,
  view = function(s) return { scores = s.scores, turn = s.turn, phase = s.phase, hand = s.hand } end,
  sample = function(v) return dh.lua_game.copy(v) end }
]])
    f:close()
    local res = dh.tournament { variant = file, players = { "random", "random" }, games = 4, progress = false,
                                secret = ("5c"):rep(16) }
    os.remove(file)
    assert.are.equal(0, #res.errors)
    for _, p in ipairs(res.players) do
      assert.are.equal(4, p.n)
      assert.is_true(p.score == p.score and math.abs(p.score) < math.huge, "score " .. tostring(p.score))
    end
  end)

  it("stops a hand that never ends with a message saying so", function()
    local v = tiny { apply = function(s, o, seat) s.turn = seat % 2 + 1 end, max_moves = 50 }
    local g = dh.game(v, { seed = 1 })
    local ok, err
    for _ = 1, 60 do
      ok, err = pcall(g.apply, g, g:next_player(), "take 1")
      if not ok then break end
    end
    assert.is_false(ok)
    assert.matches("hand 1 has not ended after 50 moves", err)
  end)

  it("deals hidden cards keeping what moves revealed, and says when nothing can", function()
    local L = dh.lua_game
    local rng = dh.rng(9)
    local pool = dh.cards "Ac Ad Ah As Kc Kd Kh Ks 2c 2d"
    for _ = 1, 50 do
      local hands, rest = L.deal_hidden(pool, {
        [1] = { count = 3, some = { dh.cards "Ac Ad Ah As" }, barred = dh.cards "Kc Kd Kh Ks" },
        [2] = { count = 4, some = { dh.cards "2c 2d" } },
      }, rng)
      assert.are.equal(3, #hands[1])
      assert.are.equal(4, #hands[2])
      assert.are.equal(3, #rest)
      assert.is_true(#(hands[1] & dh.cards "Ac Ad Ah As") >= 1)
      assert.are.equal(0, #(hands[1] & dh.cards "Kc Kd Kh Ks"))
      assert.is_true(#(hands[2] & dh.cards "2c 2d") >= 1)
      assert.are.equal(0, #(hands[1] & hands[2]))
      local all = hands[1] | hands[2] | dh.cards(rest)
      assert.are.equal(pool, all)
    end
    local ok, err = pcall(L.deal_hidden, pool, { [1] = { count = 3, barred = dh.cards "Ac Ad Ah As Kc Kd Kh Ks" } }, rng)
    assert.is_false(ok)
    assert.matches("no deal keeps what is known of seat 1's hand", err)
  end)

  it("gives pimc the game's own defaults (its bots field), the options given still winning", function()
    local v = tiny { bots = { pimc = { worlds = "many" } } }
    local ok, err = pcall(dh.strategy, "pimc", { variant = v, seed = 1 })
    assert.is_false(ok)
    assert.matches("pimc: option 'worlds' must be an integer", err)
    local s = dh.strategy("pimc", { variant = v, seed = 1, worlds = 5 })
    assert.are.equal("take 3", tostring(s.move(dh.game(v, { seed = 1 }):view(1))))
  end)

  it("pimc halving its candidates still finds the best of them, and without halving too", function()
    -- eleven moves, take 0 to 10: the best is the last listed, the heuristic's (no greedy) look ahead aside
    local v = tiny { moves = function()
      local out = {}
      for k = 0, 10 do out[#out + 1] = dh.move { kind = "take", text = "take " .. k, n = k } end
      return out
    end }
    for _, halving in ipairs { true, false } do
      local s = dh.strategy("pimc", { variant = v, seed = 1, worlds = 8, halving = halving })
      assert.are.equal("take 10", tostring(s.move(dh.game(v, { seed = 1 }):view(1))))
    end
  end)

  it("pimc checks its best move against the heuristic's on fresh worlds (confirm), not on those it chose it on", function()
    -- eleven moves; the greedy takes 0 (no points), each other move wins
    -- or loses a point by a coin tossed in every sampled world, all worth
    -- 0 on average; take 10 also wins 2 in every world when `sure`
    local function coins(sure)
      return tiny {
        deal = function() return { turn = 1, phase = "take", hand = 1, scores = { 0, 0 }, luck = {} } end,
        moves = function()
          local out = {}
          for k = 0, 10 do out[#out + 1] = dh.move { kind = "take", text = "take " .. k, n = k } end
          return out
        end,
        apply = function(s, o, seat, m) s.scores[seat] = s.scores[seat] + (s.luck[m.n] or 0); s.turn = seat == 1 and 2 or nil end,
        greedy = function(v, o, moves) return moves[1] end,
        sample = function(v, o, rng)
          local s = dh.lua_game.copy(v)
          s.luck = {}
          for k = 1, 10 do s.luck[k] = rng:int(0, 1) * 2 - 1 end
          if sure then s.luck[10] = 2 end
          return s
        end,
      }
    end
    local v = coins(false)
    local view = dh.game(v, { seed = 1 }):view(1)
    local away = {}
    for _, confirm in ipairs { 0, 8 } do
      away[confirm] = 0
      for seed = 1, 40 do
        local s = dh.strategy("pimc", { variant = v, seed = seed, worlds = 8, confirm = confirm })
        if tostring(s.move(view)) ~= "take 0" then away[confirm] = away[confirm] + 1 end
      end
    end
    -- the luckiest of ten coins passes one standard error on the worlds it
    -- was chosen on most times; on fresh worlds about one time in six
    assert.is_true(away[0] >= 24, "confirm = 0 left the greedy move " .. away[0] .. " times of 40")
    assert.is_true(away[8] <= 12, "confirm = 8 left the greedy move " .. away[8] .. " times of 40")
    -- a move better in every world still wins its check (the default: as many fresh worlds as worlds)
    v = coins(true)
    local s = dh.strategy("pimc", { variant = v, seed = 1, worlds = 8 })
    assert.are.equal("take 10", tostring(s.move(dh.game(v, { seed = 1 }):view(1))))
    local ok, err = pcall(dh.strategy, "pimc", { variant = v, confirm = -1 })
    assert.is_false(ok)
    assert.matches("pimc: option 'confirm' must be an integer of at least 0, got %-1", err)
  end)

  it("pimc given candidates = k tries the greedy's first k (view:greedy(moves)) where the heuristic ranks none", function()
    -- take 0 to 10, each worth worth(n); the greedy takes the most
    local function takes(worth)
      return tiny {
        moves = function()
          local out = {}
          for k = 0, 10 do out[#out + 1] = dh.move { kind = "take", text = "take " .. k, n = k } end
          return out
        end,
        apply = function(s, o, seat, m) s.scores[seat] = s.scores[seat] + worth(m.n); s.turn = seat == 1 and 2 or nil end,
        greedy = function(v, o, moves)
          local best = moves[1]
          for _, m in ipairs(moves) do if m.n > best.n then best = m end end
          return best
        end,
      }
    end
    -- take 0 worth 100, the others their number
    local v = takes(function(n) return n == 0 and 100 or n end)
    local view = dh.game(v, { seed = 1 }):view(1)
    assert.are.equal("take 7", tostring(view:greedy { view:move("take 3"), view:move("take 7"), view:move("take 0") }))
    assert.are.equal("take 10", tostring(view:greedy()))
    local ok, err = pcall(view.greedy, view, "take 3")
    assert.is_false(ok)
    assert.matches("bad argument #1 to 'greedy' %(a list of moves expected%)", err)
    -- every move a candidate: take 0 found; the greedy's first three (10, 9, 8): take 10 the best of them
    assert.are.equal("take 0", tostring(dh.strategy("pimc", { variant = v, seed = 1, worlds = 4 }).move(view)))
    assert.are.equal("take 10", tostring(dh.strategy("pimc", { variant = v, seed = 1, worlds = 4, candidates = 3 }).move(view)))
    -- the greedy's second choice is tried: take 9 beats take 10 once take 10 is worth nothing
    local v2 = takes(function(n) return n == 10 and 0 or n end)
    local view2 = dh.game(v2, { seed = 1 }):view(1)
    assert.are.equal("take 9", tostring(dh.strategy("pimc", { variant = v2, seed = 1, worlds = 4, candidates = 2 }).move(view2)))
  end)

  it("pimc and the look ahead still move when the game's sampler finds no world", function()
    local v = tiny { sample = function() error("deal_hidden: no deal keeps what is known of seat 2's hand", 0) end }
    local view = dh.game(v, { seed = 1 }):view(1)
    for _, name in ipairs { "pimc", "heuristic" } do
      local ok, m = pcall(dh.strategy(name, { variant = v, seed = 1 }).move, view)
      assert.is_true(ok, name .. ": " .. tostring(m))
      assert.is_truthy(view:move(tostring(m)))
    end
  end)

  it("heuristic looks ahead in a game with no greedy instead of playing the first move", function()
    local v = tiny()
    local g = dh.game(v, { seed = 1 })
    local h = dh.strategy("heuristic", { variant = v, seed = 1 })
    assert.are.equal("take 3", tostring(h.move(g:view(1))))
  end)
end)

-- Sheepshead: a seat that did not follow the suit led (trumps a suit of
-- their own) holds none of it, in the game and in the world
checks.sheepshead = function(g, world, seat)
  local voids = g:view(seat):get("voids")
  local S = dofile(path("sheepshead")).scoring
  for _, h in ipairs { g, world } do
    for k = 1, 5 do
      for c in h:locations()["hand " .. k]:iter() do
        assert.is_nil(voids[k][S.suit_of(c)], ("seat %d showed out of %s but holds %s"):format(k, S.suit_of(c), tostring(c)))
      end
    end
  end
end

describe("sheepshead's rules", function()
  local S = dofile(path("sheepshead")).scoring
  local function winner(names)
    local cards = {}
    for n in names:gmatch("%S+") do cards[#cards + 1] = dh.card(n) end
    return S.winner(cards)
  end

  it("ranks the permanent trumps over the diamonds and the diamonds over the fail", function()
    assert.are.equal(3, winner("7c Ac 7d"))      -- the least trump beats the fail ace
    assert.are.equal(2, winner("Ad Jd"))         -- every jack above the diamond ace
    assert.are.equal(2, winner("Jc Qd"))         -- every queen above every jack
    assert.are.equal(4, winner("Qd Qh Qs Qc"))   -- clubs, spades, hearts, diamonds
    assert.are.equal(1, winner("Tc Kc 9c"))      -- the ten above the king in a fail suit
    assert.are.equal(1, winner("9h Ac As"))      -- a card of another fail suit never wins
  end)

  it("counts 120 in the pack and scores the picker's side by the thresholds", function()
    local total = 0
    for c in dh.deck("piquet32"):set():iter() do total = total + S.points(c) end
    assert.are.equal(120, total)
    assert.are.equal(1, S.units(61, 3))
    assert.are.equal(-1, S.units(60, 3))        -- the defenders' 60 is enough
    assert.are.equal(2, S.units(91, 5))
    assert.are.equal(1, S.units(90, 5))
    assert.are.equal(-1, S.units(31, 1))
    assert.are.equal(-2, S.units(30, 1))        -- schneidered
    assert.are.equal(-3, S.units(0, 0))         -- no trick
    assert.are.equal(3, S.units(120, 6))        -- every trick
  end)
end)

describe("the example games in tournaments, by path", function()
  for _, name in ipairs { "gofish", "cribbage", "sheepshead", "knockout", "president" } do
    it(name .. " is played by every shipped bot without a forfeit or an error", function()
      -- (ismcts on a game with no trick-taking core plays as pimc, at its defaults)
      for _, pair in ipairs { { "heuristic", "random" }, { "greedy", "heuristic" }, { "pimc", "random" },
                              { "ismcts", "random" } } do
        -- (confirm: pimc's option for a game written in Lua; Knockout is a trick variant)
        local pimc = name == "knockout" and { worlds = 2 } or { worlds = 2, confirm = 2 }
        local res = dh.tournament { variant = path(name), players = pair, games = 1, progress = false,
                                    strategy_options = { pimc = pimc }, secret = ("5c"):rep(16) }
        assert.are.equal(0, #res.forfeits)
        assert.are.equal(0, #res.errors)
        assert.are.equal(1, res.players[1].n)
      end
    end)
  end
end)
