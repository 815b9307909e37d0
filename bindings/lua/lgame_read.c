/*
** lgame_read.c -- the reads a Game shares with a View (which knows less:
** counts in place of the other seats' cards) and with the State a Lua
** rule receives.  Each takes any of the three (tomatch).
*/
#include "lgame.h"

const char *const dhG_phase_names[] = { "pass", "bid", "play", "over", "script", "exchange" };
const char *const dhG_suit_letters[] = { "c", "d", "h", "s" };

static void push_suit(lua_State *L, int suit) {
  if (suit >= 0 && suit < 4) lua_pushstring(L, dhG_suit_letters[suit]); else lua_pushnil(L);
}

static void push_ints(lua_State *L, const int32_t *v, int n) {
  int i;
  lua_createtable(L, n, 0);
  for (i = 0; i < n; i++) { lua_pushinteger(L, v[i]); lua_rawseti(L, -2, i + 1); }
}

/* cards of a trick as a list, and the seats as a second list */
static int push_trick(lua_State *L, const dh_trick *t) {
  int i;
  lua_createtable(L, t->n, 0);
  for (i = 0; i < t->n; i++) { pushcard(L, t->cards[i]); lua_rawseti(L, -2, i + 1); }
  lua_createtable(L, t->n, 0);
  for (i = 0; i < t->n; i++) { lua_pushinteger(L, t->seats[i] + 1); lua_rawseti(L, -2, i + 1); }
  return 2;
}

/* ------------------------------------------------------- shared reads */

static int m_seats(lua_State *L) { lua_pushinteger(L, tomatch(L, 1)->nseats); return 1; }
static int m_sides(lua_State *L) { lua_pushinteger(L, tomatch(L, 1)->rules->nsides); return 1; }
static int m_side(lua_State *L) {
  const dh_match *m = tomatch(L, 1);
  lua_pushinteger(L, m->rules->side_of[checkseat(L, 2, m)] + 1);
  return 1;
}
/* team(seat) -> who the seat plays with this hand (seats of a team are
** partners in the tricks; side() is whom the score goes to) */
static int m_team(lua_State *L) {
  const dh_match *m = tomatch(L, 1);
  lua_pushinteger(L, m->team[checkseat(L, 2, m)] + 1);
  return 1;
}
/* the phase's name; a prefab phase's is its step's (phase.h).  A phase
** script's is the variant's, which the Lua layer knows: the phase it
** composes (lgame.c) carries its namer as UP_LUA; this read alone says
** "script". */
int dhG_phase(lua_State *L) {
  const dh_match *m = tomatch(L, 1);
  const char *step = m->phase == DH_PHASE_SCRIPT ? dh_phase_name(m->rules, m->step) : NULL;
  if (step) {
    lua_pushstring(L, step);
    return 1;
  }
  if (m->phase == DH_PHASE_SCRIPT && lua_type(L, lua_upvalueindex(UP_LUA)) == LUA_TFUNCTION) {
    lua_pushvalue(L, lua_upvalueindex(UP_LUA));
    lua_pushvalue(L, 1);
    lua_call(L, 1, 1);
    return 1;
  }
  lua_pushstring(L, dhG_phase_names[m->phase]);
  return 1;
}
static int m_next_player(lua_State *L) {
  int s = dh_match_next(tomatch(L, 1));
  if (s < 0) lua_pushnil(L); else lua_pushinteger(L, s + 1);
  return 1;
}
/* the seat whose turn it is: whose cards play now (next_player() is the
** seat that chooses them: declarer for a dummy) */
static int m_turn(lua_State *L) {
  const dh_match *m = tomatch(L, 1);
  if (m->phase == DH_PHASE_OVER) lua_pushnil(L); else lua_pushinteger(L, m->turn + 1);
  return 1;
}
/* controller(seat) -> the seat that chooses seat's cards this hand */
static int m_controller(lua_State *L) {
  const dh_match *m = tomatch(L, 1);
  lua_pushinteger(L, m->controller[checkseat(L, 2, m)] + 1);
  return 1;
}
static int m_hand_number(lua_State *L) { lua_pushinteger(L, tomatch(L, 1)->hand_no + 1); return 1; }
static int m_dealer(lua_State *L) { lua_pushinteger(L, tomatch(L, 1)->dealer + 1); return 1; }
static int m_leader(lua_State *L) { lua_pushinteger(L, tomatch(L, 1)->leader + 1); return 1; }
static int m_trump(lua_State *L) { push_suit(L, tomatch(L, 1)->trump); return 1; }
static int m_led(lua_State *L) { push_suit(L, tomatch(L, 1)->trick.led); return 1; }
static int m_upcard(lua_State *L) {
  const dh_match *m = tomatch(L, 1);
  if (m->upcard == DH_NO_CARD) lua_pushnil(L); else pushcard(L, m->upcard);
  return 1;
}
static int m_hand_size(lua_State *L) { lua_pushinteger(L, tomatch(L, 1)->hand_size); return 1; }
static int m_trick_number(lua_State *L) { lua_pushinteger(L, tomatch(L, 1)->trick_no + 1); return 1; }
static int m_talon_count(lua_State *L) { lua_pushinteger(L, dh_deck_left(&tomatch(L, 1)->talon)); return 1; }

