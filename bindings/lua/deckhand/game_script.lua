--- deckhand.game_script: the phase scripts of a trick-taking variant, as
-- the game protocol plays them.
--
-- A variant may list `phases`, each { name =, moves = function(state,
-- seat) -> texts, apply = function(game, seat, text) }, that act between
-- the deal and the tricks (the engine's "script" phase; `step()` says
-- which).  moves() reads a Game or a View; apply() gets a script context:
-- the game's reads plus the ops below, and nothing else of the game.  A
-- move is applied whole or not at all (an error in apply puts the game
-- back), and is logged by the number of its text in the variant's list.
-- A prefab phase (dh.phase.*, a Phase in place of the list) is played in
-- C (core.phase_moves, core.phase_apply).  Every function takes the
-- game's variant; deckhand/game.lua composes them into the protocol.
-- @module deckhand.game_script

local core = require "deckhand.core"
local Move = require "deckhand.move"
local protocol = require "deckhand.protocol"

local Game = core.Game
local M = {}

-- an op the engine refuses is the script's mistake: the error names the
-- line of the script that called it (level 3: past this and the ops below).
-- A tail call would not do it: Lua 5.4 keeps the caller's frame under a C
-- function, so the error would name the op here.  The pcall costs some
-- 40 ns an op, and a hand has a few ops.
local function op(...)
  local ok, err = pcall(core.script_op, ...)
  if not ok then error(err, 3) end
end

-- the variant's script texts, numbered in the order first seen: a
-- record keeps texts, the C log numbers
local texts_of = setmetatable({}, { __mode = "k" })
local function intern(variant, text)
  local t = texts_of[variant]
  if not t then t = { list = {}, index = {} }; texts_of[variant] = t end
  local id = t.index[text]
  if not id then
    id = #t.list + 1
    t.list[id], t.index[text] = text, id
  end
  return id
end
-- a prefab phase (dh.phase.*, a Phase in place of the list) is played in
-- C: its moves are the engine's codes, logged as they are, and their
-- texts the Phase's
function M.prefab_of(variant)
  local phases = variant and variant.spec.phases
  if getmetatable(phases) == "deckhand.Phase" then return phases end
  return nil
end

--- the text of script move `id` of the variant (a prefab's code, or the
-- number its text got here)
function M.text(variant, id)
  local prefab = M.prefab_of(variant)
  if prefab then return prefab:text(id) end
  local t = texts_of[variant]
  return t and t.list[id] or ("?" .. tostring(id))
end

-- the ops a script's apply may use, on ctx[1] (the game)
local ops = {
  to = function(c, seat) op(c[1], "turn", seat) end,
  set = function(c, i, v) op(c[1], "var", i, v) end,
  set_trump = function(c, suit) op(c[1], "trump", suit) end,
  set_declarer = function(c, seat) op(c[1], "declarer", seat) end,
  take = function(c, seat, n) op(c[1], "take", seat, n or 1) end,
  discard = function(c, seat, cards) op(c[1], "discard", seat, core.cards(cards)) end,
  sit_out = function(c, seat) op(c[1], "sit_out", seat) end,
  control = function(c, seat, by) op(c[1], "control", seat, by) end,
  set_team = function(c, seat, team) op(c[1], "team", seat, team) end,
  set_mode = function(c, name) op(c[1], "table", name) end,
  expose = function(c, seat, when)
    if when ~= nil and when ~= "now" and when ~= "after_lead" then
      error(("bad argument #2 to 'expose' (\"now\" or \"after_lead\" expected, got %s)"):format(tostring(when)), 2)
    end
    op(c[1], "expose", seat, when == "after_lead")
  end,
  show = function(c, seat, cards) op(c[1], "show", seat, core.cards(cards)) end,
  start_play = function(c, leader) op(c[1], "play", leader) end,
  redeal = function(c) op(c[1], "end_hand") end,
  goto_phase = function(c, name, seat)
    local k = name
    if type(name) == "string" then
      for i, p in ipairs(c.phases) do if p.name == name then k = i end end
    end
    if math.type(k) ~= "integer" then error(("no phase '%s'"):format(tostring(name)), 2) end
    op(c[1], "step", k, seat)
  end,
}
local reads = {}   -- the Game's read methods, filled below on first use
local Ctx = {
  __index = function(c, k)
    local f = ops[k]
    if f then return f end
    f = reads[k]
    if f == nil then
      local m = Game[k]
      if type(m) == "function" and k ~= "apply" and k ~= "play" and k ~= "bid" and k ~= "pass" and k ~= "exchange"
         and k ~= "playout" and k ~= "playouts" and k ~= "rewind" and k ~= "clone" then
        f = function(self, ...) return m(rawget(self, 1), ...) end
      else
        f = false
      end
      reads[k] = f
    end
    return f or nil
  end,
  __metatable = "deckhand.ScriptContext",
}

