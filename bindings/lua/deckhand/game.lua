--- deckhand.game: games of a variant and the game protocol for the
-- trick-taking engine.
--
-- The Game is the C userdata (lgame.c and its siblings): its primitives
-- (`legal`, `play`, `bid`, `pass`, `exchange`, `playouts`) and reads.
-- This file sits over them: it starts games from a variant and options,
-- writes what is better said in Lua (the moves of the pass phases, moves
-- given as texts or card lists; the phase scripts' in game_script.lua)
-- and composes it with C into the protocol's `moves`, `apply` and `phase`
-- (core.compose_protocol: cards and bids stay in C), and adds `text`,
-- `move`, `public`, `record`, `result` and `playout`.  The protocol's
-- codes and texts are deckhand/protocol.lua's; replays of every game are
-- in deckhand/replay.lua, the driver in deckhand/run.lua.
-- @module deckhand.game

local core = require "deckhand.core"
local Move = require "deckhand.move"
local protocol = require "deckhand.protocol"
local script = require "deckhand.game_script"

local Game, View = core.Game, core.View

-- what a game was started from, {variant, seed, dealer, deal}: kept by the
-- C game itself (user values), which costs less per game than a table in
-- a table with weak keys
local origin = core.game_origin

local seed_counter = 0
local function fresh_seed()
  -- only when the caller gave none; the seed is recorded, so the game replays
  seed_counter = seed_counter + 1
  return (os.time() * 1000003 + math.floor(os.clock() * 1e6) + seed_counter) & 0x7FFFFFFF
end

local function card_names(set)
  local out = {}
  for _, c in ipairs(core.cards(set):list()) do out[#out + 1] = tostring(c) end
  return out
end

-- the cards of a deal entry: a CardSet, a string of names or a list of
-- Cards and names ("Jh#2" is a second copy).  A bad one is named as part
-- of the deal option (what: "seat 2", "talon"), from the caller of
-- deckhand.game: the reader's own call raised from a line of this file
local function deal_error(what, msg)
  msg = tostring(msg)
  error(("deal: %s: %s"):format(what, msg:match("^bad argument #%d+ to '[^']*' %((.*)%)$") or msg), 4)
end

local function cards_of(v, what)
  -- pcall calls the C functions itself: no line of this file in their errors
  if type(v) ~= "table" then
    local ok, err = true, nil
    if v ~= nil then ok, err = pcall(core.cards, v) end
    if not ok then deal_error(what, err) end
    return v
  end
  local out = {}
  for i, c in ipairs(v) do
    local ok, card = pcall(core.card, c)
    if not ok then deal_error(what, card) end
    out[i] = card
  end
  return out
end

local variant_of_rules = require "deckhand.variant_index".of

return function(deckhand)

  local function as_variant(v, level)
    if type(v) == "string" then return deckhand.variant(v) end
    if getmetatable(v) ~= "deckhand.Variant" then
      error("bad argument #1 (variant or name expected, got " .. type(v) .. ")", level + 1)
    end
    return v
  end

  local mtype, getmetatable = math.type, getmetatable
  -- the engine's phase ("script" while a phase script acts)
  local function raw_phase(g) return g:step() > 0 and "script" or g:phase() end
  local core_game = core.game

  --- deckhand.game(variant [, {seed =, dealer =, deal =}]) -> Game
  -- deal: a list of card lists (or CardSets), one per seat; the talon, top
  -- first, as the entry after the last seat (or deal.talon); cards the
  -- deal does not name go under it in deck order.  Only the first hand is
  -- stacked: later hands are shuffled from the seed (game:rewind() gives
  -- a game at the start of a later hand).
  -- the dealer is checked here, where the option is a field: the engine
  -- would blame its own third argument, from a line of this file
  local function check_dealer(dealer, seats)
    if dealer ~= nil and (mtype(dealer) ~= "integer" or dealer < 1 or dealer > seats) then
      error(("dealer must be a seat from 1 to %d, got %s"):format(seats, tostring(dealer)), 3)
    end
  end

  -- the options of a trick-taking game (deckhand.play adds deckhand.run's):
  -- a misspelt `seed` would give a fresh seed, a game no one can deal again
  local GAME_OPTS = { seed = true, dealer = true, deal = true }
  local PLAY_OPTS = { seed = true, dealer = true, deal = true, on_event = true, ask = true,
                      max_moves = true }
  local function check_opts(opts, known, what, level)
    for k in next, opts do
      if not known[k] then
        local names = {}
        for name in pairs(known) do names[#names + 1] = name end
        table.sort(names)
        error(("%s: unknown option %s (the options: %s)")
              :format(what, type(k) == "string" and ("'" .. k .. "'") or type(k),
                      table.concat(names, ", ")), level + 1)
      end
    end
  end

  function deckhand.game(variant, opts, play)
    -- a Lua strategy's bench makes a game per deal: for a trick-taking
    -- Variant and a seed, straight to C
    if getmetatable(variant) == "deckhand.Variant" and opts then
      local rules, seed = variant.rules, opts.seed
      if rules and mtype(seed) == "integer" and opts.deal == nil then
        if not play then check_opts(opts, GAME_OPTS, "deckhand.game", 2) end
        check_dealer(opts.dealer, variant.seats)
        return core_game(rules, seed, opts.dealer or 1, nil, nil, variant)
      end
    end
    if getmetatable(variant) ~= "deckhand.Variant" then variant = as_variant(variant, 2) end
    if variant.new_game then
      -- a game written in Lua takes seed and deal, and the options its
      -- deal reads (its game_options); deckhand.play adds the driver's
      if type(opts) == "table" then
        local known = { seed = true, deal = true }
        for _, k in ipairs(variant.game_options or {}) do known[k] = true end
        if play then for k in pairs(PLAY_OPTS) do if k ~= "dealer" then known[k] = true end end end
        check_opts(opts, known, play and "deckhand.play" or "deckhand.game", play and 3 or 2)
      end
      return variant.new_game(variant.settings, opts, variant)
    end
    opts = opts or {}
    if type(opts) ~= "table" then
      error(("bad argument #2 to 'game' (options table expected, got %s)"):format(type(opts)), 2)
    end
    if not play then check_opts(opts, GAME_OPTS, "deckhand.game", 2) end
    local seed = opts.seed or fresh_seed()
    if mtype(seed) ~= "integer" then error("seed must be an integer", 2) end
    check_dealer(opts.dealer, variant.seats)
    local dealer = opts.dealer or 1
    local hands, talon, deal
    if opts.deal then
      local n = variant.seats
      hands, deal = {}, {}
      for s = 1, n do
        hands[s] = cards_of(opts.deal[s], "seat " .. s)
        deal[s] = card_names(hands[s] or {})
      end
      talon = opts.deal.talon or opts.deal[n + 1]
      if type(talon) == "string" then   -- card names, top first
        local list = {}
        for w in talon:gmatch("[^,%s]+") do list[#list + 1] = w end
        talon = list
      end
      if talon then  -- recorded after the hands: the record stays a plain list
        talon = cards_of(talon, "talon")
        local list = {}
        for i, c in ipairs(talon) do list[i] = tostring(c) end
        deal[n + 1] = list
      end
    end
    return core.game(variant.rules, seed, dealer, hands, talon, variant, deal)
  end

  local function variant_for(g)
    return variant_of_rules(g:rules())
  end

  function Game.variant(game)
    local o = origin(game)
    return o and o.variant
  end

  -- move texts --------------------------------------------------------

  -- the text of a bid: "bid 4", or "nil" / "blind nil" where the variant
  -- says a bid of 0 is a Nil (Spades)
  local function bid_text(variant, b)
    if b == core.BLIND_NIL then return "blind nil" end
    if b == 0 and variant and variant.spec.nil_bid then return "nil" end
    return "bid " .. b
  end

  -- (the C half keeps each variant's bid moves once made)
  local function bid_move(variant, b)
    return Move.new { kind = "bid", text = bid_text(variant, b), bid = b }
  end

  local function pass_move(cards)
    local set = core.cards(cards)
    return Move.new { kind = "pass", text = "pass " .. table.concat(card_names(set), " "), cards = set }
  end

  -- the trump exchange (a variant's trump_exchange): a move beside the cards
  local exchange_move = Move.new { kind = "exchange", text = "exchange" }

  local function action_text(variant, kind, value)
    if kind == "play" then return tostring(value) end
    if kind == "exchange" then return "exchange" end
    if kind == "bid" then return bid_text(variant, value) end
    if kind == "script" then return script.text(variant, value) end
    return pass_move(value).text
  end

  -- every choice of k cards of list, in order: each a list
  local function choices(list, k)
    local out, pick = {}, {}
    local function walk(from)
      if #pick == k then out[#out + 1] = { table.unpack(pick) }; return end
      for i = from, #list - (k - #pick) + 1 do
        pick[#pick + 1] = list[i]
        walk(i + 1)
        pick[#pick] = nil
      end
    end
    walk(1)
    return out
  end

  -- the move of bid b, the play phase's legal cards b with the trump
  -- exchange beside them, or the moves of the pass and exchange phases (the
  -- C half lists the play and bid phases)
  local trick_moves, trick_apply
  function trick_moves(g, b)
    if mtype(b) == "integer" then return bid_move(variant_for(g), b) end
    local out = {}
    if b then
      for i, c in ipairs(b:list()) do out[i] = c end
      out[#out + 1] = exchange_move
      return out
    end
    local phase = raw_phase(g)
    if phase == "pass" or phase == "exchange" then
      local seat = g:next_player()
      local k = (g.view and g:view(seat) or g):pass_count()   -- a Game, or the seat's View
      for i, cards in ipairs(choices(g:hand(seat):list(), k)) do out[i] = pass_move(cards) end
    end
    return out
  end

  -- a move's text read back: the value play, bid or pass takes, and which
  local function parse(text)
    local t = text:lower():gsub("^%s+", ""):gsub("%s+$", ""):gsub("%s+", " ")
    if t == "nil" then return "bid", 0 end
    if t == "blind nil" then return "bid", core.BLIND_NIL end
    if t == "exchange" then return "exchange", true end
    local n = t:match("^bid (%-?%d+)$") or t:match("^(%-?%d+)$")   -- a bare number is a bid
    if n then
      local b = math.tointeger(tonumber(n))   -- digits past an integer's range read as a float
      if not b then return nil, ("not a bid: '%s' (out of range)"):format(text) end
      return "bid", b
    end
    local cards = t:match("^pass (.+)$")
    if cards then
      local list = {}
      for w in cards:gmatch("[^,%s]+") do
        local ok, c = pcall(core.card, w)
        if not ok then return nil, ("bad card '%s'"):format(w) end
        list[#list + 1] = c
      end
      return "pass", list
    end
    local ok, c = pcall(core.card, t)
    if ok then return "play", c end
    return nil, ("not a move: '%s'"):format(text)
  end

  function trick_apply(g, seat, m, extra)
    if extra ~= nil then return nil, "a trick-taking move takes no amount", "bad_move" end
    local kind, value
    local tm = type(m)
    if tm == "string" then
      kind, value = parse(m)
      if not kind then return nil, value, "bad_move" end
    elseif Move.is(m) then
      kind = m.kind
      value = kind == "bid" and m.bid or m.cards
      if kind ~= "bid" and kind ~= "pass" and kind ~= "exchange" then
        return nil, ("not a move of this game: '%s'"):format(tostring(m)), "bad_move"
      end
    elseif mtype(m) == "integer" then
      kind, value = "bid", m
    elseif tm == "table" or tm == "userdata" then   -- cards to pass (a Card is played in C)
      kind, value = "pass", m
      -- a list answered in the card play or the bidding: say what it was
      -- read as, before checking it as cards to pass
      local phase = g:next_player() and raw_phase(g)
      if phase == "play" or phase == "bid" then
        return nil, ("wrong phase: %s (a list reads as cards to pass)"):format(phase), "wrong_phase"
      end
      -- a list of cards or their names: anything else is a player's bad
      -- answer, refused like a bad text (a raise would be charged to the game)
      if tm == "table" then
        for i = 1, #m do
          local c = m[i]
          local ok, why = true, nil
          if type(c) == "string" or type(c) == "userdata" then ok, why = pcall(core.card, c) else ok = false end
          if not ok then
            return nil, ("cards to pass expected; item %d: %s"):format(i, type(c) == "string" and
              (why:match("%((.*)%)$") or why) or ("a " .. type(c))), "bad_move"
          end
        end
      end
    else
      -- a player's answer of a kind no move has (a fraction, NaN, a flag)
      return nil, ("not a move: a %s (%s)"):format(mtype(m) or tm, tostring(m)), "bad_move"
    end
    if kind == "play" then return g:play(seat, value) end
    if kind == "bid" then return g:bid(seat, value) end
    if kind == "exchange" then return g:exchange(seat) end
    return g:pass(seat, value)
  end

  -- game:playout(rng [, hand_only]) through the phase scripts: their moves
  -- uniformly among the legal ones, the rest (and a prefab's phases) in C
  local c_playout = core.playout
  function Game.playout(g, rng, hand_only)
    local hand = g:hand_number()
    while true do
      c_playout(g, rng, hand_only)
      if raw_phase(g) ~= "script" or (hand_only and g:hand_number() ~= hand) then return g end
      local seat = g:next_player()
      assert(g:apply(seat, rng:pick(g:moves())))
      if hand_only and g:hand_number() ~= hand then return g end
    end
  end

  -- the protocol's moves, apply and phase: C takes the cards and bids
  -- (lgame.c), these the rest, the phase scripts' moves through
  -- deckhand/game_script.lua
  local plain_moves, plain_apply = trick_moves, trick_apply
  local function lua_moves(g, b)
    if b == nil and raw_phase(g) == "script" then return script.moves(g, variant_for(g)) end
    return plain_moves(g, b)
  end
  local function lua_apply(g, seat, m, extra)
    if raw_phase(g) == "script" and extra == nil then return script.apply(g, seat, m, variant_for(g)) end
    return plain_apply(g, seat, m, extra)
  end
  local function script_phase(g) return script.phase(g, variant_for(g)) end
  core.compose_protocol(lua_moves, lua_apply, script_phase)

  --- game:text(move) -> the canonical text of a move in any form apply
  -- takes (a Card, a Move, a text, a bid number, cards to pass), or nil
  function Game.text(g, m)
    local tm, variant = type(m), variant_for(g)
    if tm == "string" then
      -- a legal move's own text first ("18" is Skat's bid, "3h" Bridge's
      -- 3H), so that a text never reads as another kind of move
      if g:next_player() then
        local ok, list = pcall(g.moves, g)
        if ok and type(list) == "table" then
          local lower = m:lower()
          for _, x in ipairs(list) do if tostring(x) == m then return m end end
          for _, x in ipairs(list) do if tostring(x):lower() == lower then return tostring(x) end end
        end
      end
      local kind, value = parse(m)
      if not kind then return nil end
      return action_text(variant, kind, value)
    end
    if Move.is(m) then return tostring(m) end
    if mtype(m) == "integer" then return bid_text(variant, m) end
    if tm == "userdata" and pcall(core.card, m) then return tostring(m) end
    if tm == "table" or tm == "userdata" then
      local ok, set = pcall(core.cards, m)
      return ok and pass_move(set).text or nil
    end
    return nil
  end

  --- game:locations() -> where every card of the deck is: a table of
  -- CardSets ("hand 1" .. "hand n", "played" this hand, "talon"); each card
  -- of the deck in exactly one of them
  function Game.locations(g)
    local out = { played = g:played(), talon = g:talon() }
    for s = 1, g:seats() do
      out["hand " .. s] = g:hand(s)
      if #g:discard(s) > 0 then out["discard " .. s] = g:discard(s) end
    end
    return out
  end

  --- game:public(text) -> what the other seats see of a move: cards passed
  -- are seen by the passer alone ("pass"); everything else is public
  function Game.public(g, text)
    local variant = variant_for(g)
    local public = variant and variant.spec.public
    if public then return public(text) end
    local prefab = script.prefab_of(variant)
    if prefab then return prefab:public(text) end
    if text:match("^pass ") then return "pass" end
    return text
  end

  --- game:move(text) -> the legal move of the seat to act whose text this
  -- is, or nil, message, code ("bad_move" for a text that names no legal
  -- move).  For front ends that read texts.
  local function find_move(g, text)
    if type(text) ~= "string" then error("bad argument #1 to 'move' (text expected)", 2) end
    local moves = g:moves()
    local m = Move.find(moves, text)
    if m then return m end
    local kind, value = parse(text)   -- another spelling: "10♦", "Bid 4", "pass 2c,3c,4c"
    if not kind then return nil, value, "bad_move" end
    m = Move.find(moves, action_text(variant_for(g), kind, value))
    if m then return m end
    return protocol.refuse("illegal_move", text)
  end
  Game.move, View.move = find_move, find_move

  -- double-dummy solving (engine/solve) --------------------------------

  --- game:solve([opts]) -> the value of the position with every card
  -- visible and best play (the tricks the side to move takes from here to
  -- the end of the hand; with opts.objective = "points" its points for
  -- the hand; with "margin" its points less the other sides' (times the
  -- sides less one, so that it stays whole)), and { nodes =, exact = }.
  -- opts.nodes: a budget.
  function Game.solve(game, opts) return deckhand.solve(game, opts) end

  --- game:solve_moves([opts]) -> { { card =, value = }, ... } for every
  -- legal card of the seat to move, and { nodes =, exact = } (exact false
  -- when opts.nodes ran out first)
  function Game.solve_moves(game, opts) return deckhand.solve_moves(game, opts) end

  -- record and result -------------------------------------------------

  --- game:record() -> a plain table: game (the variant's name), options,
  -- seed, dealer, deal, and moves { {seat, text}, ... }; data only, which
  -- deckhand.replay turns back into the game
  function Game.record(game)
    local o = origin(game)
    if not o then error("this game has no record (a sampled world)", 2) end
    local moves = {}
    for i, a in ipairs(game:actions()) do moves[i] = { a[1], action_text(o.variant, a[2], a[3]) } end
    local options = {}
    for k, v in pairs(o.variant.options) do options[k] = v end
    return {
      game = o.variant.name, options = options,
      seed = o.seed, dealer = o.dealer, deal = o.deal, moves = moves,
    }
  end

  --- game:result() -> { over =, unit =, seats = { points per seat }, sides =
  -- { points per side }, side_of = { side per seat }, winners = { seats },
  -- winning_sides = { sides }, hands = { { sides =, seats =, tricks = }, ... } }
  -- A seat's points are its side's.  Winners are empty until the match is over.
  function Game.result(game)
    local variant = variant_for(game)
    local nseats = game:seats()
    local side_of, sides = {}, game:scores()
    for s = 1, nseats do side_of[s] = game:side(s) end
    local function per_seat(v)
      local out = {}
      for s = 1, nseats do out[s] = v[side_of[s]] end
      return out
    end
    local hands = {}
    for i, h in ipairs(game:hands()) do
      hands[i] = { sides = h.points, seats = per_seat(h.points), tricks = h.tricks }
    end
    local won, winners = game:winners() or {}, {}
    local is_winner = {}
    for _, k in ipairs(won) do is_winner[k] = true end
    for s = 1, nseats do if is_winner[side_of[s]] then winners[#winners + 1] = s end end
    return {
      over = game:phase() == "over", unit = variant and variant.unit or "points",
      seats = per_seat(sides), sides = sides, side_of = side_of,
      winners = winners, winning_sides = won, hands = hands,
    }
  end

  --- deckhand.play(variant, players [, opts]) -> the finished Game
  -- players[seat] is a strategy (move(view), or bid/play/pass/act) or a
  -- function(view); opts as for deckhand.game, plus those of deckhand.run.
  -- A player's illegal move or error raises.
  function deckhand.play(variant, players, opts)
    variant = as_variant(variant, 2)
    -- a trick-taking game's options and the driver's; a game written in
    -- Lua may read options of its own
    if opts and not variant.new_game then check_opts(opts, PLAY_OPTS, "deckhand.play", 2) end
    local game = deckhand.game(variant, opts, true)
    -- called by pcall, the driver's own errors name no line of this file
    -- (they would name the line here); a bot's keeps the bot's
    local done, ok, msg = pcall(deckhand.run, game, players, opts)
    if not done then error(ok, 0) end
    if not ok then error(msg, 2) end
    return game
  end
end
