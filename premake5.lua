-- premake5.lua -- builds deckhand with premake5, or with Debian's premake4:
--   premake4 --file=premake5.lua gmake     (what the Makefile runs)
--   premake5 gmake
-- The body is written in premake5's API.  Under premake4 (which runs this
-- file with Lua 5.1) .ci/premake4_shim.lua supplies the few names it lacks.

if _PREMAKE_VERSION and _PREMAKE_VERSION:sub(1, 1) == "4" then
  dofile(".ci/premake4_shim.lua")
end

-- For make bench: the instruction-set extensions the build machine
-- advertises: popcnt and bmi for the bit scans,
-- avx2 for batched evaluation.  Each flag only when /proc/cpuinfo lists it:
-- lzcnt, say, is missing on some virtual machines, and there the lzcnt
-- opcode silently runs as bsr.
local function host_flags()
  local f = io.open("/proc/cpuinfo")
  if not f then return {} end
  local info = f:read("*a"); f:close()
  local have = " " .. (info:match("\nflags%s*:([^\n]*)") or "") .. " "
  local out = {}
  for _, pair in ipairs { { "popcnt", "-mpopcnt" }, { "bmi1", "-mbmi" }, { "bmi2", "-mbmi2" },
                          { "abm", "-mlzcnt" }, { "avx2", "-mavx2" } } do
    if have:find(" " .. pair[1] .. " ", 1, true) then out[#out + 1] = pair[2] end
  end
  return out
end

-- For make bench: what the build machine's maker calls for.  BEXTR, one
-- micro-op on AMD's cores, is two on Intel's, where a shift and a mask
-- take the poker evaluator's lanes faster (docs/performance.md)
local function host_defines()
  local f = io.open("/proc/cpuinfo")
  if not f then return {} end
  local info = f:read("*a"); f:close()
  if info:match("\nvendor_id%s*:%s*GenuineIntel") then return { "DH_POKER_NO_BEXTR" } end
  return {}
end

local lua_inc = "/usr/include/lua5.4"

-- the libraries pkg-config names for a package ("-llua5.4" -> "lua5.4"),
-- for links{}, which puts them after the objects (premake4 has no
-- os.outputof)
local function pkg_links(pkg, fallback)
  local p = io.popen("pkg-config --libs-only-l " .. pkg .. " 2>/dev/null")
  local out = p and p:read("*a") or ""
  if p then p:close() end
  local list = {}
  for lib in out:gmatch("%-l(%S+)") do list[#list + 1] = lib end
  if #list == 0 then list = fallback end
  return list
end

-- the major version, for the shared library's soname
local function version_major()
  local f = io.open("engine/core/version.h")
  local text = f and f:read("*a") or ""
  if f then f:close() end
  return text:match("#define DH_VERSION_MAJOR (%d+)") or "0"
end
local dh_major = version_major()
-- the engine's layers, one folder each (engine/poker/gen is a program, not
-- part of the library)
local engine_files = { "engine/*.h" }
for _, layer in ipairs { "core", "trick", "poker", "solve", "rummy", "scopa", "blackjack" } do
  engine_files[#engine_files + 1] = "engine/" .. layer .. "/*.c"
  engine_files[#engine_files + 1] = "engine/" .. layer .. "/*.h"
end
local configs = { "Debug", "Release", "Sanitize", "Bench" }
local sanitize = { "-fsanitize=address,undefined", "-fno-sanitize-recover=all",
                   "-fno-omit-frame-pointer" }

-- where each configuration puts its outputs (premake4 does not expand
-- %{cfg.buildcfg}, so the paths are spelled out per configuration)
local function outdirs(sub)
  for _, c in ipairs(configs) do
    filter("configurations:" .. c)
      targetdir("build/" .. c:lower() .. (sub and ("/" .. sub) or ""))
  end
  filter {}
end

local function objdirs(name)
  for _, c in ipairs(configs) do
    filter("configurations:" .. c)
      objdir("build/obj/" .. c:lower() .. "/" .. name)
  end
  filter {}
end

workspace "deckhand"
  configurations(configs)
  location "build"
  language "C"
  cdialect "C11"
  warnings "Extra"
  includedirs { "engine", "engine/core", "engine/trick", "engine/poker", "engine/solve", "engine/rummy",
               "engine/scopa", "engine/blackjack" }
  buildoptions { "-Wshadow", "-Wstrict-prototypes", "-Wno-unused-function" }
  -- equity's threads (engine/poker/equity_threads.c): POSIX threads,
  -- compiled and linked with -pthread everywhere
  buildoptions { "-pthread" }
  linkoptions { "-pthread" }

  filter "configurations:Debug"
    symbols "On"
    defines { "DH_DEBUG" }
  -- what make install ships runs on any x86-64: no flag of this machine's
  filter "configurations:Release"
    optimize "Speed"
    symbols "On"
    defines { "NDEBUG" }
  -- make bench: the same code tuned for the machine it runs on
  filter "configurations:Bench"
    optimize "Speed"
    symbols "On"
    defines { "NDEBUG" }
    defines(host_defines())
    buildoptions(host_flags())
  filter "configurations:Sanitize"
    symbols "On"
    buildoptions { "-O1" }
    buildoptions(sanitize)
    linkoptions(sanitize)
  filter {}

-- the C core: no Lua, no I/O
project "deckhand"
  kind "StaticLib"
  pic "On"
  files(engine_files)
  outdirs("lib")
  objdirs("deckhand")

-- the same engine as a shared library for C programs (make install);
-- kept out of lib/ so that -ldeckhand in this tree still means the static one
project "deckhand_shared"
  kind "SharedLib"
  pic "On"
  targetname "deckhand"
  files(engine_files)
  linkoptions { "-Wl,-soname,libdeckhand.so." .. dh_major }
  -- the engine calls sqrt and friends: the library names libm itself, so
  -- that `cc prog.c $(pkg-config --libs deckhand)` links without -lm
  links { "m" }
  outdirs("shared")
  objdirs("deckhand_shared")

-- the Lua module deckhand.core (deckhand/core.so); lua5.4 itself exports
-- the Lua API, so the module does not link liblua
project "deckhand_core"
  kind "SharedLib"
  pic "On"
  targetname "core"
  targetprefix ""
  files { "bindings/lua/*.c", "bindings/lua/*.h" }
  includedirs { lua_inc }
  links { "deckhand", "m" }
  outdirs("lua/deckhand")
  objdirs("deckhand_core")

-- examples/embed: a C program that uses the engine directly and also owns
-- a lua_State with the deckhand module in it.  Only this program links
-- liblua; the module gets the Lua API from whoever loads it.
-- It includes the public headers as <deckhand/...>, the way a program
-- built against an installed copy does: build/include/deckhand holds a
-- link to every public header, flat, as make install lays them out.
os.execute("rm -rf build/include/deckhand && mkdir -p build/include/deckhand")
for _, h in ipairs(os.matchfiles("engine/**.h")) do
  if not h:match("_impl%.h$") then
    os.execute("ln -sf ../../../" .. h .. " build/include/deckhand/" .. path.getname(h))
  end
end
project "embed"
  kind "ConsoleApp"
  files { "examples/embed/*.c", "examples/embed/*.h" }
  includedirs { "build/include", lua_inc }
  links { "deckhand" }
  links(pkg_links("lua5.4", { "lua5.4" }))
  links { "m" }
  outdirs("examples")
  objdirs("embed")

-- one program per C test file and per benchmark
local function programs(pattern, sub)
  for _, file in ipairs(os.matchfiles(pattern)) do
    local name = path.getbasename(file)
    project(name)
      kind "ConsoleApp"
      files { file }
      -- the Spades of examples/embed, as an embedder includes it
      includedirs { "tests/c", "examples/embed", "build/include" }
      links { "deckhand", "m" }
      outdirs(sub)
      objdirs(name)
  end
end

programs("tests/c/test_*.c", "tests")
programs("bench/bench_*.c", "bench")

-- make bench's yardstick: a plain Spades engine driven from Lua, timed
-- beside deckhand's protocol loop by bench/trick.lua (no deckhand code)
project "ref_trick"
  kind "SharedLib"
  pic "On"
  targetprefix ""
  files { "bench/ref/ref_trick.c" }
  includedirs { lua_inc }
  outdirs("bench/lua")
  objdirs("ref_trick")
