--- deckhand.searchpath: where deckhand looks for variants and bots.
-- One place for the rule the loaders share: `DECKHAND_PATH` first, then
-- `./<kind>/?.lua`, then the repository's `<kind>/` (the installed copies
-- are appended by deckhand/init.lua).
-- @module deckhand.searchpath

local M = {}
local sep = package.config:sub(1, 1)

--- The repository root: `DECKHAND_ROOT`, else the folder two levels above
-- this file's `deckhand/` (bindings/lua/deckhand/ in a source tree).
-- @treturn string
function M.root()
  local env = os.getenv("DECKHAND_ROOT")
  if env and env ~= "" then return env end
  local src = debug.getinfo(1, "S").source
  if src:sub(1, 1) == "@" then
    local dir = src:sub(2):match("^(.*)[/\\]deckhand[/\\][^/\\]*$")
    if dir then return dir .. sep .. ".." .. sep .. ".." end
  end
  return "."
end

--- The default search path for one kind of file.
-- @tparam string kind "rules" or "strategies"
-- @treturn string `?` templates separated by `;`
function M.default(kind)
  local parts = {}
  local env = os.getenv("DECKHAND_PATH")
  if env and env ~= "" then parts[#parts + 1] = env end
  parts[#parts + 1] = "." .. sep .. kind .. sep .. "?.lua"
  parts[#parts + 1] = M.root() .. sep .. kind .. sep .. "?.lua"
  return table.concat(parts, ";")
end

return M
