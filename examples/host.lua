-- host.lua: driving a game move by move, as a user interface would.
--
-- The game runs in deckhand.run, inside a coroutine.  Bots move without
-- stopping; when it is a human's turn the human's player yields a prompt
-- (whose turn, the view, the legal moves, what went wrong with the last
-- answer) and waits to be resumed with the human's answer, a move's text.
-- The caller -- a terminal, a GUI event handler, a network server -- owns
-- the waiting, so the same loop serves them all, for every game:
--
--   local host = dofile "examples/host.lua"
--   local session = host.session { variant = "spades", seed = 7, humans = { [1] = true } }
--   local prompt = session:resume()
--   while prompt do prompt = session:resume(answer_to(prompt)) end
--
-- Run as a program it plays Spades in the terminal, you at seat 1:
--   lua5.4 examples/host.lua [seed] [variant]     (answers like "td", "10♦", "bid 3", "3")
local dh = require "deckhand"

local host = {}

--- A plain bot for trick-taking games: bids its aces, kings and high
-- spades; plays its highest legal card while the trick is open and its
-- lowest when it plays last; passes its three highest cards.
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
  pass = function(view)
    local cards = view:hand(view:seat()):list()
    table.sort(cards, function(a, b) return a.rank > b.rank end)
    return { cards[1], cards[2], cards[3] }
  end,
}

local Session = {}
Session.__index = Session

--- A session: opts.variant (a name or Variant), opts.options, opts.seed,
-- opts.humans (seat -> true), opts.bots (seat -> strategy, default
-- host.bot), opts.on_event(event), deckhand.run's events: "move" (seat,
-- move), "hand" (number, hand), "over" (result).
function host.session(opts)
  local variant = opts.variant
  if type(variant) == "string" then variant = dh.variant(variant, opts.options) end
  local self = setmetatable({
    game = dh.game(variant, { seed = opts.seed or 1 }),
    on_event = opts.on_event or function() end,
  }, Session)
  local players = {}
  for seat = 1, variant.seats do
    players[seat] = opts.humans and opts.humans[seat] and self:human(seat)
                    or (opts.bots and opts.bots[seat]) or host.bot
  end
  self.co = coroutine.create(function()
    local ok, msg = dh.run(self.game, players, { on_event = self.on_event })
    if not ok then error(msg, 0) end
  end)
  return self
end

-- the player of a human seat: yields a prompt, is resumed with the answer
function Session:human(seat)
  local refusal
  return {
    move = function(view)
      local prompt = { seat = seat, phase = view:phase(), view = view, moves = view:moves() }
      if refusal then prompt.error, prompt.message, prompt.answer = refusal.code, refusal.message, refusal.answer end
      refusal = nil
      local answer = coroutine.yield(prompt)
      if type(answer) ~= "string" then answer = "" end
      -- the text as typed, or with the phase's word before it ("3" while
      -- bidding is "bid 3"); the game judges it
      return view:move(answer) or view:move(view:phase() .. " " .. answer) or answer
    end,
    refused = function(message, code, answer)
      refusal = { message = message, code = code, answer = answer }
    end,
  }
end

--- Runs the game until a human must answer.  Returns the prompt (seat,
-- phase, view, moves; error and message when the last answer was refused),
-- or nil when the game is over.  answer: the text the human gave.
function Session:resume(answer)
  local ok, prompt = coroutine.resume(self.co, answer)
  if not ok then error(prompt, 0) end
  return prompt
end

-- the terminal front end
local function main(seed, variant)
  local function show(e)
    if e.kind == "move" and e.seat ~= 1 then print(("seat %d: %s"):format(e.seat, e.game:public(e.move)))
    elseif e.kind == "hand" then print(("hand %d over: %s"):format(e.number, table.concat(e.hand.seats, " / ")))
    elseif e.kind == "over" then
      print(("game over: %s per seat, won by seat %s"):format(table.concat(e.result.seats, " "),
        table.concat(e.result.winners, " ")))
    end
  end
  local session = host.session { variant = variant, options = variant == "spades" and { target = 200 } or nil,
                                 seed = seed, humans = { [1] = true }, on_event = show }
  local prompt = session:resume()
  while prompt do
    if prompt.error then print(("  refused: %s (%s)"):format(prompt.message, prompt.error)) end
    io.write(prompt.view:describe(), "\nyour move? ")
    local line = io.read("l")
    if not line then print("\nbye"); return end
    prompt = session:resume(line)
  end
end

if arg and arg[0] and arg[0]:match("host%.lua$") then
  main(math.tointeger(tonumber(arg[1] or "")) or 1, arg[2] or "spades")
end

return host
