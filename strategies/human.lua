-- human: a person at the terminal.  Shows the hand sorted by suit with
-- the legal cards marked, the trick, bids and scores, and reads a card
-- (`td`, `10♦`), a bid or the cards to pass.  Options: input, output
-- (files, default stdin/stdout), try (a function(phase, move) -> ok, message,
-- message that applies the move: deckhand play gives one, so an illegal
-- card is refused with the game's own reason).
local dh = require "deckhand"

local M = {}

local function names(list)
  local out = {}
  for i, c in ipairs(list) do out[i] = type(c) == "number" and tostring(c) or dh.card(c):display() end
  return table.concat(out, " ")
end

--- the seat's picture of the game, as lines of text
function M.describe(view)
  local me = view:seat()
  local out = {}
  local scores = view:scores()
  local bids, tricks = view:bids(), view:tricks()
  local b = {}
  for s = 1, view:seats() do
    b[s] = ("%s%d: bid %s, took %d"):format(s == me and "you " or "seat ", s,
      bids[s] == false and "-" or (bids[s] == 0 and "nil" or tostring(bids[s])), tricks[s])
  end
  out[#out + 1] = "scores " .. table.concat(scores, " / ") .. (view:trump() and ("   trump " .. view:trump()) or "")
  out[#out + 1] = table.concat(b, " | ")
  local cards, seats = view:trick()
  if #cards > 0 then
    local t = {}
    for i, c in ipairs(cards) do t[i] = ("%d:%s"):format(seats[i], c:display()) end
    out[#out + 1] = "trick  " .. table.concat(t, "  ")
  end
  local legal = {}
  if view:phase() == "play" then for c in view:legal():iter() do legal[tostring(c)] = true end end
  local by = { s = {}, h = {}, d = {}, c = {}, x = {} }
  for c in view:hand(me):iter() do
    local t = by[c.suit or "x"]
    t[#t + 1] = (legal[tostring(c)] and "*" or " ") .. c:display()
  end
  local h = {}
  for _, suit in ipairs { "s", "h", "d", "c", "x" } do
    if #by[suit] > 0 then h[#h + 1] = table.concat(by[suit], "") end
  end
  out[#out + 1] = "hand  " .. table.concat(h, "   ") .. (view:phase() == "play" and "   (* legal)" or "")
  return table.concat(out, "\n")
end

local function parse(phase, line)
  line = line:match("^%s*(.-)%s*$")
  if phase == "bid" then
    if line:lower() == "nil" then return 0 end
    local n = math.tointeger(tonumber(line))
    if not n then return nil, "a bid is a number (or nil)" end
    return n
  elseif phase == "play" then
    local ok, c = pcall(dh.card, line)
    if not ok then return nil, (tostring(c):gsub("^.-%((.*)%)$", "%1")) end
    return c
  else
    local out = {}
    for w in line:gmatch("[^,%s]+") do
      local ok, c = pcall(dh.card, w)
      if not ok then return nil, "bad card '" .. w .. "'" end
      out[#out + 1] = c
    end
    return out
  end
end

function M.new(options)
  local input, output = options.input or io.stdin, options.output or io.stdout
  local s = { name = "human", applies = options.try ~= nil }
  local function ask(phase, view)
    output:write("\n", M.describe(view), "\n")
    while true do
      local prompt = phase == "bid" and ("your bid (" .. names(view:legal()) .. "): ")
                  or phase == "pass" and "cards to pass: " or "your card: "
      output:write(prompt); output:flush()
      local line = input:read("l")
      if not line then error({ eof = true }) end
      local move, why = parse(phase, line)
      if move ~= nil then
        if options.try then
          local ok, msg, code = options.try(phase, move)
          if ok then return move end
          why = ("%s (%s)"):format(msg, code)
        elseif phase == "play" and not view:legal():has(move) then
          why = "not a legal card now; legal: " .. names(view:legal():list())
        else
          return move
        end
      end
      output:write("refused: ", why, "\n")
    end
  end
  function s.bid(view) return ask("bid", view) end
  function s.play(view) return ask("play", view) end
  function s.pass(view) return ask("pass", view) end
  s.act = dh.holdem_bots.human(options)   -- Hold'em (deckhand.holdem_bots)
  return s
end

return M
