--- deckhand.holdem_bots: bots for Texas Hold'em (deckhand.holdem).
--
-- A Hold'em bot is a function(view) -> action [, amount], what g:act takes
-- after the seat: `view` is g:view(seat) (its own hole cards, the board,
-- stacks, bets, pot, this hand's actions, the blinds; view:legal() the
-- legal actions).  The strategies random, heuristic and pimc give one as
-- their `act`, which their move(view) answers in Hold'em's phases.
--
--     local dh = require "deckhand"
--     local bots = dh.holdem_bots
--     local g = dh.play("holdem", { { act = bots.heuristic { seed = 1 } }, { act = bots.random(dh.rng(2)) } },
--                       { seed = 3 })
--
-- random(rng)       uniformly among the legal moves and amounts
-- heuristic(opts)   preflop: the Chen score of the two hole cards; after the
--                   flop: equity against random hands (deckhand.poker.equity);
--                   bets and raises for value by strength, calls when the
--                   equity beats the pot odds by a margin, else checks or folds
-- pimc(opts)        samples the hidden cards (the others' hole cards and the
--                   rest of the board), with a model of the others (the
--                   heuristic): their hole cards are drawn until the model
--                   explains their moves before the flop, and a sample whose
--                   later moves it does not explain weighs less.  Plays each
--                   candidate (fold, check/call, bets or raises of some pot
--                   fractions, all in) in every sample: the rest of this
--                   betting round by the model, the later streets checked
--                   down; keeps the best mean of chips, less `caution`
--                   standard errors of its gain over checking or calling
--
-- Options: seed (every bot's own generator); heuristic: samples (Monte
-- Carlo trials per equity estimate, 300); pimc: worlds (48), preflop_worlds
-- (4 times worlds: before the flop a sample is cheap, and the rare hand
-- that calls an all in must be seen), time (a budget in seconds per
-- decision: no new sample once spent; results then depend on the machine),
-- sizes (bets and raises as fractions of the pot after a call, { 0.5, 1 }),
-- caution (1), miss (the weight of a sample per move the model does not
-- explain, 0.02), model (false: no model, every sample weighs the same),
-- samples (200).
-- @module deckhand.holdem_bots

local core = require "deckhand.core"
local holdem = require "deckhand.holdem"

local poker = core.poker
local bots = {}

-- helpers --------------------------------------------------------------

-- card names of a list of Cards (the strings the caches and equity take)
local function names(list)
  local out = {}
  for i, c in ipairs(list or {}) do out[i] = tostring(c) end
  return out
end

local function find(legal, action)
  for _, m in ipairs(legal) do
    if m.action == action then return m end
  end
  return nil
end

-- check if possible, else call (what a player does who never folds)
local function passive(legal)
  if find(legal, "check") then return "check" end
  if find(legal, "call") then return "call" end
  return legal[1].action   -- only all in is left (never: call is offered then)
end

local function give_up(legal)
  if find(legal, "check") then return "check" end
  return "fold"
end

-- a bet or raise to `to` chips, clamped to what legal() allows; all in
-- when `to` reaches the stack; a call or check when neither is possible
local function sized(legal, to)
  local m = find(legal, "bet") or find(legal, "raise")
  local allin = find(legal, "allin")
  if m then
    if to >= m.max then
      if allin then return "allin" end
      return m.action, m.max
    end
    to = math.floor(to + 0.5)
    if to < m.min then to = m.min end
    return m.action, to
  end
  if allin and (not find(legal, "call") or allin.amount > find(legal, "call").amount) then
    return "allin"
  end
  return passive(legal)
end

local function seats_in_hand(view)
  local n = 0
  for s = 1, view:seats() do
    if view.in_hand[s] and not view.folded[s] then n = n + 1 end
  end
  return n
end

