-- Options of strategies and variants are checked, each refusal naming the
-- option, what it takes and what it got.
package.path = "tests/lua/?.lua;" .. package.path
local dh = require "deckhand"
local bin = (os.getenv("DECKHAND_ROOT") or ".") .. "/bin/deckhand"

local function refusal(f, ...)
  local ok, err = pcall(f, ...)
  assert.is_false(ok)
  return tostring(err)
end

describe("strategy options", function()
  local spades = dh.variant("spades")

  -- a bot file returning its table has no new(options) to take them:
  -- an option given to it (--set plain.depth=3) was dropped unnoticed
  it("are refused by a bot whose file takes none", function()
    local F = require "file_helper"
    local dir = F.tmpname(); os.remove(dir); assert(os.execute("mkdir -p " .. dir))
    F.write(dir .. "/plain.lua", "return { play = function(view) return view:legal():lowest() end }")
    local saved = dh.strategy_path
    dh.strategy_path = dir .. "/?.lua;" .. saved
    assert.are.equal("plain: takes no options (its file returns no new(options)), got 'depth', 'width'",
                     refusal(dh.strategy, "plain", { variant = spades, seed = 1, depth = 3, width = 2 }))
    -- what every bot is handed is not an option of its own
    assert.is_function(dh.strategy("plain", { variant = spades, seed = 1 }).play)
    dh.strategy_path = saved
    os.execute("rm -rf " .. dir)
  end)
  it("are refused out of range, out of the choices, or unknown", function()
    assert.are.equal("pimc: option 'worlds' must be an integer of at least 1, got 0",
                     refusal(dh.strategy, "pimc", { variant = spades, worlds = 0 }))
    assert.are.equal("pimc: option 'objective' must be one of 'points', 'own', 'tricks', got 'bogus'",
                     refusal(dh.strategy, "pimc", { variant = spades, objective = "bogus" }))
    assert.matches("^pimc: unknown option 'wrlds' %(did you mean 'worlds'%?%); it takes: .*worlds", 
                   refusal(dh.strategy, "pimc", { variant = spades, wrlds = 3 }))
    assert.matches("^heuristic: unknown option 'foo'", refusal(dh.strategy, "heuristic", { foo = 1 }))
    assert.matches("^heuristic: option 'samples' must be an integer of at least 1, got 0",
                   refusal(dh.strategy, "heuristic", { samples = 0 }))
    assert.matches("^random: unknown option 'pass_count'", refusal(dh.strategy, "random", { pass_count = 3 }))
    -- a table or a function is named by its type, not by an address
    assert.are.equal("pimc: option 'worlds' must be an integer of at least 1, got a table",
                     refusal(dh.strategy, "pimc", { variant = spades, worlds = { 3 } }))
    assert.are.equal("pimc: option 'worlds' must be an integer of at least 1, got a function",
                     refusal(dh.strategy, "pimc", { variant = spades, worlds = print }))
    assert.are.equal("gofish: option 'players' must be a number, got a table",
                     refusal(require("deckhand.options").defaults, "gofish", { players = { 1 } }, { players = 4 }))
  end)

  it("take their defaults when not given, and what is given when it fits", function()
    local o = dh.check_options("x", { a = 3 }, { a = { "integer", 1, min = 1 }, b = { "number", 0.5 } })
    assert.are.same({ a = 3, b = 0.5 }, o)
    -- the options every strategy is handed are always allowed
    o = dh.check_options("x", { variant = spades, seed = 9 }, {})
    assert.are.equal(9, o.seed)
  end)

  it("stop a tournament before any deal, with a non-zero exit", function()
    local p = io.popen(bin .. " tournament spades --players pimc,random --set pimc.worlds=0 2>&1")
    local out = p:read("a")
    local ok = p:close()
    assert.is_falsy(ok)
    assert.matches("strategy 'pimc' could not start: pimc: option 'worlds' must be an integer of at least 1, got 0",
                   out, 1, true)
    assert.is_nil(out:find("forfeit", 1, true))
  end)
end)

describe("variant options", function()
  it("are refused when the table cannot be made, named by the variant", function()
    assert.are.equal("holdem: the small blind (20) must not be above the big blind (10)",
                     refusal(dh.variant, "holdem", { small_blind = 20, big_blind = 10 }))
    assert.are.equal("holdem: 2 to 10 seats, got 11", refusal(dh.variant, "holdem", { seats = 11 }))
    assert.are.equal("holdem: option 'stack' must be an integer >= 1, got 0", refusal(dh.variant, "holdem", { stack = 0 }))
    -- a negative stack gets the same bound (it was told ">= 0", and 0 is refused too)
    assert.are.equal("omaha: option 'stack' must be an integer >= 1, got -5", refusal(dh.variant, "omaha", { stack = -5 }))
    assert.are.equal("omaha: option 'cap' must be an integer >= 1, got 0", refusal(dh.variant, "omaha", { cap = 0 }))
    assert.matches("^spades: .*target must be from %-2147483648 to 2147483647, got 3000000000",
                   refusal(dh.variant, "spades", { target = 3000000000 }))
    -- a rules file that names itself in its message is not named twice
    assert.are.equal("briscola: players must be 2, 3 or 4", refusal(dh.variant, "briscola", { players = 5 }))
    assert.are.equal("ohhell: players must be 3 to 7", refusal(dh.variant, "ohhell", { players = 9 }))
    assert.are.equal("spades: blind_nil_exchange needs blind_nil = true",
                     refusal(dh.variant, "spades", { blind_nil_exchange = 2 }))
    -- a field of the rules out of range is named with the file (the schema's check)
    assert.matches("spades.lua: field 'max_hands' must be an integer from 1 to 65535, got 70000",
                   refusal(dh.variant, "spades", { max_hands = 70000 }), 1, true)
  end)

  -- a game written in Lua makes its games from settings (variant.new_game,
  -- reachable by anyone holding the variant): settings that dh.variant never
  -- saw are checked before they size anything (a huge player count once
  -- filled a table of seats until the allocator gave up)
  it("are checked again when a variant makes a game from settings it did not check", function()
    local huge = math.maxinteger
    for _, name in ipairs { "crazy8", "scopa", "blackjack" } do
      local v = dh.variant(name)
      assert.matches("^" .. name .. ": players must", refusal(v.new_game, { players = huge }))
      local settings = {}
      for k, x in pairs(v.settings) do settings[k] = x end
      assert.is_truthy(v.new_game(settings, { seed = 1 }):next_player())
    end
    assert.matches("settings table expected", refusal(dh.variant("gin").new_game, "players"))
    -- a variant of one's own whose seats function gives too many
    assert.matches("seats must be an integer 1 to 64",
                   refusal(dh.variant, { name = "x", seats = function() return 1 << 31 end, game = function() end }))
  end)
end)
