/*
** lrulecall.c -- a Lua function standing where a rule does: the engine
** calls the trampoline, which runs the function on the Rules' own thread
** with the State and the call's arguments and reads its answer back.
** A rule that yields is an error, not a suspended engine call; while one
** runs, its variant's games can neither change nor be evaluated (a rule
** asking its own game for legal cards would call itself without end).
*/
#include <string.h>

#include "clock.h"
#include "lrules_impl.h"

/* the binding's part before an engine call that may reach a callback:
** refused while a rule of the variant runs (its State and thread serve
** one call at a time, and a rule asking its own game would recurse) */
void dhL_rules_enter_calls(lua_State *L, const dh_rules *r) {
  lrules *u = (lrules *)(void *)r;
  if (u->busy > 0)
    luaL_error(L, "%s: a rule cannot call legal, playouts or greedy on a game of its own variant",
               u->name);
  u->L = L;
}

/* is one of these rules' Lua functions running? */
int dhL_rules_busy_calls(const dh_rules *r) {
  return ((const lrules *)(const void *)r)->busy > 0;
}

/* raises the error a failed callback left */
int dhL_rules_raise(lua_State *L) {
  lua_getfield(L, LUA_REGISTRYINDEX, RULE_ERROR);
  return lua_error(L);
}

const dh_match *dhL_tostate(lua_State *L, int arg) {
  lstate *s = (lstate *)luaL_testudata(L, arg, DH_STATE);
  if (!s) return NULL;
  if (!s->m) luaL_error(L, "a rule's state used outside the rule");
  return s->m;
}

static void push_suit(lua_State *L, int suit) {
  static const char *const letters[] = { "c", "d", "h", "s" };
  if (suit >= 0 && suit < 4) lua_pushstring(L, letters[suit]); else lua_pushnil(L);
}

/* the trick as a table {cards..., seats = {...}, led = suit} */
static void push_trick(lua_State *L, const dh_trick *t) {
  int i;
  lua_createtable(L, t->n, 2);
  for (i = 0; i < t->n; i++) {
    dhL_pushcard(L, t->cards[i]);
    lua_rawseti(L, -2, i + 1);
  }
  lua_createtable(L, t->n, 0);
  for (i = 0; i < t->n; i++) {
    lua_pushinteger(L, t->seats[i] + 1);
    lua_rawseti(L, -2, i + 1);
  }
  lua_setfield(L, -2, "seats");
  push_suit(L, t->led);
  lua_setfield(L, -2, "led");
}

/* keeps the reason a rule failed, for dhL_rules_raise */
static int fail(lua_State *L, lrules *u, int kind, const char *msg) {
  lua_pushfstring(L, "%s: %s rule: %s", u->name, dh_rule_kind_name(kind), msg);
  lua_setfield(L, LUA_REGISTRYINDEX, RULE_ERROR);
  return 1;
}

/* one callback */
typedef struct rule_call {
  int kind;
  const dh_match *m;
  int a, b;
  int32_t *out;
} rule_call;

/* the arguments after the State; their number */
static int push_args(lua_State *L, const rule_call *c) {
  int i;
  switch (c->kind) {
    case DH_RULE_HAND:
      lua_pushinteger(L, c->a + 1);
      dhL_pushcard(L, (dh_card)c->b);
      return 2;
    case DH_RULE_PLAY:
      push_trick(L, &c->m->trick);
      return 1;
    case DH_RULE_BID:
      lua_pushinteger(L, c->a + 1);
      lua_pushinteger(L, c->b);
      return 2;
    case DH_RULE_WIN:
      lua_createtable(L, c->a, 0);  /* the totals the hand gives */
      for (i = 0; i < c->a; i++) { lua_pushinteger(L, c->out[2 + i]); lua_rawseti(L, -2, i + 1); }
      return 1;
    default:
      return 0;
  }
}

/* entry i of the list at idx, an integer from lo to hi, into *v; else
** the reason, named as dhL_intat names it.  Raw reads: the thread is not
** running, nothing here may raise. */
static const char *int_at(lua_State *L, int idx, int i, const char *name, lua_Integer lo,
                          lua_Integer hi, int32_t *v) {
  int isnum;
  lua_Integer x;
  lua_rawgeti(L, idx, i);
  x = lua_tointegerx(L, -1, &isnum);
  if (isnum && x >= lo && x <= hi) {
    lua_pop(L, 1);
    *v = (int32_t)x;
    return NULL;
  }
  return lua_pushfstring(L, "%s[%d] must be an integer from %I to %I, got %s", name, i, (LUAI_UACINT)lo,
                         (LUAI_UACINT)hi, isnum ? lua_tostring(L, -1)
                         : lua_type(L, -1) == LUA_TNUMBER ? "a fraction" : luaL_typename(L, -1));
}