--- bots.chen(c1, c2) -> the Chen score of two hole cards (-1 to 20): points
-- for the high card (A 10, K 8, Q 7, J 6, else half the rank), doubled for
-- a pair (5 at least), +2 suited, minus 1, 2, 4 or 5 for a gap of 1, 2, 3
-- or more ranks, +1 for connected or one-gap cards below a queen; halves
-- rounded up
function bots.chen(c1, c2)
  c1, c2 = core.card(c1), core.card(c2)
  local hi, lo = math.max(c1.rank, c2.rank), math.min(c1.rank, c2.rank)
  local top = ({ [14] = 10, [13] = 8, [12] = 7, [11] = 6 })[hi] or hi / 2
  local s
  if hi == lo then
    s = math.max(top * 2, 5)
  else
    s = top
    if c1.suit == c2.suit then s = s + 2 end
    local gap = hi - lo - 1
    s = s - (({ [0] = 0, 1, 2, 4 })[gap] or 5)
    if gap <= 1 and hi < 12 then s = s + 1 end
  end
  return math.ceil(s)
end

-- the heuristic --------------------------------------------------------------

-- strength of a hand: { chen = } before the flop, { equity = } after it
-- (against `nopp` random hands); estimates are cached by cards
local function new_strength(rng, samples)
  local cache, size = {}, 0
  return function(hole, board, nopp)
    if #board == 0 then return { chen = bots.chen(hole[1], hole[2]), nopp = nopp } end
    local key = table.concat(hole) .. table.concat(board) .. nopp
    local hit = cache[key]
    if hit then return hit end
    local players = { table.concat(hole) }
    for k = 1, nopp do players[k + 1] = "*" end
    local r = poker.equity { players = players, board = table.concat(board, " "), samples = samples,
                             max_exact = 5000, seed = rng:int(1, 0x7FFFFFFF) }
    hit = { equity = r[1].equity, nopp = nopp }
    if size > 20000 then cache, size = {}, 0 end
    cache[key], size = hit, size + 1
    return hit
  end
end

-- the facts of the decision, from a view
local function situation(view)
  local me = view:seat()
  local bet = view.bets[me]
  return {
    legal = view:legal(), phase = view:phase(), bb = view.big_blind,
    to_call = view.current - bet, current = view.current, pot = view.pot,
    stack = view.stacks[me], bet = bet, nopp = math.max(1, seats_in_hand(view) - 1),
  }
end

-- the heuristic's move for a hand of strength st in situation x
local function decide(st, x)
  local legal, bb = x.legal, x.bb
  local to_call = x.to_call
  local total = x.stack + x.bet   -- the most this round's bet can reach
  if st.chen then
    local c = st.chen - 0.5 * (x.nopp - 1)
    local cur = x.current / bb
    if c >= 10 then
      if x.current >= total / 3 then return sized(legal, total) end
      if cur <= 1 then return sized(legal, 3 * bb) end
      return sized(legal, 3 * x.current)
    elseif c >= 8 then
      if cur <= 1 then return sized(legal, 3 * bb) end
      if to_call <= 10 * bb or (c >= 9 and to_call <= 20 * bb) then return passive(legal) end
      return give_up(legal)
    elseif c >= 6 then
      if cur <= 1 then return sized(legal, math.floor(2.5 * bb)) end
      if to_call <= 3 * bb then return passive(legal) end
      return give_up(legal)
    elseif c >= 4 then
      if to_call <= bb then return passive(legal) end
      return give_up(legal)
    end
    return give_up(legal)
  end
  local e = st.equity
  local s = e ^ (1 / x.nopp)   -- per opponent, comparable across table sizes
  local pot = x.pot + to_call
  if to_call == 0 then
    if s >= 0.75 then return sized(legal, x.current + pot * 2 / 3) end
    if s >= 0.62 then return sized(legal, x.current + pot / 2) end
    return passive(legal)
  end
  if s >= 0.88 then return sized(legal, x.current + pot * 3 / 4 + to_call) end
  if e >= to_call / pot + 0.08 then return passive(legal) end
  return give_up(legal)
end

