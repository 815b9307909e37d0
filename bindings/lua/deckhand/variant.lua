--- deckhand.variant: finding, loading, configuring and checking variants.
--
-- A variant file (`rules/<name>.lua`) returns a table:
--
--     { name = "spades", options = { target = 500, ... },
--       build = function(options) return { seats = 4, hand = ..., ... } end }
--
-- `options` lists every option with its default; `build` turns the chosen
-- options into the rules.  A file may instead return the rules table
-- itself (then it takes no options).  Every field a file and its rules
-- may set is in deckhand/schema/variant.lua, which each file is checked
-- against when it loads (deckhand/schema.lua); the options are checked
-- by deckhand/options.lua.
--
-- A variant file runs in a sandbox as a bot does (deckhand/sandbox.lua):
-- Lua's safe base functions, string, table, math, utf8, coroutine,
-- os.clock/time/date, `require "deckhand"` (the public API, read-only),
-- `require "deckhand.lua_game"` and `require "deckhand.poker_view"`; no io,
-- no os.execute, no debug, no package, no binary chunks, no strategies.
-- Its functions (build, Lua rules, phase scripts, a Lua game's callbacks)
-- keep that environment wherever they run.  A table given in place of a
-- file is the caller's own code and is used as it is.
-- @module deckhand.variant

local core = require "deckhand.core"

local searchpath = require "deckhand.searchpath"
local sandbox = require "deckhand.sandbox"
local variant_index = require "deckhand.variant_index"
local MAX_SEATS = require "deckhand.lua_game".MAX_SEATS   -- a variant with its own game

local schema = require "deckhand.schema"
local fields = require "deckhand.schema.variant"
local options_of = require "deckhand.options".defaults

-- a file's table (with build or game) against the schema: a field that
-- belongs in the rules' table, or only in a game of its own, is named as
-- such; other keys are the file's own exports for tests and bots
-- (Bridge's `score`, Skat's `points`: functions and tables of them),
-- unless one is so near a known field that it is a slip (`optons`)
local function check_file(where, def)
  local game = type(def.game) == "function"
  local file_names, all = schema.names(fields.file), {}
  for _, n in ipairs(file_names) do all[#all + 1] = n end
  for _, n in ipairs(schema.names(fields.table)) do all[#all + 1] = n end
  local ok, why = schema.check(fields.file, def, where, { unknown = function(k)
    if type(k) ~= "string" then return nil end
    if not game and schema.field(fields.table, k) and type(def[k]) ~= "function" then
      return ("field '%s' belongs in the table build returns"):format(k)
    end
    if schema.nearest(k, file_names) then return schema.unknown("field", k, file_names) end
    return nil
  end })
  if not ok then error(why, 0) end
  if not game then
    for _, f in ipairs(fields.file.fields) do
      if f.game and def[f.name] ~= nil and not schema.field(fields.table, f.name) then
        error(("%s: field '%s' is for a game of its own (with game =), not one with build"):format(where, f.name), 0)
      elseif f.game and def[f.name] ~= nil then
        error(("%s: field '%s' belongs in the table build returns"):format(where, f.name), 0)
      end
    end
  end
end

local function check_spec(where, spec)
  local ok, why = schema.check(fields.table, spec, where)
  if not ok then error(why, 0) end
end

-- where a scripted variant's bids go (rules.h, bid_step): before the phase
-- bids_before names (its index), or 0, after the phases; the combinations
-- that cannot be are refused here, by the field's name
local function bid_step(name, spec)
  local before = spec.bids_before
  if before == nil then return nil end
  if not spec.bidding then error(("%s: field 'bids_before' needs bidding = true"):format(name), 0) end
  if type(spec.phases) ~= "table" or getmetatable(spec.phases) == "deckhand.Phase" then
    error(("%s: field 'bids_before' needs phases written in Lua"):format(name), 0)
  end
  for i, p in ipairs(spec.phases) do
    if p.name == before then return i end
  end
  error(("%s: field 'bids_before' names no phase: '%s'"):format(name, before), 0)
end

return function(deckhand)
  deckhand.path = searchpath.default("rules")

  local Variant = {}
  Variant.__index = Variant
  Variant.__metatable = "deckhand.Variant"   -- Lua code cannot change what every variant shares
  deckhand.variant_of_rules = variant_index.of
  Variant.__tostring = function(v) return ("Variant(%s)"):format(v.name) end
  deckhand.Variant = Variant

  -- the file a name or path refers to
  local function find(name_or_path)
    if name_or_path:find("[/\\]") or name_or_path:match("%.lua$") then return name_or_path end
    local path = package.searchpath(name_or_path, deckhand.path)
    if not path then error(searchpath.not_found("variant", name_or_path, deckhand.path), 0) end
    return path
  end

  --- deckhand.variant(name_or_path_or_table [, options]) -> Variant
  function deckhand.variant(source, options)
    if options ~= nil and type(options) ~= "table" then
      error("bad argument #2 to 'variant' (table expected, got " .. type(options) .. ")", 2)
    end
    local def, where
    if type(source) == "table" then
      def = source
    elseif type(source) == "string" then
      local file = find(source)
      -- in a sandbox of its own, as a bot is (deckhand/sandbox.lua): the
      -- rules' functions keep it wherever the engine calls them
      local chunk, err = loadfile(file, "t", sandbox.env { variant = true, package = deckhand })
      if not chunk then error(err, 0) end
      where = file
      local ok
      ok, def = pcall(chunk)
      if not ok then   -- named by the file once: an error with its place has it already
        local why = (type(def) == "string" or type(def) == "number") and tostring(def)
                    or ("it raised a %s, not a message"):format(type(def))
        error(why:sub(1, #file + 1) == file .. ":" and why or ("%s: %s"):format(file, why), 0)
      end
      if type(def) ~= "table" then error(("%s: the file must return a table"):format(file), 0) end
    else
      error("bad argument #1 to 'variant' (name, path or table expected, got " .. type(source) .. ")", 2)
    end
    local name = def.name or (type(source) == "string" and source) or "variant"
    -- the schema's messages name the file when there is one
    where = where or tostring(name)
    if type(def.game) == "function" or type(def.build) == "function" then check_file(where, def) end
    -- a variant that brings its own game (poker, a game written wholly in
    -- Lua): options, game(settings, opts, variant), and its table: seats
    -- (a number or a function of the settings), sides (the same, a side
    -- per seat; default each seat alone) and unit
    if type(def.game) == "function" and not def.build then
      local chosen = options_of(name, options, def.options or {})
      if type(def.check) == "function" then
        local ok, why = pcall(def.check, chosen)
        if not ok then error((tostring(why):gsub("^[^:]*:%d+: ", "")), 0) end
      end
      local function of(v) if type(v) == "function" then return v(chosen) end return v end
      local seats = of(def.seats)
      if math.type(seats) ~= "integer" or seats < 1 or seats > MAX_SEATS then
        error(("%s: seats must be an integer 1 to %d (or a function of the options giving one)"):format(name, MAX_SEATS), 0)
      end
      local sides = of(def.sides)
      if sides == nil then sides = {}; for s = 1, seats do sides[s] = s end end
      return setmetatable({
        name = name, kind = def.kind, source = type(source) == "string" and source or nil,
        options = options or {}, settings = chosen, new_game = def.game,
        seats = seats, sides = sides, unit = def.unit or "points", heuristic = def.heuristic, bots = def.bots,
        game_options = def.game_options,
        table_hook = def.table,   -- (deckhand/table.lua) checked by the schema
      }, Variant)
    end
    local spec, chosen
    if def.build then
      chosen = options_of(name, options, def.options or {})
      -- an option the rules refuse is named by the variant, not by a line
      -- of its file
      local ok, built = pcall(def.build, chosen)
      if not ok then
        -- (and once: a message that already starts with the name keeps it)
        local why = tostring(built):gsub("^[^:]*:%d+: ", "")
        if why:sub(1, #name + 2) == name .. ": " then why = why:sub(#name + 3) end
        error(("%s: %s"):format(name, why), 0)
      end
      spec = built
      if type(spec) ~= "table" then error(name .. ": build must return a table", 0) end
    else
      if options and next(options) then error(name .. ": takes no options", 0) end
      spec, chosen = {}, {}
      for k, v in pairs(def) do if k ~= "options" and k ~= "table" then spec[k] = v end end
    end
    spec.name = spec.name or name
    check_spec(where, spec)
    spec.scripted = spec.phases ~= nil
    spec.bid_step = bid_step(name, spec)
    local ok, rules = pcall(core.rules, spec)
    if not ok then error((tostring(rules):gsub("^[^:]*:%d+: ", "")), 0) end
    local sides = {}
    for s = 1, spec.seats do sides[s] = spec.sides and spec.sides[s] or s end
    local variant = setmetatable({
      name = name, source = type(source) == "string" and source or nil,
      options = options or {}, settings = chosen, spec = spec, rules = rules,
      seats = spec.seats, sides = sides, unit = spec.unit or "points", heuristic = spec.heuristic,
      table_hook = def.table,   -- (deckhand/table.lua) checked by the schema
    }, Variant)
    variant_index.remember(rules, variant)
    return variant
  end
end
