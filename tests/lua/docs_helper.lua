-- docs_helper.lua: reads the pages of the documentation (README.md and
-- docs/*.md) into what docs_spec checks: the fenced samples with the
-- output block stated after each, the headings' anchors, and the links.
local H = require "embed_helper"

local M = {}

--- the pages, README.md first, as paths from the repository's root
function M.pages()
  local list = { "README.md" }
  for f in H.run("cd " .. H.quote(H.root) .. " && ls docs/*.md"):gmatch("%S+") do list[#list + 1] = f end
  return list
end

local function lines_of(page)
  local out = {}
  for line in (H.read(H.root .. "/" .. page) .. "\n"):gmatch("([^\n]*)\n") do out[#out + 1] = line end
  if out[#out] == "" then out[#out] = nil end
  return out
end

--- the fenced blocks of a page, in order: { lang =, info = (the rest of the
-- fence line), line = (first line inside), lines = { ... }, synopsis =
-- (a `<!-- synopsis -->` line right above the fence), output = (the
-- ```text block that follows, blank lines apart), is_output = (this
-- block is that ```text block) }
function M.blocks(page)
  local text = lines_of(page)
  local out, cur = {}, nil
  for n, line in ipairs(text) do
    if cur then
      if line:match("^```%s*$") then
        cur.close = n
        out[#out + 1] = cur
        cur = nil
      else
        cur.lines[#cur.lines + 1] = line
      end
    else
      local lang, info = line:match("^```(%w*)%s*(.-)%s*$")
      if lang then
        cur = { lang = lang, info = info, open = n, line = n + 1, lines = {},
                synopsis = (text[n - 1] or ""):match("^<!%-%- synopsis %-%->%s*$") ~= nil }
      end
    end
  end
  assert(cur == nil, ("%s:%d: unclosed ``` block"):format(page, cur and cur.open or 0))
  for i, b in ipairs(out) do
    b.code = table.concat(b.lines, "\n")
    local nxt = out[i + 1]
    if nxt and nxt.lang == "text" and not b.is_output then
      local between = true
      for k = b.close + 1, nxt.open - 1 do
        if not text[k]:match("^%s*$") then between = false end
      end
      if between then b.output, nxt.is_output = nxt, true end
    end
  end
  return out
end

-- a heading's anchor as GitHub makes it: lower case, everything but
-- letters, digits, spaces, hyphens and underscores dropped (bytes of
-- UTF-8 letters kept), spaces made hyphens
local function slug(heading)
  local s = heading:gsub("%b<>", ""):lower()
  s = s:gsub("[^%w%s%-_\128-\255]", ""):gsub(" ", "-")
  return s
end
M.slug = slug

--- the anchors of a page's headings (a repeated heading gets -1, -2, ...)
function M.anchors(page)
  local set, seen, fence = {}, {}, false
  for _, line in ipairs(lines_of(page)) do
    if line:match("^```") then fence = not fence end
    local h = not fence and line:match("^#+%s+(.-)%s*$")
    if h then
      local s = slug(h)
      if seen[s] then
        seen[s] = seen[s] + 1
        s = s .. "-" .. seen[s]
      else
        seen[s] = 0
      end
      set[s] = true
    end
  end
  return set
end

--- the links of a page outside code: { line =, target = }
function M.links(page)
  local out, fence = {}, false
  for n, line in ipairs(lines_of(page)) do
    if line:match("^```") then fence = not fence
    elseif not fence then
      local bare = line:gsub("``.-``", ""):gsub("`[^`]*`", "")
      for target in bare:gmatch("%]%(([^)%s]+)%)") do out[#out + 1] = { line = n, target = target } end
    end
  end
  return out
end

--- the shell lines of a block, a line ended by `\` joined to the next,
-- comments dropped: { line =, text = }
function M.shell_lines(b)
  local out, acc, first = {}, nil, nil
  for i, line in ipairs(b.lines) do
    local body = line:gsub("%s+#.*$", ""):gsub("^#.*$", "")
    if acc then acc = acc .. " " .. body else acc, first = body, b.line + i - 1 end
    if acc:match("\\%s*$") then
      acc = acc:gsub("\\%s*$", "")
    else
      if acc:match("%S") then out[#out + 1] = { line = first, text = acc } end
      acc = nil
    end
  end
  return out
end

return M
