-- deckhand serve --compat: the card-scripting tutorial's messages --
-- play_card player_N <card> with players named from 0, plain REJECT
-- <message> -- over a whole hand of Spades.
package.path = "tests/lua/?.lua;" .. package.path
local F = require "file_helper"
local json = require "deckhand.json"

local root = os.getenv("DECKHAND_ROOT") or "."
local bin = "lua5.4 " .. root .. "/bin/deckhand"

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
    -- a seat not this client's is named as the client names it
    assert.matches("^REJECT player_1 is not played by this client", rejected[1])
    for _, r in ipairs(rejected) do assert.is_nil(r:match("seat %d"), r) end
  end)
end)
