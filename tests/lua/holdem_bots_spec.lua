-- holdem_bots_spec.lua: the Hold'em bots, the strategies' act functions
-- (strategies/heuristic/holdem.lua and pimc/holdem.lua, which heuristic
-- and pimc choose for Hold'em), and random's move among the moves offered.
local dh = require "deckhand"

-- each bot as a function of the view, made as a tournament makes it
local bots = {}
function bots.heuristic(opts)
  opts.variant = "holdem"
  return dh.strategy("heuristic", opts).act
end
function bots.pimc(opts)
  opts.variant = "holdem"
  return dh.strategy("pimc", opts).act
end
function bots.random(seed) return dh.strategy("random", { variant = "holdem", seed = seed }).script end
bots.chen = dh.strategy("heuristic", { variant = "holdem" }).chen

package.path = "tests/lua/?.lua;" .. package.path
local H = require "holdem_helper"
local sum, find = H.sum, H.move
local function game(opts) return H.game("holdem", opts) end

-- is (action, amount) one of the legal moves, with an amount in range?
local function legal_move(moves, action, amount)
  if dh.is_move(action) then action, amount = action.kind, action.amount end
  local m = find(moves, action)
  if not m then return false end
  if m.min then return math.type(amount) == "integer" and amount >= m.min and amount <= m.max end
  return amount == nil
end

local function play(g, script)
  for i, a in ipairs(script) do
    local ok, msg, code = g:act(a[1], a[2], a[3])
    assert(ok, ("step %d (%s %s): %s %s"):format(i, a[1], a[2], tostring(code), tostring(msg)))
  end
end

-- a file holding `text`, opened for reading
local function input(text)
  local f = io.tmpfile()
  f:write(text)
  f:seek("set")
  return f
end

describe("Hold'em bots", function()
  it("score hole cards by the Chen formula", function()
    -- worked by hand: AA 10*2; KK 8*2; AKs 10+2; AKo 10; JTs 6+2+1;
    -- T9o 5+1; 72o 3.5-5 = -1.5, rounded up to -1; 22 1*2 -> at least 5;
    -- Q9s 7+2-2 = 7 (a gap of two ranks); 53s 2.5+2-1+1 = 4.5 -> 5
    local cases = { AsAd = 20, KhKc = 16, AsKs = 12, AsKd = 10, JsTs = 9, Th9c = 6, ["7c2d"] = -1,
                    ["2c2d"] = 5, Qh9h = 7, ["5d3d"] = 5 }
    for cards, want in pairs(cases) do
      assert.are.equal(want, bots.chen(cards:sub(1, 2), cards:sub(3, 4)), cards)
    end
  end)

  it("always choose legal moves, over thousands of random states, and chips are kept", function()
    local rng = dh.rng(31)
    local heur = bots.heuristic { seed = 2 }
    local pimc = bots.pimc { seed = 3, worlds = 3, preflop_worlds = 3 }
    local random = bots.random(4)
    local asked = { heuristic = 0, pimc = 0, random = 0 }
    for m = 1, 36 do
      local n = rng:int(2, 9)
      local stacks = {}
      for s = 1, n do stacks[s] = rng:int(1, 500) end
      local total = sum(stacks)
      local g = game({ seats = n, stacks = stacks, seed = m, ante = rng:int(0, 3),
        limit = m % 3 == 0 and "fixed" or "no", max_hands = 20 })
      while g:next_player() do
        local seat = g:next_player()
        local view = g:view(seat)
        local moves = g:legal()
        -- every bot is asked in every state; one of them (at random) moves
        local picks = {}
        for name, bot in pairs { heuristic = heur, random = random, pimc = pimc } do
          if name ~= "pimc" or rng:int(8) == 1 then
            local a, amt = bot(view)
            assert.is_true(legal_move(moves, a, amt),
              ("%s chose %s %s, not legal"):format(name, tostring(a), tostring(amt)))
            asked[name] = asked[name] + 1
            picks[#picks + 1] = { a, amt }
          end
        end
        local pick = picks[rng:int(#picks)]
        assert.is_true(g:act(seat, pick[1], pick[2]))
        assert.are.equal(total, sum(g:stacks()) + g:pot())
      end
      assert.are.equal(total, sum(g:stacks()))
    end
    assert.is_true(asked.heuristic >= 3000, asked.heuristic)
    assert.is_true(asked.pimc >= 300, asked.pimc)
  end)

  it("heuristic folds 72 offsuit preflop facing a big raise, plays aces on", function()
    for _, seats in ipairs { 2, 3, 6 } do
      local deal = { "AsKs" }
      deal[seats] = "7c2d"
      for s = 2, seats - 1 do deal[s] = ({ "3h4h", "5c5d", "9s8d", "TcJd" })[s - 1] end
      local g = game({ seats = seats, seed = 5, deal = deal })
      -- everyone before the last seat folds or raises, so that the last one
      -- (the big blind, or heads-up seat 2) faces a raise to 300
      local raised = false
      while g:next_player() ~= seats do
        local s = g:next_player()
        if not raised then play(g, { { s, "raise", 300 } }); raised = true
        else play(g, { { s, "fold" } }) end
      end
      local a = bots.heuristic { seed = 1 } (g:view(seats))
      assert.are.equal("fold", a, seats .. " seats")
    end
    -- aces facing the same raise do not fold
    local g = game({ seats = 2, seed = 5, deal = { "7c2d", "AhAd" } })
    play(g, { { 1, "raise", 300 } })
    assert.are_not.equal("fold", (bots.heuristic { seed = 1 } (g:view(2))))
  end)

  it("never fold the nuts: they bet when they can check, and raise or call a bet", function()
    for _, make in ipairs { function() return bots.heuristic { seed = 1 } end,
                            function() return bots.pimc { seed = 1, worlds = 16 } end } do
      -- seat 2 holds the royal flush on the river; checked to the river
      local g = game({ seats = 2, seed = 2, deal = { "2h3h", "JsTs", board = "AsKsQs7d2c" } })
      play(g, { { 1, "call" }, { 2, "check" }, { 2, "check" }, { 1, "check" }, { 2, "check" }, { 1, "check" } })
      assert.are.equal("river", g:phase())
      assert.are.equal(2, g:next_player())
      local bot = make()
      local a = bot(g:view(2))
      assert.is_true(a == "bet" or a == "allin", a)
      -- facing a bet: never a fold
      play(g, { { 2, "check" }, { 1, "bet", 100 } })
      a = bot(g:view(2))
      assert.is_true(a == "raise" or a == "allin" or a == "call", a)
      -- and facing an all-in
      local g2 = game({ seats = 3, seed = 2, deal = { "2h3h", "JsTs", "9c9d", board = "AsKsQs7d2c" } })
      -- button 1: seat 1 first before the flop (3 seats), then 2, 3
      play(g2, { { 1, "call" }, { 2, "call" }, { 3, "check" } })
      play(g2, { { 2, "check" }, { 3, "check" }, { 1, "check" } })
      play(g2, { { 2, "check" }, { 3, "check" }, { 1, "check" } })
      play(g2, { { 2, "check" }, { 3, "allin" }, { 1, "fold" } })
      a = bot(g2:view(2))
      assert.are_not.equal("fold", a)
    end
  end)

  it("see only the view: no other seat's cards, nothing that leads to the game", function()
    local g = game({ seats = 3, seed = 4, deal = { "AcAd", "KhKs", "7h8h" } })
    play(g, { { 1, "raise", 40 } })
    local view = g:view(2)
    local hidden = { Ac = true, Ad = true, ["7h"] = true, ["8h"] = true }
    local inside = {}   -- every table the game holds
    local function collect(t)
      if type(t) ~= "table" or inside[t] then return end
      inside[t] = true
      for k, v in pairs(t) do collect(k); collect(v) end
    end
    collect(g)
    local function scan(t, path)
      if getmetatable(t) ~= "deckhand.Move" then assert.is_nil(getmetatable(t), path) end
      -- (a Move, read-only, may be the game's own)
      if getmetatable(t) ~= "deckhand.Move" then assert.is_nil(inside[t], path .. " is a table of the game") end
      for k, v in pairs(t) do
        local p = path .. "." .. tostring(k)
        assert.is_true(type(k) == "string" or type(k) == "number", p)
        if type(v) == "table" then scan(v, p)
        elseif type(v) == "userdata" then   -- a Card or a CardSet: immutable, and not hidden
          for name in tostring(v):gmatch("%w%w") do assert.is_nil(hidden[name], p) end
        else
          assert.is_true(type(v) == "string" or type(v) == "number" or type(v) == "boolean", p)
          assert.is_nil(hidden[v], p)
        end
      end
    end
    -- what a view gives: its data and each field of its public table
    -- (the View's own fields are lua_game's, shared by every game written in Lua)
    local data = view:data()
    scan(data, "data")
    for k in pairs(data) do
      local v = view:get(k)
      if type(v) == "table" then scan(v, "view:get(" .. k .. ")") end
    end
    scan(view:moves(), "view:moves()")
    -- its metatable cannot be reached to change every view's methods
    assert.are.equal("string", type(getmetatable(view)))
    -- a bot that scribbles over its view's data changes nothing in the game
    local before = g:record()
    local vandal = function(v)
      local d = v:data()
      d.stacks[1], d.legal[1].action, d.hole[1] = 0, "nonsense", "As"
      d.actions[1].amount = 1
      local stacks = v:get("stacks")
      stacks[2] = 0
      return "fold"
    end
    assert.is_true(g:act(2, vandal(g:view(2))))
    assert.are.same({ 960, 995, 990 }, g:view(3):get("stacks"))
    local r = g:record()
    assert.are.equal(#before.moves + 1, #r.moves)
    assert.are.same({ 1, "raise 40" }, r.moves[1])
    -- the last hand's result in a view is a copy too
    play(g, { { 3, "fold" } })
    local v = g:view(1):get("last")
    v.paid[1] = 12345
    assert.are_not.equal(12345, g:results()[1].paid[1])
  end)

  it("the human strategy shows the table, takes typed moves, refuses illegal ones with the reason", function()
    local g = game({ seats = 2, seed = 6, deal = { "AsKd", "9c9d" } })
    local out = io.tmpfile()
    local human = dh.strategy("human", { input = input("raise\nraise 5\nbet 40\nwhat\ncall 10\n  Raise 45  \n"),
                                         output = out })
    -- as deckhand.run asks it: a refused move is told and asked again
    while true do
      local ok, msg, code = g:apply(1, human.move(g:view(1)))
      if ok then break end
      human.refused(msg, code)
    end
    assert.are.same({ 1, "raise 45" }, g:record().moves[1])
    out:seek("set")
    local text = out:read("a")
    assert.matches("your cards  As Kd", text, 1, true)
    assert.matches("fold, call 5, raise 20-1000, allin (995, to 1000)", text, 1, true)
    assert.matches("pot 15", text, 1, true)
    assert.matches("refused: raise to between 20 and 1000, got nil (bad_amount)", text, 1, true)
    assert.matches("refused: raise to between 20 and 1000, got 5 (bad_amount)", text, 1, true)
    assert.matches("refused: 'bet' is not allowed now (bad_action)", text, 1, true)
    assert.matches("refused: 'what' is not allowed now (bad_action)", text, 1, true)
    assert.matches("refused: 'call' takes no amount (bad_amount)", text, 1, true)
    -- the other words
    for line, want in pairs { ["check"] = "check", ["all in"] = "allin", ["ALLIN"] = "allin", ["raise 30"] = "raise 30" } do
      local h = dh.strategy("human", { input = input(line .. "\n"), output = io.tmpfile() })
      local again = game({ seats = 2, seed = 6, deal = { "AsKd", "9c9d" } })
      play(again, { { 1, "call" } })
      assert.is_true(again:apply(2, h.move(again:view(2))), line)
      assert.are.equal(want, again:record().moves[2][2], line)
    end
    -- end of input: an error the caller can tell apart
    local h = dh.strategy("human", { input = input(""), output = io.tmpfile() })
    local ok, err = pcall(h.move, g:view(2))
    assert.is_false(ok)
    assert.is_true(err.eof)
  end)

  it("every bot plays Hold'em through move(view), answered by its act", function()
    local v = dh.variant("holdem", { max_hands = 5 })
    for _, name in ipairs { "heuristic", "pimc" } do
      assert.is_function(dh.strategy(name, { variant = v, seed = 1 }).act, name)
    end
    local a = dh.strategy("heuristic", { variant = v, seed = 1 })
    local b = dh.strategy("pimc", { variant = v, seed = 2, worlds = 4 })
    local g = dh.play(v, { a, b }, { seed = 3 })
    assert.are.equal(2000, sum(g:view(1):get("stacks")))
    assert.are.equal(5, g:hand_number())
  end)

  it("pimc: a time budget stops the sampling, and it plays without its model too", function()
    local g = game({ seats = 3, seed = 12 })
    play(g, { { 1, "raise", 30 }, { 2, "call" }, { 3, "call" } })   -- to the flop
    local v = g:view(g:next_player())
    for _, opts in ipairs { { worlds = 100000, time = 0 }, { worlds = 5, model = false },
                            { worlds = 5, sizes = { 0.33, 2, 5 }, caution = 0 } } do
      opts.seed = 1
      local a, amt = bots.pimc(opts)(v)
      assert.is_true(legal_move(v:get("legal"), a, amt), a)
    end
  end)

  it("are reproducible from their seeds", function()
    local function run()
      local g = dh.play(dh.variant("holdem", { seats = 3, max_hands = 6 }),
        { { act = bots.heuristic { seed = 1 } }, { act = bots.pimc { seed = 2, worlds = 6 } },
          { script = bots.random(3) } }, { seed = 9 })
      return g:record()
    end
    assert.are.same(run(), run())
  end)
end)
