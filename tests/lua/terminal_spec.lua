-- deckhand play at a terminal: colour only where it belongs, the commands
-- at the prompt, Ctrl-C, --version, and make demo's settings.
package.path = "tests/lua/?.lua;" .. package.path
local dh = require "deckhand"
local F = require "file_helper"
local root = os.getenv("DECKHAND_ROOT") or "."
local bin = root .. "/bin/deckhand"

local function run(cmd)
  local p = io.popen(cmd .. " 2>&1")
  local out = p:read("a")
  local ok, _, code = p:close()
  return out, ok, code
end

describe("deckhand play", function()
  it("draws every game from its table: Bridge's dummy played by the declarer, Blackjack's dealer", function()
    local out = run("printf '' | " .. bin .. " play bridge --seed 3 --option contract=3NT --option declarer=S " ..
                    "--seat 3 --bots random --color never")
    assert.matches("contract 3NT by South", out, 1, true)
    -- North's cards face up after the opening lead, the legal ones marked for South to play
    assert.matches("seat 1 North %(dummy%)", out)
    assert.matches("\n  shows [^\n]*%*[^\n]*%(you play it%)", out)
    out = run("printf '' | " .. bin .. " play blackjack --seed 3 --color never")
    -- the dealer's up card with one face down; the seats' hands with their totals
    assert.matches("\ndealer 2  %S+\n", out)
    assert.matches("you: [^\n]*\n  %d+  %S+ %S+\n", out)
  end)

  it("colours the red suits only when asked or on a terminal without NO_COLOR", function()
    local out = run("printf '4\\n' | " .. bin .. " play spades --seed 3 --color always")
    assert.is_truthy(out:find("\27[31m", 1, true))
    for _, env in ipairs { "", "NO_COLOR=1 ", "TERM=dumb " } do
      out = run("printf '4\\n' | " .. env .. bin .. " play spades --seed 3")   -- a pipe: no colour
      assert.is_nil(out:find("\27", 1, true), env)
    end
    out = run("printf '4\\n' | NO_COLOR=1 " .. bin .. " play spades --seed 3 --color never")
    assert.is_nil(out:find("\27", 1, true))
    local _, ok = run(bin .. " play spades --color sometimes </dev/null")
    assert.is_falsy(ok)
  end)

  it("answers last, view and help at the prompt without making a move", function()
    local g = dh.game(dh.variant("hearts", { max_hands = 1 }), { seed = 2 })
    local rng = dh.rng(1)
    while g:phase() ~= "play" or not g:last_trick() do   -- past the first trick
      assert(g:apply(g:next_player(), rng:pick(g:moves())))
    end
    local seat = g:next_player()
    local view = g:view(seat)
    local input, output = os.tmpname(), os.tmpname()
    local legal = tostring(view:moves()[1])
    F.write(input, "help\nlast\nview\n" .. legal .. "\n")
    local inf, outf = io.open(input), io.open(output, "w")
    local human = dh.strategy("human", { input = inf, output = outf })
    local move = human.move(view)
    inf:close(); outf:close()
    assert.are.equal(legal, tostring(move))
    local text = F.slurp(output)
    local cards, winner, seats = g:last_trick()
    local expect = {}
    for i, c in ipairs(cards) do expect[i] = ("%d:%s"):format(seats[i], c:display()) end
    assert.is_truthy(text:find(("last trick  %s  (seat %d took it)"):format(table.concat(expect, "  "), winner),
                               1, true))
    assert.is_truthy(text:find("commands:", 1, true))
    local _, views = text:gsub("hand  ", "")
    assert.are.equal(2, views)   -- the view at the start and again on request
    os.remove(input); os.remove(output)
  end)

  it("shows Briscola's trump suit, turned card and talon", function()
    local g = dh.game(dh.variant("briscola"), { seed = 3 })
    local d = g:view(1):describe()
    local up = g:upcard()
    assert.is_truthy(d:find("turned " .. up:display(), 1, true))
    assert.is_truthy(d:find("trump " .. up:display():gsub("^%w+", ""), 1, true))
    assert.is_truthy(d:find("talon " .. g:talon_count(), 1, true))
    assert.is_nil(d:find("bid", 1, true))   -- no bidding in Briscola
  end)

  it("ends with status 130 on Ctrl-C, even while waiting for a line", function()
    local fifo = os.tmpname()
    os.remove(fifo)
    assert(os.execute("mkfifo " .. fifo))
    local out = run(("sh -c '%s play spades --seed 3 --color always < %s > %s.out 2>&1 & pid=$!; " ..
                     "exec 3>%s; sleep 1; kill -INT $pid; wait $pid; echo status=$?'"):format(bin, fifo, fifo, fifo))
    assert.matches("status=130", out)
    local said = F.slurp(fifo .. ".out")
    assert.is_truthy(said:find("\27[0m\ninterrupted: bye\n", 1, true))   -- the colour reset, the line ended
    os.remove(fifo); os.remove(fifo .. ".out")
  end)

  it("prints its version", function()
    local out, ok = run(bin .. " --version")
    assert.is_truthy(ok)
    assert.are.equal(dh._VERSION .. "\n", out)
  end)
end)

describe("make demo", function()
  it("plays both of its tables with the README's settings, no forfeit", function()
    local out, ok = run("lua5.4 " .. root .. "/examples/demo.lua 7 3")
    assert.is_truthy(ok, out)
    assert.matches("heuristic %- random:", out)
    assert.matches("pimc %- heuristic:", out)
    assert.is_nil(out:find("forfeit:", 1, true))
  end)
end)
