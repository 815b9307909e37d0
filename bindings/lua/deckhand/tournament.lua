--- deckhand.tournament: duplicate tournaments between strategies.
--
--     deckhand.tournament { variant = "spades", players = { "pimc", "heuristic" },
--                           games = 2000, seed = 1, jobs = 2, record = "out.jsonl" }
--
-- Each game index i is one deal, played once per rotation of the players
-- over the sides (duplicate: every strategy sits in every seat on the same
-- cards).  Deal i's seed comes from the tournament seed and i alone, so the
-- results do not depend on jobs, shards or restarts.  Each finished deal
-- is one JSON line in the record file, written in index order and flushed;
-- a rerun with the same arguments skips the deals already there.
--
-- Arguments: variant (a name), options (the variant's), players (strategy
-- names, one per side, cycled when fewer), strategy_options (name ->
-- options), games (deals), seed, duplicate (default true), jobs (worker
-- processes), record (file), shard ("i/n"), progress (true, false or a
-- function(done, final)), bid_with (one strategy makes every bid: card
-- play with bids fixed), limit (seconds per decision before a forfeit),
-- hands (1, the default, caps variants that have a max_hands option at
-- one hand; a number caps them at that many; "match" plays whole matches).
--
-- Poker variants (kind "poker": Texas Hold'em) run on the same machinery:
-- a deal is one hand (or `hands` hands) from one seed, replayed once per
-- rotation of the players over the seats; the strategies' `act(view)`
-- returns an action and an amount.  A player's score on a deal is the
-- chips it won per hand, over all its seats; results also give it in big
-- blinds per 100 hands (bb100), and the win rate is the share of deals it
-- ended ahead (a deal it ended even counts half).
-- @module deckhand.tournament

local searchpath = require "deckhand.searchpath"
local sep = package.config:sub(1, 1)

----------------------------------------------------------------- JSON out
-- a tiny encoder with sorted keys, so equal results give equal bytes

local function encode(v, out)
  local t = type(v)
  if t == "table" then
    if next(v) == nil then out[#out + 1] = (getmetatable(v) == "object") and "{}" or "[]"; return end
    if #v > 0 then
      out[#out + 1] = "["
      for i = 1, #v do
        if i > 1 then out[#out + 1] = "," end
        encode(v[i], out)
      end
      out[#out + 1] = "]"
    else
      local keys = {}
      for k in pairs(v) do keys[#keys + 1] = tostring(k) end
      table.sort(keys)
      out[#out + 1] = "{"
      for i, k in ipairs(keys) do
        if i > 1 then out[#out + 1] = "," end
        encode(k, out); out[#out + 1] = ":"
        local val = v[k]
        if val == nil then val = v[tonumber(k)] end
        encode(val, out)
      end
      out[#out + 1] = "}"
    end
  elseif t == "string" then
    out[#out + 1] = '"' .. v:gsub('[%c"\\]', function(c)
      return ({ ['"'] = '\\"', ["\\"] = "\\\\", ["\n"] = "\\n", ["\t"] = "\\t" })[c]
             or ("\\u%04x"):format(c:byte())
    end) .. '"'
  elseif t == "number" then
    if math.type(v) == "integer" then out[#out + 1] = tostring(v)
    elseif v ~= v or v == math.huge or v == -math.huge then out[#out + 1] = "null"
    elseif v == math.floor(v) and math.abs(v) < 2^53 then out[#out + 1] = ("%d"):format(v)
    else out[#out + 1] = ("%.17g"):format(v) end
  elseif t == "boolean" then out[#out + 1] = tostring(v)
  elseif v == nil then out[#out + 1] = "null"
  else out[#out + 1] = '"' .. tostring(v) .. '"' end
end

local function to_json(v)
  local out = {}
  encode(v, out)
  return table.concat(out)
end

local function from_json(s)
  local json = require "dkjson"
  local v, _, err = json.decode(s, 1, json.null)
  if err then return nil, err end
  return v
end

------------------------------------------------------------------ helpers

local function split_list(s)
  if type(s) == "table" then return s end
  local out = {}
  for x in tostring(s):gmatch("[^,%s]+") do out[#out + 1] = x end
  return out
end

-- the seed of deal i (and of sub-seeds), from the tournament seed alone
local function derive(deckhand, seed, i)
  local r = deckhand.rng(seed)
  local x = deckhand.rng(r:next() ~ (i * 0x9E3779B97F4A7C15))
  return x:next() & 0x7FFFFFFF
end

local function mean_ci(xs)
  local n = #xs
  if n == 0 then return nil end
  local s = 0
  for _, x in ipairs(xs) do s = s + x end
  local m = s / n
  if n < 2 then return m, 0, n end
  local v = 0
  for _, x in ipairs(xs) do v = v + (x - m) ^ 2 end
  return m, 1.96 * math.sqrt(v / (n - 1) / n), n
end

local function quote(s) return "'" .. tostring(s):gsub("'", "'\\''") .. "'" end

local function isatty()
  local ok = os.execute("[ -t 2 ] 2>/dev/null")
  return ok == true
end

local function hms(s)
  s = math.floor(s + 0.5)
  if s >= 3600 then return ("%dh%02dm"):format(s // 3600, s % 3600 // 60) end
  if s >= 60 then return ("%dm%02ds"):format(s // 60, s % 60) end
  return ("%ds"):format(s)
end

return function(deckhand)
  local T = {}
  deckhand.tournament_lib = T
  T.to_json, T.from_json, T.mean_ci = to_json, from_json, mean_ci

  --- the canonical form of a tournament's arguments (what identifies a run)
  function T.config(cfg)
    if type(cfg) ~= "table" then error("bad argument #1 to 'tournament' (table expected)", 3) end
    local c = {
      variant = cfg.variant, options = cfg.options or {},
      players = split_list(cfg.players or { "heuristic", "random" }),
      strategy_options = cfg.strategy_options or {},
      games = cfg.games or 100, seed = cfg.seed or 1,
      duplicate = cfg.duplicate ~= false,
      bid_with = cfg.bid_with, limit = cfg.limit, hands = cfg.hands or 1,
    }
    if type(c.variant) ~= "string" then error("tournament: variant must be a name", 3) end
    for _, p in ipairs(c.players) do
      if type(p) ~= "string" then error("tournament: players must be strategy names", 3) end
    end
    if #c.players < 1 then error("tournament: no players", 3) end
    if math.type(c.games) ~= "integer" or c.games < 1 then error("tournament: games must be a positive integer", 3) end
    if math.type(c.seed) ~= "integer" then error("tournament: seed must be an integer", 3) end
    return c
  end

  local function make_variant(c)
    local opts = {}
    for k, v in pairs(c.options) do opts[k] = v end
    local probe = deckhand.variant(c.variant, opts)
    if c.hands ~= "match" and probe.settings.max_hands ~= nil and opts.max_hands == nil then
      opts.max_hands = c.hands
      return deckhand.variant(c.variant, opts)
    end
    return probe
  end

  -- who sits where in rotation r: a list seat -> player name, and the sides
  local function seating(c, variant, r)
    local seats, sides = variant.seats, variant.sides
    local nsides = 0
    for seat = 1, seats do
      if sides[seat] > nsides then nsides = sides[seat] end
    end
    local names = {}
    for seat = 1, seats do
      local k = (sides[seat] - 1 + r) % nsides
      names[seat] = c.players[k % #c.players + 1]
    end
    return names, sides, nsides
  end

  local function strategy_for(c, variant, name, seed)
    local o = {}
    for k, v in pairs(c.strategy_options[name] or {}) do o[k] = v end
    o.variant, o.seed = variant, seed
    return deckhand.strategy(name, o)
  end

  -- one call of a strategy, guarded: the move (and a poker bot's amount),
  -- or nil and the reason to forfeit
  local function call(s, view, limit)
    local deadline = limit and os.clock() + limit
    if deadline then
      debug.sethook(function()
        if os.clock() > deadline then error("time budget exceeded", 2) end
      end, "", 10000)
    end
    local ok, move, extra = pcall(s.move, view)
    if deadline then debug.sethook() end
    if not ok then return nil, "raised: " .. tostring(move) end
    if deadline and os.clock() > deadline then return nil, "time budget exceeded" end
    if move == nil then return nil, "returned nothing" end
    return move, extra
  end

  --- plays deal i in every rotation: the JSON-able result
  function T.play_deal(c, variant, i)
    local seed = derive(deckhand, c.seed, i)
    local rotations = 1
    local _, _, nsides = seating(c, variant, 0)
    if c.duplicate then rotations = nsides end
    local games, forfeits = {}, {}
    local chips = variant.unit == "chips"
    for r = 0, rotations - 1 do
      local names, sides = seating(c, variant, r)
      local bots, bidders = {}, {}
      for seat, name in ipairs(names) do
        local sseed = derive(deckhand, seed, r * 16 + seat)
        bots[seat] = strategy_for(c, variant, name, sseed)
        if c.bid_with then bidders[seat] = strategy_for(c, variant, c.bid_with, sseed) end
      end
      local game = deckhand.game(variant, { seed = seed })
      local result, msg, code, detail = deckhand.run(game, bots, {
        ask = function(bot, view, seat)
          if c.bid_with and view:phase() == "bid" then bot = bidders[seat] end
          return call(bot, view, c.limit)
        end,
      })
      local g = { seats = names }
      if not result then
        local by_bidder = c.bid_with and detail.phase == "bid"
        local forfeit = {
          strategy = by_bidder and c.bid_with or names[detail.seat], seat = detail.seat,
          move = detail.move or "-", seed = seed, rotation = r + 1,
          reason = code == "forfeit" and detail.reason
                   or ("illegal move (%s): %s: %s"):format(detail.phase, tostring(detail.code), tostring(detail.message)),
        }
        g.forfeit = forfeit
        forfeits[#forfeits + 1] = forfeit
      elseif chips then
        g.net = result.seats   -- chips won (or lost) by each seat over the hands played
        g.hands = #result.hands
        g.record = game:record()
      else
        -- a deal may be a match of many hands (a variant with no hand cap):
        -- scores are match totals, tricks are added up hand by hand
        local tricks = {}
        for seat = 1, #names do tricks[seat] = 0 end
        for _, h in ipairs(result.hands) do
          for seat, t in ipairs(h.tricks) do tricks[seat] = tricks[seat] + t end
        end
        g.scores, g.tricks, g.winners = result.sides, tricks, result.winning_sides
        if #result.hands > 1 then g.hands = #result.hands end
        g.sides = {}
        for seat = 1, #names do g.sides[seat] = sides[seat] end
        g.record = game:record()
      end
      games[#games + 1] = g
    end
    local line = { i = i, seed = seed, games = games, forfeits = #forfeits > 0 and forfeits or nil }
    if chips then line.kind, line.big_blind = "poker", variant.settings.big_blind end
    return line
  end

  -- poker: per player its chips and hands over the deal's games, and its
  -- wins (a game forfeited by another player, or a deal ended ahead)
  local function poker_summary(c, line)
    local acc = {}
    for _, p in ipairs(c.players) do acc[p] = acc[p] or { net = 0, hands = 0, win = 0, wn = 0 } end
    local clean = true
    for _, g in ipairs(line.games) do
      local here = {}
      for _, name in ipairs(g.seats) do here[name] = true end
      if g.forfeit then
        clean = false
        for name in pairs(here) do
          acc[name].wn = acc[name].wn + 1
          if g.forfeit.strategy ~= name then acc[name].win = acc[name].win + 1 end
        end
      else
        for seat, name in ipairs(g.seats) do
          acc[name].net = acc[name].net + g.net[seat]
          acc[name].hands = acc[name].hands + g.hands
        end
      end
    end
    for _, a in pairs(acc) do
      a.n = clean and a.hands > 0 and 1 or 0
      if clean and a.hands > 0 then
        a.score = a.net / a.hands
        a.win, a.wn = a.net > 0 and 1 or a.net == 0 and 0.5 or 0, 1
      end
    end
    return acc, clean
  end

  -- per player: its mean score, tricks and wins on one deal
  local function deal_summary(c, line)
    local acc = {}
    for _, p in ipairs(c.players) do acc[p] = acc[p] or { score = 0, tricks = 0, win = 0, n = 0, wn = 0 } end
    local clean = true
    for _, g in ipairs(line.games) do
      local done = {}
      local sides = g.sides or {}
      if g.forfeit then clean = false end
      for seat, name in ipairs(g.seats) do
        local side = sides[seat] or seat
        local key = name .. "/" .. side
        if not done[key] then
          done[key] = true
          local a = acc[name]
          a.wn = a.wn + 1
          if g.forfeit then
            if g.forfeit.strategy ~= name then a.win = a.win + 1 end
          else
            local won = false
            for _, w in ipairs(g.winners) do if w == side then won = true end end
            if won and #g.winners == 1 then a.win = a.win + 1
            elseif won then a.win = a.win + 1 / #g.winners end
            local t, h = 0, g.hands or 1
            for s2, sd in ipairs(sides) do if sd == side then t = t + g.tricks[s2] end end
            a.score, a.tricks, a.n = a.score + g.scores[side] / h, a.tricks + t / h, a.n + 1
          end
        end
      end
    end
    return acc, clean
  end

  --- totals from the deal lines: per player mean score, tricks, win rate
  -- with 95% intervals, and for two players the paired differences
  function T.totals(c, lines)
    local per, order = {}, {}
    for _, p in ipairs(c.players) do
      if not per[p] then per[p] = { score = {}, tricks = {}, win = {}, forfeits = 0 }; order[#order + 1] = p end
    end
    local diff_s, diff_t = {}, {}
    local forfeits = {}
    local bb
    for _, line in ipairs(lines) do
      local acc, clean
      if line.kind == "poker" then
        acc, clean = poker_summary(c, line)
        bb = line.big_blind
      else
        acc, clean = deal_summary(c, line)
      end
      for _, f in ipairs(line.forfeits or {}) do
        forfeits[#forfeits + 1] = f
        if per[f.strategy] then per[f.strategy].forfeits = per[f.strategy].forfeits + 1 end
      end
      for p, a in pairs(acc) do
        if a.wn > 0 then table.insert(per[p].win, a.win / a.wn) end
        if clean and a.n > 0 then
          table.insert(per[p].score, a.score / a.n)
          if a.tricks then table.insert(per[p].tricks, a.tricks / a.n) end
        end
      end
      if clean and #order == 2 then
        local a, b = acc[order[1]], acc[order[2]]
        if a.n > 0 and b.n > 0 then
          diff_s[#diff_s + 1] = a.score / a.n - b.score / b.n
          if a.tricks then diff_t[#diff_t + 1] = a.tricks / a.n - b.tricks / b.n end
        end
      end
    end
    local res = { deals = #lines, players = {}, forfeits = forfeits }
    if bb then res.kind, res.big_blind = "poker", bb end
    for _, p in ipairs(order) do
      local r = {}
      r.name = p
      r.score, r.score_ci, r.n = mean_ci(per[p].score)
      r.tricks, r.tricks_ci = mean_ci(per[p].tricks)
      r.win, r.win_ci = mean_ci(per[p].win)
      r.forfeits = per[p].forfeits
      if bb and r.score then r.bb100, r.bb100_ci = r.score * 100 / bb, r.score_ci * 100 / bb end
      res.players[#res.players + 1] = r
    end
    if #order == 2 and #diff_s > 0 then
      res.diff = { a = order[1], b = order[2] }
      res.diff.score, res.diff.score_ci, res.diff.n = mean_ci(diff_s)
      res.diff.tricks, res.diff.tricks_ci = mean_ci(diff_t)
    end
    return res
  end

  -- the results of a poker tournament as text
  local function format_poker(res, c, f)
    local out = {}
    out[#out + 1] = ("%s, %d deals%s, big blind %d"):format(c.variant, res.deals,
      c.duplicate and " (duplicate)" or "", res.big_blind)
    out[#out + 1] = ("%-12s %22s %22s %16s %8s"):format("strategy", "chips/hand", "bb/100", "win rate", "forfeits")
    for _, r in ipairs(res.players) do
      local win = f(r.win and r.win * 100, r.win_ci and r.win_ci * 100, "%.1f%%"):gsub("%%%%", "%%")
      out[#out + 1] = ("%-12s %22s %22s %16s %8d"):format(r.name, f(r.score, r.score_ci, "%+.2f"),
        f(r.bb100, r.bb100_ci, "%+.1f"), win, r.forfeits)
    end
    return out
  end

  --- the results as a table of text
  function T.format(res, c)
    local out = {}
    local function f(x, ci, fmt)
      if x == nil then return "-" end
      fmt = fmt or "%.3f"
      return fmt:format(x) .. " ± " .. fmt:gsub("%+", ""):format(ci or 0)
    end
    if res.kind == "poker" then
      out = format_poker(res, c, f)
    else
      out[#out + 1] = ("%s, %d deals%s"):format(c.variant, res.deals, c.duplicate and " (duplicate)" or "")
      out[#out + 1] = ("%-12s %20s %18s %16s %8s"):format("strategy", "points/hand", "tricks/hand",
        "win rate", "forfeits")
      for _, r in ipairs(res.players) do
        local win = f(r.win and r.win * 100, r.win_ci and r.win_ci * 100, "%.1f%%"):gsub("%%%%", "%%")
        out[#out + 1] = ("%-12s %20s %18s %16s %8d"):format(r.name, f(r.score, r.score_ci, "%.2f"),
          f(r.tricks, r.tricks_ci), win, r.forfeits)
      end
    end
    if res.diff and res.kind ~= "poker" then
      out[#out + 1] = ("%s - %s: %s points/hand, %s tricks/hand (95%% CI, paired over %d deals)"):format(
        res.diff.a, res.diff.b, f(res.diff.score, res.diff.score_ci, "%+.2f"),
        f(res.diff.tricks, res.diff.tricks_ci, "%+.3f"), res.diff.n)
    end
    for k, fo in ipairs(res.forfeits) do
      if k > 10 then out[#out + 1] = ("... %d forfeits in all"):format(#res.forfeits); break end
      out[#out + 1] = ("forfeit: %s at seat %d, move %s, game seed %d: %s"):format(
        fo.strategy, fo.seat, fo.move, fo.seed, fo.reason)
    end
    return table.concat(out, "\n")
  end

  -- the record file: a header line, then one line per deal
  local function read_record(file, c)
    local lines, header = {}, nil
    local f = io.open(file, "r")
    if not f then return nil end
    local good, pos = {}, 0
    for l in f:lines("L") do
      if l:sub(-1) ~= "\n" then break end   -- a line cut short by a kill
      local v = from_json(l)
      if not v then break end
      if not header then
        header = v
        if c and to_json(v.tournament) ~= to_json(c) then
          f:close()
          return nil, "record file was made with other arguments: " .. file
        end
      else
        lines[#lines + 1] = v
      end
      good[#good + 1] = l
      pos = pos + #l
    end
    local size = f:seek("end")
    f:close()
    if size ~= pos then   -- drop what was cut short
      local w = assert(io.open(file, "w"))
      w:write(table.concat(good))
      w:close()
    end
    return lines, header
  end
  T.read_record = read_record

  local function progress_printer(total, enabled)
    if not enabled then return function() end end
    local tty = isatty()
    local start, last = os.time(), os.time()
    local t0 = os.clock()
    local wall = function() return os.time() - start end
    return function(done, final)
      local el = wall()
      local rate = done / math.max(el, 1e-9)
      if el == 0 then rate = done / math.max(os.clock() - t0, 1e-3) end
      local eta = rate > 0 and (total - done) / rate or 0
      if tty then
        if not final and os.time() == last and done > 1 then return end   -- redraw once a second
        last = os.time()
        local width = 30
        local fill = total > 0 and math.floor(width * done / total) or width
        io.stderr:write(("\r[%s%s] %d/%d  %.1f deals/s  ETA %s "):format(
          ("#"):rep(fill), ("."):rep(width - fill), done, total, rate, hms(eta)))
        if final then io.stderr:write("\n") end
      elseif final or os.time() - last >= 10 then
        last = os.time()
        io.stderr:write(("%d/%d deals, %.1f/s, ETA %s\n"):format(done, total, rate, hms(eta)))
      end
      io.stderr:flush()
    end
  end

  local function worker_command(c, indices)
    local bin = searchpath.root() .. sep .. "bin" .. sep .. "deckhand"
    local lua = os.getenv("DECKHAND_LUA") or "lua5.4"
    return ("%s %s worker %s %s"):format(lua, quote(bin), quote(to_json(c)), quote(table.concat(indices, ",")))
  end

  --- the worker's side: plays the given deals, one JSON line each on out
  function T.work(c, indices, out)
    local variant = make_variant(c)
    for _, i in ipairs(indices) do
      out:write(to_json(T.play_deal(c, variant, i)), "\n")
      out:flush()
    end
  end

  --- deckhand.tournament(cfg) -> results (see T.totals), and the lines
  function deckhand.tournament(cfg)
    local c = T.config(cfg)
    local jobs = cfg.jobs or 1
    local shard_i, shard_n = 1, 1
    if cfg.shard then
      shard_i, shard_n = tostring(cfg.shard):match("^(%d+)/(%d+)$")
      shard_i, shard_n = tonumber(shard_i), tonumber(shard_n)
      if not shard_i or shard_i < 1 or shard_i > shard_n then error("tournament: shard must be i/n", 2) end
    end
    local variant = make_variant(c)
    local lines, done = {}, {}
    local rec
    if cfg.record then
      local old, err = read_record(cfg.record, c)
      if not old and err then error(err, 2) end
      if old then
        for _, l in ipairs(old) do lines[#lines + 1] = l; done[l.i] = true end
        rec = assert(io.open(cfg.record, "a"))
      else
        rec = assert(io.open(cfg.record, "w"))
        rec:write(to_json({ tournament = c }), "\n")
        rec:flush()
      end
    end
    local pending = {}
    for i = 1, c.games do
      if (i - 1) % shard_n == shard_i - 1 and not done[i] then pending[#pending + 1] = i end
    end
    local mine = 0
    for i = 1, c.games do if (i - 1) % shard_n == shard_i - 1 then mine = mine + 1 end end
    local report = cfg.progress
    if type(report) ~= "function" then report = progress_printer(mine, report) end
    local finished = mine - #pending
    local function take(line)
      lines[#lines + 1] = line
      if rec then rec:write(to_json(line), "\n"); rec:flush() end
      finished = finished + 1
      report(finished, finished == mine)
    end
    if jobs <= 1 or #pending < 2 then
      for _, i in ipairs(pending) do take(T.play_deal(c, variant, i)) end
    else
      jobs = math.min(jobs, #pending)
      local pipes = {}
      for j = 1, jobs do
        local idx = {}
        for k = j, #pending, jobs do idx[#idx + 1] = pending[k] end
        pipes[j] = assert(io.popen(worker_command(c, idx), "r"))
      end
      for k = 1, #pending do
        local p = pipes[(k - 1) % jobs + 1]
        local l = p:read("l")
        local v = l and from_json(l)
        if not v or v.i ~= pending[k] then
          for _, q in ipairs(pipes) do q:close() end
          if rec then rec:close() end
          error(("tournament: worker failed on deal %d"):format(pending[k]), 2)
        end
        take(v)
      end
      for _, q in ipairs(pipes) do q:close() end
    end
    if rec then rec:close() end
    table.sort(lines, function(a, b) return a.i < b.i end)
    local res = T.totals(c, lines)
    res.config = c
    return res, lines
  end

  --- deckhand.tournament_merge(files) -> results over the shards' records
  function deckhand.tournament_merge(files, out_file)
    local all, seen, c = {}, {}, nil
    for _, file in ipairs(files) do
      local lines, header = read_record(file)
      if not lines then error("cannot read " .. file, 2) end
      if c and to_json(header.tournament) ~= to_json(c) then error(file .. ": another tournament", 2) end
      c = header.tournament
      for _, l in ipairs(lines) do
        if not seen[l.i] then seen[l.i] = true; all[#all + 1] = l end
      end
    end
    table.sort(all, function(a, b) return a.i < b.i end)
    if out_file then
      local f = assert(io.open(out_file, "w"))
      f:write(to_json({ tournament = c }), "\n")
      for _, l in ipairs(all) do f:write(to_json(l), "\n") end
      f:close()
    end
    local res = T.totals(c, all)
    res.config = c
    return res, all
  end
end
