-- deckhand serve --compat: the card-scripting tutorial's messages --
-- play_card player_N <card> with players named from 0, plain REJECT
-- <message> -- over a whole hand of Spades; the tutorial's own exchanges;
-- a line sent during the bots' turns refused when it arrives.
--
-- The exchanges are the tutorial's (LudL's Spades tutorial, part 2,
-- turn-base.com/docs/tutorials/spades/step_2.html): the front end sends
-- `play_card player_1 td` when a card is clicked, and the backend's
-- play_card receiver first checks the turn, then the hand, rejecting with
--     REJECT CONCAT "not player turn: " $PLAYER_NAME
--     REJECT CONCAT "card not in player hand: " $card_name
-- (the sender's name, and the card as it was sent), else plays the card
-- and the message is accepted.  So, for a player_0 who holds no Td, to
-- play while player_1 is not to move:
--     play_card player_1 td  ->  REJECT not player turn: player_1
--     play_card player_0 td  ->  REJECT card not in player hand: td
--     play_card player_0 <a legal card>  ->  ACCEPT
package.path = "tests/lua/?.lua;" .. package.path
local F = require "file_helper"
local json = require "deckhand.json"

local root = os.getenv("DECKHAND_ROOT") or "."
local bin = "lua5.4 " .. root .. "/bin/deckhand"

-- `deckhand serve ARGS` reading from a fifo: its output, a send function
-- (one write: several lines arrive together), and a stop function
local function serve(args)
  local fifo = F.tmpname()
  assert(os.execute("mkfifo " .. fifo))
  local p = io.popen(bin .. " serve " .. args .. " < " .. fifo, "r")
  local w = assert(io.open(fifo, "w"))
  local function send(...) w:write(table.concat({ ... }, "\n"), "\n"); w:flush() end
  local function stop() send("quit"); w:close(); p:close(); os.remove(fifo) end
  return p, send, stop
end

-- reads lines to the client's next turn, bidding 3 on the way; the view then
local function to_play_turn(p, send)
  for _ = 1, 200 do
    local line = assert(p:read("l"))
    local phase = line:match("^EVENT turn player_0 (%a+)$")
    if phase == "bid" then
      send("bid player_0 3")
    elseif phase then
      send("view player_0")
      return json.decode(p:read("l"))
    else
      assert.is_nil(line:match("^REJECT"), line)
    end
  end
  error("no turn of player_0")
end

describe("deckhand serve --compat, the tutorial's exchanges", function()
  it("answers as the tutorial's backend: not player turn, card not in player hand, ACCEPT", function()
    local p, send, stop = serve("spades --compat --seed 5 --option max_hands=1")
    finally(stop)   -- also when an assertion fails: the server is never left waiting
    assert.matches("^READY spades seats 4", p:read("l"))
    local v = to_play_turn(p, send)
    for _, c in ipairs(v.hand) do assert.are_not.equal("Td", c) end   -- the deal: player_0 holds no Td
    send("play_card player_1 td")
    assert.are.equal("REJECT not player turn: player_1", p:read("l"))
    send("play_card player_0 td")
    assert.are.equal("REJECT card not in player hand: td", p:read("l"))
    send("play_card player_0 " .. v.moves[1]:lower())
    assert.are.equal("ACCEPT", p:read("l"))
  end)

  it("refuses a line sent during the bots' turns when it arrives, not at the next turn", function()
    local p, send, stop = serve("spades --compat --seed 5 --option max_hands=1")
    finally(stop)   -- also when an assertion fails: the server is never left waiting
    assert.matches("^READY spades seats 4", p:read("l"))
    local v = to_play_turn(p, send)
    local early
    for _, c in ipairs(v.hand) do if c ~= v.moves[1] then early = c:lower(); break end end
    -- the move and, behind it, a second card while the bots are to play
    send("play_card player_0 " .. v.moves[1]:lower(), "play_card player_0 " .. early)
    assert.are.equal("ACCEPT", p:read("l"))
    assert.are.equal("REJECT not player turn: player_0", p:read("l"))
    -- at the next turn the early card is still in hand: it was not played
    local again = to_play_turn(p, send)
    local held = false
    for _, c in ipairs(again.hand) do if c:lower() == early then held = true end end
    assert.is_true(held)
    assert.are.equal(#v.hand - 1, #again.hand)
  end)
end)

describe("deckhand serve --compat", function()
  it("reads play_card player_0 <card> and answers ACCEPT or a plain REJECT", function()
    local fifo = F.tmpname()
    assert(os.execute("mkfifo " .. fifo))
    local p = io.popen(bin .. " serve spades --compat --seed 5 --option max_hands=1 --clients 1 < " .. fifo, "r")
    local w = assert(io.open(fifo, "w"))
    local function send(s) w:write(s, "\n"); w:flush() end
    assert.matches("^READY spades seats 4", p:read("l"))
    local accepted, rejected, bot_moves, over = 0, {}, 0, false
    for _ = 1, 500 do
      local line = assert(p:read("l"))
      if line:match("^EVENT over") then over = true; break end
      local phase = line:match("^EVENT turn player_0 (%a+)$")
      if phase then
        send("view player_0")
        local v = json.decode(p:read("l"))
        assert.equal(1, v.seat)                              -- player_0 is seat 1
        send("play_card player_1 " .. v.hand[1])             -- a seat this client does not play
        rejected[#rejected + 1] = p:read("l")
        if phase == "bid" then
          send("bid player_0 99")
          rejected[#rejected + 1] = p:read("l")
          send("bid player_0 3")
        else
          local legal = {}
          for _, c in ipairs(v.moves) do legal[c] = true end
          for _, c in ipairs(v.hand) do
            if not legal[c] then
              send("play_card player_0 " .. c:lower())
              rejected[#rejected + 1] = p:read("l")
              break
            end
          end
          send("play_card player_0 " .. v.moves[1]:lower())   -- td, as the tutorial writes it
        end
        assert.equal("ACCEPT", p:read("l"))
        accepted = accepted + 1
      elseif line:match("^EVENT move ") then
        assert.matches("^EVENT move player_[123] %S", line)   -- the bots, named from 0 too
        bot_moves = bot_moves + 1
      else
        assert.matches("^EVENT hand 1 ", line)
      end
    end
    send("quit"); w:close(); p:close(); os.remove(fifo)
    assert.is_true(over)
    assert.equal(14, accepted)    -- a bid and 13 cards
    assert.equal(42, bot_moves)   -- three bots, a bid and 13 cards each
    assert.truthy(#rejected >= 16)
    for _, r in ipairs(rejected) do
      assert.matches("^REJECT ", r)
      assert.is_nil(r:match("^REJECT [%w_]+: "), r)   -- no code before the message
    end
    assert.matches("^REJECT bad bid: 99", rejected[2])
    -- a player not to move is refused as the tutorial's backend words it
    assert.matches("^REJECT not player turn: player_1$", rejected[1])
    for _, r in ipairs(rejected) do assert.is_nil(r:match("seat %d"), r) end
  end)
end)
