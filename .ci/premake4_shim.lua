-- premake4_shim.lua: the few premake5 names premake5.lua uses, for
-- Debian's premake4 (which runs the build file with Lua 5.1).  Loaded by
-- premake5.lua under premake4 only.

workspace = solution
function filter(f)
  local word = f
  if type(f) == "table" then word = f[1] end
  local cfg = type(word) == "string" and word:match("^configurations:(.+)$")
  if cfg then configuration(cfg) else configuration {} end
end
function symbols(v) if v == "On" then flags { "Symbols" } end end
function optimize(v)
  if v == "Speed" then flags { "OptimizeSpeed" }
  elseif v == "On" then flags { "Optimize" } end
end
function warnings(v)
  if v == "Extra" then flags { "ExtraWarnings" }; buildoptions { "-Wextra" } end
end
function cdialect(v) buildoptions { "-std=" .. v:lower() } end
function pic(v) if v == "On" then buildoptions { "-fPIC" } end end
