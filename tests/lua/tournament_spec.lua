-- Strategies, the tournament runner and the deckhand command.
local dh = require "deckhand"
local T = dh.tournament_lib
local json = require "deckhand.json"

local root = os.getenv("DECKHAND_ROOT") or "."
local bin = root .. "/bin/deckhand"

package.path = "tests/lua/?.lua;" .. package.path
local F = require "file_helper"
local tmpname, slurp, write = F.tmpname, F.slurp, F.write

local function run(cmd, input)
  local inf
  if input then inf = tmpname(); write(inf, input); cmd = cmd .. " < " .. inf end
  local p = io.popen(cmd .. " 2>&1")
  local out = p:read("a")
  local ok, _, code = p:close()
  if inf then os.remove(inf) end
  return out, ok, code
end

-- a folder of the test's own strategies, found by name like any other
local dir = tmpname()
os.execute("mkdir -p " .. dir)
write(dir .. "/raiser.lua", [[
return { new = function(o) return {
  bid = function(view) return view:legal()[1] end,
  play = function(view) error("boom") end } end }]])
write(dir .. "/garbage.lua", [[
return { new = function(o) return {
  bid = function(view) return view:legal()[1] end,
  play = function(view) return "not a card" end } end }]])
write(dir .. "/cheater.lua", [[
return { new = function(o) return {
  bid = function(view) return view:legal()[1] end,
  play = function(view) return view:unseen():list()[1] end } end }]])
write(dir .. "/sleeper.lua", [[
return { new = function(o) return {
  bid = function(view) return view:legal()[1] end,
  play = function(view) local x = 0 while true do x = x + 1 end end } end }]])
dh.strategy_path = dir .. "/?.lua;" .. dh.strategy_path