/* the rule's answer (results at res and res + 1) into c->out; NULL, or
** why it is not one */
static const char *take_results(lua_State *L, int res, const rule_call *c) {
  int i, n = c->m->trick.n;
  int32_t side;
  const char *why = NULL;
  switch (c->kind) {
    case DH_RULE_HAND: case DH_RULE_BID:
      if (!lua_isboolean(L, res)) return lua_pushfstring(L, "boolean expected, got %s", luaL_typename(L, res));
      *c->out = lua_toboolean(L, res);
      return NULL;
    case DH_RULE_PLAY:
      if (lua_isnil(L, res)) { *c->out = -1; return NULL; }  /* declines: the chain goes on */
      if (!lua_isinteger(L, res) || lua_tointeger(L, res) < 1 || lua_tointeger(L, res) > n)
        return lua_pushfstring(L, "index of the winning card (1..%d) expected, got %s", n,
                               lua_isinteger(L, res) ? lua_tostring(L, res) : luaL_typename(L, res));
      *c->out = (int32_t)lua_tointeger(L, res) - 1;
      return NULL;
    case DH_RULE_POINTS:
      if (!lua_istable(L, res)) return "a list of integer points per side expected";
      for (i = 0; i < c->a && !why; i++) why = int_at(L, res, i + 1, "points", INT32_MIN, INT32_MAX, &c->out[i]);
      if (lua_istable(L, res + 1))
        for (i = 0; i < c->a && !why; i++)
          why = int_at(L, res + 1, i + 1, "bags", INT32_MIN, INT32_MAX, &c->out[DH_MAX_SEATS + i]);
      return why;
    case DH_RULE_WIN:
      if (lua_isnil(L, res) || (lua_isboolean(L, res) && !lua_toboolean(L, res))) { c->out[0] = 0; return NULL; }
      if (!lua_istable(L, res))
        return lua_pushfstring(L, "nil or a list of winning sides expected, got %s", luaL_typename(L, res));
      c->out[0] = 1;
      c->out[1] = 0;
      n = (int)lua_rawlen(L, res);
      for (i = 1; i <= n && !why; i++)
        if (!(why = int_at(L, res, i, "winning sides", 1, c->a, &side))) c->out[1] |= 1 << (side - 1);
      return why;
    default:
      return NULL;
  }
}

/* resets the rules' thread after a failed or suspended rule, so that it
** serves the next call (its to-be-closed variables run now, still busy) */
static void reset_thread(lrules *u) {
#if LUA_VERSION_RELEASE_NUM >= 50406
  lua_closethread(u->T, u->L);
#else
  lua_resetthread(u->T);
#endif
}

/* what a rule ran over (lrules.overran): the rule time, a bot's deadline */
enum { OVER_RULE = 1, OVER_BOT = 2 };

/* the registry table: the rules' thread -> its lrules (rule_hook) */
#define RULE_THREADS "deckhand.rule_threads"

/* the lrules whose thread T is, or NULL */
static lrules *rules_on(lua_State *T) {
  lrules *u = NULL;
  if (lua_getfield(T, LUA_REGISTRYINDEX, RULE_THREADS) == LUA_TTABLE) {
    lua_pushthread(T);
    lua_rawget(T, -2);
    u = (lrules *)lua_touserdata(T, -1);
    lua_pop(T, 1);
  }
  lua_pop(T, 1);
  return u;
}

/*
** The count hook of the rules' thread while a rule time limit is set
** (host.rule_limit) or a bot's deadline is (host.deadline): a callback
** that runs over either stops, and the trampoline names it.  The rules'
** thread is not the bot's, so the bot's own hook never runs here: a bot's
** game of its own, with a looping Lua rule, kept it past its limit until
** the rule time (10 s by default; with none, for good).  The rule's clock
** starts at the hook's first count inside it, so a short callback (most
** are) costs an increment and no more.
*/
static void rule_hook(lua_State *T, lua_Debug *ar) {
  double limit = dhL_rule_limit(T), bot = dhL_bot_deadline(T), t;
  lrules *u;
  int over = 0;
  (void)ar;
  if (limit <= 0 && bot <= 0) return;
  if (!(u = rules_on(T))) return;
  t = dh_clock_now();
  if (bot > 0 && t > bot) over = OVER_BOT;
  if (limit > 0) {
    if (u->clocked != u->calls) {
      u->clocked = u->calls;
      u->started = t;
    } else if (t - u->started > limit) {
      over = OVER_RULE;
    }
  }
  if (over) {
    /* out by a yield where one can pass (a pcall of the rule's own cannot
    ** catch it), else an error; either way the trampoline names the rule */
    u->overran = over;
    if (lua_isyieldable(T)) {
      lua_yield(T, 0);
      return;
    }
    lua_pushliteral(T, "rule time limit");
    lua_error(T);
  }
}

