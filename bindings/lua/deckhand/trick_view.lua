--- deckhand.trick_view: the trick engine's views for front ends.
--
-- view:data() is what the seat knows as plain data (JSON-able: card names,
-- numbers, lists), view:describe([style]) the same as lines of text for a
-- person at a terminal.  Every game's view answers both, so `deckhand
-- play`, `serve` and the web server need nothing game-specific.
-- @module deckhand.trick_view

local core = require "deckhand.core"

local View = core.View

local variant_of = require "deckhand.variant_index".of

-- the variant's line about its phase script's state (Bridge's auction),
-- or nil: spec.status(view) read through the variant of the view's rules
local function status(view)
  local variant = variant_of and variant_of(view:rules())
  local f = variant and variant.spec and variant.spec.status
  return f and f(view) or nil
end

local function names(set)
  local out = {}
  for c in set:iter() do out[#out + 1] = tostring(c) end
  return out
end

--- view:data() -> { seat, phase, next_player (0 when over), hand, moves,
-- trick = { cards, seats }, last_trick = { cards, seats, winner }, bids
-- (false before a seat bids), tricks, scores, counts, trump, upcard,
-- hand_number, dealer, sides }, and where a phase script set them:
-- declarer, sitting_out (seats), discards (counts per seat) and discard
-- (the seat's own); shown: the cards of other hands everyone sees (an
-- exposed dummy), { seat =, cards = } each; turn: the seat whose cards
-- the seat to act plays, when it is another's (declarer playing dummy);
-- status: the variant's line about its phase script's state (Bridge's
-- contract and auction), where it has one
function View.data(view)
  local me = view:seat()
  local cards, seats = view:trick()
  local tc = {}
  for i, c in ipairs(cards) do tc[i] = tostring(c) end
  local moves = {}
  for i, m in ipairs(view:moves()) do moves[i] = tostring(m) end
  local last
  local lc, winner, ls = view:last_trick()
  if lc then
    local l = {}
    for i, c in ipairs(lc) do l[i] = tostring(c) end
    last = { cards = l, seats = ls, winner = winner }
  end
  local sides, out, discards, any, shown = {}, {}, view:discards(), false, {}
  for s = 1, view:seats() do
    sides[s] = view:side(s)
    if s ~= me and #view:hand(s) > 0 then shown[#shown + 1] = { seat = s, cards = names(view:hand(s)) } end
    if view:sitting_out(s) then out[#out + 1] = s end
    any = any or discards[s] > 0
  end
  return {
    declarer = view:declarer(), sitting_out = #out > 0 and out or nil,
    discards = any and discards or nil,
    discard = any and names(view:discard(me)) or nil,
    shown = #shown > 0 and shown or nil, status = status(view),
    turn = view:turn() ~= view:next_player() and view:turn() or nil,
    seat = me, phase = view:phase(), next_player = view:next_player() or 0,
    hand = names(view:hand(me)), moves = moves, trick = { cards = tc, seats = seats },
    last_trick = last, bids = view:bids(), tricks = view:tricks(), scores = view:scores(),
    counts = view:counts(), trump = view:trump() or "none",
    upcard = view:upcard() and tostring(view:upcard()) or nil,
    hand_number = view:hand_number(), dealer = view:dealer(), sides = sides,
  }
end

local function plain(c) return c:display() end

--- view:describe([style]) -> the seat's picture of the game as lines of
-- text: scores, bids and tricks, the trump (and the turned card), the
-- trick on the table, the last trick, and the hand sorted by suit with
-- the legal cards marked `*`.  style.card(card) may dress a card (colour).
function View.describe(view, style)
  local card = style and style.card or plain
  local me = view:seat()
  local out = {}
  local bids, tricks = view:bids(), view:tricks()
  local b = {}
  local bidding = view:phase() == "bid"
  for s = 1, view:seats() do bidding = bidding or bids[s] ~= false end
  for s = 1, view:seats() do
    local bid = bids[s] == false and "-" or (bids[s] == 0 and "nil" or tostring(bids[s]))
    b[s] = ("%s%d: %stook %d"):format(s == me and "you " or "seat ", s,
                                      bidding and ("bid " .. bid .. ", ") or "", tricks[s])
  end
  local head = "scores " .. table.concat(view:scores(), " / ")
  if view:trump() then
    -- the suit as a card would show it (a Card of that suit, dressed as the
    -- style dresses cards, so a red suit is red), without the rank
    local ace = core.card("A" .. view:trump())
    head = head .. "   trump " .. card(ace):gsub("A", "", 1)
  end
  if view:upcard() then head = head .. "   turned " .. card(view:upcard()) end
  if view:talon_count() > 0 then head = head .. "   talon " .. view:talon_count() end
  out[#out + 1] = head
  local line = status(view)
  if line then out[#out + 1] = line end
  out[#out + 1] = table.concat(b, " | ")
  local lc, winner, ls = view:last_trick()
  if lc then
    local t = {}
    for i, c in ipairs(lc) do t[i] = ("%d:%s"):format(ls[i], card(c)) end
    out[#out + 1] = ("last trick  %s  (seat %d took it)"):format(table.concat(t, "  "), winner)
  end
  local cards, seats = view:trick()
  if #cards > 0 then
    local t = {}
    for i, c in ipairs(cards) do t[i] = ("%d:%s"):format(seats[i], card(c)) end
    out[#out + 1] = "trick  " .. table.concat(t, "  ")
  end
  local legal = {}
  if view:phase() == "play" then
    for _, m in ipairs(view:moves()) do legal[tostring(m)] = true end
  end
  -- a hand in the order of set:display() (what replay and the rest show),
  -- grouped by suit, the legal cards marked
  local function hand_line(set)
    local named = {}
    for c in set:iter() do named[c:display()] = c end
    local h, group, suit = {}, nil, false
    for word in set:display():gmatch("%S+") do
      local c = named[word]
      if c.suit ~= suit or not group then
        group, suit = {}, c.suit
        h[#h + 1] = group
      end
      group[#group + 1] = (legal[tostring(c)] and "*" or " ") .. card(c)
    end
    for k, g in ipairs(h) do h[k] = table.concat(g, "") end
    return table.concat(h, "   ") .. (next(legal) and "   (* legal)" or "")
  end
  for s = 1, view:seats() do   -- hands everyone sees (an exposed dummy)
    if s ~= me and #view:hand(s) > 0 then
      local whose = view:turn() == s and view:next_player() == me and "  (you play it)" or ""
      out[#out + 1] = ("seat %d shows  %s%s"):format(s, hand_line(view:hand(s)), whose)
      if whose ~= "" then legal = {} end   -- the marks were for this hand
    end
  end
  out[#out + 1] = "hand  " .. hand_line(view:hand(me))
  return table.concat(out, "\n")
end

local AUCTION = core.phase.auction.vars   -- the auction's var numbers, from C (prefab.h)
local STRAINS = { "C", "D", "H", "S", "NT" }

--- view:auction() -> the state of a Bridge auction (the phase
-- dh.phase.auction, or Lua phases keeping the same vars), all public, read
-- by name so that a bot never reads a var by its number: { contract = the
-- last bid's code 1..35, (level - 1) * 5 + strain, 0 before any bid; bid =
-- its text ("4S") or nil; bidder = the seat that made it or nil; doubled =
-- 0, 1 doubled, 2 redoubled; opening = the first bid's code (0: none);
-- opener = the seat that made it or nil; named = { [side] = whether that
-- side (1 North-South, 2 East-West) has named a strain yet } }
function View.auction(view)
  local c, opening = view:var(AUCTION.contract), view:var(AUCTION.opening)
  local bidder, opener = view:var(AUCTION.bidder), opening // 64
  return {
    contract = c, bid = c > 0 and ((c - 1) // 5 + 1) .. STRAINS[(c - 1) % 5 + 1] or nil,
    bidder = bidder > 0 and bidder or nil, doubled = view:var(AUCTION.doubled),
    opening = opening % 64, opener = opener > 0 and opener or nil,
    named = { view:var(AUCTION.named) ~= 0, view:var(AUCTION.named + 1) ~= 0 },
  }
end

return View
