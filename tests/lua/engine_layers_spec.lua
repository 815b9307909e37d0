-- engine_layers_spec.lua: calls in engine/trick go one way (issue 28).
-- The rules (rule_*.c) read a position (position.h) and reach nothing of
-- the state machine that calls them (match.h) nor of what sits above it
-- (the prefab phases, views, playouts); match.c reaches no prefab phase.
-- Read from the sources' #include lines, followed through the engine's own
-- headers.
local root = os.getenv("DECKHAND_ROOT") or "."
local dirs = { "engine/core", "engine/trick" }

local function read(path)
  local f = io.open(root .. "/" .. path)
  if not f then return nil end
  local s = f:read("a")
  f:close()
  return s
end

-- every engine header a file includes, directly or through other headers
local function includes(path, seen)
  seen = seen or {}
  for name in assert(read(path), path):gmatch('#include%s+"([^"]+)"') do
    if not seen[name] then
      for _, d in ipairs(dirs) do
        local p = d .. "/" .. name
        if read(p) then
          seen[name] = true
          includes(p, seen)
          break
        end
      end
    end
  end
  return seen
end

local function rule_files()
  local out = {}
  local p = io.popen("cd '" .. root .. "' && ls engine/trick/rule_*.c")
  for f in p:lines() do out[#out + 1] = f end
  p:close()
  return out
end

describe("engine/trick's layers", function()
  it("the rule files read the position, not the match", function()
    local files = rule_files()
    assert.is_true(#files >= 7)
    for _, f in ipairs(files) do
      local seen = includes(f)
      assert.is_true(seen["position.h"], f)
      for _, above in ipairs { "match.h", "phase.h", "phase_impl.h", "view.h", "playout.h", "policy.h" } do
        assert.is_nil(seen[above], f .. " reaches " .. above)
      end
    end
  end)

  it("the match reaches no prefab phase", function()
    local seen = includes("engine/trick/match.c")
    assert.is_true(seen["rules_impl.h"])
    assert.is_nil(seen["phase.h"])
    assert.is_nil(seen["phase_impl.h"])
    assert.is_nil(read("engine/trick/match.c"):find("dh_phase_[%w_]+%(")) -- no call
  end)
end)
