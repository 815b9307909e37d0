--- deckhand.cli: the deckhand command's arguments, read and checked.
--
-- Each refusal names the option, the value given (cut when long) and what
-- is allowed, as one line (bin/deckhand prints it after "deckhand: ").
-- @module deckhand.cli

local message = require "deckhand.message"

local M = {}

-- "k=v,k2=v2" -> table with numbers and booleans read as such.  flag:
-- the option's name for a refusal; per_strategy: every key is name.key
function M.parse_opts(list, flag, per_strategy)
  local into = {}
  for _, item in ipairs(list or {}) do
    for kv in item:gmatch("[^,]+") do
      local k, v = kv:match("^%s*([%w_%.%-]+)%s*=%s*(.-)%s*$")
      if per_strategy and k and not k:match("^[^%.]+%..") then k = nil end
      if not k then
        error(("bad %s %s (want %s)"):format(flag or "option", message.quote(kv),
          per_strategy and "strategy.key=value, e.g. pimc.worlds=40" or "key=value"), 0)
      end
      local val = math.tointeger(tonumber(v)) or tonumber(v)
      if v == "true" then val = true elseif v == "false" then val = false end
      if val == nil then val = v end
      local head, rest = k:match("^([^%.]+)%.(.+)$")
      if head then
        if type(into[head]) ~= "table" then into[head] = {} end
        into[head][rest] = val
      else
        into[k] = val
      end
    end
  end
  return into
end

-- an integer from the command line, checked: --games abc, --games 0 and
-- --jobs -1 are refused, naming the option
function M.int_arg(text, option, min, max)
  local n = math.tointeger(tonumber(text))
  if not n or (min and n < min) or (max and n > max) then
    local range = max and ("from %d to %d"):format(min, max) or min and ("of at least %d"):format(min) or ""
    error(("bad %s %s (an integer %s)"):format(option, message.quote(tostring(text)), range):gsub(" %)$", ")"), 0)
  end
  return n
end

-- --set for a strategy that is not playing (or misspelt) is refused by name
function M.check_set(opts, labels, what)
  local names, known = {}, {}
  for _, l in ipairs(labels) do
    if not known[l] then known[l] = true; names[#names + 1] = l end
  end
  for label, o in pairs(opts) do
    if not known[label] then
      local key = type(o) == "table" and next(o) or "?"
      error(("bad --set %s.%s: no strategy '%s' is playing (%s: %s)"):format(message.clip(label, 40),
        message.clip(tostring(key), 40), message.clip(label, 40), what, table.concat(names, ", ")), 0)
    end
  end
end

-- a seat number from the command line, checked against the table
function M.seat_arg(text, seats, what)
  local s = math.tointeger(tonumber(text))
  if not s or s < 1 or s > seats then
    error(("%s: bad seat '%s' (seats are 1..%d)"):format(what, tostring(text), seats), 0)
  end
  return s
end

-- cli.rule_time(text) -> the seconds of --rule-time: what the game's own
-- Lua code may run at a time (0: none)
function M.rule_time(text)
  local t = tonumber(text)
  if not t or t < 0 then
    error(("bad --rule-time %s (seconds, 0 for none)"):format(message.quote(text)), 0)
  end
  return t
end

-- "--games -1": a value that looks like a negative number is the
-- option's value (argparse would take it for an option), checked later:
-- cli.argv(arg) -> the arguments for argparse
function M.argv(arg)
  local argv = {}
  local k = 1
  while k <= #arg do
    local a, v = arg[k], arg[k + 1]
    if a:match("^%-%-[%w%-]+$") and v and v:match("^%-%.?%d") then
      argv[#argv + 1] = a .. "=" .. v
      k = k + 2
    else
      argv[#argv + 1] = a
      k = k + 1
    end
  end
  return argv
end

-- cli.stdout_lost() -> true when something printed failed to reach
-- standard output (print ignores what its writes return: a full disk
-- under `deckhand ... > file` would lose the output silently); says so
function M.stdout_lost()
  io.stdout:flush()
  if not require("deckhand.core").host.failed(io.stdout) then return false end
  io.stderr:write("deckhand: cannot write standard output (a full disk?): what the command printed is incomplete\n")
  return true
end

-- cli.exit(code): os.exit, but 1 when the output was lost
function M.exit(code)
  os.exit(M.stdout_lost() and 1 or code)
end

-- cli.checked_help(parser): --help of the parser and of each of its
-- commands exits through cli.exit (argparse's own exits 0 even when the
-- text never reached its file)
function M.checked_help(parser)
  parser:add_help { action = function()
    print(parser:get_help())
    M.exit(0)
  end }
  for _, command in ipairs(parser._commands) do M.checked_help(command) end
end

return M
