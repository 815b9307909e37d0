-- deckhand.core.strmatch: Lua's string patterns under a time limit (the
-- sandbox's string.find, match, gmatch and gsub).  Every call must give
-- what Lua's own string library gives, results and errors alike: checked
-- on hand-picked cases and on random patterns against random subjects.
local core = require "deckhand.core"
local sm = core.strmatch
local host = core.host

-- everything a call returns, or its error, as one comparable string
local function outcome(f, ...)
  -- called by a local's name, so that both argument errors name it alike
  local r = table.pack(pcall(function(...)
    local got = table.pack(f(...))
    return table.unpack(got, 1, got.n)
  end, ...))
  local out = {}
  for i = 1, r.n do out[i] = type(r[i]) .. ":" .. tostring(r[i]) end
  return table.concat(out, " | ")
end

local function all_matches(gmatch, s, p, init)
  local out, n = {}, 0
  for a, b, c in gmatch(s, p, init) do
    n = n + 1
    if n > 200 then error("gmatch: more than 200 matches") end
    out[#out + 1] = table.concat({ tostring(a), tostring(b), tostring(c) }, ",")
  end
  return table.concat(out, ";")
end

-- the same call through both libraries must come out the same
local function same(name, ...)
  local ours, lua
  if name == "gmatch" then
    ours, lua = outcome(all_matches, sm.gmatch, ...), outcome(all_matches, string.gmatch, ...)
  else
    ours, lua = outcome(sm[name], ...), outcome(string[name], ...)
  end
  if ours ~= lua then
    local args = table.pack(...)
    for i = 1, args.n do args[i] = type(args[i]) == "string" and ("%q"):format(args[i]) or tostring(args[i]) end
    error(("%s(%s):\n  deckhand: %s\n  Lua:      %s"):format(name, table.concat(args, ", ", 1, args.n), ours, lua), 2)
  end
end

describe("deckhand.core.strmatch", function()
  it("gives Lua's results on the manual's examples and the corners", function()
    same("find", "hello world", "o w")
    same("find", "hello world", "o w", 6)
    same("find", "hello world", "l+")
    same("find", "hello", "l", -2)
    same("find", "hello", "", 10)
    same("find", "hello", "", 6)
    same("find", "hello", "", -10)
    same("find", "a.b", ".", 1, true)
    same("find", "a+b", "+", 1, true)
    same("find", ("ab"):rep(50) .. "abc", ("ab"):rep(10) .. "c", 1, true)   -- longer than 16
    same("find", ("ab"):rep(50) .. "abc", ("ab"):rep(10) .. "c")
    same("find", ("ab"):rep(50), ("ab"):rep(10) .. "c", 3, true)
    same("find", "xyz", "xyzw", 1, true)
    same("find", "xyz", "z", -1, true)
    same("find", "abc\0def", "%z")
    same("find", "abc\0def", "\0d")
    same("find", "THE (quick) fox", "%((%a+)%)")
    same("match", "hello world from Lua", "(%w+) (%w+)")
    same("match", "  trim me  ", "^%s*(.-)%s*$")
    same("match", "key = value", "(%w+)%s*=%s*(%w+)")
    same("match", "[[nested]] x", "%[(=*)%[(.-)%]%1%]")
    same("match", "x = 'it''s'", "()'(.-)'()")
    same("match", "THE (quick) fox", "%f[%a]%a+")
    same("match", "f(a(b)c) d", "%b()")
    same("match", "hello", "^(h)(e)(l)(l)(o)$")
    same("match", "aaa", "a-b")
    same("match", "aaab", "a-b")
    same("match", "", "^$")
    same("gmatch", "hello world from Lua", "%a+")
    same("gmatch", "from=world, to=Lua", "(%w+)=(%w+)")
    same("gmatch", "abc", "")
    same("gmatch", "abc", "^a")
    same("gmatch", "hello world", "%a+", 3)
    same("gmatch", "hello world", "%a+", -5)
    same("gsub", "hello world", "(%w+)", "%1 %1")
    same("gsub", "hello world", "%w+", "%0 %0", 1)
    same("gsub", "hello world from Lua", "(%w+)%s*(%w+)", "%2 %1")
    same("gsub", "home = $HOME, user = $USER", "%$(%w+)", { HOME = "/home/x", USER = false })
    same("gsub", "4+5 = $return 4+5$", "%$(.-)%$", function(s) return "[" .. s .. "]" end)
    same("gsub", "abc", "", "-")
    same("gsub", "abc", "%w", "%%")
    same("gsub", "abc", "()", "%1")
    same("gsub", "abc", "b*", "X")
    same("gsub", "hello", "l", 7)
    same("gsub", "hello", "^h", "j")
  end)

  it("raises Lua's errors for bad patterns and replacements", function()
    for _, p in ipairs { "%", "[a", "[^", "[]", "(", ")", "%b", "%ba", "%f", "%fa", "%1", "(a)%2", "(a%1)",
                         "((((((((((((((((((((((((((((((((((a))))))))))))))))))))))))))))))))))" } do
      same("find", "abc(a)", p)
      same("match", "abc(a)", p)
      same("gmatch", "abc(a)", p)
      same("gsub", "abc(a)", p, "x")
    end
    same("gsub", "abc", "b", "%")
    same("gsub", "abc", "b", "%x")
    same("gsub", "abc", "b", "%2")
    same("gsub", "abc", "(b)", "%2")
    same("gsub", "abc", "b", {})
    same("gsub", "abc", "b", function() return {} end)
    same("gsub", "abc", "b", true)
    same("gsub", "abc", "b")
    same("find", "abc", "b", 1.5)
    same("find", {}, "b")
    same("match", "abc")
    -- called with no name (by pcall, as a callback), Lua's errors name its
    -- functions "string.find" and so on, by where package.loaded holds
    -- them; ours are held nowhere, and said "?" there
    local holder = setmetatable({}, { __name = "Holder" })
    for _, args in ipairs { { nil, "a" }, { "a" }, { "a", "a", 1.5 }, { "a", "a", "x" }, { holder, "a" },
                            { "a", "a", {} }, { "a", "a", holder }, { "a", "a", false } } do
      for _, name in ipairs { "find", "match", "gmatch", "gsub" } do
        local _, ours = pcall(sm[name], table.unpack(args, 1, 3))
        local _, lua = pcall(string[name], table.unpack(args, 1, 3))
        if name == "gmatch" and type(ours) == "function" then ours, lua = "fn", type(lua) == "function" and "fn" or lua end
        assert.are.equal(lua, ours)
      end
    end
    local _, ours = pcall(sm.gsub, "a", "a", "b", 1.5)
    local _, lua = pcall(string.gsub, "a", "a", "b", 1.5)
    assert.are.equal(lua, ours)
    -- deep enough to be "too complex" for both
    same("match", ("a"):rep(300), ("a?"):rep(300))
    same("match", ("a"):rep(300), ("(a)"):rep(33))
  end)

  it("gives Lua's results on random patterns and subjects", function()
    local rng = require "deckhand".rng(20261208)
    local function pick(t) return t[rng:int(1, #t)] end
    local atoms = { "a", "b", "c", ".", "%a", "%d", "%s", "%w", "%A", "%p", "%.", "%%", "[ab]", "[^a]",
                    "[a-c]", "[%d%s]", "[]a]", "[^]b]", "[a-]", " ", "1", "(", ")", "x" }
    local specials = { "()", "%1", "%2", "%b()", "%bab", "%f[%w]", "%f[^a]", "%f[%z]", "$", "^", "[", "%",
                       "(a)", "(%a+)", "(.-)", "[%", "%z" }
    local quants = { "", "", "", "*", "+", "-", "?" }
    local letters = { "a", "b", "c", "a", "b", "1", "2", " ", "(", ")", ".", "%", "x", "\0", "\200" }
    local repls = { "<%0>", "%1", "%2-%1", "%%", "x", "", "%", "%9" }
    local function pattern()
      local parts = {}
      if rng:int(1, 5) == 1 then parts[1] = "^" end
      for _ = 1, rng:int(0, 7) do
        if rng:int(1, 4) == 1 then
          parts[#parts + 1] = pick(specials)
        else
          parts[#parts + 1] = pick(atoms) .. pick(quants)
        end
      end
      if rng:int(1, 5) == 1 then parts[#parts + 1] = "$" end
      return table.concat(parts)
    end
    local function subject()
      local out = {}
      for i = 1, rng:int(0, 14) do out[i] = pick(letters) end
      return table.concat(out)
    end
    local tables = { a = "A", b = false, ["1"] = 11 }
    local funcs = {
      function(c) return c end,
      function() return nil end,
      function(c, d) return tostring(c) .. "/" .. tostring(d) end,
      function() return {} end,
    }
    local cases = 0
    local stop = os.clock() + 4
    while os.clock() < stop do
      local s, p = subject(), pattern()
      local init = rng:int(1, 6) == 1 and rng:int(-16, 16) or nil
      same("find", s, p, init)
      same("find", s, p, init, true)
      same("match", s, p, init)
      same("gmatch", s, p, init)
      local r = rng:int(1, 3)
      local repl = r == 1 and pick(repls) or r == 2 and tables or pick(funcs)
      same("gsub", s, p, repl, rng:int(1, 4) == 1 and rng:int(-1, 3) or nil)
      cases = cases + 1
    end
    assert.is_true(cases > 1000, "only " .. cases .. " cases in the time")
  end)

  it("stops a search built to backtrack at the time limit, and only then", function()
    local subject = ("a"):rep(40)
    local bad = ("a?"):rep(40) .. ("a"):rep(40) .. "b"   -- 2^40 steps for Lua's
    local set = "[" .. ("a"):rep(1e6) .. "]"
    for _, call in ipairs {
      function() return sm.find(subject, bad) end,
      function() return sm.match(subject, bad) end,
      function() return sm.gsub(subject, bad, "x") end,
      function() for _ in sm.gmatch(subject, bad) do end end,
      -- steps that each cost much (a set of a million characters read at
      -- each place, a replacement of many escapes at each match) count
      -- for their work: these ran 5 to 15 s past a limit of 0.2 s
      function() return sm.find(("x"):rep(1e4), set) end,
      function() return sm.find(("x"):rep(1e4), "%f" .. set) end,
      function() return sm.match(("b"):rep(1e4), set:sub(1, -2) .. "b]*$x") end,
      function() return sm.gsub(("a"):rep(1e4), "", ("%1"):rep(1e5)) end,
    } do
      local co = coroutine.create(call)
      host.deadline(co, 0.2)
      local t = host.clock()
      local ok, err = coroutine.resume(co)
      host.deadline(co)
      assert.is_false(ok)
      assert.matches("over the time limit", err, 1, true)
      assert.is_true(host.clock() - t < 2, "stopped after " .. (host.clock() - t) .. " s")
    end
    -- no deadline: a long search runs to its end (here a short one)
    assert.are.equal(1, (sm.find(("a"):rep(12), ("a?"):rep(12) .. ("a"):rep(12))))
  end)
end)
