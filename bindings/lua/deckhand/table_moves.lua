--- deckhand.table_moves: a seat's legal moves grouped for display.
--
-- group(moves, t [, legal]) -> {
--   hand = the seat whose cards are clicked (the seat's own, or another's
--     whose cards it plays: Bridge's dummy),
--   cards = { [card] = { texts } }: a move that names one card of that
--     hand, alone or with words ("7h", "discard 9c", "knock 7h", "8s call
--     c"): a click on the card makes it (several: the page asks which),
--   select = { word, counts, moves }: moves that name several cards after
--     one word ("pass 2c 3c 4c", "discard 9c Jc"): cards picked, then sent;
--     counts the sizes a pick may have, smallest first,
--   buttons = { texts }: every other move (calls, actions),
--   choices = { { label, moves } }: a long run of numbered calls ("18" ..
--     "264", "bid 1" .. "bid 13") offered as one list,
--   amounts = { { action, min, max } }: a size to type (a bet, a raise),
--     from the view's `legal` entries that give a range }
-- Moves are the game's own texts: a front end sends them as they are.
-- @module deckhand.table_moves

local CHOICE_AT = 15   -- numbered calls beyond this many: a list, not buttons (Spades' 13 bids stay buttons)

local function is_card(w)
  return type(w) == "string" and (w:match("^[2-9TJQKA][cdhs]$") or w:match("^[2-9TJQKA][cdhs]#%d$")) ~= nil
end

-- the seat whose visible cards the moves name: the own hand first
local function hand_of(words_cards, t)
  local holders = { { t.seat, t.hand or {} } }
  for _, p in ipairs(t.players or {}) do
    if p.seat ~= t.seat and #(p.cards or {}) > 0 then holders[#holders + 1] = { p.seat, p.cards } end
  end
  for _, h in ipairs(holders) do
    local set = {}
    for _, c in ipairs(h[2]) do set[c] = true end
    for c in pairs(words_cards) do
      if set[c] then return h[1], set end
    end
  end
  return t.seat, {}
end

local function add_once(list, x)
  for _, y in ipairs(list) do if y == x then return end end
  list[#list + 1] = x
end

return function(moves, t, legal)
  local out = { cards = {}, buttons = {}, choices = {}, amounts = {} }
  local named = {}
  local split = {}
  for i, m in ipairs(moves) do
    local words = {}
    for w in tostring(m):gmatch("%S+") do words[#words + 1] = w end
    split[i] = words
    for _, w in ipairs(words) do if is_card(w) then named[w] = true end end
  end
  local seat, held = hand_of(named, t)
  out.hand = seat
  -- ranges to type: a bet or raise of `legal` with min and max
  local ranged = {}
  for _, l in ipairs(type(legal) == "table" and legal or {}) do
    if type(l) == "table" and l.min and l.max and type(l.action) == "string" then
      out.amounts[#out.amounts + 1] = { action = l.action, min = l.min, max = l.max }
      ranged[l.action] = true
    end
  end
  local selects, numbered = {}, {}
  for i, m in ipairs(moves) do
    local text, words = tostring(m), split[i]
    local in_hand = {}
    for _, w in ipairs(words) do if held[w] then in_hand[#in_hand + 1] = w end end
    local first_card = held[words[1]]
    if #words == 1 and first_card then
      out.cards[text] = out.cards[text] or {}
      table.insert(out.cards[text], text)
    elseif first_card and #in_hand == 1 then            -- "8s call c"
      out.cards[words[1]] = out.cards[words[1]] or {}
      table.insert(out.cards[words[1]], text)
    elseif #words == 2 and held[words[2]] and not first_card then   -- "discard 9c", "knock 7h"
      out.cards[words[2]] = out.cards[words[2]] or {}
      table.insert(out.cards[words[2]], text)
    elseif #in_hand >= 2 and (#in_hand == #words - 1 and not first_card or #in_hand == #words) then
      -- several cards after a word ("pass 2c 3c 4c"), or the cards alone ("7c 7d")
      local word = #in_hand == #words and "" or words[1]
      local sel = selects[word] or { word = word, counts = {}, moves = {} }
      selects[word] = sel
      add_once(sel.counts, #in_hand)
      table.insert(sel.moves, text)
    elseif ranged[words[1]] and #words == 2 and tonumber(words[2]) then
      -- a size the field covers
    else
      local label = text:match("^(.-)%s*%d+$")
      if label and text:match("%d+$") and not text:match("%a%d+$") then
        numbered[label] = numbered[label] or {}
        table.insert(numbered[label], text)
      end
      out.buttons[#out.buttons + 1] = text
    end
  end
  -- the first word's multi-card moves are the ones picked (a game offers one)
  local keys = {}
  for k in pairs(selects) do keys[#keys + 1] = k end
  table.sort(keys)
  if keys[1] then
    out.select = selects[keys[1]]
    table.sort(out.select.counts)
  end
  -- long runs of numbered calls leave the buttons for a list
  local labels = {}
  for label, list in pairs(numbered) do if #list > CHOICE_AT then labels[#labels + 1] = label end end
  table.sort(labels)
  for _, label in ipairs(labels) do
    local drop = {}
    for _, m in ipairs(numbered[label]) do drop[m] = true end
    local kept = {}
    for _, b in ipairs(out.buttons) do if not drop[b] then kept[#kept + 1] = b end end
    out.buttons = kept
    out.choices[#out.choices + 1] = { label = label ~= "" and label or "bid", moves = numbered[label] }
  end
  return out
end
