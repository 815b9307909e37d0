-- rockspec_spec.lua: the rockspec lists every source of the tree ("builtin"
-- builds take explicit lists, and other work adds files), and
-- `luarocks make` builds and installs the module offline into a fresh tree.
package.path = "tests/lua/?.lua;" .. package.path
local H = require "embed_helper"
local q = H.quote

local rockspec_file = "bindings/lua/deckhand-scm-1.rockspec"

local function load_rockspec()
  local env = {}
  local chunk = assert(loadfile(H.root .. "/" .. rockspec_file, "t", env))
  chunk()
  return env
end

local function tree_files(glob)
  local list = {}
  local out = H.sh("cd " .. q(H.root) .. " && ls " .. glob .. " 2>/dev/null")
  for f in out:gmatch("%S+") do list[#list + 1] = f end
  return list
end

describe("the rockspec", function()
  local spec = load_rockspec()
  local modules = spec.build.modules

  it("is a builtin build of a 5.4 module", function()
    assert.are.equal("deckhand", spec.package)
    assert.are.equal("builtin", spec.build.type)
    assert.are.equal("bindings/lua/deckhand/init.lua", modules.deckhand)
  end)

  it("compiles every engine/{core,trick,poker,solve,rummy,scopa,blackjack}/*.c and bindings/lua/*.c file, and only those", function()
    local listed = {}
    for _, f in ipairs(modules["deckhand.core"].sources) do listed[f] = true end
    local missing = {}
    for _, f in ipairs(tree_files("engine/core/*.c engine/trick/*.c engine/poker/*.c engine/solve/*.c engine/rummy/*.c "
                                      .. "engine/scopa/*.c engine/blackjack/*.c bindings/lua/*.c")) do
      if not listed[f] then missing[#missing + 1] = f end
      listed[f] = nil
    end
    assert.are.same({}, missing, "missing from " .. rockspec_file .. ": run lua5.4 .ci/sync-rockspec.lua")
    assert.are.same({}, listed, "listed in " .. rockspec_file .. " but not in the tree")
  end)

  it("installs every Lua file of the package, variant and bot", function()
    local expect = {}
    for _, f in ipairs(tree_files("bindings/lua/deckhand/*.lua bindings/lua/deckhand/*/*.lua")) do
      local name = f:match("^.-bindings/lua/deckhand/(.+)%.lua$"):gsub("/", ".")
      if name ~= "config" then
        expect[name == "init" and "deckhand" or "deckhand." .. name] = f
      end
    end
    for _, kind in ipairs { "rules", "strategies" } do   -- and a bot's parts, a folder down
      for _, f in ipairs(tree_files(kind .. "/*.lua " .. kind .. "/*/*.lua")) do
        expect["deckhand." .. kind .. "." .. f:sub(#kind + 2):gsub("%.lua$", ""):gsub("/", ".")] = f
      end
    end
    if H.exists(H.root .. "/bin/deckhand") then
      local bin = spec.build.install and spec.build.install.bin or {}
      assert.are.equal("bin/deckhand", bin.deckhand, "bin/deckhand missing from " .. rockspec_file)
    end
    for name, f in pairs(expect) do
      assert.are.equal(f, modules[name], name .. " missing from " .. rockspec_file .. ": run lua5.4 .ci/sync-rockspec.lua")
    end
  end)

  it("installs every file of deckhand web's page", function()
    local listed = {}
    for _, f in pairs(spec.build.install and spec.build.install.lua or {}) do listed[f] = true end
    for _, f in ipairs(tree_files("web/*")) do
      assert.is_true(listed[f], f .. " missing from " .. rockspec_file .. ": run lua5.4 .ci/sync-rockspec.lua")
    end
  end)
end)

local describe_build = describe
if H.sanitize then
  describe_build = function(name) pending(name .. ": skipped under sanitize (runs in make test)") end
end

describe_build("luarocks make", function()
  it("builds and installs offline into a temporary tree", function()
    local tmp = H.tmpdir()
    -- a copy of the sources, so the build leaves no objects in the tree
    H.run(("cd %s && cp -r engine bindings README.md %s/"):format(q(H.root), q(tmp)))
    for _, d in ipairs { "rules", "strategies", "bin", "web" } do
      if H.exists(H.root .. "/" .. d) then H.run(("cp -r %s %s/"):format(q(H.root .. "/" .. d), q(tmp))) end
    end
    H.run(("cd %s && find . -name '*.o' -o -name '*.so' | xargs rm -f"):format(q(tmp)))
    local tree = tmp .. "/tree"
    H.run(("cd %s && %s luarocks --lua-version=5.4 --tree %s make %s")
      :format(q(tmp), H.clean_env(), q(tree), rockspec_file))
    local env = H.clean_env {
      LUA_PATH_5_4 = tree .. "/share/lua/5.4/?.lua;" .. tree .. "/share/lua/5.4/?/init.lua",
      LUA_CPATH_5_4 = tree .. "/lib/lua/5.4/?.so",
    }
    local out = H.run(env .. [[ lua5.4 -e '
      local dh = require "deckhand"
      print(dh._VERSION, package.searchpath("deckhand.core", package.cpath))
      print(dh.deck("french52"):shuffle(dh.rng(1)):draw())']])
    assert.truthy(out:find("deckhand " .. require("deckhand.core").version() .. "\t" .. tree, 1, true), out)
    if require("deckhand").variant then  -- variants installed as deckhand.rules.*
      out = H.run("cd " .. q(tree) .. " && " .. env .. [[ lua5.4 -e '
        local dh = require "deckhand"
        print(package.searchpath("spades", dh.path))
        print(dh.variant("spades").name)']])
      assert.are.equal(tree .. "/share/lua/5.4/deckhand/rules/spades.lua\nspades\n", out)
      -- and the bots with their parts a folder down
      out = H.run("cd " .. q(tree) .. " && " .. env .. [[ lua5.4 -e '
        local dh = require "deckhand"
        print(package.searchpath("heuristic.spades", dh.strategy_path))
        print(dh.strategy("heuristic", { variant = "spades" }).bid ~= nil)']])
      assert.are.equal(tree .. "/share/lua/5.4/deckhand/strategies/heuristic/spades.lua\ntrue\n", out)
    end
    -- deckhand web finds its page beside its modules (the system's lua-http too)
    local web_env = H.clean_env {
      LUA_PATH_5_4 = tree .. "/share/lua/5.4/?.lua;" .. tree .. "/share/lua/5.4/?/init.lua;;",
      LUA_CPATH_5_4 = tree .. "/lib/lua/5.4/?.so;;",
    }
    out = H.run("cd " .. q(tree) .. " && " .. web_env ..
                [[ lua5.4 -e 'print((assert(require("deckhand.web.server").static_folder())))']])
    assert.are.equal(tree .. "/share/lua/5.4/deckhand/web/static\n", out)
    assert.are.equal(H.read(H.root .. "/web/play.js"), H.read(tree .. "/share/lua/5.4/deckhand/web/static/play.js"))
    H.rmdir(tmp)
  end)
end)
