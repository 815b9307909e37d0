-- deckhand web, matches over the WebSocket: a whole Spades match and a
-- Hold'em hand against the bots, refused moves that change nothing,
-- resuming after a reload, a page that goes away mid-match; over a real
-- socket on 127.0.0.1.
package.path = "tests/lua/?.lua;" .. package.path
local H = require "web_helper"
local dh = require "deckhand"
local json = require "deckhand.json"
local F = require "file_helper"

-- the record the server wrote, replayed on its own: the result it gives
local function replayed_result(server, name)
  local rec = assert(json.decode(F.slurp(server.app.records .. "/" .. name)))
  return assert(dh.replay(rec)):result(), rec
end

describe("deckhand web: matches", function()
  it("plays a whole Spades match against the bots, each step its own move", function()
    H.with_server({}, function(server)
      local c, st = H.start(server, { game = "spades", seat = 2, options = { target = 200 }, bots = "random" })
      assert.same({ "spades", 2, 4, "playing" }, { st.game, st.seat, st.seats, st.state })
      assert.same({ "random", "you", "random", "random" }, st.names)
      assert.equal(13, #st.view.hand)
      local over = H.play(c, 2)
      -- every move told once, in order
      local step, moves = 0, 0
      for _, m in ipairs(c.seen) do
        if m.type == "move" then
          moves = moves + 1
          assert.equal(step + 1, m.step)
          step = m.step
        end
      end
      local result, rec = replayed_result(server, over.record)
      assert.equal(#rec.moves, moves)
      assert.is_true(over.result.over)
      assert.same(result.seats, over.result.seats)
      assert.same(result.winners, over.result.winners)
      -- the rules: the first side to the target wins, the higher when both pass it;
      -- a match that reaches max_hands (200) ends there, the higher side winning
      local best = math.max(table.unpack(result.sides))
      assert.equal(best, result.seats[result.winners[1]])
      assert.truthy(best >= 200 or #result.hands == 200)
      assert.equal(#result.hands, #over.result.hands)
    end)
  end)

  -- a move's text is read before the move is made: Skat's bid "18" once
  -- read as "bid 18" after it, and the bots' copy of the game refused it
  -- (every Skat match failed at the first bid); Bridge's "3h" reached the
  -- page lower-case
  it("plays Skat and Bridge to the end, every move told in the game's own text", function()
    H.with_server({}, function(server)
      for _, case in ipairs { { game = "skat", options = { deals = 1 }, bid = "^%d+$" },
                              { game = "bridge", options = { boards = 1 }, bid = "^[1-7][CDHSN]T?$" } } do
        local c = H.start(server, { game = case.game, seat = 1, options = case.options, bots = "heuristic" })
        -- a bid the way a person types it: lower case where the game's text is not
        local over = H.play(c, 1, function(view)
          for _, m in ipairs(view.moves) do
            if type(m) == "string" and m:match(case.bid) then return m:lower() end
          end
          return view.moves[1]
        end)
        assert.is_true(over.result.over, case.game)
        local bids = 0
        for _, m in ipairs(c.seen) do
          if m.type == "move" then
            assert.falsy(tostring(m.move):match("^bid "), m.move)
            if tostring(m.move):match(case.bid) then bids = bids + 1 end
          end
        end
        local _, rec = replayed_result(server, over.record)
        assert.truthy(bids > 0, case.game)
        -- the record keeps the game's texts: the client's "1c" is "1C" there
        for _, m in ipairs(rec.moves) do assert.falsy(m[2]:match("^bid "), m[2]) end
      end
    end)
  end)

  it("plays a Hold'em hand with the betting as moves; no chip made or lost", function()
    H.with_server({}, function(server)
      local c, st = H.start(server, { game = "holdem", seat = 1, options = { max_hands = 1 }, bots = { nil, "heuristic" } })
      assert.equal(2, #st.view.hole)
      assert.same({ 5, 10 }, st.view.bets)   -- the blinds: heads-up, the button posts the small one
      local over = H.play(c, 1, function(view)
        for _, m in ipairs(view.moves) do if m == "check" then return m end end
        for _, m in ipairs(view.moves) do if m == "call" then return m end end
        return view.moves[1]
      end)
      assert.equal(0, over.result.seats[1] + over.result.seats[2])
      assert.equal("chips", over.result.unit)
      local result = replayed_result(server, over.record)
      assert.same(result.seats, over.result.seats)
    end)
  end)

  it("answers a refused move with the engine's reason and changes nothing", function()
    H.with_server({}, function(server)
      local c, msg = H.start(server, { game = "spades", seat = 2, seed = 11, bots = "random" })
      local token = msg.token
      assert.is_true(msg.your_turn)   -- seat 2 bids first: the dealer is seat 1
      c:move(2, "bid 99")
      local r = c:expect("refused")
      assert.same({ "bad_bid", "bid 99" }, { r.code, r.move })
      -- two moves for one step (a double click): the second is a repeat,
      -- whenever it comes, and is not made
      c:move(2, "bid 3")
      c:move(2, "bid 4")
      r = c:expect("refused")
      assert.same({ "stale_move", "bid 4" }, { r.code, r.move })
      -- to the first card this seat must play while holding a card it may not
      local before
      while true do
        msg = c:receive()
        if msg.type == "move" and msg.your_turn and msg.view.phase == "play" then
          local legal = {}
          for _, m in ipairs(msg.view.moves) do legal[m] = true end
          local illegal
          for _, card in ipairs(msg.view.hand) do if not legal[card] then illegal = card end end
          if illegal then
            before = json.encode(msg.view)
            c:move(2, illegal)
            r = c:expect("refused")
            assert.truthy(r.code == "must_follow_suit" or r.code == "suit_not_broken", r.code)
            assert.matches(illegal, r.message, 1, true)
            break
          end
          c:move(2, msg.view.moves[1])
        end
      end
      -- nothing changed: the view after the refusal is the one before, byte for byte
      c:send { type = "resume", token = token }
      local again = c:expect("state")
      assert.equal(before, json.encode(again.view))
      c:move(2, "junk")
      r = c:expect("refused")
      assert.equal("bad_move", r.code)
      c:send { type = "leave" }
      assert.equal(token, c:expect("left").token)
    end)
  end)

  it("goes on when a page goes away mid-match, and resumes it by its token", function()
    H.with_server({}, function(server)
      local a, st = H.start(server, { game = "spades", seat = 3, options = { max_hands = 1 }, bots = "random" })
      local token = st.token
      local last = st
      for _, m in ipairs(a.seen) do last = m end
      -- a few moves, then the socket drops without a word
      local played = 0
      while played < 3 do
        local m = assert(a:receive())
        if m.your_turn then a:move(3, m.view.moves[1]); played = played + 1 end
        last = m.view and m or last
      end
      a.ws.socket:shutdown()
      a.ws.socket:close()
      -- another page plays a whole match meanwhile
      local b = H.start(server, { game = "hearts", seat = 1, options = { max_hands = 1 }, bots = "random" })
      assert.is_true(H.play(b, 1).result.over)
      -- the first page comes back (a reload) and finishes its match
      local a2 = H.client(server)
      a2:send { type = "resume", token = token }
      local back = a2:expect("state")
      assert.same({ "spades", 3, "playing" }, { back.game, back.seat, back.state })
      assert.truthy(back.step >= 3)
      a2:move(3, back.your_turn and back.view.moves[1] or "Td")
      local over = H.play(a2, 3)
      assert.is_true(over.result.over)
      -- an unknown token is told so
      local c = H.client(server)
      c:send { type = "resume", token = ("0"):rep(32) }
      assert.equal("unknown_match", c:expect("error").code)
    end)
  end)
  it("makes a move sent twice once: the second names a step already past and is refused", function()
    H.with_server({}, function(server)
      -- the moves the issue saw taken twice: Blackjack's hit, Crazy Eights'
      -- draw, Hold'em's call (each legal again once made)
      -- (Blackjack's seed 4 deals us 6h 5s: the hit leaves the turn ours)
      for _, case in ipairs { { "blackjack", "hit", { 4 } }, { "crazy8", "draw" }, { "holdem", "call" } } do
        local game, word = case[1], case[2]
        local found
        for _, seed in ipairs(case[3] or { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 }) do
          local c = H.start(server, { game = game, seat = 1, bots = "random", seed = seed })
          -- our first legal move until the word is one of ours
          local turn, answered = nil, -1
          for _ = 1, 200 do
            turn = c:turn()
            if turn and turn.step > answered then
              local legal = {}
              for _, m in ipairs(turn.view.moves) do legal[m] = true end
              if legal[word] then break end
              c:move(1, turn.view.moves[1], turn.step)
              answered = turn.step
            end
            local m = assert(c:receive(30))
            if m.type == "over" then turn = nil; break end
          end
          if turn and turn.step > answered then
            local step = turn.step
            c:move(1, word, step)
            c:move(1, word, step)   -- a double click
            local r = c:expect("refused")
            assert.same({ "stale_move", word }, { r.code, r.move }, game)
            -- the first was made, once: a single move of ours after `step`
            c:send { type = "ping" }
            c:expect("pong")
            local mine = {}
            for _ = 1, 100 do
              mine = {}
              for _, m in ipairs(c.seen) do
                if m.type == "move" and m.seat == 1 and m.step > step then mine[#mine + 1] = m end
              end
              if #mine > 0 then break end
              assert(c:receive(30))
            end
            c:send { type = "ping" }
            c:expect("pong")
            mine = {}
            for _, m in ipairs(c.seen) do
              if m.type == "move" and m.seat == 1 and m.step > step then mine[#mine + 1] = m end
            end
            assert.equal(1, #mine, game)
            assert.same({ word, step + 1 }, { mine[1].move, mine[1].step }, game)
            -- the same message again once the move is made (a resend): refused
            c:move(1, word, step)
            r = c:expect("refused")
            assert.same({ "stale_move", word }, { r.code, r.move }, game)
            c:send { type = "ping" }
            c:expect("pong")
            local count = 0
            for _, m in ipairs(c.seen) do
              if m.type == "move" and m.seat == 1 and m.step > step then count = count + 1 end
            end
            assert.equal(1, count, game .. ": the resent move was made")
            -- a move that names no step, or one not reached, is refused too
            c:send { type = "move", seat = 1, move = word }
            assert.equal("bad_move", c:expect("error").code)
            c:move(1, word, c:step() + 1)
            assert.matches("must name the step", c:expect("error").message, 1, true)
            c:send { type = "leave" }
            c:expect("left")
            found = true
            break
          end
          c:close()
        end
        assert.is_true(found, game .. ": no deal gave our seat a " .. word)
      end
    end)
  end)
end)
