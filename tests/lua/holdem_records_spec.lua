-- holdem_records_spec.lua: records of Hold'em and Omaha made by the
-- engine before they became rules files (tests/data/holdem/
-- records_before.json, made by tests/data/holdem/make_records.lua at
-- commit c74f175) replay to the same chips, hands and position.
local dh = require "deckhand"
local json = require "deckhand.json"

local root = os.getenv("DECKHAND_ROOT") or "."
local f = assert(io.open(root .. "/tests/data/holdem/records_before.json"))
local cases = json.decode(f:read("a"))
f:close()

describe("Hold'em and Omaha records made before the rules files", function()
  it("are all there: bots' matches of every limit, Omaha hi-lo, a stacked deal, one unfinished", function()
    assert.are.equal(10, #cases)
  end)
  for _, c in ipairs(cases) do
    it("replay: " .. c.name, function()
      local g = assert(dh.replay(c.record))
      local r = g:result()
      assert.are.same(c.seats, r.seats)
      assert.are.equal(c.hands, #r.hands)
      assert.are.equal(c.over, r.over)
      assert.are.equal(c.phase, g:phase())
      assert.are.equal(c.next_player, g:next_player() or 0)
      -- and the replayed game records itself as it was recorded
      local again = g:record()
      assert.are.same(c.record.moves, again.moves)
      assert.are.equal(c.record.seed, again.seed)
    end)
  end
end)
