-- needs: io
-- human: a person at the terminal, for any game.  Shows the seat's view
-- (view:describe) and the legal moves, and reads a move as its text: a
-- card (`td`, `10♦`), `bid 4` or just `4` while bidding, `nil`, `pass 2c
-- 3c 4c` or just the cards while passing, `call`, `raise 120`...  A move
-- the game refuses is shown with the game's reason and asked for again.
-- Options: input, output (files, default stdin/stdout), style (for
-- view:describe: style.card(card) dresses a card, e.g. in colour).
-- End of input raises { eof = true }.
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

function M.new(options)
  local input, output = options.input or io.stdin, options.output or io.stdout
  local s = { name = "human" }
  local again = false   -- the last move was refused: ask without showing the view again
  function s.move(view)
    if not again then output:write("\n", view:describe(options.style), "\n") end
    again = false
    while true do
      local moves = view:moves()
      output:write("your move (", offer(moves), "): ")
      output:flush()
      local line = input:read("l")
      if not line then error({ eof = true }) end
      line = line:match("^%s*(.-)%s*$")
      if line ~= "" then
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
