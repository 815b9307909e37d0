-- docs_spec.lua: every ```lua block of README.md and docs/*.md runs, and
-- every ```c block that has a main() compiles against the engine and runs,
-- so the documentation cannot drift from the code.
--
-- Conventions for the blocks:
--  * each block is a whole program (it requires what it uses);
--  * `print(...)  --> text` states what that print shows: the first thing
--    printed from that line must equal text (runs of spaces and tabs
--    count as one space; a remark may follow as `--> text  -- remark`);
--    a long one may stand alone on the next line, `--> text`;
--  * a first line `-- needs: deckhand.x.y` marks a block that waits for a
--    part of the API not built in yet: it is reported as pending, not run;
--  * a line `<!-- synopsis -->` right above the fence (invisible once
--    rendered) marks a summary that is not a program: it is not run.
package.path = "tests/lua/?.lua;" .. package.path
local H = require "embed_helper"

local function pages()
  local list = { "README.md" }
  for f in H.run("cd " .. H.quote(H.root) .. " && ls docs/*.md"):gmatch("%S+") do list[#list + 1] = f end
  return list
end

-- the ```<lang> blocks of a page: { line = first code line, code = text }
local function blocks(page, lang)
  lang = lang or "lua"
  local out, cur, prev = {}, nil, ""
  local n = 0
  for line in (H.read(H.root .. "/" .. page) .. "\n"):gmatch("([^\n]*)\n") do
    n = n + 1
    if cur then
      if line:match("^```%s*$") then
        if not cur.synopsis then out[#out + 1] = cur end
        cur = nil
      else cur.lines[#cur.lines + 1] = line end
    elseif line:match("^```" .. lang .. "%s*$") then
      cur = { line = n + 1, lines = {}, synopsis = prev:match("^<!%-%- synopsis %-%->%s*$") ~= nil }
    end
    prev = line
  end
  assert(cur == nil, page .. ": unclosed ```lua block")
  for _, b in ipairs(out) do b.code = table.concat(b.lines, "\n") end
  return out
end

local function squash(s) return (s:gsub("[ \t]+", " "):gsub("^ ", ""):gsub(" $", "")) end

-- is a dotted name like deckhand.poker.eval available?
local function available(name)
  local parts = {}
  for p in name:gmatch("[^.]+") do parts[#parts + 1] = p end
  local ok, value = pcall(require, parts[1])
  if not ok then return false end
  for i = 2, #parts do
    if type(value) ~= "table" then return false end
    value = value[parts[i]]
  end
  return value ~= nil
end

local function run_block(page, b)
  local printed = {}  -- line -> first text printed from it
  local env = setmetatable({}, { __index = _G })
  env.print = function(...)
    local parts = table.pack(...)
    for i = 1, parts.n do parts[i] = tostring(parts[i]) end
    local info = debug.getinfo(2, "Sl")
    -- only prints written in the block itself, not in functions it calls
    if info.source == "=" .. page then
      local line = info.currentline
      if printed[line] == nil then printed[line] = table.concat(parts, "\t", 1, parts.n) end
    end
  end
  -- pad so that error messages give the page's own line numbers
  local chunk = assert(load(("\n"):rep(b.line - 1) .. b.code, "=" .. page, "t", env))
  -- an example is short: one that loops (a synopsis run by mistake) fails
  debug.sethook(function() error("example still running after 10^9 instructions", 2) end, "", 1e9)
  local ok, err = pcall(chunk)
  debug.sethook()
  if not ok then error(err, 0) end
  for i, line in ipairs(b.lines) do
    local expect = line:match("print%b().-%-%->%s*(.-)%s*$")
    local at = b.line + i - 1
    local alone = line:match("^%s*%-%->%s*(.-)%s*$")
    if alone then  -- an expectation on its own line is about the print just above
      assert(i > 1 and b.lines[i - 1]:match("print%b()"),
             ("%s:%d: '-->' must follow a one-line print"):format(page, at))
      expect, at = alone, at - 1
    end
    if expect then
      expect = expect:gsub("%s+%-%-%s.*$", "")
      assert(printed[at] ~= nil, ("%s:%d: printed nothing"):format(page, at))
      assert.are.equal(squash(expect), squash(printed[at]), ("%s:%d"):format(page, at))
    end
  end
end

describe("the worked examples in the docs", function()
  for _, page in ipairs(pages()) do
    for _, b in ipairs(blocks(page)) do
      local title = ("%s:%d"):format(page, b.line)
      local need = b.lines[1]:match("^%-%-%s*needs:%s*(%S+)")
      if need and not available(need) then
        pending(title .. " (needs " .. need .. ")")
      else
        it(title, function() run_block(page, b) end)
      end
    end
  end
end)

describe("the C examples in the docs", function()
  for _, page in ipairs(pages()) do
    for _, b in ipairs(blocks(page, "c")) do
      if b.code:find("int main", 1, true) then
        it(("%s:%d"):format(page, b.line), function()
          local tmp = H.tmpdir()
          local f = assert(io.open(tmp .. "/example.c", "w"))
          f:write(("#line %d \"%s\"\n"):format(b.line, page), b.code, "\n")
          f:close()
          H.run(("cc -std=c11 -Wall -Wextra -Werror %s -I%s -o %s/example %s/example.c %s -lm")
            :format(H.sanitize and "-fsanitize=address,undefined" or "",
                    H.quote(H.root .. "/build/include"), tmp, tmp,
                    H.quote(H.build .. "/lib/libdeckhand.a")))
          H.run(tmp .. "/example")
          H.rmdir(tmp)
        end)
      end
    end
  end
end)
