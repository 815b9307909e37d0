/*
** lgame.c -- deckhand.Game (a match being played), deckhand.View (what
** one seat may know of it) and the read-only methods they share with the
** State a Lua rule receives.
**
** Seats, sides and hands are 1-based here and 0-based in the engine.  A
** Game's user values: 1 the Rules it is played by (kept alive), 2 its
** actions, a flat list of integers that game:record() expands, 3-6 what
** deckhand.game started it from (for records): the variant, the seed and
** dealer as given, the stacked deal.  Values, not a table: a Lua strategy
** makes a game per deal.
*/
#include <string.h>

#include "lbind.h"
#include "match.h"
#include "phase.h"
#include "playout.h"
#include "policy.h"
#include "view.h"

#define DH_GAME  "deckhand.Game"
#define DH_VIEW  "deckhand.View"
#define DH_STATE "deckhand.State"

/* action log entries: kind | seat << 4 | payload << 8; a pass is followed
** by one more integer, the set passed; a phase script's move logs the
** number its text has in the variant's list of script texts (game.lua).  When a hand ends the log gets an
** ACT_HAND entry (payload: the number of sides), the hand's points per
** side, one integer each, and the tricks per seat packed a byte each: what
** game:result() reports hand by hand.  The log is a growing userdata. */
enum { ACT_PLAY = 1, ACT_BID = 2, ACT_PASS = 3, ACT_HAND = 4, ACT_SCRIPT = 5, ACT_EXCHANGE = 6 };

/* the log also holds the legal cards legal() last gave, valid while the
** log has legal_at - 1 entries: play() need not ask the hand rule again */
typedef struct alog {
  lua_Integer n, cap;
  lua_Integer legal_at;   /* n + 1 while legal is valid, else 0 */
  dh_cardset legal;
  int64_t e[1];
} alog;

/* a Game's match, and its log by address, so that logging an action asks
** Lua for nothing; userdata do not move.  The match lives in a block of its
** own (a userdata with no metatable, the Game's user value UV_BLOCK) which
** a collected Game gives back to a pool (UP_POOL) for the next new Game: a
** match is about 1 KB, and a new block per game was a large request for
** glibc's malloc, which then consolidates its fast bins (every small
** object freed since) on each game a Lua strategy starts.  The block
** holds a first log of LOG_FIRST entries (a hand of Spades logs 60) after
** the lgame; a longer log is a userdata of its own (user value UV_LOG). */
typedef struct lgame { dh_match m; alog *log; } lgame;

#define LOG_FIRST 64
#define BLOCK_SIZE (sizeof(lgame) + sizeof(alog) + (LOG_FIRST - 1) * sizeof(int64_t))

/* a Game userdata: its block, and the tag (see lbind.h); g is NULL only
** once the Game was finalized */
typedef struct lhandle { lgame *g; unsigned tag; } lhandle;

/* a Game's user values (see the top) */
enum { UV_RULES = 1, UV_LOG, UV_VARIANT, UV_SEED, UV_DEALER, UV_DEAL, UV_BLOCK, NUV = UV_BLOCK };

/* blocks kept for new games: enough for the games a Lua strategy's bench
** drops between two collections, a few hundred KB at most */
#define POOL_MAX 256

static alog *new_log(lua_State *L, lua_Integer cap) {
  alog *a = (alog *)lua_newuserdatauv(L, sizeof(alog) + (size_t)(cap - 1) * sizeof(int64_t), 0);
  a->n = 0;
  a->cap = cap;
  a->legal_at = 0;
  return a;
}

/* a new empty log of room cap (at least), made the log of the game at g:
** a new game's is the one in its block */
static alog *set_new_log(lua_State *L, int g, lua_Integer cap) {
  lgame *b = ((lhandle *)lua_touserdata(L, g))->g;
  alog *a;
  if (!b->log && cap <= LOG_FIRST) {
    a = (alog *)(void *)(b + 1);
    a->n = 0;
    a->cap = LOG_FIRST;
    a->legal_at = 0;
  } else {
    g = lua_absindex(L, g);
    a = new_log(L, cap);
    lua_setiuservalue(L, g, UV_LOG);
  }
  b->log = a;
  return a;
}

/* the log of the game at g */
static alog *get_log(lua_State *L, int g) {
  return ((lhandle *)lua_touserdata(L, g))->g->log;
}

/* appends to the log of m, the game at index 1 */
static void log_push(lua_State *L, dh_match *m, int64_t v) {
  alog *a = ((lgame *)m)->log;
  if (a->n == a->cap) {
    alog *b = set_new_log(L, 1, a->cap * 2);
    memcpy(b->e, a->e, (size_t)a->n * sizeof(int64_t));
    b->n = a->n;
    a = b;
  }
  a->e[a->n++] = v;
}

static const char *const phase_names[] = { "pass", "bid", "play", "over", "script", "exchange" };
static const char *const suit_letters[] = { "c", "d", "h", "s" };

/*
** Every function of this file has these upvalues: the metatables it checks
** and sets, and the card cache.  A check compares the metatable with an
** upvalue: no lookup by name (a string compare) or by address in the
** registry, which mattered for the calls a Lua strategy makes per card.
*/
enum { UP_GAME = 1, UP_VIEW, UP_STATE, UP_SET, UP_CARDS, UP_SMALL, UP_POOL, UP_BIDS, UP_BID_OF, NUP = UP_BID_OF };

static void *testclass(lua_State *L, int arg, int mt) {
  void *p = lua_touserdata(L, arg);
  int same;
  if (!p || !lua_getmetatable(L, arg)) return NULL;
  same = lua_rawequal(L, -1, lua_upvalueindex(mt));
  lua_pop(L, 1);
  return same ? p : NULL;
}


/* dhL_pushcard from the cache in the upvalue */
static void pushcard(lua_State *L, dh_card c) {
  if (lua_rawgeti(L, lua_upvalueindex(UP_CARDS), c) == LUA_TUSERDATA) return;
  lua_pop(L, 1);
  dhL_pushcard(L, c);
}

/* a Game's block by its tag (see lbind.h): every Game carries it */
static void *togame(lua_State *L, int arg) {
  lhandle *h = (lhandle *)dhL_totagged(L, arg, sizeof(lhandle), offsetof(lhandle, tag), DH_TAG_GAME);
  return h ? h->g : NULL;
}

static dh_match *checkgame(lua_State *L, int arg) {
  void *p = togame(L, arg);
  if (!p) luaL_typeerror(L, arg, "game");
  return (dh_match *)p;
}

const dh_match *dhL_checkmatch(lua_State *L, int arg) { return checkgame(L, arg); }

static dh_view *checkview(lua_State *L, int arg) {
  void *p = testclass(L, arg, UP_VIEW);
  if (!p) luaL_typeerror(L, arg, "view");
  return (dh_view *)p;
}

/* any of Game, View, State, read only */
static const dh_match *tomatch(lua_State *L, int arg) {
  void *p = togame(L, arg);
  const dh_match *s;
  if (p) return (const dh_match *)p;
  if (testclass(L, arg, UP_STATE) && (s = dhL_tostate(L, arg)) != NULL) return s;
  if ((p = testclass(L, arg, UP_VIEW)) != NULL) return &((dh_view *)p)->m;
  luaL_typeerror(L, arg, "game, view or state");
  return NULL;
}

