--- deckhand.guard: asking a bot for its move without trusting it.
--
-- The bot runs in a coroutine of its own with a wall-clock deadline: past
-- it the coroutine is stopped wherever it is (a loop inside pcall, inside
-- a coroutine of its own, inside a sort comparator) and the bot forfeits.
-- A bot that yields, raises (even an error whose __tostring raises too),
-- returns nothing or returns something that is not a move forfeits.  What
-- it returns is copied to plain data inside the deadline, so no metamethod
-- of the bot's runs later, outside it.  A long call into C (one huge string
-- search) cannot be stopped halfway; its time is measured when it returns,
-- and over the limit the bot forfeits then.
-- @module deckhand.guard

local host = require "deckhand.core".host
local Move = require "deckhand.move"

local M = {}

-- an error object as text, whatever it is
local function describe(e)
  local ok, s = pcall(tostring, e)
  if ok and type(s) == "string" then return s end
  return ("an error object (%s) that cannot be shown"):format(type(e))
end
M.describe = describe

local plain = { string = true, number = true, boolean = true, ["nil"] = true }
local ours   -- the metatables of the package's own userdata (Card, CardSet)

local function our_userdata(x)
  if not ours then
    local core = require "deckhand.core"
    ours = { [debug.getmetatable(core.card("As"))] = true, [debug.getmetatable(core.cards(""))] = true }
  end
  return ours[debug.getmetatable(x)] == true
end

-- the answer as data the runner can use without running the bot's code:
-- texts, numbers, Cards, CardSets and Moves as they are; any other table
-- read raw as a list of those; nil, why for anything else
local function clean(x, depth)
  local t = type(x)
  if plain[t] then return x end
  if t == "userdata" and our_userdata(x) then return x end
  if t == "table" then
    if debug.getmetatable(x) == Move.Move then return x end
    if depth > 0 then return nil, "a table inside a table" end
    local out = {}
    for i = 1, math.min(rawlen(x), 64) do
      local v, why = clean(rawget(x, i), depth + 1)
      if v == nil then return nil, why or "a list with a hole" end
      out[i] = v
    end
    return out
  end
  return nil, ("a %s, not a move"):format(t)
end
M.clean = clean

-- the key of the runner's own errors about an answer (a bot cannot make one)
local RETURNED = {}

-- a failed call's reason: the runner's own words, or the bot's error as text
local function reason(e)
  local mine = type(e) == "table" and rawget(e, RETURNED)
  if type(mine) == "string" then return mine end
  return "raised: " .. describe(e)
end

-- runs f(arg) in a coroutine under the deadline: true and what f returns,
-- or false and why it failed
local function run(f, arg, limit)
  local co = coroutine.create(function(v)
    -- the error is made text here, under the deadline: its __tostring is
    -- the bot's code too
    return xpcall(f, reason, v)
  end)
  local timed = limit and limit > 0
  -- the clock starts before the deadline is set: started after it (a
  -- process paused between the two), a bot stopped at its deadline had
  -- spent less than the limit by this count and was said to have yielded
  local start = host.clock()
  if timed then host.deadline(co, limit) end
  local resumed, ok, a, b = coroutine.resume(co, arg)
  local spent = host.clock() - start
  if timed then host.deadline(co) end
  if timed and spent > limit then
    return false, ("took %.3f s, over the time limit of %g s"):format(spent, limit)
  end
  if not resumed then   -- the runner's own code raised (a limit hit where it could not yield)
    return false, type(ok) == "string" and ok or "an error"
  end
  if coroutine.status(co) ~= "dead" then return false, "yielded (a bot may not yield)" end
  if not ok then return false, a end
  return true, a, b
end

--- guard.run(f, arg, limit) -> what f(arg) returns (its first value, not
-- nil), or nil, why: f ran over limit seconds of wall time (0 or nil: no
-- limit), raised or yielded.  For the runner's calls into a bot's code that
-- are not moves (loading it).
function M.run(f, arg, limit)
  local ok, a, b = run(f, arg, limit)
  if not ok then return nil, a end
  if a == nil then return nil, "returned nothing" end
  return a, b
end

--- guard.move(f, view, limit) -> the move and amount f(view) returns, as
-- plain data (see clean), or nil, why: as guard.run, or it returned
-- nothing or what cannot be a move
function M.move(f, view, limit)
  local ok, move, extra = run(function(v)
    local m, e = f(v)
    local cm, why = clean(m, 0)
    if cm == nil then error({ [RETURNED] = m == nil and "returned nothing" or ("returned " .. why) }) end
    local ce
    ce, why = clean(e, 1)
    if ce == nil and e ~= nil then error({ [RETURNED] = "returned " .. why }) end
    return cm, ce
  end, view, limit)
  if not ok then return nil, move end
  return move, extra
end

--- guard.rules_fault(game) -> nil, or why the game's own rules fail when
-- asked for its moves now: a bot that failed under them is not at fault
-- (a Lua hand rule that raised was reported as the bot's forfeit)
function M.rules_fault(game)
  local fine, err = pcall(game.moves, game)
  if not fine then return describe(err) end
  return nil
end

return M
