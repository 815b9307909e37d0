-- The deckhand command's serve, play and replay, run as a user runs them.
local dh = require "deckhand"
local json = require "deckhand.json"

package.path = "tests/lua/?.lua;" .. package.path
local F = require "file_helper"
local tmpname, write = F.tmpname, F.write
local H = require "tournament_helper"   -- quick settings, serve over a fifo
local run, with, serve, bin = H.run, H.with, H.serve, H.bin

describe("deckhand serve", function()
  it("shows a client no other seat's passed cards and no seed", function()
    local p, send, stop = serve("hearts --clients 1 --seed 7")
    assert.are.equal("READY hearts seats 4", p:read("l"))
    local passes = 0
    while true do
      local line = assert(p:read("l"))
      if line:match("^EVENT turn 1") then break end
      if line:match("^EVENT move %d pass") then
        assert.matches("^EVENT move %d pass$", line)   -- the texts of the others' passes: no cards
        passes = passes + 1
      end
    end
    assert.are.equal(3, passes)
    stop()
  end)

  it("plays a whole game with a scripted client", function()
    local p, send, stop = serve("spades --seed 5 --option max_hands=1 --clients 1,3")
    local json = require "dkjson"
    local accepted, rejected, events, over = 0, 0, 0, false
    local line = p:read("l")
    assert.matches("^READY spades", line)
    local steps = 0
    while not over and steps < 500 do
      steps = steps + 1
      line = p:read("l")
      assert.is_not_nil(line)
      if line:match("^EVENT over") then over = true
      elseif line:match("^EVENT turn") then
        local seat, phase = line:match("^EVENT turn (%d) (%a+)")
        send("view " .. seat)
        local v = json.decode(p:read("l"))
        assert.are.equal(tonumber(seat), v.seat)
        send("view 2")                        -- a seat the client does not play
        assert.matches("^REJECT not_your_seat", p:read("l"))
        if phase == "bid" then
          send("bid " .. seat .. " 99")       -- the older command still works
          assert.matches("^REJECT bad_bid", p:read("l"))
          rejected = rejected + 1
          send("move " .. seat .. " " .. v.moves[2])
        else
          if #v.moves < #v.hand then   -- a card in hand that is not legal now
            local legal = {}
            for _, c in ipairs(v.moves) do legal[c] = true end
            for _, c in ipairs(v.hand) do
              if not legal[c] then
                send("play_card " .. seat .. " " .. c)
                assert.matches("^REJECT %a+", p:read("l"))
                rejected = rejected + 1
                break
              end
            end
          end
          send("move " .. seat .. " " .. v.moves[1])
        end
        assert.are.equal("ACCEPT", p:read("l"))
        accepted = accepted + 1
      elseif line:match("^EVENT move [24] ") then events = events + 1
      else assert.matches("^EVENT hand 1 %-?%d+ %-?%d+ %-?%d+ %-?%d+$", line) end
    end
    stop()
    assert.is_true(over)
    assert.are.equal(28, accepted)   -- 2 bids and 26 cards for seats 1 and 3
    assert.is_true(rejected >= 2)
    assert.are.equal(28, events)     -- and as many for the bots at seats 2 and 4
  end)
end)

