--- deckhand.terminal: what `deckhand play` needs of the terminal.
--
-- Colour for the red suits when standard output is a terminal that takes
-- it (not when NO_COLOR is set to anything, https://no-color.org, nor when
-- TERM is "dumb", nor into a pipe or a file); line editing and history
-- through lua-readline when standard input is a terminal and it is
-- installed; and Ctrl-C ending the session at once with status 130, the
-- colour reset and the line ended.
-- @module deckhand.terminal

local host = require "deckhand.core".host

local M = {}

--- terminal.colour(mode) -> true when cards should be coloured.  mode:
-- "auto" (the default: a terminal that takes colour), "always" or "never"
function M.colour(mode)
  mode = mode or "auto"
  if mode == "always" then return true end
  if mode == "never" then return false end
  if mode ~= "auto" then error(("bad --color '%s' (auto, always or never)"):format(tostring(mode)), 0) end
  local no = os.getenv("NO_COLOR")
  if no and no ~= "" then return false end
  if os.getenv("TERM") == "dumb" then return false end
  return host.isatty(io.stdout)
end

-- the escape sequences of lua-term when it is there, else the plain ANSI ones
local function codes()
  local ok, term = pcall(require, "term")
  if ok and type(term) == "table" and term.colors then
    return tostring(term.colors.red), tostring(term.colors.reset)
  end
  return "\27[31m", "\27[0m"
end

--- terminal.style(on) -> a style for view:describe (style.card(card) ->
-- its text, the red suits in red when on)
function M.style(on)
  local red, reset = codes()
  return {
    colour = on, reset = on and reset or "",
    card = function(c)
      local s = c:display()
      if on and (c.suit == "h" or c.suit == "d") then return red .. s .. reset end
      return s
    end,
  }
end

--- terminal.reader([input, output]) -> function(prompt) -> a line, or nil
-- at the end of input.  With lua-readline when input is a terminal: line
-- editing, and the lines entered as history.
function M.reader(input, output)
  input, output = input or io.stdin, output or io.stdout
  local ok, rl = pcall(require, "readline")
  if ok and type(rl) == "table" and rl.readline and input == io.stdin and host.isatty(io.stdin) then
    return function(prompt)
      local line = rl.readline(prompt)
      if line and line:match("%S") then rl.add_history(line) end
      return line
    end
  end
  return function(prompt)
    output:write(prompt)
    output:flush()
    return input:read("l")
  end
end

--- terminal.exit_on_interrupt(style): Ctrl-C ends the process at once
-- with status 130, after a newline (and a colour reset)
function M.exit_on_interrupt(style)
  host.exit_on_interrupt((style and style.reset or "") .. "\ninterrupted: bye\n")
end

return M
