-- command_spec.lua: bin/deckhand of the repository runs from any folder,
-- from inside bin/ and through a symlink, with no Lua paths set: it finds
-- the module from its own place (the installed command: install_spec).
package.path = "tests/lua/?.lua;" .. package.path
local H = require "embed_helper"
local q = H.quote

describe("bin/deckhand in the repository", function()
  local tmp
  setup(function() tmp = H.tmpdir() end)
  teardown(function() H.rmdir(tmp) end)

  it("finds its module from anywhere, from bin/ and through a symlink", function()
    local want = "deckhand " .. require("deckhand.core").version() .. "\n"
    local bin = H.root .. "/bin"
    H.run("ln -sf " .. q(bin .. "/deckhand") .. " " .. q(tmp .. "/dh"))
    H.run("mkdir -p " .. q(tmp .. "/sub") .. " && ln -sf ../dh " .. q(tmp .. "/sub/dh2"))   -- a link to a link
    for _, case in ipairs {
      { bin, "./deckhand" }, { bin, "lua5.4 deckhand" }, { "/", q(bin .. "/deckhand") },
      { H.root, "bin/deckhand" }, { tmp, "./dh" }, { "/", q(tmp .. "/dh") }, { tmp .. "/sub", "./dh2" },
    } do
      local out = H.run("cd " .. q(case[1]) .. " && " .. H.clean_env() .. " " .. case[2] .. " --version")
      assert.are.equal(want, out, case[2] .. " in " .. case[1])
    end
  end)

  it("says what to do when the module is nowhere to be found, without a traceback", function()
    local copy = tmp .. "/lone/bin"
    H.run("mkdir -p " .. q(copy) .. " && cp " .. q(H.root .. "/bin/deckhand") .. " " .. q(copy))
    local out, ok = H.sh("cd / && " .. H.clean_env() .. " " .. q(copy .. "/deckhand") .. " --version 2>&1")
    assert.is_falsy(ok)
    assert.truthy(out:find("deckhand: cannot load the deckhand Lua module (module 'deckhand' not found:)", 1, true),
      out)
    assert.falsy(out:lower():find("traceback", 1, true))
  end)
end)
