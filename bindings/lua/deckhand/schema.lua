--- deckhand.schema: checking a table against a schema, and the docs'
-- reference tables made from it.
--
-- A schema is data (deckhand/schema/variant.lua, schema/lua_game.lua):
--
--     { fields = { { name = "seats", type = { "integer", min = 2, max = 8 },
--                    required = true, doc = "the number of seats" }, ... },
--       combinations = { { id = "...", when = function(t) ... end,
--                          message = "...", doc = "..." }, ... } }
--
-- A field's type is one type or a list of them, any of which may fit:
-- { "integer", min =, max = }, { "number", min =, max = }, { "boolean" },
-- { "string" }, { "name" } (letters, digits, _), { "table" }, { "list" }
-- (a non-empty sequence), { "function" }, { "userdata" }, { "rule" } (a
-- function or a prefab Rule), { "phase" } (a prefab Phase), { "value", x }
-- (x itself), or { "custom", test = function(v) -> ok, doc = "..." }.  Each
-- may carry `doc`, the words the messages and the docs use for it.
--
-- check(schema, t, where) -> true, or nil and its faults: a missing
-- field, an unknown one (with the nearest known name when one is close),
-- one of the wrong type, or a combination the schema refuses; `where`
-- (the file, else the name) starts the message, the faults follow it
-- separated by "; ".
-- @module deckhand.schema

local M = {}

-- the words for a type, as messages and the docs say them
local function range(t)
  if t.min and t.max then return (" from %s to %s"):format(t.min, t.max) end
  if t.min then return (" of at least %s"):format(t.min) end
  if t.max then return (" of at most %s"):format(t.max) end
  return ""
end

local function type_doc(t)
  if t.doc then return t.doc end
  local k = t[1]
  if k == "integer" then return "an integer" .. range(t) end
  if k == "number" then return "a number" .. range(t) end
  if k == "value" then return type(t[2]) == "string" and ('"' .. t[2] .. '"') or tostring(t[2]) end
  if k == "name" then return "a name (letters, digits, _)" end
  if k == "list" then return "a list" end
  if k == "rule" then return "a rule or function" end
  if k == "phase" then return "a prefab phase (dh.phase.*)" end
  return (k:match("^[aeiou]") and "an " or "a ") .. k
end

local function alternatives(ty)
  if type(ty[1]) == "string" then return { ty } end
  return ty
end

