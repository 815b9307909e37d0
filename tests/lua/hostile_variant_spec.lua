-- A fair table against a hostile variant (deckhand/sandbox.lua,
-- deckhand/variant.lua, bindings/lua/lrules.c): a variant runs in a
-- sandbox of its own, its rules under a time limit, and a bot answers a
-- phase by what it declares, never by a name a variant happens to choose.
local dh = require "deckhand"

package.path = "tests/lua/?.lua;" .. package.path
local F = require "file_helper"
local tmpname, write = F.tmpname, F.write

local dir = tmpname()
os.execute("mkdir -p " .. dir .. "/rules " .. dir .. "/strategies")
dh.strategy_path = dir .. "/strategies/?.lua;" .. dh.strategy_path
dh.path = dir .. "/rules/?.lua;" .. dh.path

local SECRET = ("0123456789abcdef"):rep(2)
local function tour(t)
  local c = { players = { "random", "random" }, games = 2, seed = 3, progress = false,
              limit = 5, secret = SECRET }
  for k, v in pairs(t) do c[k] = v end
  return dh.tournament(c)
end

-- a trick game of 4 seats whose one scripted phase, before the play, has
-- the given name: each seat from the opener to seat 4 says "go"
local function named_phase(name)
  write(dir .. "/rules/phase_" .. name .. ".lua", ([[
local R = require "deckhand".rule
return { name = "phase_%s", options = { max_hands = 1 }, build = function(o)
  return { seats = 4, sides = { 1, 2, 1, 2 }, sizes = { 13 }, max_hands = o.max_hands, trump = "s",
    phases = { { name = "%s",
      moves = function(g) return { "go" } end,
      apply = function(g, seat, text)
        if seat == 4 then g:start_play() else g:to(seat + 1) end
      end } },
    hand = R.follow_suit, play = R.trump_wins | R.highest_of_led, points = R.tricks(),
    win = R.highest_after(1) }
end }]]):format(name, name))
  return "phase_" .. name
end

describe("a variant's phase names", function()
  it("never pick a function a shipped bot happens to define", function()
    -- the heuristic's trick part defines trump, sort, suits, boss; every
    -- strategy defines name
    for _, phase in ipairs { "trump", "sort", "suits", "name", "boss", "new" } do
      local v = named_phase(phase)
      local res = tour { variant = v, players = { "heuristic", "greedy", "pimc", "random" },
                         options = { max_hands = 1 }, games = 1,
                         strategy_options = { pimc = { worlds = 4 } } }
      assert.same({}, res.errors, phase)
      assert.same({}, res.forfeits, phase)
    end
  end)

  it("are answered through a declared table of handlers", function()
    local v = dh.variant(named_phase("trump"))
    local said = {}
    local bot = dh.strategy {
      phases = { trump = function(view) said[#said + 1] = view:phase(); return "go" end },
      play = function(view) return view:legal()[1] end,
    }
    local g = dh.play(v, { bot, bot, bot, bot }, { seed = 1 })
    assert.equal("over", g:phase())
    assert.is_true(#said >= 1)
    for _, p in ipairs(said) do assert.equal("trump", p) end
  end)
end)
