--- deckhand.tournament: duplicate tournaments between strategies.
--
--     deckhand.tournament { variant = "spades", players = { "pimc", "heuristic" },
--                           games = 2000, seed = 1, jobs = 2, record = "out.jsonl" }
--
-- Each game index i is one deal, played once per rotation of the players
-- over the sides (duplicate: every strategy sits in every seat on the same
-- cards).  Deal i's seed comes from the tournament seed and i alone, so the
-- results do not depend on jobs, shards or restarts.  Every game, whatever
-- runs it, is played by deckhand.run and scored by game:result()
-- (deckhand/results.lua), so Hold'em and the trick games share one runner.
--
-- A fair table: each bot is loaded in a sandbox of its own
-- (deckhand/sandbox.lua) and asked under a wall-clock time limit
-- (deckhand/guard.lua).  Its random seed comes from a secret drawn for
-- the run, never from the deal's seed, so a bot cannot rebuild the deal
-- from it; the secret is kept in the record so that a resumed run, or one
-- given `secret`, plays the same.  A bot that raises, loops, yields,
-- returns garbage or makes an illegal move forfeits the game; a variant
-- whose rules raise is charged the error, not the bot on turn.
--
-- Arguments: variant (a name), options (the variant's), players (strategy
-- names, one per side, cycled when fewer; `label=strategy` plays a
-- strategy under a label of its own, so that one strategy with two sets
-- of options can meet itself: `dd=pimc` with strategy_options.dd),
-- strategy_options (name or label -> options), games (deals), seed, duplicate (default true), jobs (worker
-- processes), record (file: JSON lines, see deckhand/records.lua), shard
-- ("i/n"), progress (true: a bar on a terminal; false; or a
-- function(done, final)), bid_with (one strategy makes every bid, in
-- every phase of bids: Spades' and Oh Hell's `bid`, the `auction` of
-- Bridge and Pinochle, Skat's `bidding`, Euchre's trump making (`order`
-- and `call`; the dealer's discard stays each strategy's); card play
-- with the bids fixed.
-- A deterministic bidder such as `heuristic` then makes the same calls at
-- every table of a deal: in Bridge the same contract by the same seat,
-- declared by one strategy's side at one table and the other's at the
-- next), limit (seconds of wall time per decision before a
-- forfeit; default 10, 0 for none), secret (32 hex digits: the bots'
-- seeds of an earlier run; without it a run draws one, and a shard derives
-- it from the tournament's arguments, so that every shard of a tournament
-- gives its bots the same seeds), hands (1, the default, caps variants that have
-- a max_hands option at one hand; a number caps them at that many;
-- "match" plays whole matches), signals (true: SIGINT and SIGTERM end the
-- process at once with status 130 or 143, its workers too, the record
-- holding only whole deals; for a command, not a library's caller).
-- @module deckhand.tournament

local guard = require "deckhand.guard"
local rule_guard = require "deckhand.rule_guard"
local records = require "deckhand.records"
local deal_check = require "deckhand.deal_check"
local indexset = require "deckhand.indexset"
local json = require "deckhand.json"
local results = require "deckhand.results"
local progress = require "deckhand.progress"
local workers = require "deckhand.workers"
local host = require "deckhand.core".host
local searchpath = require "deckhand.searchpath"
local tables = require "deckhand.tables"
local lab = require "deckhand.lab"

local DEFAULT_LIMIT = 10
local MAX_JOBS = 256   -- worker processes at most (a process a job)

-- the phases whose moves are bids: bid_with makes them
local BID_PHASES = { bid = true, auction = true, bidding = true, order = true, call = true }

local function split_list(s)
  if type(s) == "table" then return s end
  local out = {}
  for x in tostring(s):gmatch("[^,%s]+") do out[#out + 1] = x end
  return out
end

local function hex(bytes)
  return (bytes:gsub(".", function(c) return ("%02x"):format(c:byte()) end))
end

return function(deckhand)
  local T = {}
  deckhand.tournament_lib = T
  T.totals, T.format = results.totals, results.format

  -- the seed of deal i, from the tournament seed alone
  local function deal_seed(seed, i)
    local r = deckhand.rng(seed)
    local x = deckhand.rng(r:next() ~ (i * 0x9E3779B97F4A7C15))
    return x:next() & 0x7FFFFFFF
  end
  T.deal_seed = deal_seed

  -- a bot's seed, from the run's secret, the deal, the rotation and the seat
  local function bot_seed(secret, i, r, seat)
    local a = math.tointeger(tonumber(secret:sub(1, 16), 16))
    local b = math.tointeger(tonumber(secret:sub(17, 32), 16))
    local x = deckhand.rng(a ~ (i * 0x9E3779B97F4A7C15))
    local y = deckhand.rng(x:next() ~ b ~ ((r * 16 + seat) * 0xBF58476D1CE4E5B9))
    return y:next() & 0x7FFFFFFF
  end

  local function check_secret(s)
    if type(s) ~= "string" or not s:match("^%x+$") or #s ~= 32 then
      error("tournament: secret must be 32 hex digits", 0)
    end
    return s:lower()
  end

  local function positive_integer(v, what)
    if math.type(v) ~= "integer" or v < 1 then
      error(("tournament: %s must be a positive integer, got %s"):format(what, tostring(v)), 0)
    end
    return v
  end

  --- T.source_of(player) -> the strategy a player entry names: "pimc"
  -- for "pimc" and for a labelled "dd=pimc"
  function T.source_of(player)
    return player:match("^[%w_%-]+=(.+)$") or player
  end

  --- T.label_of(player) -> the name its options are given under: "dd"
  -- for "dd=pimc", "pimc" for "pimc"
  function T.label_of(player)
    return player:match("^([%w_%-]+)=.") or player
  end

  --- the canonical form of a tournament's arguments (what identifies a run)
  function T.config(cfg)
    if type(cfg) ~= "table" then error("bad argument #1 to 'tournament' (table expected)", 3) end
    local c = {
      variant = cfg.variant, options = cfg.options or {},
      players = split_list(cfg.players or { "heuristic", "random" }),
      strategy_options = cfg.strategy_options or {},
      games = cfg.games or 100, seed = cfg.seed or 1,
      duplicate = cfg.duplicate ~= false,
      bid_with = cfg.bid_with, hands = cfg.hands or 1,
      limit = cfg.limit == nil and DEFAULT_LIMIT or cfg.limit,
      mode = cfg.mode,   -- a field of more strategies than sides: "round_robin" (the default) or "gauntlet"
      -- kept only when not the default, so that records made before the
      -- limit existed still name the same tournament (and resume)
      rule_time = cfg.rule_time ~= DEFAULT_LIMIT and cfg.rule_time or nil,
      sprt = cfg.sprt,   -- a sequential test (deckhand/lab.lua): stops when it decides
    }
    if c.mode ~= nil and c.mode ~= "round_robin" and c.mode ~= "gauntlet" then
      error(("tournament: mode must be \"round_robin\" or \"gauntlet\", got %s"):format(tostring(c.mode)), 0)
    end
    if type(c.variant) ~= "string" then error("tournament: variant must be a name", 0) end
    if type(c.options) ~= "table" then error("tournament: options must be a table", 0) end
    if type(c.strategy_options) ~= "table" then error("tournament: strategy_options must be a table", 0) end
    for _, p in ipairs(c.players) do
      if type(p) ~= "string" then error("tournament: players must be strategy names", 0) end
    end
    if #c.players < 1 then error("tournament: no players", 0) end
    positive_integer(c.games, "games")
    if math.type(c.seed) ~= "integer" then
      error(("tournament: seed must be an integer, got %s"):format(tostring(c.seed)), 0)
    end
    if type(c.limit) ~= "number" or c.limit < 0 or c.limit ~= c.limit then
      error(("tournament: limit must be a number of seconds (0: none), got %s"):format(tostring(c.limit)), 0)
    end
    if c.rule_time ~= nil and (type(c.rule_time) ~= "number" or c.rule_time < 0 or c.rule_time ~= c.rule_time) then
      error(("tournament: rule_time must be a number of seconds (0: none), got %s"):format(tostring(c.rule_time)), 0)
    end
    if c.hands ~= "match" then positive_integer(c.hands, "hands (or \"match\")") end
    if c.bid_with ~= nil and type(c.bid_with) ~= "string" then error("tournament: bid_with must be a strategy name", 0) end
    return c
  end

  --- the variant of a tournament's config (hands capped as it asks)
  function T.make_variant(c)
    local opts = {}
    for k, v in pairs(c.options) do opts[k] = v end
    -- its build too runs under the rule time limit
    local function variant(o)
      local ok, v = rule_guard.pcall(c.rule_time or DEFAULT_LIMIT, c.variant, deckhand.variant, c.variant, o)
      if not ok then error(guard.describe(v), 0) end
      return v
    end
    local probe = variant(opts)
    if c.hands ~= "match" and probe.settings.max_hands ~= nil and opts.max_hands == nil then
      opts.max_hands = c.hands
      return variant(opts)
    end
    return probe
  end

  -- who sits where in the deal's game r (deckhand/tables.lua)
  local seating = tables.seating
  T.tables = tables.of

  -- a bot's move function, loaded and made under the time limit: the
  -- function, or nil and why it could not start
  local function start_bot(c, variant, name, seed)
    local o = {}
    for k, v in pairs(c.strategy_options[T.label_of(name)] or {}) do o[k] = v end
    o.variant, o.seed = variant, seed
    local made, why = guard.run(function()
      local s = deckhand.strategy(T.source_of(name), o)
      local move = rawget(s, "move")
      if type(move) ~= "function" then error("its move is not a function", 0) end
      return move
    end, nil, c.limit)
    if not made then return nil, "could not start: " .. why end
    return made
  end

  -- the game of one rotation: an entry of the deal line, and the forfeit
  -- or the variant's error when there was one
  -- a decision's time, by strategy: { n =, sum =, max = } seconds
  local function clock(timing, name, t)
    local x = timing[name]
    if not x then x = { n = 0, sum = 0, max = 0 }; timing[name] = x end
    x.n, x.sum = x.n + 1, x.sum + t
    if t > x.max then x.max = t end
  end

  local function play_rotation(c, variant, i, seed, secret, r, tabs, timing)
    local names, sides, _, t = seating(c, variant, r, tabs)
    local entry = { seats = names, table = #tabs > 1 and t or nil }
    local bots, bidders = {}, {}
    for seat, name in ipairs(names) do
      local sseed = bot_seed(secret, i, r, seat)
      local who = name
      local why
      bots[seat], why = start_bot(c, variant, name, sseed)
      if bots[seat] and c.bid_with then
        who = c.bid_with
        bidders[seat], why = start_bot(c, variant, c.bid_with, sseed)
      end
      if why then
        entry.forfeit = { strategy = who, seat = seat, move = "-", seed = seed, deal = i, rotation = r + 1,
                          reason = why }
        return entry
      end
    end
    -- the variant's code runs under the rule time limit (deckhand/rule_guard.lua)
    local dealt, game = rule_guard.pcall(c.rule_time or DEFAULT_LIMIT, variant, deckhand.game, variant, { seed = seed })
    if not dealt then
      entry.error = { deal = i, rotation = r + 1, reason = guard.describe(game) }
      return entry
    end
    local ok, result, msg, code, detail = rule_guard.pcall(c.rule_time or DEFAULT_LIMIT, variant, deckhand.run, game, bots, {
      ask = function(bot, view, seat)
        local who = names[seat]
        if c.bid_with and BID_PHASES[view:phase()] then bot, who = bidders[seat], c.bid_with end
        local t0 = os.clock()
        -- the bot's time is not the rules'
        local move, extra = rule_guard.pause(guard.move, bot, view, c.limit)
        clock(timing, who, os.clock() - t0)
        if move == nil then
          -- the rules may be what failed under the bot: ask them directly
          local fine, err = pcall(game.moves, game)
          if not fine then error({ variant_error = guard.describe(err) }) end
        end
        return move, extra
      end,
    })
    if not ok then
      local why = type(result) == "table" and result.variant_error or guard.describe(result)
      entry.error = { deal = i, rotation = r + 1, reason = why }
      return entry
    end
    if not result then
      local by_bidder = c.bid_with and BID_PHASES[detail.phase]
      entry.forfeit = {
        strategy = by_bidder and c.bid_with or names[detail.seat], seat = detail.seat,
        move = detail.move or "-", seed = seed, deal = i, rotation = r + 1,
        reason = code == "forfeit" and detail.reason
                 or ("illegal move (%s): %s: %s"):format(detail.phase, tostring(detail.code), tostring(detail.message)),
      }
      return entry
    end
    entry.points, entry.winners, entry.hands = result.sides, result.winning_sides, #result.hands
    entry.sides = {}
    for seat = 1, #names do entry.sides[seat] = sides[seat] end
    if result.hands[1] and result.hands[1].tricks then
      local tricks = {}
      for seat = 1, #names do tricks[seat] = 0 end
      for _, h in ipairs(result.hands) do
        for seat, t in ipairs(h.tricks) do tricks[seat] = tricks[seat] + t end
      end
      entry.tricks = tricks
    end
    entry.record = game:record()
    return entry
  end

  --- T.play_deal(c, variant, i, secret) -> deal i played in every rotation,
  -- as its line of the record
  function T.play_deal(c, variant, i, secret)
    local seed = deal_seed(c.seed, i)
    local tabs = tables.of(c, variant)
    local rotations = tables.rotations(c, variant, tabs)
    local games, forfeits, errors, timing = {}, {}, {}, {}
    for r = 0, rotations - 1 do
      local entry = play_rotation(c, variant, i, seed, secret, r, tabs, timing)
      games[#games + 1] = entry
      if entry.forfeit then forfeits[#forfeits + 1] = entry.forfeit end
      if entry.error then errors[#errors + 1] = entry.error end
    end
    -- timing: not part of the record (tournament's take removes it)
    return { i = i, seed = seed, games = games, unit = variant.unit,
             big_blind = variant.unit == "chips" and variant.settings.big_blind or nil,
             forfeits = #forfeits > 0 and forfeits or nil, errors = #errors > 0 and errors or nil,
             timing = timing }
  end

  -- does a deal line belong to tournament c, and is it sound (see
  -- deckhand/deal_check.lua)?  nil, or why not
  local function expect(c, variant)
    local tabs = tables.of(c, variant)
    local sound = deal_check.new(deckhand, c, variant, function(r)
      local names, _, nsides = seating(c, variant, r, tabs)
      return names, nsides
    end, (tables.rotations(c, variant, tabs)))
    return function(v)
      if v.i < 1 or v.i > c.games then return ("deal %d is not one of this tournament's 1..%d"):format(v.i, c.games) end
      if v.seed ~= deal_seed(c.seed, v.i) then return ("deal %d has a seed not of this tournament"):format(v.i) end
      return sound(v)
    end
  end

  local function find_strategy(name)
    name = T.source_of(name)
    if name:find("[/\\]") or name:match("%.lua$") then
      local f = io.open(name, "r")
      if not f then error(("tournament: no strategy file '%s'"):format(name), 0) end
      f:close()
    elseif not package.searchpath(name, deckhand.strategy_path) then
      error("tournament: " .. searchpath.not_found("strategy", name, deckhand.strategy_path), 0)
    end
  end

  -- does the variant ever ask for a bid (a phase bid_with makes)?  One
  -- game walked through on its first legal moves tells
  function T.has_bids(variant)
    local ok, found = pcall(function()
      local g = deckhand.game(variant, { seed = 1 })
      for _ = 1, 2000 do
        local p = g:next_player()
        if not p then return false end
        local v = g:view(p)
        if BID_PHASES[v:phase()] then return true end
        local m = v:moves()[1]
        if m == nil or not g:apply(p, m) then return false end
      end
      return false
    end)
    return not ok or found   -- a variant that cannot be walked is not refused here
  end

  local function shard_of(s)
    if s == nil then return 1, 1 end
    local a, b = tostring(s):match("^(%d+)/(%d+)$")
    a, b = tonumber(a), tonumber(b)
    if not a or b < 1 or a < 1 or a > b then
      error(("tournament: shard must be i/n with 1 <= i <= n, got '%s'"):format(tostring(s)), 0)
    end
    return a, b
  end

  -- the secret of a run given none: drawn at random; for a shard, derived
  -- from the tournament's arguments, so that every shard of one tournament
  -- gives its bots the same seeds without being told a secret
  local function secret_for(c, sharded)
    if not sharded then return hex(host.random_bytes(16)) end
    local text = json.encode(c)
    local out = {}
    for k, basis in ipairs { 0xcbf29ce484222325, 0x84222325cbf29ce4 } do
      local h = basis ~ k
      for p = 1, #text do h = (h ~ text:byte(p)) * 0x100000001b3 end
      out[k] = ("%016x"):format(deckhand.rng(h):next())
    end
    return table.concat(out)
  end
  T.secret_for = secret_for

  --- deckhand.tournament(cfg) -> results (see deckhand/results.lua, with
  -- config, secret and problems: the record's lines not counted, each
  -- "line N: why").  cfg.on_deal(line): called with each deal line this
  -- run plays, in index order.  Nothing is kept per deal (the pending
  -- deals are made as they are handed out, the figures are running
  -- totals), so a run's memory does not grow with `games`.
  function deckhand.tournament(cfg)
    local c = T.config(cfg)
    local jobs = cfg.jobs or 1
    -- a process a job: --jobs 100000 would start that many at once
    if math.type(jobs) ~= "integer" or jobs < 1 or jobs > MAX_JOBS then
      error(("tournament: jobs must be an integer from 1 to %d, got %s"):format(MAX_JOBS, tostring(jobs)), 0)
    end
    local shard_i, shard_n = shard_of(cfg.shard)
    -- every player exists before any deal is played
    for _, name in ipairs(c.players) do find_strategy(name) end
    if c.bid_with then find_strategy(c.bid_with) end
    local secret = cfg.secret and check_secret(cfg.secret) or secret_for(c, cfg.shard ~= nil)
    local variant = T.make_variant(c)
    if c.bid_with and not T.has_bids(variant) then
      error(("tournament: bid_with '%s': %s has no bids to make"):format(c.bid_with, c.variant), 0)
    end
    -- a strategy that cannot start at all (a bad option, a syntax error)
    -- is a mistake in the arguments, told before any deal is played
    local tried, names = {}, { table.unpack(c.players) }
    names[#names + 1] = c.bid_with
    for _, name in ipairs(names) do
      if not tried[name] then
        tried[name] = true
        local ok, why = start_bot(c, variant, name, bot_seed(secret, 0, 0, 0))
        -- its own words: "raised:" says nothing to the person who gave the options
        if not ok then error(("tournament: strategy '%s' %s"):format(name, why:gsub("^could not start: raised: ",
          "could not start: ")), 0) end
      end
    end
    local tabs = tables.of(c, variant)
    local totals, problems, done, already = results.new(c, tabs, results.low_wins(variant)), {}, indexset.new(), 0
    -- a sequential test takes the deals in order, a shard its own
    local seq = c.sprt and lab.sequential(c.sprt, c, shard_i, shard_n)
    local rec
    if cfg.record then
      local old
      rec, old = records.open(cfg.record, c, { tournament = c, secret = secret }, expect(c, variant), function(l)
        totals:add(l)
        if seq then seq:feed(l) end
        if (l.i - 1) % shard_n == shard_i - 1 then already = already + 1 end
      end)
      if old then
        -- the deals there were played with the bots' seeds of its secret:
        -- one missing or damaged is refused, not replaced by a new one
        -- (the deals after it were played with other seeds, unsaid)
        local kept = old.header.secret
        if not (type(kept) == "string" and pcall(check_secret, kept)) then
          rec:close()
          error(("%s: its header's secret (the bots' seeds of its deals) is not 32 hex digits: %s"):format(
            cfg.record, records.shown(kept)), 0)
        end
        if cfg.secret and kept ~= secret then
          rec:close()
          error(("%s was played with another secret"):format(cfg.record), 0)
        end
        secret = check_secret(kept)
        done, problems = old.seen, old.problems
      end
    end
    local mine = c.games >= shard_i and (c.games - shard_i) // shard_n + 1 or 0
    local pending = { games = c.games, shard_i = shard_i, shard_n = shard_n, done = done, count = mine - already,
                      stop = seq and seq.test.decision ~= nil }
    local report = cfg.progress
    if type(report) ~= "function" then
      report = report == false and function() end or progress.bar(mine, already)
    end
    local finished = already
    if cfg.signals then
      host.exit_on_signals(rec and "\ndeckhand: interrupted; the record keeps every finished deal"
                                   .. " (the same command resumes)\n" or "\ndeckhand: interrupted\n")
    end
    local function take(line)
      totals:add_timing(line.timing)
      line.timing = nil
      totals:add(line)
      if seq and seq:feed(line) then pending.stop = true end
      if cfg.on_deal then cfg.on_deal(line) end
      if rec then
        -- a signal waits for the line to be whole: the record holds only whole deals
        host.hold(true)
        local fine, why = pcall(records.write, rec, line, cfg.record)
        host.hold(false)
        if not fine then error(why, 0) end
      end
      finished = finished + 1
      report(finished, finished == mine or pending.stop)
    end
    local ok, err = pcall(function()
      if pending.stop then return end   -- a sequential test decided by the record alone
      if jobs <= 1 or pending.count < 2 then
        for i in workers.pending(pending, 1, 1) do
          take(T.play_deal(c, variant, i, secret))
          if pending.stop then break end
        end
      else
        workers.run({ config = c, secret = secret, path = deckhand.path, strategy_path = deckhand.strategy_path,
                      signals = cfg.signals },
                    pending, math.min(jobs, pending.count), take)
      end
    end)
    if cfg.signals then host.exit_on_signals(false) end
    if rec then rec:close() end
    if not ok then error(err, 0) end
    local res = totals:result()
    res.config, res.secret, res.problems = c, secret, problems
    if seq then res.sprt = seq:result() end
    return res
  end

  T.expect = expect
  require "deckhand.merge"(deckhand, T)
end
