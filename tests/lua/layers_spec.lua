-- layers_spec.lua: modules below the package never require it (issue 28).
--
-- The sandbox bots and variant files run in is given the package by its
-- loader, and the tournament's runner side (deckhand.workers) leaves the
-- worker's program, which needs the package, to deckhand.worker.  Each
-- check runs in a fresh lua5.4, where nothing has loaded the package yet.

local lua = os.getenv("DECKHAND_LUA") or "lua5.4"

-- runs code in a fresh interpreter with this tree's paths; its output
local function fresh(code)
  local f = assert(os.tmpname())
  local out = assert(io.open(f, "w"))
  out:write(code)
  out:close()
  local p = assert(io.popen(lua .. " " .. f .. " 2>&1"))
  local text = p:read("a")
  p:close()
  os.remove(f)
  return text
end

describe("the layers", function()
  it("a sandbox shows the package it is given and loads none itself", function()
    local out = fresh [[
      local sandbox = require "deckhand.sandbox"
      local env = sandbox.env { variant = true, package = { answer = 42 } }
      io.write(tostring(env.require("deckhand").answer), " ",
               package.loaded.deckhand and "loaded" or "not loaded")
    ]]
    assert.are.equal("42 not loaded", out)
  end)

  it("a sandbox without a package says so", function()
    local out = fresh [[
      local ok, err = pcall(require("deckhand.sandbox").env, { variant = true })
      io.write(tostring(ok), " ", err)
    ]]
    assert.matches("false .*the package expected", out)
  end)

  it("the runner's side of the workers loads no package; the worker's program is above it", function()
    local out = fresh [[
      local workers = require "deckhand.workers"
      io.write(tostring(workers.main), " ", package.loaded.deckhand and "loaded" or "not loaded", " ")
      local worker = require "deckhand.worker"
      io.write(type(worker.main), " ", package.loaded.deckhand and "loaded" or "not loaded")
    ]]
    assert.are.equal("nil not loaded function loaded", out)
  end)

  it("the protocol module stands on the core alone", function()
    local out = fresh [[
      local protocol = require "deckhand.protocol"
      io.write(protocol.message("not_your_turn", 1, 2), " ", package.loaded.deckhand and "loaded" or "not loaded")
    ]]
    assert.are.equal("not seat 1's turn (seat 2 acts) not loaded", out)
  end)

  it("the game and view layers find a variant by its Rules whatever order the package installs them in", function()
    -- the trick view's methods load before any variant exists, and still
    -- name the variant of a game made later (its phase status line)
    local out = fresh [[
      local View = require "deckhand.trick_view"
      local dh = require "deckhand"
      local g = dh.game(dh.variant("bridge", { boards = 1 }), { seed = 1 })
      local v = g:view(g:next_player())
      io.write(tostring(require "deckhand.variant_index".of(v:rules()) ~= nil), " ",
               tostring(type(View.data) == "function" and v:data().status ~= nil))
    ]]
    assert.are.equal("true true", out)
  end)
end)
