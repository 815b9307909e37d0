-- install_spec.lua: make install into a temporary prefix, then use only
-- the installed copy: require "deckhand" from lua5.4, and build and run
-- the C embedding example with pkg-config.  Then make uninstall leaves
-- nothing behind.
package.path = "tests/lua/?.lua;" .. package.path
local H = require "embed_helper"
local q = H.quote

-- installs the release build: under the sanitizer run the release build
-- may be missing or stale, and the point is the install itself
local describe_or_skip = describe
if H.sanitize then
  describe_or_skip = function(name) pending(name .. ": skipped under sanitize (runs in make test)") end
end

describe_or_skip("make install", function()
  local tmp, prefix
  local release = H.root .. "/build/release"

  -- Lua paths that reach only the installed copy (no ";;" defaults)
  local function lua_env(extra)
    local vars = {
      LUA_PATH_5_4 = prefix .. "/share/lua/5.4/?.lua;" .. prefix .. "/share/lua/5.4/?/init.lua",
      LUA_CPATH_5_4 = prefix .. "/lib/lua/5.4/?.so",
    }
    for k, v in pairs(extra or {}) do vars[k] = v end
    return H.clean_env(vars)
  end

  setup(function()
    tmp = H.tmpdir()
    prefix = tmp .. "/prefix"
    H.run(("cd %s && bash .ci/install install '' %s %s"):format(q(H.root), q(prefix), q(release)))
  end)

  teardown(function() H.rmdir(tmp) end)

  it("puts libraries, headers, pkg-config file and the Lua module in place", function()
    for _, f in ipairs {
      "lib/libdeckhand.a", "lib/libdeckhand.so", "lib/libdeckhand.so.0",
      "include/deckhand/deckhand.h", "include/deckhand/version.h", "include/deckhand/card.h",
      "lib/pkgconfig/deckhand.pc", "lib/lua/5.4/deckhand/core.so",
      "share/lua/5.4/deckhand/init.lua", "share/lua/5.4/deckhand/config.lua",
    } do
      assert.is_true(H.exists(prefix .. "/" .. f), f)
    end
    if H.exists(H.root .. "/bin/deckhand") then
      assert.is_true(H.exists(prefix .. "/bin/deckhand"), "bin/deckhand")
    end
    for _, glob in ipairs { "rules/*.lua", "strategies/*.lua", "examples/games/*.lua" } do
      for f in H.sh("cd " .. q(H.root) .. " && ls " .. glob .. " 2>/dev/null"):gmatch("%S+") do
        assert.is_true(H.exists(prefix .. "/share/deckhand/" .. f), f)
      end
    end
    -- the module is not linked against liblua: lua5.4 provides the API
    assert.falsy(H.run("ldd " .. q(prefix .. "/lib/lua/5.4/deckhand/core.so")):find("liblua"))
    assert.truthy(H.run("readelf -d " .. q(prefix .. "/lib/libdeckhand.so")):find("libdeckhand.so.0", 1, true))
  end)

  it("is found by lua5.4 with nothing but the installed paths", function()
    local out = H.run(lua_env() .. [[ lua5.4 -e '
      local dh = require "deckhand"
      print(dh._VERSION)
      print(package.searchpath("deckhand.core", package.cpath))
      print(dh.config.rules)
      print(dh.cards("As Kd"):display())']])
    local lines = {}
    for l in out:gmatch("[^\n]+") do lines[#lines + 1] = l end
    assert.are.equal("deckhand " .. require("deckhand.core").version(), lines[1])
    assert.are.equal(prefix .. "/lib/lua/5.4/deckhand/core.so", lines[2])
    assert.are.equal(prefix .. "/share/deckhand/rules", lines[3])
    assert.are.equal("A♠ K♦", lines[4])
  end)

  it("finds its own variants from any directory", function()
    if not require("deckhand").variant then return pending("needs deckhand.variant") end
    local out = H.run("cd " .. q(tmp) .. " && " .. lua_env() .. [[ lua5.4 -e '
      local dh = require "deckhand"
      print(package.searchpath("spades", dh.path))
      print(dh.variant("spades").name)']])
    assert.are.equal(prefix .. "/share/deckhand/rules/spades.lua\nspades\n", out)
  end)

  it("finds its own bots and runs its command", function()
    local dh = require "deckhand"
    if not dh.strategy then return pending("needs deckhand.strategy") end
    local out = H.run("cd " .. q(tmp) .. " && " .. lua_env() .. [[ lua5.4 -e '
      local dh = require "deckhand"
      print(package.searchpath("random", dh.strategy_path))
      print(type(dh.strategy("random")))
      print(package.searchpath("heuristic.spades", dh.strategy_path))
      print(dh.strategy("heuristic", { variant = "spades" }).bid ~= nil)']])
    assert.are.equal(prefix .. "/share/deckhand/strategies/random.lua\ntable\n" ..
                     prefix .. "/share/deckhand/strategies/heuristic/spades.lua\ntrue\n", out)
    if H.exists(H.root .. "/bin/deckhand") then
      -- the command also needs the system's lua-argparse: default paths last
      local env = lua_env {
        LUA_PATH_5_4 = prefix .. "/share/lua/5.4/?.lua;" .. prefix .. "/share/lua/5.4/?/init.lua;;",
      }
      out = H.run("cd " .. q(tmp) .. " && " .. env .. " lua5.4 " .. q(prefix .. "/bin/deckhand") .. " --help")
      assert.truthy(out:find("tournament", 1, true), out)
    end
  end)

  it("builds and runs the embedding example through pkg-config", function()
    local pc = "PKG_CONFIG_PATH=" .. q(prefix .. "/lib/pkgconfig")
    assert.are.equal(prefix, (H.run(pc .. " pkg-config --variable=prefix deckhand"):gsub("%s+$", "")))
    local exe = tmp .. "/embed"
    H.run(("cd %s/examples/embed && cc -std=c11 -Wall -Wextra -Werror -o %s *.c $(%s pkg-config --cflags --libs deckhand lua5.4)")
      :format(q(H.root), q(exe), pc))
    -- linked against the installed shared library, not the build tree
    local ldd = H.run("LD_LIBRARY_PATH=" .. q(prefix .. "/lib") .. " ldd " .. q(exe))
    assert.truthy(ldd:find(prefix .. "/lib/libdeckhand.so.0", 1, true), ldd)
    local out = H.run(lua_env { LD_LIBRARY_PATH = prefix .. "/lib" } .. " " .. q(exe) .. " engine 7")
    local tree = H.run(q(release .. "/examples/embed") .. " engine 7")
    assert.are.equal(tree, out)
    assert.truthy(out:find("\ntricks: ", 1, true))
    if require("deckhand").game then  -- part (b) needs the trick-taking engine
      out = H.run(lua_env { LD_LIBRARY_PATH = prefix .. "/lib" } .. " " .. q(exe) .. " lua 3")
      assert.truthy(out:find("lua: scores ", 1, true), out)
    end
  end)

  it("runs its command from any folder and through a symlink, with no Lua paths set", function()
    if not H.exists(H.root .. "/bin/deckhand") then return pending("no bin/deckhand") end
    local want = "deckhand " .. require("deckhand.core").version() .. "\n"
    local link = tmp .. "/dh-link"
    H.run("ln -sf " .. q(prefix .. "/bin/deckhand") .. " " .. q(link))
    for _, cmd in ipairs { q(prefix .. "/bin/deckhand"), "lua5.4 " .. q(prefix .. "/bin/deckhand"), q(link) } do
      assert.are.equal(want, H.run("cd / && " .. H.clean_env() .. " " .. cmd .. " --version"), cmd)
    end
    local out = H.run("cd / && " .. H.clean_env() .. " " .. q(link) .. " tournament spades --games 2 --quiet")
    assert.truthy(out:find("spades, 2 deals", 1, true), out)
  end)

  it("links a C program that uses no Lua through pkg-config alone", function()
    local pc = "PKG_CONFIG_PATH=" .. q(prefix .. "/lib/pkgconfig")
    local src, exe = tmp .. "/plain.c", tmp .. "/plain"
    local f = assert(io.open(src, "w"))
    f:write([[
#include <stdio.h>
#include <deckhand/deckhand.h>
int main(void) { printf("%s\n", dh_version()); return 0; }
]])
    f:close()
    H.run(("cc -std=c11 -Wall -o %s %s $(%s pkg-config --cflags --libs deckhand)"):format(q(exe), q(src), pc))
    local out = H.run("LD_LIBRARY_PATH=" .. q(prefix .. "/lib") .. " " .. q(exe))
    assert.are.equal(require("deckhand.core").version(), (out:gsub("%s+$", "")))
  end)

  it("honours DESTDIR and uninstalls exactly what it installed", function()
    local stage = tmp .. "/stage"
    H.run(("cd %s && bash .ci/install install %s /opt/dh %s"):format(q(H.root), q(stage), q(release)))
    assert.truthy(H.read(stage .. "/opt/dh/lib/pkgconfig/deckhand.pc"):find("prefix=/opt/dh\n", 1, true))
    assert.truthy(H.read(stage .. "/opt/dh/share/lua/5.4/deckhand/config.lua"):find('"/opt/dh/share/deckhand/rules"', 1, true))
    -- a file of someone else's in a shared directory survives
    H.run("touch " .. q(stage .. "/opt/dh/lib/pkgconfig/other.pc"))
    H.run(("cd %s && bash .ci/install uninstall %s /opt/dh"):format(q(H.root), q(stage)))
    local left = H.run("cd " .. q(stage) .. " && find . -type f -o -type l")
    assert.are.equal("./opt/dh/lib/pkgconfig/other.pc\n", left)
    assert.is_false(H.exists(stage .. "/opt/dh/include/deckhand"))
    assert.is_false(H.exists(stage .. "/opt/dh/share/deckhand"))
  end)
end)
