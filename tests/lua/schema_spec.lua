-- The schema of a variant and of a game written in Lua (deckhand/schema/*):
-- a user's file is checked when it loads, each fault named with the file
-- and the field; options are checked in one place; the docs' reference
-- tables are the schema's.
local dh = require "deckhand"
local schema = require "deckhand.schema"
local root = os.getenv("DECKHAND_ROOT") or "."

-- a variant file in a temporary place, loaded by path: (ok, message)
local function load_file(text, options)
  local base = os.tmpname()
  local file = base .. ".lua"
  local f = assert(io.open(file, "w"))
  f:write(text)
  f:close()
  local ok, err = pcall(dh.variant, file, options)
  os.remove(file); os.remove(base)
  return ok, tostring(err), file
end

local trumps = [[
local dh = require "deckhand"
local R = dh.rule
return { name = "trumps", options = { target = 30 },
  build = function(o)
    return { seats = 4, sides = { 1, 2, 1, 2 }, sizes = { 13 }, trump = "h",
             hand = R.follow_suit, play = R.trump_wins | R.highest_of_led,
             points = R.tricks(), win = R.first_to(o.target), %s }
  end }
]]

local tiny = [[
local dh = require "deckhand"
return dh.lua_game { name = "tiny", seats = 2,
  deal = function() return { turn = 1, phase = "take", hand = 1 %s } end,
  moves = function() return { dh.move { kind = "take", text = "take 1", n = 1 } } end,
  apply = function(s, o, seat, m) s.turn = seat == 1 and 2 or nil end,
  view = function(s) return { turn = s.turn, phase = s.phase, hand = s.hand } end,
  sample = function(v) return dh.lua_game.copy(v) end, %s }
]]

describe("a variant file", function()
  it("names a misspelt field with the file and the field it is near", function()
    local ok, err, file = load_file(trumps:format("biding = true"))
    assert.is_false(ok)
    assert.are.equal(file .. ": unknown field 'biding' (did you mean 'bidding'?)", err)
    -- a slip in the file's own table, which was once ignored
    ok, err, file = load_file(trumps:gsub("options =", "optons ="):format(""))
    assert.is_false(ok)
    assert.are.equal(file .. ": unknown field 'optons' (did you mean 'options'?)", err)
    -- a field of the rules put beside build, where it would do nothing
    ok, err, file = load_file(trumps:gsub("options =", "bidding = true, options ="):format(""))
    assert.is_false(ok)
    assert.are.equal(file .. ": field 'bidding' belongs in the table build returns", err)
  end)

  it("names a field of the wrong type, and the value when its type was right", function()
    local ok, err, file = load_file(trumps:format("opener = 'right'"))
    assert.is_false(ok)
    assert.matches(file .. ": field 'opener' must be \"dealer\", \"left\" or a number of seats left of the dealer",
                   err, 1, true)
    assert.matches("got 'right'$", err)
    ok, err, file = load_file(trumps:format("draw = 1"))
    assert.is_false(ok)
    assert.are.equal(file .. ": field 'draw' must be a boolean, got number", err)
  end)

  it("names every fault", function()
    local ok, err, file = load_file(trumps:format("biding = true, draw = 1, lead = 'left'"))
    assert.is_false(ok)
    assert.are.equal(file .. ": unknown field 'biding' (did you mean 'bidding'?); "
                     .. "field 'draw' must be a boolean, got number", err)
  end)

  it("names a misspelt field inside a card table", function()
    local ok, err, file = load_file(trumps:format("trump_tables = { h = { strenght = { Jh = 9 } } }"))
    assert.is_false(ok)
    assert.are.equal(file .. ": trump_tables[h]: unknown field 'strenght' (did you mean 'strength'?)", err)
  end)

  -- the engine does not yet play the bids after phases (the bids were
  -- skipped and every seat scored as if it bid 0); refused until it does
  it("takes bidding with phases, and refuses a bids_before that names no phase", function()
    local ok, err = load_file(trumps:format([[bidding = true,
      phases = { { name = "x", moves = function() return { "go" } end, apply = function(g) g:start_play() end } }]]))
    assert.is_true(ok, err)
    local file
    ok, err, file = load_file(trumps:format([[bidding = true, bids_before = "y",
      phases = { { name = "x", moves = function() return { "go" } end, apply = function(g) g:start_play() end } }]]))
    assert.is_false(ok)
    assert.matches("field 'bids_before' names no phase: 'y'", err, 1, true)
    assert.is_string(file)
  end)

  it("names an unknown option with the one it is near", function()
    local ok, err = pcall(dh.variant, "spades", { targte = 300 })
    assert.is_false(ok)
    assert.matches("^spades: unknown option 'targte' %(did you mean 'target'%?%); its options, with their defaults: .*", err)
    ok, err = pcall(dh.variant, "holdem", { big_blnd = 20 })
    assert.is_false(ok)
    assert.matches("^holdem: unknown option 'big_blnd' %(did you mean 'big_blind'%?%); ", err)
    ok, err = pcall(dh.strategy, "pimc", { variant = dh.variant("spades"), wrlds = 3 })
    assert.is_false(ok)
    assert.matches("^pimc: unknown option 'wrlds' %(did you mean 'worlds'%?%); it takes: ", err)
    -- the guess survives the cut a message gets on its way to a person
    -- (pimc's list of options is longer than the cut: the guess, last,
    -- was lost from `deckhand tournament --set pimc.wrlds=3`)
    assert.matches("did you mean 'worlds'?", require "deckhand.message".for_user(err), 1, true)
    -- nothing near: no guess
    ok, err = pcall(dh.variant, "spades", { colour = 1 })
    assert.is_false(ok)
    assert.is_nil(err:find("did you mean", 1, true))
  end)
end)

describe("a game written in Lua", function()
  it("names a misspelt field with the file and the field it is near", function()
    local ok, err, file = load_file(tiny:format(", scores = { 0, 0 }", "results = function() end"))
    assert.is_false(ok)
    assert.are.equal(file .. ": lua_game tiny: unknown field 'results' (did you mean 'result'?)", err)
  end)

  it("names a field of the wrong type", function()
    local ok, err, file = load_file(tiny:format(", scores = { 0, 0 }", "max_moves = 'many'"))
    assert.is_false(ok)
    assert.are.equal(file .. ": lua_game tiny: field 'max_moves' must be an integer of at least 1, got string", err)
  end)

  -- without result and without scores a tournament once averaged nothing
  -- (-nan); the state is dealt once when the file loads, and refused then
  it("without result and scores is refused when it loads", function()
    local ok, err = load_file(tiny:format("", "unit = 'points'"))
    assert.is_false(ok)
    assert.matches("tiny: the state needs scores (a number per seat), or the game a result function", err, 1, true)
    ok, err = load_file(tiny:format(", scores = { 0, 'x' }", "unit = 'points'"))
    assert.is_false(ok)
    assert.matches("tiny: state.scores[2] must be a number, got string", err, 1, true)
    -- with scores it loads and plays: the documented default result
    local v = dh.variant(assert(load(tiny:format(", scores = { 0, 0 }", "unit = 'points'"), "=tiny", "t"))())
    local g = dh.game(v, { seed = 1 })
    assert(g:apply(1, "take 1")); assert(g:apply(2, "take 1"))
    assert.are.same({ { seats = { 0, 0 } } }, g:result().hands)
  end)
end)

describe("the shipped variants and games", function()
  it("all pass the check", function()
    local p = assert(io.popen("ls " .. root .. "/rules/*.lua " .. root .. "/examples/games/*.lua"))
    local n = 0
    for file in p:lines() do
      local ok, err = pcall(dh.variant, file)
      assert(ok, err)
      n = n + 1
    end
    p:close()
    assert.is_true(n >= 18)
  end)
end)

describe("the docs' reference tables", function()
  it("are the ones the schema makes", function()
    local seen = {}
    for _, page in ipairs(schema.pages) do
      local f = assert(io.open(root .. "/" .. page))
      local text = f:read("a")
      f:close()
      local made, found = schema.fill(text)
      assert(made == text, page .. ": its tables differ from the schema; run lua5.4 .ci/schema-docs.lua")
      for _, name in ipairs(found) do seen[name] = true end
    end
    for name in pairs(schema.tables()) do assert(seen[name], "no page holds the table " .. name) end
  end)

  it("would show a field the docs left out", function()
    local t = schema.markdown { fields = { { name = "seats", type = { "integer", min = 2, max = 8 }, required = true, doc = "seats" } } }
    assert.matches("| `seats` | an integer from 2 to 8 | required | seats |", t, 1, true)
  end)
end)

describe("the nearest name", function()
  it("is one slip away in a short name, two in a longer one", function()
    assert.are.equal("bidding", schema.nearest("biding", { "bid", "bidding", "opener" }))
    assert.are.equal("lead", schema.nearest("laed", { "lead", "deal" }))   -- two letters swapped: one slip
    assert.is_nil(schema.nearest("colour", { "order", "opener" }))
  end)
end)
