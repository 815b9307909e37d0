-- serve_spec.lua: deckhand.serve and deckhand.serve_compat in process: the
-- commands read, the tutorial's names and reasons, and a match played
-- through serve.run with a scripted client whose early lines are refused
-- as they arrive (the command itself: serve_compat_spec.lua,
-- tournament_spec.lua).
local dh = require "deckhand"
local serve = require "deckhand.serve"
local compat = require "deckhand.serve_compat"
local json = require "deckhand.json"

describe("serve.read_command", function()
  it("reads move and the older commands as a seat and a move's text", function()
    assert.are.same({ "move", 1, "Td", "1", "Td" }, { serve.read_command("move 1 Td") })
    assert.are.same({ "bid", 2, "bid 4", "2", "4" }, { serve.read_command(" bid 2 4 ") })
    assert.are.same({ "bid", 2, "nil", "2", "NIL" }, { serve.read_command("bid 2 NIL") })
    assert.are.same({ "pass", 3, "pass 2c 3c 4c", "3", "2c,3c,4c" }, { serve.read_command("pass 3 2c,3c,4c") })
    assert.are.same({ "move", "x", "Td", "x", "Td" }, { serve.read_command("move x Td") })
    assert.is_nil(serve.read_command("   "))
  end)

  it("with compat, names the players from 0", function()
    assert.are.same({ "play_card", 1, "td", "player_0", "td" }, { serve.read_command("play_card player_0 td", true) })
    assert.are.same({ "play_card", "1", "td", "1", "td" }, { serve.read_command("play_card 1 td", true) })
  end)
end)

describe("serve_compat", function()
  it("words refusals as the tutorial's backend, the player and card as sent", function()
    assert.are.equal(2, compat.seat("player_1"))
    assert.is_nil(compat.seat("player_x"))
    assert.are.equal("player_3", compat.name(4))
    assert.are.equal("not player turn: player_1", compat.refusal("not_your_turn", "not player turn: 2", "player_1", "td"))
    assert.are.equal("card not in player hand: td",
                     compat.refusal("card_not_in_hand", "card not in player hand: Td", "player_0", "td"))
    -- another reason keeps the game's words, the card as sent, seats as named
    assert.are.equal("must follow suit: td, player_2 led", compat.refusal("must_follow_suit",
                     "must follow suit: Td, seat 3 led", "player_0", "td"))
    assert.are.equal("EVENT move player_1 Td", compat.event("EVENT move 2 Td"))
    assert.are.equal("EVENT hand 1 10 -3", compat.event("EVENT hand 1 10 -3"))
  end)
end)

-- a reader from a script: script[i] = { line, early = true }.  An early
-- line is there to be read while no client seat is to move (ready()), the
-- others only when the server waits for a line (line())
local function scripted(script)
  local i = 0
  local function peek() return script[i + 1] end
  return {
    line = function()
      i = i + 1
      return script[i] and script[i][1]
    end,
    ready = function()
      local nxt = peek()
      if nxt and nxt.early then i = i + 1; return nxt[1] end
      return nil
    end,
  }
end

describe("serve.run", function()
  -- compat: a line is answered when it arrives; plain: lines wait for their turn
  local function first_client_run(compat, early)
    local variant = dh.variant("spades", { max_hands = 1 })
    local game = dh.game(variant, { seed = 5 })
    local bots = {}
    for s = 2, 4 do bots[s] = dh.strategy("random", { variant = variant, seed = s }) end
    local out = {}
    -- every turn of seat 1: its first legal move, looked up in a copy of
    -- the game that follows the real one through the events
    local shadow = dh.game(variant, { seed = 5 })
    local script = { { early, early = true } }   -- sent before any turn
    local reader = scripted(script)
    local line = reader.line
    reader.line = function()
      local l = line()
      if l then return l end
      if not shadow:next_player() then return nil end   -- the end of input
      return (compat and "move player_0 " or "move 1 ") .. tostring(shadow:moves()[1])
    end
    serve.run { game = game, name = "spades", clients = { [1] = true }, players = bots, reader = reader,
                compat = compat,
                write = function(s)
                  out[#out + 1] = s
                  local seat, text = s:match("^EVENT move (%d) (.+)$")
                  local p, ptext = s:match("^EVENT move player_(%d) (.+)$")   -- compat names seats from 0
                  if p then seat, text = tonumber(p) + 1, ptext end
                  if seat then assert(shadow:apply(tonumber(seat), text)) end
                  if s == "ACCEPT" then assert(shadow:apply(1, game:record().moves[#shadow:record().moves + 1][2])) end
                end }
    assert.are.equal("READY spades seats 4", out[1])
    local rejects = {}
    for _, s in ipairs(out) do if s:match("^REJECT") then rejects[#rejects + 1] = s end end
    assert.matches("^EVENT over ", out[#out])
    assert.is_true(game:result().over)
    return rejects
  end

  it("with compat, refuses a move sent during the bots' turns at once, and plays on", function()
    -- read after seat 2, the first to bid, has bid: seat 3 is to move
    assert.are.same({ "REJECT not player turn: player_0" }, first_client_run(true, "move player_0 Qh"))
  end)

  it("without compat, reads a line sent early at its seat's turn", function()
    -- seat 1's first turn is its bid: the card sent ahead is refused then
    assert.are.same({ "REJECT wrong_phase: wrong phase: bid" }, first_client_run(false, "move 1 Qh"))
  end)

  it("with compat, takes a line read while its seat is to move as that seat's move", function()
    -- seat 2 bids first: its early bid is its move, the second one, read
    -- once seat 3 is to move, is refused
    local variant = dh.variant("spades", { max_hands = 1 })
    local game = dh.game(variant, { seed = 5 })
    assert.are.equal(2, game:next_player())
    local bots = {}
    for _, s in ipairs { 1, 3, 4 } do bots[s] = dh.strategy("random", { variant = variant, seed = s }) end
    local out = {}
    local reader = scripted { { "move player_1 3", early = true }, { "move player_1 4", early = true }, { "quit" } }
    serve.run { game = game, name = "spades", clients = { [2] = true }, players = bots, reader = reader,
                compat = true, write = function(s) out[#out + 1] = s end }
    assert.are.same({ "READY spades seats 4", "EVENT turn player_1 bid", "ACCEPT",
                      "REJECT not player turn: player_1" }, { table.unpack(out, 1, 4) })
    assert.are.equal(3, game:bids()[2])
  end)

  -- a bot that loops is stopped at the limit and the match ends saying
  -- why (the server hung); one that raises ends it the same way
  it("ends the match when a bot runs over its time limit or raises", function()
    local variant = dh.variant("briscola")
    local game = dh.game(variant, { seed = 1 })
    assert.are.equal(2, game:next_player())
    local function run_with(bot)
      local ok, err = pcall(serve.run, { game = dh.game(variant, { seed = 1 }), name = "briscola",
        clients = { [1] = true }, players = { [2] = bot }, reader = scripted { { "quit" } }, limit = 0.2,
        write = function() end })
      assert.is_false(ok)
      return err
    end
    assert.matches("^seat 2 forfeits: took 0%.2%d* s, over the time limit of 0%.2 s$",
                   run_with { play = function() while true do end end })
    assert.matches("^seat 2 forfeits: raised: .*boom$", run_with { play = function() error("boom") end })
  end)
end)
