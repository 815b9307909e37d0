-- skat_phases_helper.lua: Skat as rules/skat.lua was before its bidding,
-- skat, lay away and declaration became the prefab phase
-- dh.phase.skat_bidding and its score the points prefab R.skat_value:
-- the phases as Lua scripts on the engine's phase ops, the game's value a
-- Lua points rule.  The prefabs are compared with it
-- (skat_prefab_spec.lua): the same seeds must make the same records.
-- Skat: three players, 32 cards (seven to ace in four suits), ten each
-- and two face down in the skat.  Left of the dealer sits forehand, then
-- middlehand, then rearhand (the dealer, at a table of three).
--
-- Bidding.  Middlehand bids to forehand: middlehand names game values,
-- each higher than the last (18, 20, 22, 23, 24, 27, 30 ...) or passes;
-- forehand answers each "yes" (holding that value) or passes.  The one
-- who passes is out; then rearhand bids in the same way to the survivor.
-- The survivor of both is the declarer, at the last value held.  When
-- middlehand and rearhand both pass without a bid, forehand may play at
-- 18 or pass, and then the deal is thrown in.
--
-- The skat.  The declarer picks up the skat and lays away any two cards
-- face down, or plays from the hand without looking at it ("hand").  Then
-- the declarer names the game: a suit game (diamonds, hearts, spades,
-- clubs), a grand, or a null; a hand game may be announced schneider or
-- schwarz, and a null open ("null ouvert": the declarer's hand shown to
-- all before the first lead).  The declarer plays alone against the other
-- two; forehand leads to the first trick.
--
-- The play.  Players must follow suit.  In a suit game the four jacks are
-- the highest trumps (clubs, spades, hearts, diamonds jack), then the
-- trump suit's ace, ten, king, queen, nine, eight, seven; the jacks belong
-- to no other suit.  In a grand the four jacks are the only trumps.  The
-- other suits rank ace, ten, king, queen, nine, eight, seven.  In a null
-- there are no trumps and each suit ranks ace, king, queen, jack, ten,
-- nine, eight, seven.
--
-- Scoring.  Cards count ace 11, ten 10, king 4, queen 3, jack 2: 120 in
-- all.  The declarer's tricks and the skat together need 61 to win (90
-- when schneider was announced; every trick when schwarz was).  A suit or
-- grand game's value is its base (diamonds 9, hearts 10, spades 11, clubs
-- 12, grand 24) times a multiplier: the matadors, the unbroken run of top
-- trumps from the jack of clubs the declarer held with the skat ("with")
-- or lacked ("without"), plus one for the game, one for hand, one for
-- schneider (a side with 30 or less), one for schneider announced, one
-- for schwarz (a side with no trick), one for schwarz announced.  A null
-- is worth 23, null hand 35, null ouvert 46, null ouvert hand 59, and is
-- won when the declarer takes no trick.  When the game's value is less
-- than the bid the declarer loses, the value then the smallest multiple
-- of the base that reaches the bid (for a null, the null's value).  The
-- declarer scores the value when winning, twice the value less when
-- losing; the defenders score nothing.  (The International Skat Order's
-- rules; pagat.com gives the same.)  A match is a number of deals (option
-- `deals`); the highest total wins.
--
-- Move texts: the bids `18`, `20` ...; `yes`, `pass`; `pick up`, `hand`;
-- `discard 7d 8d`; the games `diamonds`, `hearts`, `spades`, `clubs`,
-- `grand`, `null`, `null ouvert`, and in a hand game the suit or grand
-- with ` schneider` or ` schwarz`.
local dh = require "deckhand"
local R = dh.rule

local BIDS = { 18, 20, 22, 23, 24, 27, 30, 33, 35, 36, 40, 44, 45, 46, 48, 50, 54, 55, 59, 60, 63, 66, 70,
               72, 77, 80, 81, 84, 88, 90, 96, 99, 100, 108, 110, 117, 120, 121, 126, 130, 132, 135, 140,
               143, 144, 150, 153, 154, 156, 160, 162, 165, 168, 170, 176, 180, 187, 192, 198, 204, 216,
               240, 264 }
local INDEX = {}
for i, v in ipairs(BIDS) do INDEX[tostring(v)] = i end

local GAMES = { "diamonds", "hearts", "spades", "clubs", "grand", "null" }
local GAME_CODE = { diamonds = 1, hearts = 2, spades = 3, clubs = 4, grand = 5, null = 6 }
local TRUMP = { "d", "h", "s", "c", "c" }   -- a grand's jacks count as clubs (its mode)
local JACKS = { "Jc", "Js", "Jh", "Jd" }

-- the script's public state (var numbers)
local VALUE = 1    -- the last value named: an index into BIDS (0: none)
local ASKER = 2    -- the seat naming values
local HOLDER = 3   -- the seat answering them
local STAGE = 4    -- 1 middlehand to forehand, 2 rearhand to the survivor, 3 forehand alone
local GAME = 5     -- GAME_CODE of the game named (0: not yet)
local FLAGS = 6    -- 1 hand, 2 schneider announced, 4 schwarz announced, 8 ouvert
local HAND, SCHNEIDER, SCHWARZ, OUVERT = 1, 2, 4, 8

local function left(seat) return seat % 3 + 1 end

-- the game's value: the Lua reference (skat_reference.lua), the scoring the
-- prefabs are compared with
local ref = dofile((os.getenv("DECKHAND_ROOT") or ".") .. "/tests/lua/skat_reference.lua")
local value, points = ref.value, ref.points

-- the declarer found: the skat phase next, the defenders a team
local function declarer_is(g, seat, value_index)
  g:set(VALUE, value_index)
  g:set_declarer(seat)
  local a, b = left(seat), left(left(seat))
  g:set_team(b, a)   -- the two defenders play together
  g:goto_phase("skat", seat)
end

-- the bidding's stage, asker and holder (before the first call: middlehand
-- asks forehand)
local function bidding(g)
  local stage = g:var(STAGE)
  if stage == 0 then
    local forehand = left(g:dealer())
    return 1, left(forehand), forehand
  end
  return stage, g:var(ASKER), g:var(HOLDER)
