-- ismcts: information-set Monte Carlo tree search for card play (the
-- single-observer ISMCTS of Cowling, Powley and Whitehouse, "Information
-- Set Monte Carlo Tree Search", IEEE TCIAIG 2012).
--
-- pimc plays every legal card in each of many sampled worlds and keeps the
-- best mean: each world is then played as if every card were known (the
-- "strategy fusion" error).  ISMCTS grows one tree over the moves of the
-- hand, from the seat's own view: each iteration samples a world
-- (view:sample), walks the tree choosing among the moves legal in that
-- world by UCB (a child's exploration term counts the iterations in which
-- it was available, not its parent's visits), adds one new move, finishes
-- the hand with one C playout (game:playouts) and credits each move on the
-- path with the hand's value for the seat that made it.  Other seats' moves
-- are chosen from the same tree, so a seat cannot use cards it does not
-- see.  The move played is the root's most visited.
--
-- Card play only, on any trick-taking variant: bids, passes and a
-- variant's scripted phases are pimc's (with its defaults), and a game
-- with no trick-taking core (Hold'em, Crazy Eights) plays as pimc.
-- Options: M.takes below, each with its meaning (docs/bots.md's table is
-- made from it); variant and seed are given by the tournament.
local dh = require "deckhand"

local M = {}

M.takes = {
  iterations = { "integer", 1000, min = 1,
                 doc = "iterations per card decision (with `root` `paired`: descents, one a card and world)" },
  time = { "number", nil, min = 0, default_doc = "no limit",
           doc = "seconds per card decision: no iteration is started once spent "
              .. "(the results then depend on the machine)" },
  exploration = { "number", 0.7, min = 0,
                  doc = "the UCB constant, on values scaled to 0..1 by the range seen in the search" },
  objective = { "choice", "points", { "points", "own", "tricks" }, doc = "a hand's worth, as pimc's" },
  policy = { "choice", "random", { "random", "greedy", "contract" },
             doc = "the C policy of the playout that finishes the hand, as pimc's" },
  root = { "choice", "ucb", { "ucb", "paired" },
           doc = "`ucb`: the root's cards chosen by UCB like any node's; `paired`: every card tried in each "
              .. "sampled world and searched on with it, the best mean played" },
}

local function new_node(seat) return { seat = seat, n = 0, w = 0, avail = 0, children = {} } end

function M.new(options)
  options = dh.check_options("ismcts", options, M.takes)
  local variant = options.variant
  if type(variant) == "string" then variant = dh.variant(variant) end
  local helper = dh.strategy("pimc", { variant = options.variant, seed = options.seed })
  local s = { name = "ismcts" }
  for k, f in pairs(helper) do if type(f) == "function" then s[k] = f end end
  if not (variant and variant.rules) then return s end   -- no trick-taking core: pimc's play
  -- pimc's one entry point would answer card play with pimc's play: this
  -- strategy's gets made for it (deckhand.strategy), dispatching to s.play
  s.move = nil

  local low = variant.spec and variant.spec.low_wins
  local value = dh.objective.valuer(options.objective, low)   -- the same measure as pimc's
  local rng = dh.rng(options.seed or 1)
  local iterations, budget, c_explore = options.iterations, options.time, options.exploration
  local policy, sqrt, log = options.policy, math.sqrt, math.log
  local paired = options.root == "paired"

  -- one iteration from the node root in world: the path of nodes it
  -- visited (root excluded), and the points and tricks of the hand hand_no
  -- (by default the world's now) at its end
  local function descend(root, world, path, range, hand_no)
    local node = root
    hand_no = hand_no or world:hand_number()
    while world:phase() == "play" and world:hand_number() == hand_no do
      local seat = world:next_player()
      local fresh, best, best_score = {}, nil, -math.huge
      local lo, span = range[1], range[2] - range[1]
      for _, move in ipairs(world:moves()) do
        local child = node.children[move]
        if not child then
          fresh[#fresh + 1] = move
        else
          child.avail = child.avail + 1
          local mean = span > 0 and (child.w / child.n - lo) / span or 0.5
          local score = mean + c_explore * sqrt(log(child.avail) / child.n)
          if score > best_score then best, best_score = move, score end
        end
      end
      if #fresh > 0 then   -- expand one move, then play the hand out
        local move = fresh[rng:int(#fresh)]
        local child = new_node(seat)
        node.children[move] = child
        assert(world:apply(seat, move))
        path[#path + 1] = child
        break
      end
      node = node.children[best]
      assert(world:apply(seat, best))
      path[#path + 1] = node
    end
    if world:phase() == "play" and world:hand_number() == hand_no then
      return world:playouts(rng, 1, policy)
    end
    return world:hand_points(), world:last_tricks()
  end

  -- credits each node of path with the hand's value for its seat
  local function back_up(view, path, range, points, tricks)
    local values = {}   -- per seat: path nodes of one seat share it
    for _, node in ipairs(path) do
      local v = values[node.seat]
      if not v then
        v = value(view, node.seat, points, tricks)
        values[node.seat] = v
        if v < range[1] then range[1] = v end
        if v > range[2] then range[2] = v end
      end
      node.n, node.w = node.n + 1, node.w + v
    end
  end

  -- the root by UCB, as below it: one world an iteration
  local function search_ucb(view, root, range, start)
    for i = 1, iterations do
      if budget and i > 1 and os.clock() - start > budget then break end
      local ok, world = pcall(view.sample, view, rng)
      if not ok then break end   -- the sampler found no deal: decide on what we have
      local path = {}
      back_up(view, path, range, descend(root, world, path, range))
    end
  end

  -- every legal card tried in each sampled world, each then searched in
  -- its own subtree with that world (iterations counts the descents): the
  -- cards' means compared on the same worlds, as pimc's are, and not each
  -- on worlds of its own
  local function search_paired(view, root, range, start, legal)
    local seat, done = view:seat(), 0
    for _, card in ipairs(legal) do root.children[card] = new_node(seat) end
    while done < iterations do
      if budget and done > 0 and os.clock() - start > budget then break end
      local ok, world = pcall(view.sample, view, rng)
      if not ok then break end
      for _, card in ipairs(legal) do
        local child = root.children[card]
        local w, path, hand_no = world:clone(), { child }, world:hand_number()
        assert(w:apply(seat, card))
        back_up(view, path, range, descend(child, w, path, range, hand_no))
      end
      done = done + #legal
    end
  end

  function s.play(view)
    if view.can_exchange and view:can_exchange() then return "exchange" end   -- as pimc, the heuristic
    local legal = view:legal():list()
    if #legal == 1 then return legal[1] end
    local root, range, start = new_node(view:seat()), { math.huge, -math.huge }, os.clock()
    if paired then search_paired(view, root, range, start, legal) else search_ucb(view, root, range, start) end
    -- the most visited card; paired, where every card has the same visits,
    -- the best mean
    local best, score = nil, -math.huge
    for _, card in ipairs(legal) do
      local child = root.children[card]
      if child and child.n > 0 then
        local x = paired and child.w / child.n or child.n
        if x > score then best, score = card, x end
      end
    end
    return best or helper.play(view)
  end
  return s
end

return M
