-- pimc.lua_game: flat Monte Carlo for a game written wholly in Lua
-- (deckhand.lua_game: Crazy Eights, Gin Rummy, Scopa), through the game
-- protocol alone.
--
-- For each decision it samples worlds consistent with its view
-- (view:sample), makes each candidate move in every world and plays the
-- hand out with every seat moving as the rollout strategy would from its
-- own view of that world; the hand's points (the last entry of
-- result().hands: the own side's less the others' mean) are summed per
-- candidate, every candidate played out in the same worlds, and the best sum
-- wins.  The candidates are every legal move, or
-- with `candidates = k` the k the heuristic ranks first when it ranks them
-- (heuristic.<game>'s rank(view): Gin's discards) and the heuristic's own
-- move always among them.
-- Options: M.takes below, each with its meaning (docs/bots.md's table is
-- made from it); variant and seed are given by the tournament.  With
-- `candidates` given (by the player or the game's bots field) where the
-- heuristic ranks none, the rules' greedy ranks them: its choice, then its
-- choice among the rest (view:greedy(moves)), and so on.  `halving`
-- shares the worlds out over rounds, the worse half of the candidates
-- dropped after each (the heuristic's move kept), so that most rollouts go
-- to the moves in contention; with the heuristic's fast playouts (below)
-- every candidate is played in every world.  `confirm` = 0 tests the best
-- on the worlds it was chosen on, where the best of many noisy means looks
-- better than it is (the winner's curse); where fewer than two fresh
-- worlds are played (the time budget, a sampler that finds none), the
-- heuristic's move.  `infer` deals each world's hidden hands again
-- keeping what the others' public moves show if they play as the
-- heuristic (Crazy Eights: a seat that drew or passed held nothing
-- playable then), where the heuristic's playouts take it.
-- When the game's sampler finds no world (it raises), the decision is made
-- on the worlds sampled so far, the heuristic's move with none.
-- A game may set its own defaults for these (its `bots = { pimc = { ... }
-- }` field: Go Fish's fewer worlds); the options given still win.
-- A heuristic may play its own rollouts fast: with rollout "heuristic" and
-- helper.playouts(world, seat, moves, seed, view) (for each move, the hand's
-- points for seat less the others' once seat has made it and the hand is
-- played to its end as the heuristic plays, what the world leaves unknown
-- drawn from an rng of that seed, the same for every move: common random
-- numbers, so that the candidates differ by their move, not by luck), each
-- world's candidates are valued by one call, and the defaults grow to the
-- heuristic's helper.worlds and helper.candidates (Gin: its playouts in
-- C, 200 worlds and 6 candidates; Crazy Eights: on plain numbers, 300
-- worlds).
-- A heuristic may also judge worlds: with helper.plausible(world, seat)
-- (higher: likelier) and helper.draws(view) (how many to draw), each world
-- is the likeliest of that many sampled, so that hidden hands look like
-- hands that have been played for a while (Gin: an opponent after some
-- turns holds far less deadwood than a random ten cards).
local dh = require "deckhand"

local M = {}

-- the options with the game's own defaults for pimc under them (the
-- `bots` field of a game written in Lua: { pimc = { worlds = 10 } })
local function with_declared(options)
  local variant = options and options.variant
  if type(variant) == "string" then variant = dh.variant(variant) end
  local declared = type(variant) == "table" and variant.bots and variant.bots.pimc
  if type(declared) ~= "table" then return options end
  local out = {}
  for k, v in pairs(declared) do out[k] = v end
  for k, v in pairs(options) do out[k] = v end
  return out
end

-- what pimc takes in a game written wholly in Lua (its name in messages
-- is pimc's); the nil defaults are worked out in new()
M.takes = {
  worlds = { "integer", nil, min = 1,
             default_doc = "24; the heuristic's own where it plays the rollouts (Gin 200, Crazy Eights 300)",
             doc = "worlds sampled per decision" },
  rollout = { "choice", "heuristic", { "heuristic", "greedy", "random" },
              doc = "how every seat plays the rollouts: `heuristic` (random in a game with no greedy, whose "
                 .. "heuristic looks ahead itself), `greedy` (the rules' quick choice) or `random`" },
  candidates = { "integer", nil, min = 1, default_doc = "4; the heuristic's own where it plays the rollouts (Gin 6)",
                 doc = "the most candidates where the heuristic ranks the moves (Gin's discards), its own move "
                    .. "among them; given where it ranks none, the greedy's first" },
  margin = { "number", 1, min = 0,
             doc = "standard errors by which a move must beat the heuristic's (0: the best mean always)" },
  time = { "number", nil, min = 0, default_doc = "no limit",
           doc = "seconds per decision: no world is started once spent (the results then depend on the machine)" },
  infer = { "choice", "heuristic", { "heuristic", "none" },
            doc = "`heuristic`: the worlds keep what the others' public moves show if they play as the "
               .. "heuristic (Crazy Eights); `none`: the worlds as sampled" },
  halving = { "boolean", true,
              doc = "successive halving: the worse half of the candidates dropped after each round of worlds" },
  confirm = { "integer", nil, min = 0,
              default_doc = "as many as `worlds`; 0 where the heuristic plays the rollouts",
              doc = "fresh worlds on which the best move is played against the heuristic's for the `margin` test" },
}

function M.new(options)
  options = dh.check_options("pimc", with_declared(options or {}), M.takes)
  local rng = dh.rng(options.seed or 1)
  local helper = dh.strategy("heuristic", { variant = options.variant, seed = options.seed })
  local fast = options.rollout == "heuristic" and helper.playouts or nil
  options.worlds = options.worlds or fast and helper.worlds or 24
  -- candidates given (by the player or the game's bots field) to a
  -- heuristic that ranks none: the rules' greedy ranks them
  local by_greedy = options.candidates ~= nil and not helper.rank
  options.candidates = options.candidates or fast and helper.candidates or 4
  options.confirm = options.confirm or fast and 0 or options.worlds
  local policy
  -- the random choices of the rollouts: the same stream for every
  -- candidate of a world (common random numbers: the candidates then
  -- differ by their move, not by the luck of the rollouts)
  local pick = dh.rng((options.seed or 1) + 1)
  if options.rollout == "heuristic" then
    -- a game with no greedy of its own: the heuristic looks ahead by
    -- rollouts itself, too slow inside these; random play instead
    policy = function(view)
      if view.has_greedy and not view:has_greedy() then return pick:pick(view:moves()) end
      return helper.move(view)
    end
  elseif options.rollout == "greedy" then policy = function(view) return view:greedy() end
  else
    policy = function(view) return pick:pick(view:moves()) end
  end

  -- the value of a world's hand for seat me once it is over (or the
  -- match is): its side's points less the others' mean
  local value = dh.lua_game.hand_value

  local function rollout(g, me, m)
    local hand_no, hands_before = g:hand_number(), #g:result().hands
    assert(g:apply(me, m))
    local steps = 0
    while g:next_player() and g:hand_number() == hand_no do
      local t = g:next_player()
      -- the world is this bot's own clone: its views need not be copies
      assert(g:apply(t, policy(g.peek and g:peek(t) or g:view(t))))
      steps = steps + 1
      if steps > 10000 then error("pimc: a rollout that does not end its hand") end
    end
    return value(g, me, hands_before)
  end

  -- the greedy's first k of the moves: its choice, then its choice among
  -- the rest, and so on (stopping should it choose none of them)
  local function greedy_rank(view, moves, k)
    local rest, out = table.move(moves, 1, #moves, 1, {}), {}
    while #out < k and #rest > 0 do
      local m, at = view:greedy(rest), nil
      for i, x in ipairs(rest) do if rawequal(x, m) then at = i break end end
      if not at then break end
      out[#out + 1] = table.remove(rest, at)
    end
    return out
  end

  -- the moves worth trying, the heuristic's own first: every one, or the
  -- heuristic's first k (the greedy's where the heuristic ranks none and k
  -- was given)
  local function candidates(view)
    local moves = view:moves()
    local own = helper.move(view)
    local ranked = moves
    if #moves > options.candidates then
      if helper.rank then ranked = helper.rank(view)
      elseif by_greedy and view.has_greedy and view:has_greedy() then ranked = greedy_rank(view, moves, options.candidates) end
    end
    local out, seen = { own }, { [tostring(own)] = true }
    for _, m in ipairs(ranked) do
      if #out > options.candidates and ranked ~= moves then break end
      if not seen[tostring(m)] then out[#out + 1], seen[tostring(m)] = m, true end
    end
    return out
  end

  -- the rounds of successive halving: after each, the better half of the
  -- candidates still in play (by their sums over every world so far, all
  -- of them played in each) goes on to the next, the heuristic's own move
  -- always; the worlds are shared out so that each round has as many, and
  -- the last round ends with two candidates or fewer.  halving = false: a
  -- single round, every candidate in every world
  local function rounds_of(k)
    if not options.halving or fast then return 1 end
    local r = 1
    while k > 2 do k, r = (k + 1) // 2, r + 1 end
    return math.min(r, options.worlds)
  end

  -- a world sampled from the view (the likeliest of `draws`), or nil when
  -- the game's sampler finds none: the decision is then made on the
  -- worlds so far, as pimc's for the trick engine does
  local function sample(view)
    local ok, world = pcall(view.sample, view, rng)
    return ok and world or nil
  end
  local function world_of(view, me, draws)
    local world, best_p = sample(view), nil
    if not world then return nil end
    for _ = 2, draws do
      local other = sample(view)
      if not other then break end
      best_p = best_p or helper.plausible(world, me)
      local p = helper.plausible(other, me)
      if p > best_p then world, best_p = other, p end
    end
    return world
  end

  local function sum_of(v, n)
    local sum = 0
    for w = 1, n do sum = sum + v[w] end
    return sum
  end

  -- the values of the moves for seat me, each made in the world and the
  -- hand played out: one call of the heuristic's playouts, else a rollout
  -- each with the same random stream
  local function in_world(view, world, me, moves)
    if fast then return fast(world, me, moves, rng:int(0x7FFFFFFF), view, options.infer == "heuristic") end
    local stream, out = rng:split(), {}
    for j, m in ipairs(moves) do
      pick = stream:clone()
      out[j] = rollout(world:clone(), me, m)
    end
    return out
  end

  -- do the paired gains (one a world) beat 0 by margin standard errors?
  local function beats(gains, margin)
    local n, d, dd = #gains, 0, 0
    for w = 1, n do d, dd = d + gains[w], dd + gains[w] * gains[w] end
    local mean = d / n
    local sd = math.sqrt(math.max(0, (dd - n * mean * mean) / (n - 1)))
    return mean > margin * sd / math.sqrt(n)
  end

  local function move(view)
    local cands = candidates(view)
    if #cands == 1 then return cands[1] end
    local me, start = view:seat(), os.clock()
    local values = {}   -- values[i][w]: candidate i in world w
    for i = 1, #cands do values[i] = {} end
    local n, alive = 0, {}
    for i = 1, #cands do alive[i] = i end
    local draws = helper.draws and helper.plausible and helper.draws(view) or 1
    local rounds = rounds_of(#cands)
    local out_of_time = false
    for round = 1, rounds do
      local upto = options.worlds * round // rounds
      for w = n + 1, upto do
        local world = world_of(view, me, draws)
        if not world then out_of_time = true break end   -- no deal fits the view: decide on what we have
        local moves = {}
        for j, i in ipairs(alive) do moves[j] = cands[i] end
        local got = in_world(view, world, me, moves)
        for j, i in ipairs(alive) do values[i][w] = got[j] end
        n = w
        if options.time and os.clock() - start > options.time then out_of_time = true break end
      end
      if out_of_time or round == rounds then break end
      -- the better half on, and the heuristic's move (candidate 1)
      table.sort(alive, function(a, b)
        local x, y = sum_of(values[a], n), sum_of(values[b], n)
        if x ~= y then return x > y end
        return a < b
      end)
      local keep, has_own = {}, false
      for j = 1, (#alive + 1) // 2 do keep[j] = alive[j]; has_own = has_own or alive[j] == 1 end
      if not has_own then keep[#keep + 1] = 1 end
      alive = keep
    end
    if n == 0 then return cands[1] end   -- not one world: the heuristic's move
    local best, best_mean = 1, nil
    for _, i in ipairs(alive) do
      local mean = sum_of(values[i], n) / n
      if not best_mean or mean > best_mean or (mean == best_mean and i < best) then best, best_mean = i, mean end
    end
    if best == 1 then return cands[best] end
    -- the best against the heuristic's move (candidate 1), paired by world:
    -- on fresh worlds when confirm asks for them (the best of many is
    -- chosen on its luck in the worlds so far too: the winner's curse),
    -- else on those
    local gains = {}
    if options.confirm > 0 and not out_of_time then
      for w = 1, options.confirm do
        local world = world_of(view, me, draws)
        if not world then break end
        local got = in_world(view, world, me, { cands[1], cands[best] })
        gains[w] = got[2] - got[1]
        if options.time and os.clock() - start > options.time then break end
      end
      if #gains < 2 then return cands[1] end   -- too few to tell: the heuristic's move
    else
      for w = 1, n do gains[w] = values[best][w] - values[1][w] end
    end
    if #gains < 2 then return cands[best] end
    return beats(gains, options.margin) and cands[best] or cands[1]
  end
  return { name = "pimc", move = move, script = move }
end

return M
