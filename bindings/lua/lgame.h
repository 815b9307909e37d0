/*
** lgame.h -- what the files of deckhand.Game share (internal to them).
**
** A Game is a match being played (lgame.c: its primitives play, bid,
** pass, exchange, and the protocol's fast moves and apply), its action
** log and the pool of match blocks (lgame_log.c), the reads it shares
** with a View and the State a Lua rule receives (lgame_read.c), the View
** and what a bot may ask the rules (lgame_view.c), and the ops a phase
** script applies (lgame_phase.c).
**
** Seats, sides and hands are 1-based in Lua and 0-based in the engine.  A
** Game's user values: 1 the Rules it is played by (kept alive), 2 its
** log when it outgrew the block, 3-6 what deckhand.game started it from
** (for records): the variant, the seed and dealer as given, the stacked
** deal, 7 the block.  Values, not a table: a Lua strategy makes a game
** per deal.
*/
#ifndef DH_LGAME_H
#define DH_LGAME_H

#include <string.h>

#include "lbind.h"
#include "match.h"
#include "phase.h"
#include "view.h"

#define DH_GAME  "deckhand.Game"
#define DH_VIEW  "deckhand.View"
#define DH_STATE "deckhand.State"

/* action log entries: kind | seat << 4 | payload << 8; a pass is followed
** by one more integer, the set passed; a phase script's move logs the
** number its text has in the variant's list of script texts (game_script.lua).
** When a hand ends the log gets an ACT_HAND entry (payload: the number of
** sides), the hand's points per side, one integer each, and the tricks
** per seat packed a byte each: what game:result() reports hand by hand.
** The log is a growing userdata. */
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
** Lua for nothing (see lgame_log.c for the block and its pool) */
typedef struct lgame { dh_match m; alog *log; } lgame;

/* a Game userdata: its block, and the tag (see lbind.h); g is NULL only
** once the Game was finalized */
typedef struct lhandle { lgame *g; unsigned tag; } lhandle;

/* a Game's user values (see the top) */
enum { UV_RULES = 1, UV_LOG, UV_VARIANT, UV_SEED, UV_DEALER, UV_DEAL, UV_BLOCK, NUV = UV_BLOCK };

/*
** Every function of these files has these upvalues: the metatables it
** checks and sets, and the card cache.  A check compares the metatable
** with an upvalue: no lookup by name (a string compare) or by address in
** the registry, which mattered for the calls a Lua strategy makes per
** card.  The protocol's moves, apply and phase have one more, UP_LUA: the
** Lua layer's part, given when it composes them (lgame.c).
*/
enum { UP_GAME = 1, UP_VIEW, UP_STATE, UP_SET, UP_CARDS, UP_SMALL, UP_POOL, UP_BIDS, UP_BID_OF,
       NUP = UP_BID_OF, UP_LUA };

extern const char *const dhG_phase_names[];
extern const char *const dhG_suit_letters[];

static inline void *testclass(lua_State *L, int arg, int mt) {
  void *p = lua_touserdata(L, arg);
  int same;
  if (!p || !lua_getmetatable(L, arg)) return NULL;
  same = lua_rawequal(L, -1, lua_upvalueindex(mt));
  lua_pop(L, 1);
  return same ? p : NULL;
}

/* dhL_pushcard from the cache in the upvalue */
static inline void pushcard(lua_State *L, dh_card c) {
  if (lua_rawgeti(L, lua_upvalueindex(UP_CARDS), c) == LUA_TUSERDATA) return;
  lua_pop(L, 1);
  dhL_pushcard(L, c);
}

/* a Game's block by its tag (see lbind.h): every Game carries it */
static inline void *togame(lua_State *L, int arg) {
  lhandle *h = (lhandle *)dhL_totagged(L, arg, sizeof(lhandle), offsetof(lhandle, tag), DH_TAG_GAME);
  return h ? h->g : NULL;
}

static inline dh_match *checkgame(lua_State *L, int arg) {
  void *p = togame(L, arg);
  if (!p) luaL_typeerror(L, arg, "game");
  return (dh_match *)p;
}

static inline dh_view *checkview(lua_State *L, int arg) {
  void *p = testclass(L, arg, UP_VIEW);
  if (!p) luaL_typeerror(L, arg, "view");
  return (dh_view *)p;
}

/* any of Game, View, State, read only */
static inline const dh_match *tomatch(lua_State *L, int arg) {
  void *p = togame(L, arg);
  const dh_match *s;
  if (p) return (const dh_match *)p;
  if (testclass(L, arg, UP_STATE) && (s = dhL_tostate(L, arg)) != NULL) return s;
  if ((p = testclass(L, arg, UP_VIEW)) != NULL) return &((dh_view *)p)->m;
  luaL_typeerror(L, arg, "game, view or state");
  return NULL;
}

static inline int checkseat(lua_State *L, int arg, const dh_match *m) {
  int isnum;
  lua_Integer s = lua_tointegerx(L, arg, &isnum);
  if (!isnum) s = luaL_checkinteger(L, arg);  /* raises the usual error */
  luaL_argcheck(L, s >= 1 && s <= m->nseats, arg, "seat out of range");
  return (int)s - 1;
}

/* a rule that plays moves would change the game under the engine's feet */
static inline dh_match *checkmutable(lua_State *L, int arg) {
  dh_match *m = checkgame(L, arg);
  if (dhL_rules_busy(m->rules)) luaL_error(L, "a game of this variant cannot change while its rule runs");
  return m;
}

/* the log (lgame_log.c) */
alog *dhG_set_new_log(lua_State *L, int g, lua_Integer cap);
dh_match *dhG_push_game(lua_State *L, int rules_idx);
int dhG_game_gc(lua_State *L);
int dhG_actions(lua_State *L);
int dhG_hands(lua_State *L);
void dhG_log_hand_end(lua_State *L, dh_match *m, int hand_before);

/* the log of the game at g */
static inline alog *get_log(lua_State *L, int g) {
  return ((lhandle *)lua_touserdata(L, g))->g->log;
}

/* appends to the log of m, the game at index 1 */
static inline void log_push(lua_State *L, dh_match *m, int64_t v) {
  alog *a = ((lgame *)m)->log;
  if (a->n == a->cap) {
    alog *b = dhG_set_new_log(L, 1, a->cap * 2);
    memcpy(b->e, a->e, (size_t)a->n * sizeof(int64_t));
    b->n = a->n;
    a = b;
  }
  a->e[a->n++] = v;
}

static inline void log_action(lua_State *L, dh_match *m, int kind, int seat, lua_Integer payload,
                              int extra, lua_Integer more) {
  log_push(L, m, kind | seat << 4 | payload << 8);
  if (extra) log_push(L, m, more);
}

/* refusals and sets (lgame.c) */
int dhG_refuse(lua_State *L, int code, const char *fmt, const char *arg);
int dhG_turn_refusal(lua_State *L, const dh_match *m, int code, const char *what);
void dhG_push_set(lua_State *L, dh_cardset s, int layout);
int dhG_can_exchange(lua_State *L);
int dhG_legal(lua_State *L);

/* the method lists of each file, which dhL_open_game puts together */
extern const luaL_Reg dhG_read_methods[];
extern const luaL_Reg dhG_view_methods[];
/* the phase-script functions of the module (core.script_op ...) */
extern const luaL_Reg dhG_phase_funcs[];
int dhG_phase(lua_State *L);

#endif
