-- The recipes of docs/tournament.md for shards: GNU parallel here (make
-- test), Slurm in tests/cluster (make check-cluster).  The merge of the
-- shards is the single run's record, deal by deal.
package.path = "tests/lua/?.lua;" .. package.path
local F = require "file_helper"
local json = require "deckhand.json"

local root = os.getenv("DECKHAND_ROOT") or "."

-- the shell block that follows `heading` in docs/tournament.md, made small:
-- 12 deals in 3 shards
local function recipe(heading)
  local doc = F.slurp(root .. "/docs/tournament.md")
  local at = assert(doc:find(heading, 1, true), heading)
  local block = assert(doc:match("```sh\n(.-)```", at))
  return (block:gsub("%-%-games 20000", "--games 12"):gsub("/8 ", "/3 "):gsub("seq 8", "seq 3"):gsub("1%-8", "1-3"))
end

local function sh(dir, script)
  local p = io.popen(("cd %s && PATH=%s:$PATH sh -c '%s' </dev/null 2>&1"):format(dir, dir,
    script:gsub("'", "'\\''")))
  local out = p:read("a")
  local ok = p:close()
  return out, ok
end

-- a folder with a `deckhand` command on its PATH
local function workdir()
  local dir = F.tmpname()
  os.execute("mkdir -p " .. dir)
  F.write(dir .. "/deckhand", ("#!/bin/sh\nexec lua5.4 %s/bin/deckhand \"$@\"\n"):format(root))
  os.execute("chmod +x " .. dir .. "/deckhand")
  return dir
end

local function deals(file)
  local out = {}
  for l in io.lines(file) do out[#out + 1] = json.decode(l) end
  return out
end

describe("shards", function()
  it("run with GNU parallel as docs/tournament.md says merge to the single run, deal by deal", function()
    local dir = workdir()
    local out, ok = sh(dir, recipe("On one machine, with GNU parallel:"))
    assert.is_true(ok, out)
    local merged = deals(dir .. "/all.jsonl")
    local secret = merged[1].secret
    out, ok = sh(dir, "deckhand tournament spades --games 12 --secret " .. secret .. " --record single.jsonl --quiet")
    assert.is_true(ok, out)
    local single = deals(dir .. "/single.jsonl")
    assert.equals(13, #single)
    assert.equals(#single, #merged)
    for k = 1, #single do assert.same(single[k], merged[k], "line " .. k) end
    os.execute("rm -rf " .. dir)
  end)

  it("agree on their bots' seeds without a secret, and merge to the run of one shard", function()
    local dir = workdir()
    local out, ok = sh(dir, [[
      for i in 1 2 3; do deckhand tournament spades --games 9 --shard $i/3 --record p$i.jsonl --quiet >/dev/null; done
      deckhand merge p1.jsonl p2.jsonl p3.jsonl --out all.jsonl >/dev/null
      deckhand tournament spades --games 9 --shard 1/1 --record one.jsonl --quiet >/dev/null]])
    assert.is_true(ok, out)
    assert.equals(F.slurp(dir .. "/one.jsonl"), F.slurp(dir .. "/all.jsonl"))
    os.execute("rm -rf " .. dir)
  end)
end)
