-- prefab_helper.lua: what the specs of the prefab phases share (Euchre's
-- trump making, Bridge's auction, Skat's bidding), each prefab checked
-- against the Lua phases it replaced, kept as a copy of the old rules file
-- (tests/lua/<game>_phases_helper.lua).
local dh = require "deckhand"
local assert = require "luassert"
local json = require("deckhand.json").encode

local M = {}

--- M.both(name, old_rules) -> function(options) -> the variant by name
-- (the prefabs) and the old rules' variant, with the same options
function M.both(name, old_rules)
  return function(options)
    return dh.variant(name, options), dh.variant(old_rules, options)
  end
end

--- M.lua_calls(variant, source) -> the Lua functions a random playout of
-- a game of variant calls (the package's and those of a file whose name
-- has source: the test runner's own finalizers may run in between), and
-- the actions it made
function M.lua_calls(variant, source)
  local g, n = dh.game(variant, { seed = 4 }), 0
  debug.sethook(function()
    local info = debug.getinfo(2, "S")
    if info.what == "Lua" and (info.source:match("deckhand") or info.source:match(source)) then n = n + 1 end
  end, "c")
  g:playout(dh.rng(4))
  debug.sethook()
  return n, #g:actions()
end

--- M.replays_old_records(scripted, phase): the records the Lua phases made
-- (variant scripted) replay by the game's name onto the prefab named phase,
-- to the same scores and the same record
function M.replays_old_records(scripted, phase)
  for seed = 1, 10 do
    local b = dh.game(scripted, { seed = seed }):playout(dh.rng(seed))
    local again = assert(dh.replay(b:record()))
    assert.equal(phase, tostring(again:variant().spec.phases))
    assert.same(b:scores(), again:scores())
    assert.equal(json(b:record()), json(again:record()))
  end
end

return M
