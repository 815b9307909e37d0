-- DECKHAND_PATH: a list of folders searched first for variants (in their
-- rules/) and bots (in their strategies/), never one for the other; an
-- unknown name is one line naming what exists.
package.path = "tests/lua/?.lua;" .. package.path
local F = require "file_helper"

local function lua(env, code)
  local p = io.popen(("%s lua5.4 -e %q 2>&1"):format(env, code))
  local out = p:read("a")
  p:close()
  return out
end

describe("DECKHAND_PATH", function()
  it("takes folders separated by ':' (a variant under one's rules/, a bot under another's strategies/)", function()
    local a, b = F.tmpname(), F.tmpname()
    os.execute(("mkdir -p %s/strategies %s/rules"):format(a, b))
    F.write(a .. "/strategies/lazy.lua", 'return { move = function(view) return view:moves()[1] end }')
    F.write(b .. "/rules/tiny.lua", [[
local R = require "deckhand".rule
return { name = "tiny", seats = 2, sizes = { 3 }, hand = R.follow_suit, play = R.highest_of_led,
         points = R.tricks(), win = R.highest_after(1) }]])
    local out = lua(("DECKHAND_PATH=%s:%s/"):format(a, b), [[
      local dh = require "deckhand"
      local v = dh.variant("tiny")
      local s = dh.strategy("lazy")
      local g = dh.play(v, { s, s }, { seed = 1 })
      print(v.name, g:phase(), #dh.cards("As"))]])
    assert.are.equal("tiny\tover\t1\n", out)
    os.execute(("rm -rf %s %s"):format(a, b))
  end)

  it("keeps variants and bots apart: a variant is no bot, a bot no variant, a bare file neither", function()
    local a = F.tmpname()
    os.execute(("mkdir -p %s/strategies %s/rules"):format(a, a))
    local variant = [[
local R = require "deckhand".rule
return { name = "both", move = function(view) return view:moves()[1] end,
         build = function() return { seats = 2, sizes = { 3 }, hand = R.follow_suit, play = R.highest_of_led,
                                     points = R.tricks(), win = R.highest_after(1) } end }]]
    F.write(a .. "/rules/asrule.lua", variant)
    F.write(a .. "/strategies/asbot.lua", variant)
    F.write(a .. "/bare.lua", variant)
    local out = lua(("DECKHAND_PATH=%s"):format(a), [[
      local dh = require "deckhand"
      local function try(f, name)
        local ok, err = pcall(f, name)
        print(ok and "loaded" or err:match("^unknown %w+ '%w+'"))
      end
      try(dh.variant, "asrule"); try(dh.strategy, "asrule")
      try(dh.strategy, "asbot"); try(dh.variant, "asbot")
      try(dh.variant, "bare"); try(dh.strategy, "bare")]])
    assert.are.equal(table.concat({ "loaded", "unknown strategy 'asrule'", "loaded", "unknown variant 'asbot'",
                                    "unknown variant 'bare'", "unknown strategy 'bare'" }, "\n") .. "\n", out)
    os.execute(("rm -rf %s"):format(a))
  end)

  it("names what exists when a name is not on it, in one line", function()
    local out = lua("", [[
      local dh = require "deckhand"
      print(select(2, pcall(dh.variant, "nope")))
      print(select(2, pcall(dh.strategy, "nobot")))]])
    local v, s = out:match("^([^\n]*)\n([^\n]*)\n$")
    assert.matches("^unknown variant 'nope' %(there are: .*spades", v)
    assert.matches("^unknown strategy 'nobot' %(there are: .*heuristic.*pimc", s)
  end)

  -- DECKHAND_PATH naming the strategies folder itself, or a bot beside the
  -- folder's strategies/: the refusal says where the file must be (it
  -- named only the shipped bots)
  it("says where a bot found in the wrong place must go", function()
    local a = F.tmpname(); os.remove(a)
    os.execute(("mkdir -p %s/strategies %s/rules"):format(a, a))
    F.write(a .. "/strategies/mine.lua", "return { play = function(view) return view:legal():lowest() end }")
    F.write(a .. "/beside.lua", "return {}")
    local out = lua(("DECKHAND_PATH=%s/strategies"):format(a), [[
      local dh = require "deckhand"
      print(select(2, pcall(dh.strategy, "mine")))]])
    assert.matches(("; DECKHAND_PATH names %s/strategies itself: name its parent, %s (bots are looked for in "
      .. "F/strategies/ of each folder F)\n"):format(a, a), out, 1, true)
    out = lua(("DECKHAND_PATH=%s"):format(a), [[
      local dh = require "deckhand"
      print(select(2, pcall(dh.strategy, "beside")))
      print(select(2, pcall(dh.variant, "beside")))]])
    assert.matches(("; %s/beside.lua is not looked at: bots go in %s/strategies/\n"):format(a, a), out, 1, true)
    assert.matches(("; %s/beside.lua is not looked at: variants go in %s/rules/\n"):format(a, a), out, 1, true)
    os.execute(("rm -rf %s"):format(a))
  end)
end)
