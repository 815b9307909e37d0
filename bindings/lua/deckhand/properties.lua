--- deckhand.properties: the game protocol's properties, checked on any
-- game by random matches (OpenSpiel's random simulation tests are the
-- model).  The test suite runs them on every shipped game
-- (tests/lua/protocol_spec.lua, example_games_spec.lua) and `deckhand
-- check FILE` on a user's own:
--
--   refused   a move that must be refused (a legal move by the wrong seat,
--             junk texts, cards that are not legal now) is refused with a
--             message and a code, and the game and every seat's view stay
--             byte for byte the same
--   cards     every card in one place at most; the trick engine's whole
--             deck always, another game's count unchanged within a hand
--   ends      every match ends: no hand past the game's max_moves (a game
--             written in Lua), no match past opts.max_moves moves
--   replay    the record replays to the same game, views and result
--   worlds    a world sampled from the view of the seat to move shows that
--             seat what the game shows it (the table, the bids, the log of
--             what was played: the public history), lists the same moves,
--             and plays on to its end
--   views     each seat sees the same in the game and in worlds that differ
--             from it only in what that seat may not see
--   protocol  the game answers every call of the protocol as
--             deckhand.protocol says (protocol.check), and refuses with
--             the protocol's codes only
--
-- Each check returns true, or nil and a message; run() plays the matches
-- and says, for each property, how often it was checked and the seed and
-- move of the first failure.
-- @module deckhand.properties

local dh = require "deckhand"
local protocol = require "deckhand.protocol"
local json = require "deckhand.json".encode
local texts = require "deckhand.move".texts

local M = {}

--- properties.snapshot(g) -> everything observable of a game as one string:
-- its record, every seat's view, its result, its moves, who is to move
function M.snapshot(g)
  local views = {}
  for s = 1, g:seats() do views[s] = g:view(s):data() end
  return json { record = g:record(), views = views, result = g:result(), moves = texts(g:moves()),
                next = g:next_player() or 0, phase = g:phase() }
end