end

-- someone passed in the bidding: who is left, and what follows
local function after_pass(g, out)
  local stage, asker, holder = bidding(g)
  local survivor = out == asker and holder or asker
  if stage == 1 then   -- rearhand (the dealer, at three) asks the survivor
    g:set(STAGE, 2)
    g:set(ASKER, g:dealer())
    g:set(HOLDER, survivor)
    return g:to(g:dealer())
  end
  if g:var(VALUE) > 0 then return declarer_is(g, survivor, g:var(VALUE)) end
  g:set(STAGE, 3)          -- nobody named a value: forehand may play at 18
  return g:to(survivor)
end

local bidding_phase = {
  name = "bidding",   -- (not "bid": a strategy's bid() answers the engine's bid phase)
  moves = function(g, seat)
    local stage, _, holder = bidding(g)
    if stage == 3 then return { "pass", "18" } end
    if seat == holder then return { "yes", "pass" } end
    local out = { "pass" }
    for i = g:var(VALUE) + 1, #BIDS do out[#out + 1] = tostring(BIDS[i]) end
    return out
  end,
  apply = function(g, seat, text)
    local stage, asker, holder = bidding(g)
    if stage == 3 then
      if text == "pass" then return g:redeal() end
      return declarer_is(g, seat, 1)
    end
    g:set(STAGE, stage)
    g:set(ASKER, asker)
    g:set(HOLDER, holder)
    if text == "pass" then return after_pass(g, seat) end
    if text == "yes" then return g:to(asker) end
    g:set(VALUE, INDEX[text])
    g:to(holder)
  end,
}

local skat = {
  name = "skat",
  moves = function() return { "pick up", "hand" } end,
  apply = function(g, seat, text)
    if text == "hand" then
      g:set(FLAGS, HAND)
      return g:goto_phase("declare", seat)
    end
    g:take(seat, 2)
    g:goto_phase("discard", seat)
  end,
}

