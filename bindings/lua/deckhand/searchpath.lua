--- deckhand.searchpath: where deckhand looks for variants and bots.
-- One place for the rule the loaders share.  Variants and strategies are
-- kept apart: a variant is found only where variants live (`rules/`), a
-- strategy only where strategies live (`strategies/`), so no file loads as
-- both.  For a kind, in order: each folder F of `DECKHAND_PATH` (separated
-- by ':' or ';') as `F/<kind>/?.lua`, then `./<kind>/?.lua`, then the
-- repository's `<kind>/` (the installed copies are appended by
-- deckhand/init.lua).
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
  -- DECKHAND_PATH: folders separated by ':' or ';', each searched in its
  -- <kind>/ subfolder alone (never F/?.lua, which would hold both kinds)
  local env = os.getenv("DECKHAND_PATH")
  for entry in (env or ""):gmatch("[^:;]+") do
    local dir = entry:gsub("[/\\]+$", "")
    if dir == "" then dir = sep end
    parts[#parts + 1] = dir .. sep .. kind .. sep .. "?.lua"
  end
  parts[#parts + 1] = "." .. sep .. kind .. sep .. "?.lua"
  parts[#parts + 1] = M.root() .. sep .. kind .. sep .. "?.lua"
  return table.concat(parts, ";")
end

--- The names a search path offers: every `<name>.lua` in the folders of
-- its templates, sorted, each once.
-- @tparam string path `?` templates separated by `;`
-- @treturn {string,...} the names
function M.names(path)
  local seen, out = {}, {}
  for template in path:gmatch("[^;]+") do
    local dir, suffix = template:match("^(.-)[/\\]%?(%.lua)$")
    if dir and suffix then
      local p = io.popen(("ls -1 '%s' 2>/dev/null"):format(dir:gsub("'", "'\\''")))
      for f in p:lines() do
        local name = f:match("^([%w_%-]+)%.lua$")
        if name and not seen[name] then seen[name] = true; out[#out + 1] = name end
      end
      p:close()
    end
  end
  table.sort(out)
  return out
end

--- The one-line message for a name the path does not have.
-- @tparam string what "variant" or "strategy"
-- @tparam string name the name asked for
-- @tparam string path the search path
-- @treturn string "unknown strategy 'x' (there are: greedy, heuristic, ...)"
function M.not_found(what, name, path)
  local names = M.names(path)
  return ("unknown %s '%s' (there are: %s)"):format(what, tostring(name),
    #names > 0 and table.concat(names, ", ") or "none on the search path")
end

return M
