-- deckhand.json: records decode the same with lua-cjson and with dkjson.
local dh = require "deckhand"

-- the module loaded afresh, with or without cjson on hand
local function load_json(with_cjson)
  local saved, saved_safe = package.loaded["deckhand.json"], package.preload["cjson.safe"]
  package.loaded["deckhand.json"] = nil
  if not with_cjson then package.preload["cjson.safe"] = function() error("hidden") end end
  local loaded_safe = package.loaded["cjson.safe"]
  if not with_cjson then package.loaded["cjson.safe"] = nil end
  local m = require "deckhand.json"
  m.which()   -- the decoder is chosen now, while cjson is hidden or not
  package.loaded["deckhand.json"], package.preload["cjson.safe"] = saved, saved_safe
  package.loaded["cjson.safe"] = loaded_safe
  return m
end

describe("deckhand.json", function()
  it("decodes a tournament record alike with either library", function()
    local fast, plain = load_json(true), load_json(false)
    assert.are.equal("dkjson", plain.which())
    if fast.which() ~= "cjson" then pending("lua-cjson is not installed") return end
    local rec = os.tmpname()
    dh.tournament { variant = "holdem", players = { "heuristic", "random" }, games = 3, progress = false,
                    record = rec, secret = ("ab"):rep(16) }
    local n = 0
    for line in io.lines(rec) do
      n = n + 1
      assert.are.same(plain.decode(line), fast.decode(line))
      assert.are.equal(line, plain.encode(fast.decode(line)))   -- and encodes back byte for byte
    end
    os.remove(rec)
    assert.are.equal(4, n)
    local text = '{"a":[1,2.5,null,"x\\n\\u00e9"],"b":{"c":true,"d":-3}}'
    assert.are.same(plain.decode(text), fast.decode(text))
    assert.are.equal(2, select("#", fast.decode("{bad")))
    assert.are.equal(2, select("#", plain.decode("{bad")))
  end)
end)
