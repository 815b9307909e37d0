-- pimc.holdem: pimc's Texas Hold'em (rules/holdem.lua) and Omaha
-- (rules/omaha.lua, by pimc/omaha.lua), as act(view) -> action [, amount].
-- The view's data say which is played (form, hilo): the worlds deal as
-- many hole cards as the seat holds, and the model's starting score is
-- the heuristic's for that game.  A world is a state of the poker table
-- (dh.poker_table), played with its own functions.
--
-- It samples the hidden cards (the others' hole cards and the rest of the
-- board), with a model of the others -- the heuristic's own
-- (heuristic/holdem.lua) -- whose moves must be explained: their hole
-- cards are drawn again until the model makes their moves before the
-- flop, and a sample whose later moves it does not explain weighs less.
-- Then it plays each candidate (fold, check or call, bets or raises of
-- some fractions of the pot, all in) in every sample: the rest of this
-- betting round by the model, the later streets checked down; and keeps
-- the best mean of chips, less `caution` standard errors of its gain over
-- checking or calling (the noisiest choice, such as all in, must show
-- more than luck to be picked).
--
-- Options: M.takes below, each with its meaning (docs/bots.md's table is
-- made from it); pimc.lua checks them, with the same types and ranges.
local dh = require "deckhand"

-- the model and its helpers
local H = dh.strategy("heuristic.holdem")
local find, passive, sized = H.find, H.passive, H.sized
local T = dh.poker_table
local situation, decide, preflop_score = H.situation, H.decide, H.preflop_score

local M = {}

-- what pimc takes in Hold'em and Omaha; the nil defaults are worked out in new()
M.takes = {
  worlds = { "integer", 48, min = 1, doc = "samples of the hidden cards per decision after the flop" },
  preflop_worlds = { "integer", nil, min = 1, default_doc = "four times `worlds`",
                     doc = "samples per decision before the flop, where one is cheap and the rare hand that "
                        .. "calls an all in must be seen" },
  time = { "number", nil, min = 0, default_doc = "no limit",
           doc = "seconds per decision: no sample is started once spent (the results then depend on the machine)" },
  sizes = { "table", { 0.5, 1 }, doc = "the bets and raises tried, as fractions of the pot after a call" },
  caution = { "number", 1, min = 0,
              doc = "standard errors of its gain over checking or calling a move must clear to be chosen" },
  miss = { "number", 0.02, min = 0, max = 1, doc = "a sample's weight for each move the model does not explain" },
  model = { "boolean", true, doc = "`false`: no model of the others, every sample weighs the same" },
  samples = { "integer", 200, min = 1, doc = "the model's Monte Carlo trials of each equity estimate" },
}

