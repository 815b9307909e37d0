-- euchre_phases_helper.lua: Euchre as rules/euchre.lua was before its
-- trump making became a prefab phase (dh.phase.turned_card_trump): the
-- order-up round, the dealer's discard and the calling round as Lua phase
-- scripts on the engine's phase ops.  The prefab is compared with it
-- (euchre_prefab_spec.lua): the same seeds must make the same records.
-- Euchre: four players, partners sitting opposite (seats 1 & 3 against
-- 2 & 4), the 24 cards from nine to ace of each suit.
--
-- Each player gets five cards; the next card of the pack is turned face
-- up on the other three (the kitty).  Making trump goes round at most
-- twice from the dealer's left.  First round: each player may pass or
-- order the dealer to pick up the turned card ("order up"; the dealer
-- says "pick up"), which makes its suit trumps; the dealer then takes the
-- card into hand and discards one card face down.  If all four pass, the
-- card is turned down and in the second round each player may pass or
-- name any other suit as trumps ("call hearts").  If all pass again the
-- hand is thrown in and the next dealer deals (with `stick_the_dealer`
-- the dealer may not pass in the second round and must name a suit).
--
-- The player who makes trump (the maker) may go alone ("order up alone",
-- "call hearts alone"): the maker's partner lays down the hand and sits
-- out.  When the dealer sits out so, the turned card is not picked up.
--
-- Trumps rank: the jack of trumps (right bower), the other jack of the
-- same colour (left bower, which counts as a trump and not as its own
-- suit), then ace, king, queen, ten, nine.  The other suits rank ace, king,
-- queen, jack, ten, nine.  The player left of the dealer (or the next
-- player still in the hand) leads; players must follow suit (the suit a
-- card counts as) when able, otherwise may play any card; the highest
-- trump wins the trick, or if none the highest card of the suit led.
--
-- Scoring: the makers taking three or four tricks score 1; all five (a
-- march) score 2, or 4 for a lone hand; taking fewer than three they are
-- euchred and the defenders score 2.  The first side to 10 points wins.
local dh = require "deckhand"
local R = dh.rule

local suits = { "c", "d", "h", "s" }
local names = { c = "clubs", d = "diamonds", h = "hearts", s = "spades" }
local by_name = { clubs = "c", diamonds = "d", hearts = "h", spades = "s" }
local same_colour = { c = "s", s = "c", d = "h", h = "d" }

-- per trump suit: the left bower counts as a trump; the bowers rank above
-- the ace (the base order's strengths run 1..6)
local function trump_tables()
  local out = {}
  for _, t in ipairs(suits) do
    local left = "J" .. same_colour[t]
    out[t] = { suit_of = { [left] = t }, strength = { ["J" .. t] = 8, [left] = 7 } }
  end
  return out
end

-- the state kept by the script (var numbers)
local ALONE = 1   -- 1 when the maker goes alone

local function partner(seat) return (seat + 1) % 4 + 1 end
local function left(seat) return seat % 4 + 1 end

-- the maker's choice: trump, declarer, going alone (the partner sits out)
local function make(g, seat, suit, alone)
  g:set_trump(suit)
  g:set_declarer(seat)
  if alone then
    g:set(ALONE, 1)
    g:sit_out(partner(seat))
  end
end

local function build_phases(o)
  -- first round: pass, or the turned card's suit (the dealer picks it up)
  local order = {
    name = "order",
    moves = function(g, seat)
      local up = seat == g:dealer() and "pick up" or "order up"
      return { "pass", up, up .. " alone" }
    end,
    apply = function(g, seat, text)
      local dealer = g:dealer()
      if text == "pass" then
        if seat == dealer then g:goto_phase("call", left(dealer))
        else g:to(left(seat)) end
        return
      end
      make(g, seat, g:upcard().suit, text:match("alone$") ~= nil)
      if g:sitting_out(dealer) then g:start_play()
      else
        g:take(dealer, 1)
        g:goto_phase("discard", dealer)
      end
    end,
  }
  -- the dealer, holding six cards, lays one away face down
  local discard = {
    name = "discard",
    moves = function(g, seat)
      local out = {}
      for c in g:hand(seat):iter() do out[#out + 1] = "discard " .. tostring(c) end
      return out
    end,
    apply = function(g, seat, text)
      g:discard(seat, dh.cards(text:match("^discard (.+)$")))
      g:start_play()
    end,
  }
  -- second round: name a suit other than the turned card's, or pass
  local call = {
    name = "call",
    moves = function(g, seat)
      local out = {}
      if not (o.stick_the_dealer and seat == g:dealer()) then out[1] = "pass" end
      local turned = g:upcard().suit
      for _, s in ipairs(suits) do
        if s ~= turned then
          out[#out + 1] = "call " .. names[s]
          out[#out + 1] = "call " .. names[s] .. " alone"
        end
      end
      return out
    end,
    apply = function(g, seat, text)
      if text == "pass" then
        if seat == g:dealer() then g:redeal() else g:to(left(seat)) end
        return
      end
      local name, alone = text:match("^call (%a+)( ?a?l?o?n?e?)$")
      make(g, seat, by_name[name], alone == " alone")
      g:start_play()
    end,
  }
  return { order, discard, call }
end

return {
  name = "euchre",
  options = {
    target = 10,               -- points to win
    stick_the_dealer = false,  -- the dealer must name trumps when all others pass twice
    lone_march = 4,            -- a lone hand taking all five tricks
    max_hands = 200,           -- every match ends
  },
  build = function(o)
    return {
      seats = 4,
      sides = { 1, 2, 1, 2 },
      deck = "euchre24",
      order = "A K Q J T 9",
      sizes = { 5 },
      trump = "show_top",
      trump_tables = trump_tables(),
      phases = build_phases(o),
      -- the discard is face down: the others see only that one was made
      public = function(text) return text:match("^discard ") and "discard" or text end,
      hand = R.follow_suit,
      play = R.trump_wins | R.highest_of_led,
      points = R.makers { need = 3, made = 1, march = 2, alone_march = o.lone_march, euchred = 2 },
      win = R.first_to(o.target),
      max_hands = o.max_hands,
    }
  end,
}
