-- file_helper.lua: temporary files and commands, shared by the specs of
-- the runner and the command line.
local F = {}

--- a fresh name in the temporary folder (no file made)
function F.tmpname()
  local n = os.tmpname()
  os.remove(n)
  return n
end

--- the whole content of a file
function F.slurp(file)
  local f = assert(io.open(file, "rb"))
  local s = f:read("a")
  f:close()
  return s
end

--- writes s as the whole content of file
function F.write(file, s)
  local f = assert(io.open(file, "wb"))
  f:write(s)
  f:close()
end

return F