/* when the rule running on T must end under the rule time, on
** dh_clock_now, for the C calls a rule makes (lhost.c's time_left): the
** rule's clock starts here if the hook has not started it yet.  0 when T
** is not running a rule or no rule time is set */
double dhL_rule_call_deadline(lua_State *T) {
  double limit = dhL_rule_limit(T);
  lrules *u;
  if (limit <= 0 || !(u = rules_on(T)) || !u->busy) return 0;
  if (u->clocked != u->calls) {
    u->clocked = u->calls;
    u->started = dh_clock_now();
  }
  return u->started + limit;
}

/* gives the rules a fresh thread, made on L (at first, and after one ran
** over the limit: a hook that raised leaves its thread's hooks off) */
void dhL_rules_renew(lua_State *L, lrules *u) {
  luaL_checkstack(L, 4, "the rules' thread");
  if (u->thread != LUA_NOREF) luaL_unref(L, LUA_REGISTRYINDEX, u->thread);
  u->T = lua_newthread(L);
  dhL_weak_registry(L, RULE_THREADS);
  lua_pushvalue(L, -2);
  lua_pushlightuserdata(L, u);
  lua_rawset(L, -3);
  lua_pop(L, 1);
  u->thread = luaL_ref(L, LUA_REGISTRYINDEX);
}

/*
** The trampoline: runs the Lua function of ref as the main function of
** the rules' thread, resumed from the thread of the engine call (so that
** the C stack is counted on).  A yield comes back here as one, and is an
** error; the thread is then reset for the next call.
*/
int dhL_rules_call(void *ud, int ref, int kind, const dh_match *m, int a, int b, int32_t *out) {
  lrules *u = (lrules *)ud;
  lua_State *L = u->L, *T = u->T;
  rule_call c;
  const char *why = NULL;
  int status, nres;
  if (u->state == LUA_NOREF) return fail(L, u, kind, "its Rules were released");
  c.kind = kind; c.m = m; c.a = a; c.b = b; c.out = out;
  lua_rawgeti(T, LUA_REGISTRYINDEX, u->fref[ref - 1]);  /* T is empty between calls */
  lua_rawgeti(T, LUA_REGISTRYINDEX, u->state);
  u->busy++;
  u->st->m = m;
  u->kind = kind;
  u->calls++;
  /* the hook only while a limit is set: a hooked thread runs every Lua
  ** instruction through the hook's count, which rules played outside a
  ** tournament (a bot's playouts) should not pay */
  if ((dhL_rule_limit(T) > 0 || dhL_bot_deadline(T) > 0) != (lua_gethook(T) == rule_hook))  /* (T: L may be NULL) */
    lua_sethook(T, lua_gethook(T) == rule_hook ? NULL : rule_hook, LUA_MASKCOUNT, 1000);
  status = lua_resume(T, L, 1 + push_args(T, &c), &nres);
  u->st->m = NULL;
  if (u->overran) {  /* (on T, done with: the registry is every thread's) */
    if (u->overran == OVER_BOT)
      lua_pushfstring(T, "over the time limit (in the %s rule of %s)", dh_rule_kind_name(kind), u->name);
    else
      lua_pushfstring(T, "rule time limit: the %s rule of %s ran over %f s", dh_rule_kind_name(kind), u->name,
                      dhL_rule_limit(T));
    lua_setfield(T, LUA_REGISTRYINDEX, RULE_ERROR);
    u->overran = 0;
    dhL_rules_renew(T, u);
    u->busy--;
    return 1;
  }
  if (status == LUA_OK) {
    if (nres == 0) lua_pushnil(T);  /* no value: as nil */
    why = take_results(T, 1, &c);
  } else {
    why = status == LUA_YIELD ? "a rule cannot yield" : lua_tostring(T, -1);
    if (!why) why = "(error object is not a string)";
  }
  if (why) fail(L, u, kind, why);
  if (status != LUA_OK) reset_thread(u);
  lua_settop(T, 0);
  u->busy--;
  return why != NULL;
}
