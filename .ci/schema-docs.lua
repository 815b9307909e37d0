-- .ci/schema-docs.lua: makes the reference tables of the docs: the
-- variants' from the schema (bindings/lua/deckhand/schema/*.lua), between
-- the markers
--     <!-- schema:variant.table -->  ...  <!-- /schema -->
-- and the shipped strategies' options from the specs they check them with
-- (each file's `takes`: deckhand/strategy_docs.lua), between
--     <!-- options:pimc -->  ...  <!-- /options -->
-- Run from the top, with the package on LUA_PATH (eval "$(make -s env)"):
--   lua5.4 .ci/schema-docs.lua           rewrites the tables in place
--   lua5.4 .ci/schema-docs.lua --check   exits 1 naming each page whose tables differ
-- tests/lua/schema_spec.lua and tests/lua/strategy_docs_spec.lua fail
-- until the pages match.
local makers = { require "deckhand.schema", (require "deckhand.strategy_docs") }

local check = arg[1] == "--check"
local stale = 0
for _, maker in ipairs(makers) do
  for _, page in ipairs(maker.pages) do
    local f = assert(io.open(page))
    local text = f:read("a")
    f:close()
    local made = maker.fill(text)
    if made ~= text then
      if check then
        io.stderr:write(page, ": its reference tables differ from the code (run lua5.4 .ci/schema-docs.lua)\n")
        stale = stale + 1
      else
        f = assert(io.open(page, "w"))
        f:write(made)
        f:close()
        print(page .. ": tables made again")
      end
    end
  end
end
os.exit(stale == 0)
