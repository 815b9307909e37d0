--- deckhand.web.libs: lua-http and lua-cqueues under Lua 5.4.
--
-- Debian packages lua-http (and the pure-Lua modules it needs: basexx,
-- fifo, lpeg_patterns, binaryheap) for Lua 5.1 to 5.3 only, though the
-- code is plain Lua that runs under 5.4; cqueues, luaossl and lpeg have
-- 5.4 builds.  This module lets `require` find those few pure-Lua modules
-- in the older versions' share folders, and nothing else from there: a
-- searcher that answers only for their names, so no other 5.1-5.3 module
-- can shadow or stand in for a 5.4 one.
--
--     local libs = require "deckhand.web.libs"
--     local http_server = libs.require "http.server"
-- @module deckhand.web.libs

local M = {}

-- the top-level names the searcher answers for
local allowed = { http = true, basexx = true, fifo = true, lpeg_patterns = true, binaryheap = true }

--- The folders searched, newest Lua first (`DECKHAND_LUA_HTTP` may name
-- another share folder, e.g. a lua-http unpacked by hand).
M.folders = { "/usr/share/lua/5.3", "/usr/share/lua/5.2", "/usr/share/lua/5.1" }

local function path()
  local parts, extra = {}, os.getenv("DECKHAND_LUA_HTTP")
  local folders = { table.unpack(M.folders) }
  if extra and extra ~= "" then table.insert(folders, 1, extra) end
  for _, dir in ipairs(folders) do
    parts[#parts + 1] = dir .. "/?.lua"
    parts[#parts + 1] = dir .. "/?/init.lua"
  end
  return table.concat(parts, ";")
end

local function searcher(name)
  local top = name:match("^[^%.]+")
  if not allowed[top] then return nil end
  local file, err = package.searchpath(name, path())
  if not file then return "\n\t(deckhand.web.libs)" .. err end
  local chunk, why = loadfile(file)
  if not chunk then error(("error loading module '%s' from %s:\n\t%s"):format(name, file, why), 2) end
  return chunk, file
end

local installed = false
local function install()
  if installed then return end
  installed = true
  -- after Lua's own searchers: a 5.4 copy, when there is one, wins
  table.insert(package.searchers, searcher)
end

--- libs.require(name) -> the module, after making the packaged folders
-- reachable; raises naming the Debian packages when it is missing
function M.require(name)
  install()
  local ok, mod = pcall(require, name)
  if not ok then
    error(("deckhand web needs lua-http, lua-cqueues and lua-luaossl (Debian: apt-get install " ..
           "lua-http lua-cqueues lua-luaossl, or bash .ci/bootstrap web): %s"):format(
           tostring(mod):match("^[^\n]*")), 0)
  end
  return mod
end

--- libs.available() -> true, or nil and why the server cannot start
function M.available()
  local ok, why = pcall(M.require, "http.server")
  if ok then ok, why = pcall(M.require, "http.websocket") end
  if not ok then return nil, why end
  return true
end

return M
