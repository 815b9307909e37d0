-- docs_spec.lua: the samples of README.md and docs/*.md run, and what they
-- print is what the page says, so the documentation cannot drift from
-- the code.  Every link between the pages leads somewhere.
--
-- Conventions for the samples (the page is parsed by docs_helper.lua):
--  * each ```lua block is a whole program (it requires what it uses) and
--    runs; each ```c block with a main() compiles against the engine and
--    runs, and one without is a function's body: it compiles inside one;
--  * `print(...)  --> text` states what that print shows: the first thing
--    printed from that line must equal text (runs of spaces and tabs
--    count as one space; a remark may follow as `--> text  -- remark`);
--    a long one may stand alone on the next line, `--> text`.  Every
--    print states what it shows so, or by an output block (below): a
--    print with a plain comment beside it, which reads as its output, or
--    one whose output the page leaves unsaid, is refused;
--  * a ```text block right after a sample (blank lines apart) is all that
--    the sample prints, line by line; a ```text block after anything else
--    is refused;
--  * a ```sh block followed by a ```text block runs (bash, from the
--    repository's root, `bin/` on the PATH, `make -s env` giving the
--    build under test) and prints that text; keep such samples cheap.  In every ```sh block each `deckhand` command
--    must be one the command has, with options it accepts;
--  * a first line `-- needs: deckhand.x.y` marks a Lua block that waits
--    for a part of the API not built in yet: it is reported as pending;
--  * a line `<!-- synopsis -->` right above the fence (invisible once
--    rendered) marks a summary that is not a program: it is not run (its
--    `deckhand` commands are still checked).
package.path = "tests/lua/?.lua;" .. package.path
local H = require "embed_helper"
local D = require "docs_helper"

local function squash(s) return (s:gsub("[ \t]+", " "):gsub("^ ", ""):gsub(" $", "")) end

-- text as lines, each squashed, trailing empty lines dropped
local function squashed_lines(text)
  local out = {}
  for line in (text .. "\n"):gmatch("([^\n]*)\n") do out[#out + 1] = squash(line) end
  while #out > 0 and out[#out] == "" do out[#out] = nil end
  return out
end

local function same_output(page, b, printed)
  local want, got = squashed_lines(b.output.code), squashed_lines(printed)
  assert.are.same(want, got, ("%s:%d: the output shown at line %d"):format(page, b.line, b.output.line))
end

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

local function run_lua(page, b)
  local printed = {}  -- line -> first text printed from it
  local all = {}      -- everything printed, for an output block
  local env = setmetatable({}, { __index = _G })
  env.print = function(...)
    local parts = table.pack(...)
    for i = 1, parts.n do parts[i] = tostring(parts[i]) end
    local text = table.concat(parts, "\t", 1, parts.n)
    all[#all + 1] = text
    local info = debug.getinfo(2, "Sl")
    -- only prints written in the block itself, not in functions it calls
    if info.source == "=" .. page then
      local line = info.currentline
      if printed[line] == nil then printed[line] = text end
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
    local at = b.line + i - 1
    local expect = line:match("print%b().-%-%->%s*(.-)%s*$")
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
  if b.output then same_output(page, b, table.concat(all, "\n")) end
end

-- the prints of a sample whose output the page does not state: a print
-- with a plain comment beside it (which reads as its output, unchecked),
-- or one with no `-->` on its line or the next and no output block
local function unchecked_claims(page, b)
  local bad = {}
  for i, line in ipairs(b.lines) do
    local claim = line:match("print%b()%s*%-%-(.*)$")
    local stated = line:match("%-%->") or (b.lines[i + 1] or ""):match("^%s*%-%->")
    if (claim and not claim:match("^>")) or (line:match("%f[%w_]print%(") and not stated and not b.output) then
      bad[#bad + 1] = ("%s:%d"):format(page, b.line + i - 1)
    end
  end
  return bad
end

describe("the Lua samples in the docs", function()
  for _, page in ipairs(D.pages()) do
    for _, b in ipairs(D.blocks(page)) do
      if b.lang == "lua" and not b.synopsis then
        local title = ("%s:%d"):format(page, b.line)
        local need = (b.lines[1] or ""):match("^%-%-%s*needs:%s*(%S+)")
        if need and not available(need) then
          pending(title .. " (needs " .. need .. ")")
        else
          it(title, function() run_lua(page, b) end)
        end
      end
    end
  end

  it("state what each print shows, with --> or an output block, never a plain comment", function()
    local bad = {}
    for _, page in ipairs(D.pages()) do
      for _, b in ipairs(D.blocks(page)) do
        if b.lang == "lua" and not b.synopsis then
          for _, where in ipairs(unchecked_claims(page, b)) do bad[#bad + 1] = where end
        end
      end
    end
    assert.are.same({}, bad)
  end)

  it("show a ```text block only as the output of a sample that runs", function()
    local bad = {}
    for _, page in ipairs(D.pages()) do
      local runs = { lua = true, c = true, sh = true }
      for _, b in ipairs(D.blocks(page)) do
        if b.lang == "text" and not b.is_output then bad[#bad + 1] = ("%s:%d: follows no sample"):format(page, b.line) end
        if b.output and (b.synopsis or not runs[b.lang]) then
          bad[#bad + 1] = ("%s:%d: follows a sample that does not run"):format(page, b.output.line)
        end
      end
    end
    assert.are.same({}, bad)
  end)
end)

describe("the C samples in the docs", function()
  for _, page in ipairs(D.pages()) do
    for _, b in ipairs(D.blocks(page)) do
      if b.lang == "c" then
        it(("%s:%d"):format(page, b.line), function()
          local tmp = H.tmpdir()
          local f = assert(io.open(tmp .. "/example.c", "w"))
          local whole = b.code:find("int main", 1, true)
          -- a fragment is a function's body: it compiles inside one (its
          -- variables may go unread)
          if not whole then f:write("#include <deckhand/deckhand.h>\nint main(void) {\n") end
          f:write(("#line %d \"%s\"\n"):format(b.line, page), b.code, "\n")
          if not whole then f:write("return 0;\n}\n") end
          f:close()
          H.run(("cc -std=c11 -Wall -Wextra -Werror %s %s -I%s -o %s/example %s/example.c %s -lm -pthread")
            :format(whole and "" or "-Wno-unused-variable -Wno-unused-but-set-variable",
                    H.sanitize and "-fsanitize=address,undefined" or "",
                    H.quote(H.root .. "/build/include"), tmp, tmp,
                    H.quote(H.build .. "/lib/libdeckhand.a")))
          local out = H.run(tmp .. "/example")
          H.rmdir(tmp)
          if b.output then same_output(page, b, out) end
        end)
      end
    end
  end
end)

describe("the shell samples in the docs", function()
  for _, page in ipairs(D.pages()) do
    for _, b in ipairs(D.blocks(page)) do
      if b.lang == "sh" and b.output and not b.synopsis then
        it(("%s:%d runs and prints what the page shows"):format(page, b.line), function()
          -- `make -s env` answers with the paths of the build under test
          -- (the sanitizer run may have no release build)
          local script = { [[make() { if [ "$*" = "-s env" ]; then
  printf 'export LUA_PATH_5_4=%q\nexport LUA_CPATH_5_4=%q\n' "$LUA_PATH_5_4" "$LUA_CPATH_5_4"
  else command make "$@"; fi; }]] }
          for _, l in ipairs(D.shell_lines(b)) do script[#script + 1] = l.text end
          local out = H.run(("cd %s && PATH=%s/bin:\"$PATH\" timeout 120 bash -ec %s")
            :format(H.quote(H.root), H.quote(H.root), H.quote(table.concat(script, "\n"))))
          same_output(page, b, out)
        end)
      end
    end
  end

  -- the commands of `deckhand --help` and the options of each one's help
  local helps = {}
  local function help(sub)
    if not helps[sub] then
      helps[sub] = H.run(("%s/bin/deckhand %s --help"):format(H.quote(H.root), sub or ""))
    end
    return helps[sub]
  end
  local function commands()
    local set = {}
    for name in help(""):match("Commands:(.*)$"):gmatch("\n%s+(%S+)") do set[name] = true end
    return set
  end

  it("name only commands and options deckhand has", function()
    local known, bad = commands(), {}
    for _, page in ipairs(D.pages()) do
      for _, b in ipairs(D.blocks(page)) do
        if b.lang == "sh" then
          for _, l in ipairs(D.shell_lines(b)) do
            for rest in (" " .. l.text):gmatch("[%s/]deckhand%s+([^|;&]*)") do
              local where = ("%s:%d"):format(page, l.line)
              local sub = rest:match("^(%S+)")
              if sub and sub:match("^%-") then
                if not help(""):find(sub, 1, true) then bad[#bad + 1] = where .. ": deckhand " .. sub end
              elseif not known[sub] then
                bad[#bad + 1] = where .. ": no command " .. tostring(sub)
              else
                local text = help(sub)
                for opt in rest:gmatch("%f[%S]%[?(%-%-[%w-]+)") do
                  if not text:find(opt:gsub("%-", "%%-") .. "%f[^%w-]") then bad[#bad + 1] = ("%s: deckhand %s %s"):format(where, sub, opt) end
                end
              end
            end
          end
        end
      end
    end
    assert.are.same({}, bad)
  end)
end)

describe("the links in the docs", function()
  it("lead to a file of the repository, and to a heading of it", function()
    local anchors, bad = {}, {}
    for _, page in ipairs(D.pages()) do
      local dir = page:match("^(.*)/") or "."
      for _, link in ipairs(D.links(page)) do
        local t = link.target
        if not t:match("^%a[%w+.-]*:") then   -- not http:, mailto:, ...
          local path, anchor = t:match("^([^#]*)#?(.*)$")
          local file = path == "" and page or (dir .. "/" .. path):gsub("^%./", "")
          local where = ("%s:%d: %s"):format(page, link.line, t)
          if not H.exists(H.root .. "/" .. file) and not select(2, H.sh("test -d " .. H.quote(H.root .. "/" .. file))) then
            bad[#bad + 1] = where .. " (no such file)"
          elseif anchor ~= "" then
            if not file:match("%.md$") then
              bad[#bad + 1] = where .. " (an anchor in a file that is not a page)"
            else
              anchors[file] = anchors[file] or D.anchors(file)
              if not anchors[file][anchor] then bad[#bad + 1] = where .. " (no such heading)" end
            end
          end
        end
      end
    end
    assert.are.same({}, bad)
  end)
end)

describe("the README", function()
  local readme = H.read(H.root .. "/README.md")

  it("is a page a newcomer reads in minutes: under 20 KB", function()
    assert.is_true(#readme < 20 * 1024, ("README.md is %d bytes"):format(#readme))
  end)

  it("lists every game of rules/ in its games table, and docs/games.md too", function()
    local function table_names(text)
      local names = {}
      for row in text:gmatch("\n| ([^|]*) |") do
        for name in row:gmatch("`([%w_]+)`") do names[name] = true end
      end
      return names
    end
    local here, there, missing = table_names(readme), table_names(H.read(H.root .. "/docs/games.md")), {}
    for name in H.run("cd " .. H.quote(H.root) .. " && ls rules"):gmatch("([%w_]+)%.lua") do
      if not here[name] then missing[#missing + 1] = "README.md: " .. name end
      if not there[name] then missing[#missing + 1] = "docs/games.md: " .. name end
    end
    assert.are.same({}, missing)
  end)

  it("gives the main job and all the tests as commands that exist", function()
    local quick = D.blocks("README.md")[1]
    assert.are.equal("sh", quick.lang)
    assert.matches("\nmake demo%s", "\n" .. quick.code)
    assert.matches("\nbash %.ci/run%s", "\n" .. quick.code)
    assert.matches("\ndemo:", H.read(H.root .. "/Makefile"))
    assert.is_true(H.exists(H.root .. "/.ci/run"))
  end)
end)
