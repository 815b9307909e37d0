--- deckhand.run: the one driver.  Every tool that plays a game to its end
-- (deckhand.play, the tournament runner, `deckhand play`, `serve`,
-- `replay`, the examples) goes through it, whatever the game.
--
--     local result = dh.run(game, { bot, bot, me, bot }, { on_event = print_it })
--
-- players[seat] is a strategy (a table with move(view), or with the
-- conveniences of each phase, bid/play/pass, or act for poker) or a plain
-- function(view).  It gets the view of its seat only and returns a move,
-- a move's text, or (the conveniences) a bid number, cards to pass, or an
-- action and an amount.
-- @module deckhand.run

local Move = require "deckhand.move"

local M = {}

-- the engine's own phases (not scripted) and the convenience answering each
local ENGINE = { bid = "bid", play = "play", pass = "pass", exchange = "exchange" }

--- run.phase_handler(player, view) -> the function a strategy table
-- declares for this view's phase: its `phases[name]` (a table of handlers
-- by phase name), else by the kind of the phase, never by a name that
-- happens to match: the engine's bidding, card play and passing (a blind
-- Nil exchange by its exchange, else its pass) are answered by its bid,
-- play and pass; any scripted
-- phase (a variant's, a prefab's, a game written in Lua) by its script;
-- poker's rounds (and anything left) by its act.  nil when it has none.
function M.phase_handler(player, view)
  local phase = view:phase()
  local phases = rawget(player, "phases")
  local f = type(phases) == "table" and phases[phase] or nil
  if f == nil then
    local scripted = view.step ~= nil and view:step() > 0
    local kind = not scripted and ENGINE[phase]
    f = (kind and (player[kind] or (kind == "exchange" and player.pass)))
        or (scripted and player.script) or player.act
  end
  return type(f) == "function" and f or nil
end

--- run.choose(player, view) -> what the player answers for its view: its
-- move(view), else run.phase_handler's; a plain function is called as it is
function M.choose(player, view)
  if type(player) == "function" then return player(view) end
  local f = player.move or M.phase_handler(player, view)
  if type(f) ~= "function" then
    -- level 0: the strategy is the user's; a line of the driver would say nothing
    error(("the strategy has no move(view) and nothing for the phase '%s'"):format(view:phase()), 0)
  end
  return f(view)
end

-- a player's answer as text, for messages: the game's canonical text
-- when it has one
local function text_of(game, move, extra)
  local ok, t = pcall(game.text, game, move, extra)
  if ok and t then return t end
  t = type(move) == "table" and not Move.is(move) and "(a list)" or tostring(move)
  if extra ~= nil then t = t .. " " .. tostring(extra) end
  return t
end

--- deckhand.run(game, players [, opts]) -> game:result(), or nil, message,
-- code, detail when a player's move is refused (code "illegal_move", detail
-- { seat =, move = (its text), code =, message = }) or opts.ask reports a
-- forfeit (code "forfeit").
-- opts:
--   on_event(event)  called after every move: { kind = "move", seat =, move
--     = (text), phase = (the phase it was made in), game = }; when a hand
--     ends: { kind = "hand", number =, hand = (its entry of result().hands),
--     game = }; at the end: { kind = "over", result =, game = }.  For front
--     ends and logs: it sees the whole game, so never hand it to a bot.
--   ask(player, view, seat) -> move [, amount], or nil, reason to forfeit
--     the seat: how a player is asked (the tournament guards its bots
--     here); by default run.choose
--   max_moves        a guard against a game that never ends (default 10^7)
-- A player with a refused(message, code, move) function (a person at a
-- terminal) is told why its move was refused and asked again; any other
-- player's refused move ends the run.
function M.run(game, players, opts)
  if type(players) ~= "table" then
    error(("bad argument #2 to 'run' (a list of players expected, got %s)"):format(type(players)), 2)
  end
  opts = opts or {}
  local on_event, ask = opts.on_event, opts.ask
  local limit = opts.max_moves or 1e7
  local n, hand = 0, game:hand_number()
  while true do
    local seat = game:next_player()
    if not seat then break end
    local player = players[seat]
    if player == nil then error(("no player for seat %d"):format(seat), 2) end
    -- with ask, the caller's own function reads the player (a bot's seat
    -- number in deckhand web); else run.choose does
    if not ask and type(player) ~= "table" and type(player) ~= "function" then
      -- else "attempt to index a number value" from a line of this file
      error(("the player for seat %d must be a strategy (a table) or a function, got %s%s")
            :format(seat, type(player),
                    type(player) == "string" and " (deckhand.strategy(name) loads one)" or ""), 2)
    end
    local view = game:view(seat)
    local phase = (on_event or ask) and game:phase()
    local move, extra
    if ask then
      move, extra = ask(player, view, seat)
      if move == nil then
        local why = extra or "no move"
        return nil, ("seat %d forfeits: %s"):format(seat, why), "forfeit",
               { seat = seat, reason = why, phase = phase }
      end
    else
      move, extra = M.choose(player, view)
    end
    -- the move's text is the game's before the move changes it: after, a
    -- text could read as another move ("18", Skat's bid, as "bid 18")
    local text = on_event and text_of(game, move, extra)
    local ok, msg, code = game:apply(seat, move, extra)
    if not ok then
      phase = phase or game:phase()   -- a refused move changed nothing
      if type(player) == "table" and type(player.refused) == "function" then
        player.refused(msg, code, move)
      else
        local text = text_of(game, move, extra)
        return nil, ("seat %d: illegal move '%s': %s (%s)"):format(seat, text, msg, code), "illegal_move",
               { seat = seat, move = text, code = code, message = msg, phase = phase }
      end
    else
      n = n + 1
      if n > limit then error("the game did not end within " .. limit .. " moves", 2) end
      if on_event then
        on_event { kind = "move", seat = seat, move = text, phase = phase, game = game }
        local now = game:hand_number()
        if now ~= hand or not game:next_player() then
          local hands = game:result().hands
          if #hands > 0 then on_event { kind = "hand", number = #hands, hand = hands[#hands], game = game } end
          hand = now
        end
      end
    end
  end
  local result = game:result()
  if on_event then on_event { kind = "over", result = result, game = game } end
  return result
end

return M
