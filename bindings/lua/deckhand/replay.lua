--- deckhand.replay: records back into games, for every game.
--
-- A record (game:record()) is data: the game's name, its options, the seed
-- (and dealer, and a stacked deal), and the moves as { seat, text } pairs.
-- Reading one never runs code from it: the game is found by name on the
-- search path (a path or file name is refused), the options must be plain
-- values, and every move goes through game:apply like any player's.
-- Records of earlier versions (trick `actions` with play/bid/pass fields,
-- Hold'em `actions` as { seat, action, amount }) are read too.
-- @module deckhand.replay

local message = require "deckhand.message"

local M = {}

local function bad(msg) return nil, msg, "bad_record" end

-- a variant's name as a record may give it: letters, digits, _ and -
local function plain_name(s)
  return type(s) == "string" and s:match("^[%w_%-]+$") ~= nil
end

-- is t a list, 1..#t with no gap and no other key?  A gap ended the
-- replay early, as if the moves after it were not in the record
local function gap_in(t, field)
  local n, count = #t, 0
  for k in pairs(t) do
    count = count + 1
    if math.type(k) ~= "integer" or k < 1 or k > n then count = -1; break end
  end
  if count ~= n then return ("record.%s must be a list (1 to n with no gap)"):format(field) end
end

-- the moves of a record as { seat, text } pairs, whatever its vintage
local function moves_of(record)
  if record.moves ~= nil then
    if type(record.moves) ~= "table" then return nil, "record.moves must be a list" end
    local why = gap_in(record.moves, "moves")
    if why then return nil, why end
    return record.moves
  end
  if type(record.actions) ~= "table" then return nil, "record has no moves" end
  local why = gap_in(record.actions, "actions")
  if why then return nil, why end
  local out = {}
  for i, a in ipairs(record.actions) do
    if type(a) ~= "table" then return nil, ("action %d is not a table"):format(i) end
    if a.seat ~= nil then   -- a trick record: play, bid or pass
      local text
      if a.play ~= nil then text = tostring(a.play)
      elseif a.bid ~= nil then text = math.type(a.bid) == "integer" and ("bid " .. a.bid) or nil
      elseif type(a.pass) == "table" then
        local names = {}
        for k, c in ipairs(a.pass) do names[k] = tostring(c) end
        text = "pass " .. table.concat(names, " ")
      end
      if not text then return nil, ("action %d: an action needs play, bid or pass"):format(i) end
      out[i] = { a.seat, text }
    else                    -- Hold'em: { seat, action, amount }
      out[i] = { a[1], a[3] ~= nil and (tostring(a[2]) .. " " .. tostring(a[3])) or a[2] }
    end
  end
  return out
end

-- options of a record: a table of plain values
local function check_options(options)
  if options == nil then return {} end
  if type(options) ~= "table" then return nil, "record.options must be a table" end
  for k, v in pairs(options) do
    local tv = type(v)
    if type(k) ~= "string" or (tv ~= "string" and tv ~= "number" and tv ~= "boolean") then
      return nil, ("record.options.%s must be a string, number or boolean"):format(tostring(k))
    end
  end
  return options
end

return function(deckhand)
  --- deckhand.replay(record [, variant]) -> the game the record describes,
  -- or nil, message, "bad_record" (the message names the first bad move).
  -- variant: a Variant to replay on instead of the one the record names.
  function deckhand.replay(record, variant)
    if type(record) ~= "table" then return bad("record must be a table") end
    local name = record.game or record.variant
    local seed, deal = record.seed, record.deal
    if record.moves == nil and name == "holdem" and type(record.options) == "table" then
      -- an earlier Hold'em record kept its seed and deal among the options
      local o = {}
      for k, v in pairs(record.options) do o[k] = v end
      seed, deal, o.seed, o.deal = seed or o.seed, deal or o.deal, nil, nil
      record = setmetatable({ options = o }, { __index = record })
    end
    if variant == nil then
      if not plain_name(name) then
        return bad(("record.game must be a variant's name, got %s"):format(
          type(name) == "string" and ("'" .. name .. "'") or type(name)))
      end
      local options, why = check_options(record.options)
      if not options then return bad(why) end
      local ok, v = pcall(deckhand.variant, name, options)
      if not ok then return bad("cannot load variant '" .. name .. "': " .. tostring(v)) end
      variant = v
    end
    local moves, why = moves_of(record)
    if not moves then return bad(why) end
    if math.type(seed) ~= "integer" then return bad("record.seed must be an integer") end
    if record.dealer ~= nil and math.type(record.dealer) ~= "integer" then
      return bad("record.dealer must be an integer")
    end
    local ok, game = pcall(deckhand.game, variant, { seed = seed, dealer = record.dealer, deal = deal })
    if not ok then return bad("cannot start: " .. tostring(game)) end
    for i, m in ipairs(moves) do
      if type(m) ~= "table" or math.type(m[1]) ~= "integer" or type(m[2]) ~= "string" then
        return bad(("move %d must be { seat, text }"):format(i))
      end
      local seat = m[1]
      if seat < 1 or seat > variant.seats then return bad(("move %d: seat %d out of range"):format(i, seat)) end
      local pok, done, msg, code = pcall(game.apply, game, seat, m[2])
      -- the move's text cut as a refusal quotes it: a damaged record's
      -- move may be megabytes long
      local text = #m[2] > 40 and message.quote(m[2]) or m[2]
      if not pok then return bad(("move %d (%s): %s"):format(i, text, tostring(done))) end
      if not done then return bad(("move %d (seat %d, %s): %s (%s)"):format(i, seat, text, msg, code)) end
    end
    return game
  end
end
