-- Contract Bridge (duplicate): four players, partners sitting opposite:
-- North (seat 1) and South (seat 3) against East (seat 2) and West
-- (seat 4); 52 cards, 13 each, aces high.
--
-- Boards.  Deals are numbered as boards, and the board number fixes the
-- dealer and who is vulnerable, in a cycle of 16: the dealer is North on
-- boards 1, 5, 9, 13, East on 2, 6, 10, 14, South on 3, 7, 11, 15 and
-- West on 4, 8, 12, 16 (a match starts with dealer 1, the default, and
-- the deal passes to the left); vulnerable are: nobody on boards 1, 8,
-- 11, 14; North-South on 2, 5, 12, 15; East-West on 3, 6, 9, 16; both
-- on 4, 7, 10, 13.  Board 17 is board 1 again.
--
-- The auction.  The dealer calls first, then each player in turn to the
-- left.  A call is a bid, a pass, a double or a redouble.  A bid names a
-- number of odd tricks (1 to 7: tricks over six) and a strain, clubs,
-- diamonds, hearts, spades or no trump, ranked in that order; each bid
-- must be higher than the last (a higher level, or the same level in a
-- higher strain).  A player may double only the last bid, and only when
-- an opponent made it and it is not doubled yet; a player may redouble
-- only the last bid, when an opponent doubled it (it is then the
-- player's side's bid) and it is not redoubled yet.  A later bid cancels
-- a double and a redouble.  When all four pass at their first turn the
-- board is passed out and scores nothing; otherwise the auction ends
-- when three players in a row pass after a call, and the last bid is
-- the contract, doubled or redoubled as the calls left it.  The declarer
-- is the player of the side that won the contract who first named its
-- strain.
--
-- Move texts: the bids `1C` .. `7NT` (level, then C, D, H, S or NT; any
-- case is accepted, `4h` is `4H`), `pass`, `double`, `redouble`.
--
-- The play.  The player on declarer's left leads to the first trick.
-- Then declarer's partner, the dummy, lays the whole hand face up on the
-- table, for everyone to see, and takes no further part: declarer plays
-- both hands, each card in its own hand's turn (on the dummy's turn the
-- next player to move is declarer).  Players must follow suit when able,
-- otherwise may play any card; the highest trump wins the trick (the
-- contract's strain is trumps; none in no trump), or if none the highest
-- card of the suit led.  The winner of a trick leads to the next.
--
-- Scoring (duplicate).  Declarer's side needs 6 + level tricks.  Made:
-- each odd trick bid scores 20 in clubs and diamonds, 30 in hearts and
-- spades, and in no trump 40 for the first and 30 for each later one;
-- doubled twice that, redoubled four times.  Those contract points make
-- a game at 100 or more: a game bonus of 300 not vulnerable, 500
-- vulnerable; below 100 a part-score bonus of 50.  A small slam (six
-- bid and made) adds 500 (750 vulnerable), a grand slam (seven) 1000
-- (1500 vulnerable).  A doubled contract made adds 50 for the insult,
-- a redoubled one 100.  Each overtrick scores its trick value
-- undoubled, 100 doubled (200 vulnerable), 200 redoubled (400
-- vulnerable).  Defeated: the defenders score for each undertrick 50 (100
-- vulnerable) undoubled; doubled, not vulnerable 100 for the first, 200
-- for the second and third, 300 for each after; doubled vulnerable 200
-- for the first, 300 for each after; redoubled twice the doubled scores.
-- (The Laws of Duplicate Bridge, Law 77; pagat.com gives the same table.)
--
-- A match is a number of boards (option `boards`, 16 by default); each
-- board's score goes to the side that earned it, and the side with the
-- higher total wins.
--
-- A fixed contract (option `contract`, such as "4S", "3NT", "4HX" doubled
-- or "6CXX" redoubled, with option `declarer`, "N", "E", "S" or "W")
-- skips the auction: every board is played in that contract by that
-- declarer, the opening lead from declarer's left, for practising card
-- play and comparing players on it.  Option `vulnerable` ("none", "ns",
-- "ew" or "both") fixes the vulnerability that the board number gives
-- otherwise (a deal from a file names its own).
--
-- To compare card play alone, a tournament fixes the contract with
-- `--bid-with heuristic` (bid_with: one strategy makes every call): the
-- heuristic's calls follow from the hand and the calls before it, so both
-- tables of a duplicate deal reach the same contract by the same seat,
-- one strategy's side declaring it at one table and the other's at the
-- next.
--
-- The auction is the engine's prefab phase (dh.phase.auction) and the
-- score its prefab points rule (dh.rule.duplicate), both played in C, as
-- are the tricks and the end of the match.  The scoring table is C's
-- alone (dh.rule.duplicate_score); tests/lua/bridge_phases_helper.lua keeps
-- a Lua one, the executable reference the C one is tested against.
local dh = require "deckhand"
local R = dh.rule

local STRAINS = { "C", "D", "H", "S", "NT" }

-- the auction's public state: its var numbers, named by the prefab
-- (dh.phase.auction.vars, from engine/trick/prefab.h); a bid is coded
-- 1..35: (level - 1) * 5 + strain
local VARS = dh.phase.auction.vars
local CONTRACT, BIDDER, DOUBLED = VARS.contract, VARS.bidder, VARS.doubled

local function level_of(c) return (c - 1) // 5 + 1 end
local function strain_of(c) return (c - 1) % 5 + 1 end
local BID_TEXT = {}   -- by code: 1C .. 7NT
for c = 1, 35 do BID_TEXT[c] = level_of(c) .. STRAINS[strain_of(c)] end

--- the board's dealer and vulnerability: board(n) -> dealer seat, { ns =, ew = }
local VULNERABLE = {   -- boards 1..16: "" none, "ns", "ew", "both"
  "", "ns", "ew", "both", "ns", "ew", "both", "",
  "ew", "both", "", "ns", "both", "", "ns", "ew",
}
local function board(n)
  local v = VULNERABLE[(n - 1) % 16 + 1]
  return (n - 1) % 4 + 1, { ns = v == "ns" or v == "both", ew = v == "ew" or v == "both" }
end

-- the auction's state for people: board, vulnerability, the last bid
-- (doubled, redoubled) and who made it, or the contract and declarer
local SEAT = { "North", "East", "South", "West" }
local function status(g)
  local n, c = g:hand_number(), g:var(CONTRACT)
  local _, vul = board(n)
  local v = vul.ns and vul.ew and "both vulnerable" or vul.ns and "North-South vulnerable"
            or vul.ew and "East-West vulnerable" or "nobody vulnerable"
  local line = ("board %d, %s"):format(n, v)
  if c == 0 then return line .. (g:step() > 0 and ", no bid yet" or "") end
  local call = BID_TEXT[c] .. ({ "", " doubled", " redoubled" })[g:var(DOUBLED) + 1]
  if g:step() > 0 then return ("%s, last bid %s by %s"):format(line, call, SEAT[g:var(BIDDER)]) end
  return ("%s, contract %s by %s"):format(line, call, SEAT[g:declarer() or g:var(BIDDER)])
end

return {
  name = "bridge",
  options = {
    boards = 16,       -- boards in a match
    contract = "",     -- a fixed contract ("4S", "3NTX"): no auction
    declarer = "",     -- its declarer: "N", "E", "S" or "W"
    vulnerable = "",   -- "none", "ns", "ew" or "both": not by the board
  },
  -- for tests and bots: the board cycle (the score is dh.rule.duplicate_score;
  -- the Lua reference it is tested against is tests/lua/bridge_phases_helper.lua's)
  board = board,
  build = function(o)
    if math.type(o.boards) ~= "integer" or o.boards < 1 then error("boards must be a positive integer") end
    local auction = {}
    if o.contract ~= "" then
      local bid, x = o.contract:match("^([1-7][CcDdHhSs])([Xx]*)$")
      if not bid then bid, x = o.contract:match("^([1-7][Nn][Tt])([Xx]*)$") end
      if not bid or #x > 2 then
        error(("contract must be a bid such as 4S, 3NT, 4HX or 6CXX, got '%s'"):format(o.contract))
      end
      if not o.declarer:match("^[NESWnesw]$") then
        error(("a fixed contract needs its declarer: N, E, S or W, got '%s'"):format(o.declarer))
      end
      auction.contract, auction.declarer, auction.doubled = bid, o.declarer:upper(), #x
    elseif o.declarer ~= "" then
      error("declarer is for a fixed contract: give the contract too")
    end
    if o.vulnerable ~= "" then
      if not ({ none = true, ns = true, ew = true, both = true })[o.vulnerable] then
        error(("vulnerable must be none, ns, ew or both, got '%s'"):format(o.vulnerable))
      end
      auction.vulnerable = o.vulnerable
    end
    return {
      seats = 4,
      sides = { 1, 2, 1, 2 },
      deck = "french52",
      sizes = { 13 },
      trump = "none",
      opener = "dealer",
      phases = dh.phase.auction(auction),
      status = status,
      hand = R.follow_suit,
      play = R.trump_wins | R.highest_of_led,
      points = R.duplicate(),
      win = R.highest_after(o.boards),   -- the boards decide: the higher total after the last
      max_hands = o.boards,
      heuristic = "bridge",
    }
  end,
  -- the table a view describes (deckhand/table.lua): the seats by compass
  -- point, the dummy named
  table = function(t)
    for s, p in ipairs(t.players) do
      p.name = SEAT[s]
      if #p.cards > 0 then p.label = "dummy" end
    end
  end,
}