-- the number of cards in all of a game's locations, or nil and a message
-- naming a card in two places
local function count_cards(g)
  local seen, n = dh.cards {}, 0
  local names = {}
  for where in pairs(g:locations()) do names[#names + 1] = where end
  table.sort(names)
  local locations = g:locations()
  for _, where in ipairs(names) do
    local set = locations[where]
    local twice = seen & set
    if #twice > 0 then return nil, ("%s is in two places (one of them %s)"):format(tostring(twice), where) end
    seen, n = seen | set, n + #set
  end
  return n
end

--- properties.conserved(g, variant [, expected]) -> the number of cards
-- the game accounts for, or nil and a message: a card in two places, the
-- trick engine's deck not whole, or not `expected` cards
function M.conserved(g, variant, expected)
  local n, why = count_cards(g)
  if not n then return nil, why end
  if variant.rules and variant.spec then   -- the trick engine's deck: all of it, always
    expected = #dh.deck(variant.spec.deck):set() - (variant.spec.remove and 1 or 0)
  end
  if expected and n ~= expected then
    return nil, ("%d cards in the game's locations, %d expected"):format(n, expected)
  end
  return n
end

-- texts no game takes as a move now (those that are legal are left out)
local JUNK = { "xyzzy", "bid", "raise -5", "9z", "pass 2c 2c 2c", "bid 99", "fold 3", "ask 9 for 7", "bury",
               "call d" }

--- properties.illegal_moves(g, rng) -> { { seat, move }, ... }: moves g
-- must refuse now: a legal move by the wrong seat, junk texts, cards that
-- are not legal moves now
function M.illegal_moves(g, rng)
  local seat, moves = g:next_player(), g:moves()
  local legal = {}
  for _, m in ipairs(moves) do legal[tostring(m):lower()] = true end
  local out = {}
  if g:seats() > 1 then out[#out + 1] = { seat % g:seats() + 1, rng:pick(moves) } end
  local junk = { "ask " .. seat .. " for 2" }
  for _, t in ipairs(JUNK) do junk[#junk + 1] = t end
  for _, t in ipairs(junk) do
    if not legal[t] then out[#out + 1] = { seat, t } end
  end
  for _ = 1, 3 do
    local c = tostring(rng:pick(dh.deck("french52"):set()))
    if not legal[c:lower()] then out[#out + 1] = { seat, c } end
  end
  return out
end

--- properties.try_refused(g, rng) -> true, or nil and a message: each of
-- illegal_moves is refused with a message and a code, and changes nothing
function M.try_refused(g, rng)
  local before = M.snapshot(g)
  for _, t in ipairs(M.illegal_moves(g, rng)) do
    local what = ("seat %d '%s'"):format(t[1], tostring(t[2]))
    local ok, msg, code = g:apply(t[1], t[2])
    if ok ~= nil then return nil, what .. " was accepted" end
    if type(msg) ~= "string" or type(code) ~= "string" then
      return nil, what .. " was refused without a message and a code"
    end
    if not protocol.codes[code] then return nil, ("%s was refused with '%s', not a protocol code"):format(what, code) end
    if M.snapshot(g) ~= before then return nil, what .. " was refused but changed the game" end
  end
  return true
end

-- the first field of two views' data that differs, for a message
local function first_difference(a, b)
  local keys = {}
  for k in pairs(a) do keys[#keys + 1] = tostring(k) end
  for k in pairs(b) do if a[k] == nil then keys[#keys + 1] = tostring(k) end end
  table.sort(keys)
  for _, k in ipairs(keys) do
    local x, y = json(a[k]), json(b[k])
    if x ~= y then return ("'%s' is %s in the game, %s in the world"):format(k, x:sub(1, 80), y:sub(1, 80)) end
  end
  return "the views differ"
end

-- called before each move a check makes (run's opts.step): deckhand check
-- starts the rules' time limit again there, so that a long check is not
-- taken for rules that loop
local step = function() end

-- plays a game on with rng's moves to its end: true, or nil and a message
local function play_out(world, rng, bound)
  local steps = 0
  while world:next_player() do
    step()
    local moves = world:moves()
    if #moves == 0 then return nil, "a seat to act with no move" end
    local ok, msg = world:apply(world:next_player(), rng:pick(moves))
    if not ok then return nil, "a legal move was refused: " .. tostring(msg) end
    steps = steps + 1
    if steps > bound then return nil, ("it has not ended after %d moves"):format(bound) end
  end
  return true
end

--- properties.check_world(g, rng [, extra [, bound]]) -> true, or nil and a
-- message: the seat to move lists the moves the game does and no other
-- seat lists any; a world sampled from its view shows it the same view and
-- plays on to its end; extra(g, world, seat) may check more (and raise)
function M.check_world(g, rng, extra, bound)
  local seat = g:next_player()
  local view = g:view(seat)
  if json(texts(g:moves())) ~= json(texts(view:moves())) then
    return nil, ("seat %d's view lists other moves than the game"):format(seat)
  end
  for s = 1, g:seats() do
    if s ~= seat and #texts(g:view(s):moves()) > 0 then
      return nil, ("seat %d, not to move, is shown moves"):format(s)
    end
  end
  local world = view:sample(rng)
  local a, b = view:data(), world:view(seat):data()
  if json(a) ~= json(b) then
    return nil, ("seat %d sees another table in a world sampled from its view: %s"):format(seat, first_difference(a, b))
  end
  if extra then
    local fine, why = pcall(extra, g, world, seat)
    if not fine then return nil, type(why) == "table" and tostring(why.message or why[1]) or tostring(why) end
  end
  local ok, why = play_out(world, rng, bound or 100000)
  if not ok then return nil, "the sampled world does not play to its end: " .. why end
  return true
end

-- everything in a game's locations, as one string
local function cards_of(g)
  local t = {}
  for where, set in pairs(g:locations()) do t[#t + 1] = where .. "=" .. tostring(set) end
  table.sort(t)
  return table.concat(t, ";")
end

--- properties.check_views(g, rng [, n]) -> true and how many worlds
-- differed from the game in hidden cards, or nil and a message: for every
-- seat, n (default 3) worlds sampled from its view give it the view the
-- game gives it
function M.check_views(g, rng, n)
  local differed, real, to_move = 0, cards_of(g), g:next_player()
  for seat = 1, g:seats() do
    local view = g:view(seat)
    local a = view:data()
    local want = json(a)
    for _ = 1, n or 3 do
      -- a seat out of the hand (folded in Hold'em) may have no world to
      -- sample: skipped, but never the seat to move
      local sampled, world = pcall(view.sample, view, rng)
      if not sampled and seat ~= to_move then break end
      if not sampled then error(world, 0) end
      if cards_of(world) ~= real then differed = differed + 1 end
      local b = world:view(seat):data()
      if json(b) ~= want then
        return nil, ("seat %d's view changes with cards hidden from it: %s"):format(seat, first_difference(a, b))
      end
    end
  end
  return true, differed
end

--- the properties, in the order run() reports them
M.NAMES = {
  { "refused", "refused moves change nothing" },
  { "cards", "cards conserved" },
  { "ends", "every match ends" },
  { "replay", "record and replay agree" },
  { "worlds", "sampled worlds show the seat's view and play to their end" },
  { "views", "views identical across hidden differences" },
  { "protocol", "answers as the protocol says" },
}

-- an error raised by a game, as a message: the first line, without the
-- library's own file and line (a place in the game's file is kept: it is
-- where its author looks)
local function reason(err)
  local s = type(err) == "table" and tostring(err.message or err[1]) or tostring(err)
  s = s:match("^[^\n]*")
  local where = s:match("^([^:\n]*%.lua):%d+: ")
  if where and (where:find("deckhand/", 1, true) or where:find("deckhand.lua", 1, true)) then
    s = s:gsub("^[^:\n]*%.lua:%d+: ", "")
  end
  return s
end

--- properties.run(variant, opts) -> { [key] = { name =, checks =, failure
-- = { seed =, move =, message = } or nil }, ... in M.NAMES order }, and the
-- number of matches played.  opts: matches (default 5), seed (the first
-- match's; default 1), max_moves (a match's bound, default 100000), deck
-- (the number of cards the game always accounts for, when it is known),
-- world_check (an extra check of each world: fn(g, world, seat)), step
-- (called before each move of a match or a world played out), and how
-- often each check is made (one move in `every.refused` (12), `.worlds`
-- (25), `.cards` (4), `.views` (30), a replay every `.replay` (97) moves).
-- A match is seed s: the deal's seed, and the moves drawn by dh.rng(s).
function M.run(variant, opts)
  opts = opts or {}
  local every = { refused = 12, worlds = 25, cards = 4, views = 30, replay = 97 }
  for k, v in pairs(opts.every or {}) do every[k] = v end
  local bound = opts.max_moves or 100000
  step = opts.step or function() end
  local out = {}
  for i, p in ipairs(M.NAMES) do out[i] = { key = p[1], name = p[2], checks = 0 }; out[p[1]] = out[i] end
  local function fail(key, seed, move, msg)
    local r = out[key]
    r.checks = r.checks + 1
    r.failure = r.failure or { seed = seed, move = move, message = msg }
  end
  -- one check, protected: a game that raises in it fails that property
  -- there, and the match plays on
  local function check(key, seed, move, f, ...)
    local fine, ok, msg = pcall(f, ...)
    if not fine then ok, msg = nil, reason(ok) end
    if ok then out[key].checks = out[key].checks + 1 else fail(key, seed, move, msg) end
    return ok
  end
  local function replays(g)
    local again, why = dh.replay(g:record(), variant)
    if not again then return nil, why end
    return M.snapshot(again) == M.snapshot(g) or nil, "the replayed game differs from the game"
  end
  local function over(g, rng)
    local r = g:result()
    local ok = r.over and #r.winners >= 1 and #r.seats == g:seats() and #texts(g:moves()) == 0
    for s = 1, g:seats() do ok = ok and type(r.seats[s]) == "number" end
    return ok or nil, "the match stopped without a result that says it is over, a number a seat and a winner"
  end
  local function refused_after(g, rng)
    local before = M.snapshot(g)
    return g:apply(1, rng:pick(dh.deck("french52"):set())) == nil and M.snapshot(g) == before or nil,
           "a move after the end of the match was not refused, or changed it"
  end
  local first, matches = opts.seed or 1, opts.matches or 5
  for seed = first, first + matches - 1 do
    local rng, steps = dh.rng(seed), 0
    local per_hand, hand
    -- the match itself: a deal or a move that raises, a legal move
    -- refused, or no end within the bounds fails "ends" and stops it
    local function play()
      local g = dh.game(variant, { seed = seed })
      local chips = g.chips and g:chips()
      local function cards()
        if g:hand_number() ~= hand then hand, per_hand = g:hand_number(), nil end
        local n, why = M.conserved(g, variant, opts.deck or per_hand)
        if n and chips and chips ~= g:chips() then return nil, ("chips %s, at the start %s"):format(g:chips(), chips) end
        per_hand = n or per_hand
        return n, why
      end
      while g:next_player() do
        step()
        local moves = g:moves()
        if #moves == 0 then return nil, "a seat to act with no move" end
        local at = steps + 1
        if rng:int(every.refused) == 1 then
          check("refused", seed, at, M.try_refused, g, rng)
          check("protocol", seed, at, protocol.check, g)
        end
        if rng:int(every.worlds) == 1 then check("worlds", seed, at, M.check_world, g, rng, opts.world_check, bound) end
        if rng:int(every.views) == 1 then check("views", seed, at, M.check_views, g, rng) end
        if rng:int(every.cards) == 1 then check("cards", seed, at, cards) end
        local ok, msg = g:apply(g:next_player(), rng:pick(moves))
        if not ok then return nil, "a legal move was refused: " .. tostring(msg) end
        steps = at
        if steps >= bound and g:next_player() then
          return nil, ("the match has not ended after %d moves (hand %d)"):format(bound, g:hand_number())
        end
        if steps % every.replay == 0 then check("replay", seed, steps, replays, g) end
      end
      if check("ends", seed, steps, over, g, rng) then
        check("refused", seed, steps + 1, refused_after, g, rng)
        check("protocol", seed, steps + 1, protocol.check, g)
      end
      check("replay", seed, steps, replays, g)
      check("cards", seed, steps, M.conserved, g, variant, opts.deck)
      return true
    end
    local fine, ok, msg = pcall(play)
    if not fine then ok, msg = nil, reason(ok) end
    if not ok then fail("ends", seed, steps + 1, msg) end
  end
  return out, matches
end

--- properties.report(results [, name]) -> the lines of a report: one per
-- property, "pass" or "FAIL" with the seed and move of the first failure;
-- and whether all passed
function M.report(results)
  local lines, all = {}, true
  for _, r in ipairs(results) do
    if r.failure then
      all = false
      local f = r.failure
      lines[#lines + 1] = ("FAIL  %s: seed %d, move %d: %s"):format(r.name, f.seed, f.move, f.message)
    elseif r.checks == 0 then
      lines[#lines + 1] = ("----  %s: not checked (more matches: --matches)"):format(r.name)
    else
      lines[#lines + 1] = ("pass  %s (%d check%s)"):format(r.name, r.checks, r.checks == 1 and "" or "s")
    end
  end
  return lines, all
end

return M
