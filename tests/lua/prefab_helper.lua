-- prefab_helper.lua: what the specs of the prefab phases share (Euchre's
-- trump making, Bridge's auction, Skat's bidding), each prefab checked
-- against the Lua phases it replaced, kept as a copy of the old rules file
-- (tests/lua/<game>_phases_helper.lua).
local dh = require "deckhand"
local assert = require "luassert"
local json = require("deckhand.json").encode
local texts = require("deckhand.move").texts

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

--- M.step_alike(prefab, scripted, seeds, hooks): plays each seed's game
-- on both variants, a random move at a time, and checks at every step the
-- same seat, phase, step, moves (texts, and kinds in a scripted phase),
-- every seat's view's moves, a world sampled by the next seat, the public
-- text of the move, and at the end the same record.  hooks (all optional):
-- each(a, b, seat) more checks before the move (a the prefab's game),
-- after(a, b) checks after it, choose(rng, moves) -> the move to make
function M.step_alike(prefab, scripted, seeds, hooks)
  hooks = hooks or {}
  local seats = prefab.seats
  for seed = 1, seeds do
    local a, b = dh.game(prefab, { seed = seed }), dh.game(scripted, { seed = seed })
    local rng, wa, wb = dh.rng(seed), dh.rng(100 + seed), dh.rng(100 + seed)
    while b:next_player() do
      local seat = b:next_player()
      assert.equal(seat, a:next_player())
      assert.equal(b:phase(), a:phase())
      assert.equal(b:step(), a:step())
      if hooks.each then hooks.each(a, b, seat) end
      local ma, mb = a:moves(), b:moves()
      assert.same(texts(mb), texts(ma))
      if b:step() > 0 then
        for i = 1, #mb do assert.equal(mb[i].kind, ma[i].kind) end
        -- each seat's view: its moves on its turn, none otherwise
        for s = 1, seats do assert.same(texts(b:view(s):moves()), texts(a:view(s):moves())) end
        -- a world sampled by the next seat to the left deals the same
        local s = seat % seats + 1
        assert.equal(json(b:view(s):sample(wb):deal()), json(a:view(s):sample(wa):deal()))
      end
      local m = hooks.choose and hooks.choose(rng, mb) or rng:pick(mb)
      local text = tostring(m)
      assert.equal(b:public(text), a:public(text))
      assert(b:apply(seat, m))
      assert(a:apply(seat, text))
      if hooks.after then hooks.after(a, b) end
    end
    assert.equal(json(b:record()), json(a:record()))
  end
end

return M
