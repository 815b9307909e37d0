--[[ Knockout Whist (also Trumps, Diminishing Whist), after pagat.com's
rules (https://www.pagat.com/whist/kowhist.html), written from the docs as a
variant of the trick engine.

Two to seven players, each for themselves, a 52-card pack ranking A K Q J 10
9 8 7 6 5 4 3 2.  A match is at most seven hands: seven cards each in the
first, one fewer in each hand after, one card each in the seventh.  The deal
passes to the left each hand.

Trumps.  In the first hand the top card of the undealt pack is turned face
up and its suit is trumps.  In every later hand the player who took the most
tricks in the hand before chooses trumps after seeing their new cards; when
two or more tied for the most, a cut decides among them: here the card
turned face up on the undealt pack is the cut (its rank, counted from the
tied player nearest the dealer's left, picks one of them).

Play.  The player on the dealer's left still in the game leads to the first
trick; the winner of a trick leads to the next.  Follow suit when able,
otherwise play any card.  The highest trump takes the trick, else the
highest card of the suit led.

Knockout.  A player who takes no trick in a hand is knocked out: they play
no more (here they are still dealt cards, which stay face down and unplayed).
The last player standing wins; in the seventh hand the one trick decides it.

Scoring here: a player scores 100 for each hand they end still in and a
point for each trick, so the winner has the highest total and the others
are ranked by when they were knocked out.  (The tricks count so that a bot
playing for the hand's points, pimc, plays for the most tricks too: the
choice of trumps next hand.)

Not played: pagat's "dog's life" (the first player to take no trick gets one
more hand with a single card).

Engine notes.  Every hand starts with the phase `trumps`, opened by the
seat on the dealer's left (the engine's opener): in the first hand it turns
trumps (its one move, `trump h` for a turned heart); in later hands, when it
is not the chooser, its one move hands the choice over (`chooser 3`), and the
chooser then names trumps (`trump c` .. `trump s`).  The knocked-out seats
sit out.
]]

local dh = require "deckhand"
local R = dh.rule

local SUITS = { "c", "d", "h", "s" }

-- a hand scores 100 to each seat that took a trick, and a point a trick: a
-- seat is still in when its tens count every hand before this one (every
-- hand, once the match is over)
local SURVIVED = 100   -- more than the 28 tricks of a whole match
local function still_in(g, seat)
  local played = g:hand_number() - (g:phase() == "over" and 0 or 1)
  return g:scores()[seat] // SURVIVED == played
end

-- the seat on the dealer's left, going round, that is still in
local function first_in(g, from)
  local n = g:seats()
  for k = 0, n - 1 do
    local seat = (from - 1 + k) % n + 1
    if still_in(g, seat) then return seat end
  end
end

-- who names trumps this hand: the taker of most tricks last hand, a tie cut
-- by the rank of the card turned face up on the undealt pack
local function chooser(g)
  local n, last = g:seats(), g:last_tricks()
  local most, tied = -1, {}
  local left = g:dealer() % n + 1
  for k = 0, n - 1 do
    local seat = (left - 1 + k) % n + 1
    local t = last[seat] or 0
    if t > most then most, tied = t, { seat } elseif t == most then tied[#tied + 1] = seat end
  end
  local up = g:upcard()
  local pick = up and (up.rank % #tied) + 1 or 1
  return tied[pick]
end

local function begin_play(g)
  local n = g:seats()
  for seat = 1, n do
    if not still_in(g, seat) then g:sit_out(seat) end
  end
  g:start_play(first_in(g, g:dealer() % n + 1))
end

local trumps = {
  name = "trumps",
  moves = function(g, seat)
    if g:hand_number() == 1 then
      return { "trump " .. g:upcard().suit }
    end
    local who = chooser(g)
    if seat ~= who then return { "chooser " .. who } end
    -- the suit held most first: a bot that takes the first move names it
    local hand, list = g:hand(seat), {}
    for i, s in ipairs(SUITS) do list[i] = s end
    table.sort(list, function(a, b)
      local na, nb = #hand:suit(a), #hand:suit(b)
      if na ~= nb then return na > nb end
      return a < b
    end)
    for i, s in ipairs(list) do list[i] = "trump " .. s end
    return list
  end,
  apply = function(g, seat, text)
    local who = text:match("^chooser (%d+)$")
    if who then g:to(tonumber(who)); return end
    g:set_trump(text:sub(-1))
    begin_play(g)
  end,
}

-- the table the page and `deckhand play` draw: after the first hand the
-- card face up on the pack is the cut for a tie, not trumps
local function table_hook(t, d)
  if (d.hand_number or 1) > 1 then
    for _, pile in ipairs(t.piles) do
      if pile.name == "turned" then pile.name, pile.note = "cut", "for a tie" end
    end
  end
end

return {
  name = "knockout",
  table = table_hook,
  options = { players = 4 },
  build = function(o)
    if math.type(o.players) ~= "integer" or o.players < 2 or o.players > 7 then
      error(("knockout: players must be 2 to 7, got %s"):format(tostring(o.players)), 0)
    end
    local n = o.players
    return {
      seats = n, deck = "french52", sizes = { 7, 6, 5, 4, 3, 2, 1 }, max_hands = 7,
      trump = "show_top", phases = { trumps },
      status = function(view)
        local lines, out = {}, {}
        for seat = 1, n do
          if view:hand_number() > 1 and not still_in(view, seat) then out[#out + 1] = seat end
        end
        if view:phase() == "trumps" and view:hand_number() > 1 then
          lines[1] = ("seat %d names trumps (most tricks last hand)"):format(chooser(view))
        end
        if #out > 0 then lines[#lines + 1] = "knocked out: " .. table.concat(out, " ") end
        return #lines > 0 and table.concat(lines, "; ") or nil
      end,
      hand = R.follow_suit,
      play = R.trump_wins | R.highest_of_led,
      points = function(state)                 -- 100 to each seat that took a trick, and its tricks
        local p, tricks = {}, state:tricks()
        for seat = 1, n do
          local t = tricks[seat] or 0
          p[seat] = (t > 0 and SURVIVED or 0) + t
        end
        return p
      end,
      win = function(state, totals)            -- over when one seat is left standing
        local h, left = state:hand_number(), {}
        for seat = 1, n do
          if totals[seat] // SURVIVED == h then left[#left + 1] = seat end
        end
        if #left == 1 then return left end
      end,
    }
  end,
}
