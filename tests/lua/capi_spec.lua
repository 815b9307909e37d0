-- capi_spec.lua: the public C API as a whole: the version agrees
-- everywhere, the umbrella header covers every public header, and the
-- engine keeps no writable global state.
package.path = "tests/lua/?.lua;" .. package.path
local dh = require "deckhand"
local H = require "embed_helper"

local function header_version()
  local text = H.read(H.root .. "/engine/core/version.h")
  local v = {}
  for _, part in ipairs { "MAJOR", "MINOR", "PATCH" } do
    v[#v + 1] = assert(text:match("#define DH_VERSION_" .. part .. " (%d+)"), part)
  end
  return table.concat(v, ".")
end

-- the public headers: engine/*.h and the layers' headers (engine/*/*.h),
-- but the engine's private *_impl.h
local function public_headers()
  local list = {}
  for file in H.run("cd " .. H.quote(H.root) .. "/engine && ls *.h */*.h"):gmatch("%S+") do
    local name = file:match("([^/]+)$")
    if not name:match("_impl%.h$") then list[#list + 1] = name end
  end
  return list
end

describe("the C API", function()
  it("has one version: version.h, dh_version() and deckhand._VERSION", function()
    local v = header_version()
    assert.are.equal(v, require("deckhand.core").version())
    assert.are.equal("deckhand " .. v, dh._VERSION)
  end)

  it("gathers every public header in deckhand.h", function()
    local umbrella = H.read(H.root .. "/engine/deckhand.h")
    for _, h in ipairs(public_headers()) do
      if h ~= "deckhand.h" then
        assert.truthy(umbrella:find('#include "' .. h .. '"', 1, true), "deckhand.h lacks " .. h)
      end
    end
  end)

  it("compiles deckhand.h alone, as C11 and as C++, without warnings", function()
    local dir = H.tmpdir()
    local src = dir .. "/t.c"
    local f = assert(io.open(src, "w"))
    f:write('#include <deckhand/deckhand.h>\nint main(void) { return dh_version_num() != DH_VERSION_NUM; }\n')
    f:close()
    local inc = H.quote(H.root .. "/build/include")
    H.run(("cc -std=c11 -Wall -Wextra -Werror -pedantic -I%s -c %s -o %s/t.o"):format(inc, src, dir))
    if select(2, H.sh("command -v c++")) then
      H.run(("c++ -x c++ -Wall -Wextra -Werror -I%s -c %s -o %s/t2.o"):format(inc, src, dir))
    end
    H.rmdir(dir)
  end)

  it("links into a C++ program: every header declares its functions extern \"C\"", function()
    if not select(2, H.sh("command -v c++")) then
      pending("no C++ compiler")
      return
    end
    -- compiled alone, each header; then a program calling a function of
    -- each layer, linked (compiling alone passed while every call failed
    -- to link: the names were looked up C++-mangled)
    local dir = H.tmpdir()
    local inc = H.quote(H.root .. "/build/include")
    local lib = H.quote(H.build .. "/lib/libdeckhand.a")
    for _, h in ipairs(public_headers()) do
      local f = assert(io.open(dir .. "/h.cpp", "w"))
      f:write(('#include <deckhand/%s>\nint main() { return 0; }\n'):format(h))
      f:close()
      H.run(("c++ -Wall -Wextra -Werror -I%s -c %s/h.cpp -o %s/h.o"):format(inc, dir, dir))
    end
    local f = assert(io.open(dir .. "/t.cpp", "w"))
    f:write([[
#include <cstdio>
#include <deckhand/deckhand.h>
int main() {
  dh_rng rng;
  dh_rules r;
  dh_rng_seed(&rng, 1);
  dh_rules_init(&r);
  std::printf("%s %d %s %s\n", dh_version(), (int)(dh_poker_eval(DH_FRENCH52 & 0x1F) >> 12),
              dh_rules_check(&r) ? "refused" : "ok", dh_error_name(DH_E_BAD_BID));
  return 0;
}
]])
    f:close()
    -- (the sanitizer build's library links only with the sanitizers' runtimes)
    H.run(("c++ -Wall -Wextra -Werror %s -I%s %s/t.cpp %s -lm -pthread -o %s/t")
      :format(H.sanitize and "-fsanitize=address,undefined" or "", inc, dir, lib, dir))
    assert.are.equal(("%s 8 ok bad_bid\n"):format(header_version()), H.run(dir .. "/t"))
    H.rmdir(dir)
  end)

  it("keeps no writable global state in the engine", function()
    -- read-only tables are .rodata (or .data.rel.ro when they hold
    -- pointers); anything in .data, .bss, thread-local or common is state
    local out = H.run("objdump -t " .. H.quote(H.build .. "/lib/libdeckhand.a"))
    local bad = {}
    for line in out:gmatch("[^\n]+") do
      local flags, section = line:match("^%x+ (.......) (%S+)%s+%x+%s")
      local name = line:match("(%S+)%s*$")
      -- the sanitizers add bookkeeping symbols of their own (__odr_asan.*)
      if flags and flags:sub(7, 7) == "O" and not name:match("^_+asan") and not name:match("^__odr_asan")
         and not section:match("^%.rodata") and not section:match("^%.data%.rel%.ro") then
        bad[#bad + 1] = name .. " in " .. section
      end
    end
    assert.are.same({}, bad)
  end)
end)
