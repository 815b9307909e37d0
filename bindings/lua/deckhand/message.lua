--- deckhand.message: errors and refusals as a person should read them.
--
-- What reaches a user (the command's last line, a REJECT of the line
-- protocol, a forfeit or variant error in a report) names what was wrong
-- in the user's terms: never the library's file and line, never a Lua
-- traceback, never the user's whole input back (a 5 MB move), never the
-- same words over and over (a rule's error wrapped by every rule that
-- called it).  Long texts are cut, saying how long they were.
-- @module deckhand.message

local searchpath = require "deckhand.searchpath"

local M = {}

-- s cut to at most n bytes, not in the middle of a UTF-8 character
local function cut(s, n)
  if #s <= n then return s end
  local t = s:sub(1, n)
  local last = t:find("[\192-\255][\128-\191]*$")
  if last and #t - last + 1 < (t:byte(last) >= 240 and 4 or t:byte(last) >= 224 and 3 or 2) then
    t = t:sub(1, last - 1)
  end
  return t
end

--- message.clip(s [, n]) -> s, or its first n (default 300) bytes and
-- "... (N characters)"
function M.clip(s, n)
  n = n or 300
  s = tostring(s)
  if #s <= n then return s end
  return cut(s, n) .. ("... (%d characters)"):format(utf8.len(s) or #s)
end

--- message.quote(text [, n]) -> 'text' for a message: at most n (default
-- 40) bytes of it, and its length when cut
function M.quote(text, n)
  n = n or 40
  text = tostring(text)
  if #text <= n then return "'" .. text .. "'" end
  return ("'%s...' (%d characters)"):format(cut(text, n), utf8.len(text) or #text)
end

--- message.printable(s) -> s with its control characters but tab and
-- newline shown as \27 and so on: a record's text (a player's name, a
-- move) written raw to a terminal could hold its escape sequences (clear
-- the screen, set the title, write the clipboard)
function M.printable(s)
  return (tostring(s):gsub("[%z\1-\8\11-\31\127]", function(c) return "\\" .. c:byte() end))
end

--- message.quoted(s [, n]) -> s with every 'quoted' part of it cut as quote does
function M.quoted(s, n)
  n = n or 40
  return (tostring(s):gsub("'([^'\n]*)'", function(q)
    if #q <= n + 3 and q:sub(-3) == "..." then return nil end   -- cut already, its length said
    return M.quote(q, n)
  end))
end

-- "a: b: a: b: c" -> "a: b: c": a run of the same words repeated is kept once
local function collapse(s)
  local parts = {}
  for p in (s .. ": "):gmatch("(.-): ") do parts[#parts + 1] = p end
  local out = {}
  for _, p in ipairs(parts) do
    out[#out + 1] = p
    for len = 1, 3 do   -- the last len parts repeat the len before them
      local n = #out
      if n >= 2 * len then
        local same = true
        for k = 0, len - 1 do
          if out[n - k] ~= out[n - len - k] then same = false; break end
        end
        if same then for _ = 1, len do out[#out] = nil end; break end
      end
    end
  end
  return table.concat(out, ": ")
end

--- message.users(path) -> whether a file is the user's own, not the
-- library's: one in a folder of DECKHAND_PATH (where a user's bots and
-- variants live), or in ./rules or ./strategies when deckhand ships no
-- file of that name (run from the repository, ./strategies is its own).
function M.users(path)
  for entry in (os.getenv("DECKHAND_PATH") or ""):gmatch("[^:;]+") do
    local dir = entry:gsub("[/\\]+$", "")
    if dir ~= "" and path:sub(1, #dir + 1) == dir .. "/" then return true end
  end
  local rest = path:match("^%./(.*)$")
  if rest and (rest:match("^rules/") or rest:match("^strategies/")) then
    local f = io.open(searchpath.root() .. "/" .. rest, "r")
    if f then f:close(); return false end
    return true
  end
  return false
end

-- s without the library's "path.lua:12: " places (own's and the user's
-- files kept).  Each place is found from its ".lua:" and its path read
-- back from there: a pattern tried at every letter of a long word (a
-- 100 KB move in a record) took time growing with the square of its length
local function places(s, own)
  local out, pos = {}, 1
  while true do
    local a, b = s:find("%.lua:%d+: ", pos)
    if not a then break end
    local path = s:sub(pos, a - 1):reverse():match("^[%w_%.%-/]*"):reverse() .. ".lua"
    local from = a - #path + 4
    out[#out + 1] = s:sub(pos, from - 1)
    if path == own or M.users(path) then out[#out + 1] = s:sub(from, b) end
    pos = b + 1
  end
  out[#out + 1] = s:sub(pos)
  return table.concat(out)
end

--- message.for_user(err [, n [, own]]) -> an error as one line for a
-- person: no traceback, no file:line of the library, repetitions once,
-- quoted input and the whole cut to n (default 300) bytes, printable.  The places in
-- the user's own files are kept, there their author looks: own (the path
-- of a game file the user named) and the files of the user's folders
-- (message.users: a bot of theirs that raised).
function M.for_user(err, n, own)
  local ok, s = pcall(tostring, err)
  if not ok or type(s) ~= "string" then s = "an error that cannot be shown" end
  s = s:gsub("\n?stack traceback:.*$", "")
  s = places(s, own)
  s = s:gsub('%[string "[^"]*"%]:%d+: ', "")
  s = s:gsub("%s+", function(w) return w:find("\n", 1, true) and " " or nil end)
  return M.printable(M.clip(M.quoted(collapse(s)), n))
end

return M