-- a fixed secret (the bots' seeds), so that two runs compare byte for byte
local SECRET = ("0123456789abcdef"):rep(2)
local quick = { variant = "spades", players = { "heuristic", "random" }, games = 6, seed = 11, progress = false,
                secret = SECRET }
-- per deal of a tournament run with cfg, what of_game(entry) says of each
-- of its tables (the record's games in order)
local function per_table(cfg, of_game)
  local lines = {}
  cfg.on_deal = function(l) lines[#lines + 1] = l end
  dh.tournament(cfg)
  local out = {}
  for _, l in ipairs(lines) do
    local tables = {}
    for k, e in ipairs(l.games) do tables[k] = of_game(e) end
    out[#out + 1] = tables
  end
  return out
end

local function with(t)
  local c = {}
  for k, v in pairs(quick) do c[k] = v end
  for k, v in pairs(t) do c[k] = v end
  return c
end

-- a run killed in the middle of writing: runs cfg(record) to the end, cuts
-- its record file `extra` bytes into the line after the first `lines`, runs
-- again on the cut file and checks it ends with the same totals and file.
-- Returns the first run's result and the two files.
local function resume_after_kill(cfg, lines, extra)
  local full, part = tmpname(), tmpname()
  local r1 = dh.tournament(cfg(full))
  local text = slurp(full)
  local cut = 0
  for _ = 1, lines do cut = text:find("\n", cut + 1, true) end
  write(part, text:sub(1, cut + extra))
  local r2 = dh.tournament(cfg(part))
  assert.are.same(r1.players, r2.players)
  assert.are.equal(text, slurp(part))
  return r1, full, part
end

-- `deckhand serve ARGS` reading from a fifo: the server's output, a send
-- function, and a function that says quit and cleans up
local function serve(args)
  local fifo = tmpname()
  assert(os.execute("mkfifo " .. fifo))
  local p = io.popen(bin .. " serve " .. args .. " < " .. fifo, "r")
  local w = assert(io.open(fifo, "w"))
  local function send(s) w:write(s, "\n"); w:flush() end
  local function stop() send("quit"); w:close(); p:close(); os.remove(fifo) end
  return p, send, stop
end

describe("strategies", function()
  it("load by name from the search path, also from a user's folder", function()
    local s = dh.strategy("heuristic", { variant = dh.variant("spades") })
    assert.is_function(s.play)
    assert.is_function(dh.strategy("raiser").play)
    assert.has_error(function() dh.strategy("no_such_bot") end)
  end)

  it("heuristic and pimc only make legal moves in every variant", function()
    for _, v in ipairs { "spades", "hearts", "briscola", "ohhell" } do
      local res = dh.tournament { variant = v, players = { "heuristic", "random" }, games = 8, seed = 3,
                                  progress = false }
      assert.are.equal(0, #res.forfeits, v)
      res = dh.tournament { variant = v, players = { "greedy", "random" }, games = 8, seed = 5, progress = false }
      assert.are.equal(0, #res.forfeits, v)
      res = dh.tournament { variant = v, players = { "pimc", "heuristic" }, games = 1, seed = 4,
                            progress = false, strategy_options = { pimc = { worlds = 2, playouts = 8 } } }
      assert.are.equal(0, #res.forfeits, v)
      res = dh.tournament { variant = v, players = { "pimc", "heuristic" }, games = 1, seed = 4,
                            progress = false, strategy_options = { pimc = { worlds = 3, policy = "random" } } }
      assert.are.equal(0, #res.forfeits, v)
    end
  end)

  it("random also plays Hold'em, its move answered by act", function()
    local a, b = dh.strategy("random", { seed = 1 }), dh.strategy("random", { seed = 2 })
    local g = dh.play("holdem", { a, b }, { seed = 3 })
    assert.is_nil(g:next_player())
  end)

  it("random bets at no limit with stacks too deep for one draw of its rng (over 2^32 chips)", function()
    for _, name in ipairs { "holdem", "omaha" } do
      local v = dh.variant(name, { stack = 1 << 40, limit = "no", max_hands = 3 })
      local a, b = dh.strategy("random", { seed = 1 }), dh.strategy("random", { seed = 2 })
      local g = dh.play(v, { a, b }, { seed = 3 })
      assert.is_nil(g:next_player(), name)
    end
  end)

  it("heuristic beats random at Spades card play", function()
    local res = dh.tournament(with { games = 20, bid_with = "heuristic" })
    assert.is_true(res.diff.tricks > 1)
  end)

  it("fixes Bridge's contract with bid_with: the same calls at both tables, declared by each side in turn", function()
    -- the heuristic's calls depend only on the hand and the calls before
    -- (heuristic/bridge.lua): with it making every call, both tables of a
    -- deal reach the same contract by the same seat, so one strategy
    -- declares it at one table and the other at the next; without it,
    -- random's calls give other contracts (the check can fail)
    local v = dh.variant("bridge", { boards = 1 })
    local function contracts(cfg)
      return per_table(cfg, function(e)
        local g = dh.game(v, { seed = e.record.seed, dealer = e.record.dealer })
        for _, m in ipairs(e.record.moves) do
          if g:phase() ~= "auction" then break end
          assert(g:apply(m[1], m[2]))
        end
        local declarer = g:phase() == "play" and g:declarer() or nil
        return { contract = g:var(1), doubled = g:var(3), declarer = declarer, by = declarer and e.seats[declarer] }
      end)
    end
    local cfg = { variant = "bridge", options = { boards = 1 }, players = { "heuristic", "random" },
                  games = 12, seed = 5, bid_with = "heuristic" }
    local played = 0
    for _, t in ipairs(contracts(with(cfg))) do
      local a, b = t[1], t[2]
      assert.are.same({ a.contract, a.doubled, a.declarer }, { b.contract, b.doubled, b.declarer })
      if a.declarer then
        played = played + 1
        assert.are_not.equal(a.by, b.by)   -- declared by heuristic at one table, random at the other
      end
    end
    assert.is_true(played >= 6)
    cfg.bid_with = nil
    local differ = 0
    for _, t in ipairs(contracts(with(cfg))) do
      if t[1].contract ~= t[2].contract or t[1].declarer ~= t[2].declarer then differ = differ + 1 end
    end
    assert.is_true(differ > 0)
  end)

  it("fixes Euchre's trump making with bid_with: the same passes and calls at both tables", function()
    -- the heuristic orders up or calls by its hand's worth alone
    -- (heuristic/euchre.lua): making every such move, it makes trumps
    -- alike at both tables of a deal; random's moves differ (the check
    -- can fail)
    local function makings(cfg)
      return per_table(cfg, function(e)
        local moves = {}
        for _, m in ipairs(e.record.moves) do
          if not (m[2]:match "^pass" or m[2]:match "^order" or m[2]:match "^pick" or m[2]:match "^call") then break end
          moves[#moves + 1] = m[1] .. " " .. m[2]
        end
        return table.concat(moves, ", ")
      end)
    end
    local cfg = { variant = "euchre", players = { "random", "greedy" }, games = 12, seed = 5, bid_with = "heuristic" }
    local made = 0
    for _, t in ipairs(makings(with(cfg))) do
      assert.are.equal(t[1], t[2])
      if t[1]:match "order" or t[1]:match "pick" or t[1]:match "call" then made = made + 1 end
    end
    assert.is_true(made >= 6)
    cfg.bid_with = nil
    local differ = 0
    for _, t in ipairs(makings(with(cfg))) do
      if t[1] ~= t[2] then differ = differ + 1 end
    end
    assert.is_true(differ > 0)
  end)

  it("counts a whole Oh Hell match per deal, reported per hand", function()
    -- four players: hands of 1..13 and back down to 1 (the rule text), so a
    -- match is 25 hands and 1+2+...+13+12+...+1 = 169 tricks
    local rec = tmpname()
    local res = dh.tournament(with { variant = "ohhell", players = { "heuristic", "random" },
                                     games = 2, record = rec })
    local games = 0
    for line in io.lines(rec) do
      local l = json.decode(line)
      for _, g in ipairs(l.games or {}) do
        games = games + 1
        assert.are.equal(25, g.hands)
        local t = 0
        for _, x in ipairs(g.tricks) do t = t + x end
        assert.are.equal(169, t)
      end
    end
    os.remove(rec)
    assert.are.equal(2 * 4, games)   -- two deals, four rotations each
    -- per seat and hand: the two strategies' means add up to 2 x 169 / 25 / 4
    local sum = 0
    for _, r in ipairs(res.players) do sum = sum + r.tricks end
    assert.is_true(math.abs(sum - 169 / 25 / 2) < 1e-9, tostring(sum))
  end)

  it("cannot reach hidden cards or the game through the view", function()
    local game = dh.game(dh.variant("spades"), { seed = 9 })
    local seat = game:next_player()
    local view = game:view(seat)
    local other = seat % 4 + 1
    assert.are.equal(0, #view:hand(other))
    assert.is_nil(rawget(dh.View, "play"))
    assert.is_nil(view.play)
    assert.is_nil(view.game)
    assert.is_nil(debug.getuservalue(view, 2))
    local uv = debug.getuservalue(view, 1)
    assert.is_not.equal(game, uv)
    -- a world sampled from the view is one consistent deal, not the real one
    local w = view:sample(dh.rng(1))
    assert.are.equal(game:hand(seat), w:hand(seat))
    -- views of games differing only in hidden cards are identical
    assert.are.equal(13, #view:unseen() // 3)
    -- a bot playing an unseen card is refused and forfeits
    local res = dh.tournament(with { players = { "cheater", "random" }, games = 1 })
    assert.is_true(#res.forfeits >= 1)
    assert.matches("illegal move %(play%)", res.forfeits[1].reason)
  end)
end)

describe("tournament", function()
  it("gives byte-identical records for the same seed", function()
    local a, b = tmpname(), tmpname()
    dh.tournament(with { record = a })
    dh.tournament(with { record = b })
    assert.are.equal(slurp(a), slurp(b))
    local n = 0
    for _ in slurp(a):gmatch("\n") do n = n + 1 end
    assert.are.equal(7, n)   -- a header and one line per deal
    os.remove(a); os.remove(b)
  end)

  -- label=strategy: one strategy with two sets of options meets itself
  it("plays a labelled player with the options given under its label", function()
    local res = dh.tournament { variant = "spades", players = { "dd=pimc", "pimc" }, games = 2, seed = 3,
                                progress = false, strategy_options = { dd = { worlds = 4 }, pimc = { worlds = 4 } } }
    assert.are.same({ "dd=pimc", "pimc" }, { res.players[1].name, res.players[2].name })
    -- the label's options reach the labelled bot alone: a bad one stops the run, naming it
    local ok, err = pcall(dh.tournament, { variant = "spades", players = { "dd=pimc", "pimc" }, games = 1,
                                           progress = false, strategy_options = { dd = { solver = "xx" } } })
    assert.is_false(ok)
    assert.matches("'dd=pimc' could not start: .*solver", tostring(err))
    assert.is_true(pcall(dh.tournament, { variant = "spades", players = { "dd=pimc", "pimc" }, games = 1,
                                          progress = false, strategy_options = { ["pimc"] = { worlds = 2 }, dd = { worlds = 2 } } }))
    -- a label over a strategy that does not exist is named
    ok, err = pcall(dh.tournament, { variant = "spades", players = { "x=nosuch", "pimc" }, games = 1, progress = false })
    assert.is_false(ok)
    assert.matches("nosuch", tostring(err))
  end)

  it("gives the same totals and record with jobs 1 and 2", function()
    local a, b = tmpname(), tmpname()
    local r1 = dh.tournament(with { record = a, jobs = 1 })
    local r2 = dh.tournament(with { record = b, jobs = 2 })
    assert.are.same(r1.players, r2.players)
    assert.are.equal(slurp(a), slurp(b))
    os.remove(a); os.remove(b)
  end)

  it("resumes after a kill with the same totals", function()
    -- a run killed in the middle of writing deal 5
    local _, full, part = resume_after_kill(function(f) return with { record = f } end, 4, 25)
    -- a finished run is not replayed: all deals are already there
    local seen = 0
    dh.tournament(with { record = part, progress = function() seen = seen + 1 end })
    assert.are.equal(0, seen)
    -- other arguments refuse the file
    assert.has_error(function() dh.tournament(with { record = part, seed = 12 }) end)
    os.remove(full); os.remove(part)
  end)

  it("shards merge to the totals of the whole run", function()
    local whole = dh.tournament(with {})
    local a, b = tmpname(), tmpname()
    dh.tournament(with { record = a, shard = "1/2" })
    dh.tournament(with { record = b, shard = "2/2" })
    local merged = dh.tournament_merge { a, b }
    assert.are.same(whole.players, merged.players)
    os.remove(a); os.remove(b)
  end)

  it("records forfeits and goes on", function()
    for _, bad in ipairs { "raiser", "garbage", "sleeper" } do
      local res = dh.tournament(with { players = { bad, "random" }, games = 2, limit = 0.05 })
      assert.are.equal(4, #res.forfeits, bad)    -- 2 deals x 2 seatings
      local f = res.forfeits[1]
      assert.are.equal(bad, f.strategy)
      assert.is_number(f.seat)
      assert.is_number(f.seed)
      assert.is_string(f.move)
      assert.are.equal(0, res.players[1].win)
      assert.are.equal(1, res.players[2].win)
    end
  end)

  it("runs from the command line", function()
    local out, ok = run(bin .. " tournament briscola --games 4 --jobs 2 --players heuristic,random")
    assert.is_true(ok, out)
    assert.matches("heuristic %- random", out)
    assert.is_nil(out:find("deals/s", 1, true))   -- no progress bar into a pipe
  end)
end)

describe("a tournament record", function()
  it("counts no line that does not belong, and names each by its number", function()
    local clean, dirty = tmpname(), tmpname()
    local r1 = dh.tournament(with { record = clean })
    local lines = {}
    for l in io.lines(clean) do lines[#lines + 1] = l end
    local extra = {
      lines[3],                                             -- line 8: deal 2 again
      (lines[4]:gsub('"i":3', '"i":99')),                   -- line 9: an index past the games
      (lines[5]:gsub('"seed":%d+,"unit"', '"seed":5,"unit"')), -- line 10: another seed
      (lines[6]:gsub('"random"', '"evil"')),                -- line 11: a player not in it
      "not json at all",                                    -- line 12
      '{"i": 2}',                                           -- line 13: not a deal
    }
    write(dirty, table.concat(lines, "\n") .. "\n" .. table.concat(extra, "\n") .. "\n")
    local r2 = dh.tournament(with { record = dirty })
    assert.are.same(r1.players, r2.players)   -- the same deals, each counted once
    assert.are.same({ "line 8: deal 2 again", "line 9: deal 99 is not one of this tournament's 1..6",
                      "line 10: deal 4 has a seed not of this tournament",
                      "line 11: a player not in this tournament: 'evil'", "line 12: not JSON",
                      "line 13: not a deal" }, r2.problems)
    -- merge reports them too, and counts each deal once across files
    local merged = dh.tournament_merge { dirty, clean }
    assert.are.same(r1.players, merged.players)
    assert.is_true(#merged.problems > #r2.problems)
    os.remove(clean); os.remove(dirty)
  end)

  it("fails with the reason when it cannot be written, and is never written by two runs", function()
    local out, ok = run(bin .. " tournament spades --games 2 --record /dev/full")
    assert.is_falsy(ok)
    assert.matches("cannot write /dev/full: No space left on device", out, 1, true)
    out, ok = run(bin .. " tournament spades --games 2 --record /no/such/dir/x.jsonl")
    assert.is_falsy(ok)
    assert.matches("cannot open /no/such/dir/x.jsonl", out, 1, true)
    -- a record another run holds is refused, and left as it was
    local rec = tmpname()
    dh.tournament(with { record = rec, games = 2 })
    local before = slurp(rec)
    local f = assert(io.open(rec, "a"))
    assert(require "deckhand.core".host.lock(f))
    out, ok = run(bin .. " tournament spades --games 6 --seed 11 --record " .. rec)
    f:close()
    assert.is_falsy(ok)
    assert.matches("locked by another run", out, 1, true)
    assert.are.equal(before, slurp(rec))
    os.remove(rec)
  end)

  it("is merged into a new file, never over an input", function()
    local a, b, m = tmpname(), tmpname(), tmpname()
    dh.tournament(with { record = a, shard = "1/2" })
    dh.tournament(with { record = b, shard = "2/2" })
    local before = slurp(a)
    assert.has_error(function() dh.tournament_merge({ a, b }, a) end, "will not overwrite an input: " .. a)
    assert.are.equal(before, slurp(a))
    dh.tournament_merge({ a, b }, m)
    local whole = tmpname()
    dh.tournament(with { record = whole })
    assert.are.equal(slurp(whole), slurp(m))   -- the same header, secret and deals in order
    os.remove(a); os.remove(b); os.remove(m); os.remove(whole)
  end)

  it("refuses bad numbers on the command line, naming them", function()
    for args, why in pairs {
      ["--games abc"] = "bad --games 'abc'", ["--games 0"] = "bad --games '0'",
      ["--jobs=-1"] = "bad --jobs '-1'", ["--seed 1.5"] = "bad --seed '1.5'",
      ["--limit x"] = "bad --limit 'x'", ["--hands 0"] = "bad --hands '0'",
      ["--shard 3/2"] = "shard must be i/n", ["--secret xyz"] = "secret must be 32 hex digits",
      ["--players nobody"] = "unknown strategy 'nobody' (there are: ",
    } do
      local out, ok = run(bin .. " tournament spades " .. args)
      assert.is_falsy(ok, args)
      assert.matches(why, out, 1, true)
    end
  end)
end)

describe("deckhand serve", function()
  it("shows a client no other seat's passed cards and no seed", function()
    local p, send, stop = serve("hearts --clients 1 --seed 7")
    assert.are.equal("READY hearts seats 4", p:read("l"))
    local passes = 0
    while true do
      local line = assert(p:read("l"))
      if line:match("^EVENT turn 1") then break end
      if line:match("^EVENT move %d pass") then
        assert.matches("^EVENT move %d pass$", line)   -- the texts of the others' passes: no cards
        passes = passes + 1
      end
    end
    assert.are.equal(3, passes)
    stop()
  end)

  it("plays a whole game with a scripted client", function()
    local p, send, stop = serve("spades --seed 5 --option max_hands=1 --clients 1,3")
    local json = require "dkjson"
    local accepted, rejected, events, over = 0, 0, 0, false
    local line = p:read("l")
    assert.matches("^READY spades", line)
    local steps = 0
    while not over and steps < 500 do
      steps = steps + 1
      line = p:read("l")
      assert.is_not_nil(line)
      if line:match("^EVENT over") then over = true
      elseif line:match("^EVENT turn") then
        local seat, phase = line:match("^EVENT turn (%d) (%a+)")
        send("view " .. seat)
        local v = json.decode(p:read("l"))
        assert.are.equal(tonumber(seat), v.seat)
        send("view 2")                        -- a seat the client does not play
        assert.matches("^REJECT not_your_seat", p:read("l"))
        if phase == "bid" then
          send("bid " .. seat .. " 99")       -- the older command still works
          assert.matches("^REJECT bad_bid", p:read("l"))
          rejected = rejected + 1
          send("move " .. seat .. " " .. v.moves[2])
        else
          if #v.moves < #v.hand then   -- a card in hand that is not legal now
            local legal = {}
            for _, c in ipairs(v.moves) do legal[c] = true end
            for _, c in ipairs(v.hand) do
              if not legal[c] then
                send("play_card " .. seat .. " " .. c)
                assert.matches("^REJECT %a+", p:read("l"))
                rejected = rejected + 1
                break
              end
            end
          end
          send("move " .. seat .. " " .. v.moves[1])
        end
        assert.are.equal("ACCEPT", p:read("l"))
        accepted = accepted + 1
      elseif line:match("^EVENT move [24] ") then events = events + 1
      else assert.matches("^EVENT hand 1 %-?%d+ %-?%d+ %-?%d+ %-?%d+$", line) end
    end
    stop()
    assert.is_true(over)
    assert.are.equal(28, accepted)   -- 2 bids and 26 cards for seats 1 and 3
    assert.is_true(rejected >= 2)
    assert.are.equal(28, events)     -- and as many for the bots at seats 2 and 4
  end)
end)

describe("deckhand serve holdem", function()
  it("plays a match with a scripted client, chips conserved at every hand", function()
    local p, send, stop = serve("holdem --seed 9 --bots random --option max_hands=6")
    local json = require "dkjson"
    local function total(s) local t = 0 for x in s:gmatch("%-?%d+") do t = t + tonumber(x) end return t end
    assert.matches("^READY holdem seats 2", p:read("l"))
    local accepted, rejected, hands, over, steps = 0, 0, 0, false, 0
    while not over and steps < 2000 do
      steps = steps + 1
      local line = assert(p:read("l"))
      if line:match("^EVENT over") then
        over = true
        assert.are.equal(0, total(line:match("^EVENT over (.*)")))   -- chips won and lost
      elseif line:match("^EVENT hand") then
        hands = hands + 1
        assert.are.equal(0, total(line:match("^EVENT hand %d+ (.*)")))
      elseif line:match("^EVENT turn") then
        assert.matches("^EVENT turn 1 %a+$", line)
        send("view 1")
        local v = json.decode(p:read("l"))
        assert.are.equal(1, v.next_player)
        assert.are.equal(2, #v.hole)
        send("view 2")
        assert.matches("^REJECT not_your_seat", p:read("l"))
        send("act 2 fold")                    -- not the client's seat
        assert.matches("^REJECT not_your_seat", p:read("l"))
        send("act x fold")                    -- no seat number: named as given, not as nil
        assert.equal("REJECT not_your_seat: seat 'x' is not played by this client", p:read("l"))
        send("act 1 raise 1")                 -- below any minimum
        assert.matches("^REJECT %a+", p:read("l"))
        send("act 1 dance")
        assert.matches("^REJECT %a+", p:read("l"))
        rejected = rejected + 3
        local pick = "check"
        for _, m in ipairs(v.legal) do if m.action == "call" then pick = "call" end end
        send("act 1 " .. pick)
        assert.are.equal("ACCEPT", p:read("l"))
        accepted = accepted + 1
      else
        assert.matches("^EVENT move 2 %a+", line)
      end
    end
    stop()
    assert.is_true(over)
    assert.is_true(hands >= 1 and hands <= 6)
    assert.is_true(accepted >= hands)
    assert.are.equal(3 * accepted, rejected)
  end)
end)

describe("deckhand play", function()
  it("plays a hand from stdin, refusing illegal cards with the reason", function()
    local names = {}
    for _, s in ipairs { "c", "d", "h", "s" } do
      for _, r in ipairs { "2", "3", "4", "5", "6", "7", "8", "9", "t", "j", "q", "k", "a" } do
        names[#names + 1] = r .. s
      end
    end
    local input = "x\n3\n" .. (table.concat(names, "\n") .. "\n"):rep(14)
    local out, ok = run(bin .. " play spades --seed 3 --option max_hands=1", input)
    assert.is_true(ok, out)
    assert.matches("game over", out)
    assert.matches("refused: ", out)
    assert.matches("%(card_not_in_hand%)", out)
    assert.matches("seat %d took it", out)
    assert.matches("♠", out)
  end)

  it("exits cleanly at the end of input", function()
    local out, ok = run(bin .. " play spades --seed 3", "3\n")
    assert.is_true(ok, out)
    assert.matches("bye", out)
  end)
end)

describe("deckhand replay", function()
  it("steps through a recorded game", function()
    local rec = tmpname()
    dh.tournament(with { record = rec, games = 2 })
    local out, ok = run(bin .. " replay " .. rec .. " --game 2")
    assert.is_true(ok, out)
    assert.matches("deal 2", out)
    assert.matches("seat 1: %S+", out)
    assert.matches("hand 1 over: %-?%d+ / %-?%d+ / %-?%d+ / %-?%d+", out)
    assert.matches("final: ", out)
    os.remove(rec)
  end)

  it("says so when a record stops before the match is over, instead of a final score", function()
    local rec = tmpname()
    write(rec, '{"game":"blackjack","moves":[[1,"stand"]],"options":{"max_hands":1},"seed":7}\n')
    local out, ok = run(bin .. " replay " .. rec)
    assert.is_true(ok, out)
    assert.matches("seat 1: stand", out, 1, true)
    assert.matches("the record stops before the match is over: seat 2 to move", out, 1, true)
    assert.is_nil(out:find("final:", 1, true))
    os.remove(rec)
  end)
end)

-- Hold'em: the same runner, one hand a deal, chips won per hand
write(dir .. "/hold_raiser.lua", [[
return { new = function(o) return { act = function(view) error("boom") end } end }]])
write(dir .. "/hold_cheat.lua", [[
return { new = function(o) return { act = function(view) return "raise", 1 end } end }]])
write(dir .. "/hold_sleeper.lua", [[
return { new = function(o) return { act = function(view) local x = 0 while true do x = x + 1 end end } end }]])
-- folds whenever it may, else checks; and the opposite, all in every time
write(dir .. "/hold_folder.lua", [[
return { new = function(o) return { act = function(view)
  for _, m in ipairs(view:moves()) do if m.kind == "fold" then return "fold" end end
  return "check" end } end }]])
write(dir .. "/hold_shover.lua", [[
return { new = function(o) return { act = function(view) return "allin" end } end }]])

local hq = { variant = "holdem", players = { "heuristic", "random" }, games = 6, seed = 5, progress = false,
             secret = SECRET }
local function hwith(t)
  local c = {}
  for k, v in pairs(hq) do c[k] = v end
  for k, v in pairs(t) do c[k] = v end
  return c
end

describe("tournament: Hold'em", function()
  it("scores chips per hand and big blinds per 100 hands on duplicate deals", function()
    -- worked by hand: heads-up the button (seat 1) posts 5 and acts first.
    -- folder on the button folds: -5; shover on the button goes all in and
    -- folder, in the big blind, folds: -10.  Every deal: -15 over 2 hands,
    -- -7.5 chips a hand, -75 bb/100; the shover the opposite, and it wins
    -- every deal
    local res = dh.tournament(hwith { players = { "hold_folder", "hold_shover" }, games = 5 })
    local f, s = res.players[1], res.players[2]
    assert.are.equal("chips", res.unit)
    assert.are.equal(-7.5, f.score)
    assert.are.equal(-75, f.bb100)
    assert.are.equal(0, f.bb100_ci)
    assert.are.equal(75, s.bb100)
    assert.are.equal(0, f.win)
    assert.are.equal(1, s.win)
    assert.are.equal(5, f.n)
    -- a bigger blind: the same chips are fewer big blinds
    res = dh.tournament(hwith { players = { "hold_folder", "hold_shover" }, games = 2,
                                options = { small_blind = 10, big_blind = 20 } })
    assert.are.equal(-15, res.players[1].score)
    assert.are.equal(-75, res.players[1].bb100)
    -- three hands a deal: -15 a hand on every one
    res = dh.tournament(hwith { players = { "hold_folder", "hold_shover" }, games = 2, hands = 3 })
    assert.are.equal(-7.5, res.players[1].score)
    local text = dh.tournament_lib.format(res, res.config)
    assert.matches("bb/100", text)
    assert.matches("%-75%.0 ± 0%.0", text)
  end)

  it("gives byte-identical records for the same seed, and the same with jobs 1 and 2", function()
    local a, b, c = tmpname(), tmpname(), tmpname()
    local r1 = dh.tournament(hwith { record = a })
    dh.tournament(hwith { record = b })
    local r2 = dh.tournament(hwith { record = c, jobs = 2 })
    assert.are.equal(slurp(a), slurp(b))
    assert.are.equal(slurp(a), slurp(c))
    assert.are.same(r1.players, r2.players)
    local n = 0
    for _ in slurp(a):gmatch("\n") do n = n + 1 end
    assert.are.equal(7, n)
    -- every game in the record replays to the chips it reports
    for k = 1, 6 do
      local line = json.decode(select(k + 1, table.unpack((function()
        local t = {}
        for l in slurp(a):gmatch("[^\n]+") do t[#t + 1] = l end
        return t
      end)())))
      for _, g in ipairs(line.games) do
        local again = assert(dh.replay(g.record))
        local start, now = again:view(1):get("start"), again:view(1):get("stacks")
        for s = 1, 2 do assert.are.equal(g.points[s], now[s] - start[s]) end
      end
    end
    os.remove(a); os.remove(b); os.remove(c)
  end)

  it("resumes after a kill, and shards merge to the whole", function()
    local r1, full, part = resume_after_kill(function(f) return hwith { record = f } end, 3, 30)
    local a, b = tmpname(), tmpname()
    dh.tournament(hwith { record = a, shard = "1/2" })
    dh.tournament(hwith { record = b, shard = "2/2" })
    local merged = dh.tournament_merge { a, b }
    assert.are.same(r1.players, merged.players)
    os.remove(full); os.remove(part); os.remove(a); os.remove(b)
  end)

  it("records forfeits and goes on", function()
    for bad, why in pairs { hold_raiser = "raised: .*boom", hold_cheat = "illegal move %(%a+%): bad_amount",
                            hold_sleeper = "over the time limit" } do
      local res = dh.tournament(hwith { players = { bad, "random" }, games = 2, limit = 0.05 })
      -- 2 deals x 2 seatings; on the button (seat 1) it acts first, in
      -- the big blind only if random did not fold
      assert.is_true(#res.forfeits >= 2 and #res.forfeits <= 4, bad)
      local f = res.forfeits[1]
      assert.are.equal(bad, f.strategy)
      assert.are.equal(1, f.seat)
      assert.matches(why, f.reason)
      assert.is_number(f.seed)
      assert.is_string(f.move)
      assert.are.equal(0, res.players[1].win)
      assert.are.equal(1, res.players[2].win)
      assert.is_nil(res.players[1].score)
    end
    local res = dh.tournament(hwith { players = { "hold_cheat", "random" }, games = 1 })
    assert.are.equal("raise 1", res.forfeits[1].move)
  end)

  it("heuristic wins chips from random; pimc and heuristic play every move legally", function()
    local res = dh.tournament(hwith { games = 100 })
    assert.are.equal(0, #res.forfeits)
    assert.is_true(res.players[1].bb100 > 0)
    res = dh.tournament(hwith { players = { "pimc", "heuristic" }, games = 3, options = { seats = 3 },
                                strategy_options = { pimc = { worlds = 4 } } })
    assert.are.equal(0, #res.forfeits)
    assert.are.equal(3, res.players[1].n)
  end)

  it("runs from the command line: tournament, play and replay", function()
    local rec = tmpname()
    local out, ok = run(bin .. " tournament holdem --games 4 --jobs 2 --players heuristic,random --record " .. rec)
    assert.is_true(ok, out)
    assert.matches("bb/100", out)
    assert.is_nil(out:find("deals/s", 1, true))
    out, ok = run(bin .. " replay " .. rec .. " --game 2 --rotation 2")
    assert.is_true(ok, out)
    assert.matches("deal 2", out)
    assert.matches("seat 1: %a+", out)
    assert.matches("hand 1 over: %-?%d+ / %-?%d+", out)
    os.remove(rec)
    out, ok = run(bin .. " play holdem --seed 3 --bots random", "raise 5\nbet 40\ncall\ncheck\ncheck\n")
    assert.is_true(ok, out)
    assert.matches("your cards", out)
    assert.matches("refused: raise to between 20 and 1000, got 5", out, 1, true)
    assert.matches("refused: 'bet' is not allowed now", out, 1, true)
    assert.matches("bye", out)
  end)
end)
