-- .ci/sync-rockspec.lua: rewrites the file lists of the rockspec from the
-- tree (LuaRocks' builtin backend takes no globs).  Run from the top:
--   lua5.4 .ci/sync-rockspec.lua [bindings/lua/deckhand-scm-1.rockspec]
-- tests/dist/rockspec_spec.lua fails until the lists match the tree.
local file = arg[1] or "bindings/lua/deckhand-scm-1.rockspec"

local function ls(glob)
  local p = assert(io.popen("ls " .. glob .. " 2>/dev/null"))
  local list = {}
  for f in p:lines() do list[#list + 1] = f end
  p:close()
  table.sort(list)
  return list
end

local f = assert(io.open(file))
local text = f:read("a")
f:close()

-- the C sources of deckhand.core
local sources = {}
for _, glob in ipairs { "engine/core/*.c", "engine/trick/*.c", "engine/poker/*.c", "engine/solve/*.c",
                        "engine/rummy/*.c", "engine/scopa/*.c", "engine/blackjack/*.c",
                        "bindings/lua/*.c" } do
  for _, src in ipairs(ls(glob)) do sources[#sources + 1] = ('        "%s",\n'):format(src) end
end
local n
text, n = text:gsub("(\n      sources = {\n).-(\n      },)", function(head, tail)
  return head .. table.concat(sources):sub(1, -2) .. tail
end)
assert(n == 1, "no sources list found")

-- the Lua modules: the package, then variants and bots as deckhand.<kind>.<name>
-- (a bot's parts in a folder, strategies/heuristic/spades.lua, as
-- deckhand.strategies.heuristic.spades)
local modules = { '    ["deckhand"] = "bindings/lua/deckhand/init.lua",\n' }
-- (a part in a folder, deckhand/web/server.lua, as deckhand.web.server)
for _, src in ipairs(ls("bindings/lua/deckhand/*.lua bindings/lua/deckhand/*/*.lua")) do
  local name = src:match("^bindings/lua/deckhand/(.+)%.lua$"):gsub("/", ".")
  if name ~= "init" and name ~= "config" then
    modules[#modules + 1] = ('    ["deckhand.%s"] = "%s",\n'):format(name, src)
  end
end
for _, kind in ipairs { "rules", "strategies" } do
  for _, src in ipairs(ls(kind .. "/*.lua " .. kind .. "/*/*.lua")) do
    local name = src:sub(#kind + 2):gsub("%.lua$", ""):gsub("/", ".")
    modules[#modules + 1] = ('    ["deckhand.%s.%s"] = "%s",\n'):format(kind, name, src)
  end
end
text, n = text:gsub('(\n)    %["deckhand"%] = .-(\n  },\n)', function(head, tail)
  return head .. table.concat(modules):sub(1, -2) .. tail
end, 1)
assert(n == 1, "no module list found")

-- what `install` adds: the command, when the tree has it, and the page of
-- deckhand web (web/*) as deckhand/web/static/<file> beside the modules,
-- where deckhand/web/server.lua looks for it in a rock (LuaRocks puts an
-- install.lua entry in the folder of its key less the last part, under
-- the file's own name)
local install = {}
local f_bin = io.open("bin/deckhand")
if f_bin then
  f_bin:close()
  install[#install + 1] = '    bin = { deckhand = "bin/deckhand" },\n'
end
local statics = ls("web/*")
if #statics > 0 then
  install[#install + 1] = "    lua = {\n"
  for _, src in ipairs(statics) do
    local key = src:match("[^/]*$"):gsub("[^%w]", "_")
    install[#install + 1] = ('      ["deckhand.web.static.%s"] = "%s",\n'):format(key, src)
  end
  install[#install + 1] = "    },\n"
end
-- the block after the module list, inside build = { ... }
text = text:gsub("\n  install = {.-\n  },?\n}%s*$", "\n}\n")
text = text:gsub("\n  install = { bin = { deckhand = \"bin/deckhand\" } },\n}%s*$", "\n}\n")
if #install > 0 then
  text = text:gsub("\n}%s*$", "\n  install = {\n" .. table.concat(install) .. "  },\n}\n")
end

f = assert(io.open(file, "w"))
f:write(text)
f:close()
print(("%s: %d C sources, %d Lua modules, %d files of the page"):format(file, #sources, #modules, #statics))
