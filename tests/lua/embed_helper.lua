-- embed_helper.lua: what the embedding and packaging specs share: running
-- shell commands, temporary directories, and where the build is.
local M = {}

M.root = os.getenv("DECKHAND_ROOT") or "."
M.build = os.getenv("DECKHAND_BUILD") or (M.root .. "/build/release")
-- the sanitizer build: programs that load the module need the ASan runtime
-- preloaded, and the install and luarocks builds are release builds anyway
M.sanitize = M.build:match("/sanitize$") ~= nil

local function quote(s) return "'" .. tostring(s):gsub("'", "'\\''") .. "'" end
M.quote = quote

--- runs a shell command; returns its output (stdout and stderr) and
-- whether it exited 0
function M.sh(cmd)
  local p = assert(io.popen("( " .. cmd .. " ) 2>&1; echo \"::rc=$?\""))
  local out = p:read("a")
  p:close()
  local rc = tonumber(out:match("::rc=(%d+)%s*$"))
  out = out:gsub("::rc=%d+%s*$", "")
  return out, rc == 0, rc
end

--- like sh, but fails the test with the output when the command fails
function M.run(cmd)
  local out, ok, rc = M.sh(cmd)
  if not ok then error(("command failed (exit %s): %s\n%s"):format(rc, cmd, out), 2) end
  return out
end

function M.tmpdir()
  return (M.run("mktemp -d"):gsub("%s+$", ""))
end

function M.rmdir(dir)
  if dir and dir:match("^/tmp/") then M.sh("rm -rf " .. quote(dir)) end
end

M.read = require "file_helper".slurp

function M.exists(path)
  local f = io.open(path, "rb")
  if f then f:close() end
  return f ~= nil
end

-- an environment that sees only what is given (no LUA_PATH, no
-- DECKHAND_ROOT, no LD_PRELOAD from the sanitizer run)
function M.clean_env(vars)
  local parts = { "env -i", "PATH=" .. quote(os.getenv("PATH")), "HOME=" .. quote(os.getenv("HOME") or "/tmp") }
  for k, v in pairs(vars or {}) do parts[#parts + 1] = k .. "=" .. quote(v) end
  return table.concat(parts, " ")
end

return M