--- bots.heuristic(opts) -> bot (see the module's header)
function bots.heuristic(opts)
  opts = opts or {}
  local strength = new_strength(core.rng(opts.seed or 1), opts.samples or 300)
  return function(view)
    local x = situation(view)
    return decide(strength(names(view.hole), names(view.board), x.nopp), x)
  end
end

--- bots.random(rng) -> a bot that picks uniformly among the legal actions
-- (and, for a bet or raise, uniformly among the amounts)
function bots.random(rng)
  return function(view)
    local legal = view:legal()
    local m = legal[rng:int(#legal)]
    return m.action, m.min and rng:int(m.min, m.max) or nil
  end
end

-- pimc --------------------------------------------------------------

local deck52 = {}
for _, c in ipairs(core.deck("french52"):draw(52)) do deck52[#deck52 + 1] = tostring(c) end

-- a game in the state the view describes, with the hidden cards given
-- (those left out are drawn): the hand's start rebuilt from the stacks and
-- what each seat put in, then this hand's actions replayed; on_act(g,
-- action) is called before each of the others' actions
local function rebuild(view, holes, board, on_act)
  local stacks, deal = {}, { board = board }
  for s = 1, view:seats() do
    stacks[s] = view.stacks[s] + (view.contrib[s] or 0)
    deal[s] = holes[s]
  end
  local g = holdem.game { seats = view:seats(), stacks = stacks, small_blind = view.small_blind,
    big_blind = view.big_blind, ante = view.ante, limit = view.limit, cap = view.cap,
    button = view.button, deal = deal, max_hands = 1 }
  for _, a in ipairs(view.actions) do
    if on_act and a.seat ~= view:seat() then on_act(g, a) end
    assert(g:act(a.seat, a.action, a.amount))
  end
  return g
end

local function kind(action)
  if action == "fold" then return "fold" end
  if action == "check" or action == "call" then return "passive" end
  return "aggressive"
end

-- the candidate to play, from its chips in each world (values[w][i]) and
-- the worlds' weights: the best by the weighted mean of its gain over the
-- check or call (candidate 1, or 2 after a fold), less `caution` standard
-- errors of that gain (the noisiest choice, such as all in, must show
-- more than luck to be picked)
local function choose(cands, values, weights, caution)
  local base = cands[1][1] == "fold" and 2 or 1
  local W, W2 = 0, 0
  for _, w in ipairs(weights) do W, W2 = W + w, W2 + w * w end
  if W <= 0 then return base end
  local n_eff = W * W / W2
  local best, best_score = base, 0
  for i = 1, #cands do
    if i ~= base then
      local m = 0
      for k, row in ipairs(values) do m = m + weights[k] * (row[i] - row[base]) end
      m = m / W
      local v = 0
      for k, row in ipairs(values) do v = v + weights[k] * (row[i] - row[base] - m) ^ 2 end
      local score = m - caution * math.sqrt(v / W / n_eff)
      if score > best_score then best, best_score = i, score end
    end
  end
  return best
end

-- what the model says about a seat's hidden cards, from its moves this
-- hand: each move was made in a public situation, where the model's choice
-- depends on the cards alone.  Before the flop: the Chen scores that make
-- the model choose the same kind of move (fold, check/call, bet/raise);
-- after it: the equities that do (in steps of 1/200)
local function explanations(view)
  local chen, equity = {}, {}
  local function on_act(g, a)
    local s = a.seat
    if not view.in_hand[s] or view.folded[s] then return end
    local x = situation(g:view(s))
    local want = kind(a.action)
    if a.phase == "preflop" then
      local ok = chen[s] or {}
      for c = -1, 20 do
        if kind(decide({ chen = c }, x)) ~= want then ok[c] = false
        elseif ok[c] == nil then ok[c] = true end
      end
      chen[s] = ok
    else
      local ok = {}
      for k = 0, 200 do ok[k] = kind(decide({ equity = k / 200 }, x)) == want end
      equity[s] = equity[s] or {}
      table.insert(equity[s], { phase = a.phase, ok = ok, nopp = x.nopp })
    end
  end
  rebuild(view, { [view:seat()] = names(view.hole) }, names(view.board), on_act)
  -- moves nothing explains (a player unlike the model) constrain nothing
  for s, ok in pairs(chen) do
    local any = false
    for c = -1, 20 do any = any or ok[c] end
    if not any then chen[s] = nil end
  end
  for _, moves in pairs(equity) do
    for k = #moves, 1, -1 do
      local any = false
      for e = 0, 200 do any = any or moves[k].ok[e] end
      if not any then table.remove(moves, k) end
    end
  end
  return chen, equity
end

--- bots.pimc(opts) -> bot (see the module's header)
function bots.pimc(opts)
  opts = opts or {}
  local worlds = opts.worlds or 48
  -- before the flop a world costs no equity estimate, and a rare hand that
  -- calls an all in needs many worlds to be seen at all
  local preflop_worlds = opts.preflop_worlds or 4 * worlds
  local budget = opts.time
  local fractions = opts.sizes or { 0.5, 1 }
  local use_model = opts.model ~= false
  local rng = core.rng(opts.seed or 1)
  local strength = new_strength(rng:split(), opts.samples or 200)
  local miss = opts.miss or 0.02   -- a world's weight per move the model does not explain
  local tries = 100                -- draws of hole cards the model must explain
  local caution = opts.caution or 1

  -- the candidate moves: { action, amount } without duplicates
  local function candidates(view)
    local legal = view:legal()
    local out, seen = {}, {}
    local function add(a, amt)
      local k = a .. (amt or "")
      if not seen[k] then seen[k] = true; out[#out + 1] = { a, amt } end
    end
    if find(legal, "fold") then add("fold") end
    add(passive(legal))
    local x = situation(view)
    for _, f in ipairs(fractions) do
      add(sized(legal, x.current + f * (x.pot + x.to_call)))
    end
    if find(legal, "allin") then add("allin") end
    return out
  end

  -- the model's move for seat s of a world game
  local function model_move(g, s, hole, board)
    local v = g:view(s)
    local x = situation(v)
    return decide(strength(hole, board, x.nopp), x)
  end

  return function(view)
    local legal = view:legal()
    if #legal == 1 then return legal[1].action, legal[1].min end
    local me = view:seat()
    local cands = candidates(view)
    if #cands == 1 then return cands[1][1], cands[1][2] end
    local hole, known_board = names(view.hole), names(view.board)
    local seen = {}
    for _, c in ipairs(hole) do seen[c] = true end
    for _, c in ipairs(known_board) do seen[c] = true end
    local rest = {}
    for _, c in ipairs(deck52) do if not seen[c] then rest[#rest + 1] = c end end
    local opponents = {}
    for s = 1, view:seats() do
      if s ~= me and view.in_hand[s] and not view.folded[s] then opponents[#opponents + 1] = s end
    end
    local chen_ok, equity_ok = {}, {}
    if use_model then chen_ok, equity_ok = explanations(view) end
    local values, weights = {}, {}   -- per world: the chips of each candidate, the weight
    local start = os.clock()
    for _ = 1, view:phase() == "preflop" and preflop_worlds or worlds do
      local used = {}
      local function draw()
        while true do
          local c = rest[rng:int(#rest)]
          if not used[c] then used[c] = true; return c end
        end
      end
      -- the others' hole cards: drawn again until the model explains
      -- their moves before the flop (or `tries` draws fail: then a miss)
      local weight = 1
      local holes = { [me] = hole }
      for _, s in ipairs(opponents) do
        local ok = chen_ok[s]
        for t = 1, tries do
          local a, b = draw(), draw()
          if not ok or ok[bots.chen(a, b)] then holes[s] = { a, b }; break end
          if t == tries then holes[s] = { a, b }; weight = weight * miss; break end
          used[a], used[b] = nil, nil
        end
      end
      local board = {}
      for k = 1, 5 do board[k] = known_board[k] or draw() end
      local function board_at(phase)
        local n = ({ preflop = 0, flop = 3, turn = 4, river = 5 })[phase]
        return table.move(board, 1, n, 1, {})
      end
      -- and their moves after the flop: a miss each the model does not explain
      for s, moves in pairs(equity_ok) do
        for _, m in ipairs(moves) do
          local e = strength(holes[s], board_at(m.phase), m.nopp).equity
          if not m.ok[math.floor(e * 200 + 0.5)] then weight = weight * miss end
        end
      end
      local street = view:phase()
      local cur_board = board_at(street)
      local row = {}
      for i, c in ipairs(cands) do
        local value
        if c[1] == "fold" then
          value = view.stacks[me]
        else
          local g = rebuild(view, holes, board)
          assert(g:act(me, c[1], c[2]))
          while g:next_player() do
            local s = g:next_player()
            local a, amt
            if g:phase() == street then
              a, amt = model_move(g, s, holes[s], cur_board)
            else
              a = passive(g:legal())
            end
            assert(g:act(s, a, amt))
          end
          value = g:stacks()[me]
        end
        row[i] = value
      end
      values[#values + 1], weights[#weights + 1] = row, weight
      if budget and os.clock() - start > budget then break end
    end
    local best = choose(cands, values, weights, caution)
    return cands[best][1], cands[best][2]
  end
end

return bots
