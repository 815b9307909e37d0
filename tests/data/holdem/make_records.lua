-- tests/data/holdem/make_records.lua: made records_before.json with the
-- Hold'em engine that lived in bindings/lua/deckhand/holdem.lua (commit
-- c74f175), before Hold'em and Omaha became rules files: records of bots
-- and of a stacked deal, with what each match came to.  Kept to say how
-- the data were made; it needs deckhand.holdem, which is gone.
local dh = require "deckhand"
local json = require "deckhand.json"
local out = {}
local function add(name, g)
  local rec = g:record()
  local r = g:result()
  out[#out + 1] = { name = name, record = rec, seats = r.seats, hands = #r.hands, over = r.over,
                    phase = g:phase(), next_player = g:next_player() or 0 }
end
-- a player that mostly calls, sometimes raises any amount, seldom folds or goes all in
local function mild(seed)
  local rng = dh.rng(seed)
  return function(view)
    local legal, by = view:legal(), {}
    for _, m in ipairs(legal) do by[m.action] = m end
    local x = rng:int(100)
    if x <= 8 and by.fold then return "fold" end
    if x <= 10 and by.allin then return "allin" end
    local r = by.raise or by.bet
    if x <= 35 and r then return r.action .. " " .. rng:int(r.min, math.min(r.max, r.min * 3)) end
    if by.check then return "check" end
    if by.call then return "call" end
    return legal[1].action
  end
end
local cases = {
  { "holdem", { seats = 2, max_hands = 12 }, { "random", "heuristic" } },
  { "holdem", { seats = 4, stack = 300, ante = 2, max_hands = 10 }, { "random", "heuristic", "random", "random" } },
  { "holdem", { seats = 3, limit = "pot", stack = 400, max_hands = 8 }, { "random", "random", "heuristic" } },
  { "holdem", { seats = 3, limit = "fixed", cap = 3, button = 2, max_hands = 8 }, { "random", "heuristic", "random" } },
  { "holdem", { seats = 6, stack = 100, small_blind = 2, big_blind = 4 }, { "random", "random", "random", "random", "random", "random" } },
  { "omaha", { seats = 3, hilo = true, max_hands = 8 }, { "random", "heuristic", "random" } },
  { "omaha", { seats = 2, limit = "no", max_hands = 10 }, { "random", "random" } },
  { "omaha", { seats = 4, limit = "fixed", stack = 200, max_hands = 6 }, { "random", "random", "heuristic", "random" } },
}
for i, c in ipairs(cases) do
  local v = dh.variant(c[1], c[2])
  local players = {}
  for s, name in ipairs(c[3]) do
    players[s] = name == "random" and mild(10 * i + s) or dh.strategy(name, { variant = v, seed = 10 * i + s })
  end
  local g = dh.game(v, { seed = 100 + i })
  assert(dh.run(g, players))
  add(c[1] .. " " .. i, g)
end
-- a match cut short: still in play
do
  local v = dh.variant("holdem", { seats = 3 })
  local g = dh.game(v, { seed = 77 })
  local rng = dh.rng(5)
  local p = mild(3)
  for _ = 1, 12 do
    local seat = g:next_player()
    if not seat then break end
    assert(g:apply(seat, p(g:view(seat))))
  end
  add("holdem unfinished", g)
end
-- a stacked deal (deckhand.holdem.game): the record keeps it (the hole
-- cards only: a deal's board does not survive JSON, a list with a name);
-- checked down to the showdown, so the stacked cards decide the chips
do
  local g = dh.holdem.game { seats = 2, seed = 5, deal = { "AsKd", "9c9d" }, max_hands = 3 }
  while g:next_player() do
    local seat, by = g:next_player(), {}
    for _, m in ipairs(g:legal()) do by[m.action] = m end
    assert(g:act(seat, by.check and "check" or "call"))
  end
  add("holdem stacked deal", g)
end
io.write(json.encode(out), "\n")
