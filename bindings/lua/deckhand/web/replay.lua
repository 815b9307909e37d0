--- deckhand.web.replay: recorded games step by step, every hand shown.
--
-- A record file in the records folder is either a tournament's (a header
-- line, then a line per deal holding each rotation's game record) or one
-- game's record (what the server writes when a match ends).  A step of a
-- replay is the game after its first `step` moves, replayed by
-- deckhand.replay from the record (data only: no code is run from it),
-- with every seat's view: a replay shows everything.
-- @module deckhand.web.replay

local dh = require "deckhand"
local json = require "deckhand.json"
local table_of = require "deckhand.table".of
local recfiles = require "deckhand.web.recfiles"
local rule_guard = require "deckhand.rule_guard"

local M = {}

--- replay.list(folder) -> { { name, kind = "tournament" or "game", game, deals, size } }
-- for the record files of the folder, newest name last
function M.list(folder)
  local names = {}
  local p = io.popen(("ls -1 '%s' 2>/dev/null"):format(folder:gsub("'", "'\\''")))
  for name in p:lines() do
    if recfiles.plain_name(name) and (name:match("%.jsonl$") or name:match("%.json$")) then names[#names + 1] = name end
  end
  p:close()
  local out = {}
  for _, name in ipairs(recfiles.inside(folder, names)) do
    local f = io.open(folder .. "/" .. name, "rb")
    if f then
      local ok, first = pcall(recfiles.first_line, f, name)
      local size = f:seek("end")
      f:close()
      local item = { name = name, size = size }
      if ok and type(first) == "table" and type(first.tournament) == "table" then
        item.kind, item.game, item.deals = "tournament", first.tournament.variant, first.tournament.games
      elseif ok and type(first) == "table" and type(first.game) == "string" then
        item.kind, item.game = "game", first.game
      end
      if item.kind then out[#out + 1] = item end
    end
  end
  table.sort(out, function(a, b) return a.name < b.name end)
  return out
end

-- the record of a file: a game's own, or deal `deal`'s rotation `rotation`
-- of a tournament's; with the names of the seats when there are some
local function record_of(f, name, deal, rotation)
  local next_line = recfiles.lines(f, name)
  local first = json.decode(next_line() or "")
  if type(first) ~= "table" then return nil, name .. ": not a record file" end
  if not first.tournament then return first end
  for l in next_line do
    local v = json.decode(l)
    if type(v) == "table" and v.i == deal then
      local g = type(v.games) == "table" and v.games[rotation]
      if type(g) ~= "table" then return nil, ("deal %d has no rotation %s"):format(deal, tostring(rotation)) end
      if type(g.forfeit) == "table" then
        return nil, ("deal %d, rotation %d was forfeited: %s"):format(deal, rotation, tostring(g.forfeit.reason))
      end
      if type(g.record) ~= "table" then return nil, ("deal %d, rotation %d has no game record"):format(deal, rotation) end
      return g.record, type(g.seats) == "table" and g.seats or nil, #v.games
    end
  end
  return nil, ("no deal %s in this record"):format(tostring(deal))
end

-- step's answer from a record read whole: the game replayed to step
local function replayed(name, record, names, rotations, step)
  local full, why = dh.replay(record)
  if not full then return nil, ("%s: %s"):format(name, tostring(why)) end
  local moves = full:record().moves
  step = step or 0
  if math.type(step) ~= "integer" or step < 0 or step > #moves then
    return nil, ("step must be an integer from 0 to %d"):format(#moves)
  end
  local partial = {}
  for k, v in pairs(record) do partial[k] = v end
  partial.actions, partial.moves = nil, { table.unpack(moves, 1, step) }
  local game = assert(dh.replay(partial))
  local views, tables = {}, {}
  local okv, variant = pcall(dh.variant, record.game, record.options)
  for s = 1, game:seats() do
    local view = game:view(s)
    views[s], tables[s] = view:data(), table_of(view, okv and variant or nil)
  end
  local out = { game = record.game, seats = game:seats(), names = names, rotations = rotations,
                total = #moves, step = step, moves = moves, views = views, tables = tables, phase = game:phase() }
  if step == #moves then
    local r = game:result()
    out.result = { seats = r.seats, winners = r.winners, unit = r.unit, over = r.over }
  end
  return out
end

--- replay.step(folder, name, deal, rotation, step) -> { game, seats, names,
-- total (moves), step, moves (every { seat, text }), views (each seat's
-- view:data() after step moves), tables (each seat's table as
-- deckhand/table.lua describes it: bids as the game names them), result (at the end) }, or nil, message
function M.step(folder, name, deal, rotation, step)
  deal, rotation = deal or 1, rotation or 1
  if math.type(deal) ~= "integer" or math.type(rotation) ~= "integer" then
    return nil, "deal and rotation must be integers"
  end
  local f, ferr = recfiles.open(folder, name)
  if not f then return nil, ferr end
  local ok, record, names, rotations = pcall(record_of, f, name, deal, rotation)
  f:close()
  if not ok then return nil, record end
  if not record then return nil, names end
  -- the game's code replays the moves under the rule time limit the
  -- server set (a game that loops must not stop its event loop)
  local done, out, why = rule_guard.here(replayed, name, record, names, rotations, step)
  if not done then return nil, ("%s: %s"):format(name, tostring(out)) end
  return out, why
end

return M
