-- Crazy Eights (rules/crazy8.lua), a game written wholly in Lua on the
-- protocol (deckhand/lua_game.lua).  The goldens come from the rule text:
-- an eight 50, K Q J T 10, an ace 1, other cards their pips.
local dh = require "deckhand"

local function texts(moves)
  local out = {}
  for i, m in ipairs(moves) do out[i] = tostring(m) end
  table.sort(out)
  return out
end

-- a game whose hand is set by the test (the state is the game's own table)
local function staged(options, hands, pile, stock, turn)
  local g = dh.game(dh.variant("crazy8", options), { seed = 1 })
  for s, h in ipairs(hands) do g.s.hands[s] = dh.cards(h) end
  g.s.pile = { dh.card(pile) }
  g.s.suit = dh.card(pile).suit
  g.s.stock = {}
  for i, c in ipairs(stock or {}) do g.s.stock[i] = dh.card(c) end
  g.s.turn = turn or 1
  return g
end

describe("crazy eights", function()
  it("deals seven cards each to two players, five to more, and never starts the pile with an eight", function()
    for seed = 1, 40 do
      for _, n in ipairs { 2, 3, 7 } do
        local g = dh.game(dh.variant("crazy8", { players = n }), { seed = seed })
        for s = 1, n do assert.are.equal(n == 2 and 7 or 5, #g.s.hands[s]) end
        assert.are_not.equal(8, g.s.pile[1].rank)
        assert.are.equal(52 - n * (n == 2 and 7 or 5) - 1, #g.s.stock)
        assert.are.equal(2, g:next_player())   -- the dealer's left
      end
    end
  end)

  it("offers the cards matching suit or rank, every eight with each suit, and draw", function()
    local g = staged({ players = 2 }, { "Kd 9s 8c 2h", "3c 4c" }, "9d", { "5c" })
    assert.are.same(texts { "Kd", "9s", "8c call c", "8c call d", "8c call h", "8c call s", "draw" },
                    texts(g:moves()))
    -- an eight names the suit the next player must follow
    assert(g:apply(1, "8c call h"))
    assert.are.equal(2, g:next_player())
    assert.are.same({ "draw" }, texts(g:moves()))   -- no heart, no eight
    assert(g:apply(2, "draw"))
    assert.are.same({ "3c", "4c", "5c" }, texts(g.s.hands[2]:list()))
    assert.are.same({ "pass" }, texts(g:moves()))   -- the stock is empty now
  end)

  it("scores the cards left in the others' hands for the player who goes out", function()
    local g = staged({ players = 4, target = 500 }, { "Qd", "8c Kd", "Ah 5s", "Tc" }, "9d", { "2c", "3c" })
    assert(g:apply(1, "Qd"))
    -- 8c 50 + Kd 10 + Ah 1 + 5s 5 + Tc 10 = 76
    assert.are.same({ 76, 0, 0, 0 }, g:result().seats)
    assert.are.same({ 76, 0, 0, 0 }, g:result().hands[1].seats)
    assert.are.equal(2, g:hand_number())
  end)

  it("ends a blocked hand: the lowest count scores the others' counts less its own", function()
    local g = staged({ players = 3, target = 500 }, { "2c 3c", "Kc", "8s 4h" }, "9d")
    -- nobody holds a diamond or a nine; seat 3's eight is playable, so
    -- take it away first: seat 3 holds 4h 5h instead
    g.s.hands[3] = dh.cards("4h 5h")
    assert(g:apply(1, "pass")); assert(g:apply(2, "pass")); assert(g:apply(3, "pass"))
    -- counts 5, 10, 9: seat 1 scores (10 - 5) + (9 - 5) = 9
    assert.are.same({ 9, 0, 0 }, g:result().seats)
  end)

  it("limits the draws a turn when asked", function()
    local g = staged({ players = 2, draw_limit = 2 }, { "2c", "3c" }, "9d", { "4s", "5s", "6s" })
    assert(g:apply(1, "draw")); assert(g:apply(1, "draw"))
    assert.are.same({ "pass" }, texts(g:moves()))
  end)

  it("refuses bad options, naming them", function()
    assert.has_error(function() dh.variant("crazy8", { players = 8 }) end, "crazy8: players must be 2 to 7, got 8")
    assert.has_error(function() dh.variant("crazy8", { draw_limit = -1 }) end,
                     "crazy8: draw_limit must be a count of cards (0: no limit)")
  end)

  it("plays tournaments with the shipped bots, no forfeit", function()
    local res = dh.tournament { variant = "crazy8", players = { "heuristic", "random" }, games = 6,
                                options = { players = 2, target = 50 }, progress = false,
                                secret = ("c8"):rep(16) }
    assert.are.equal(0, #res.forfeits)
    assert.are.equal(0, #res.errors)
    assert.are.equal(6, res.players[1].n)
  end)
  -- the heuristic's fast playouts for pimc (strategies/heuristic/crazy8.lua)
  local C8 = dofile("strategies/heuristic/crazy8.lua")

  it("heuristic playouts score hands as the rules do (the goldens above)", function()
    local g = staged({ players = 4, target = 500 }, { "Qd", "8c Kd", "Ah 5s", "Tc" }, "9d", { "2c", "3c" })
    local p = C8.position(g, nil, g.s.stock)
    p.draw_limit = 0
    assert.are.same({ 76, 0, 0, 0 }, C8.playout(p, C8.as_play(dh.card "Qd")))
    -- blocked: seat 1 passes, then 2 (Kc) and 3 (4h 5h) have nothing and no stock
    g = staged({ players = 3, target = 500 }, { "2c 3c", "Kc", "4h 5h" }, "9d")
    p = C8.position(g, nil, g.s.stock)
    p.draw_limit = 0
    assert.are.same({ 9, 0, 0 }, C8.playout(p, "pass"))
    -- an eight names the suit: 8c call h leaves seat 2 (3c 4c) to draw 5c,
    -- then pass; seat 1 goes out with 2h: 3 + 4 + 5 = 12
    g = staged({ players = 2 }, { "8c 2h", "3c 4c" }, "9d", { "5c" })
    p = C8.position(g, nil, g.s.stock)
    p.draw_limit = 0
    assert.are.same({ 12, 0 }, C8.playout(p, C8.as_play(g:move("8c call h"))))
  end)

  it("heuristic playouts play as the heuristic plays through the protocol", function()
    for _, opts in ipairs { { players = 4, max_hands = 1 }, { players = 2, max_hands = 1 },
                            { players = 3, max_hands = 1, draw_limit = 1 } } do
      local v = dh.variant("crazy8", opts)
      local h = dh.strategy("heuristic", { variant = v, seed = 1 })
      local n = 0
      for seed = 1, 60 do
        local g = dh.game(v, { seed = seed })
        for _ = 1, seed % 13 do
          local t = g:next_player()
          if t then assert(g:apply(t, h.move(g:view(t)))) end
        end
        if g:next_player() then
          local p = C8.position(g, nil, g.s.stock)
          p.draw_limit = opts.draw_limit or 0
          local row = C8.playout(p)
          while g:next_player() do
            local t = g:next_player()
            assert(g:apply(t, h.move(g:view(t))))
          end
          assert.are.same(g:result().hands[1].seats, row)
          n = n + 1
        end
      end
      assert.is_true(n > 50, n)
    end
  end)

  it("pimc over the heuristic's playouts: legal moves, the heuristic's unless another beats it by the margin", function()
    local v = dh.variant("crazy8", { max_hands = 1 })
    local h = dh.strategy("heuristic", { variant = v, seed = 1 })
    local stubborn = dh.strategy("pimc", { variant = v, seed = 1, worlds = 5, margin = 1e9 })
    local free = dh.strategy("pimc", { variant = v, seed = 1, worlds = 20, margin = 0 })
    local n = 0
    for seed = 1, 3 do
      local g = dh.game(v, { seed = seed })
      while g:next_player() do
        local seat = g:next_player()
        local view = g:view(seat)
        local mine = h.move(view)
        assert.are.equal(tostring(mine), tostring(stubborn.move(view)))
        assert.is_truthy(view:move(tostring(free.move(view))))
        assert(g:apply(seat, mine))
        n = n + 1
      end
    end
    assert.is_true(n > 20)
    -- the worlds as sampled, without the inferences, on request; a bad value named
    local plain = dh.strategy("pimc", { variant = v, seed = 1, worlds = 5, infer = "none" })
    assert.is_truthy(dh.game(v, { seed = 1 }):view(2):move(tostring(plain.move(dh.game(v, { seed = 1 }):view(2)))))
    local ok, err = pcall(dh.strategy, "pimc", { variant = v, infer = "always" })
    assert.is_false(ok)
    assert.matches("infer", tostring(err))
  end)

  it("heuristic: keeps its eights, goes where its hand is long, calls the suit it holds most", function()
    local bot = dh.strategy("heuristic", { variant = "crazy8" })
    -- a matching card beats an eight; of the matching cards, the one whose
    -- suit the hand holds most of afterwards
    local g = staged({ players = 2 }, { { "8s", "5h", "Kc", "2c", "3c" }, { "4d" } }, "5c", { "9d" })
    assert.are.equal("Kc", tostring(bot.move(g:view(1))))   -- clubs stay long (not 5h), the king costs most
    g = staged({ players = 2 }, { { "8s", "5h", "9h", "2c" }, { "4d" } }, "5c", { "9d" })
    assert.are.equal("5h", tostring(bot.move(g:view(1))))   -- to hearts, where one more card waits
    -- nothing matches but an eight: the eight, calling the suit held most
    g = staged({ players = 2 }, { { "8s", "4h", "9h", "Td" }, { "4d" } }, "5c", { "9d" })
    assert.are.equal("8s call h", tostring(bot.move(g:view(1))))
    -- nothing matches at all: draw
    g = staged({ players = 2 }, { { "4h", "9h" }, { "4d" } }, "5c", { "9d" })
    assert.are.equal("draw", tostring(bot.move(g:view(1))))
    -- and over whole random games it never plays an eight while another card goes
    for seed = 1, 20 do
      local game = dh.game(dh.variant("crazy8", { players = 3 }), { seed = seed })
      local rng = dh.rng(seed)
      while game:next_player() do
        local seat = game:next_player()
        local moves, m = game:moves(), nil
        if seat == 1 then
          m = bot.move(game:view(seat))
          local other = false
          for _, x in ipairs(moves) do if type(x) ~= "table" and x.rank ~= 8 then other = true end end
          if other then assert.are_not.equal("table", type(m), tostring(m)) end
        else
          m = rng:pick(moves)
        end
        assert(game:apply(seat, m))
      end
    end
  end)
  it("logs each hand's moves as every seat sees them, a drawn card hidden", function()
    local g = staged({ players = 3 }, { "Kd 2c", "3c 4c", "5h 6h" }, "9d", { "7s", "Qs" })
    assert(g:apply(1, "Kd"))
    assert(g:apply(2, "draw")); assert(g:apply(2, "draw"))   -- Qs, 7s: neither goes
    assert(g:apply(2, "pass"))
    for seat = 1, 3 do assert.are.equal("1:Kd,2:draw,2:draw,2:pass", g:view(seat):get("log")) end
    assert.are.equal("1:Kd,2:draw,2:draw,2:pass", g:view(1):sample(dh.rng(1)):view(3):get("log"))
  end)

  -- a card code of the heuristic's playouts: suit index (c d h s) * 16 + rank
  local function code(card) card = dh.card(card); return (("cdhs"):find(card.suit) - 1) * 16 + card.rank end
  local function breaks(c, x) if x % 16 == 8 then return c.eights end return x // 16 == c.suit or x % 16 == c.rank end

  it("heuristic inferences: a seat that drew or passed held nothing playable, an eight played nothing else", function()
    local C8 = dofile("strategies/heuristic/crazy8.lua")
    -- seat 2 drew twice and passed on Kd: no diamond, no king, no eight
    -- since; seat 3 then played 8h calling s on Kd: no other diamond or king
    local g = staged({ players = 3 }, { "Kd 2c", "3c 4c", "8h 6h 2s" }, "9d", { "7s", "Qs" })
    assert(g:apply(1, "Kd")); assert(g:apply(2, "draw")); assert(g:apply(2, "draw")); assert(g:apply(2, "pass"))
    assert(g:apply(3, "8h call s"))
    local cons = C8.inferences(g:view(1))
    assert.are.same({}, cons[1])   -- its own seat: nothing to infer
    local got = {}
    for i, c in ipairs(cons[2]) do got[i] = { c.suit, c.rank, c.eights, c.allow } end
    -- the first draw: one card kept since (the second drawn) may break it
    assert.are.same({ { 1, 13, true, 1 }, { 1, 13, true, 0 }, { 1, 13, true, 0 } }, got)
    assert.are.equal(1, #cons[3])
    assert.are.same({ 1, 13, false, 0 }, { cons[3][1].suit, cons[3][1].rank, cons[3][1].eights, cons[3][1].allow })
    -- a card played right after a draw was the card drawn: seat 2 drew on
    -- 9d, drew 9s and played it; its older hand still holds nothing of 9d's
    g = staged({ players = 2 }, { "2c 3c", "4h 5h Kh" }, "9d", { "Ts", "9s" })
    g.s.turn = 2
    assert(g:apply(2, "draw")); assert(g:apply(2, "9s"))
    cons = C8.inferences(g:view(1))
    assert.are.equal(1, #cons[2])
    assert.are.same({ 1, 9, true, 0 }, { cons[2][1].suit, cons[2][1].rank, cons[2][1].eights, cons[2][1].allow })
    -- over whole games of the heuristic, the true hands keep every constraint
    -- inferred, and there are many
    local found = 0
    for _, opts in ipairs { { players = 4, max_hands = 1 }, { players = 3, max_hands = 1, draw_limit = 1 } } do
      local v = dh.variant("crazy8", opts)
      local h = dh.strategy("heuristic", { variant = v, seed = 1 })
      for seed = 1, 30 do
        local game = dh.game(v, { seed = seed })
        while game:next_player() do
          local t = game:next_player()
          local view = game:view(t)
          for k, list in pairs(C8.inferences(view)) do
            for _, c in ipairs(list) do
              local n = 0
              for card in game.s.hands[k]:iter() do if breaks(c, code(tostring(card))) then n = n + 1 end end
              assert.is_true(n <= c.allow, ("seed %d seat %d: %d cards break %d%s"):format(seed, k, n, c.suit, c.rank))
              found = found + 1
            end
          end
          assert(game:apply(t, h.move(view)))
        end
      end
    end
    assert.is_true(found > 1000, found)
  end)

  it("heuristic deal: every world keeps each seat's constraints, the free cards spread over them", function()
    local C8 = dofile("strategies/heuristic/crazy8.lua")
    local hidden = {}
    for _, t in ipairs { "2c", "3c", "4c", "5d", "6d", "7h", "8s", "9h", "Ts", "Jh", "Qs", "Kc" } do
      hidden[#hidden + 1] = code(t)
    end
    -- seat 2 (3 cards): no diamond, no 7, no eight; seat 3 (3 cards): at
    -- most one club; seat 1 is the one dealing (2 cards, not dealt)
    local cons = { {}, { { suit = 1, rank = 7, eights = true, allow = 0 } },
                   { { suit = 0, rank = 0, eights = false, allow = 1 } } }
    local rng, seen = dh.rng(9), {}
    for _ = 1, 400 do
      local hands, stock = C8.deal(hidden, { 2, 3, 3 }, cons, rng, 1)
      assert.is_nil(hands[1])
      assert.are.equal(3, #hands[2]); assert.are.equal(3, #hands[3]); assert.are.equal(6, #stock)
      local all = {}
      for _, x in ipairs(hands[2]) do
        assert.is_false(breaks(cons[2][1], x), x)
        seen[x], all[x] = true, true
      end
      local clubs = 0
      for _, x in ipairs(hands[3]) do if x // 16 == 0 then clubs = clubs + 1 end; all[x] = true end
      assert.is_true(clubs <= 1)
      for _, x in ipairs(stock) do all[x] = true end
      local n = 0
      for _ in pairs(all) do n = n + 1 end
      assert.are.equal(12, n)   -- every hidden card once
    end
    -- seat 2 gets each card it may hold, now and then
    for _, t in ipairs { "2c", "3c", "4c", "9h", "Ts", "Jh", "Qs", "Kc" } do assert.is_true(seen[code(t)], t) end
    -- constraints no deal can keep give way rather than fail
    local hands, stock = C8.deal({ code "2c", code "3c", code "8s" }, { 0, 2 },
                                 { {}, { { suit = 0, rank = 0, eights = true, allow = 0 } } }, dh.rng(1), 1)
    assert.are.equal(2, #hands[2]); assert.are.equal(1, #stock)
  end)
end)
