--- deckhand.strategy_docs: the tables of docs/bots.md that list what each
-- shipped strategy takes, made from the spec it checks its options with.
--
-- A shipped strategy's file returns, beside new(options), `takes`: the
-- table it hands to dh.check_options (deckhand/options.lua), each entry
-- with its `doc`.  Its table sits between the markers
--     <!-- options:pimc -->  ...  <!-- /options -->
-- named by the strategy's dotted name; .ci/schema-docs.lua writes the
-- tables and tests/lua/strategy_docs_spec.lua fails until they match.
-- The files are read from the repository (root/strategies/...), never
-- from DECKHAND_PATH: the docs describe what ships.
-- @module deckhand.strategy_docs

local options = require "deckhand.options"
local schema = require "deckhand.schema"

local M = {}

--- the strategies with a table, by dotted name (pimc.omaha is
-- pimc.holdem, heuristic's other parts read the heuristic's options)
M.strategies = { "random", "greedy", "heuristic", "heuristic.lua_game", "pimc", "pimc.lua_game",
                 "pimc.holdem", "ismcts" }

--- the page that holds the tables, from the top of the tree
M.pages = { "docs/bots.md" }

--- strategy_docs.file(name [, root]) -> the path of a shipped strategy
function M.file(name, root)
  return (root or ".") .. "/strategies/" .. name:gsub("%.", "/") .. ".lua"
end

--- strategy_docs.takes(name [, root]) -> the `takes` of a shipped
-- strategy's file (loaded as plain Lua: these are the project's own)
function M.takes(name, root)
  local chunk = assert(loadfile(M.file(name, root), "t"))
  local module = chunk()
  if type(module) ~= "table" or type(module.takes) ~= "table" then
    error(("strategies/%s.lua returns no takes table"):format((name:gsub("%.", "/"))), 0)
  end
  return module.takes
end

--- strategy_docs.tables([root]) -> { [name] = markdown } for every strategy
function M.tables(root)
  local out = {}
  for _, name in ipairs(M.strategies) do
    local ok, t = pcall(options.markdown, M.takes(name, root))
    if not ok then error(name .. ": " .. t, 0) end
    out[name] = t
  end
  return out
end

--- strategy_docs.fill(text [, root]) -> the text with every marked table
-- made again, and the names of the markers it found
function M.fill(text, root)
  return schema.fill_marked(text, "options", M.tables(root))
end

return M
