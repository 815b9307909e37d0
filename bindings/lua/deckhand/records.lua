--- deckhand.records: a tournament's record file.
--
-- JSON lines: a header `{"tournament": config, "secret": hex}`, then one
-- line per finished deal, in index order.  Nothing recorded is ever lost or
-- rewritten in place:
--   * every write and flush is checked; a failure (disk full, read-only)
--     raises with the reason, so the command fails instead of going on;
--   * a run holds an exclusive lock on its file (a second run on it is
--     refused; a killed run leaves no stale lock);
--   * resuming cuts only a last line that a kill left unfinished, in place,
--     and appends after it;
--   * reading checks every line: one that is not JSON, not a deal, a deal of
--     another tournament (index, seed or players), or a deal seen before, is
--     reported with its line number and not counted.
-- @module deckhand.records

local json = require "deckhand.json"
local host = require "deckhand.core".host
local indexset = require "deckhand.indexset"
local linereader = require "deckhand.linereader"

local M = {}

--- records.reason(err, path) -> why a call on path failed, without the
-- "path: " io.open and os.rename put first ("cannot open x.jsonl: x.jsonl:
-- Read-only file system" said the name twice)
function M.reason(err, path)
  local s = tostring(err)
  if s:sub(1, #path + 2) == path .. ": " then return s:sub(#path + 3) end
  return s
end

local function check(ok, err, file)
  if not ok then error(("cannot write %s: %s"):format(file, tostring(err)), 0) end
end

--- records.write(f, value, file): one line, flushed; raises on failure
function M.write(f, value, file)
  local ok, err = f:write(json.encode(value), "\n")
  check(ok, err, file)
  ok, err = f:flush()
  check(ok, err, file)
end

-- the problems of one deal line for the tournament c (expect(line) says
-- whether its index and seed belong; players may sit in it)
local function deal_problem(v, c, expect)
  if type(v) ~= "table" or math.type(v.i) ~= "integer" or type(v.games) ~= "table" then
    return "not a deal"
  end
  local allowed = {}
  for _, p in ipairs(c.players) do allowed[p] = true end
  if c.bid_with then allowed[c.bid_with] = true end
  for _, g in ipairs(v.games) do
    if type(g) ~= "table" or type(g.seats) ~= "table" then return "not a deal" end
    for _, name in ipairs(g.seats) do
      if not allowed[name] then return ("a player not in this tournament: '%s'"):format(tostring(name)) end
    end
  end
  return expect(v)
end

-- the tournament's arguments as the command line names them
local ARGUMENTS = {
  { "variant", "the variant" }, { "players", "--players" }, { "games", "--games" }, { "seed", "--seed" },
  { "options", "--option" }, { "strategy_options", "--set" }, { "duplicate", "duplicate (--no-duplicate)" },
  { "bid_with", "--bid-with" }, { "hands", "--hands" }, { "limit", "--limit" },
}

-- a value of the arguments as a person reads it, cut short
local function shown(v)
  local s = v == nil and "none" or type(v) == "string" and v or json.encode(v)
  if #s > 60 then s = s:sub(1, 57) .. "..." end
  return s
end
M.shown = shown

--- records.difference(old, new [, where]) -> "--games 10 in the record,
-- 20 here": the first argument in which two tournaments' configs differ.
-- where: the names of old and new (default "in the record", "here")
function M.difference(old, new, where)
  where = where or { "in the record", "here" }
  local form = "%s %s " .. where[1] .. ", %s " .. where[2]
  local known = {}
  for _, a in ipairs(ARGUMENTS) do
    known[a[1]] = true
    local x, y = old[a[1]], new[a[1]]
    if json.encode(x) ~= json.encode(y) then
      return form:format(a[2], shown(x), shown(y))
    end
  end
  for k, x in pairs(old) do
    if not known[k] and json.encode(x) ~= json.encode(new[k]) then
      return form:format(shown(k), shown(x), shown(new[k]))
    end
  end
  for k, y in pairs(new) do
    if not known[k] and old[k] == nil then return form:format(shown(k), "none", shown(y)) end
  end
  return "the record's header differs"
end

--- records.header(file) -> the record's first line (a table with
-- `tournament`), or nil, message
function M.header(file)
  local f, err = io.open(file, "rb")
  if not f then return nil, err end
  local ok, first = pcall(linereader.lines(f, file))
  f:close()
  if not ok then return nil, first end
  local v = first and json.decode(first)
  if type(v) ~= "table" or type(v.tournament) ~= "table" then
    return nil, ("%s: line 1 is not a tournament's header"):format(file)
  end
  return v
end

--- records.read(file, c, expect [, where [, on_line]]) -> { header =,
-- problems = { "line 7: ..." }, good = bytes of complete lines, seen = the
-- indices counted (deckhand/indexset.lua), count =, lines = { deals } when
-- no on_line } or nil, message.  c: the tournament's config (nil: take the
-- header's); expect(deal) -> nil or why the deal does not belong; where:
-- the names of the file and of c in a message on other arguments (see
-- difference); on_line(deal): each deal counted, in file order, none kept
-- (a record of any size is read in bounded memory).  Reads only.
function M.read(file, c, expect, where, on_line)
  local f, err = io.open(file, "rb")
  if not f then return nil, err end
  local out = { problems = {}, good = 0, seen = indexset.new(), count = 0 }
  if not on_line then
    out.lines = {}
    on_line = function(v) out.lines[#out.lines + 1] = v end
  end
  local n = 0
  local next_line = linereader.lines(f, file)
  while true do
    local ok, line, ended = pcall(next_line)
    if not ok then f:close(); return nil, line end
    if line == nil then break end
    if not ended then   -- a line cut short by a kill: not counted
      out.problems[#out.problems + 1] = ("line %d: cut short (left by a killed run)"):format(n + 1)
      out.cut = true
      break
    end
    n = n + 1
    local v = json.decode(line)
    if n == 1 then
      if type(v) ~= "table" or type(v.tournament) ~= "table" then
        f:close()
        return nil, ("%s: line 1 is not a tournament's header"):format(file)
      end
      out.header = v
      if c and json.encode(v.tournament) ~= json.encode(c) then
        f:close()
        return nil, ("%s was made with other arguments: %s"):format(file, M.difference(v.tournament, c, where))
      end
      c = c or v.tournament
    else
      local why = v == nil and "not JSON" or deal_problem(v, c, expect)
      if not why and out.seen:has(v.i) then why = ("deal %d again"):format(v.i) end
      if why then
        out.problems[#out.problems + 1] = ("line %d: %s"):format(n, why)
      else
        out.seen:add(v.i)
        out.count = out.count + 1
        on_line(v)
      end
    end
    out.good = out.good + #line + 1
  end
  f:close()
  if not out.header then return nil, ("%s is empty"):format(file) end
  return out
end

--- records.open(file, c, header, expect [, on_line]) -> the file, locked
-- and positioned to append, and what it held (see read), or raises.  A new
-- file gets the header; an existing one is checked, its cut last line
-- removed in place.
function M.open(file, c, header, expect, on_line)
  local f, err = io.open(file, "a+b")
  if not f then error(("cannot open %s: %s"):format(file, M.reason(err, file)), 0) end
  local locked, why = host.lock(f)
  if not locked then f:close(); error(("%s: %s"):format(file, why), 0) end
  local size = f:seek("end")
  local old
  if size > 0 then
    local r, msg = M.read(file, c, expect, nil, on_line)
    if not r then f:close(); error(msg, 0) end
    if r.cut then check(host.truncate(f, r.good)) end
    old = r
  else
    M.write(f, header, file)
  end
  return f, old
end

--- records.in_place(file) -> whether a file written whole must be
-- written into file itself, not beside it and renamed onto it: file is a
-- device, a pipe or a link (renamed onto, /dev/full became a plain file
-- and a link a file of its own)
function M.in_place(file)
  local kind = host.kind(file)
  return kind ~= nil and kind ~= "file" and kind ~= "directory"
end

--- records.write_new(file, header, lines, inputs): a new file, written
-- beside the final name and renamed onto it once complete (an input is
-- never rewritten: file must not be one of inputs, by any name); a device, pipe or
-- link is written into (records.in_place).  lines: a list, or a function
-- giving the next line (nil at the end)
function M.write_new(file, header, lines, inputs)
  local id = host.file_id(file)
  for _, input in ipairs(inputs or {}) do
    if input == file then error(("will not overwrite an input: %s"):format(file), 0) end
    if id and host.file_id(input) == id then
      error(("will not overwrite an input: %s (the file %s names)"):format(input, file), 0)
    end
  end
  local direct = M.in_place(file)
  local tmp = direct and file or file .. ".part"
  local f, err = io.open(tmp, "wb")
  if not f then error(("cannot write %s: %s"):format(tmp, M.reason(err, tmp)), 0) end
  local ok, e = pcall(function()
    M.write(f, header, tmp)
    if type(lines) == "table" then
      for _, l in ipairs(lines) do M.write(f, l, tmp) end
    else
      for l in lines do M.write(f, l, tmp) end
    end
  end)
  local closed, cerr = f:close()
  if not ok or not closed then
    if not direct then os.remove(tmp) end
    error(ok and ("cannot write %s: %s"):format(tmp, cerr) or e, 0)
  end
  if direct then return end
  local moved, merr = os.rename(tmp, file)
  if not moved then os.remove(tmp); error(("cannot write %s: %s"):format(file, M.reason(merr, tmp)), 0) end
end

return M