local function current_phase(g, variant)
  local phases = variant and variant.spec.phases
  return phases and phases[g:step()]
end

-- the name of the script's phase, which game:phase() says in place of
-- "script" (the C half asks: other phases cost nothing more)
function M.phase(g, variant)
  local ph = current_phase(g, variant)
  return ph and ph.name or "script"
end

-- each phase's Moves by text, made once: a Move cannot change, so every
-- game may share it
local moves_of = setmetatable({}, { __mode = "k" })
-- a prefab's Moves by step and code, made once and shared the same way
-- (the kind of a Move is its step's name: "pass" is a move of two); the
-- code of each
local prefab_moves, code_of = setmetatable({}, { __mode = "k" }), setmetatable({}, { __mode = "k" })
local function prefab_script_moves(g, prefab)
  local made = prefab_moves[prefab]
  if not made then made = {}; prefab_moves[prefab] = made end
  local out, step = {}, g:step()
  for i, code in ipairs(core.phase_moves(g)) do
    local key = step << 16 | code
    local m = made[key]
    if not m then
      m = Move.new { kind = prefab:step_name(step), text = prefab:text(code) }
      made[key], code_of[m] = m, code
    end
    out[i] = m
  end
  return out
end

--- the moves of the seat to act in the script's phase (a Game or a View)
function M.moves(g, variant)
  local prefab = M.prefab_of(variant)
  if prefab then return prefab_script_moves(g, prefab) end
  local ph = current_phase(g, variant)
  if not ph then error("the variant has no phase " .. g:step(), 2) end
  local seat = g:next_player()
  local made = moves_of[ph]
  if not made then made = {}; moves_of[ph] = made end
  local out = {}
  for i, t in ipairs(ph.moves(g, seat)) do
    local m = made[t]
    if not m then m = Move.new { kind = ph.name, text = t }; made[t] = m end
    out[i] = m
  end
  return out
end

--- seat applies move m of the script's phase: true, or nil, message, code
function M.apply(g, seat, m, variant)
  local phases = variant.spec.phases
  local text = (type(m) == "string" or Move.is(m)) and tostring(m) or nil
  if not text then return nil, "not a move of this phase: " .. tostring(m), "bad_move" end
  if seat ~= g:next_player() then
    return protocol.refuse("not_your_turn", seat, g:next_player())
  end
  local list, found = M.moves(g, variant), nil
  for _, x in ipairs(list) do   -- one of the shared Moves: no text to compare
    if rawequal(x, m) then found = x; break end
  end
  found = found or Move.find(list, text)
  if not found then return protocol.refuse("illegal_move", text) end
  local prefab = M.prefab_of(variant)
  if prefab then return core.phase_apply(g, seat, code_of[found]) end
  text = tostring(found)
  local ph = phases[g:step()]
  local ctx = setmetatable({ g, phases = phases }, Ctx)
  core.script_apply(g, seat, intern(variant, text), ph.apply, ctx, seat, text)
  return true
end


return M
