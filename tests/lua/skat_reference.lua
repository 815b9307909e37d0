-- Skat's scoring in Lua: the reference the C prefabs (the phase
-- dh.phase.skat_bidding and the points rule R.skat_value, which
-- rules/skat.lua plays) are compared with on random deals
-- (skat_prefab_spec, skat_spec), and the ISkO's worked examples are
-- checked against (skat_spec).  Rules as rules/skat.lua's prose gives them.
local dh = require "deckhand"

local SKAT = dh.phase.skat_bidding
local BIDS = SKAT.bids

local GAMES = { "diamonds", "hearts", "spades", "clubs", "grand", "null" }
local GAME_CODE = { diamonds = 1, hearts = 2, spades = 3, clubs = 4, grand = 5, null = 6 }
local TRUMP = { "d", "h", "s", "c", "c" }   -- a grand's jacks count as clubs (its mode)
local BASE = { 9, 10, 11, 12, 24 }
local NULL_VALUE = { [0] = 23, [1] = 35, [2] = 46, [3] = 59 }   -- by hand + 2 * ouvert
local POINTS = { [14] = 11, [10] = 10, [13] = 4, [12] = 3, [11] = 2 }
local JACKS = { "Jc", "Js", "Jh", "Jd" }
local RUN = { "A", "T", "K", "Q", "9", "8", "7" }


-- the phase's public state, its vars by name (read by the heuristic's
-- bidding and by points below)
local VALUE = SKAT.vars.value   -- the last value named: an index into BIDS (0: none)
local GAME = SKAT.vars.game     -- GAME_CODE of the game named (0: not yet)
local FLAGS = SKAT.vars.flags   -- hand, schneider announced, schwarz announced, ouvert
local RAMSCH = SKAT.games.ramsch   -- GAME when all passed and Ramsch is played
local HAND, SCHNEIDER, SCHWARZ, OUVERT = SKAT.flags.hand, SKAT.flags.schneider, SKAT.flags.schwarz,
                                         SKAT.flags.ouvert

--- the value of a game: value { game = "clubs".."null", matadors = n
-- (with or without), hand, schneider, schneider_announced, schwarz,
-- schwarz_announced, ouvert (booleans), won (the declarer's 61, or no
-- trick in a null, and what was announced), bid } -> the declarer's score
local function value(g)
  local code = GAME_CODE[g.game]
  local v
  if code == 6 then
    v = NULL_VALUE[(g.hand and 1 or 0) + (g.ouvert and 2 or 0)]
    if v < g.bid then return -2 * v end
  else
    -- an announced level counts the levels below it, reached or not; an
    -- open game is schwarz announced and one more (ISkO 5.2.5, 5.2.6)
    local schwarz_ann = g.schwarz_announced or g.ouvert
    local schneider_ann = g.schneider_announced or schwarz_ann
    local base = BASE[code]
    local mult = g.matadors + 1
    for _, level in ipairs { g.hand, g.schneider or schneider_ann, schneider_ann, g.schwarz or schwarz_ann,
                             schwarz_ann, g.ouvert } do
      if level then mult = mult + 1 end
    end
    v = base * mult
    if v < g.bid then return -2 * base * ((g.bid + base - 1) // base) end
  end
  return g.won and v or -2 * v
end

-- the trumps of a game from the highest (a grand's: the jacks)
local function trumps(code)
  local out = {}
  for i, j in ipairs(JACKS) do out[i] = j end
  if code <= 4 then
    for _, r in ipairs(RUN) do out[#out + 1] = r .. TRUMP[code] end
  end
  return out
end

-- the matadors: with or without, how many
local function matadors(cards, code)
  local list, n = trumps(code), 0
  local with = cards:has(list[1])
  while n < #list and cards:has(list[n + 1]) == with do n = n + 1 end
  return n
end

local function card_points(set)
  local p = 0
  for c in set:iter() do p = p + (POINTS[c.rank] or 0) end
  return p
end

local DECK = dh.deck("piquet32"):set()

-- Ramsch's scores (o: the options ramsch_skat and jungfrau)
local function ramsch_points(s, o, skat_cards)
  local out, p, virgin, most = { 0, 0, 0 }, {}, false, 0
  local tricks = s:tricks()
  for seat = 1, 3 do
    if tricks[seat] == 10 then   -- Durchmarsch
      out[seat] = 120
      return out
    end
    p[seat] = card_points(s:taken(seat))
    virgin = virgin or tricks[seat] == 0
  end
  local skat_pts = card_points(skat_cards)
  local to_loser = o.ramsch_skat == "loser"
  if not to_loser then
    local _, last = s:last_trick()
    p[last] = p[last] + skat_pts
  end
  for seat = 1, 3 do most = math.max(most, p[seat]) end
  for seat = 1, 3 do
    if p[seat] == most then
      local loss = p[seat] + (to_loser and skat_pts or 0)
      if virgin and o.jungfrau then loss = 2 * loss end
      out[seat] = -loss
    end
  end
  return out
end

-- the game's value from a deal's end (a state or a game): what the points
-- prefab R.skat_value computes in C, kept here as its reference (tests
-- compare the two on random deals); o the variant's options (Ramsch's)
local function points(s, o)
  local d = s:declarer()
  local code, flags = s:var(GAME), s:var(FLAGS)
  local rest = DECK
  for seat = 1, 3 do rest = rest - s:taken(seat) end
  local skat_cards = rest   -- the skat: laid away, or untouched in a hand game
  if code == RAMSCH then return ramsch_points(s, o or {}, skat_cards) end
  local out = { 0, 0, 0 }
  if not d then return out end   -- thrown in
  local tricks = s:tricks()
  local mine = card_points(s:taken(d) | skat_cards)
  local all = tricks[d] == 10
  local none = tricks[d] == 0
  local g = {
    game = GAMES[code], bid = BIDS[s:var(VALUE)],
    hand = flags & HAND ~= 0, ouvert = flags & OUVERT ~= 0,
    schneider_announced = flags & SCHNEIDER ~= 0, schwarz_announced = flags & SCHWARZ ~= 0,
  }
  local schwarz_ann = g.schwarz_announced or g.ouvert
  local schneider_ann = g.schneider_announced or schwarz_ann
  if code == 6 then
    g.won = none
  else
    g.matadors = matadors(s:played_by(d) | skat_cards, code)
    g.schneider = mine >= 90 or mine <= 30
    g.schwarz = all or none
    g.won = mine >= 61 and (not schneider_ann or mine >= 90) and (not schwarz_ann or all)
  end
  out[d] = value(g)
  return out
end

return { value = value, points = points, bids = BIDS, vars = SKAT.vars }