static int checkseat(lua_State *L, int arg, const dh_match *m) {
  int isnum;
  lua_Integer s = lua_tointegerx(L, arg, &isnum);
  if (!isnum) s = luaL_checkinteger(L, arg);  /* raises the usual error */
  luaL_argcheck(L, s >= 1 && s <= m->nseats, arg, "seat out of range");
  return (int)s - 1;
}

static void push_suit(lua_State *L, int suit) {
  if (suit >= 0 && suit < 4) lua_pushstring(L, suit_letters[suit]); else lua_pushnil(L);
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
/* the phase's name; a prefab phase's is its step's (phase.h), a phase
** script's the variant's (the protocol's Lua half names it, see
** game_protocol) */
#define PHASE_HANDLER "deckhand.script_phase"
static int m_phase(lua_State *L) {
  const dh_match *m = tomatch(L, 1);
  const char *step = m->phase == DH_PHASE_SCRIPT ? dh_phase_name(m->rules, m->step) : NULL;
  if (step) {
    lua_pushstring(L, step);
    return 1;
  }
  if (m->phase == DH_PHASE_SCRIPT && lua_getfield(L, LUA_REGISTRYINDEX, PHASE_HANDLER) == LUA_TFUNCTION) {
    lua_pushvalue(L, 1);
    lua_call(L, 1, 1);
    return 1;
  }
  lua_pushstring(L, phase_names[m->phase]);
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
  for (i = 0; i < 4; i++) if ((m->voids[s] >> i) & 1) buf[n++] = suit_letters[i][0];
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

/* dhL_pushset with the CardSet metatable from the upvalue: legal() and
** moves() are called for every card a Lua strategy plays.  A set of one or
** two cards (two decisions in five of a random Spades deal) is made once
** per layout and kept in the UP_SMALL table: a CardSet cannot change, so
** every caller may share it, and a new userdata per call (its allocation
** and its collection) cost more than the rest of moves(). */
static void push_set(lua_State *L, dh_cardset s, int layout) {
  dhL_set *u;
  dh_cardset rest = s & (s - 1);  /* s without its first card */
  lua_Integer key = 0;
  if (s && !(rest & (rest - 1))) {  /* one or two cards */
    key = 1 + dh_set_first(s) + 64 * (rest ? dh_set_first(rest) + 1 : 0) + 4096 * (lua_Integer)layout;
    if (lua_rawgeti(L, lua_upvalueindex(UP_SMALL), key) == LUA_TUSERDATA) return;
    lua_pop(L, 1);
  }
  u = (dhL_set *)lua_newuserdatauv(L, sizeof(dhL_set), 0);
  u->bits = s;
  u->layout = layout;
  u->tag = DH_TAG_SET;
  lua_pushvalue(L, lua_upvalueindex(UP_SET));
  lua_setmetatable(L, -2);
  if (key) {
    lua_pushvalue(L, -1);
    lua_rawseti(L, lua_upvalueindex(UP_SMALL), key);
  }
}

/* legal actions of the seat to act: a CardSet (pass, play) or a list (bid);
** nil when over (or, in a view, when another seat is to act) */
static int m_legal(lua_State *L) {
  void *game = togame(L, 1);
  const dh_match *m = (const dh_match *)game;
  dh_view *v = NULL;
  if (!m) {
    v = (dh_view *)testclass(L, 1, UP_VIEW);
    m = v ? &v->m : tomatch(L, 1);
  }
  if (m->phase == DH_PHASE_OVER || (v && dh_match_next(m) != v->seat)) { lua_pushnil(L); return 1; }
  dhL_rules_enter(L, m->rules);
  if (m->phase == DH_PHASE_BID) {
    int bids[72], n = dh_match_legal_bids(m, bids, 72), i;
    if (n < 0) return dhL_rules_raise(L);
    lua_createtable(L, n, 0);
    for (i = 0; i < n; i++) { lua_pushinteger(L, bids[i]); lua_rawseti(L, -2, i + 1); }
  } else {
    dh_cardset s;
    if (dh_match_legal(m, &s) != DH_OK) return dhL_rules_raise(L);
    if (game && m->phase == DH_PHASE_PLAY && !m->rules->has_calls) {
      alog *a = ((lgame *)game)->log;  /* play() may trust these cards */
      a->legal = s;
      a->legal_at = a->n + 1;
    }
    push_set(L, s, m->rules->deck.layout);
  }
  return 1;
}

/* ---------------------------------------------------------- the Game */

/* a new Game on the stack, its match zeroed: the block from the pool when
** it has one */
static dh_match *push_game(lua_State *L, int rules_idx) {
  lhandle *h;
  lgame *g;
  lua_Integer n;
  rules_idx = lua_absindex(L, rules_idx);
  h = (lhandle *)lua_newuserdatauv(L, sizeof(lhandle), NUV);
  h->g = NULL;
  h->tag = DH_TAG_GAME;
  lua_pushvalue(L, lua_upvalueindex(UP_GAME));
  lua_setmetatable(L, -2);  /* at once: Lua finds an object to finalize fast while it is the newest */
  lua_pushvalue(L, rules_idx);
  lua_setiuservalue(L, -2, UV_RULES);
  n = (lua_Integer)lua_rawlen(L, lua_upvalueindex(UP_POOL));
  if (n > 0) {
    lua_rawgeti(L, lua_upvalueindex(UP_POOL), n);
    lua_pushnil(L);
    lua_rawseti(L, lua_upvalueindex(UP_POOL), n);
    g = (lgame *)lua_touserdata(L, -1);
  } else
    g = (lgame *)lua_newuserdatauv(L, BLOCK_SIZE, 0);
  memset(g, 0, sizeof(lgame));  /* (set_new_log writes the first log's header) */
  lua_setiuservalue(L, -2, UV_BLOCK);
  h->g = g;
  return &g->m;
}

/* __gc: the block goes back to the pool.  Only the collector calls this (a
** Game's metatable is hidden from Lua code), but a second call does
** nothing, and the Game keeps its block: nothing is freed under it. */
static int game_gc(lua_State *L) {
  lhandle *h = (lhandle *)dhL_totagged(L, 1, sizeof(lhandle), offsetof(lhandle, tag), DH_TAG_GAME);
  lua_Integer n;
  if (!h || !h->g) return 0;
  h->g = NULL;
  n = (lua_Integer)lua_rawlen(L, lua_upvalueindex(UP_POOL));
  if (n < POOL_MAX) {
    lua_getiuservalue(L, 1, UV_BLOCK);
    lua_rawseti(L, lua_upvalueindex(UP_POOL), n + 1);
  }
  return 0;
}

/* core.game(rules, seed, dealer [, hands [, talon [, variant [, deal]]]]):
** hands a list per seat; with a variant, the game keeps what it was
** started from (variant, the seed and dealer as given, deal) for
** core.game_origin */
static int game_new(lua_State *L) {
  const dh_rules *r = dhL_checkrules(L, 1);
  uint64_t seed = (uint64_t)luaL_checkinteger(L, 2);
  int dealer = (int)luaL_optinteger(L, 3, 1) - 1, s;
  dh_match *m;
  lua_settop(L, 7);  /* the game goes above the arguments, however many were given */
  luaL_argcheck(L, dealer >= 0 && dealer < r->nseats, 3, "dealer out of range");
  if (lua_isnoneornil(L, 4)) {
    m = push_game(L, 1);
    dh_match_init(m, r, seed, dealer);
  } else {
    dh_cardset hands[DH_MAX_SEATS] = { 0 };
    dh_card talon[64];
    int nt = 0;
    luaL_checktype(L, 4, LUA_TTABLE);
    for (s = 0; s < r->nseats; s++) {
      lua_geti(L, 4, s + 1);
      if (lua_isnil(L, -1)) return luaL_error(L, "deal: no hand for seat %d", s + 1);
      hands[s] = dhL_checkset(L, lua_gettop(L), NULL);
      lua_pop(L, 1);
    }
    if (!lua_isnoneornil(L, 5)) {
      lua_Integer i, n;
      luaL_checktype(L, 5, LUA_TTABLE);
      n = luaL_len(L, 5);
      if (n > 64) return luaL_error(L, "deal: talon too long");
      for (i = 1; i <= n; i++) {
        lua_geti(L, 5, i);
        talon[nt++] = dhL_checkcard(L, lua_gettop(L));
        lua_pop(L, 1);
      }
    }
    m = push_game(L, 1);
    if (!dh_match_init_deal(m, r, seed, dealer, hands, talon, nt))
      return luaL_error(L, "deal: each seat needs %d distinct cards of the deck, the talon "
                           "other cards of the deck", r->sizes[0]);
  }
  set_new_log(L, -1, 64);
  if (!lua_isnoneornil(L, 6)) {
    static const int from[] = { 6, 2, 3, 7 };
    int i;
    for (i = 0; i < 4; i++) {
      lua_pushvalue(L, from[i]);
      lua_setiuservalue(L, -2, UV_VARIANT + i);
    }
  }
  return 1;
}

/* core.game_origin(game) -> {variant, seed, dealer, deal} as given to
** core.game (clones share them), or nil (also for a View or a State) */
static int game_origin(lua_State *L) {
  static const char *const names[] = { "variant", "seed", "dealer", "deal" };
  int i;
  if (!togame(L, 1)) {
    tomatch(L, 1);  /* a View or a State has none; anything else is a mistake */
    lua_pushnil(L);
    return 1;
  }
  if (lua_getiuservalue(L, 1, UV_VARIANT) <= LUA_TNIL) return 1;  /* nil: none */
  lua_pop(L, 1);
  lua_createtable(L, 0, 4);
  for (i = 0; i < 4; i++) {
    lua_getiuservalue(L, 1, UV_VARIANT + i);
    lua_setfield(L, -2, names[i]);
  }
  return 1;
}

static void log_action(lua_State *L, dh_match *m, int kind, int seat, lua_Integer payload,
                       int extra, lua_Integer more) {
  log_push(L, m, kind | seat << 4 | payload << 8);
  if (extra) log_push(L, m, more);
}

/* after a play: when it ended a hand (hand_before is the hand number it was
** played in), logs what the hand gave */
static void log_hand_end(lua_State *L, dh_match *m, int hand_before) {
  int s;
  int64_t tricks = 0;
  if (m->hand_no == hand_before && m->phase != DH_PHASE_OVER) return;
  log_push(L, m, ACT_HAND | (int64_t)m->rules->nsides << 8);
  for (s = 0; s < m->rules->nsides; s++) log_push(L, m, m->hand_points[s]);
  for (s = 0; s < m->nseats; s++) tricks |= (int64_t)m->last_tricks[s] << (8 * s);
  log_push(L, m, tricks);
}

/* nil, message, code for a refused action (Lua's order, as io.open: the
** message second, so that assert() shows it) */
static int refuse(lua_State *L, int code, const char *fmt, const char *arg) {
  if (code == DH_E_RULE) return dhL_rules_raise(L);
  lua_pushnil(L);
  lua_pushfstring(L, fmt, arg);
  lua_pushstring(L, dh_error_name(code));
  return 3;
}

static const char *why_fmt(int code) {
  switch (code) {
    case DH_E_CARD_NOT_IN_HAND: return "card not in player hand: %s";
    case DH_E_MUST_FOLLOW_SUIT: return "must follow suit: %s";
    case DH_E_SUIT_NOT_BROKEN: return "suit not broken: %s";
    case DH_E_MUST_TRUMP: return "must trump: %s";
    case DH_E_MUST_OVERTRUMP: return "must overtrump: %s";
    case DH_E_MUST_BEAT: return "must beat the trick: %s";
    case DH_E_FIRST_TRICK: return "not allowed on the first trick: %s";
    case DH_E_MUST_LEAD: return "must lead the opening card: %s";
    case DH_E_GAME_OVER: return "game over%s";
    case DH_E_WRONG_PHASE: return "wrong phase: %s";
    default: return "illegal card: %s";
  }
}

static int turn_refusal(lua_State *L, const dh_match *m, int code, const char *what) {
  if (code == DH_E_NOT_YOUR_TURN) {
    lua_pushinteger(L, lua_tointeger(L, 2));
    return refuse(L, code, "not player turn: %s", lua_tostring(L, -1));
  }
  if (code == DH_E_WRONG_PHASE) return refuse(L, code, "wrong phase: %s", phase_names[m->phase]);
  if (code == DH_E_GAME_OVER) return refuse(L, code, "game over%s", "");
  return refuse(L, code, why_fmt(code), what);
}

/* game:play(seat, card) -> true | nil, message, code */
/* a rule that plays moves would change the game under the engine's feet */
static dh_match *checkmutable(lua_State *L, int arg) {
  dh_match *m = checkgame(L, arg);
  if (dhL_rules_busy(m->rules)) luaL_error(L, "a game of this variant cannot change while its rule runs");
  return m;
}

/* plays c for seat and logs it: true, or nil, message, code */
static int do_play(lua_State *L, dh_match *m, int seat, dh_card c) {
  char name[DH_CARD_NAMELEN];
  const alog *a = ((const lgame *)(void *)m)->log;
  int err, hand = m->hand_no;
  dhL_rules_enter(L, m->rules);
  if (a->legal_at == a->n + 1 && seat == dh_match_next(m) && dh_set_has(a->legal, c) &&
      dh_card_at(c & 63, m->rules->deck.layout) == c)
    err = dh_match_play_legal(m, c);  /* legal() or moves() has just said so */
  else
    err = dh_match_play(m, seat, c);
  if (err) {
    dh_card_name(c, name);
    return turn_refusal(L, m, err, name);
  }
  log_action(L, m, ACT_PLAY, seat, c, 0, 0);
  log_hand_end(L, m, hand);
  lua_pushboolean(L, 1);
  return 1;
}

static int game_play(lua_State *L) {
  dh_match *m = checkmutable(L, 1);
  int seat = checkseat(L, 2, m);
  return do_play(L, m, seat, dhL_checkcard(L, 3));
}

/* game:bid(seat, n) */
/* bids b for seat and logs it: true, or nil, message, code */
static int do_bid(lua_State *L, dh_match *m, int seat, lua_Integer b) {
  int err;
  dhL_rules_enter(L, m->rules);
  if (m->phase == DH_PHASE_OVER) err = DH_E_GAME_OVER;
  else if (m->phase != DH_PHASE_BID) err = DH_E_WRONG_PHASE;
  else if (seat != m->turn) err = DH_E_NOT_YOUR_TURN;
  else if (b < DH_BID_BLIND_NIL || b > 64) err = DH_E_BAD_BID;
  else err = dh_match_bid(m, seat, (int)b);
  if (err) {
    lua_pushfstring(L, "%I", (LUAI_UACINT)b);
    if (err == DH_E_BAD_BID) return refuse(L, err, "bad bid: %s", lua_tostring(L, -1));
    return turn_refusal(L, m, err, lua_tostring(L, -1));
  }
  log_action(L, m, ACT_BID, seat, b + 8, 0, 0);
  lua_pushboolean(L, 1);
  return 1;
}

static int game_bid(lua_State *L) {
  dh_match *m = checkmutable(L, 1);
  int seat = checkseat(L, 2, m);
  return do_bid(L, m, seat, luaL_checkinteger(L, 3));
}

/* game:pass(seat, cards) */
static int game_pass(lua_State *L) {
  dh_match *m = checkmutable(L, 1);
  int seat = checkseat(L, 2, m), err;
  dh_cardset s = dhL_checkset(L, 3, NULL);
  err = dh_match_pass(m, seat, s);
  if (err == DH_E_CARD_NOT_IN_HAND) {
    char name[DH_CARD_NAMELEN];
    dh_card_name(dh_card_at(dh_set_first(s & ~m->hand[seat]), m->rules->deck.layout), name);
    return refuse(L, err, "card not in player hand: %s", name);
  }
  if (err == DH_E_BAD_PASS) {
    lua_pushfstring(L, "%d", dh_match_pass_count(m, seat));
    return refuse(L, err, "must pass %s cards", lua_tostring(L, -1));
  }
  if (err) return turn_refusal(L, m, err, "");
  log_action(L, m, ACT_PASS, seat, 0, 1, (lua_Integer)s);
  lua_pushboolean(L, 1);
  return 1;
}

/* game:exchange(seat): the lowest trump for the turned card (the rules'
** trump_exchange) -> true | nil, message, code */
static int game_exchange(lua_State *L) {
  dh_match *m = checkmutable(L, 1);
  int seat = checkseat(L, 2, m), err = dh_match_exchange(m, seat);
  if (err == DH_E_CANNOT_EXCHANGE) {
    const char *why = !m->rules->trump_exchange ? "the variant has no trump exchange"
                    : m->swapped != DH_NO_CARD ? "the turned card was exchanged already"
                    : m->rules->trump_exchange == 2 && m->trick_no > 0 ? "only during the first trick"
                    : dh_deck_left(&m->talon) < 2 ? "the talon is down to the turned card"
                    : "the lowest trump is not in the hand";
    return refuse(L, err, "cannot exchange: %s", why);
  }
  if (err) return turn_refusal(L, m, err, "exchange");
  log_action(L, m, ACT_EXCHANGE, seat, 0, 0, 0);
  lua_pushboolean(L, 1);
  return 1;
}

/* game:can_exchange() / view:can_exchange() -> whether the seat to act
** (a view's: its own seat only) may exchange the lowest trump now */
static int m_can_exchange(lua_State *L) {
  void *game = togame(L, 1);
  dh_view *v = game ? NULL : (dh_view *)testclass(L, 1, UP_VIEW);
  const dh_match *m = game ? (const dh_match *)game : v ? &v->m : tomatch(L, 1);
  lua_pushboolean(L, (!v || dh_match_next(m) == v->seat) && dh_match_can_exchange(m));
  return 1;
}

/* game:hands() -> what each finished hand gave, in order: a list of
** { points = { per side }, tricks = { per seat } } */
static int game_hands(lua_State *L) {
  dh_match *m = checkgame(L, 1);
  alog *a = get_log(L, 1);
  lua_Integer i, k = 0;
  lua_newtable(L);
  for (i = 0; i < a->n; i++) {
    int64_t e = a->e[i];
    int s, nsides;
    if ((e & 15) == ACT_PASS) { i++; continue; }  /* its set follows */
    if ((e & 15) != ACT_HAND) continue;
    nsides = (int)(e >> 8);
    lua_createtable(L, 0, 2);
    lua_createtable(L, nsides, 0);
    for (s = 0; s < nsides; s++) { lua_pushinteger(L, a->e[i + 1 + s]); lua_rawseti(L, -2, s + 1); }
    lua_setfield(L, -2, "points");
    lua_createtable(L, m->nseats, 0);
    for (s = 0; s < m->nseats; s++) {
      lua_pushinteger(L, (a->e[i + 1 + nsides] >> (8 * s)) & 255);
      lua_rawseti(L, -2, s + 1);
    }
    lua_setfield(L, -2, "tricks");
    lua_rawseti(L, -2, ++k);
    i += nsides + 1;
  }
  return 1;
}

/* the protocol's Lua half (deckhand/game.lua) registers what it says
** better in Lua: the moves of the bid and pass phases, and moves given as
** texts, numbers or card lists */
#define MOVES_HANDLER "deckhand.trick_moves"
#define APPLY_HANDLER "deckhand.trick_apply"

static int call_handler(lua_State *L, const char *name, int nargs) {
  int base = lua_gettop(L) - nargs;
  if (lua_getfield(L, LUA_REGISTRYINDEX, name) != LUA_TFUNCTION)
    return luaL_error(L, "the game protocol is not loaded (require \"deckhand\")");
  lua_insert(L, base + 1);
  lua_call(L, nargs, LUA_MULTRET);
  return lua_gettop(L) - base;
}

/* the bid Moves of the match's rules, one per bid value, made by the Lua
** half on first use and kept in the UP_BIDS table, weakly keyed by the
** Rules; each Move's bid is in UP_BID_OF, weakly keyed by the Move, for
** apply().  Pushes the Move of bid b. */
static void push_bid_move(lua_State *L, int cache, int b) {
  if (lua_rawgeti(L, cache, b - DH_BID_BLIND_NIL + 1) != LUA_TNIL) return;
  lua_pop(L, 1);
  lua_pushvalue(L, 1);
  lua_pushinteger(L, b);
  call_handler(L, MOVES_HANDLER, 2);
  lua_settop(L, cache + 2);
  lua_pushvalue(L, -1);
  lua_rawseti(L, cache, b - DH_BID_BLIND_NIL + 1);
  lua_pushvalue(L, -1);
  lua_pushinteger(L, b);
  lua_rawset(L, lua_upvalueindex(UP_BID_OF));
}

/* game:moves() / view:moves() -> the legal moves of the seat to act.  In
** the play phase a CardSet of the legal cards: a list of Cards that costs
** no more than legal() (#moves, moves[i], ipairs; rng:pick takes it); in
** the other phases a table of Moves.  An empty list when the match is
** over (or, in a view, when another seat acts). */
static int m_moves(lua_State *L) {
  void *game = togame(L, 1);
  dh_view *v = game ? NULL : checkview(L, 1);
  const dh_match *m = game ? (const dh_match *)game : &v->m;
  dh_cardset s;
  if (m->phase == DH_PHASE_OVER || (v && dh_match_next(m) != v->seat)) {
    lua_newtable(L);
    return 1;
  }
  if (m->phase == DH_PHASE_BID) {
    int bids[72], n = dh_match_legal_bids(m, bids, 72), i, cache;
    lua_settop(L, 1);
    dhL_rules_enter(L, m->rules);
    if (n < 0) return dhL_rules_raise(L);
    lua_getiuservalue(L, 1, 1);  /* the Rules: a Game's and a View's first user value */
    if (lua_rawget(L, lua_upvalueindex(UP_BIDS)) != LUA_TTABLE) {
      lua_pop(L, 1);
      lua_newtable(L);
      lua_getiuservalue(L, 1, 1);
      lua_pushvalue(L, -2);
      lua_rawset(L, lua_upvalueindex(UP_BIDS));
    }
    cache = lua_gettop(L);
    lua_createtable(L, n, 0);
    for (i = 0; i < n; i++) {
      push_bid_move(L, cache, bids[i]);
      lua_rawseti(L, cache + 1, i + 1);
    }
    return 1;
  }
  if (m->phase != DH_PHASE_PLAY) {
    lua_settop(L, 1);
    return call_handler(L, MOVES_HANDLER, 1);
  }
  dhL_rules_enter(L, m->rules);
  if (dh_match_legal(m, &s) != DH_OK) return dhL_rules_raise(L);
  if (game && !m->rules->has_calls) {
    alog *a = ((lgame *)game)->log;  /* apply() may trust these cards */
    a->legal = s;
    a->legal_at = a->n + 1;
  }
  /* the trump exchange is a move beside the cards: the Lua half lists both */
  if (m->rules->trump_exchange && dh_match_can_exchange(m)) {
    lua_settop(L, 1);
    push_set(L, s, m->rules->deck.layout);
    return call_handler(L, MOVES_HANDLER, 2);
  }
  push_set(L, s, m->rules->deck.layout);  /* above whatever else was passed */
  return 1;
}

/* is the value at arg one of the bid Moves that moves() gave (for any
** rules: the Lua half would bid its bid too)?  Then *b is its bid. */
static int is_bid_move(lua_State *L, int arg, lua_Integer *b) {
  int isnum;
  if (lua_type(L, arg) != LUA_TTABLE) return 0;
  lua_pushvalue(L, arg);
  lua_rawget(L, lua_upvalueindex(UP_BID_OF));
  *b = lua_tointegerx(L, -1, &isnum);
  lua_pop(L, 1);
  return isnum;
}

/* game:apply(seat, move [, amount]) -> true, or nil, message, code: a
** Card is played here, a bid (a number or a bid Move) bid here; anything
** else (a Move, its text, a list of cards to pass) goes to the protocol's
** Lua half */
static int game_apply(lua_State *L) {
  dh_match *m = checkmutable(L, 1);
  int seat = checkseat(L, 2, m);
  const dhL_card *card = dhL_tocard(L, 3);
  lua_Integer b;
  if (lua_isnoneornil(L, 4)) {
    if (card) return do_play(L, m, seat, card->c);
    if (lua_isinteger(L, 3)) return do_bid(L, m, seat, lua_tointeger(L, 3));
    if (is_bid_move(L, 3, &b)) return do_bid(L, m, seat, b);
  }
  lua_settop(L, 4);
  return call_handler(L, APPLY_HANDLER, 4);
}

static int game_clone(lua_State *L) {
  dh_match *m = checkgame(L, 1), *c;
  alog *a = get_log(L, 1), *b;
  int i;
  lua_getiuservalue(L, 1, 1);
  c = push_game(L, -1);
  *c = *m;
  b = set_new_log(L, -1, a->cap);
  memcpy(b->e, a->e, (size_t)a->n * sizeof(int64_t));
  b->n = a->n;
  for (i = UV_VARIANT; i <= UV_DEAL; i++) {
    lua_getiuservalue(L, 1, i);
    lua_setiuservalue(L, -2, i);
  }
  return 1;
}

/* game:actions() -> list of {seat, kind, value} (value: card, bid, CardSet) */
static int game_actions(lua_State *L) {
  dh_match *m = checkgame(L, 1);
  alog *a = get_log(L, 1);
  lua_Integer i, n = a->n, k = 0;
  lua_newtable(L);
  for (i = 0; i < n; i++) {
    lua_Integer e = a->e[i];
    int kind;
    kind = (int)(e & 15);
    if (kind == ACT_HAND) {  /* not an action: skip what the hand gave */
      i += (e >> 8) + 1;
      continue;
    }
    lua_createtable(L, 3, 0);
    lua_pushinteger(L, ((e >> 4) & 15) + 1);
    lua_rawseti(L, -2, 1);
    lua_pushstring(L, kind == ACT_PLAY ? "play" : kind == ACT_BID ? "bid" : kind == ACT_SCRIPT ? "script"
                      : kind == ACT_EXCHANGE ? "exchange" : "pass");
    lua_rawseti(L, -2, 2);
    if (kind == ACT_EXCHANGE) lua_pushboolean(L, 1);
    else if (kind == ACT_PLAY) pushcard(L, (dh_card)(e >> 8));
    else if (kind == ACT_BID) lua_pushinteger(L, (e >> 8) - 8);
    else if (kind == ACT_SCRIPT) lua_pushinteger(L, e >> 8);
    else dhL_pushset(L, (dh_cardset)a->e[++i], m->rules->deck.layout);
    lua_rawseti(L, -2, 3);
    lua_rawseti(L, -2, ++k);
  }
  return 1;
}

/* game:playout(rng [, hand_only]): random legal actions to the end of the
** match (or of the hand), chosen and applied in C, logged like any other
** (a prefab phase's move as a script move, by its code).  It stops where a
** phase script in Lua acts (game.lua's playout goes on). */
static int game_playout(lua_State *L) {
  dh_match *m = checkmutable(L, 1);
  dh_rng *r = dhL_checkrng(L, 2);
  int hand_only = lua_toboolean(L, 3), hand = m->hand_no, err = DH_OK;
  dhL_rules_enter(L, m->rules);
  while (m->phase != DH_PHASE_OVER && (m->phase != DH_PHASE_SCRIPT || m->rules->phase) &&
         (!hand_only || m->hand_no == hand)) {
    dh_action a;
    int before = m->hand_no;
    if ((err = dh_playout_pick(m, r, &a)) != DH_OK) break;
    if ((err = dh_playout_act(m, &a)) != DH_OK) break;
    if (a.kind == DH_ACT_PLAY) log_action(L, m, ACT_PLAY, a.seat, a.card, 0, 0);
    else if (a.kind == DH_ACT_BID) log_action(L, m, ACT_BID, a.seat, a.bid + 8, 0, 0);
    else if (a.kind == DH_ACT_PHASE) log_action(L, m, ACT_SCRIPT, a.seat, a.move, 0, 0);
    else log_action(L, m, ACT_PASS, a.seat, 0, 1, (lua_Integer)a.cards);
    log_hand_end(L, m, before);
  }
  if (err == DH_E_RULE) return dhL_rules_raise(L);
  /* a finished hand (or match), or an error: never a game stopped halfway */
  if (err != DH_OK) return luaL_error(L, "playout stopped: %s", dh_error_name(err));
  lua_settop(L, 1);
  return 1;
}

static const char *const policy_names[] = { "random", "greedy", "contract", NULL };

/* game:playouts(rng, n [, policy]) -> mean points per side, mean tricks per
** seat: n completions of the current hand, each on a copy, all in C (the
** game itself does not change), cards chosen by the policy ("random",
** "greedy" or "contract", see policy.h).  The bulk call of Monte Carlo strategies. */
static int game_playouts(lua_State *L) {
  dh_match *m = checkgame(L, 1);
  dh_rng *r = dhL_checkrng(L, 2);
  lua_Integer n = luaL_checkinteger(L, 3), i;
  int policy = luaL_checkoption(L, 4, "random", policy_names);
  double points[DH_MAX_SEATS] = { 0 }, tricks[DH_MAX_SEATS] = { 0 };
  int s;
  luaL_argcheck(L, n >= 1, 3, "at least one playout");
  if (m->phase == DH_PHASE_OVER) return luaL_error(L, "game over");
  if (m->phase == DH_PHASE_SCRIPT && !m->rules->phase)
    return luaL_error(L, "a phase script acts: playouts start in the play");
  dhL_rules_enter(L, m->rules);
  for (i = 0; i < n; i++) {
    dh_match c = *m;
    if (dh_playout_hand_policy(&c, r, policy) == DH_E_RULE) return dhL_rules_raise(L);
    for (s = 0; s < c.rules->nsides; s++) points[s] += c.hand_points[s];
    for (s = 0; s < c.nseats; s++) tricks[s] += c.last_tricks[s];
  }
  lua_createtable(L, m->rules->nsides, 0);
  for (s = 0; s < m->rules->nsides; s++) { lua_pushnumber(L, points[s] / (double)n); lua_rawseti(L, -2, s + 1); }
  lua_createtable(L, m->nseats, 0);
  for (s = 0; s < m->nseats; s++) { lua_pushnumber(L, tricks[s] / (double)n); lua_rawseti(L, -2, s + 1); }
  return 2;
}

/* game:deal() -> the current hand as dealt: a CardSet per seat (before
** passes and draws) and talon, the talon's cards top first; the form
** deckhand.game's deal option takes */
static int game_deal(lua_State *L) {
  dh_match *m = checkgame(L, 1);
  dh_cardset hands[DH_MAX_SEATS];
  dh_card talon[64];
  int nt = dh_match_deal(m, hands, talon), i;
  lua_createtable(L, m->nseats, 1);
  for (i = 0; i < m->nseats; i++) {
    dhL_pushset(L, hands[i], m->rules->deck.layout);
    lua_rawseti(L, -2, i + 1);
  }
  lua_createtable(L, nt, 0);
  for (i = 0; i < nt; i++) { pushcard(L, talon[i]); lua_rawseti(L, -2, i + 1); }
  lua_setfield(L, -2, "talon");
  return 1;
}

/* game:rewind() -> a new Game as this one was when its current hand was
** dealt (no actions logged, no record) */
static int game_rewind(lua_State *L) {
  dh_match *m = checkgame(L, 1), *c;
  lua_getiuservalue(L, 1, 1);
  c = push_game(L, -1);
  dh_match_rewind(m, c);
  set_new_log(L, -1, 64);
  return 1;
}

/* game:talon() -> the cards left in the talon, as a CardSet (a game's
** only: a view does not see them) */
static int game_talon(lua_State *L) {
  dh_match *m = checkgame(L, 1);
  dh_cardset s = 0;
  int i;
  for (i = m->talon.top; i < m->talon.n; i++) s |= dh_set_of(m->talon.cards[i]);
  push_set(L, s, m->rules->deck.layout);
  return 1;
}

/* game:rules() -> the Rules */
static int game_rules(lua_State *L) {
  checkgame(L, 1);
  lua_getiuservalue(L, 1, 1);
  return 1;
}

/* game:view(seat) -> a View */
static int game_view(lua_State *L) {
  dh_match *m = checkgame(L, 1);
  int seat = checkseat(L, 2, m);
  dh_view *v = (dh_view *)lua_newuserdatauv(L, sizeof(dh_view), 1);
  lua_pushvalue(L, lua_upvalueindex(UP_VIEW));
  lua_setmetatable(L, -2);
  dh_view_make(m, seat, v);
  lua_getiuservalue(L, 1, 1);
  lua_setiuservalue(L, -2, 1);
  return 1;
}

/* ---------------------------------------------------------- the View */

static int view_seat(lua_State *L) { lua_pushinteger(L, checkview(L, 1)->seat + 1); return 1; }

static int view_unseen(lua_State *L) {
  dh_view *v = checkview(L, 1);
  dhL_pushset(L, v->unseen, v->m.rules->deck.layout);
  return 1;
}

/* view:greedy() -> the card the greedy policy plays (policy.h) */
static int view_greedy(lua_State *L) {
  dh_view *v = checkview(L, 1);
  dh_cardset legal;
  dh_card c;
  if (v->m.phase != DH_PHASE_PLAY || v->m.turn != v->seat) return luaL_error(L, "not this seat's turn to play");
  dhL_rules_enter(L, v->m.rules);
  if (dh_match_legal(&v->m, &legal) != DH_OK) return dhL_rules_raise(L);
  if (!legal) legal = v->m.hand[v->seat];
  if (!legal) return luaL_error(L, "no card to play");
  if (dh_policy_greedy(&v->m, legal, &c) != DH_OK) return dhL_rules_raise(L);
  dhL_pushcard(L, c);
  return 1;
}

/* ------------------------------------- what a bot may ask the rules */

/* the card at arg, one of the view's deck (else an argument error) */
static dh_card checkdeckcard(lua_State *L, int arg, const dh_view *v) {
  dh_card c = dhL_checkcard(L, arg);
  const dh_rules *r = v->m.rules;
  luaL_argcheck(L, dh_card_at(c & 63, r->deck.layout) == c && dh_set_has(r->deck_set, c), arg,
                "not a card of this game's deck");
  return c;
}

/* view:winning() -> the seat taking the trick as it stands and its card;
** nil when the trick is empty */
static int view_winning(lua_State *L) {
  dh_view *v = checkview(L, 1);
  int seat, index;
  dhL_rules_enter(L, v->m.rules);
  if (dh_view_winning(v, &seat, &index) != DH_OK) return dhL_rules_raise(L);
  if (seat < 0) { lua_pushnil(L); return 1; }
  lua_pushinteger(L, seat + 1);
  pushcard(L, v->m.trick.cards[index]);
  return 2;
}

/* view:winner_with(card) -> the seat that would take the trick so far if
** this seat played card now (itself when card leads) */
static int view_winner_with(lua_State *L) {
  dh_view *v = checkview(L, 1);
  dh_card c = checkdeckcard(L, 2, v);
  int seat, err;
  dhL_rules_enter(L, v->m.rules);
  err = dh_view_winner_with(v, c, &seat);
  if (err == DH_E_RULE) return dhL_rules_raise(L);
  luaL_argcheck(L, err == DH_OK, 2, "card already in the trick");
  lua_pushinteger(L, seat + 1);
  return 1;
}

/* view:strength(card) -> its strength in the current trick (view.h) */
static int view_strength(lua_State *L) {
  dh_view *v = checkview(L, 1);
  dh_card c = checkdeckcard(L, 2, v);
  int st;
  dhL_rules_enter(L, v->m.rules);
  if (dh_view_strength(v, c, &st) != DH_OK) return dhL_rules_raise(L);
  lua_pushinteger(L, st);
  return 1;
}

/* view:order(card) -> its place in the variant's order (1 the weakest, 0
** a card that never wins), what strength breaks ties with */
static int view_order(lua_State *L) {
  dh_view *v = checkview(L, 1);
  lua_pushinteger(L, dh_match_strength(&v->m, checkdeckcard(L, 2, v)));
  return 1;
}

/* the partners of the seat at arg (default the view's), and their count */
static int partners_of(lua_State *L, dh_view *v, int arg, uint8_t *out) {
  int seat = lua_isnoneornil(L, arg) ? v->seat : checkseat(L, arg, &v->m);
  return dh_view_partners(v, seat, out);
}

/* view:partners([seat]) -> the other seats of its side, going left */
static int view_partners(lua_State *L) {
  dh_view *v = checkview(L, 1);
  uint8_t out[DH_MAX_SEATS];
  int n = partners_of(L, v, 2, out), i;
  lua_createtable(L, n, 0);
  for (i = 0; i < n; i++) { lua_pushinteger(L, out[i] + 1); lua_rawseti(L, -2, i + 1); }
  return 1;
}

/* view:partner([seat]) -> its partner when its side is two seats, else nil */
static int view_partner(lua_State *L) {
  dh_view *v = checkview(L, 1);
  uint8_t out[DH_MAX_SEATS];
  if (partners_of(L, v, 2, out) == 1) lua_pushinteger(L, out[0] + 1); else lua_pushnil(L);
  return 1;
}

/* view:pass_count() -> the cards each seat passes this hand (0: none) */
static int view_pass_count(lua_State *L) {
  lua_pushinteger(L, dh_view_pass_count(checkview(L, 1)));
  return 1;
}

/* view:sample(rng) -> a Game consistent with the view (no actions logged) */
static int view_sample(lua_State *L) {
  dh_view *v = checkview(L, 1);
  dh_rng *r = dhL_checkrng(L, 2);
  dh_match *m;
  lua_getiuservalue(L, 1, 1);
  m = push_game(L, -1);
  if (!dh_view_sample(v, r, m)) return luaL_error(L, "no deal fits the view");
  set_new_log(L, -1, 16);
  return 1;
}

/* view:rules() -> the Rules of the game it was made from */
static int view_rules(lua_State *L) {
  checkview(L, 1);
  lua_getiuservalue(L, 1, 1);
  return 1;
}

/* ------------------------------------------------ phase scripts */

/*
** core.script_op(game, op, ...): what a variant's phase script does to
** its game (match.h's phase ops), through the context game.lua gives the
** script.  A refused op is the script's mistake: it raises, naming the op
** and why.  Internal: bots see only the package.
*/
static int script_op(lua_State *L) {
  static const char *const ops[] = { "turn", "var", "trump", "declarer", "take", "discard",
                                     "sit_out", "play", "end_hand", "step", "control", "expose",
                                     "team", "table", "show", NULL };
  dh_match *m = checkmutable(L, 1);
  int op = luaL_checkoption(L, 2, NULL, ops), err = DH_OK, hand = m->hand_no, seat;
  switch (op) {
    case 0: err = dh_match_set_turn(m, checkseat(L, 3, m)); break;
    case 1: {
      lua_Integer i = luaL_checkinteger(L, 3), v = luaL_checkinteger(L, 4);
      luaL_argcheck(L, i >= 1 && i <= 8, 3, "var out of range (1 to 8)");
      luaL_argcheck(L, v >= INT16_MIN && v <= INT16_MAX, 4, "var value out of range (16 bits)");
      err = dh_match_set_var(m, (int)i - 1, (int)v);
      break;
    }
    case 2: err = dh_match_set_trump(m, lua_isnil(L, 3) ? DH_NOSUIT : dhL_checksuit(L, 3)); break;
    case 3: err = dh_match_set_declarer(m, lua_isnil(L, 3) ? -1 : checkseat(L, 3, m)); break;
    case 4: err = dh_match_take(m, checkseat(L, 3, m), (int)luaL_checkinteger(L, 4)); break;
    case 5: seat = checkseat(L, 3, m); err = dh_match_discard(m, seat, dhL_checkset(L, 4, NULL)); break;
    case 6: err = dh_match_sit_out(m, checkseat(L, 3, m)); break;
    case 7: err = dh_match_start_play(m, lua_isnoneornil(L, 3) ? -1 : checkseat(L, 3, m)); break;
    case 8:
      dhL_rules_enter(L, m->rules);
      err = dh_match_end_hand(m);
      if (err == DH_E_RULE) return dhL_rules_raise(L);
      if (err == DH_OK) log_hand_end(L, m, hand);
      break;
    case 9: {
      lua_Integer k = luaL_checkinteger(L, 3);
      luaL_argcheck(L, k >= 1 && k <= 255, 3, "phase out of range");
      err = dh_match_set_step(m, (int)k, lua_isnoneornil(L, 4) ? -1 : checkseat(L, 4, m));
      break;
    }
    case 10: seat = checkseat(L, 3, m); err = dh_match_control(m, seat, checkseat(L, 4, m)); break;
    case 11: err = dh_match_expose(m, checkseat(L, 3, m), lua_toboolean(L, 4)); break;
    case 12: {
      lua_Integer t = luaL_checkinteger(L, 4);
      luaL_argcheck(L, t >= 1 && t <= DH_MAX_SEATS, 4, "team out of range");
      err = dh_match_set_team(m, checkseat(L, 3, m), (int)t - 1);
      break;
    }
    case 13: {
      const char *name = luaL_checkstring(L, 3);
      int k = strcmp(name, "base") == 0 ? 0 : dhL_rules_mode(m->rules, name);
      if (k < 0) return luaL_error(L, "table: no mode '%s' in trump_tables", name);
      err = dh_match_set_table(m, k);
      break;
    }
    case 14: seat = checkseat(L, 3, m); err = dh_match_show(m, seat, dhL_checkset(L, 4, NULL)); break;
  }
  if (err != DH_OK) return luaL_error(L, "%s: refused (%s)", ops[op], dh_error_name(err));
  return 0;
}

/*
** core.script_apply(game, seat, id, fn, ...) -> true: logs the script move
** numbered id by seat, then calls fn(...), which applies it with
** script_op.  When fn raises, the game and its log are put back as they
** were and the error goes on: a move is applied whole or not at all.
*/
static int script_apply(lua_State *L) {
  dh_match *m = checkmutable(L, 1), saved;
  int seat = checkseat(L, 2, m), nargs = lua_gettop(L) - 4;
  lua_Integer id = luaL_checkinteger(L, 3), n;
  alog *a;
  luaL_checktype(L, 4, LUA_TFUNCTION);
  luaL_argcheck(L, id >= 0 && id < ((lua_Integer)1 << 40), 3, "text number out of range");
  if (m->phase != DH_PHASE_SCRIPT) return luaL_error(L, "not in a phase script");
  saved = *m;
  n = get_log(L, 1)->n;
  log_action(L, m, ACT_SCRIPT, seat, id, 0, 0);
  if (lua_pcall(L, nargs, 0, 0) != LUA_OK) {
    *m = saved;
    a = get_log(L, 1);   /* (the log may have grown into a new block: either keeps the entries) */
    a->n = n;
    a->legal_at = 0;
    return lua_error(L);
  }
  get_log(L, 1)->legal_at = 0;
  lua_pushboolean(L, 1);
  return 1;
}

/* core.phase_moves(game or view) -> the codes of the legal moves of a
** prefab phase (phase.h) for the seat to act (a view's: its own turn
** only), in the prefab's order; an empty list when none acts */
static int phase_moves(lua_State *L) {
  void *game = togame(L, 1);
  dh_view *v = game ? NULL : checkview(L, 1);
  const dh_match *m = game ? (const dh_match *)game : &v->m;
  int list[DH_PHASE_MAX_MOVES], n = 0, i;
  if (!v || dh_match_next(m) == v->seat) n = dh_phase_moves(m, list);
  lua_createtable(L, n, 0);
  for (i = 0; i < n; i++) {
    lua_pushinteger(L, list[i]);
    lua_rawseti(L, -2, i + 1);
  }
  return 1;
}

/* core.phase_apply(game, seat, code) -> true, or nil, message, code: seat
** plays the prefab phase's move `code`, logged as a script move */
static int phase_apply(lua_State *L) {
  dh_match *m = checkmutable(L, 1);
  int seat = checkseat(L, 2, m), hand = m->hand_no, err;
  lua_Integer code = luaL_checkinteger(L, 3);
  dhL_rules_enter(L, m->rules);
  err = code < 0 || code > DH_PHASE_MAX_CODE ? DH_E_ILLEGAL_MOVE : dh_phase_apply(m, seat, (int)code);
  if (err == DH_E_ILLEGAL_MOVE) return refuse(L, err, "not a legal move now: %s", lua_tostring(L, 3));
  if (err) return turn_refusal(L, m, err, "");
  log_action(L, m, ACT_SCRIPT, seat, code, 0, 0);
  log_hand_end(L, m, hand);
  lua_pushboolean(L, 1);
  return 1;
}

/* core.game_protocol(moves, apply [, phase]): the protocol's Lua half
** gives its handlers (deckhand/game.lua, each time it is loaded): the
** moves and apply of what it says better in Lua, and the name of a phase
** script's phase.  Internal: the deckhand package does not export it, and
** bots see only the package. */
static int game_protocol(lua_State *L) {
  luaL_checktype(L, 1, LUA_TFUNCTION);
  luaL_checktype(L, 2, LUA_TFUNCTION);
  if (!lua_isnoneornil(L, 3)) luaL_checktype(L, 3, LUA_TFUNCTION);
  lua_pushvalue(L, 1);
  lua_setfield(L, LUA_REGISTRYINDEX, MOVES_HANDLER);
  lua_pushvalue(L, 2);
  lua_setfield(L, LUA_REGISTRYINDEX, APPLY_HANDLER);
  lua_pushvalue(L, 3);
  lua_setfield(L, LUA_REGISTRYINDEX, PHASE_HANDLER);
  return 0;
}

static int view_tostring(lua_State *L) {
  dh_view *v = checkview(L, 1);
  lua_pushfstring(L, "View(seat %d, hand %d, %s)", v->seat + 1, v->m.hand_no + 1, phase_names[v->m.phase]);
  return 1;
}

static int game_tostring(lua_State *L) {
  dh_match *m = checkgame(L, 1);
  lua_pushfstring(L, "Game(hand %d, %s)", m->hand_no + 1, phase_names[m->phase]);
  return 1;
}

static const luaL_Reg read_methods[] = {
  { "seats", m_seats }, { "sides", m_sides }, { "side", m_side }, { "phase", m_phase },
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
  { "legal", m_legal }, { "can_exchange", m_can_exchange }, { NULL, NULL }
};

static const luaL_Reg game_methods[] = {
  { "moves", m_moves }, { "apply", game_apply }, { "hands", game_hands }, { "talon", game_talon },
  { "play", game_play }, { "bid", game_bid }, { "pass", game_pass }, { "exchange", game_exchange },
  { "clone", game_clone },
  { "actions", game_actions }, { "playout", game_playout }, { "playouts", game_playouts },
  { "view", game_view }, { "deal", game_deal }, { "rewind", game_rewind },
  { "rules", game_rules }, { NULL, NULL }
};

static const luaL_Reg view_methods[] = {
  { "moves", m_moves }, { "rules", view_rules }, { "seat", view_seat }, { "unseen", view_unseen }, { "sample", view_sample },
  { "greedy", view_greedy }, { "winning", view_winning }, { "winner_with", view_winner_with },
  { "strength", view_strength }, { "order", view_order }, { "partners", view_partners }, { "partner", view_partner },
  { "pass_count", view_pass_count }, { NULL, NULL }
};

/* the metatable at mt gets an __index (also its field methods) holding
** the shared reads plus extra; the upvalues are the NUP values on top */
static void fill_class(lua_State *L, int mt, const luaL_Reg *extra, lua_CFunction tostr) {
  int i, top = lua_gettop(L);
  lua_newtable(L);
  for (i = NUP - 1; i >= 0; i--) lua_pushvalue(L, top - i);
  luaL_setfuncs(L, read_methods, NUP);
  if (extra) {
    for (i = NUP - 1; i >= 0; i--) lua_pushvalue(L, top - i);
    luaL_setfuncs(L, extra, NUP);
  }
  lua_pushvalue(L, -1);
  lua_setfield(L, mt, "methods");
  lua_setfield(L, mt, "__index");
  if (tostr) {
    for (i = NUP - 1; i >= 0; i--) lua_pushvalue(L, top - i);
    lua_pushcclosure(L, tostr, NUP);
    lua_setfield(L, mt, "__tostring");
  }
}

int dhL_open_game(lua_State *L) {
  int mod = lua_gettop(L), i;
  /* the upvalues, in UP_* order (the State's metatable was made in lrules.c) */
  luaL_newmetatable(L, DH_GAME);
  luaL_newmetatable(L, DH_VIEW);
  luaL_newmetatable(L, DH_STATE);
  luaL_getmetatable(L, DH_CARDSET);
  lua_getfield(L, LUA_REGISTRYINDEX, DH_CARDCACHE);
  lua_newtable(L);  /* UP_SMALL: the sets of one or two cards, made on first use */
  lua_newtable(L);  /* UP_POOL: the blocks of collected games */
  for (i = 0; i < 2; i++) {  /* UP_BIDS, UP_BID_OF: weak keys */
    lua_newtable(L);
    lua_createtable(L, 0, 1);
    lua_pushliteral(L, "k");
    lua_setfield(L, -2, "__mode");
    lua_setmetatable(L, -2);
  }
  fill_class(L, mod + UP_GAME, game_methods, game_tostring);
  for (i = 1; i <= NUP; i++) lua_pushvalue(L, mod + i);
  lua_pushcclosure(L, game_gc, NUP);
  lua_setfield(L, mod + UP_GAME, "__gc");
  fill_class(L, mod + UP_VIEW, view_methods, view_tostring);
  fill_class(L, mod + UP_STATE, NULL, NULL);
  for (i = 1; i <= NUP; i++) lua_pushvalue(L, mod + i);
  lua_pushcclosure(L, game_new, NUP);
  lua_setfield(L, mod, "game");
  for (i = 1; i <= NUP; i++) lua_pushvalue(L, mod + i);
  lua_pushcclosure(L, game_origin, NUP);
  lua_setfield(L, mod, "game_origin");
  lua_pushcfunction(L, game_protocol);
  lua_setfield(L, mod, "game_protocol");
  for (i = 1; i <= NUP; i++) lua_pushvalue(L, mod + i);
  lua_pushcclosure(L, script_op, NUP);
  lua_setfield(L, mod, "script_op");
  for (i = 1; i <= NUP; i++) lua_pushvalue(L, mod + i);
  lua_pushcclosure(L, script_apply, NUP);
  lua_setfield(L, mod, "script_apply");
  for (i = 1; i <= NUP; i++) lua_pushvalue(L, mod + i);
  lua_pushcclosure(L, phase_moves, NUP);
  lua_setfield(L, mod, "phase_moves");
  for (i = 1; i <= NUP; i++) lua_pushvalue(L, mod + i);
  lua_pushcclosure(L, phase_apply, NUP);
  lua_setfield(L, mod, "phase_apply");
  /* the method tables, for deckhand/game.lua to extend */
  lua_getfield(L, mod + UP_GAME, "__index");
  lua_setfield(L, mod, "Game");
  lua_getfield(L, mod + UP_VIEW, "__index");
  lua_setfield(L, mod, "View");
  lua_settop(L, mod);
  lua_pushinteger(L, DH_BID_BLIND_NIL);
  lua_setfield(L, -2, "BLIND_NIL");
  return 0;
}
