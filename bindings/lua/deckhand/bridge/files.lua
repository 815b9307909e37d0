--- deckhand.bridge.files: Bridge deal files by their kind (PBN or LIN).
-- @module deckhand.bridge.files

local pbn = require "deckhand.bridge.pbn"
local lin = require "deckhand.bridge.lin"

local M = {}

-- the largest file read: a PBN of thousands of boards is well under it
local MAX_BYTES = 64 * 1024 * 1024

--- files.kind(path [, text]) -> "pbn", "lin" or nil: by the name's
-- extension, else by the text (LIN is key|value| pairs, PBN tags)
function M.kind(path, text)
  local ext = path:match("%.(%w+)$")
  ext = ext and ext:lower()
  if ext == "pbn" or ext == "lin" then return ext end
  if text then
    if text:match("^%s*%%") or text:match("^%s*%[%w+%s+\"") then return "pbn" end
    if text:match("^%s*%a%a|") then return "lin" end
  end
  return nil
end

--- files.parse(text, kind) -> boards, or nil and a message
function M.parse(text, kind)
  if kind == "pbn" then return pbn.parse(text) end
  if kind == "lin" then return lin.parse(text) end
  return nil, ("unknown kind of Bridge file '%s' (pbn or lin)"):format(tostring(kind))
end

--- files.read(path) -> boards and the file's kind, or nil and a message
function M.read(path)
  local f, err = io.open(path, "rb")
  if not f then return nil, err end
  local text = f:read(MAX_BYTES + 1)
  f:close()
  text = text or ""
  if #text > MAX_BYTES then return nil, ("%s: larger than %d MB"):format(path, MAX_BYTES // 1048576) end
  local kind = M.kind(path, text)
  if not kind then return nil, ("%s: neither PBN nor LIN"):format(path) end
  local boards, why = M.parse(text, kind)
  if not boards then return nil, path .. ": " .. why end
  return boards, kind
end

--- files.write(boards, kind) -> the text of a PBN or LIN file
function M.write(boards, kind)
  if kind == "pbn" then return pbn.write(boards) end
  if kind == "lin" then return lin.write(boards) end
  error(("unknown kind of Bridge file '%s' (pbn or lin)"):format(tostring(kind)), 2)
end

--- files.is_bridge_file(path) -> whether a path names a PBN or LIN file
function M.is_bridge_file(path)
  local ext = path:match("%.(%w+)$")
  ext = ext and ext:lower()
  return ext == "pbn" or ext == "lin"
end

return M
