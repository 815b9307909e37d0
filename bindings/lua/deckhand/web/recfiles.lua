--- deckhand.web.recfiles: the files of the records folder as the server
-- may read them.  A name from a page is a plain file name (no folder, no
-- leading dot); the file it names must be in the folder, not a link out of
-- it (the server reads nothing else); and a line is read only up to
-- `max_line` bytes, so that a corrupt or huge file costs the event loop
-- no more than that.
-- @module deckhand.web.recfiles

local json = require "deckhand.json"
local linereader = require "deckhand.linereader"

local M = {}

M.max_line = linereader.max_line   -- bytes in one line of a record

local function quote(s) return "'" .. tostring(s):gsub("'", "'\\''") .. "'" end

--- recfiles.plain_name(name) -> true when name is a file name the page
-- may ask for
function M.plain_name(name)
  return type(name) == "string" and #name <= 255 and name:match("^[%w_%-][%w_%-%.]*$") ~= nil
end

-- the resolved paths of the folder and of each name (links followed), in
-- the order of names
local function resolved(folder, names)
  local words = { quote(folder) }
  for i, n in ipairs(names) do words[i + 1] = quote(folder .. "/" .. n) end
  local p = io.popen("realpath -m -- " .. table.concat(words, " ") .. " 2>/dev/null")
  local out = {}
  for l in p:lines() do out[#out + 1] = l end
  p:close()
  return out
end

--- recfiles.inside(folder, names) -> the names (of a list) whose files are
-- in the folder itself once links are followed
function M.inside(folder, names)
  if #names == 0 then return {} end
  local paths = resolved(folder, names)
  if #paths ~= #names + 1 then return {} end
  local out, prefix = {}, paths[1] .. "/"
  for i, n in ipairs(names) do
    local p = paths[i + 1]
    if p:sub(1, #prefix) == prefix and not p:find("/", #prefix + 1, true) then out[#out + 1] = n end
  end
  return out
end

--- recfiles.open(folder, name) -> the file handle, the path, or nil,
-- message: a file of the folder by a name from a page
function M.open(folder, name)
  if not M.plain_name(name) then
    return nil, ("bad record name %s (a file name in the records folder)"):format(json.encode(name))
  end
  if #M.inside(folder, { name }) == 0 then
    return nil, ("%s: not a file of the records folder"):format(name)
  end
  local path = folder .. "/" .. name
  local f = io.open(path, "rb")
  if not f then return nil, ("%s: no such record in the records folder"):format(name) end
  return f, path
end

--- recfiles.lines(f, name) -> an iterator over the lines of an open file
-- (the last one may lack its line end); it raises, naming the file and
-- the line, on a line longer than max_line (deckhand/linereader.lua)
function M.lines(f, name)
  return linereader.lines(f, name, M.max_line)
end

--- recfiles.first_line(f, name) -> the first line of an open file decoded
-- as JSON (nil when it is not JSON), or raises as lines does
function M.first_line(f, name)
  return json.decode(M.lines(f, name)() or "")
end

return M
