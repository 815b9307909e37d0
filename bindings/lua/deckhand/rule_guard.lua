--- deckhand.rule_guard: a variant's rules under a wall-clock time limit.
--
-- The tournament plays each game on a thread of its own, whose count hook
-- (lhost.c) stops the variant's Lua code (a phase script, a game written
-- in Lua) once it has run longer than the limit since the game started or
-- since the last bot answered; a rule the engine calls from C (a Lua
-- `play` or `points` rule) has the same limit per call (lrulecall.c).  Bots
-- run on threads of their own and their time is never the rules'.  Code
-- of the engine's own (prefab rules, in C) is never slowed: the hooks
-- count Lua instructions only, and a variant whose game the engine plays
-- with no Lua of the variant's between its rules (no phase script, no
-- `public` or `status` function, not a game written in Lua) is played on a
-- thread without a hook (its Lua rules, if any, have theirs).
-- @module deckhand.rule_guard

local host = require "deckhand.core".host

local M = {}

local watched   -- the thread whose rules' time runs, while a game is played on it

-- the limit's message, naming the variant once
local function named(e, name)
  local s = tostring(e)
  local at = s:find("rule time limit: ", 1, true)
  if not at then return e end
  s = s:sub(at)
  return (s:gsub("^rule time limit: the rules ran", "rule time limit: the rules of " .. name .. " ran"))
end

-- does the runner, playing this variant's game, run Lua code of the
-- variant's own (outside the rules the engine calls)?
local function lua_driven(variant)
  local spec = variant.spec
  if variant.rules == nil or spec == nil then return true end
  if type(spec.phases) == "table" and getmetatable(spec.phases) ~= "deckhand.Phase" then return true end
  return type(spec.public) == "function" or type(spec.status) == "function"
end

--- rule_guard.pcall(limit, who, f, ...) -> as pcall(f, ...): f (a
-- variant's build, a game's deal, deckhand.run) runs on a thread of its
-- own under the rule time limit of `limit` seconds (0: none); who is the
-- variant, or its name while it is being built.  An overrun is the error
-- "rule time limit: the <kind> rule of <name> ran over <limit> s" or
-- "rule time limit: the rules of <name> ran over <limit> s (at file:line)"
function M.pcall(limit, who, f, ...)
  local name = type(who) == "string" and who or who.name
  host.rule_limit(limit)
  local co = coroutine.create(f)
  watched = (type(who) == "string" or lua_driven(who)) and co or nil
  if watched then host.rule_thread(co) end
  local r = table.pack(coroutine.resume(co, ...))
  watched = nil
  host.rule_thread(co, false)
  host.rule_limit(0)
  if r[1] and coroutine.status(co) ~= "dead" then return false, name .. ": the rules yielded" end
  if not r[1] then return false, type(r[2]) == "string" and named(r[2], name) or r[2] end
  return table.unpack(r, 1, r.n)
end

--- rule_guard.again(): the rules' time starts again (after a bot's
-- answer: its thinking was not the rules' time)
function M.again()
  if watched and coroutine.running() == watched then host.rule_thread(watched) end
end

--- rule_guard.here(f, ...) -> as pcall(f, ...): f runs on this very
-- thread under the rule time limit already set (host.rule_limit, which
-- deckhand web sets once for all its matches), not on a coroutine of its
-- own, so that it may yield to an event loop (in rule_guard.pause).  The
-- thread's time starts now, and stops with f unless it was running.
function M.here(f, ...)
  local co = coroutine.running()
  local was = host.rule_thread(co)
  local r = table.pack(pcall(f, ...))
  if not was then host.rule_thread(co, false) end
  return table.unpack(r, 1, r.n)
end

--- rule_guard.pause(f, ...) -> what f(...) returns: time away from the
-- rules of the game played on this thread (a person's move awaited, a
-- bot's), called from the game's code under rule_guard.pcall or here.
-- The rules' time is stopped while f runs, then started afresh: merely
-- restarting it after f would leave a moment, between f's return and the
-- restart, in which the hook could stop the game for f's time.  f may
-- yield.
function M.pause(f, ...)
  local co = coroutine.running()
  if not host.rule_thread(co, false) then return f(...) end
  local r = table.pack(pcall(f, ...))
  host.rule_thread(co)
  if not r[1] then error(r[2], 0) end
  return table.unpack(r, 2, r.n)
end

return M
