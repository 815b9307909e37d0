--- deckhand.bridge.lin: Bridge deals in the LIN lines of online play.
--
-- A LIN text is a run of `key|value|` pairs.  Read and written here:
--
--     pn|South,West,North,East|   the players, South first
--     md|3SAKQ..HJ..D..C..,S..,S..,|   the dealer (1 South, 2 West, 3 North,
--                                  4 East) then the hands South, West,
--                                  North, East, each suit letter followed
--                                  by its ranks; the last may be left out
--                                  (it holds the cards the others do not)
--     sv|o|      vulnerability: o or 0 none, n North-South, e East-West, b both
--     ah|Board 7|  the board's name (its number is read from it)
--     mb|1S|     a call: 1C .. 7N, p pass, d double, r redouble (a trailing
--                ! marks an alert)
--     pc|SA|     a card played, in the order played
--     mc|10|     a claim: the declarer's tricks in all
-- Other keys (an, qx, rh, st, pg, nt, ...) are skipped.  Several boards
-- may follow one another, each starting at its `qx` or `md`.  The boards
-- are the tables of deckhand/bridge/pbn.lua.
-- @module deckhand.bridge.lin

local pbn = require "deckhand.bridge.pbn"

local M = {}

local RANKS = "AKQJT98765432"
local SEATS = "NESW"
-- LIN's dealer digit and hand order -> deckhand's seats (1 N, 2 E, 3 S, 4 W)
local DEALER_IN = { ["1"] = 3, ["2"] = 4, ["3"] = 1, ["4"] = 2 }
local DEALER_OUT = { [3] = "1", [4] = "2", [1] = "3", [2] = "4" }
local HAND_ORDER = { 3, 4, 1, 2 }   -- South, West, North, East
local VUL_IN = { o = "none", ["0"] = "none", n = "ns", e = "ew", b = "both" }
local VUL_OUT = { none = "o", ns = "n", ew = "e", both = "b" }

