-- embed_spec.lua: runs examples/embed, the C program that uses the
-- engine directly (part a) and from its own lua_State (part b), and checks
-- the deal it prints against the rules and against the Lua binding.
package.path = "tests/lua/?.lua;" .. package.path
local dh = require "deckhand"
local H = require "embed_helper"

local exe = H.build .. "/examples/embed"

-- the printed deal: hands by seat, tricks as { {seat, card}... , winner }
local function parse(out)
  local deal = { hands = {}, tricks = {} }
  for line in out:gmatch("[^\n]+") do
    local seat, cards = line:match("^hand (%d): (.+)$")
    if seat then deal.hands[tonumber(seat)] = dh.cards(cards) end
    local body, winner = line:match("^trick %d+:(.-) %-> (%d)$")
    if body then
      local trick = { winner = tonumber(winner) }
      for s, c in body:gmatch("(%d):(%w+)") do trick[#trick + 1] = { tonumber(s), dh.card(c) } end
      deal.tricks[#deal.tricks + 1] = trick
    end
    local counts = line:match("^tricks: ([%d ]+)")
    if counts then
      deal.counts = {}
      for n in counts:gmatch("%d+") do deal.counts[#deal.counts + 1] = tonumber(n) end
    end
  end
  return deal
end

describe("examples/embed, part (a): the engine alone", function()
  it("plays whole Spades deals by the rules", function()
    for seed = 1, 12 do
      local deal = parse(H.run(H.quote(exe) .. " engine " .. seed))
      assert.are.equal(4, #deal.hands)
      local all = deal.hands[1] | deal.hands[2] | deal.hands[3] | deal.hands[4]
      assert.are.equal(52, #all)
      assert.are.equal(13, #deal.tricks)
      local hands, won, broken, leader = {}, { 0, 0, 0, 0 }, false, 1  -- dealer is seat 4
      for s = 1, 4 do hands[s] = deal.hands[s] end
      for _, trick in ipairs(deal.tricks) do
        assert.are.equal(leader, trick[1][1])
        local cards = {}
        for i, play in ipairs(trick) do
          local seat, card = play[1], play[2]
          assert.are.equal((leader + i - 2) % 4 + 1, seat)
          assert.is_true(hands[seat]:has(card))
          if i == 1 then
            if card.suit == "s" and not broken then  -- only when nothing else is left
              assert.are.equal(#hands[seat], #hands[seat]:suit("s"))
            end
          elseif card.suit ~= trick[1][2].suit then   -- void in the led suit
            assert.are.equal(0, #hands[seat]:suit(trick[1][2].suit))
          end
          if card.suit == "s" then broken = true end
          hands[seat] = hands[seat] - card
          cards[i] = card
        end
        local winner = trick[dh.trick_winner(cards, "s")][1]
        assert.are.equal(winner, trick.winner)
        won[winner] = won[winner] + 1
        leader = winner
      end
      assert.are.same(won, deal.counts)
    end
  end)

  it("is reproducible from its seed", function()
    local a = H.run(H.quote(exe) .. " engine 99")
    assert.are.equal(a, H.run(H.quote(exe) .. " engine 99"))
    assert.are_not.equal(a, H.run(H.quote(exe) .. " engine 100"))
  end)

  it("refuses a bad mode", function()
    local out, ok = H.sh(H.quote(exe) .. " nonsense")
    assert.is_false(ok)
    assert.truthy(out:find("usage:", 1, true))
  end)

  it("refuses a seed that is no 64-bit integer rather than play another deal", function()
    -- read by strtoull alone, "abc" was seed 0, "-5" 2^64 - 5, and a number
    -- too large 2^64 - 1: each a deal other than the one asked for
    for _, bad in ipairs { "abc", "-5", "7x", "", "18446744073709551616", "99999999999999999999999" } do
      local out, ok, rc = H.sh(H.quote(exe) .. " engine " .. H.quote(bad))
      assert.is_false(ok, bad)
      assert.are.equal(2, rc, bad)
      assert.are.equal(("embed: bad seed '%s' (an integer from 0 to 18446744073709551615)\n"):format(bad), out)
    end
    -- the largest seed is a seed
    assert.truthy(H.run(H.quote(exe) .. " engine 18446744073709551615")
                   :find("seed 18446744073709551615,", 1, true))
  end)
end)

-- the bot the example embeds, read back from the C string in lua_game.c
local function embedded_bot()
  local src = H.read(H.root .. "/examples/embed/lua_game.c")
  local body = assert(src:match("bot_source%[%] =(.-);\n"))
  local lua = {}
  for piece in body:gmatch('"(.-)"') do lua[#lua + 1] = piece:gsub("\\n", "\n"):gsub('\\"', '"') end
  return assert(load(table.concat(lua), "=bot", "t"))()
end

local describe_game = dh.game and describe or function(name)
  pending(name .. ": needs the trick-taking engine (deckhand.game)")
end

describe_game("examples/embed, part (b): a lua_State owned by C", function()
  it("plays the same game as deckhand.play with the same bot", function()
    local bot = embedded_bot()
    for _, seed in ipairs { 3, 4, 11 } do
      local out = H.run(H.quote(exe) .. " lua " .. seed)
      assert.truthy(out:find("lua: deckhand " .. require("deckhand.core").version() .. " in our own lua_State", 1, true), out)
      local moves, hands = out:match(": (%d+) moves, (%d+) hands")
      local scores, winners = out:match("lua: scores ([-%d ]+), winners ([%d ]+)")
      assert.truthy(scores, out)
      local game = dh.play(dh.variant("spades", { target = 200 }), { bot, bot, bot, bot }, { seed = seed })
      assert.are.equal(#game:actions(), tonumber(moves))
      assert.are.equal(game:hand_number(), tonumber(hands))
      assert.are.equal(table.concat(game:scores(), " "), scores)
      assert.are.equal(table.concat(game:winners(), " "), winners)
    end
  end)

  it("reports a Lua error as a message, not a crash", function()
    local out, ok = H.sh(H.clean_env { LUA_PATH_5_4 = "/nonexistent/?.lua", LUA_CPATH_5_4 = "/nonexistent/?.so" }
      .. " " .. H.quote(exe) .. " lua 1")
    assert.is_false(ok)
    assert.truthy(out:find("embed: module 'deckhand' not found", 1, true), out)
  end)
end)