/* the cards in a seat's hand (in a view: only those the seat may know) */
static int m_hand(lua_State *L) {
  const dh_match *m = tomatch(L, 1);
  dhL_pushset(L, m->hand[checkseat(L, 2, m)], m->rules->deck.layout);
  return 1;
}

/* per seat, the size of sets[seat]: a View knows the sizes (counted
** before it hid the cards), a Game or a State counts them */
static int push_sizes(lua_State *L, const dh_match *m, const uint8_t *known, const dh_cardset *sets) {
  int s;
  lua_createtable(L, m->nseats, 0);
  for (s = 0; s < m->nseats; s++) {
    lua_pushinteger(L, known ? known[s] : dh_set_count(sets[s]));
    lua_rawseti(L, -2, s + 1);
  }
  return 1;
}

/* how many cards each seat holds */
static int m_counts(lua_State *L) {
  const dh_match *m = tomatch(L, 1);
  dh_view *v = (dh_view *)testclass(L, 1, UP_VIEW);
  return push_sizes(L, m, v ? v->count : NULL, m->hand);
}

#define SET_GETTER(name, field) \
  static int name(lua_State *L) { \
    const dh_match *m = tomatch(L, 1); \
    dhL_pushset(L, m->field[checkseat(L, 2, m)], m->rules->deck.layout); \
    return 1; \
  }
SET_GETTER(m_taken, taken)
SET_GETTER(m_played_by, played_by)
SET_GETTER(m_passed, passed)
SET_GETTER(m_received, received)
SET_GETTER(m_excluded, excluded)

/* what phase scripts set: var(i) (1..8), declarer() (nil: none),
** sitting_out(seat), step() (the script's phase, 0 outside it) */
static int m_var(lua_State *L) {
  const dh_match *m = tomatch(L, 1);
  lua_Integer i = luaL_checkinteger(L, 2);
  luaL_argcheck(L, i >= 1 && i <= 8, 2, "var out of range (1 to 8)");
  lua_pushinteger(L, m->vars[i - 1]);
  return 1;
}
static int m_declarer(lua_State *L) {
  const dh_match *m = tomatch(L, 1);
  if (m->declarer >= m->nseats) lua_pushnil(L); else lua_pushinteger(L, m->declarer + 1);
  return 1;
}
static int m_sitting_out(lua_State *L) {
  const dh_match *m = tomatch(L, 1);
  lua_pushboolean(L, m->out_mask >> checkseat(L, 2, m) & 1);
  return 1;
}
static int m_step(lua_State *L) {
  const dh_match *m = tomatch(L, 1);
  lua_pushinteger(L, m->phase == DH_PHASE_SCRIPT ? m->step : 0);
  return 1;
}
/* the card table a trump gives (arg: a suit letter, "none", or absent:
** the one in force) */
static const int8_t *table_suits(lua_State *L, const dh_match *m, int arg, const uint8_t **strength) {
  const dh_rules *r = m->rules;
  int k = m->table;
  if (!lua_isnoneornil(L, arg)) {
    int suit = lua_type(L, arg) == LUA_TSTRING && strcmp(lua_tostring(L, arg), "none") == 0
               ? DH_NOSUIT : dhL_checksuit(L, arg);
    k = r->trump_table[suit];
  }
  *strength = k ? r->tables[k - 1].strength : r->strength;
  return k ? r->tables[k - 1].suit_of : r->suit_of;
}

/* counts_as(card [, trump]) -> the suit the card counts as (nil: none)
** and its strength in the variant's order, with that trump (default the
** one in force): what a card is worth under a trump not made yet */
static int m_counts_as(lua_State *L) {
  const dh_match *m = tomatch(L, 1);
  dh_card c = dhL_checkcard(L, 2);
  const uint8_t *strength;
  const int8_t *suit_of = table_suits(L, m, 3, &strength);
  push_suit(L, suit_of[c & 63]);
  lua_pushinteger(L, strength[c & 63]);
  return 2;
}

SET_GETTER(m_discard, discard)
SET_GETTER(m_took, took)

/* how many cards each seat has set aside (a view knows the counts) */
static int m_discards(lua_State *L) {
  const dh_match *m = tomatch(L, 1);
  dh_view *v = (dh_view *)testclass(L, 1, UP_VIEW);
  return push_sizes(L, m, v ? v->discards : NULL, m->discard);
}