local deck52 = {}
for _, c in ipairs(dh.deck("french52"):draw(52)) do deck52[#deck52 + 1] = tostring(c) end

-- a world in the state the view's data p describe, with the hidden cards
-- given (those left out are drawn): the hand's start rebuilt from the
-- stacks and what each seat put in, then this hand's actions replayed;
-- on_act(world, action) is called before each of the others' actions.
-- t: the table's settings, the match ending with this hand
local function rebuild(p, t, holes, board, on_act)
  local stacks, deal = {}, { board = board }
  for s = 1, p.seats do
    stacks[s] = p.stacks[s] + (p.contrib[s] or 0)
    deal[s] = holes[s]
  end
  local w = T.deal(t, dh.rng(1), { stacks = stacks, deal = deal })
  for _, a in ipairs(p.actions) do
    if on_act and a.seat ~= p.seat then on_act(w, a) end
    T.act(w, t, a.seat, a.action, a.amount)
  end
  return w
end

-- what the model reads of seat s in a world: the fields of a view's data
-- that heuristic.holdem's situation takes
local function facts(w, t, s)
  return { seat = s, seats = t.n, phase = w.phase, legal = T.legal(w, t), big_blind = t.bb,
           current = w.current, pot = T.pot(w), bets = w.bets, stacks = w.stacks,
           in_hand = w.in_hand, folded = w.folded }
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
local function explanations(p, t)
  local chen, equity = {}, {}
  local function on_act(w, a)
    local s = a.seat
    if not p.in_hand[s] or p.folded[s] then return end
    local x = situation(facts(w, t, s))
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
  rebuild(p, t, { [p.seat] = p.hole }, p.board, on_act)
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

function M.new(opts)
  local function option(k)   -- as given, else its default
    if opts[k] == nil then return M.takes[k][2] end
    return opts[k]
  end
  local worlds = option("worlds")
  -- before the flop a world costs no equity estimate, and a rare hand that
  -- calls an all in needs many worlds to be seen at all
  local preflop_worlds = opts.preflop_worlds or 4 * worlds
  local budget = opts.time
  local fractions = option("sizes")
  local use_model = option("model")
  local rng = dh.rng(opts.seed or 1)
  local strength = H.new_strength(rng:split(), option("samples"))
  local miss = option("miss")      -- a world's weight per move the model does not explain
  local tries = 100                -- draws of hole cards the model must explain
  local caution = option("caution")

  -- the candidate moves: { action, amount } without duplicates
  local function candidates(p)
    local legal = p.legal
    local out, seen = {}, {}
    local function add(a, amt)
      local k = a .. (amt or "")
      if not seen[k] then seen[k] = true; out[#out + 1] = { a, amt } end
    end
    if find(legal, "fold") then add("fold") end
    add(passive(legal))
    local x = situation(p)
    for _, f in ipairs(fractions) do
      add(sized(legal, x.current + f * (x.pot + x.to_call)))
    end
    if find(legal, "allin") then add("allin") end
    return out
  end

  -- the model's move for seat s of a world
  local function model_move(w, t, s, hole, board)
    local x = situation(facts(w, t, s))
    return decide(strength(hole, board, x.nopp), x)
  end

  local function act(view)
    local p = view:data()
    local legal = p.legal
    if #legal == 1 then return legal[1].action, legal[1].min end
    local me = p.seat
    local cands = candidates(p)
    if #cands == 1 then return cands[1][1], cands[1][2] end
    local t = T.of_view(p)
    t.max_hands = 1   -- a world ends with this hand
    local hole, known_board = p.hole, p.board
    local seen = {}
    for _, c in ipairs(hole) do seen[c] = true end
    for _, c in ipairs(known_board) do seen[c] = true end
    local rest = {}
    for _, c in ipairs(deck52) do if not seen[c] then rest[#rest + 1] = c end end
    local opponents = {}
    for s = 1, p.seats do
      if s ~= me and p.in_hand[s] and not p.folded[s] then opponents[#opponents + 1] = s end
    end
    local chen_ok, equity_ok = {}, {}
    if use_model then chen_ok, equity_ok = explanations(p, t) end
    local values, weights = {}, {}   -- per world: the chips of each candidate, the weight
    local start = os.clock()
    for _ = 1, p.phase == "preflop" and preflop_worlds or worlds do
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
          local h = {}
          for k = 1, #hole do h[k] = draw() end
          if not ok or ok[preflop_score(h)] then holes[s] = h; break end
          if t == tries then holes[s] = h; weight = weight * miss; break end
          for _, c in ipairs(h) do used[c] = nil end
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
      local street = p.phase
      local cur_board = board_at(street)
      local row = {}
      for i, c in ipairs(cands) do
        local value
        if c[1] == "fold" then
          value = p.stacks[me]
        else
          local w = rebuild(p, t, holes, board)
          T.act(w, t, me, c[1], c[2])
          while w.turn do
            local s = w.turn
            local a, amt
            if w.phase == street then
              a, amt = model_move(w, t, s, holes[s], cur_board)
            else
              a = passive(T.legal(w, t))
            end
            T.act(w, t, s, a, amt)
          end
          value = w.stacks[me]
        end
        row[i] = value
      end
      values[#values + 1], weights[#weights + 1] = row, weight
      if budget and os.clock() - start > budget then break end
    end
    local best = choose(cands, values, weights, caution)
    return cands[best][1], cands[best][2]
  end
  return { name = "pimc.holdem", act = act }
end

return M