--- schema.describe(field [, docs]) -> the words for what a field takes:
-- its `want` in messages, its `takes` in the docs, else its types'
function M.describe(field, docs)
  if docs and field.takes then return field.takes end
  if not docs and field.want then return field.want end
  local words = {}
  for i, t in ipairs(alternatives(field.type)) do words[i] = type_doc(t) end
  if #words == 1 then return words[1] end
  return table.concat(words, ", ", 1, #words - 1) .. " or " .. words[#words]
end

-- the Lua type a type spec takes, for telling "wrong type" from "out of range"
local BASE = { integer = "number", number = "number", name = "string", list = "table", value = nil }

local function fits(t, v)
  local k = t[1]
  if k == "integer" or k == "number" then
    if k == "integer" and math.type(v) ~= "integer" then return false end
    if type(v) ~= "number" or v ~= v then return false end
    return (not t.min or v >= t.min) and (not t.max or v <= t.max)
  elseif k == "value" then return v == t[2]
  elseif k == "name" then return type(v) == "string" and v:match("^[%w_]+$") ~= nil
  elseif k == "list" then return type(v) == "table" and #v >= 1
  elseif k == "rule" then
    return type(v) == "function" or (type(v) == "userdata" and tostring(v):match("^Rule%(") ~= nil)
  elseif k == "phase" then return getmetatable(v) == "deckhand.Phase"
  elseif k == "custom" then return t.test(v) == true
  end
  return type(v) == k
end

-- what a refused value is called: its value when its type was right (an
-- integer out of range, a string not among the choices), else its type
local function got(field, v)
  for _, t in ipairs(alternatives(field.type)) do
    local base = BASE[t[1]] or (t[1] == "value" and type(t[2])) or t[1]
    if base == type(v) and (type(v) == "number" or type(v) == "string") then
      local s = tostring(v)
      if #s > 40 then s = s:sub(1, 37) .. "..." end
      return type(v) == "string" and ("'" .. s .. "'") or s
    end
  end
  return type(v)
end

--- schema.distance(a, b) -> the number of letters inserted, deleted,
-- changed or swapped with a neighbour that turn a into b
function M.distance(a, b)
  local la, lb = #a, #b
  local x, y = { a:byte(1, -1) }, { b:byte(1, -1) }
  local d = {}
  for i = 0, la do d[i] = { [0] = i } end
  for j = 0, lb do d[0][j] = j end
  for i = 1, la do
    local row, up = d[i], d[i - 1]
    for j = 1, lb do
      local v = math.min(up[j] + 1, row[j - 1] + 1, up[j - 1] + (x[i] == y[j] and 0 or 1))
      if i > 1 and j > 1 and x[i] == y[j - 1] and x[i - 1] == y[j] then v = math.min(v, d[i - 2][j - 2] + 1) end
      row[j] = v
    end
  end
  return d[la][lb]
end

--- schema.nearest(name, names) -> the known name closest to a misspelt
-- one, when it is close enough to be meant (one slip in a short name,
-- two in a longer one), else nil
function M.nearest(name, names)
  if type(name) ~= "string" then return nil end
  local best, best_d
  local low = name:lower()
  for _, n in ipairs(names) do
    local limit = math.min(#n, #name) <= 4 and 1 or 2
    -- a length further off than the limit is never near
    local d = math.abs(#n - #name) <= limit and M.distance(low, n:lower()) or math.huge
    if d <= limit and (not best_d or d < best_d or (d == best_d and n < best)) then best, best_d = n, d end
  end
  return best
end

--- schema.names(schema) -> its field names, in order
function M.names(schema)
  local out = {}
  for i, f in ipairs(schema.fields) do out[i] = f.name end
  return out
end

--- schema.field(schema, name) -> the field's entry, or nil
function M.field(schema, name)
  for _, f in ipairs(schema.fields) do if f.name == name then return f end end
  return nil
end

--- schema.unknown(what, key, names) -> the fault of a key that names
-- nothing known, with the nearest known name when one is close
function M.unknown(what, key, names)
  local near = M.nearest(key, names)
  return ("unknown %s '%s'%s"):format(what, tostring(key),
    near and (" (did you mean '%s'?)"):format(near) or "")
end

--- schema.check(schema, t, where [, opts]) -> true, or nil, message.
-- opts.unknown(key) -> the fault of a key the schema does not list, or
-- nil to let it pass (a file's own exports), when given; an `open`
-- schema lets every other key pass.  opts.label names the fields in
-- messages ("field"); opts.context is handed to the combinations.
function M.check(schema, t, where, opts)
  opts = opts or {}
  local label, faults = opts.label or "field", {}
  for _, f in ipairs(schema.fields) do
    if f.required and t[f.name] == nil then
      faults[#faults + 1] = ("missing %s '%s'"):format(label, f.name)
    end
  end
  -- the keys in a fixed order, so that a table with two faults gets the
  -- same message every run; an open table's own keys are not looked at
  local keys = {}
  if schema.open then
    for _, f in ipairs(schema.fields) do if t[f.name] ~= nil then keys[#keys + 1] = f.name end end
  else
    for k in pairs(t) do keys[#keys + 1] = k end
    table.sort(keys, function(a, b) return tostring(a) < tostring(b) end)
  end
  for _, k in ipairs(keys) do
    local f = type(k) == "string" and M.field(schema, k)
    if f then
      local v, ok = t[k], false
      for _, ty in ipairs(alternatives(f.type)) do ok = ok or fits(ty, v) end
      if not ok then
        faults[#faults + 1] = ("%s '%s' must be %s, got %s"):format(label, k, M.describe(f), got(f, v))
      elseif f.entries and type(v) == "table" then
        -- a table of tables each checked against a schema of its own
        -- (trump_tables' { suit_of =, strength = })
        local inner = {}
        for key in pairs(v) do inner[#inner + 1] = key end
        table.sort(inner, function(a, b) return tostring(a) < tostring(b) end)
        for _, key in ipairs(inner) do
          local e = v[key]
          local at = ("%s[%s]"):format(k, tostring(key))
          if type(e) ~= "table" then
            faults[#faults + 1] = ("%s '%s' must be a table, got %s"):format(label, at, type(e))
          else
            local eok, why = M.check(f.entries, e, at, { label = "field" })
            if not eok then faults[#faults + 1] = why end
          end
        end
      end
    elseif opts.unknown then
      faults[#faults + 1] = opts.unknown(k)   -- nil: the key passes
    else
      faults[#faults + 1] = M.unknown(label, k, M.names(schema))
    end
  end
  -- the combinations read fields of the right types only
  if #faults == 0 then
    for _, c in ipairs(schema.combinations or {}) do
      if c.when(t, opts.context) then
        local m = c.message
        if type(m) == "function" then m = m(t, opts.context) end
        faults[#faults + 1] = m
      end
    end
  end
  -- every fault, after the file's name once (a message is shown as one line)
  if #faults > 0 then return nil, where .. ": " .. table.concat(faults, "; ") end
  return true
end

-- a cell of a markdown table: no line breaks, no bars
local function cell(s) return (tostring(s):gsub("\n", " "):gsub("|", "\\|")) end

--- schema.markdown(schema) -> the reference table of its fields, and the
-- combinations it refuses, in markdown
function M.markdown(schema)
  local out = { "| field | takes | default | what it is |", "|---|---|---|---|" }
  for _, f in ipairs(schema.fields) do
    local default = f.required and "required" or (f.default or "none")
    out[#out + 1] = ("| `%s` | %s | %s | %s |"):format(f.name, cell(M.describe(f, true)), cell(default), cell(f.doc))
  end
  local refused = {}
  for _, c in ipairs(schema.combinations or {}) do
    if c.doc then refused[#refused + 1] = "- " .. c.doc end
  end
  if #refused > 0 then
    out[#out + 1] = ""
    out[#out + 1] = "Refused together:"
    out[#out + 1] = ""
    table.move(refused, 1, #refused, #out + 1, out)
  end
  return table.concat(out, "\n") .. "\n"
end

--- schema.tables() -> { [marker] = markdown }: every reference table the
-- docs hold, by the marker around it (<!-- schema:NAME -->)
function M.tables()
  local variant = require "deckhand.schema.variant"
  local lua_game = require "deckhand.schema.lua_game"
  return {
    ["variant.file"] = M.markdown(variant.file),
    ["variant.table"] = M.markdown(variant.table),
    ["lua_game"] = M.markdown(lua_game.game),
    ["lua_game.state"] = M.markdown(lua_game.state),
  }
end

--- the pages that hold the tables, from the top of the tree
M.pages = { "docs/variants.md", "docs/your-own-game.md" }

--- schema.fill_marked(text, kind, tables) -> the text with each table
-- between `<!-- KIND:NAME -->` and `<!-- /KIND -->` replaced by tables[NAME]
-- (a name not in tables left as it is), and the names it found
function M.fill_marked(text, kind, tables)
  local found = {}
  local pattern = "(<!%-%- " .. kind .. ":([%w._]+) %-%->\n)(.-)(<!%-%- /" .. kind .. " %-%->)"
  local out = text:gsub(pattern, function(open, name, _, close)
    local t = tables[name]
    if not t then return nil end
    found[#found + 1] = name
    return open .. t .. close
  end)
  return out, found
end

--- schema.fill(text) -> the text with every marked table made again from
-- the schema, and the names of the markers it found
function M.fill(text)
  return M.fill_marked(text, "schema", M.tables())
end

return M
