--- deckhand.bridge.board: a Bridge board from a file, as a deckhand game
-- and record, and back.
--
-- A board (deckhand/bridge/pbn.lua says its fields) becomes a record of
-- the `bridge` variant: one board, the board's dealer and vulnerability,
-- the hands dealt as given, then the calls and the cards, each applied to
-- a real game, so a file with an illegal call or card is refused naming
-- it.  A record or a game becomes a board for pbn.write and lin.write.
-- @module deckhand.bridge.board

local dh = require "deckhand"

local M = {}

local SEATS = "NESW"
local function seat_name(s) return SEATS:sub(s, s) end

-- the dealer and vulnerability of board n in the cycle of 16 (Law 2)
local VULNERABLE = { "none", "ns", "ew", "both", "ns", "ew", "both", "none",
                     "ew", "both", "none", "ns", "both", "none", "ns", "ew" }
local function by_board(n)
  return (n - 1) % 4 + 1, VULNERABLE[(n - 1) % 16 + 1]
end
M.by_board = by_board

local function bad(msg) return nil, msg, "bad_board" end

--- board.game(b) -> the game of board b after its calls and cards, or
-- nil and a message.  Options: b.contract with b.declarer and no auction
-- plays the contract fixed (the variant's `contract` option).
function M.game(b)
  if type(b) ~= "table" or type(b.hands) ~= "table" then return bad("a board needs its hands") end
  local label = "board " .. tostring(b.board or "?")
  for s = 1, 4 do
    if type(b.hands[s]) ~= "table" or #b.hands[s] ~= 13 then
      return bad(("%s: %s's hand has %s cards, not 13"):format(label, seat_name(s),
        type(b.hands[s]) == "table" and #b.hands[s] or "no"))
    end
  end
  local dealer, vul = b.dealer, b.vulnerable
  if not dealer or not vul then
    local d, v = by_board(b.board or 1)
    dealer, vul = dealer or d, vul or v
  end
  local options = { boards = 1, vulnerable = vul }
  if not b.auction and b.contract and b.contract ~= "pass" and b.declarer then
    options.contract, options.declarer = b.contract, seat_name(b.declarer)
  end
  local ok, v = pcall(dh.variant, "bridge", options)
  if not ok then return bad(("%s: %s"):format(label, tostring(v))) end
  local deal = {}
  for s = 1, 4 do deal[s] = b.hands[s] end
  local made, game = pcall(dh.game, v, { seed = 0, dealer = dealer, deal = deal })
  if not made then return bad(("%s: the deal: %s"):format(label, tostring(game))) end
  for i, call in ipairs(b.auction or {}) do
    local seat = game:next_player()
    if not seat or game:phase() ~= "auction" then
      return bad(("%s: call %d (%s) comes after the auction is over"):format(label, i, call))
    end
    local done, msg = game:apply(seat, call)
    if not done then return bad(("%s: call %d, %s's %s: %s"):format(label, i, seat_name(seat), call, msg)) end
  end
  for i, card in ipairs(b.play or {}) do
    local seat = game:next_player()
    if not seat or game:phase() ~= "play" then
      return bad(("%s: card %d (%s) comes when no card can be played"):format(label, i, card))
    end
    local done, msg = game:apply(seat, card)
    if not done then
      return bad(("%s: trick %d, %s's %s: %s"):format(label, (i - 1) // 4 + 1, seat_name(game:turn() or seat),
        card, msg))
    end
  end
  return game
end

--- board.record(b) -> the record of board b (data, as game:record()), or
-- nil and a message
function M.record(b)
  local game, msg, code = M.game(b)
  if not game then return nil, msg, code end
  return game:record()
end

local STRAINS = { "C", "D", "H", "S", "NT" }

--- board.of_game(game [, n]) -> the board a Bridge game's first hand is,
-- for pbn.write and lin.write (n: its board number, default 1)
function M.of_game(game, n)
  local rec = game:record()
  local replayed = assert(dh.replay { game = rec.game, options = rec.options, seed = rec.seed,
                                      dealer = rec.dealer, deal = rec.deal, moves = {} })
  local b = { board = n or 1, dealer = rec.dealer or 1, hands = {}, tags = {} }
  for s = 1, 4 do
    local h = {}
    for c in replayed:hand(s):iter() do h[#h + 1] = tostring(c) end
    b.hands[s] = h
  end
  local v = dh.variant("bridge", rec.options)
  local opts = v.spec.phases:options()
  b.vulnerable = opts.vulnerable or select(2, by_board(replayed:hand_number()))
  local auction, play = {}, {}
  for _, m in ipairs(rec.moves) do
    local text = m[2]
    if text:match("^[1-7][CDHS]$") or text:match("^[1-7]NT$") or text == "pass" or text == "double"
       or text == "redouble" then
      auction[#auction + 1] = text
    else
      play[#play + 1] = text
    end
  end
  if #auction > 0 then b.auction = auction end
  if #play > 0 then b.play = play end
  -- the contract, its declarer and the result, from the game as it went
  local g = assert(dh.replay(rec))
  local contract, declarer = g:var(1), g:declarer()
  if contract and contract > 0 then
    local doubled = g:var(3)
    b.contract = ((contract - 1) // 5 + 1) .. STRAINS[(contract - 1) % 5 + 1] .. ("X"):rep(doubled)
    b.declarer = declarer
    b.leader = declarer and declarer % 4 + 1
    if #play == 52 then
      local r = g:result()
      local t = r.hands[1].tricks
      b.result = t[declarer] + t[(declarer + 1) % 4 + 1]
    end
  elseif #auction >= 4 then
    b.contract = "pass"
  end
  return b
end

return M