static int m_played(lua_State *L) {
  const dh_match *m = tomatch(L, 1);
  dhL_pushset(L, m->played, m->rules->deck.layout);
  return 1;
}

/* the suits a seat has shown it lacks, as a string of suit letters */
static int m_voids(lua_State *L) {
  const dh_match *m = tomatch(L, 1);
  int s = checkseat(L, 2, m), i;
  char buf[5];
  size_t n = 0;
  for (i = 0; i < 4; i++) if ((m->voids[s] >> i) & 1) buf[n++] = dhG_suit_letters[i][0];
  lua_pushlstring(L, buf, n);
  return 1;
}

/* per-seat trick counts are bytes in the match */
static void push_counts(lua_State *L, const uint8_t *v, int n) {
  int i;
  lua_createtable(L, n, 0);
  for (i = 0; i < n; i++) { lua_pushinteger(L, v[i]); lua_rawseti(L, -2, i + 1); }
}

static int m_tricks(lua_State *L) {
  const dh_match *m = tomatch(L, 1);
  push_counts(L, m->tricks, m->nseats);
  return 1;
}
static int m_last_tricks(lua_State *L) {
  const dh_match *m = tomatch(L, 1);
  push_counts(L, m->last_tricks, m->nseats);
  return 1;
}
static int m_scores(lua_State *L) {
  const dh_match *m = tomatch(L, 1);
  push_ints(L, m->score, m->rules->nsides);
  return 1;
}
static int m_hand_points(lua_State *L) {
  const dh_match *m = tomatch(L, 1);
  push_ints(L, m->hand_points, m->rules->nsides);
  return 1;
}
static int m_bags(lua_State *L) {
  const dh_match *m = tomatch(L, 1);
  push_ints(L, m->bags, m->rules->nsides);
  return 1;
}

/* bids per seat: integers (0 Nil, -1 blind Nil), false before bidding */
static int m_bids(lua_State *L) {
  const dh_match *m = tomatch(L, 1);
  int s;
  lua_createtable(L, m->nseats, 0);
  for (s = 0; s < m->nseats; s++) {
    if (m->bid[s] == DH_NO_BID) lua_pushboolean(L, 0); else lua_pushinteger(L, m->bid[s]);
    lua_rawseti(L, -2, s + 1);
  }
  return 1;
}

static int m_trick(lua_State *L) { return push_trick(L, &tomatch(L, 1)->trick); }

/* the last completed trick's cards, its winner and the seats */
static int m_last_trick(lua_State *L) {
  const dh_match *m = tomatch(L, 1);
  if (m->last_winner >= m->nseats) { lua_pushnil(L); return 1; }
  push_trick(L, &m->last);
  lua_pushinteger(L, m->last_winner + 1);
  lua_insert(L, -2);
  return 3;
}

/* the winning sides once the match is over, else nil */
static int m_winners(lua_State *L) {
  const dh_match *m = tomatch(L, 1);
  int s, n = 0;
  if (m->phase != DH_PHASE_OVER) { lua_pushnil(L); return 1; }
  lua_newtable(L);
  for (s = 0; s < m->rules->nsides; s++)
    if ((m->winners >> s) & 1) { lua_pushinteger(L, s + 1); lua_rawseti(L, -2, ++n); }
  return 1;
}


const luaL_Reg dhG_read_methods[] = {
  { "seats", m_seats }, { "sides", m_sides }, { "side", m_side }, { "phase", dhG_phase },
  { "next_player", m_next_player }, { "turn", m_turn }, { "controller", m_controller },
  { "team", m_team }, { "hand_number", m_hand_number }, { "dealer", m_dealer },
  { "leader", m_leader }, { "trump", m_trump }, { "led", m_led }, { "upcard", m_upcard },
  { "hand_size", m_hand_size }, { "trick_number", m_trick_number },
  { "talon_count", m_talon_count }, { "hand", m_hand }, { "counts", m_counts },
  { "taken", m_taken }, { "played_by", m_played_by }, { "passed", m_passed },
  { "received", m_received }, { "excluded", m_excluded }, { "played", m_played },
  { "voids", m_voids }, { "var", m_var }, { "declarer", m_declarer },
  { "sitting_out", m_sitting_out }, { "step", m_step }, { "discard", m_discard },
  { "discards", m_discards }, { "took", m_took }, { "counts_as", m_counts_as },
  { "tricks", m_tricks }, { "last_tricks", m_last_tricks }, { "scores", m_scores },
  { "hand_points", m_hand_points }, { "bags", m_bags }, { "bids", m_bids },
  { "trick", m_trick }, { "last_trick", m_last_trick }, { "winners", m_winners },
  { "legal", dhG_legal }, { "can_exchange", dhG_can_exchange }, { NULL, NULL }
};

/* a Game's match, for the calls that read it (lbind.h: the solver) */
const dh_match *dhL_checkmatch(lua_State *L, int arg) { return checkgame(L, arg); }
