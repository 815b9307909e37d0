-- host_spec.lua: examples/host.lua, the coroutine-driven host, with a
-- scripted human at seat 1.
package.path = "tests/lua/?.lua;" .. package.path
local dh = require "deckhand"
local H = require "embed_helper"

local describe_host = dh.game and describe or function(name)
  pending(name .. ": needs the trick-taking engine (deckhand.game)")
end

describe_host("examples/host.lua", function()
  local host = dofile(H.root .. "/examples/host.lua")

  -- the human's choices, as a strategy would make them from the same view
  local human = {
    bid = function(view) return view:legal()[2] or view:legal()[1] end,
    play = function(view) return view:legal():lowest() end,
  }

  it("yields at every human turn and plays the game deckhand.play plays", function()
    local events, prompts = {}, 0
    local session = host.session {
      variant = "spades", options = { target = 150 }, seed = 21, humans = { [1] = true },
      on_event = function(e) events[#events + 1] = e end,
    }
    local prompt = session:resume()
    while prompt do
      prompts = prompts + 1
      assert.are.equal(1, prompt.seat)
      assert.is_nil(prompt.error)
      local value = human[prompt.phase](prompt.view)
      prompt = session:resume(tostring(value))  -- answers are text, as typed
    end
    local game = dh.play(dh.variant("spades", { target = 150 }),
                         { human, host.bot, host.bot, host.bot }, { seed = 21 })
    assert.are.same(game:scores(), session.game:scores())
    assert.are.same(game:record().moves, session.game:record().moves)
    local mine = 0
    for _, m in ipairs(game:record().moves) do if m[1] == 1 then mine = mine + 1 end end
    assert.are.equal(mine, prompts)
    assert.are.equal("over", events[#events].kind)
    local moves, hands = 0, 0
    for _, e in ipairs(events) do
      if e.kind == "move" then
        moves = moves + 1
        assert.are.equal(game:record().moves[moves][2], e.move)
      elseif e.kind == "hand" then
        hands = hands + 1
        assert.are.same(game:result().hands[hands], e.hand)
      end
    end
    assert.are.equal(#game:record().moves, moves)
    assert.are.equal(game:hand_number(), hands)
  end)

  it("asks again, saying why, after a refused or unreadable answer", function()
    local session = host.session { variant = "spades", seed = 5, humans = { [1] = true } }
    local prompt = session:resume()
    assert.are.equal("bid", prompt.phase)
    prompt = session:resume("lots")
    assert.are.equal("bad_move", prompt.error)
    assert.are.equal("not a move: 'lots'", prompt.message)
    prompt = session:resume("99")
    assert.are.equal("bad_bid", prompt.error)
    prompt = session:resume("3")
    assert.are.equal("play", prompt.phase)
    assert.is_nil(prompt.error)
    local before = session.game:record()
    prompt = session:resume("x1")
    assert.are.equal("bad_move", prompt.error)
    assert.truthy(prompt.message:find("not a move: 'x1'", 1, true))
    local legal = prompt.view:legal()
    local off = (prompt.view:hand(1) - legal):list()[1]
    if off then
      prompt = session:resume(tostring(off))
      assert.is_string(prompt.error)
    end
    assert.are.same(before, session.game:record())  -- refusals change nothing
    prompt = session:resume(tostring(legal:lowest()))
    assert.is_nil(prompt.error)
  end)

  it("runs in a terminal from standard input and stops cleanly at its end", function()
    local out = H.run(("cd %s && printf 'x1\\n3\\nAs\\n' | lua5.4 examples/host.lua 5"):format(H.quote(H.root)))
    assert.truthy(out:find("refused: not a move: 'x1' (bad_move)", 1, true), out)
    assert.truthy(out:find("you 1: bid 3", 1, true), out)
    assert.truthy(out:find("refused: must follow suit", 1, true), out)
    assert.truthy(out:find("\nbye\n", 1, true), out)
  end)
end)
