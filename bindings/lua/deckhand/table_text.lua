--- deckhand.table_text: a table (deckhand/table.lua) as lines of text, for
-- `deckhand play`: the status, every seat with its face-up cards (a dummy
-- the seat plays marked), the piles, the trick, and the hand with its
-- legal cards marked `*`, then the moves that are no card.  Any game, no
-- code for a particular one.
-- @module deckhand.table_text

local core = require "deckhand.core"

local M = {}

local function plain(c) return c:display() end

-- card names as the style shows them, in the order given
local function show(list, card)
  local out = {}
  for i, name in ipairs(list or {}) do
    local ok, c = pcall(core.card, name)
    out[i] = ok and card(c) or name
  end
  return table.concat(out, " ")
end

-- a hand in display order, grouped by suit, the legal cards marked
local function hand_line(list, legal, card)
  if #list == 0 then return "-" end
  local ok, set = pcall(core.cards, list)
  if not ok then return show(list, card) end
  local named = {}
  for c in set:iter() do named[c:display()] = c end
  local groups, group, suit = {}, nil, false
  for word in set:display():gmatch("%S+") do
    local c = named[word]
    if c.suit ~= suit or not group then
      group, suit = {}, c.suit
      groups[#groups + 1] = group
    end
    group[#group + 1] = (legal[tostring(c)] and "*" or " ") .. card(c)
  end
  for k, g in ipairs(groups) do groups[k] = table.concat(g, "") end
  return table.concat(groups, "   ") .. (next(legal) and "   (* legal)" or "")
end

local function name_of(t, s)
  local p = t.players[s] or {}
  if s == t.seat then return "you" end
  return p.name and ("seat %d %s"):format(s, p.name) or ("seat %d"):format(s)
end

--- table_text.render(t [, style]) -> the table as lines of text; style.card
-- (a Card -> its text) may dress cards (colour)
function M.render(t, style)
  local card = style and style.card or plain
  local out = {}
  local head = {}
  if t.hand_number then head[#head + 1] = "hand " .. t.hand_number end
  if t.phase then head[#head + 1] = t.phase end
  if t.scores then
    local s = {}
    for i, x in ipairs(t.scores.values) do
      s[i] = (t.scores.by == "side" and ("side %d"):format(i) or name_of(t, i)) .. " " .. tostring(x)
    end
    head[#head + 1] = "scores " .. table.concat(s, ", ")
  end
  out[#out + 1] = table.concat(head, " · ")
  for _, line in ipairs(t.status or {}) do out[#out + 1] = line end
  if t.facts and #t.facts > 0 then out[#out + 1] = table.concat(t.facts, ", ") end
  local legal, from = {}, t.moves and t.moves.hand or t.seat
  for c in pairs(t.moves and t.moves.cards or {}) do legal[c] = true end
  for k = 1, t.seats do
    local s = (t.seat - 1 + k) % t.seats + 1   -- from the left round to the seat itself
    local p = t.players[s]
    local bits = {}
    if p.side then bits[#bits + 1] = "side " .. p.side end
    if p.count then bits[#bits + 1] = p.count .. (p.count == 1 and " card" or " cards") end
    for _, n in ipairs(p.notes or {}) do bits[#bits + 1] = n end
    out[#out + 1] = ("%s%s%s: %s"):format(t.turn == s and "> " or "", name_of(t, s), p.label and (" (" .. p.label .. ")") or "",
                                        table.concat(bits, " · "))
    if #(p.cards or {}) > 0 then
      local marks = (from == s and s ~= t.seat) and legal or {}
      out[#out + 1] = ("  shows  %s%s"):format(hand_line(p.cards, marks, card), next(marks) and "  (you play it)" or "")
    end
    for _, g in ipairs(p.groups or {}) do
      out[#out + 1] = ("  %s  %s"):format(g.label, show(g.cards, card))
    end
  end
  for _, p in ipairs(t.piles or {}) do
    local cards = show(p.cards, card)
    local n = p.count and (" " .. p.count) or ""
    out[#out + 1] = ("%s%s  %s%s"):format(p.name, n, cards ~= "" and cards or "-", p.note and (" (" .. p.note .. ")") or "")
  end
  if t.last_trick and t.last_trick.plays then
    local l = {}
    for i, x in ipairs(t.last_trick.plays) do l[i] = ("%d:%s"):format(x.seat, show({ x.card }, card)) end
    out[#out + 1] = ("last trick  %s  (seat %d took it)"):format(table.concat(l, "  "), t.last_trick.winner)
  end
  if t.trick and #t.trick > 0 then
    local l = {}
    for i, x in ipairs(t.trick) do l[i] = ("%d:%s"):format(x.seat, show({ x.card }, card)) end
    out[#out + 1] = "trick  " .. table.concat(l, "  ")
  end
  local mine = from == t.seat and legal or {}
  out[#out + 1] = (t.trick and "hand  " or "your cards  ") .. hand_line(t.hand or {}, mine, card)
  local mv = t.moves or {}
  local calls = {}
  for _, b in ipairs(mv.buttons or {}) do calls[#calls + 1] = b end
  for _, c in ipairs(mv.choices or {}) do
    calls[#calls + 1] = ("%s .. %s"):format(c.moves[1], c.moves[#c.moves])
  end
  for _, a in ipairs(mv.amounts or {}) do calls[#calls + 1] = ("%s %d-%d"):format(a.action, a.min, a.max) end
  if mv.select then   -- "pass and 3 cards"; a climbing game's sets: "2 or 3 cards (as 7c 7d)"
    local sel = mv.select
    local sizes = table.concat(sel.counts, " or ")
    calls[#calls + 1] = sel.word ~= "" and ("%s and %s cards"):format(sel.word, sizes)
      or ("%s cards (as %s)"):format(sizes, sel.moves[1])
  end
  if #calls > 0 then out[#out + 1] = "calls  " .. table.concat(calls, ", ") end
  return table.concat(out, "\n")
end

return M
