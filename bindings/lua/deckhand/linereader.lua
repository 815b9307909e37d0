--- deckhand.linereader: the lines of an open file, each at most a bound
-- long, so that a damaged or hostile file (no line end at all, /dev/zero)
-- costs bounded memory: records, replays and the page read through it.
-- @module deckhand.linereader

local M = {}

M.max_line = 4 * 1024 * 1024   -- bytes in one line of a record (a deal of a long match is far less)

--- linereader.lines(f, name [, max]) -> an iterator giving each line of
-- the open file f without its line end, and whether it had one (only the
-- last line may lack it); it raises, naming the file and the line, on a
-- line longer than max bytes (default max_line)
function M.lines(f, name, max)
  max = max or M.max_line
  local buf, pos, n = "", 1, 0
  return function()
    while true do
      local stop = buf:find("\n", pos, true)
      if stop then
        local line = buf:sub(pos, stop - 1)
        pos, n = stop + 1, n + 1
        return line, true
      end
      if #buf - pos + 1 > max then
        error(("%s: line %d is longer than %d bytes"):format(name, n + 1, max), 0)
      end
      local more = f:read(64 * 1024)
      if not more then
        if pos > #buf then return nil end
        local line = buf:sub(pos)
        buf, pos, n = "", 1, n + 1
        return line, false
      end
      buf = buf:sub(pos) .. more
      pos = 1
    end
  end
end

return M
