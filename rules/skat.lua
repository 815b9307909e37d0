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
-- schwarz, or played open ("ouvert": a suit game or grand open is a hand
-- game counted as schwarz announced, ISkO 5.2.6), and a null may be open
-- ("null ouvert"); an open game's declarer shows its hand to all before
-- the first lead.  A null whose value is below the bid is no valid
-- announcement and is not offered (ISkO 3.4.1: the declarer must announce
-- a valid game; a ruling at http://www.preisskat.org/null-hand-offen.html:
-- an announcement plainly short of the bid is refused).  The declarer
-- plays alone against the other two; forehand leads to the first trick.
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
-- when schneider was announced; every trick when schwarz was, or the game
-- is open).  A suit or
-- grand game's value is its base (diamonds 9, hearts 10, spades 11, clubs
-- 12, grand 24) times a multiplier: the matadors, the unbroken run of top
-- trumps from the jack of clubs the declarer held with the skat ("with")
-- or lacked ("without"), plus one for the game, one for hand, one for
-- schneider (a side with 30 or less), one for schneider announced, one
-- for schwarz (a side with no trick), one for schwarz announced, one for
-- ouvert.  An
-- announced level counts every level below it, reached or not: schneider
-- announced counts schneider too, schwarz announced counts schneider,
-- schneider announced and schwarz (ISkO 5.2.5; a grand hand with four,
-- schneider announced and missed, is 8 x 24 = 192, lost 384:
-- preisskat.org/angesagte-gewinnstufe.html).  A null
-- is worth 23, null hand 35, null ouvert 46, null ouvert hand 59, and is
-- won when the declarer takes no trick.  When the game's value is less
-- than the bid the declarer loses, the value then the smallest multiple
-- of the base that reaches the bid (ISkO 5.4.2).  The
-- declarer scores the value when winning, twice the value less when
-- losing; the defenders score nothing.  (The International Skat Order,
-- ISkO, sections 5.1 to 5.4: the German text at
-- https://www.yumpu.com/de/document/view/38595069/internationale-skatordnung-isko,
-- an English one at http://weddslist.com/skat/ordnung/skatordnung3.html;
-- pagat.com gives the same.)  A match is a number of deals (option
-- `deals`); the highest total wins.
--
-- Ramsch (option `ramsch`, default off: all passing throws the deal in).
-- Not in the ISkO; as http://www.skatspielen.info/spielvarianten.html
-- gives it: when all three pass, each plays for itself for the fewest
-- card points, the skat left lying, the jacks alone trumps as in a grand,
-- forehand leading.  The skat's points count to the last trick's taker
-- (option `ramsch_skat = "last"`) or, as
-- https://www.rasche-software.de/kd/manual/contentskate/uramsch.htm has
-- it, to the loser (`"loser"`).  The player with the most card points
-- loses them; players tied for the most all lose theirs (pagat.com's
-- Skat page: "If two players tie, they both lose").  With `jungfrau`
-- (default on) a player who took no trick doubles the loss
-- (http://www.skatwelt.net/jungfrau); one who took every trick scores
-- 120 and the others nothing.
--
-- Move texts: the bids `18`, `20` ...; `yes`, `pass`; `pick up`, `hand`;
-- `discard 7d 8d`; the games `diamonds`, `hearts`, `spades`, `clubs`,
-- `grand`, `null`, `null ouvert`, and in a hand game the suit or grand
-- with ` schneider`, ` schwarz` or ` ouvert`.
--
-- The bidding, the skat and the game named are the prefab phase
-- dh.phase.skat_bidding, the game's value the points prefab R.skat_value:
-- both in C (engine/trick/phase_skat.c, rule_skat.c), so a random deal
-- calls no Lua.  tests/lua/skat_reference.lua says the same in Lua: the
-- reference the prefabs are tested against.
local dh = require "deckhand"
local R = dh.rule

-- the prefab's numbers, from C (engine/trick/prefab.h): the 63 game values
-- a bid may name, the vars of its public state, what GAME and FLAGS hold
local SKAT = dh.phase.skat_bidding
local BIDS = SKAT.bids
local GAMES = {}   -- the phase's GAME var -> the game's name
for name, code in pairs(SKAT.games) do GAMES[code] = name end
local VALUE, GAME, FLAGS, ASKER, HOLDER = SKAT.vars.value, SKAT.vars.game, SKAT.vars.flags, SKAT.vars.asker,
                                          SKAT.vars.holder
local RAMSCH = SKAT.games.ramsch
local HAND, SCHNEIDER, SCHWARZ, OUVERT = SKAT.flags.hand, SKAT.flags.schneider, SKAT.flags.schwarz,
                                         SKAT.flags.ouvert

local JACKS = { "Jc", "Js", "Jh", "Jd" }

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

-- the bidding and the game for people: the value held and by whom, then
-- the declarer's game as named (hand, schneider, schwarz, ouvert)
local SEAT_NAME = { "forehand", "middlehand", "rearhand" }
local function status(g)
  local code, value, flags = g:var(GAME), g:var(VALUE), g:var(FLAGS)
  local d = g:declarer()
  local function who(seat) return ("seat %d"):format(seat) end
  if code == RAMSCH then return "ramsch: each for itself, the fewest card points" end
  if code ~= 0 and d then
    local words = { GAMES[code] }
    if flags & HAND ~= 0 then words[#words + 1] = "hand" end
    if flags & SCHNEIDER ~= 0 and flags & SCHWARZ == 0 then words[#words + 1] = "schneider" end
    if flags & SCHWARZ ~= 0 then words[#words + 1] = "schwarz" end
    if flags & OUVERT ~= 0 then words[#words + 1] = "ouvert" end
    return ("%s plays %s, bid %d"):format(who(d), table.concat(words, " "), BIDS[value] or 18)
  end
  if d then return ("%s won the bidding at %d"):format(who(d), BIDS[value] or 18) end
  local first = (g:dealer() % 3) + 1   -- forehand: left of the dealer
  local function role(seat) return SEAT_NAME[(seat - first) % 3 + 1] end
  if value == 0 then return "bidding: no value named yet" end
  local asker, holder = g:var(ASKER), g:var(HOLDER)
  return ("bidding: %d named by %s (%s) to %s (%s)"):format(BIDS[value], who(asker), role(asker),
                                                         who(holder), role(holder))
end

return {
  name = "skat",
  options = {
    deals = 12,            -- deals in a match
    ramsch = false,        -- all passing plays Ramsch (else the deal is thrown in)
    ramsch_skat = "last",  -- Ramsch: the skat counts to the last trick's taker ("last") or the loser ("loser")
    jungfrau = true,       -- Ramsch: a player without a trick doubles the loser's loss
  },
  bids = SKAT.bids, vars = SKAT.vars,   -- for tests and bots
  build = function(o)
    if math.type(o.deals) ~= "integer" or o.deals < 1 then error("deals must be a positive integer") end
    if o.ramsch and o.ramsch_skat ~= "last" and o.ramsch_skat ~= "loser" then error(("skat: ramsch_skat must be last or loser, got %s"):format(tostring(o.ramsch_skat)), 0) end
    return {
      seats = 3,
      deck = "piquet32",
      order = "A K Q J T 9 8 7",
      sizes = { 10 },
      trump = "none",
      opener = 2,   -- middlehand bids first
      trump_tables = { d = table_for("d"), h = table_for("h"), s = table_for("s"), c = table_for("c"),
                       grand = table_for("c", true) },
      -- the bidding, the skat, the two cards laid away (face down: the
      -- others see "discard") and the game named, played in C
      phases = o.ramsch and dh.phase.skat_bidding { ramsch = true, ramsch_skat = o.ramsch_skat,
                                                    jungfrau = o.jungfrau }
               or dh.phase.skat_bidding(),
      hand = R.follow_suit,
      play = R.trump_wins | R.highest_of_led,
      points = R.skat_value {},
      win = R.highest_after(o.deals),   -- the deals decide: the highest total after the last
      max_hands = o.deals,
    }
  end,
  -- the table a view describes (deckhand/table.lua): the bidding or the
  -- game named (read from the seat's own view), the talon called the skat,
  -- and for the declarer the two cards it took from the skat
  table = function(t, _, view)
    table.insert(t.status, 1, status(view))
    for _, p in ipairs(t.piles) do
      if p.name == "talon" then p.name = "skat" end
    end
    for _, g in ipairs(t.players[t.seat].groups) do
      if g.label == "taken up" then g.label = "from the skat" end
    end
  end,
}
