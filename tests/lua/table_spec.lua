-- table_spec.lua: the table a view describes (deckhand/table.lua).
--
-- A fair table: for every shipped game and the games of examples/games/,
-- at random points of random matches, the seat to act (and the next seat)
-- describes the same table in the game and in a world sampled from its
-- view (a world that differs only in what the seat may not see): nothing
-- in the description comes from a hidden card.  Then what each game's
-- table must show, from the rules' own texts: Bridge's dummy across the
-- table, played by the declarer; Blackjack's dealer and totals; Skat's
-- game named; Gin's opponent count; Hearts' pass direction and the cards
-- received; Spades' Nil named; Cribbage's crib and count; Hold'em's board,
-- pot and bet field; a user's game described with no hook.
local dh = require "deckhand"
local json = require "deckhand.json".encode
local tbl = require "deckhand.table"

local root = os.getenv("DECKHAND_ROOT") or "."

local GAMES = {
  { "spades", { max_hands = 2 } }, { "hearts", { max_hands = 2 } }, { "ohhell", { max_size = 3 } },
  { "briscola", {} }, { "whist", { max_hands = 2 } }, { "euchre", { max_hands = 4 } },
  { "bridge", { boards = 2 } }, { "skat", { deals = 2 } }, { "pinochle", { max_hands = 2 } },
  { "crazy8", { max_hands = 2 } }, { "gin", { max_hands = 2 } }, { "scopa", { max_hands = 1 } },
  { "blackjack", { players = 3, max_hands = 4 } }, { "holdem", { seats = 3, max_hands = 3 } },
  { "omaha", { seats = 2, max_hands = 3 } },
  { root .. "/examples/games/cribbage.lua", {} }, { root .. "/examples/games/gofish.lua", {} },
  { root .. "/examples/games/sheepshead.lua", {} },
  { root .. "/examples/games/knockout.lua", {} }, { root .. "/examples/games/president.lua", { max_hands = 2 } },
}

-- plays a match with random moves, calling f(game) before each move
local function walk(variant, seed, f, most)
  local g = dh.game(variant, { seed = seed })
  local rng = dh.rng(seed)
  local n = 0
  while g:next_player() and n < (most or 400) do
    f(g, rng)
    local seat = g:next_player()
    assert(g:apply(seat, rng:pick(g:moves())))
    n = n + 1
  end
  return g
end

