--- deckhand.options: checking a strategy's options against what it takes.
--
--     local o = dh.check_options("pimc", options, {
--       worlds = { "integer", 200, min = 1 },
--       objective = { "choice", "points", { "points", "own", "tricks" } },
--       time = { "number", nil, min = 0 },
--     })
--
-- Each entry is { kind, default, ... }: "integer" and "number" with `min`
-- and `max`, "choice" with the list of allowed values, "boolean", "string",
-- "table", or "any".  The options every strategy is handed (variant, seed)
-- are always allowed.  A value out of place raises a one-line error naming
-- the strategy, the option, what it takes and what it got; an option the
-- strategy does not take raises naming the ones it does (a typo such as
-- `pimc.wrlds=40` is not silently ignored).  Returns a copy of the options
-- with the defaults filled in.
-- @module deckhand.options

local M = {}

local always = { variant = true, seed = true }

-- a value as the user gave it, quoted when text, cut when long
local function shown(v)
  local s = type(v) == "string" and v or tostring(v)
  if #s > 40 then s = s:sub(1, 37) .. "..." end
  return type(v) == "string" and ("'" .. s .. "'") or s
end

local function describe(spec)
  local kind = spec[1]
  if kind == "choice" then
    local names = {}
    for i, v in ipairs(spec[3]) do names[i] = ("'%s'"):format(tostring(v)) end
    return "one of " .. table.concat(names, ", ")
  end
  local range = ""
  if spec.min and spec.max then range = (" from %s to %s"):format(spec.min, spec.max)
  elseif spec.min then range = (" of at least %s"):format(spec.min)
  elseif spec.max then range = (" of at most %s"):format(spec.max) end
  local article = kind == "integer" and "an " or "a "
  return article .. kind .. range
end

local function fits(v, spec)
  local kind = spec[1]
  if kind == "any" then return true end
  if kind == "choice" then
    for _, c in ipairs(spec[3]) do if v == c then return true end end
    return false
  end
  if kind == "integer" then
    if math.type(v) ~= "integer" then return false end
  elseif kind == "number" then
    if type(v) ~= "number" or v ~= v then return false end
  else
    return type(v) == kind
  end
  return (not spec.min or v >= spec.min) and (not spec.max or v <= spec.max)
end

--- check(name, given, specs) -> the options with defaults, or raises
function M.check(name, given, specs)
  local out = {}
  for k, v in pairs(given or {}) do
    local spec = specs[k]
    if spec == nil and not always[k] then
      local names = {}
      for key in pairs(specs) do names[#names + 1] = key end
      table.sort(names)
      error(("%s: unknown option %s (%s)"):format(name, shown(k),
        #names > 0 and "it takes: " .. table.concat(names, ", ") or "it takes none"), 0)
    end
    if spec and not fits(v, spec) then
      error(("%s: option '%s' must be %s, got %s"):format(name, k, describe(spec), shown(v)), 0)
    end
    out[k] = v
  end
  for k, spec in pairs(specs) do
    if out[k] == nil then out[k] = spec[2] end
  end
  return out
end

return M
