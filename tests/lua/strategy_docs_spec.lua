-- The options tables of docs/bots.md are made from the specs the shipped
-- strategies check their options with (each file's `takes`,
-- deckhand/strategy_docs.lua): the page cannot drift from the code, every
-- option has a meaning, and each table is of the spec the strategy hands
-- to dh.check_options.
local dh = require "deckhand"
local options = require "deckhand.options"
local docs = require "deckhand.strategy_docs"
local root = os.getenv("DECKHAND_ROOT") or "."

local function read(path)
  local f = assert(io.open(path))
  local text = f:read("a")
  f:close()
  return text
end

local page = read(root .. "/docs/bots.md")

-- every name of a strategy's table marker on a page
local function markers(text)
  local out = {}
  for name in text:gmatch("<!%-%- options:([%w._]+) %-%->") do out[#out + 1] = name end
  return out
end

describe("docs/bots.md's options tables", function()
  it("are the ones the strategies' specs make", function()
    local made, found = docs.fill(page, root)
    assert(made == page, "docs/bots.md: its options tables differ from the strategies' specs; "
                         .. "run lua5.4 .ci/schema-docs.lua")
    -- every strategy has its table, and every marker names a strategy
    table.sort(found)
    local want = { table.unpack(docs.strategies) }
    table.sort(want)
    assert.are.same(want, found)
    assert.are.equal(#docs.strategies, #markers(page))
  end)

  it("differ once the page is edited by hand", function()
    -- pimc's default worlds, 200, written as 250 on the page
    local row = "| `worlds` | integer | `200` | 1 or more |"
    local at = assert(page:find(row, 1, true), "the page shows pimc's worlds")
    local edited = page:sub(1, at - 1) .. row:gsub("200", "250") .. page:sub(at + #row)
    assert.are_not.equal(edited, (docs.fill(edited, root)))
    assert.are.equal(page, (docs.fill(edited, root)))   -- made again, it is the page
  end)

  it("differ once a spec changes (a copy of the tree whose pimc takes 201 worlds)", function()
    local tmp = os.tmpname()
    os.remove(tmp)
    assert(os.execute(("mkdir -p %q && cp -r %q %q"):format(tmp, root .. "/strategies", tmp .. "/strategies")))
    local file = tmp .. "/strategies/pimc.lua"
    local text = read(file)
    local changed, n = text:gsub('worlds = { "integer", 200, min = 1,', 'worlds = { "integer", 201, min = 1,')
    assert.are.equal(1, n)
    local f = assert(io.open(file, "w"))
    f:write(changed)
    f:close()
    local made = docs.fill(page, tmp)
    os.execute(("rm -rf %q"):format(tmp))
    assert.are_not.equal(page, made)
    assert.truthy(made:find("| `worlds` | integer | `201` | 1 or more | worlds sampled per card decision |", 1, true))
  end)
end)

-- the specs a strategy's new(options) hands to dh.check_options, the file
-- loaded as plain Lua (so that its dh is this one) and made for a variant
local function handed(name, variant)
  local calls = {}
  local real = dh.check_options
  dh.check_options = function(who, given, specs)
    calls[#calls + 1] = { who = who, specs = specs }
    return real(who, given, specs)
  end
  local module
  local ok, err = pcall(function()
    module = assert(loadfile(docs.file(name, root), "t"))()
    module.new({ variant = dh.variant(variant), seed = 1 })
  end)
  dh.check_options = real
  assert(ok, err)
  assert(#calls >= 1, name .. " checks no options")
  return calls[1].who, calls[1].specs, module.takes
end

local function same_check(a, b)
  return a[1] == b[1] and a.min == b.min and a.max == b.max
     and table.concat(a[3] or {}, ",") == table.concat(b[3] or {}, ",")
end

describe("each shipped strategy's table", function()
  it("is of the spec it checks its options with", function()
    for name, case in pairs {
      random = { "spades", "random" }, greedy = { "spades", "greedy" }, heuristic = { "spades", "heuristic" },
      ismcts = { "spades", "ismcts" }, ["pimc.lua_game"] = { "crazy8", "pimc" },
    } do
      local who, specs, takes = handed(name, case[1])
      assert.are.equal(case[2], who)
      assert(rawequal(specs, takes), name .. ": check_options is not handed its takes")
    end
    -- pimc checks its own options and, with the same types and ranges,
    -- pimc.holdem's: either game's options may be given to it
    local who, specs, takes = handed("pimc", "spades")
    assert.are.equal("pimc", who)
    local holdem = docs.takes("pimc.holdem", root)
    for k, spec in pairs(specs) do
      if takes[k] then
        assert(rawequal(spec, takes[k]), "pimc: option " .. k .. " is checked by a spec of its own")
      else
        assert(holdem[k], "pimc: option " .. k .. " is checked but in neither table")
        assert(same_check(spec, holdem[k]), "pimc: option " .. k .. " is checked other than pimc.holdem takes it")
      end
    end
    for k, spec in pairs(holdem) do
      assert(specs[k] and same_check(specs[k], spec), "pimc does not check pimc.holdem's option " .. k)
    end
  end)

  it("covers every file of strategies/ that checks options", function()
    local listed = {}
    for _, name in ipairs(docs.strategies) do listed[docs.file(name, root)] = true end
    local p = assert(io.popen(("grep -rl 'check_options(' %q"):format(root .. "/strategies")))
    local n = 0
    for file in p:lines() do
      assert(listed[file], file .. " checks options but docs/bots.md has no table of them")
      n = n + 1
    end
    p:close()
    assert.is_true(n >= 6)
  end)
end)

-- the moves of a few seeded games, every seat the strategy with options o
local function moves(variant, name, o, seeds)
  local out = {}
  for seed = 1, seeds do
    local bots = {}
    for s = 1, variant.seats do
      local given = { variant = variant, seed = s }
      for k, v in pairs(o) do given[k] = v end
      bots[s] = dh.strategy(name, given)
    end
    dh.run(dh.game(variant, { seed = seed }), bots, {
      on_event = function(e) if e.kind == "move" then out[#out + 1] = e.seat .. " " .. tostring(e.move) end end,
    })
  end
  return out
end

describe("the heuristic's documented defaults", function()
  -- its part gets the options as given, so the defaults of its table are
  -- the parts' own: left out, an option plays as given at its default
  local takes = docs.takes("heuristic", root)

  it("are the Spades part's: nil_bids and avoid_bags", function()
    local v = dh.variant("spades", { max_hands = 3 })
    local plain = moves(v, "heuristic", {}, 2)
    assert.is_true(#plain > 150)
    assert.are.same(plain, moves(v, "heuristic", { nil_bids = takes.nil_bids[2], avoid_bags = takes.avoid_bags[2] }, 2))
    -- and each changes the play when it is not the default
    assert.are_not.same(plain, moves(v, "heuristic", { nil_bids = not takes.nil_bids[2] }, 2))
    assert.are_not.same(plain, moves(v, "heuristic", { avoid_bags = not takes.avoid_bags[2] }, 2))
  end)

  it("are the Hold'em and Omaha part's: samples", function()
    for _, game in ipairs { "holdem", "omaha" } do
      assert.are.equal(takes.samples[2], dh.strategy("heuristic", { variant = game, seed = 1 }).samples)
      assert.are.equal(20, dh.strategy("heuristic", { variant = game, seed = 1, samples = 20 }).samples)
    end
  end)
end)

describe("options.markdown", function()
  it("shows each option's type, default, range or choices and meaning", function()
    local t = options.markdown {
      depth = { "integer", 3, min = 1, max = 9, doc = "plies | searched" },
      mode = { "choice", nil, { "a", "b" }, default_doc = "`a` in Spades", doc = "how" },
    }
    assert.are.equal(table.concat({
      "| option | type | default | range or choices | meaning |",
      "|---|---|---|---|---|",
      "| `depth` | integer | `3` | 1 to 9 | plies \\| searched |",
      "| `mode` | choice | `a` in Spades | `a`, `b` | how |",
    }, "\n") .. "\n", t)
  end)

  it("refuses an option without a meaning", function()
    local ok, err = pcall(options.markdown, { depth = { "integer", 3 } })
    assert.is_false(ok)
    assert.are.equal("option 'depth' has no doc", err)
  end)

  it("leaves the check as it was: doc and default_doc are not options", function()
    local specs = { depth = { "integer", 3, min = 1, doc = "plies", default_doc = "three" } }
    assert.are.same({ depth = 3 }, dh.check_options("bot", {}, specs))
    local _, err = pcall(dh.check_options, "bot", { depth = 0 }, specs)
    assert.are.equal("bot: option 'depth' must be an integer of at least 1, got 0", err)
    _, err = pcall(dh.check_options, "bot", { doc = "x" }, specs)
    assert.are.equal("bot: unknown option 'doc' (it takes: depth)", err)
  end)
end)
