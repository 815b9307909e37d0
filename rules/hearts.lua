-- Hearts: four players, each for himself; lowest score wins.
--
-- Before each hand every player passes 3 cards: to the left, to the
-- right, across, then no pass, in turn.  The holder of the 2 of clubs
-- leads it; players follow suit when able.  No heart and not the queen of
-- spades on the first trick unless nothing else is possible; hearts may
-- not be led until one has been played, unless the leader holds only
-- hearts.  Each heart taken costs 1 point, the queen of spades 13.  A
-- player who takes all 26 "shoots the moon": each other player gets 26
-- (option: the shooter gets -26).  The match ends when someone has 100
-- after a hand.  House rules as options: the 2 of clubs' holder may open
-- with any club (any_club), a player who takes no trick scores a bonus
-- (no_trick_bonus, e.g. -5), the jack of diamonds scores -10
-- (jack_diamonds), the queen of spades breaks hearts (queen_breaks).
local dh = require "deckhand"
local R = dh.rule

return {
  name = "hearts",
  options = {
    target = 100,           -- the match ends when someone reaches it
    moon = "others",        -- "others": +26 to each other player; "self": -26 to the shooter
    queen_breaks = false,   -- the queen of spades breaks hearts too
    jack_diamonds = false,  -- the jack of diamonds scores -10
    passing = true,         -- pass 3 left, right, across, none
    any_club = false,       -- the holder of the 2 of clubs may open with any club
    no_trick_bonus = 0,     -- points for a player who takes no trick (e.g. -5)
    max_hands = 100,
  },
  build = function(o)
    local hearts = dh.cards("2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh Ah")
    local values = { h = 1, Qs = 13 }
    if o.jack_diamonds then values.Jd = -10 end
    -- the first lead: the 2 of clubs, or with any_club any club (a Lua
    -- rule: the option pays for its call, the default stays in C)
    local opening = R.lead_card("2c")
    if o.any_club then
      opening = function(state, seat, card)
        if state:trick_number() ~= 1 or #state:trick() > 0 then return true end
        return card.suit == "c" or #state:hand(seat):suit("c") == 0
      end
    end
    local points = R.card_points(values, { moon = o.moon })
    if o.no_trick_bonus ~= 0 then
      points = points + function(state)
        local out = {}
        for seat, n in ipairs(state:tricks()) do out[seat] = n == 0 and o.no_trick_bonus or 0 end
        return out
      end
    end
    return {
      seats = 4,
      deck = "french52",
      sizes = { 13 },
      trump = "none",
      lead = "2c",
      pass_count = o.passing and 3 or 0,
      pass_dirs = o.passing and { 1, -1, 2, 0 } or nil,
      hand = R.follow_suit & opening & R.no_first_trick(hearts | dh.cards("Qs"))
             & R.break_suit("h", o.queen_breaks and "Qs" or nil),
      play = R.highest_of_led,
      points = points,
      win = R.lowest_when(o.target),
      low_wins = true,
      max_hands = o.max_hands,
    }
  end,
  -- the table a view describes (deckhand/table.lua): which way this hand's
  -- pass goes (left, right, across, none by turns), while it is made
  table = function(t)
    if t.phase ~= "pass" then return end
    local off = ({ 1, -1, 2, 0 })[(t.hand_number - 1) % 4 + 1]
    local to = (t.seat - 1 + off) % t.seats + 1
    local way = ({ [1] = "left", [-1] = "right", [2] = "across" })[off]
    table.insert(t.status, 1, way and ("pass three cards %s, to seat %d"):format(way, to) or "no pass this hand")
  end,
}