describe("the table a view describes", function()
  for _, case in ipairs(GAMES) do
    local name, options = case[1], case[2]
    it(("is the same in worlds its seat cannot tell apart: %s"):format(name:match("[^/]+$")), function()
      local variant = dh.variant(name, options)
      local worlds = 0
      for seed = 1, 3 do
        walk(variant, seed, function(g, rng)
          if rng:int(4) ~= 1 then return end
          local seat = g:next_player()
          for _, s in ipairs { seat, seat % g:seats() + 1 } do
            local view = g:view(s)
            local ok, world = pcall(view.sample, view, rng)
            if ok and world then
              local mine = json(tbl.of(view, variant))
              assert.are.equal(mine, json(tbl.of(world:view(s), variant)), ("seat %d's table differs"):format(s))
              worlds = worlds + 1
            else
              assert.are_not.equal(seat, s, "no world sampled for the seat to act: " .. tostring(world))
            end
          end
        end, 300)
      end
      assert.is_true(worlds >= 5, "only " .. worlds .. " worlds compared")
    end)
  end

  -- the first game state where f(game) holds, from a walk with this seed
  local function find(variant, seed, f)
    local found
    walk(variant, seed, function(g)
      if not found and f(g) then found = g:clone() end
    end, 2000)
    assert(found, "no such state")
    return found
  end

  it("puts Bridge's dummy across the table and lets the declarer play it", function()
    local v = dh.variant("bridge", { boards = 1, contract = "3NT", declarer = "S" })
    -- South (3) declares: North (1) is the dummy, shown after the opening lead
    local g = find(v, 1, function(g) return g:phase() == "play" and g:view(3):data().turn == 1 end)
    local t = tbl.of(g:view(3), v)
    assert.are.equal(3, t.turn)               -- the declarer moves
    assert.are.equal(1, t.moves.hand)         -- ... from the dummy's hand
    assert.are.equal("dummy", t.players[1].label)
    assert.are.equal("North", t.players[1].name)
    assert.are.equal(#t.players[1].cards, t.players[1].count)
    for c in pairs(t.moves.cards) do
      local found = false
      for _, d in ipairs(t.players[1].cards) do found = found or d == c end
      assert.is_true(found, c .. " is not a card of the dummy")
    end
    assert.matches("contract 3NT by South", t.status[1], 1, true)
    -- a defender sees the dummy too, and plays from its own hand
    local east = tbl.of(g:view(2), v)
    assert.are.equal(13, #east.players[1].cards + (13 - east.players[1].count))
    assert.are.same({}, east.moves.cards)
  end)

  it("offers Bridge's calls as buttons, never as cards ('3H' is a call)", function()
    local v = dh.variant("bridge", { boards = 1 })
    local g = dh.game(v, { seed = 1 })
    local t = tbl.of(g:view(g:next_player()), v)
    assert.are.same({}, t.moves.cards)
    local buttons = table.concat(t.moves.buttons, " ")
    assert.matches("pass 1C 1D 1H 1S 1NT", buttons, 1, true)
    assert.matches(" 3H ", buttons, 1, true)
    assert.are.equal(36, #t.moves.buttons)   -- pass and the 35 bids
  end)

  it("shows Blackjack's dealer up card, every seat's hands and their totals", function()
    local v = dh.variant("blackjack", { players = 2 })
    local g = dh.game(v, { seed = 4 })
    local t = tbl.of(g:view(1), v)
    local dealer = t.piles[1]
    assert.are.equal("dealer", dealer.name)
    assert.are.equal(1, #dealer.cards)      -- the up card; the hole card face down
    assert.are.equal(2, dealer.count)
    for s = 1, 2 do
      local cards = t.players[s].groups[1].cards
      assert.are.equal(2, #cards)
      -- the total by the rules' counts: pips, faces 10, an ace 11 unless that busts (soft)
      local sum, aces = 0, 0
      for _, c in ipairs(cards) do
        local r = c:sub(1, 1)
        local n = r == "A" and 11 or (r:match("[TJQK]") and 10) or tonumber(r)
        sum, aces = sum + n, aces + (r == "A" and 1 or 0)
      end
      local want = (sum == 21 and "blackjack") or (sum > 21 and aces > 0 and tostring(sum - 10))
                   or (aces > 0 and "soft " .. sum) or tostring(sum)
      assert.are.equal(want, t.players[s].groups[1].label)
    end
    assert.are.same({ "stand", "hit", "double" }, { table.unpack(t.moves.buttons, 1, 3) })
  end)

  it("names Skat's bidding and the game, with the skat on the table", function()
    local v = dh.variant("skat", { deals = 1 })
    local g = dh.game(v, { seed = 2 })
    local t = tbl.of(g:view(g:next_player()), v)
    assert.matches("^bidding", t.status[1])
    local skat
    for _, p in ipairs(t.piles) do if p.name == "skat" then skat = p end end
    assert.are.equal(2, skat.count)
    -- the bids as one list (18 ... 264), pass as a button
    assert.are.equal("18", t.moves.choices[1].moves[1])
    assert.are.same({ "pass" }, t.moves.buttons)
    -- a declarer names clubs: every seat reads it
    g = find(v, 2, function(x) return x:phase() == "declare" end)
    local d = g:next_player()
    local hand = false
    for _, m in ipairs(g:moves()) do if tostring(m) == "clubs" then hand = true end end
    assert(g:apply(d, hand and "clubs" or "clubs hand"))
    for s = 1, 3 do assert.matches(("seat %d plays clubs"):format(d), tbl.of(g:view(s), v).status[1], 1, true) end
  end)

  it("shows Skat's declarer the two cards taken from the skat, then the two laid away", function()
    local v = dh.variant("skat", { deals = 1 })
    local g, seed
    for k = 1, 30 do   -- random play: a deal where the declarer takes up the skat
      pcall(function() g, seed = find(v, k, function(x) return x:phase() == "discard" end), k end)
      if g then break end
    end
    local d = g:next_player()
    local function group(t, seat, label)
      for _, x in ipairs(t.players[seat].groups) do if x.label == label then return x.cards end end
    end
    -- the deal's skat (the talon before anyone took it), as the rules deal it
    local skat_cards = dh.game(v, { seed = seed }):locations().talon
    local taken = group(tbl.of(g:view(d), v), d, "from the skat")
    assert.are.equal(tostring(skat_cards), tostring(dh.cards(table.concat(taken, " "))))
    for s = 1, 3 do
      if s ~= d then assert.is_nil(group(tbl.of(g:view(s), v), s, "from the skat")) end
    end
    -- two cards laid away: on the declarer's table, on no one else's
    local away = g:moves()[1]
    assert(g:apply(d, away))
    local laid
    for _, p in ipairs(tbl.of(g:view(d), v).piles) do if p.name == "laid away" then laid = p.cards end end
    assert.are.equal(2, #laid)
    for s = 1, 3 do
      if s ~= d then
        for _, p in ipairs(tbl.of(g:view(s), v).piles) do assert.are_not.equal("laid away", p.name) end
      end
    end
  end)

  it("shows Sheepshead's trick in progress as who played what", function()
    local v = dh.variant(root .. "/examples/games/sheepshead.lua")
    local g = find(v, 1, function(x) return #(x:view(1):data().trick or {}) == 2 end)
    local d = g:view(1):data()
    local t = tbl.of(g:view(1), v)
    assert.are.equal(2, #t.trick)
    for i = 1, 2 do
      assert.are.same({ seat = d.trick_seats[i], card = tostring(d.trick[i]) }, t.trick[i])
    end
    -- the two who played are the two seats before the one to act, in order
    local n = g:next_player()
    assert.are.same({ (n - 3) % 5 + 1, (n - 2) % 5 + 1 }, { t.trick[1].seat, t.trick[2].seat })
  end)

  it("gives Gin's opponent count and the discard pile's top", function()
    local v = dh.variant("gin")
    local g = dh.game(v, { seed = 1 })
    local t = tbl.of(g:view(1), v)
    assert.are.equal(10, t.players[2].count)
    local pile
    for _, p in ipairs(t.piles) do if p.name == "discard pile" then pile = p end end
    assert.are.equal(1, #pile.cards)
  end)

  it("shows Gin's knock: both hands' melds, the layoffs, the deadwood", function()
    local v = dh.variant("gin", { max_hands = 3 })
    local g = dh.game(v, { seed = 3 })
    local n = 0
    -- the rules' own quick choice (which knocks when it may) until a hand ends
    while g:hand_number() == 1 and g:next_player() and n < 2000 do
      local seat = g:next_player()
      assert(g:apply(seat, g:view(seat):greedy()))
      n = n + 1
    end
    local last = g:view(1):data().results[1]
    assert.is_truthy(last.knocker, "the first hand was void")
    local t = tbl.of(g:view(1), v)
    assert.matches(("^last hand: seat %d "):format(last.knocker), t.status[1])
    for s = 1, 2 do
      local labels = {}
      for _, x in ipairs(t.players[s].groups) do labels[#labels + 1] = x.label end
      assert.matches("meld 1", table.concat(labels, " "), 1, true)
      assert.matches("deadwood %d+", table.concat(t.players[s].notes, " "))
    end
    -- the non-dealer takes the upcard and discards: the dealer, whose first
    -- turn of the new hand this is, still sees the knock
    local nd = g:next_player()
    assert(g:apply(nd, "take"))
    assert(g:apply(nd, g:moves()[1]))
    local dealer = g:next_player()
    assert.are_not.equal(nd, dealer)
    assert.matches("^last hand: ", tbl.of(g:view(dealer), v).status[1])
    -- and once a card is drawn from the stock, the new hand's table is its own
    assert(g:apply(dealer, "draw"))
    assert.is_nil((tbl.of(g:view(dealer), v).status[1] or ""):match("^last hand"))
  end)

  it("says which way Hearts' pass goes, then the cards passed and received", function()
    local v = dh.variant("hearts", { max_hands = 1 })
    local g = dh.game(v, { seed = 1 })
    local me = g:next_player()
    local t = tbl.of(g:view(me), v)
    -- the first hand passes to the left: the next seat in play
    assert.are.equal(("pass three cards left, to seat %d"):format(me % 4 + 1), t.status[1])
    assert.are.same({ 3 }, t.moves.select.counts)
    assert.are.equal("pass", t.moves.select.word)
    for _ = 1, 4 do assert(g:apply(g:next_player(), g:moves()[1])) end
    t = tbl.of(g:view(me), v)
    local groups = {}
    for _, x in ipairs(t.players[me].groups) do groups[x.label] = x.cards end
    assert.are.equal(3, #groups.received)
    assert.are.equal(3, #groups[("passed to seat %d"):format(me % 4 + 1)])
  end)

  it("shows Euchre's turned card and who sits out", function()
    local v = dh.variant("euchre", { max_hands = 12 })
    local g = dh.game(v, { seed = 1 })
    local t = tbl.of(g:view(1), v)
    assert.are.equal("turned", t.piles[1].name)
    assert.are.equal(g:view(1):data().upcard, t.piles[1].cards[1])
    -- a maker going alone: the partner sits out, and every seat reads it
    local found = false
    for seed = 1, 20 do
      local ok = pcall(function()
        g = find(v, seed, function(x) return x:view(1):data().sitting_out ~= nil end)
      end)
      if ok then found = true; break end
    end
    assert.is_true(found, "no lone hand in 20 matches")
    local out = g:view(1):data().sitting_out[1]
    for s = 1, 4 do
      local p = tbl.of(g:view(s), v).players[out]
      assert.is_true(p.out)
      assert.matches("sits out", table.concat(p.notes, " "), 1, true)
    end
  end)

  it("names a Nil bid in Spades", function()
    local v = dh.variant("spades")
    local g = dh.game(v, { seed = 1 })
    assert(g:apply(g:next_player(), "nil"))
    local t = tbl.of(g:view(1), v)
    local notes = table.concat(t.players[g:dealer() % 4 + 1].notes, ", ")
    assert.matches("bid nil", notes, 1, true)
  end)

  it("shows Cribbage's crib and the pegging count", function()
    local v = dh.variant(root .. "/examples/games/cribbage.lua")
    local g = find(v, 1, function(x) return x:phase() == "play" end)
    local t = tbl.of(g:view(g:next_player()), v)
    local names = {}
    for _, p in ipairs(t.piles) do names[#names + 1] = p.name .. ":" .. tostring(p.count) end
    local all = table.concat(names, " ")
    assert.matches("crib %(seat %d's%):4", all)
    assert.matches("pegging, count %d+", all)
  end)

  it("shows Hold'em's board, pot and the bet as a field", function()
    local v = dh.variant("holdem", { seats = 2 })
    local g = dh.game(v, { seed = 1 })
    local t = tbl.of(g:view(g:next_player()), v)
    local board
    for _, p in ipairs(t.piles) do if p.name == "board" then board = p end end
    assert.are.equal(5, board.slots)
    assert.matches("pot %d+", table.concat(t.status, " "))
    assert.is_true(#t.moves.amounts >= 1)
    assert.is_true(t.moves.amounts[1].min <= t.moves.amounts[1].max)
    assert.matches("stack %d+", table.concat(t.players[1].notes, " "))
  end)

  it("describes a user's game with no hook from its view's fields", function()
    local v = dh.variant(root .. "/examples/games/gofish.lua")
    assert.is_nil(v.table_hook)
    local g = dh.game(v, { seed = 1 })
    local seat = g:next_player()
    local t = tbl.of(g:view(seat), v)
    assert.are.equal(seat, t.turn)
    assert.is_true(#t.hand > 0)
    for s = 1, 4 do assert.is_number(t.players[s].count) end
    assert.are.equal(#g:moves(), #t.moves.buttons)   -- its asks, as buttons
  end)

  it("refuses a rules file whose table is not a function", function()
    local def = dofile(root .. "/rules/whist.lua")
    def.table = 3
    local ok, err = pcall(dh.variant, def)
    assert.is_false(ok)
    assert.matches("field 'table' must be a function", err, 1, true)
  end)
end)

describe("the replay's tables", function()
  it("name a Nil bid as the game does, not 0", function()
    local records = require "deckhand.records"
    local replay = require "deckhand.web.replay"
    local p = io.popen("mktemp -d")
    local dir = p:read("l")
    p:close()
    local v = dh.variant("spades", { max_hands = 1 })
    local g = dh.game(v, { seed = 1 })
    local nil_seat = g:next_player()
    assert(g:apply(nil_seat, "nil"))
    records.write_new(dir .. "/nil.json", g:record(), {})
    local r = assert(replay.step(dir, "nil.json", 1, 1, 1))
    os.execute("rm -rf '" .. dir .. "'")
    assert.are.equal(0, r.views[1].bids[nil_seat])   -- the data: a bid of 0
    local notes = table.concat(r.tables[1].players[nil_seat].notes, ", ")
    assert.matches("bid nil", notes, 1, true)         -- the table: a Nil
  end)
end)
