-- What the deckhand command says when something is wrong: the option, its
-- value and what is allowed, in a line of sensible length; never the
-- library's file and line, a traceback or the user's whole input back.
package.path = "tests/lua/?.lua;" .. package.path
local F = require "file_helper"
local dh = require "deckhand"
local message = require "deckhand.message"

local root = os.getenv("DECKHAND_ROOT") or "."
local bin = "lua5.4 " .. root .. "/bin/deckhand"

local function run(args, input)
  local inf
  local cmd = bin .. " " .. args
  if input then inf = F.tmpname(); F.write(inf, input); cmd = cmd .. " < " .. inf end
  local p = io.popen(cmd .. " 2>&1")
  local out = p:read("a")
  local ok = p:close()
  if inf then os.remove(inf) end
  return out, ok
end

-- no library location, no traceback
local function clean(out)
  assert.is_nil(out:find("%.lua:%d+:"), out)
  assert.is_nil(out:lower():find("traceback", 1, true), out)
end

describe("the command's refusals", function()
  for args, want in pairs {
    ["tournament spades --games -1"] = "deckhand: bad --games '-1' (an integer of at least 1)",
    ["tournament spades --jobs -2"] = "deckhand: bad --jobs '-2' (an integer of at least 1)",
    ["tournament spades --games 2 --set pmic.worlds=4"] =
      "deckhand: bad --set pmic.worlds: no strategy 'pmic' is playing (the players: heuristic, random)",
    ["tournament spades --games 2 --set pimc.worlds=4"] =
      "deckhand: bad --set pimc.worlds: no strategy 'pimc' is playing (the players: heuristic, random)",
    ["play spades --set pmic.worlds=4"] = "deckhand: bad --set pmic.worlds: no strategy 'pmic' is playing (the bots: heuristic)",
    ["tournament hearts --games 2 --bid-with heuristic"] = "deckhand: bad --bid-with 'heuristic': hearts has no bids to make",
    ["tournament spades --games 2 --set heuristic=3"] =
      "deckhand: bad --set 'heuristic=3' (want strategy.key=value, e.g. pimc.worlds=40)",
    ["tournament spades --games 2 --option target=abc"] = "deckhand: spades: option 'target' must be a number, got 'abc'",
    ["tournament spades --games 2 --set random.x=1"] =
      "deckhand: tournament: strategy 'random' could not start: random: unknown option 'x' (it takes none)",
    ["tournament spades --games 2 --players pimc --set pimc.worlds=abc"] =
      "deckhand: tournament: strategy 'pimc' could not start: pimc: option 'worlds' must be an integer of at least 1, got 'abc'",
  } do
    it("says " .. want, function()
      local out, ok = run(args)
      assert.is_falsy(ok, args)
      assert.equals(want .. "\n", out)
      clean(out)
    end)
  end

  it("never sends a client's whole input back", function()
    -- seat 2 bids first: the lines, read at once, reach its turn (a move
    -- for a seat not to move would be refused as out of turn, unquoted)
    local input = "move 2 " .. ("x"):rep(5000000) .. "\nmove " .. ("y"):rep(2000000) .. " 2c\nquit\n"
    local out = run("serve spades --seed 1 --clients 2", input)
    local rejects = 0
    for line in out:gmatch("[^\n]+") do
      assert.is_true(#line <= 300, ("a line of %d bytes"):format(#line))
      if line:match("^REJECT") then rejects = rejects + 1 end
    end
    assert.equals(2, rejects)
    assert.matches("REJECT bad_move: not a move: 'x+%.%.%.' %(5000000 characters%)", out)
    -- deckhand play likewise
    out = run("play spades --seed 1 --color never", ("z"):rep(3000000) .. "\n")
    assert.is_true(#out < 4000, #out)
    assert.matches("(3000000 characters)", out, 1, true)
  end)
end)

describe("deckhand play", function()
  it("says which cards a pass brought, and shows the hand in display order", function()
    local g = dh.game("hearts", { seed = 3 })
    local hand = g:view(1):hand(1)
    local give = hand:list()
    local pass = ("pass %s %s %s"):format(tostring(give[1]), tostring(give[2]), tostring(give[3]))
    local out = run("play hearts --seed 3 --color never", pass .. "\n")
    -- the first hand shown is display()'s order, grouped by suit
    local first = assert(out:match("\nhand  ([^\n]+)"))
    assert.equals(hand:display(), (first:gsub("%(%* legal%)", ""):gsub("[%s%*]+", " "):gsub("^ ", ""):gsub(" $", "")))
    -- after the pass: the cards it brought are named, and are what the hand gained
    local got = assert(out:match("you received ([^\n]+)"), out)
    local after = out:match("\nhand  [^\n]+.-\nhand  ([^\n]+)")
    local now = dh.cards((after:gsub("%(%* legal%)", ""):gsub("%*", " ")))
    local kept = hand - dh.cards(pass:sub(6))
    assert.equals(3, #dh.cards(got))
    assert.equals((now - kept):display(), dh.cards(got):display())
  end)
end)

describe("deckhand.message", function()
  it("makes any error one short line in the user's terms", function()
    local chain = ("variant: reentrant: hand rule: "):rep(150) .. "boom"   -- over 4 KB
    assert.equals("variant: reentrant: hand rule: boom", message.for_user(chain))
    assert.equals("bad argument #1 to 'x' (table expected, got number)", message.for_user(
      "/usr/share/lua/5.4/deckhand/tournament.lua:186: bad argument #1 to 'x' (table expected, got number)\n"
      .. "stack traceback:\n\t[C]: in ?"))
    local cut = message.for_user("not a move: '" .. ("é"):rep(50) .. "'", 300)
    assert.matches("^not a move: '[é]+%.%.%.' %(50 characters%)$", cut)
    assert.is_true(utf8.len(cut) ~= nil)   -- not cut inside a character
    local long = message.for_user(("word "):rep(2000))
    assert.is_true(#long < 340)
    -- the user's own game file keeps its place; the library's is cut
    local err = "/usr/share/lua/5.4/deckhand/game.lua:9: mygame.lua:85: sit_out: refused"
    assert.equals("mygame.lua:85: sit_out: refused", message.for_user(err, 300, "mygame.lua"))
    assert.equals("sit_out: refused", message.for_user(err, 300))
    -- a file of ./strategies that deckhand ships is the library's; one it
    -- does not ship is the user's own bot
    assert.is_false(message.users("./strategies/pimc.lua"))
    assert.is_true(message.users("./strategies/no_such_shipped_bot.lua"))
    assert.is_false(message.users("/usr/share/lua/5.4/deckhand/run.lua"))
  end)

  -- the library's own errors name a bad input of a megabyte by its first
  -- 40 bytes and its length, quoted as message.quote does, so that the
  -- message layer leaves them as they are (a range's error had said 57
  -- characters for a text of 45,000, once cut twice)
  it("quotes a long bad input by its start and its length, once", function()
    local big = ("x"):rep(1000000)
    local calls = {
      card = function() return dh.card(big) end,
      cards = function() return dh.cards("As " .. big) end,
      order = function() return dh.order(big) end,
      pattern = function() return dh.poker.pattern(big) end,
      deck = function() return dh.deck(big) end,
      board = function() return dh.poker.equity { players = { "AA", "KK" }, board = big } end,
      range = function() return dh.poker.range(("AA,"):rep(100) .. big) end,
      range_item = function() return dh.poker.range("AA," .. ("x"):rep(60000)) end,
    }
    for name, f in pairs(calls) do
      local ok, err = pcall(f)
      assert.is_false(ok, name)
      assert.is_true(#err < 400, name .. ": " .. #err .. " bytes")
      assert.matches("'" .. ("[xA,]"):rep(40) .. "%.%.%.' %(%d+ characters%)", err, 1, false, name)
      assert.are.equal(message.quoted(err), err, name)
    end
  end)

  -- a bot in the user's own folder (DECKHAND_PATH) keeps its file and line
  -- in what the command says: a syntax error, an error in new(), a raise
  -- mid-game (all three used to lose the place, the first its file too)
  it("keeps the place in the user's own bot", function()
    local dir = F.tmpname(); os.remove(dir); assert(os.execute("mkdir -p " .. dir .. "/strategies"))
    F.write(dir .. "/strategies/unclosed.lua", "return { play = function(view) return 1 end\n")
    F.write(dir .. "/strategies/badnew.lua", 'return { new = function(o) error("no good") end }\n')
    F.write(dir .. "/strategies/oops.lua", "return { play = function(view) local t = nil; return t.x end }\n")
    local function against_random(bot)
      local p = io.popen(("DECKHAND_PATH=%s %s tournament briscola --players %s,random --games 1 --quiet 2>&1")
        :format(dir, bin, bot))
      local out = p:read("a")
      p:close()
      return out
    end
    assert.matches(dir .. "/strategies/unclosed.lua:2: '}' expected", against_random("unclosed"), 1, true)
    assert.matches("could not start: " .. dir .. "/strategies/badnew.lua:1: no good", against_random("badnew"), 1, true)
    assert.matches("raised: " .. dir .. "/strategies/oops.lua:1: attempt to index a nil value",
                   against_random("oops"), 1, true)
    os.execute("rm -rf " .. dir)
  end)

  -- a game file named by its path lost its file and line: a syntax error
  -- in it said only "unexpected symbol near <eof>"
  it("keeps the place in the game file the user names", function()
    local dir = F.tmpname(); os.remove(dir); assert(os.execute("mkdir -p " .. dir))
    F.write(dir .. "/broken.lua", "return {\n  name = 'broken',\n")
    for _, args in ipairs { "tournament broken.lua --games 1 --quiet", "play broken.lua", "serve broken.lua",
                            "check broken.lua" } do
      local p = io.popen(("cd %s && %s %s < /dev/null 2>&1"):format(dir, bin, args))
      local out = p:read("a")
      p:close()
      -- (check says "broken.lua, line 3: ..." of the file it checks)
      assert.is_truthy(out:find("broken.lua:3: unexpected symbol near <eof>", 1, true)
                       or out:find("broken.lua, line 3: unexpected symbol near <eof>", 1, true), args .. ": " .. out)
    end
    os.execute("rm -rf " .. dir)
  end)

  -- a game file that raised as it loaded was named twice:
  -- "raises.lua: raises.lua:1: boom"; one that raised a table showed its address
  it("names a game file that raises as it loads once, with its line", function()
    local dir = F.tmpname(); os.remove(dir); assert(os.execute("mkdir -p " .. dir))
    F.write(dir .. "/raises.lua", "local x = 1\nerror('boom')\n")
    F.write(dir .. "/raises_table.lua", "error({})\n")
    for file, want in pairs { ["raises.lua"] = "deckhand: raises.lua:2: boom\n",
                              ["raises_table.lua"] = "deckhand: raises_table.lua: it raised a table, not a message\n" } do
      local p = io.popen(("cd %s && %s tournament %s --games 1 --quiet 2>&1"):format(dir, bin, file))
      local out = p:read("a")
      p:close()
      assert.equals(want, out)
    end
    os.execute("rm -rf " .. dir)
  end)

  it("names the line of a phase script whose op the engine refuses, and why", function()
    local dir = os.tmpname(); os.remove(dir); assert(os.execute("mkdir -p " .. dir))
    local path = dir .. "/allout.lua"
    local f = assert(io.open(path, "w"))
    f:write([[
local out = {
  name = "out",
  moves = function() return { "go" } end,
  apply = function(g, seat, text)
    for k = 1, g:seats() do g:sit_out(k) end
  end,
}
local R = require("deckhand").rule
return { name = "allout", build = function()
  return { seats = 4, deck = "french52", sizes = { 5 }, phases = { out }, hand = R.follow_suit,
           play = R.highest_of_led, points = R.tricks, win = R.first_to(5) }
end }
]])
    f:close()
    local g = dh.game(dh.variant(path), { seed = 1 })
    local ok, e = pcall(g.apply, g, g:next_player(), g:moves()[1])
    assert.is_false(ok)
    assert.matches(path .. ":5: sit_out: refused: seat 3 cannot sit out, at least two seats must play (bad_op)",
                   tostring(e), 1, true)
    local p = io.popen(("cd %s && %s tournament allout.lua --players random,random --games 1 2>&1"):format(dir, bin))
    local text = p:read("a"); p:close()
    assert.matches("variant error in allout.lua, deal 1, rotation 1: allout.lua:5: sit_out: refused: seat 3 cannot sit out",
                   text, 1, true)
    os.remove(path); os.remove(dir)
  end)

  -- a strategy named by its path pushed its row's figures out of their columns
  it("lines up the results' columns under a long strategy name", function()
    local row = { score = 1.5, score_ci = 0.5, win = 0.5, win_ci = 0.1, forfeits = 0 }
    local res = { deals = 2, unit = "points", players = {}, forfeits = {}, errors = {} }
    for k, name in ipairs { "strategies/a_long_bot_name.lua", "random" } do
      res.players[k] = setmetatable({ name = name }, { __index = row })
    end
    local text = require "deckhand.results".format(res, { variant = "spades", duplicate = true })
    local lines = {}
    for line in text:gmatch("[^\n]+") do lines[#lines + 1] = line end
    assert.equals(#lines[2], #lines[3], text)   -- the heading and each row end together
    assert.equals(#lines[2], #lines[4], text)
  end)

  it("cuts a forfeit's move and reason in a tournament's report", function()
    local res = { deals = 2, unit = "points", players = {}, errors = { { deal = 1, rotation = 1, reason = ("r: "):rep(3000) .. "x" } },
                  forfeits = { { strategy = "a", seat = 1, move = ("m"):rep(100000), deal = 2, seed = 3,
                                 reason = ("why "):rep(10000) } } }
    local text = require "deckhand.results".format(res, { variant = "spades", duplicate = true })
    for line in text:gmatch("[^\n]+") do assert.is_true(#line < 400, #line) end
  end)
end)
