-- check_spec.lua: `deckhand check FILE`, the protocol's property suite on
-- a user's own game: a shipped game and the games of examples/games pass;
-- two Go Fish variants broken on purpose (derived from
-- examples/games/gofish.lua) fail with the seed and move, and say which
-- property: one whose hand can go on forever, one whose view shows a card
-- hidden from the seat; a missing or broken file is refused plainly.
package.path = "tests/lua/?.lua;" .. package.path
local F = require "file_helper"

local root = os.getenv("DECKHAND_ROOT") or "."
local bin = "lua5.4 " .. root .. "/bin/deckhand"
local gofish = root .. "/examples/games/gofish.lua"

-- the command's output (stdout and stderr) and whether it succeeded
local function check(args)
  local p = io.popen(bin .. " check " .. args .. " 2>&1")
  local out = p:read("a")
  local ok = p:close()
  return out, ok
end

local PROPERTIES = { "refused moves change nothing", "cards conserved", "every match ends",
                     "record and replay agree", "sampled worlds show the seat's view and play to their end",
                     "views identical across hidden differences" }

local function passes(out)
  for _, name in ipairs(PROPERTIES) do
    assert.matches("\n  pass  " .. name:gsub("%p", "%%%0") .. " %(%d+ checks?%)", out)
  end
end

-- Go Fish's source with `from` replaced by `to` (once), as a file
local function variant_of(from, to)
  local src = F.slurp(gofish)
  local i, j = src:find(from, 1, true)
  assert(i, "examples/games/gofish.lua no longer has: " .. from)
  local file = F.tmpname() .. ".lua"
  F.write(file, src:sub(1, i - 1) .. to .. src:sub(j + 1))
  return file
end

describe("deckhand check", function()
  it("passes a shipped game and every game of examples/games, one line a property", function()
    local out, ok = check("hearts --option max_hands=1 --matches 2")
    assert.is_true(ok, out)
    assert.matches("^deckhand check hearts: 2 matches, seeds 1 to 2, 4 seats\n", out)
    passes(out)
    for _, name in ipairs { "gofish", "cribbage", "sheepshead" } do
      out, ok = check(root .. "/examples/games/" .. name .. ".lua --matches 2")
      assert.is_true(ok, out)
      passes(out)
    end
  end)

  it("finds a hand that does not end, naming the seed, the move and the bound", function()
    -- once the stock is empty nobody gives cards up, and the rule that ends
    -- a hand of misses is gone: the hand never ends
    local file = variant_of("  local caught = s.hands[asked] & OF_RANK[r]",
                            "  local caught = #s.stock > 0 and (s.hands[asked] & OF_RANK[r]) or dh.cards {}")
    local src = F.slurp(file)
    F.write(file, (src:gsub("    if s%.misses >= o%._seats then return end_hand%(s, o, rng%) end\n", "", 1)
                      :gsub('name = "gofish",', 'name = "gofish", max_moves = 1000,', 1)))
    local out, ok = check(file .. " --option players=3 --matches 1")
    os.remove(file)
    assert.is_falsy(ok, out)
    assert.matches("\n  FAIL  every match ends: seed 1, move 1001: gofish: hand 1 has not ended after 1000 moves", out, 1, true)
    assert.matches("\n  pass  record and replay agree", out, 1, true)
    assert.matches("--seed 1 --matches 1\n", out, 1, true)   -- how to run the failing match alone
  end)

  it("names the line of the game's own file where an error was raised", function()
    -- the sampler compares a count that is not there: the line is the author's
    local file = variant_of("    local unseen, counts = DECK - v.hand, {}",
                            "    local unseen, counts = DECK - v.hand, {}\n    if v.nothing > 1 then end")
    local line
    local n = 0
    for l in io.lines(file) do
      n = n + 1
      if l:find("v.nothing > 1", 1, true) then line = n end
    end
    local out, ok = check(file .. " --matches 2 --seed 4")
    os.remove(file)
    assert.is_falsy(ok, out)
    assert.matches((":%d: attempt to compare"):format(line), out, 1, true)
    assert.matches("--seed 4 --matches 1\n", out, 1, true)
  end)

  it("finds a view that shows a card hidden from the seat", function()
    -- the view also shows the next seat's hand
    local file = variant_of("seat = seat, log = s.log }", "seat = seat, log = s.log, next = s.hands[seat % o._seats + 1] }")
    local out, ok = check(file .. " --matches 3")
    os.remove(file)
    assert.is_falsy(ok, out)
    assert.matches("\n  FAIL  views identical across hidden differences: seed %d+, move %d+: seat %d's view changes "
                   .. "with cards hidden from it: 'next' is \"", out)
    assert.matches("\n  pass  refused moves change nothing", out, 1, true)
    assert.matches("\n  pass  every match ends", out, 1, true)
  end)

  it("refuses a missing file, a file with a syntax error, an unknown game, with one line", function()
    local out, ok = check(root .. "/no/such/game.lua")
    assert.is_falsy(ok)
    assert.matches("^deckhand: cannot open [^\n]*no/such/game.lua[^\n]*\n$", out)
    local file = F.tmpname() .. ".lua"
    F.write(file, "return dh.lua_game {\n  name = 'x',\n  seats = ,\n}\n")
    out, ok = check(file)
    os.remove(file)
    assert.is_falsy(ok)
    assert.matches("^deckhand: [^\n]*, line 3: unexpected symbol near ','\n$", out)
    out, ok = check("nosuchgame")
    assert.is_falsy(ok)
    assert.matches("^deckhand: unknown variant 'nosuchgame'", out)
    assert.is_nil(out:find("traceback", 1, true))
  end)

  -- a game whose code looped hung the check for ever: it had no time
  -- limit of the tournament's kind (timeout: status 124 says it still hung)
  it("stops at the rule time limit a game whose code loops, naming where", function()
    local loops = {
      { "local dh = require", "while true do end\nlocal dh = require", "the rules of [^\n]+ ran over 1%.0 s" },
      { "local function apply(s, o, seat, m, rng)",
        "local function apply(s, o, seat, m, rng)\n  if #s.log > 20 then while true do end end",
        "FAIL  every match ends: seed 1, move %d+: rule time limit: the rules ran over 1%.0 s %(at [^\n]+:%d+%)" },
    }
    for _, case in ipairs(loops) do
      local file = variant_of(case[1], case[2])
      local p = io.popen(("timeout 120 %s check %s --matches 3 --rule-time 1 2>&1; echo status $?"):format(bin, file))
      local out = p:read("a")
      p:close()
      os.remove(file)
      assert.matches("status 1\n$", out)
      assert.matches(case[3], out)
      assert.is_nil(out:find("traceback", 1, true))
    end
  end)
end)
