-- table_select_spec.lua: moves of several cards grouped for display
-- (deckhand/table_moves.lua).  A climbing game names a play by its cards
-- alone ("7c 7d", "7c 7d 7s") and offers sets of several sizes at once;
-- each such move must be reachable by picking its cards, none filed under
-- one of its cards as if it were a word and a card ("discard 9c"), none
-- dropped because another size came first.
local group = require "deckhand.table_moves"

local function table_with(hand)
  return { seat = 1, hand = hand, players = { { seat = 1, cards = {} }, { seat = 2, cards = {} } } }
end

local HAND = { "3c", "3h", "7c", "7d", "7s", "Kd" }

describe("moves of several cards", function()
  it("groups plays named by their cards alone as one pick of 2 or 3 cards", function()
    local mv = group({ "3c", "3h", "3c 3h", "7c", "7c 7d", "7c 7d 7s", "Kd", "pass" }, table_with(HAND))
    -- the singles stay a click on their card, the pass a button
    assert.are.same({ "3c" }, mv.cards["3c"])
    assert.are.same({ "3h" }, mv.cards["3h"])   -- not "3c 3h" filed under 3h
    assert.are.same({ "pass" }, mv.buttons)     -- not "7c 7d 7s" as a button
    assert.is_table(mv.select)
    assert.are.equal("", mv.select.word)
    assert.are.same({ 2, 3 }, mv.select.counts)
    assert.are.same({ "3c 3h", "7c 7d", "7c 7d 7s" }, mv.select.moves)
  end)

  it("keeps every size of a word's picks, not only the first", function()
    local mv = group({ "play 3c 3h", "play 7c 7d 7s", "pass" }, table_with(HAND))
    assert.are.equal("play", mv.select.word)
    assert.are.same({ 2, 3 }, mv.select.counts)
    assert.are.same({ "play 3c 3h", "play 7c 7d 7s" }, mv.select.moves)
  end)

  it("leaves a pass of one size as it was (Hearts)", function()
    local mv = group({ "pass 3c 3h 7c", "pass 3c 3h 7d" }, table_with(HAND))
    assert.are.same({ word = "pass", counts = { 3 }, moves = { "pass 3c 3h 7c", "pass 3c 3h 7d" } },
      mv.select)
    local one = group({ "discard 7c", "knock 7d", "8s call c" }, table_with { "7c", "7d", "8s" })
    assert.are.same({ "discard 7c" }, one.cards["7c"])
    assert.are.same({ "knock 7d" }, one.cards["7d"])
    assert.are.same({ "8s call c" }, one.cards["8s"])
    assert.is_nil(one.select)
  end)

  it("says in the terminal what may be picked", function()
    local text = require "deckhand.table_text"
    local t = table_with(HAND)
    t.seats, t.turn, t.players[1].notes, t.players[2].notes = 2, 1, {}, {}
    t.moves = group({ "3c", "3c 3h", "7c 7d 7s", "pass" }, t)
    assert.matches("calls  pass, 2 or 3 cards %(as 3c 3h%)", text.render(t))
    t.moves = group({ "pass 3c 3h 7c", "pass 3c 3h 7d" }, t)
    assert.matches("calls  pass and 3 cards", text.render(t))
    -- a seat's count of cards: "1 card", not "1 cards"
    t.players[2].count = 1
    assert.matches("seat 2: 1 card\n", text.render(t) .. "\n")
    t.players[2].count = 2
    assert.matches("seat 2: 2 cards\n", text.render(t) .. "\n")
  end)
end)
