-- needs: io
-- human: a person at the terminal, for any game.  Shows the seat's view
-- (view:describe) and the legal moves, and reads a move as its text: a
-- card (`td`, `10♦`), `bid 4` or just `4` while bidding, `nil`, `pass 2c
-- 3c 4c` or just the cards while passing, `call`, `raise 120`...  A move
-- the game refuses is shown with the game's reason and asked for again.
-- At the prompt `help` lists the commands, `view` shows the table again
-- and `last` the last trick (in trick games).
-- Options: input, output (files, default stdin/stdout), read (a
-- function(prompt) -> line or nil: deckhand/terminal.lua's reader, with
-- line editing), style (for view:describe: style.card(card) dresses a
-- card, e.g. in colour), show (a function(view) -> the text that shows the
-- table; default view:describe(style)).  End of input raises { eof = true }.
local M = {}

-- the legal moves as a short line of text
local function offer(moves)
  local t = {}
  for i, m in ipairs(moves) do
    if i > 16 then t[#t + 1] = ("... (%d in all)"):format(#moves); break end
    t[i] = tostring(m)
  end
  return table.concat(t, ", ")
end

local HELP = [[
commands: a move's text (as listed), help, view (the table again), last (the last trick)]]

-- the last trick as a line, or why there is none
local function last_trick(view, card)
  if type(view.last_trick) ~= "function" then return "this game has no tricks" end
  local cards, winner, seats = view:last_trick()
  if not cards or #cards == 0 then return "no trick has been played yet" end
  local t = {}
  for i, c in ipairs(cards) do t[i] = ("%d:%s"):format(seats[i], card(c)) end
  return ("last trick  %s  (seat %d took it)"):format(table.concat(t, "  "), winner)
end

function M.new(options)
  local input, output = options.input or io.stdin, options.output or io.stdout
  local read = options.read or function(prompt)
    output:write(prompt)
    output:flush()
    return input:read("l")
  end
  local card = options.style and options.style.card or function(c) return c:display() end
  local s = { name = "human" }
  local again = false   -- the last move was refused: ask without showing the view again
  local function show(view)
    if options.show then return options.show(view) end
    return view:describe(options.style)
  end
  function s.move(view)
    if not again then output:write("\n", show(view), "\n") end
    again = false
    while true do
      local moves = view:moves()
      local line = read(("your move (%s): "):format(offer(moves)))
      if not line then error({ eof = true }) end
      line = line:match("^%s*(.-)%s*$")
      local word = line:lower()
      if word == "help" or word == "?" then output:write(HELP, "\n")
      elseif word == "view" then output:write(show(view), "\n")
      elseif word == "last" then output:write(last_trick(view, card), "\n")
      elseif line ~= "" then
        -- the text as typed, else with the phase's word before it ("4"
        -- while bidding is "bid 4"); the game judges what is left
        return view:move(line) or view:move(view:phase() .. " " .. line) or line
      end
    end
  end
  function s.refused(msg, code)
    output:write(("refused: %s (%s)\n"):format(msg, code))
    again = true
  end
  return s
end

return M
