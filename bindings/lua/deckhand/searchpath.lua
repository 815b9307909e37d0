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

local KIND = { strategy = { "strategies", "bots" }, variant = { "rules", "variants" } }

-- a file of that name straight in a DECKHAND_PATH folder (the folder named
-- is the kind's own folder, or the file sits beside it): what to do instead
local function misplaced(what, name)
  local kind = KIND[what]
  if not kind or type(name) ~= "string" then return "" end
  local file = name:gsub("%.", sep) .. ".lua"
  for entry in (os.getenv("DECKHAND_PATH") or ""):gmatch("[^:;]+") do
    local dir = entry:gsub("[/\\]+$", "")
    local f = io.open(dir .. sep .. file, "r")
    if f then
      f:close()
      local parent, last = dir:match("^(.*)[/\\]([^/\\]+)$")
      if last == kind[1] then
        return ("; DECKHAND_PATH names %s itself: name its parent, %s (%s are looked for in F%s%s%s of each folder F)")
          :format(dir, parent ~= "" and parent or sep, kind[2], sep, kind[1], sep)
      end
      return ("; %s%s%s is not looked at: %s go in %s%s%s%s"):format(dir, sep, file, kind[2], dir, sep, kind[1], sep)
    end
  end
  return ""
end

--- The one-line message for a name the path does not have.
-- @tparam string what "variant" or "strategy"
-- @tparam string name the name asked for
-- @tparam string path the search path
-- @treturn string "unknown strategy 'x' (there are: greedy, heuristic, ...)",
-- and how to place the file when a DECKHAND_PATH folder holds it misplaced
function M.not_found(what, name, path)
  local names = M.names(path)
  return ("unknown %s '%s' (there are: %s)%s"):format(what, tostring(name),
    #names > 0 and table.concat(names, ", ") or "none on the search path", misplaced(what, name))
end

return M
