--- deckhand.game: games of a variant, records and replays, whole matches.
-- The Game itself is the C userdata (lgame.c); this file adds what is
-- better said in Lua: creating a game from options, records, replays and
-- deckhand.play.
-- @module deckhand.game

local core = require "deckhand.core"

local Game = core.Game

-- what a game was started from, {variant, seed, dealer, deal}: kept by the
-- C game itself (user values), which costs less per game than a table in
-- a table with weak keys
local origin = core.game_origin

-- a card as a record names it: "Jh"; a pinochle second copy, which
-- prints like its twin, as "Jh#2"
local suit_index = { c = 0, d = 1, h = 2, s = 3 }

local function card_name(c)
  c = core.card(c)
  if c.copy == 2 then return tostring(c) .. "#2" end
  return tostring(c)
end

local function card_of(name)
  if type(name) == "string" then
    local base = name:match("^(.-)#2$")
    if base then
      local c = core.card(base)
      return core.card(64 | (suit_index[c.suit] * 16 + c.rank - 9))
    end
  end
  return name
end

local function card_names(set)
  local out = {}
  for _, c in ipairs(core.cards(set):list()) do out[#out + 1] = card_name(c) end
  return out
end

local function cards_of(list)
  if type(list) ~= "table" then return list end
  local out = {}
  for i, name in ipairs(list) do out[i] = card_of(name) end
  return out
end

local seed_counter = 0
local function fresh_seed()
  -- only when the caller gave none; the seed is recorded, so the game replays
  seed_counter = seed_counter + 1
  return (os.time() * 1000003 + math.floor(os.clock() * 1e6) + seed_counter) & 0x7FFFFFFF
end

return function(deckhand)
  local function as_variant(v, level)
    if type(v) == "string" then return deckhand.variant(v) end
    if getmetatable(v) ~= deckhand.Variant then
      error("bad argument #1 (variant or name expected, got " .. type(v) .. ")", level + 1)
    end
    return v
  end

  local mtype, getmetatable = math.type, getmetatable
  local core_game = core.game
  local Variant = deckhand.Variant

  --- deckhand.game(variant [, {seed =, dealer =, deal =}]) -> Game
  -- deal: a list of card lists (or CardSets), one per seat; the talon, top
  -- first, as the entry after the last seat (or deal.talon); cards the
  -- deal does not name go under it in deck order.  Only the first hand is
  -- stacked: later hands are shuffled from the seed (game:rewind() gives
  -- a game at the start of a later hand).
  function deckhand.game(variant, opts)
    -- a Lua strategy's bench makes a game per deal: for a trick-taking
    -- Variant and a seed, straight to C
    if getmetatable(variant) == Variant and opts then
      local rules, seed = variant.rules, opts.seed
      if rules and mtype(seed) == "integer" and opts.deal == nil then
        return core_game(rules, seed, opts.dealer or 1, nil, nil, variant)
      end
    end
    if getmetatable(variant) ~= Variant then variant = as_variant(variant, 2) end
    if variant.new_game then return variant.new_game(variant.settings, opts) end
    opts = opts or {}
    local seed = opts.seed or fresh_seed()
    if mtype(seed) ~= "integer" then error("seed must be an integer", 2) end
    local dealer = opts.dealer or 1
    local hands, talon, deal
    if opts.deal then
      local n = variant.spec.seats
      hands, deal = {}, {}
      for s = 1, n do
        hands[s] = cards_of(opts.deal[s])
        deal[s] = card_names(hands[s] or {})
      end
      talon = opts.deal.talon or opts.deal[n + 1]
      if talon then  -- recorded after the hands: the record stays a plain list
        local list = {}
        for i, c in ipairs(talon) do list[i] = card_name(card_of(c)) end
        talon, deal[n + 1] = cards_of(list), list
      end
    end
    return core.game(variant.rules, seed, dealer, hands, talon, variant, deal)
  end

  function Game.variant(game)
    local o = origin(game)
    return o and o.variant
  end

  --- game:record() -> a plain table: variant, options, seed, dealer, deal, actions
  function Game.record(game)
    local o = origin(game)
    if not o then error("this game has no record (a sampled world)", 2) end
    local actions = {}
    for i, a in ipairs(game:actions()) do
      local seat, kind, value = a[1], a[2], a[3]
      if kind == "play" then actions[i] = { seat = seat, play = card_name(value) }
      elseif kind == "bid" then actions[i] = { seat = seat, bid = value }
      else actions[i] = { seat = seat, pass = card_names(value) } end
    end
    local options = {}
    for k, v in pairs(o.variant.options) do options[k] = v end
    return {
      variant = o.variant.source or o.variant.name, options = options,
      seed = o.seed, dealer = o.dealer, deal = o.deal, actions = actions,
    }
  end

  local function apply(game, a)
    if type(a) ~= "table" or math.type(a.seat) ~= "integer" then
      return nil, "an action needs an integer seat", "bad_record"
    end
    if a.seat < 1 or a.seat > game:seats() then return nil, "seat out of range", "bad_record" end
    local ok, r1, r2, r3 = pcall(function()
      if a.play ~= nil then return game:play(a.seat, card_of(a.play))
      elseif a.bid ~= nil then return game:bid(a.seat, a.bid)
      elseif a.pass ~= nil then return game:pass(a.seat, cards_of(a.pass)) end
      return nil, "an action needs play, bid or pass", "bad_record"
    end)
    if not ok then return nil, tostring(r1), "bad_record" end
    return r1, r2, r3
  end

  --- deckhand.replay(record [, variant]) -> Game, or nil, message, "bad_record"
  function deckhand.replay(record, variant)
    if type(record) ~= "table" then return nil, "record must be a table", "bad_record" end
    if math.type(record.seed) ~= "integer" then return nil, "record.seed must be an integer", "bad_record" end
    if type(record.actions) ~= "table" then return nil, "record.actions must be a list", "bad_record" end
    local ok, game = pcall(function()
      local v = variant or deckhand.variant(record.variant, record.options)
      return deckhand.game(v, { seed = record.seed, dealer = record.dealer, deal = record.deal })
    end)
    if not ok then return nil, "cannot start: " .. tostring(game), "bad_record" end
    for i, a in ipairs(record.actions) do
      local done, msg, code = apply(game, a)
      if not done then return nil, ("step %d: %s: %s"):format(i, code, msg), "bad_record" end
    end
    return game
  end

  --- deckhand.play(variant, strategies [, opts]) -> the finished Game
  -- strategies[seat] has bid(view), play(view), pass(view); opts as for
  -- deckhand.game, plus max_actions (a guard against a stuck strategy)
  function deckhand.play(variant, strategies, opts)
    local game = deckhand.game(as_variant(variant, 2), opts)
    local limit = (opts and opts.max_actions) or 1e7
    local n = 0
    while true do
      local seat = game:next_player()
      if not seat then break end
      local s = strategies[seat]
      if type(s) ~= "table" then error(("no strategy for seat %d"):format(seat), 2) end
      local phase, view = game:phase(), game:view(seat)
      local ok, msg, code
      if phase == "play" then ok, msg, code = game:play(seat, s.play(view))
      elseif phase == "bid" then ok, msg, code = game:bid(seat, s.bid(view))
      else ok, msg, code = game:pass(seat, s.pass(view)) end
      if not ok then error(("strategy of seat %d: %s (%s)"):format(seat, msg, code), 2) end
      n = n + 1
      if n > limit then error("too many actions", 2) end
    end
    return game
  end
end
