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
-- "table", or "any".  An entry may also carry `doc`, what the option means
-- in a few words, and `default_doc`, the default in words where the code
-- works it out (a nil default: "as many as worlds"); the check ignores
-- both, and markdown(specs) makes the docs' table of them (docs/bots.md's
-- tables of the shipped bots, .ci/schema-docs.lua).  The options every
-- strategy is handed (variant, seed) are always allowed.  A value out of
-- place raises a one-line error naming the strategy, the option, what it
-- takes and what it got; an option the strategy does not take raises
-- naming the ones it does (a typo such as `pimc.wrlds=40` is not silently
-- ignored).  Returns a copy of the options with the defaults filled in.
--
--     local o = options.defaults("spades", given, { target = 500, blind_nil = false })
--
-- does the same for a variant's options, which are listed by their
-- defaults: a chosen value must have its default's type (a default of
-- `false` also takes a number: "no cap, or this many").  This module is
-- the one place where options are checked: strategies, variants and
-- games of their own (poker) call check or defaults, and an unknown
-- option is refused with the nearest name it takes, when one is close.
-- @module deckhand.options

local schema = require "deckhand.schema"

local M = {}

local always = { variant = true, seed = true }

-- a value as the user gave it, quoted when text, cut when long; a table
-- or a function by its type (its address says nothing to the user)
local function shown(v)
  local t = type(v)
  if t ~= "string" and t ~= "number" and t ~= "boolean" and t ~= "nil" then return "a " .. t end
  local s = t == "string" and v or tostring(v)
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

-- the message for an option not taken: what it is near, then the list
-- (`listing`: the options as the caller lists them).  The guess comes
-- first: a long list is cut where the message reaches a person
-- (deckhand/message.lua), and the guess is what a typo needs.
local function unknown(name, key, names, listing)
  local near = schema.nearest(key, names)
  if near then return ("%s: unknown option %s (did you mean '%s'?); %s"):format(name, shown(key), near, listing) end
  return ("%s: unknown option %s (%s)"):format(name, shown(key), listing)
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
      error(unknown(name, k, names, #names > 0 and "it takes: " .. table.concat(names, ", ") or "it takes none"), 0)
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

-- "a=1, b=true, c=''": options and their defaults, sorted
local function option_list(defaults)
  local out = {}
  for k, v in pairs(defaults) do
    out[#out + 1] = ("%s=%s"):format(tostring(k), type(v) == "string" and ("'" .. v .. "'") or tostring(v))
  end
  table.sort(out)
  return #out > 0 and table.concat(out, ", ") or "none"
end

--- defaults(name, given, defaults) -> the chosen options over the
-- defaults, each of its default's type, or raises naming the option
function M.defaults(name, given, defaults)
  local o = {}
  for k, v in pairs(defaults) do o[k] = v end
  for k, v in pairs(given or {}) do
    local d = defaults[k]
    if d == nil then
      local names = {}
      for key in pairs(defaults) do names[#names + 1] = tostring(key) end
      table.sort(names)
      error(unknown(name, k, names, "its options, with their defaults: " .. option_list(defaults)), 0)
    end
    if not (type(v) == type(d) or (d == false and type(v) == "number")) then
      error(("%s: option '%s' must be a %s, got %s"):format(name, k, type(d), shown(v)), 0)
    end
    o[k] = v
  end
  return o
end

-- the docs' words for a value: code in backticks, a list as Lua writes it
local function code(v)
  if type(v) == "table" then
    local items = {}
    for i, x in ipairs(v) do items[i] = tostring(x) end
    return "`{ " .. table.concat(items, ", ") .. " }`"
  end
  return "`" .. tostring(v) .. "`"
end

-- a cell of a markdown table: one line, no bar that would end the cell
local function cell(s) return (tostring(s):gsub("\n", " "):gsub("|", "\\|")) end

-- what an entry allows beyond its kind: a range, or the choices
local function allowed(spec)
  if spec[1] == "choice" then
    local names = {}
    for i, v in ipairs(spec[3]) do names[i] = code(v) end
    return table.concat(names, ", ")
  end
  if spec.min and spec.max then return ("%s to %s"):format(spec.min, spec.max) end
  if spec.min then return ("%s or more"):format(spec.min) end
  if spec.max then return ("%s or less"):format(spec.max) end
  return ""
end

--- markdown(specs) -> the docs' table of what a strategy takes: each
-- option (sorted by name) with its kind, its default, its range or
-- choices and its `doc`; raises naming an option without a `doc`, so
-- that no option reaches the docs unexplained
function M.markdown(specs)
  local names = {}
  for k in pairs(specs) do names[#names + 1] = k end
  table.sort(names)
  if #names == 0 then return "It takes no options of its own (only `variant` and `seed`).\n" end
  local out = { "| option | type | default | range or choices | meaning |", "|---|---|---|---|---|" }
  for _, k in ipairs(names) do
    local spec = specs[k]
    if type(spec.doc) ~= "string" or spec.doc == "" then error(("option '%s' has no doc"):format(k), 0) end
    local default = spec.default_doc or (spec[2] == nil and "none" or code(spec[2]))
    out[#out + 1] = ("| `%s` | %s | %s | %s | %s |"):format(k, spec[1], cell(default), cell(allowed(spec)), cell(spec.doc))
  end
  return table.concat(out, "\n") .. "\n"
end

return M
