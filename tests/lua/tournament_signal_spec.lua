-- A tournament stopped by a signal: at once, with the signal's status,
-- its workers too, the record holding only whole deals; run again, it
-- ends as a run never stopped.
package.path = "tests/lua/?.lua;" .. package.path
local F = require "file_helper"
local json = require "deckhand.json"

local root = os.getenv("DECKHAND_ROOT") or "."
local bin = root .. "/bin/deckhand"
local SECRET = ("0123456789abcdef"):rep(2)
-- pimc with few worlds: slow enough (a fifth of a second a deal) to be
-- stopped in the middle, quick enough for the suite
local ARGS = "spades --players pimc,random --set pimc.worlds=4 --games 10 --seed 5 --quiet --secret " .. SECRET

local function sh(script)
  local p = io.popen("sh -c '" .. script:gsub("'", "'\\''") .. "' 2>&1")
  local out = p:read("a")
  p:close()
  return out
end

-- the reference: the same tournament, never stopped
local ref_record = F.tmpname()
local ref_out = sh(("lua5.4 %s tournament %s --record %s"):format(bin, ARGS, ref_record))

local function lines_of(file)
  local out = {}
  for l in F.slurp(file):gmatch("([^\n]*)\n") do out[#out + 1] = l end
  return out
end

describe("a tournament stopped by a signal", function()
  for _, sig in ipairs { { "INT", 130 }, { "TERM", 143 } } do
    for _, jobs in ipairs { 1, 2 } do
      it(("stops at once on SIG%s with --jobs %d, status %d, and resumes to the same record"):format(
        sig[1], jobs, sig[2]), function()
        local record = F.tmpname()
        local mark = F.tmpname()   -- a folder named in the workers' command line, to find them
        os.execute("mkdir -p " .. mark)
        -- started in the background; the signal sent once two deals are recorded
        -- (pgrep without the sanitizer run's LD_PRELOAD: under it pgrep hangs)
        local out = sh(([[
          m=%s
          LUA_PATH_5_4="$m/?.lua;$LUA_PATH_5_4" lua5.4 %s tournament %s --jobs %d --record %s >%s/out 2>%s/err &
          pid=$!
          n=0
          while [ "$(cat %s 2>/dev/null | wc -l)" -lt 3 ] && [ $n -lt 600 ]; do sleep 0.02; n=$((n+1)); done
          kill -%s $pid
          wait $pid
          echo "status $?"
          sleep 0.3
          LD_PRELOAD= pgrep -f "$m/[?]" >/dev/null && echo "workers left"
          true]]):format(mark, bin, ARGS, jobs, record, mark, mark, record, sig[1]))
        assert.matches("status " .. sig[2], out, 1, true)
        assert.not_matches("workers left", out, 1, true)
        local err = F.slurp(mark .. "/err")
        assert.matches("interrupted", err, 1, true)
        assert.not_matches("traceback", err:lower(), 1, true)
        assert.not_matches("variant error", F.slurp(mark .. "/out"), 1, true)
        -- only whole deals, none of them an error, fewer than all
        local text = F.slurp(record)
        assert.equals("\n", text:sub(-1))
        local got = lines_of(record)
        assert.is_true(#got >= 3 and #got < 11, "deals recorded: " .. (#got - 1))
        for k = 2, #got do
          local v = json.decode(got[k])
          assert.is_table(v)
          assert.is_nil(v.errors)
        end
        -- the same command again: the record and the totals of a run never stopped
        local again = sh(("lua5.4 %s tournament %s --jobs %d --record %s"):format(bin, ARGS, jobs, record))
        assert.equals(ref_out, again)
        assert.equals(F.slurp(ref_record), F.slurp(record))
        os.remove(record)
        os.execute("rm -rf " .. mark)
      end)
    end
  end
end)