describe("deckhand serve holdem", function()
  it("plays a match with a scripted client, chips conserved at every hand", function()
    local p, send, stop = serve("holdem --seed 9 --bots random --option max_hands=6")
    local json = require "dkjson"
    local function total(s) local t = 0 for x in s:gmatch("%-?%d+") do t = t + tonumber(x) end return t end
    assert.matches("^READY holdem seats 2", p:read("l"))
    local accepted, rejected, hands, over, steps = 0, 0, 0, false, 0
    while not over and steps < 2000 do
      steps = steps + 1
      local line = assert(p:read("l"))
      if line:match("^EVENT over") then
        over = true
        assert.are.equal(0, total(line:match("^EVENT over (.*)")))   -- chips won and lost
      elseif line:match("^EVENT hand") then
        hands = hands + 1
        assert.are.equal(0, total(line:match("^EVENT hand %d+ (.*)")))
      elseif line:match("^EVENT turn") then
        assert.matches("^EVENT turn 1 %a+$", line)
        send("view 1")
        local v = json.decode(p:read("l"))
        assert.are.equal(1, v.next_player)
        assert.are.equal(2, #v.hole)
        send("view 2")
        assert.matches("^REJECT not_your_seat", p:read("l"))
        send("act 2 fold")                    -- not the client's seat
        assert.matches("^REJECT not_your_seat", p:read("l"))
        send("act x fold")                    -- no seat number: named as given, not as nil
        assert.equal("REJECT not_your_seat: seat 'x' is not played by this client", p:read("l"))
        send("act 1 raise 1")                 -- below any minimum
        assert.matches("^REJECT %a+", p:read("l"))
        send("act 1 dance")
        assert.matches("^REJECT %a+", p:read("l"))
        rejected = rejected + 3
        local pick = "check"
        for _, m in ipairs(v.legal) do if m.action == "call" then pick = "call" end end
        send("act 1 " .. pick)
        assert.are.equal("ACCEPT", p:read("l"))
        accepted = accepted + 1
      else
        assert.matches("^EVENT move 2 %a+", line)
      end
    end
    stop()
    assert.is_true(over)
    assert.is_true(hands >= 1 and hands <= 6)
    assert.is_true(accepted >= hands)
    assert.are.equal(3 * accepted, rejected)
  end)
end)

describe("deckhand play", function()
  it("plays a hand from stdin, refusing illegal cards with the reason", function()
    local names = {}
    for _, s in ipairs { "c", "d", "h", "s" } do
      for _, r in ipairs { "2", "3", "4", "5", "6", "7", "8", "9", "t", "j", "q", "k", "a" } do
        names[#names + 1] = r .. s
      end
    end
    local input = "x\n3\n" .. (table.concat(names, "\n") .. "\n"):rep(14)
    local out, ok = run(bin .. " play spades --seed 3 --option max_hands=1", input)
    assert.is_true(ok, out)
    assert.matches("game over", out)
    assert.matches("refused: ", out)
    assert.matches("%(card_not_in_hand%)", out)
    assert.matches("seat %d took it", out)
    assert.matches("♠", out)
  end)

  it("exits cleanly at the end of input", function()
    local out, ok = run(bin .. " play spades --seed 3", "3\n")
    assert.is_true(ok, out)
    assert.matches("bye", out)
  end)

  -- a bot of the user's own folder that raises, or answers with no move:
  -- the game stops saying which bot and why (it used to end silently
  -- with "game over" and no winners, or with the bot's error bare)
  it("stops naming the bot that raised or made an illegal move", function()
    local dir = tmpname()
    os.execute("mkdir -p " .. dir .. "/strategies")
    write(dir .. "/strategies/oops.lua", 'return { play = function(view) local t = nil; return t.x end }')
    write(dir .. "/strategies/junk.lua", 'return { play = function(view) return { 1, 2 } end }')
    local env = "DECKHAND_PATH=" .. dir .. " "
    local out, ok = run(env .. bin .. " play briscola --bots oops --seed 2 --color never", "")
    assert.is_not_true(ok, out)
    assert.matches("deckhand: the game stopped: oops at seat 2 forfeits: raised: " .. dir
      .. "/strategies/oops.lua:1: attempt to index a nil value", out, 1, true)
    assert.matches("(the deal's seed was 2)", out, 1, true)
    out, ok = run(env .. bin .. " play briscola --bots junk --seed 2 --color never", "")
    assert.is_not_true(ok, out)
    assert.matches("deckhand: the game stopped: junk at seat 2: illegal move '(a list)': "
      .. "wrong phase: play (a list reads as cards to pass) (wrong_phase)", out, 1, true)
    assert.is_nil(out:find("game over", 1, true))
    -- a bot that loops is stopped at --limit (it hung the terminal)
    write(dir .. "/strategies/loops.lua", 'return { play = function(view) while true do end end }')
    out, ok = run(env .. bin .. " play briscola --bots loops --seed 2 --limit 0.5 --color never", "")
    assert.is_not_true(ok, out)
    assert.matches("deckhand: the game stopped: loops at seat 2 forfeits: took 0.5", out, 1, true)
    assert.matches("over the time limit of 0.5 s", out, 1, true)
    os.execute("rm -rf " .. dir)
  end)
end)

describe("deckhand replay", function()
  it("steps through a recorded game", function()
    local rec = tmpname()
    dh.tournament(with { record = rec, games = 2 })
    local out, ok = run(bin .. " replay " .. rec .. " --game 2")
    assert.is_true(ok, out)
    assert.matches("deal 2", out)
    assert.matches("seat 1: %S+", out)
    assert.matches("hand 1 over: %-?%d+ / %-?%d+ / %-?%d+ / %-?%d+", out)
    assert.matches("final: ", out)
    os.remove(rec)
  end)

  it("says a deal's line is cut short when a killed run left it so", function()
    local rec = tmpname()
    dh.tournament(with { record = rec, games = 2 })
    local text = F.slurp(rec)
    local second = select(2, text:find("\n[^\n]*\n"))   -- the end of the first deal's line
    write(rec, text:sub(1, second + 40))                   -- the second deal's line cut
    local out, ok = run(bin .. " replay " .. rec .. " --game 2")
    assert.is_falsy(ok)
    assert.matches("no deal 2 in " .. rec .. " (line 3 is no whole record: cut short by a killed run, or damaged)", out, 1, true)
    os.remove(rec)
  end)

  it("says so when a record stops before the match is over, instead of a final score", function()
    local rec = tmpname()
    write(rec, '{"game":"blackjack","moves":[[1,"stand"]],"options":{"max_hands":1},"seed":7}\n')
    local out, ok = run(bin .. " replay " .. rec)
    assert.is_true(ok, out)
    assert.matches("seat 1: stand", out, 1, true)
    assert.matches("the record stops before the match is over: seat 2 to move", out, 1, true)
    assert.is_nil(out:find("final:", 1, true))
    os.remove(rec)
  end)

  it("replays a game run from a file when --variant names the file", function()
    local root = os.getenv("DECKHAND_ROOT") or "."
    local file = root .. "/examples/games/gofish.lua"
    local rec = tmpname()
    dh.tournament { variant = file, players = { "heuristic", "random" }, games = 1, seed = 3, record = rec }
    -- by name alone the game is not found: the message says what to do
    local out, ok = run(bin .. " replay " .. rec)
    assert.is_falsy(ok)
    assert.matches("unknown variant 'gofish'", out, 1, true)
    assert.matches("name it with --variant FILE", out, 1, true)
    out, ok = run(bin .. " replay " .. rec .. " --variant " .. file)
    assert.is_true(ok, out)
    -- the final points are those the tournament recorded for that seating
    local deal
    for l in io.lines(rec) do
      local v = json.decode(l)
      if v.i == 1 then deal = v end
    end
    local game = dh.replay(deal.games[1].record, dh.variant(file))
    local pts = {}
    for i, p in ipairs(game:result().seats) do pts[i] = tostring(math.tointeger(p) or p) end
    assert.matches("final: " .. table.concat(pts, " / "), out, 1, true)
    -- another game's file is refused by name
    out, ok = run(bin .. " replay " .. rec .. " --variant " .. root .. "/examples/games/cribbage.lua")
    assert.is_falsy(ok)
    assert.matches("the record is of 'gofish'", out, 1, true)
    os.remove(rec)
  end)
end)
