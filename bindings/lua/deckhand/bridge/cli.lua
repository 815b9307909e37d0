--- deckhand.bridge.cli: what `deckhand solve` and `deckhand replay` do
-- with Bridge files (PBN, LIN): the double-dummy table and par of a deal
-- or of a position in mid-play, a board of a file as a record, and a
-- record as a file.
-- @module deckhand.bridge.cli

local dh = require "deckhand"
local files = require "deckhand.bridge.files"
local pbn = require "deckhand.bridge.pbn"
local board = require "deckhand.bridge.board"
local par = require "deckhand.bridge.par"

local M = {}

local SEATS = "NESW"
local NAMES = { "North", "East", "South", "West" }
local VUL_TEXT = { none = "nobody vulnerable", ns = "North-South vulnerable", ew = "East-West vulnerable",
                   both = "both vulnerable" }

local function seat_of(text)
  local i = text and #text == 1 and SEATS:find(text:upper(), 1, true)
  return i or nil
end

-- the boards `deckhand solve` works on: from a file, or one deal given
local function boards_of(a)
  if a.deal then
    local hands, why = pbn.parse_deal(a.deal)
    if not hands then return nil, "--deal: " .. why end
    for s = 1, 4 do
      if not hands[s] then return nil, ("--deal: %s's hand is missing"):format(NAMES[s]) end
    end
    local dealer = seat_of(a.dealer or "N")
    if not dealer then return nil, ("--dealer must be N, E, S or W, got '%s'"):format(a.dealer) end
    local vul = (a.vulnerable or "none"):lower()
    if not VUL_TEXT[vul] then return nil, ("--vulnerable must be none, ns, ew or both, got '%s'"):format(a.vulnerable) end
    return { { board = 1, dealer = dealer, vulnerable = vul, hands = hands } }
  end
  if not a.file then return nil, "give a PBN or LIN file, or --deal \"N:...\"" end
  return files.read(a.file)
end

-- the lines for one board: its table and par, and where its play stops
-- short of the end, the position there
local function solve_board(b, out, opts)
  local game, why = board.game(b)
  if not game then return nil, why end
  local d, v = b.dealer, b.vulnerable
  if not d or not v then
    local bd, bv = board.by_board(b.board or 1)
    d, v = d or bd, v or bv
  end
  out[#out + 1] = ("board %s, dealer %s, %s"):format(tostring(b.board or "?"), NAMES[d], VUL_TEXT[v])
  out[#out + 1] = pbn.deal_text(b.hands, d)
  local tricks, inexact = par.table(b.hands, opts)
  if #inexact > 0 then
    out[#out + 1] = par.format(tricks)
    out[#out + 1] = ("%d of the 20 solves ran out of nodes (--nodes): no par"):format(#inexact)
  else
    out[#out + 1] = par.format(tricks, par.score(tricks, v, d))
  end
  local played = b.play and #b.play or 0
  if played > 0 and game:next_player() and game:phase() == "play" then
    local seat, hand = game:next_player(), game:turn()
    local moves, stats = game:solve_moves { nodes = opts.nodes, table_bits = opts.table_bits }
    local best = -1
    for _, m in ipairs(moves) do best = math.max(best, m.value) end
    local parts = {}
    for i, m in ipairs(moves) do parts[i] = ("%s %d"):format(tostring(m.card), m.value) end
    out[#out + 1] = ("after %d cards, %s to play%s: with best play %s's side takes %d more of the %d tricks left%s"):format(
      played, NAMES[hand], seat ~= hand and (" (by " .. NAMES[seat] .. ")") or "", NAMES[hand], best,
      #game:hand(hand), stats.exact and "" or " (not exact: the node budget ran out)")
    out[#out + 1] = "each card: " .. table.concat(parts, ", ")
  end
  return true
end

--- cli.solve(a) -> true, or nil and a message: prints the table and par
-- of each board (a.board: only that one), a.deal / a.dealer /
-- a.vulnerable for one deal given, a.nodes a node budget a solve
function M.solve(a, print_line)
  print_line = print_line or print
  local boards, why = boards_of(a)
  if not boards then return nil, why end
  local want = a.board and math.tointeger(tonumber(a.board))
  if a.board and not want then return nil, ("--board must be a number, got '%s'"):format(a.board) end
  local opts = { nodes = a.nodes and math.tointeger(tonumber(a.nodes)) or nil }
  local any = false
  for k, b in ipairs(boards) do
    if not want or want == k or want == b.board then
      any = true
      local out = {}
      local ok, err = solve_board(b, out, opts)
      if not ok then return nil, err end
      if k > 1 then print_line("") end
      for _, l in ipairs(out) do print_line(l) end
    end
  end
  if not any then return nil, ("no board %s in the file (it has %d)"):format(a.board, #boards) end
  return true
end

--- cli.record(path, index) -> the record of board `index` (1: the first)
-- of a PBN or LIN file, or nil and a message
function M.record(path, index)
  local boards, why = files.read(path)
  if not boards then return nil, why end
  local b = boards[index]
  if not b then return nil, ("%s has %d boards, not %s"):format(path, #boards, tostring(index)) end
  return board.record(b)
end

--- cli.export(record, kind) -> the text of a PBN or LIN file of a Bridge
-- record, or nil and a message
function M.export(record, kind)
  if kind ~= "pbn" and kind ~= "lin" then return nil, ("--to must be pbn or lin, got '%s'"):format(tostring(kind)) end
  if type(record) ~= "table" or record.game ~= "bridge" then
    return nil, "only Bridge records go to PBN or LIN"
  end
  local game, why = dh.replay(record)
  if not game then return nil, why end
  return files.write({ board.of_game(game, 1) }, kind)
end

M.is_bridge_file = files.is_bridge_file

return M
