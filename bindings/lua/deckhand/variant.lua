--- deckhand.variant: finding, loading, configuring and checking variants.
--
-- A variant file (`rules/<name>.lua`) returns a table:
--
--     { name = "spades", options = { target = 500, ... },
--       build = function(options) return { seats = 4, hand = ..., ... } end }
--
-- `options` lists every option with its default; `build` turns the chosen
-- options into the rules.  A file may instead return the rules table
-- itself (then it takes no options).
--
-- A variant file runs in a sandbox as a bot does (deckhand/sandbox.lua):
-- Lua's safe base functions, string, table, math, utf8, coroutine,
-- os.clock/time/date, `require "deckhand"` (the public API, read-only),
-- `require "deckhand.lua_game"` and `require "deckhand.holdem"`; no io,
-- no os.execute, no debug, no package, no binary chunks, no strategies.
-- Its functions (build, Lua rules, phase scripts, a Lua game's callbacks)
-- keep that environment wherever they run.  A table given in place of a
-- file is the caller's own code and is used as it is.
-- @module deckhand.variant

local core = require "deckhand.core"

local searchpath = require "deckhand.searchpath"
local sandbox = require "deckhand.sandbox"
local MAX_SEATS = require "deckhand.lua_game".MAX_SEATS   -- a variant with its own game

-- field name -> the check it must pass, for a clear message
local function is_rule(v)
  return type(v) == "function" or (type(v) == "userdata" and tostring(v):match("^Rule%(") ~= nil)
end

local fields = {
  seats = function(v) return math.type(v) == "integer" and v >= 2 and v <= 8, "an integer from 2 to 8" end,
  sides = function(v) return type(v) == "table", "a list of side numbers per seat" end,
  deck = function(v) return type(v) == "string" or type(v) == "userdata", "a deck kind, card names or a Deck" end,
  remove = function(v) return type(v) == "string" or type(v) == "table" or type(v) == "userdata", "cards" end,
  order = function(v) return type(v) == "string" or type(v) == "userdata", "ranks strongest first" end,
  suit_of = function(v) return type(v) == "table", "a table card -> suit" end,
  strength = function(v) return type(v) == "table", "a table card -> strength" end,
  sizes = function(v) return type(v) == "table" and #v >= 1, "a list of hand sizes" end,
  trump = function(v) return type(v) == "string",
                             "a suit, \"none\", \"turn_under\", \"turn_top\", \"dealer\" or \"show_top\"" end,
  trump_tables = function(v) return type(v) == "table", "a table suit -> { suit_of =, strength = }" end,
  phases = function(v)
    if getmetatable(v) == "deckhand.Phase" then return true end   -- a prefab (dh.phase.*), played in C
    if type(v) ~= "table" or #v < 1 then return false, "a list of phases or a prefab phase" end
    for _, p in ipairs(v) do
      if type(p) ~= "table" or type(p.name) ~= "string" or type(p.moves) ~= "function"
         or type(p.apply) ~= "function" then
        return false, "a list of phases, each { name =, moves = function, apply = function }, or a prefab phase"
      end
    end
    return true
  end,
  scripted = function(v) return type(v) == "boolean", "a boolean (set from phases)" end,
  status = function(v) return type(v) == "function", "a function(view) -> a line about the phase script's state" end,
  opener = function(v) return v == "dealer" or v == "left" or (math.type(v) == "integer" and v >= 0 and v < 8),
                             "\"dealer\", \"left\" or a number of seats left of the dealer (who acts first in the first phase)" end,
  public = function(v) return type(v) == "function", "a function(text) -> what the other seats see" end,
  draw = function(v) return type(v) == "boolean", "a boolean" end,
  lead = function(v) return type(v) == "string" or type(v) == "userdata", "\"left\" or a card" end,
  pass_count = function(v) return math.type(v) == "integer" and v >= 0, "a count of cards" end,
  pass_dirs = function(v) return type(v) == "table", "a list of seat offsets" end,
  bidding = function(v) return type(v) == "boolean", "a boolean" end,
  blind_exchange = function(v) return math.type(v) == "integer" and v >= 0,
                                      "a count of cards (a blind Nil bidder and its partner exchange them)" end,
  trump_exchange = function(v) return type(v) == "boolean" or v == "first_trick",
                                      "a boolean or \"first_trick\" (the lowest trump may be swapped for the turned card)" end,
  low_wins = function(v) return type(v) == "boolean", "a boolean" end,
  max_hands = function(v) return math.type(v) == "integer" and v >= 1, "a positive integer" end,
  hand = function(v) return is_rule(v), "a hand rule or function" end,
  play = function(v) return is_rule(v), "a play rule or function" end,
  points = function(v) return is_rule(v), "a points rule or function" end,
  win = function(v) return is_rule(v), "a win rule or function" end,
  bid = function(v) return is_rule(v), "a bid rule or function" end,
  name = function(v) return type(v) == "string", "a string" end,
  nil_bid = function(v) return type(v) == "boolean", "a boolean (a bid of 0 is a Nil, shown \"nil\")" end,
  unit = function(v) return v == "points" or v == "tricks" or v == "chips",
                            "\"points\", \"tricks\" or \"chips\"" end,
  helpers = function(v) return type(v) == "table", "a table of the rules' functions bots may ask (Pinochle's meld)" end,
  heuristic = function(v) return type(v) == "string" and v:match("^[%w_]+$") ~= nil,
                                 "a name (strategies/heuristic/<name>.lua)" end,
}
local required = { "seats", "sizes", "hand", "play", "points", "win" }

local function check_spec(name, spec)
  for _, k in ipairs(required) do
    if spec[k] == nil then error(("%s: missing field '%s'"):format(name, k), 0) end
  end
  for k, v in pairs(spec) do
    local check = fields[k]
    if not check then error(("%s: unknown field '%s'"):format(name, tostring(k)), 0) end
    local ok, what = check(v)
    if not ok then
      error(("%s: field '%s' must be %s, got %s"):format(name, k, what, type(v)), 0)
    end
  end
end

-- the chosen options over the defaults, each of the default's type
-- "a=1, b=true, c=''": a variant's options and their defaults, sorted
local function option_list(defaults)
  local out = {}
  for k, v in pairs(defaults) do
    out[#out + 1] = ("%s=%s"):format(tostring(k), type(v) == "string" and ("'" .. v .. "'") or tostring(v))
  end
  table.sort(out)
  return #out > 0 and table.concat(out, ", ") or "none"
end

local function merge_options(name, defaults, given)
  local o = {}
  for k, v in pairs(defaults) do o[k] = v end
  for k, v in pairs(given or {}) do
    local d = defaults[k]
    if d == nil then
      error(("%s: unknown option '%s' (its options, with their defaults: %s)"):format(name, tostring(k),
        option_list(defaults)), 0)
    end
    local ok = type(v) == type(d) or (d == false and type(v) == "number")
    if not ok then
      error(("%s: option '%s' must be a %s, got %s"):format(name, k, type(d),
        type(v) == "string" and ("'" .. v:sub(1, 40) .. "'") or tostring(v)), 0)
    end
    o[k] = v
  end
  return o
end

return function(deckhand)
  deckhand.path = searchpath.default("rules")

  local Variant = {}
  Variant.__index = Variant
  Variant.__metatable = "deckhand.Variant"   -- Lua code cannot change what every variant shares
  -- the variant each Rules was built for: views and sampled worlds carry
  -- their Rules, not their Variant
  local by_rules = setmetatable({}, { __mode = "k" })
  function deckhand.variant_of_rules(rules) return by_rules[rules] end
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
    local def
    if type(source) == "table" then
      def = source
    elseif type(source) == "string" then
      local file = find(source)
      -- in a sandbox of its own, as a bot is (deckhand/sandbox.lua): the
      -- rules' functions keep it wherever the engine calls them
      local chunk, err = loadfile(file, "t", sandbox.env { variant = true })
      if not chunk then error(err, 0) end
      local ok
      ok, def = pcall(chunk)
      if not ok then error(("%s: %s"):format(file, tostring(def)), 0) end
      if type(def) ~= "table" then error(("%s: the file must return a table"):format(file), 0) end
    else
      error("bad argument #1 to 'variant' (name, path or table expected, got " .. type(source) .. ")", 2)
    end
    local name = def.name or (type(source) == "string" and source) or "variant"
    -- a variant that brings its own game (poker, a game written wholly in
    -- Lua): options, game(settings, opts, variant), and its table: seats
    -- (a number or a function of the settings), sides (the same, a side
    -- per seat; default each seat alone) and unit
    if type(def.game) == "function" and not def.build then
      local chosen = merge_options(name, def.options or {}, options)
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
      }, Variant)
    end
    local spec, chosen
    if def.build then
      chosen = merge_options(name, def.options or {}, options)
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
      for k, v in pairs(def) do if k ~= "options" then spec[k] = v end end
    end
    spec.name = spec.name or name
    check_spec(name, spec)
    spec.scripted = spec.phases ~= nil
    local ok, rules = pcall(core.rules, spec)
    if not ok then error((tostring(rules):gsub("^[^:]*:%d+: ", "")), 0) end
    local sides = {}
    for s = 1, spec.seats do sides[s] = spec.sides and spec.sides[s] or s end
    local variant = setmetatable({
      name = name, source = type(source) == "string" and source or nil,
      options = options or {}, settings = chosen, spec = spec, rules = rules,
      seats = spec.seats, sides = sides, unit = spec.unit or "points", heuristic = spec.heuristic,
    }, Variant)
    by_rules[rules] = variant
    return variant
  end
end
