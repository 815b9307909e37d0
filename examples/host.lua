-- host.lua: driving a game move by move, as a user interface would.
--
-- The game loop runs in a coroutine.  Bots move without stopping; when it
-- is a human's turn the loop yields a prompt (whose turn, what is asked,
-- what is legal, what went wrong with the last answer) and waits to be
-- resumed with the human's answer.  The caller -- a terminal, a GUI event
-- handler, a network server -- owns the waiting, so the same loop serves
-- them all:
--
--   local host = dofile "examples/host.lua"
--   local session = host.session { variant = "spades", seed = 7, humans = { [1] = true } }
--   local prompt = session:resume()
--   while prompt do prompt = session:resume(answer_to(prompt)) end
--
-- Run as a program it plays Spades in the terminal, you at seat 1:
--   lua5.4 examples/host.lua [seed]        (answers like "td", "10♦", "3")
local dh = require "deckhand"

local host = {}

--- A plain bot: bids its aces, kings and high spades; plays its highest
-- legal card while the trick is open and its lowest when it plays last.
host.bot = {
  bid = function(view)
    local want = 0
    for card in view:hand(view:seat()):iter() do
      if card.rank >= 13 or (card.suit == "s" and card.rank >= 11) then want = want + 1 end
    end
    local best
    for _, b in ipairs(view:legal()) do
      if b >= 1 and (not best or math.abs(b - want) < math.abs(best - want)) then best = b end
    end
    return best or view:legal()[1]
  end,
  play = function(view)
    local legal = view:legal()
    if #view:trick() < view:seats() - 1 then return legal:highest() end
    return legal:lowest()
  end,
  pass = function(view)  -- its three highest cards (Hearts passes three)
    local out = {}
    for _, card in ipairs(view:hand(view:seat()):list()) do
      table.insert(out, 1, card)
      if #out > 3 then table.sort(out, function(a, b) return a.rank > b.rank end); out[4] = nil end
    end
    return out
  end,
}

-- turns a human's text into an action's argument: a bid is a number, a
-- pass a list of card names, a play one card name (the game checks it)
local function parse(phase, text)
  if type(text) ~= "string" then return nil, "no answer" end
  text = text:match("^%s*(.-)%s*$")
  if phase == "bid" then
    if text:lower() == "nil" then return 0 end
    local n = math.tointeger(tonumber(text))
    if not n then return nil, ("'%s' is not a bid"):format(text) end
    return n
  elseif phase == "pass" then
    local ok, set = pcall(dh.cards, text)
    if not ok then return nil, (tostring(set):gsub("^.-%((.*)%)$", "%1")) end
    return set:list()
  end
  local ok, card = pcall(dh.card, text)
  if not ok then return nil, (tostring(card):gsub("^.-%((.*)%)$", "%1")) end
  return card
end

-- one action by seat in phase with a parsed value: true or nil, message, code
local function act(game, seat, phase, value)
  if phase == "bid" then return game:bid(seat, value) end
  if phase == "pass" then return game:pass(seat, value) end
  return game:play(seat, value)
end

local Session = {}
Session.__index = Session

--- A session: opts.variant (a name or Variant), opts.options, opts.seed,
-- opts.humans (seat -> true), opts.bots (seat -> strategy, default
-- host.bot), opts.on_event(event) called for every move and trick
-- (event.kind "bid", "pass", "play", "trick", "over").
function host.session(opts)
  local variant = opts.variant
  if type(variant) == "string" then variant = dh.variant(variant, opts.options) end
  local self = setmetatable({
    game = dh.game(variant, { seed = opts.seed or 1 }),
    humans = opts.humans or {}, bots = opts.bots or {},
    on_event = opts.on_event or function() end,
  }, Session)
  self.co = coroutine.create(function() return self:loop() end)
  return self
end

function Session:loop()
  local game = self.game
  while true do
    local seat = game:next_player()
    if not seat then break end
    local phase = game:phase()
    local tricks_before = game:trick_number()
    local value, ok, code, msg
    if self.humans[seat] then
      local prompt = { seat = seat, phase = phase, view = game:view(seat), legal = game:legal() }
      repeat
        local answer = coroutine.yield(prompt)
        value, msg = parse(phase, answer)
        if value == nil then
          ok, code = nil, "bad_input"
        else
          ok, msg, code = act(game, seat, phase, value)
        end
        -- a refused answer leaves the game as it was: ask again, saying why
        prompt = { seat = seat, phase = phase, view = game:view(seat), legal = game:legal(),
                   error = not ok and code or nil, message = not ok and msg or nil, answer = answer }
      until ok
    else
      local bot = self.bots[seat] or host.bot
      value = bot[phase](game:view(seat))
      ok, msg, code = act(game, seat, phase, value)
      if not ok then error(("bot at seat %d: %s (%s)"):format(seat, msg, code)) end
    end
    self.on_event { kind = phase, seat = seat, value = value }
    if phase == "play" and (game:trick_number() ~= tricks_before or not game:next_player()) then
      local cards, winner = game:last_trick()
      self.on_event { kind = "trick", seat = winner, value = cards }
    end
  end
  self.on_event { kind = "over", scores = game:scores(), winners = game:winners() }
  return nil
end

--- Runs the game until a human must answer.  Returns the prompt (seat,
-- phase, view, legal; error and message when the last answer was refused),
-- or nil when the game is over.  answer: the text the human gave.
function Session:resume(answer)
  local ok, prompt = coroutine.resume(self.co, answer)
  if not ok then error(prompt, 0) end
  return prompt
end

-- the terminal front end
local function main(seed)
  local function show(e)
    if e.kind == "bid" then print(("seat %d bids %d"):format(e.seat, e.value))
    elseif e.kind == "play" then print(("seat %d plays %s"):format(e.seat, dh.card(e.value):display()))
    elseif e.kind == "trick" then print(("  seat %d takes the trick"):format(e.seat))
    elseif e.kind == "over" then
      print(("game over: scores %s, won by side %s"):format(table.concat(e.scores, " "),
        table.concat(e.winners, " ")))
    end
  end
  local session = host.session { variant = "spades", options = { target = 200 }, seed = seed,
                                 humans = { [1] = true }, on_event = show }
  local prompt = session:resume()
  while prompt do
    if prompt.error then print(("  refused: %s (%s)"):format(prompt.message, prompt.error)) end
    local hand = prompt.view:hand(prompt.seat)
    if prompt.phase == "bid" then
      io.write(("your hand %s\nyour bid? "):format(hand:display()))
    else
      local trick = {}
      for i, c in ipairs(prompt.view:trick()) do trick[i] = dh.card(c):display() end
      io.write(("trick [%s]  your hand %s\nlegal %s\nyour card? "):format(
        table.concat(trick, " "), hand:display(), dh.cards(prompt.legal):display()))
    end
    local line = io.read("l")
    if not line then print("\nbye"); return end
    prompt = session:resume(line)
  end
end

if arg and arg[0] and arg[0]:match("host%.lua$") then
  main(math.tointeger(tonumber(arg[1] or "")) or 1)
end

return host
