--- deckhand.web.catalog: what the page may offer -- the variants and bots
-- on the search path, each variant's options with their defaults, and the
-- checks of a choice before a match or a tournament starts.
-- @module deckhand.web.catalog

local dh = require "deckhand"
local json = require "deckhand.json"
local rule_guard = require "deckhand.rule_guard"
local searchpath = require "deckhand.searchpath"

local M = {}

-- an error message without the "file:line:" a raise may carry
local function clean(err)
  return (tostring(err):gsub("^[^:\n]*%.lua:%d+: ", ""))
end
M.clean = clean

--- catalog.games() -> { { name, seats, unit, sides, options = { key = default } }, ... }
-- for every variant on the search path; a file that does not load is
-- listed with `error` instead
function M.games()
  local out = {}
  for _, name in ipairs(searchpath.names(dh.path)) do
    local ok, v = rule_guard.here(dh.variant, name)
    if ok then
      local options = {}
      for k, x in pairs(v.settings or {}) do options[k] = x end
      out[#out + 1] = { name = name, seats = v.seats, unit = v.unit, sides = v.sides, options = options }
    else
      out[#out + 1] = { name = name, error = clean(v) }
    end
  end
  return out
end

--- catalog.strategies() -> the names of the bots on the strategy path
-- (`human` is the terminal's, not a bot)
function M.strategies()
  local out = {}
  for _, name in ipairs(searchpath.names(dh.strategy_path)) do
    if name ~= "human" then out[#out + 1] = name end
  end
  return out
end

local function plain_name(x)
  return type(x) == "string" and x:match("^[%w_%-]+$") ~= nil
end

--- catalog.options(raw) -> a table of plain option values, or nil, message
function M.options(raw)
  if raw == nil then return {} end
  if type(raw) ~= "table" then return nil, "options must be an object" end
  local out = {}
  for k, v in pairs(raw) do
    local tv = type(v)
    if type(k) ~= "string" or (tv ~= "string" and tv ~= "number" and tv ~= "boolean") then
      return nil, ("option '%s' must be a string, number or boolean"):format(tostring(k))
    end
    out[k] = v
  end
  return out
end

-- an option whose default is an integer takes a whole number only (a page
-- may send 4.0); said here, before the variant's rules see a float
local function whole_numbers(name, options)
  local ok, plain = rule_guard.here(dh.variant, name)
  if not ok then return true end
  for k, x in pairs(options) do
    if math.type((plain.settings or {})[k]) == "integer" and math.type(x) == "float" then
      local i = math.tointeger(x)
      if not i then return nil, ("%s: option '%s' must be an integer, got %.14g"):format(name, k, x) end
      options[k] = i
    end
  end
  return true
end

--- catalog.variant(name, options) -> the Variant, or nil, message: only a
-- name on the search path (never a file), options checked by the variant
function M.variant(name, raw)
  if type(name) ~= "string" then
    return nil, ("game must be a variant's name, got %s"):format(json.encode(name))
  end
  if not plain_name(name) then
    return nil, ("unknown game '%s' (a variant's name)"):format(name)
  end
  if not package.searchpath(name, dh.path) then return nil, searchpath.not_found("variant", name, dh.path) end
  local options, why = M.options(raw)
  if not options then return nil, why end
  local whole, wwhy = whole_numbers(name, options)
  if not whole then return nil, wwhy end
  local ok, v = rule_guard.here(dh.variant, name, options)
  if not ok then return nil, clean(v) end
  return v
end

--- catalog.strategy(name) -> name, or nil, message when no bot of that
-- name is on the strategy path
function M.strategy(name)
  if not plain_name(name) or name == "human" or not package.searchpath(name, dh.strategy_path) then
    local list = table.concat(M.strategies(), ", ")
    return nil, ("unknown bot '%s' (there are: %s)"):format(tostring(name), list)
  end
  return name
end

return M
