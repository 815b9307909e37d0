-- prefab_numbers_spec.lua: the prefab phases' numbers, defined once in C
-- (engine/trick/prefab.h) and read by name from Lua: dh.phase.<prefab>.vars,
-- Skat's bid values, and view:auction(), the auction's state by name.
local dh = require "deckhand"

describe("the prefabs' numbers from C", function()
  it("skat_bidding.bids: every game value of Skat's rules, lowest first", function()
    -- from the rules: a suit game is its base (diamonds 9, hearts 10, spades
    -- 11, clubs 12) times 2..18 (matadors with or without, 1..11, plus game,
    -- hand, schneider, announced, schwarz, announced, ouvert), a grand 24
    -- times 2..11 (four jacks at most: up to 11 with every level), a null 23,
    -- 35, 46 or 59
    local set, want = {}, {}
    for _, base in ipairs { 9, 10, 11, 12 } do
      for m = 2, 18 do set[base * m] = true end
    end
    for m = 2, 11 do set[24 * m] = true end
    for _, v in ipairs { 23, 35, 46, 59 } do set[v] = true end
    for v in pairs(set) do want[#want + 1] = v end
    table.sort(want)
    assert.equal(63, #want)
    assert.same(want, dh.phase.skat_bidding.bids)
  end)

  it("vars: the 1-based numbers view:var reads", function()
    assert.same({ contract = 1, bidder = 2, doubled = 3, passes = 4, named = 5, opening = 7 },
                dh.phase.auction.vars)
    assert.same({ value = 1, asker = 2, holder = 3, stage = 4, game = 5, flags = 6 },
                dh.phase.skat_bidding.vars)
    assert.same({ alone = 1 }, dh.phase.turned_card_trump.vars)
  end)

  it("a prefab's table still builds its phase when called", function()
    assert.equal("Phase(auction)", tostring(dh.phase.auction()))
    assert.equal("Phase(skat_bidding)", tostring(dh.phase.skat_bidding { ramsch = true }))
    local ok, err = pcall(dh.phase.auction, { contract = "9S" })
    assert.is_false(ok)
    assert.matches("auction: field 'contract' must be a bid", err, 1, true)
  end)

  it("the skat game reads the value named through the exported vars", function()
    local g = dh.game(dh.variant "skat", { seed = 3 })
    local seat = g:next_player()
    assert(g:apply(seat, "18"))
    assert.equal(18, dh.phase.skat_bidding.bids[g:var(dh.phase.skat_bidding.vars.value)])
  end)
end)

describe("view:auction()", function()
  it("names the auction's state: bid, bidder, doubling, opening, strains named", function()
    local g = dh.game(dh.variant "bridge", { seed = 1 })
    local first = g:next_player()          -- board 1: North deals and opens
    local a = g:view(first):auction()
    assert.same({ contract = 0, doubled = 0, opening = 0, named = { false, false } }, a)
    assert(g:apply(first, "1S"))
    local second = g:next_player()
    assert(g:apply(second, "double"))
    a = g:view(second):auction()
    assert.equal("1S", a.bid)
    assert.equal(4, a.contract)            -- (1 - 1) * 5 + spades (4)
    assert.equal(first, a.bidder)
    assert.equal(1, a.doubled)
    assert.equal(4, a.opening)
    assert.equal(first, a.opener)
    local side = g:view(first):side(first)
    assert.is_true(a.named[side])
    assert.is_false(a.named[3 - side])
  end)
end)