-- "SAKQHJT9D876C5432" -> card names, or nil and why
local function parse_hand(text)
  local cards, suit = {}, nil
  for ch in text:gmatch(".") do
    local u = ch:upper()
    if u == "S" or u == "H" or u == "D" or u == "C" then suit = u:lower()
    elseif RANKS:find(u, 1, true) and suit then cards[#cards + 1] = u .. suit
    else return nil, ("bad card '%s' in hand '%s'"):format(ch, text) end
  end
  return cards
end

local function hand_text(cards)
  local by = { s = {}, h = {}, d = {}, c = {} }
  for _, c in ipairs(cards) do
    local s = tostring(c)
    by[s:sub(2, 2)][#by[s:sub(2, 2)] + 1] = s:sub(1, 1)
  end
  local out = {}
  for _, s in ipairs { "s", "h", "d", "c" } do
    table.sort(by[s], function(a, b) return RANKS:find(a, 1, true) < RANKS:find(b, 1, true) end)
    out[#out + 1] = s:upper() .. table.concat(by[s])
  end
  return table.concat(out)
end

local function call_text(v)
  local u = v:gsub("!$", ""):upper()
  if u == "P" then return "pass" end
  if u == "D" then return "double" end
  if u == "R" then return "redouble" end
  local level, strain = u:match("^([1-7])([CDHSN])T?$")
  if level then return level .. (strain == "N" and "NT" or strain) end
  return nil
end

local function full_deck()
  local all = {}
  for _, s in ipairs { "s", "h", "d", "c" } do
    for r in RANKS:gmatch(".") do all[r .. s] = true end
  end
  return all
end

--- lin.parse(text) -> a list of boards, or nil and a message
function M.parse(text)
  if type(text) ~= "string" then error("lin.parse: text expected", 2) end
  local pairs_, n = {}, 0
  local rest = text:gsub("[\r\n]", "")
  for key, value in rest:gmatch("(%w+)|([^|]*)|") do
    n = n + 1
    pairs_[n] = { key:lower(), value }
  end
  if n == 0 then return nil, "lin: no key|value| pairs" end
  local boards, b = {}, nil
  local players
  local function new_board()
    b = { tags = {} }
    if players then
      for k, name in ipairs(players) do b.tags[({ "South", "West", "North", "East" })[k]] = name end
    end
    boards[#boards + 1] = b
  end
  for k, p in ipairs(pairs_) do
    local key, v = p[1], p[2]
    if key == "pn" then
      players = {}
      for name in (v .. ","):gmatch("([^,]*),") do players[#players + 1] = name end
      if b then for i, name in ipairs(players) do b.tags[({ "South", "West", "North", "East" })[i]] = name end end
    elseif key == "qx" then
      new_board()
    elseif key == "md" then
      if not b or b.hands then new_board() end
      local dealer, hands_text = v:match("^(%d)(.*)$")
      if not dealer or not DEALER_IN[dealer] then
        return nil, ("lin: pair %d: md|%s| needs a dealer 1 to 4 first"):format(k, v)
      end
      b.dealer = DEALER_IN[dealer]
      b.hands = {}
      local left, given = full_deck(), 0
      local i = 0
      for h in (hands_text .. ","):gmatch("([^,]*),") do
        i = i + 1
        if i > 4 then break end
        if h ~= "" then
          local cards, why = parse_hand(h)
          if not cards then return nil, ("lin: pair %d: %s"):format(k, why) end
          for _, c in ipairs(cards) do
            if not left[c] then return nil, ("lin: pair %d: card %s dealt twice"):format(k, c) end
            left[c] = nil
          end
          b.hands[HAND_ORDER[i]] = cards
          given = given + 1
        end
      end
      if given == 3 then   -- the fourth hand is what the others leave
        for j = 1, 4 do
          local seat = HAND_ORDER[j]
          if not b.hands[seat] then
            local cards = {}
            for c in pairs(left) do cards[#cards + 1] = c end
            table.sort(cards)
            b.hands[seat] = cards
          end
        end
      elseif given ~= 4 then
        return nil, ("lin: pair %d: md|| gives %d hands (three or four)"):format(k, given)
      end
    elseif b and key == "sv" then
      b.vulnerable = VUL_IN[v:lower()]
      if not b.vulnerable then return nil, ("lin: pair %d: bad vulnerability '%s'"):format(k, v) end
    elseif b and key == "ah" then
      b.board = math.tointeger(tonumber(v:match("(%d+)") or ""))
      b.tags.Board = v
    elseif b and key == "mb" then
      local call = call_text(v)
      if not call then return nil, ("lin: pair %d: bad call '%s'"):format(k, v) end
      b.auction = b.auction or {}
      b.auction[#b.auction + 1] = call
    elseif b and key == "pc" then
      local s, r = v:match("^([SHDCshdc])([AKQJTakqjt2-9])$")
      if not s then return nil, ("lin: pair %d: bad card '%s'"):format(k, v) end
      b.play = b.play or {}
      b.play[#b.play + 1] = r:upper() .. s:lower()
    elseif b and key == "mc" then
      b.claim = math.tointeger(tonumber(v))
      if not b.claim or b.claim < 0 or b.claim > 13 then
        return nil, ("lin: pair %d: bad claim '%s'"):format(k, v)
      end
    end
  end
  for i, bd in ipairs(boards) do
    if not bd.hands then return nil, ("lin: board %d has no md|| deal"):format(i) end
  end
  return boards
end

--- lin.write(boards) -> LIN text, one line a board
function M.write(boards)
  local lines = {}
  for k, b in ipairs(boards) do
    local t = b.tags or {}
    local out = {}
    local function put(key, value) out[#out + 1] = key .. "|" .. value .. "|" end
    put("pn", table.concat({ t.South or "", t.West or "", t.North or "", t.East or "" }, ","))
    local hands = {}
    for j = 1, 4 do hands[j] = hand_text(b.hands[HAND_ORDER[j]]) end
    put("md", DEALER_OUT[b.dealer] .. table.concat(hands, ","))
    put("ah", "Board " .. (b.board or k))
    put("sv", VUL_OUT[b.vulnerable or "none"])
    for _, c in ipairs(b.auction or {}) do
      put("mb", c == "pass" and "p" or c == "double" and "d" or c == "redouble" and "r" or c:gsub("NT$", "N"))
    end
    if b.play and #b.play > 0 then put("pg", "") end
    for i, c in ipairs(b.play or {}) do
      put("pc", c:sub(2, 2):upper() .. c:sub(1, 1))
      if i % 4 == 0 then put("pg", "") end
    end
    if b.claim then put("mc", tostring(b.claim)) end
    lines[#lines + 1] = table.concat(out)
  end
  return table.concat(lines, "\n") .. "\n"
end

M.seat_names = SEATS
M.pbn = pbn

return M