local discard = {
  name = "discard",
  moves = function(g, seat)
    local cards, out = g:hand(seat):list(), {}
    for i = 1, #cards - 1 do
      for j = i + 1, #cards do out[#out + 1] = ("discard %s %s"):format(cards[i], cards[j]) end
    end
    return out
  end,
  apply = function(g, seat, text)
    g:discard(seat, dh.cards(text:match("^discard (.+)$")))
    g:goto_phase("declare", seat)
  end,
}

local declare = {
  name = "declare",
  moves = function(g)
    local hand = g:var(FLAGS) & HAND ~= 0
    local bid = BIDS[g:var(VALUE)]
    local out = {}
    for i = 1, 5 do
      out[#out + 1] = GAMES[i]
      if hand then
        out[#out + 1] = GAMES[i] .. " schneider"
        out[#out + 1] = GAMES[i] .. " schwarz"
      end
    end
    if hand then   -- since issue 31: the open suit games and grand (ISkO 5.2.6)
      for i = 1, 5 do out[#out + 1] = GAMES[i] .. " ouvert" end
    end
    -- since issue 31: no null below the bid (ISkO 3.4.1)
    if (hand and 35 or 23) >= bid then out[#out + 1] = "null" end
    if (hand and 59 or 46) >= bid then out[#out + 1] = "null ouvert" end
    return out
  end,
  apply = function(g, seat, text)
    local name, extra = text:match("^(%a+) ?(%a*)$")
    local code, flags = GAME_CODE[name], g:var(FLAGS)
    g:set(GAME, code)
    if extra == "schneider" then flags = flags | SCHNEIDER end
    if extra == "schwarz" then flags = flags | SCHNEIDER | SCHWARZ end
    if extra == "ouvert" then
      flags = flags | OUVERT
      if code ~= 6 then flags = flags | SCHNEIDER | SCHWARZ end
      g:expose(seat, "now")
    end
    g:set(FLAGS, flags)
    if code <= 4 then g:set_trump(TRUMP[code])
    elseif code == 5 then g:set_trump("c"); g:set_mode("grand") end
    g:start_play()
  end,
}

-- in a suit game the jacks count as the trump suit and rank above its
-- ace; the other cards rank A T K Q 9 8 7 (the base order is the null's)
local SUIT_ORDER = { A = 8, T = 7, K = 6, Q = 5, ["9"] = 4, ["8"] = 3, ["7"] = 2 }
local function table_for(trump, plain_clubs)
  local t = { suit_of = {}, strength = {} }
  for i, j in ipairs(JACKS) do
    t.suit_of[j] = trump
    t.strength[j] = 20 - i
  end
  for _, s in ipairs { "c", "d", "h", "s" } do
    for r, v in pairs(SUIT_ORDER) do
      t.strength[r .. s] = v
      if plain_clubs and s == "c" then t.suit_of[r .. s] = "none" end
    end
  end
  return t
end

return {
  name = "skat",
  options = {
    deals = 12,   -- deals in a match
  },
  value = value, bids = BIDS,   -- for tests and bots
  vars = { value = VALUE, asker = ASKER, holder = HOLDER, stage = STAGE, game = GAME, flags = FLAGS },
  build = function(o)
    if math.type(o.deals) ~= "integer" or o.deals < 1 then error("deals must be a positive integer") end
    return {
      seats = 3,
      deck = "piquet32",
      order = "A K Q J T 9 8 7",
      sizes = { 10 },
      trump = "none",
      opener = 2,   -- middlehand bids first
      trump_tables = { d = table_for("d"), h = table_for("h"), s = table_for("s"), c = table_for("c"),
                       grand = table_for("c", true) },
      phases = { bidding_phase, skat, discard, declare },
      public = function(text) return text:match("^discard ") and "discard" or text end,
      hand = R.follow_suit,
      play = R.trump_wins | R.highest_of_led,
      points = points,
      win = function() return nil end,   -- the deals decide: the highest total after the last
      max_hands = o.deals,
    }
  end,
}
