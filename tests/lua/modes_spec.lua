-- modes_spec.lua: card tables a phase script picks by name (trump_tables'
-- non-suit keys, set_mode), as Skat's games need them: in a grand the
-- four jacks alone are trumps (they count as the trump suit, clubs here)
-- and the plain clubs are a suit of their own ("none"); in a null game
-- the base table holds, no trumps, the jacks in their suits.
local dh = require "deckhand"
local texts = require("deckhand.move").texts

local plain_clubs = { Ac = "none", Tc = "none", Kc = "none", Qc = "none", ["9c"] = "none", ["8c"] = "none", ["7c"] = "none" }
local grand = { suit_of = { Jc = "c", Js = "c", Jh = "c", Jd = "c" }, strength = { Jc = 20, Js = 19, Jh = 18, Jd = 17 } }
for k, v in pairs(plain_clubs) do grand.suit_of[k] = v end

local variant = dh.variant {
  name = "modes", seats = 3, deck = "piquet32", order = "A K Q J T 9 8 7", sizes = { 10 },
  trump_tables = { grand = grand },
  phases = { {
    name = "declare",
    moves = function() return { "grand", "null", "castle" } end,
    apply = function(g, _, text)
      if text == "grand" then g:set_trump("c"); g:set_mode("grand")
      elseif text == "castle" then g:set_mode("castle") end   -- no such mode: refused whole
      g:start_play()
    end,
  } },
  hand = dh.rule.follow_suit, play = dh.rule.trump_wins | dh.rule.highest_of_led,
  points = dh.rule.tricks(), win = dh.rule.highest_after(1),
}

local DEAL = { "Ac 7d 8d 9d Td Qd Kd Ad 7h 8h", "Jc Kc 9h Th Qh Kh Ah 7s 8s 9s",
               "Js Tc Ts Qs Ks As Jh Jd Qc 9c", "8c 7c" }

local function game(mode)
  local g = dh.game(variant, { seed = 1, dealer = 3, deal = DEAL })
  assert(g:apply(1, mode))
  return g
end

local function names(set) return texts(set:list()) end

describe("modes a script picks by name", function()
  it("grand: the jacks alone are trumps, the plain clubs a suit of their own", function()
    local g = game("grand")
    assert.equal("c", g:trump())
    assert.equal("c", (g:counts_as(dh.card("Jd"))))
    assert.is_nil((g:counts_as(dh.card("Ac"))))   -- a plain club: not of the trump suit
    assert(g:apply(1, "Ac"))
    assert.same({ "Kc" }, names(g:legal()))       -- the jack of clubs does not follow clubs
    assert(g:apply(2, "Kc"))
    assert.same({ "9c", "Tc", "Qc" }, names(g:legal()))
    assert(g:apply(3, "Qc"))
    local _, first = g:last_trick()
    assert.equal(1, first)                          -- the ace took it
    assert(g:apply(1, "7d"))
    assert.equal(10 - 1, #g:legal())               -- no diamond (the jack is a trump): any card
    assert(g:apply(2, "Jc"))
    assert(g:apply(3, "Js"))
    local _, winner = g:last_trick()
    assert.equal(2, winner)                         -- the highest jack trumped
    -- the view and a sampled world read the same table
    local view = g:view(2)
    assert.is_nil((view:counts_as(dh.card("Tc"))))
    local world = view:sample(dh.rng(3))
    assert.is_nil((world:counts_as(dh.card("Tc"))))
    assert.equal("c", (world:counts_as(dh.card("Jh"))))
  end)

  it("null: the base table, no trumps, the jacks in their suits", function()
    local g = game("null")
    assert.is_nil(g:trump())
    assert(g:apply(1, "Ac"))
    assert.same({ "Jc", "Kc" }, names(g:legal()))
  end)

  it("an unknown mode raises, and the move is undone", function()
    local g = dh.game(variant, { seed = 1, dealer = 3, deal = DEAL })
    assert.has_error(function() g:apply(1, "castle") end, "table: no mode 'castle' in trump_tables")
    assert.equal("declare", g:phase())
    assert.same({}, g:record().moves)
  end)
end)
