--- deckhand.bridge.pbn: Bridge deals in the Portable Bridge Notation.
--
-- PBN (version 2.1, "PBN Standard" by Kaj G. Backas and others) keeps a
-- game as tag pairs `[Name "value"]`, one a line, a game's tags together
-- and games parted by an empty line.  Read and written here:
--
--     [Board "1"] [Dealer "N"] [Vulnerable "None"|"NS"|"EW"|"All"]
--     [Deal "N:AKQ.JT9.876.5432 ..."]  four hands from the named seat on,
--                                       clockwise, each spades.hearts.
--                                       diamonds.clubs, "-" for one unknown
--     [Auction "N"] then the calls (1C .. 7NT, Pass, X, XX, AP for "all
--                   pass"), notes (=1=, $1) and ! marks skipped
--     [Play "W"]    then a line a trick: the four cards in the order of the
--                   seats from the opening leader on (not in the order
--                   played), "-" for a card not played, "*" the end
--     [Contract "4SX"|"Pass"] [Declarer "S"] [Result "10"]
--     [Event] [Site] [Date] [North] [East] [South] [West] [Scoring]
--
-- A board is the plain table deckhand/bridge/board.lua turns into a game:
--     { board =, dealer = 1..4 (N E S W), vulnerable = "none"|"ns"|"ew"|"both",
--       hands = { N cards, E cards, S cards, W cards } (card names),
--       auction = { "1S", "pass", "double", ... } (nil: none given),
--       play = { "Qd", ... } in the order played (nil: none given),
--       contract = "4SX" | "pass", declarer = 1..4, result = tricks,
--       tags = { Event =, Site =, ... } (every tag as read) }
-- Reading a file never runs code: it is parsed as text.
-- @module deckhand.bridge.pbn

local M = {}

local SEATS = "NESW"
local SUITS = { "s", "h", "d", "c" }       -- a PBN hand's order
local RANKS = "AKQJT98765432"

local function seat_of(ch)
  local i = ch and SEATS:find(ch:upper(), 1, true)
  return i
end

local function fail(line, msg) return nil, ("pbn: line %d: %s"):format(line, msg) end

-- "AKQ.JT9.876.5432" -> card names, or nil and why
local function parse_hand(text)
  local parts = {}
  for p in (text .. "."):gmatch("([^.]*)%.") do parts[#parts + 1] = p end
  if #parts ~= 4 then return nil, ("a hand needs four suits parted by '.', got '%s'"):format(text) end
  local cards = {}
  for k, p in ipairs(parts) do
    for r in p:gmatch(".") do
      local rank = r:upper()
      if rank == "1" then return nil, ("bad rank '1' in '%s' (ten is T)"):format(text) end
      if not RANKS:find(rank, 1, true) then return nil, ("bad rank '%s' in '%s'"):format(r, text) end
      cards[#cards + 1] = rank .. SUITS[k]
    end
  end
  return cards
end

-- card names -> "AKQ.JT9.876.5432"
local function hand_text(cards)
  local by = { s = {}, h = {}, d = {}, c = {} }
  for _, c in ipairs(cards) do
    local r, s = tostring(c):sub(1, 1), tostring(c):sub(2, 2)
    by[s][#by[s] + 1] = r
  end
  local out = {}
  for k, s in ipairs(SUITS) do
    table.sort(by[s], function(a, b) return RANKS:find(a, 1, true) < RANKS:find(b, 1, true) end)
    out[k] = table.concat(by[s])
  end
  return table.concat(out, ".")
end
M.hand_text = hand_text

--- pbn.parse_deal("N:AKQ.. ...") -> hands { N, E, S, W } (nil for a hand
-- given as "-"), or nil and why
function M.parse_deal(text)
  local first, rest = text:match("^%s*([NESWnesw]):(.*)$")
  if not first then return nil, ("a deal starts with its first seat and ':', got '%s'"):format(text) end
  local hands, k = {}, 0
  local start = seat_of(first)
  for h in rest:gmatch("%S+") do
    k = k + 1
    if k > 4 then return nil, "a deal has four hands" end
    local seat = (start - 1 + k - 1) % 4 + 1
    if h ~= "-" then
      local cards, why = parse_hand(h)
      if not cards then return nil, why end
      hands[seat] = cards
    end
  end
  if k ~= 4 then return nil, ("a deal has four hands, got %d"):format(k) end
  return hands
end

--- pbn.deal_text(hands [, first]) -> "N:AKQ.JT9.876.5432 ..."
function M.deal_text(hands, first)
  first = first or 1
  local out = {}
  for k = 0, 3 do
    local h = hands[(first - 1 + k) % 4 + 1]
    out[#out + 1] = h and hand_text(h) or "-"
  end
  return SEATS:sub(first, first) .. ":" .. table.concat(out, " ")
end

local VUL_IN = { none = "none", love = "none", ["-"] = "none", ns = "ns", ew = "ew", all = "both", both = "both" }
local VUL_OUT = { none = "None", ns = "NS", ew = "EW", both = "All" }

-- a call of PBN's auction section as deckhand's text, or nil
local function call_text(tok)
  local u = tok:upper()
  if u == "PASS" then return "pass" end
  if u == "X" then return "double" end
  if u == "XX" then return "redouble" end
  local level, strain = u:match("^([1-7])([CDHS])$")
  if not level then level, strain = u:match("^([1-7])(NT)$") end
  if level then return level .. strain end
  return nil
end

-- a card of the play section ("SA", "h2") as a card name, or nil
local function card_text(tok)
  local s, r = tok:match("^([SHDCshdc])([AKQJTakqjt2-9])$")
  if not s then return nil end
  return r:upper() .. s:lower()
end

-- who wins a trick of four (seat -> card name) led by `leader`, trumps
-- `trump` ("s", "h", "d", "c" or nil)
local function trick_winner(cards, leader, trump)
  local led = cards[leader]:sub(2, 2)
  local best, best_seat
  for k = 0, 3 do
    local seat = (leader - 1 + k) % 4 + 1
    local c = cards[seat]
    local suit, rank = c:sub(2, 2), 14 - RANKS:find(c:sub(1, 1), 1, true)
    local v = (suit == trump and 100 or suit == led and 0 or -100) + rank
    if not best or v > best then best, best_seat = v, seat end
  end
  return best_seat
end

local STRAIN_TRUMP = { C = "c", D = "d", H = "h", S = "s", NT = nil }

-- the play section's tricks (columns by seat from the leader on) in the
-- order the cards were played; stops at the first trick not played whole
local function order_play(rows, leader, trump)
  local out, first = {}, leader   -- the columns are the seats from the opening leader on
  for _, row in ipairs(rows) do
    local cards, whole = {}, true
    for k = 1, 4 do
      local seat = (first - 1 + k - 1) % 4 + 1
      if row[k] == nil then whole = false else cards[seat] = row[k] end
    end
    if not whole then
      -- a last trick played in part: the cards in order from its leader
      for k = 0, 3 do
        local seat = (leader - 1 + k) % 4 + 1
        if not cards[seat] then break end
        out[#out + 1] = cards[seat]
      end
      return out
    end
    for k = 0, 3 do out[#out + 1] = cards[(leader - 1 + k) % 4 + 1] end
    leader = trick_winner(cards, leader, trump)
  end
  return out
end

-- splits a PBN text into games: each a list of { name =, value =, line =,
-- section = { tokens of the lines after it, each { text, line } } }
local function games_of(text)
  local games, game, tag = {}, nil, nil
  local n = 0
  local in_comment = false
  for raw in (text .. "\n"):gmatch("([^\n]*)\n") do
    n = n + 1
    local line = raw:gsub("\r$", "")
    if in_comment then
      if line:find("}", 1, true) then in_comment = false; line = line:gsub("^.-}", "") else line = "" end
    end
    line = line:gsub("{[^}]*}", "")
    if line:find("{", 1, true) then line = line:gsub("{.*$", ""); in_comment = true end
    if line:match("^%%") or line:match("^;") then line = "" end
    line = line:gsub(";.*$", "")
    if line:match("^%s*$") then
      if not in_comment then game, tag = nil, nil end
    elseif line:match("^%s*%[") then
      local name, value = line:match('^%s*%[(%w+)%s+"(.-)"%]%s*$')
      if not name then return nil, ("pbn: line %d: a tag is [Name \"value\"], got '%s'"):format(n, line) end
      if not game then game = {}; games[#games + 1] = game end
      tag = { name = name, value = value, line = n, section = {} }
      game[#game + 1] = tag
    else
      if not tag then return nil, ("pbn: line %d: text outside any tag: '%s'"):format(n, line) end
      local row = { line = n }
      for tok in line:gmatch("%S+") do row[#row + 1] = tok end
      tag.section[#tag.section + 1] = row
    end
  end
  return games
end

-- one game's tags as a board, or nil and why
local function board_of(tags)
  local by, b = {}, { tags = {} }
  for _, t in ipairs(tags) do by[t.name] = t; b.tags[t.name] = t.value end
  local deal = by.Deal
  if not deal then return nil, ("pbn: line %d: a game without a Deal tag"):format(tags[1].line) end
  local hands, why = M.parse_deal(deal.value)
  if not hands then return fail(deal.line, why) end
  b.hands = hands
  b.board = math.tointeger(tonumber(by.Board and by.Board.value or ""))
  local dealer = by.Dealer and seat_of(by.Dealer.value:match("^%s*(%a)%s*$"))
  if by.Dealer and not dealer then return fail(by.Dealer.line, ("bad dealer '%s'"):format(by.Dealer.value)) end
  b.dealer = dealer
  if by.Vulnerable then
    local v = VUL_IN[by.Vulnerable.value:lower()]
    if not v then return fail(by.Vulnerable.line, ("bad vulnerability '%s'"):format(by.Vulnerable.value)) end
    b.vulnerable = v
  end
  if by.Contract and by.Contract.value ~= "" and by.Contract.value ~= "?" then
    local c = by.Contract.value:upper()
    if c == "PASS" then b.contract = "pass"
    else
      local bid, x = c:match("^([1-7][CDHS])(X*)$")
      if not bid then bid, x = c:match("^([1-7]NT)(X*)$") end
      if not bid or #x > 2 then return fail(by.Contract.line, ("bad contract '%s'"):format(by.Contract.value)) end
      b.contract = bid .. x
    end
  end
  if by.Declarer and by.Declarer.value ~= "" and by.Declarer.value ~= "?" then
    b.declarer = seat_of(by.Declarer.value:match("^%s*%^?(%a)%s*$"))
    if not b.declarer then return fail(by.Declarer.line, ("bad declarer '%s'"):format(by.Declarer.value)) end
  end
  if by.Result and by.Result.value ~= "" and by.Result.value ~= "?" then
    b.result = math.tointeger(tonumber(by.Result.value))
    if not b.result or b.result < 0 or b.result > 13 then
      return fail(by.Result.line, ("bad result '%s' (the declarer's tricks)"):format(by.Result.value))
    end
  end
  if by.Auction then
    local first = seat_of(by.Auction.value)
    if not first then return fail(by.Auction.line, ("bad auction seat '%s'"):format(by.Auction.value)) end
    b.dealer = b.dealer or first
    if first ~= b.dealer then return fail(by.Auction.line, "the auction starts with someone other than the dealer") end
    local calls, passes_after_bid, bid_seen = {}, 0, false
    for _, row in ipairs(by.Auction.section) do
      for _, tok in ipairs(row) do
        local u = tok:upper()
        if u == "*" or u == "+" or u == "-" or tok:match("^=%d+=$") or tok:match("^%$%d+$") or tok == "!" then
          -- an end mark, a note or a mark: no call
        elseif u == "AP" then
          local need = bid_seen and 3 - passes_after_bid or 4 - #calls
          for _ = 1, need do calls[#calls + 1] = "pass" end
        else
          local call = call_text((tok:gsub("!$", "")))
          if not call then return fail(row.line, ("bad call '%s'"):format(tok)) end
          calls[#calls + 1] = call
          if call == "pass" then passes_after_bid = passes_after_bid + 1
          else passes_after_bid = 0; if call:match("^%d") then bid_seen = true end end
        end
      end
    end
    b.auction = calls
  end
  if by.Play then
    local leader = seat_of(by.Play.value)
    if not leader then return fail(by.Play.line, ("bad opening leader '%s'"):format(by.Play.value)) end
    local rows = {}
    for _, row in ipairs(by.Play.section) do
      if row[1] == "*" then break end
      local cards = {}
      for k = 1, 4 do
        local tok = row[k]
        if tok == nil or tok == "-" or tok == "*" then cards[k] = nil
        else
          cards[k] = card_text(tok)
          if not cards[k] then return fail(row.line, ("bad card '%s'"):format(tok)) end
        end
      end
      rows[#rows + 1] = cards
    end
    local strain = b.contract and b.contract:match("^%d(%a+)")
    b.play = order_play(rows, leader, strain and STRAIN_TRUMP[strain:gsub("X+$", "")])
    b.leader = leader
  end
  return b
end

--- pbn.parse(text) -> a list of boards, or nil and a message naming the
-- line.  Tags a game does not repeat are taken from the game before
-- (PBN's "#" copies a value from the game before, too).
function M.parse(text)
  if type(text) ~= "string" then error("pbn.parse: text expected", 2) end
  local games, err = games_of(text)
  if not games then return nil, err end
  local boards, last = {}, {}
  for _, tags in ipairs(games) do
    for _, t in ipairs(tags) do
      if t.value == "#" and last[t.name] then t.value = last[t.name] end
      last[t.name] = t.value
    end
    local b, why = board_of(tags)
    if not b then return nil, why end
    boards[#boards + 1] = b
  end
  if #boards == 0 then return nil, "pbn: no game in the file" end
  return boards
end

local function tag(out, name, value) out[#out + 1] = ('[%s "%s"]'):format(name, (tostring(value):gsub('"', "'"))) end

local PBN_CALL = { pass = "Pass", double = "X", redouble = "XX" }

--- pbn.write(boards) -> PBN text (export format: the mandatory tags,
-- then the auction and the play as far as the boards have them)
function M.write(boards)
  local out = { "% PBN 2.1", "% EXPORT", "" }
  for k, b in ipairs(boards) do
    local t = b.tags or {}
    tag(out, "Event", t.Event or "")
    tag(out, "Site", t.Site or "")
    tag(out, "Date", t.Date or "")
    tag(out, "Board", b.board or k)
    tag(out, "West", t.West or ""); tag(out, "North", t.North or "")
    tag(out, "East", t.East or ""); tag(out, "South", t.South or "")
    tag(out, "Dealer", SEATS:sub(b.dealer, b.dealer))
    tag(out, "Vulnerable", VUL_OUT[b.vulnerable or "none"])
    tag(out, "Deal", M.deal_text(b.hands, b.dealer))
    tag(out, "Scoring", t.Scoring or "")
    tag(out, "Declarer", b.declarer and SEATS:sub(b.declarer, b.declarer) or "")
    tag(out, "Contract", b.contract == "pass" and "Pass" or b.contract or "")
    tag(out, "Result", b.result or "")
    if b.auction then
      tag(out, "Auction", SEATS:sub(b.dealer, b.dealer))
      local row = {}
      for _, c in ipairs(b.auction) do
        row[#row + 1] = PBN_CALL[c] or c
        if #row == 4 then out[#out + 1] = table.concat(row, " "); row = {} end
      end
      if #row > 0 then out[#out + 1] = table.concat(row, " ") end
    end
    if b.play and #b.play > 0 and b.leader then
      tag(out, "Play", SEATS:sub(b.leader, b.leader))
      local trump = b.contract and STRAIN_TRUMP[(b.contract:match("^%d(%a+)") or ""):gsub("X+$", "")]
      local leader, i = b.leader, 1
      while i <= #b.play do
        local cards = {}
        for k = 0, 3 do
          local c = b.play[i + k]
          if c then cards[(leader - 1 + k) % 4 + 1] = c end
        end
        local row = {}
        for k = 0, 3 do
          local c = cards[(b.leader - 1 + k) % 4 + 1]
          row[#row + 1] = c and (c:sub(2, 2):upper() .. c:sub(1, 1)) or "-"
        end
        out[#out + 1] = table.concat(row, " ")
        if i + 3 <= #b.play then leader = trick_winner(cards, leader, trump) end
        i = i + 4
      end
      if #b.play < 52 then out[#out + 1] = "*" end
    end
    out[#out + 1] = ""
  end
  return table.concat(out, "\n")
end

M.trick_winner = trick_winner

return M
