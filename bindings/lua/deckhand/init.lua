--- deckhand: a card-game engine.
-- The C half (deckhand.core) holds cards, sets, decks, the generator and
-- the engine; this file gathers it into the package users require.
-- @module deckhand

local core = require "deckhand.core"

-- An installed copy (make install) has deckhand/config.lua beside this
-- file, saying where its variants and bots went; a source tree or a rock
-- has none.  Read it from beside this very file, not from package.path,
-- so that one copy never picks up another copy's settings.
local function installed_config(here)
  local dir = type(here) == "string" and here:match("^(.*[/\\])init%.lua$")
  local chunk = dir and loadfile(dir .. "config.lua", "t", {})
  local ok, config = pcall(chunk or function() end)
  return ok and type(config) == "table" and config or {}
end

local deckhand = {
  _VERSION = "deckhand " .. core.version(),  -- the engine's dh_version()
}

for name, value in pairs(core) do deckhand[name] = value end
deckhand.compose_protocol, deckhand.game_origin, deckhand.host, deckhand.playout, deckhand.refusals = nil, nil, nil, nil, nil  -- the package's own plumbing

--- Where an installed copy keeps its data: `prefix`, `rules` and
-- `strategies` directories; an empty table in a source tree or a rock.
deckhand.config = installed_config(select(2, ...))

--- The search path for one kind of data file ("rules", "strategies") that
-- deckhand itself ships: the installed copy's directory (make install),
-- then `deckhand/<kind>/?.lua` beside every package.path entry (how a rock
-- installs them).  The loaders put this after DECKHAND_PATH and ./<kind>.
-- @tparam string kind "rules" or "strategies"
-- @treturn string a path of `?` templates separated by `;`
function deckhand.data_path(kind)
  local parts = {}
  if deckhand.config[kind] then parts[1] = deckhand.config[kind] .. "/?.lua" end
  for template in package.path:gmatch("[^;]+") do
    if template:match("%?%.lua$") then
      parts[#parts + 1] = template:gsub("%?%.lua$", "deckhand/" .. kind .. "/?.lua")
    end
  end
  return table.concat(parts, ";")
end

-- poker: the evaluator (when built in) and the hand pattern language
deckhand.poker = deckhand.poker or {}
deckhand.poker.pattern = core.pattern
deckhand.poker.match = core.pattern_match
deckhand.pattern, deckhand.pattern_match = nil, nil
deckhand.poker_table = require "deckhand.poker_table"

local Move = require "deckhand.move"
deckhand.Move, deckhand.move, deckhand.is_move = Move.Move, Move.new, Move.is
deckhand.run = require "deckhand.run".run
deckhand.check_options = require "deckhand.options".check
deckhand.objective = require "deckhand.objective"
deckhand.settings_of = require "deckhand.settings_of"
-- dh.lua_game { ... } defines a game; its fields are the helpers a game
-- file may use without requiring anything but deckhand
do
  local L = require "deckhand.lua_game"
  deckhand.lua_game = setmetatable({ shuffled = L.shuffled, take = L.take, show = L.show, copy = L.copy,
                                     deal_hidden = L.deal_hidden, hand_value = L.hand_value,
                                     facts = L.facts },
                                   { __call = function(_, spec) return L.define(spec) end })
end

require "deckhand.variant"(deckhand)
require "deckhand.game"(deckhand)
require "deckhand.replay"(deckhand)
require "deckhand.trick_view"   -- the trick engine's View methods written in Lua
require "deckhand.strategy"(deckhand)
require "deckhand.tournament"(deckhand)
-- variants and bots: each DECKHAND_PATH folder's rules/ (strategies/), ./rules
-- (./strategies), the tree's, then those installed
deckhand.path = deckhand.path .. ";" .. deckhand.data_path("rules")
deckhand.strategy_path = deckhand.strategy_path .. ";" .. deckhand.data_path("strategies")

return deckhand
