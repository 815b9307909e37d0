/*
** lrules.c -- deckhand.Rule (prefab rules that combine with | & ~ and
** evaluate in C) and deckhand.Rules (a variant's rules, built once and
** shared by its games), with the trampoline that lets a Lua function
** stand anywhere a rule does.
**
** A Rule is a small tree of engine nodes in one userdata, its Lua
** functions (if any) in its user value.  Combining two rules copies both
** trees into a new one under an and/or/not node.  Building a Rules copies
** every tree into the engine's flat node array, and every Lua function
** into one table the trampoline reads through a registry reference.
*/
#include <string.h>

#include "lbind.h"
#include "match.h"

#define DH_RULE  "deckhand.Rule"
#define DH_RULES "deckhand.Rules"
#define DH_STATE "deckhand.State"
#define RULE_ERROR "deckhand.rule_error"

enum { KIND_ANY = DH_RULE_NKINDS };  /* a bare function, not yet placed */

typedef struct lrule {
  int kind, n, root, nfuncs;
  dh_node nodes[1];
} lrule;

static const char *const kind_names[] = { "hand", "play", "points", "win", "bid", NULL };

/* ---------------------------------------------------------------- Rule */

static lrule *torule(lua_State *L, int arg) { return (lrule *)luaL_checkudata(L, arg, DH_RULE); }

static lrule *new_rule(lua_State *L, int kind, int n) {
  lrule *u = (lrule *)lua_newuserdatauv(L, sizeof(lrule) + (size_t)(n > 0 ? n - 1 : 0) * sizeof(dh_node), 1);
  memset(u, 0, sizeof(lrule) + (size_t)(n > 0 ? n - 1 : 0) * sizeof(dh_node));
  u->kind = kind;
  u->n = n;
  luaL_setmetatable(L, DH_RULE);
  return u;
}

/* a one-node prefab */
static lrule *leaf(lua_State *L, int kind, int op) {
  lrule *u = new_rule(L, kind, 1);
  u->nodes[0].op = (uint8_t)op;
  u->nodes[0].kind = (uint8_t)kind;
  return u;
}

/* the value at arg as a rule of kind (a Rule, or a function wrapped in a
** call node); replaces it on the stack */
static lrule *as_rule(lua_State *L, int arg, int kind) {
  arg = lua_absindex(L, arg);
  if (lua_type(L, arg) == LUA_TFUNCTION) {
    lrule *u = leaf(L, kind, DH_OP_CALL);
    u->nfuncs = 1;
    u->nodes[0].p[0] = 1;  /* its function's index in the functions table */
    lua_createtable(L, 1, 0);
    lua_pushvalue(L, arg);
    lua_rawseti(L, -2, 1);
    lua_setiuservalue(L, -2, 1);
    lua_replace(L, arg);
    return u;
  } else {
    lrule *u = (lrule *)luaL_testudata(L, arg, DH_RULE);
    if (!u) luaL_typeerror(L, arg, "rule or function");
    return u;
  }
}

/* copies src's nodes into dst at node offset no and function offset fo */
static void copy_nodes(lrule *dst, const lrule *src, int no, int fo) {
  int i;
  for (i = 0; i < src->n; i++) {
    dh_node *d = &dst->nodes[no + i];
    *d = src->nodes[i];
    switch (d->op) {
      case DH_OP_AND: case DH_OP_OR: case DH_OP_SUM: d->a += (uint8_t)no; d->b += (uint8_t)no; break;
      case DH_OP_NOT: d->a += (uint8_t)no; break;
      case DH_OP_CALL: d->p[0] += fo; break;
      default: break;
    }
  }
}

/* appends rule at idx's functions to the table on top */
static void append_funcs(lua_State *L, int idx, const lrule *u, int at) {
  int i;
  if (!u->nfuncs) return;
  lua_getiuservalue(L, idx, 1);
  for (i = 1; i <= u->nfuncs; i++) {
    lua_rawgeti(L, -1, i);
    lua_rawseti(L, -3, at + i);
  }
  lua_pop(L, 1);
}

/* a op b, or op a when b is 0 */
static int combine(lua_State *L, int op, int ia, int ib) {
  lrule *a, *b = NULL, *u;
  int kind, n;
  if (lua_type(L, ia) == LUA_TFUNCTION && ib && lua_type(L, ib) != LUA_TFUNCTION) {
    b = as_rule(L, ib, KIND_ANY);
    a = as_rule(L, ia, b->kind);
  } else {
    a = as_rule(L, ia, KIND_ANY);
    if (ib) b = as_rule(L, ib, a->kind);
  }
  /* rules are values: the operands are never changed */
  kind = (a->kind == KIND_ANY && b) ? b->kind : a->kind;
  if (b && b->kind != kind && b->kind != KIND_ANY)
    return luaL_error(L, "cannot combine a %s rule with a %s rule", kind_names[kind], kind_names[b->kind]);
  /* functions alone (kind any) take the kind of the field they go in */
  if (op == DH_OP_NOT && kind != DH_RULE_HAND && kind != DH_RULE_BID && kind != KIND_ANY)
    return luaL_error(L, "~ applies to hand and bid rules, not to a %s rule", kind_names[kind]);
  if (op == DH_OP_AND && kind == DH_RULE_POINTS)
    return luaL_error(L, "points rules add with +, not &");
  if (op == DH_OP_SUM && kind != DH_RULE_POINTS && kind != KIND_ANY)
    return luaL_error(L, "+ adds points rules, not %s rules", kind_names[kind]);
  n = a->n + (b ? b->n : 0) + 1;
  if (n > DH_MAX_NODES) return luaL_error(L, "rule too large (at most %d nodes)", DH_MAX_NODES);
  u = new_rule(L, kind, n);
  copy_nodes(u, a, 0, 0);
  if (b) copy_nodes(u, b, a->n, a->nfuncs);
  u->nodes[n - 1].op = (uint8_t)op;
  u->nodes[n - 1].kind = (uint8_t)kind;
  u->nodes[n - 1].a = (uint8_t)a->root;
  u->nodes[n - 1].b = (uint8_t)(b ? b->root + a->n : 0);
  u->root = n - 1;
  u->nfuncs = a->nfuncs + (b ? b->nfuncs : 0);
  if (u->nfuncs) {
    lua_createtable(L, u->nfuncs, 0);
    append_funcs(L, ia, a, 0);
    if (b) append_funcs(L, ib, b, a->nfuncs);
    lua_setiuservalue(L, -2, 1);
  }
  return 1;
}

static int rule_bor(lua_State *L) { return combine(L, DH_OP_OR, 1, 2); }
static int rule_band(lua_State *L) { return combine(L, DH_OP_AND, 1, 2); }
static int rule_bnot(lua_State *L) { return combine(L, DH_OP_NOT, 1, 0); }
static int rule_add(lua_State *L) { return combine(L, DH_OP_SUM, 1, 2); }

/* rule.chain(a, b, ...): the first that decides (play rules) */
static int rule_chain(lua_State *L) {
  int i, n = lua_gettop(L);
  luaL_argcheck(L, n >= 1, 1, "rule expected");
  lua_pushvalue(L, 1);
  for (i = 2; i <= n; i++) {
    int top = lua_gettop(L);
    combine(L, DH_OP_OR, top, i);
    lua_replace(L, top);
  }
  return 1;
}

static int rule_tostring(lua_State *L) {
  lrule *u = torule(L, 1);
  lua_pushfstring(L, "Rule(%s, %d nodes)", u->kind < KIND_ANY ? kind_names[u->kind] : "any", u->n);
  return 1;
}

static int rule_kind(lua_State *L) {
  lua_pushstring(L, kind_names[torule(L, 1)->kind]);
  return 1;
}

/* -------------------------------------------------------- the prefabs */

static void set_of_arg(lua_State *L, int arg, dh_cardset *s) {
  *s = lua_isnoneornil(L, arg) ? 0 : dhL_checkset(L, arg, NULL);
}

static int p_break_suit(lua_State *L) {
  int suit = dhL_checksuit(L, 1);
  dh_cardset extra;
  lrule *u;
  set_of_arg(L, 2, &extra);
  u = leaf(L, DH_RULE_HAND, DH_OP_BREAK_SUIT);
  u->nodes[0].p[0] = suit;
  u->nodes[0].set = dh_suit_mask(suit) | extra;
  return 1;
}

static int p_no_first_trick(lua_State *L) {
  dh_cardset s = dhL_checkset(L, 1, NULL);
  leaf(L, DH_RULE_HAND, DH_OP_FIRST_TRICK)->nodes[0].set = s;
  return 1;
}

static int p_lead_card(lua_State *L) {
  dh_card c = dhL_checkcard(L, 1);
  leaf(L, DH_RULE_HAND, DH_OP_LEAD_CARD)->nodes[0].p[0] = c;
  return 1;
}

static int p_highest_of(lua_State *L) {
  dh_cardset s = dhL_checkset(L, 1, NULL);
  leaf(L, DH_RULE_PLAY, DH_OP_HIGHEST_OF)->nodes[0].set = s;
  return 1;
}

/* card values: keys are card names ("Qs"), ranks ("A", "10", "T") or
** suits ("h"); a card's own entry beats its rank's, which beats its suit's */
static void card_values(lua_State *L, int arg, int8_t *values) {
  static const char ranks[] = "23456789TJQKA";
  uint8_t how[64] = { 0 };  /* 0 unset, 1 suit, 2 rank, 3 card */
  luaL_checktype(L, arg, LUA_TTABLE);
  memset(values, 0, 64);
  lua_pushnil(L);
  while (lua_next(L, arg)) {
    const char *k;
    size_t len;
    dh_card c;
    const char *why;
    lua_Integer v;
    int pos, level = 0, rank = 0, suit = -1;
    if (lua_type(L, -2) != LUA_TSTRING) luaL_error(L, "card_points: keys are card, rank or suit names");
    k = lua_tolstring(L, -2, &len);
    if (!lua_isinteger(L, -1)) luaL_error(L, "card_points: value of '%s' must be an integer", k);
    v = lua_tointeger(L, -1);
    if (v < -128 || v > 127) luaL_error(L, "card_points: value of '%s' out of range", k);
    if (dh_card_parse(k, len, &c, &why)) level = 3;
    else if (len == 2 && k[0] == '1' && k[1] == '0') { level = 2; rank = 10; }
    else if (len == 1 && strchr(ranks, (k[0] >= 'a' ? k[0] - 32 : k[0]))) {
      level = 2;
      rank = (int)(strchr(ranks, (k[0] >= 'a' ? k[0] - 32 : k[0])) - ranks) + 2;
      if (k[0] == 'c' || k[0] == 'd' || k[0] == 'h' || k[0] == 's') level = 0;
    }
    if (!level) {
      lua_pushvalue(L, -2);
      suit = dhL_checksuit(L, lua_gettop(L));
      lua_pop(L, 1);
      level = 1;
    }
    for (pos = 0; pos < 64; pos++) {
      dh_card pc = (dh_card)pos;
      int hit;
      if (dh_card_is_joker(pc) || (pos & 15) > 12) continue;
      hit = level == 3 ? pos == (c & 63) : level == 2 ? dh_card_rank(pc) == rank : dh_card_suit(pc) == suit;
      if (hit && how[pos] <= level) { values[pos] = (int8_t)v; how[pos] = (uint8_t)level; }
    }
    lua_pop(L, 1);
  }
}

/* card_points(values [, {moon = "others"|"self", last_trick = n}]) */
static int p_card_points(lua_State *L) {
  int8_t values[64];
  int moon = DH_MOON_NONE, last = 0;
  lrule *u;
  card_values(L, 1, values);
  if (lua_istable(L, 2)) {
    lua_getfield(L, 2, "moon");
    if (!lua_isnil(L, -1)) {
      static const char *const moons[] = { "none", "others", "self", NULL };
      moon = luaL_checkoption(L, -1, NULL, moons);
    }
    lua_getfield(L, 2, "last_trick");
    last = (int)luaL_optinteger(L, -1, 0);
    lua_pop(L, 2);
  }
  u = leaf(L, DH_RULE_POINTS, DH_OP_CARD_POINTS);
  memcpy(u->nodes[0].values, values, 64);
  u->nodes[0].p[0] = moon;
  u->nodes[0].p[1] = last;
  return 1;
}

static int p_tricks(lua_State *L) {
  leaf(L, DH_RULE_POINTS, DH_OP_TRICKS)->nodes[0].p[0] = (int32_t)luaL_optinteger(L, 1, 1);
  return 1;
}

static int32_t opt_field(lua_State *L, int t, const char *k, int32_t def) {
  int32_t v;
  lua_getfield(L, t, k);
  if (lua_isnil(L, -1)) v = def;
  else if (lua_isboolean(L, -1)) v = lua_toboolean(L, -1);
  else if (!lua_isinteger(L, -1)) return luaL_error(L, "field '%s' must be an integer", k);
  else v = (int32_t)lua_tointeger(L, -1);
  lua_pop(L, 1);
  return v;
}

/* contract{per_trick=10, overtrick=1, set=10, nil=100, blind_nil=200,
**          bags=10, bag_penalty=100, nil_tricks_to_partner=false} */
static int p_contract(lua_State *L) {
  static const char *const keys[8] = { "per_trick", "overtrick", "set", "nil", "blind_nil",
                                       "bags", "bag_penalty", "nil_tricks_to_partner" };
  static const int32_t defs[8] = { 10, 1, 10, 100, 200, 10, 100, 0 };
  int32_t p[8];
  int i;
  lrule *u;
  if (lua_isnoneornil(L, 1)) lua_newtable(L);
  luaL_checktype(L, 1, LUA_TTABLE);
  lua_settop(L, 1);
  for (i = 0; i < 8; i++) p[i] = opt_field(L, 1, keys[i], defs[i]);
  u = leaf(L, DH_RULE_POINTS, DH_OP_CONTRACT);
  memcpy(u->nodes[0].p, p, sizeof p);
  return 1;
}

/* exact_bid{base=10, per_bid=1, miss=0}: miss points per trick off */
static int p_exact_bid(lua_State *L) {
  lrule *u;
  int32_t base, per, miss;
  if (lua_isnoneornil(L, 1)) lua_newtable(L);
  luaL_checktype(L, 1, LUA_TTABLE);
  lua_settop(L, 1);
  base = opt_field(L, 1, "base", 10);
  per = opt_field(L, 1, "per_bid", 1);
  miss = opt_field(L, 1, "miss", 0);
  u = leaf(L, DH_RULE_POINTS, DH_OP_EXACT_BID);
  u->nodes[0].p[0] = base;
  u->nodes[0].p[1] = per;
  u->nodes[0].p[2] = miss;
  return 1;
}

static int p_win(lua_State *L, int op, int need) {
  lua_Integer v = need ? luaL_checkinteger(L, 1) : luaL_optinteger(L, 1, 0);
  leaf(L, DH_RULE_WIN, op)->nodes[0].p[0] = (int32_t)v;
  return 1;
}
static int p_first_to(lua_State *L) { return p_win(L, DH_OP_FIRST_TO, 1); }
static int p_lowest_when(lua_State *L) { return p_win(L, DH_OP_LOWEST_AT, 1); }
static int p_highest_after(lua_State *L) { return p_win(L, DH_OP_AFTER_HANDS, 0); }
static int p_loss_floor(lua_State *L) { return p_win(L, DH_OP_FLOOR, 1); }

/* bid_range(min, max [, nil_allowed]); max nil: the hand size */
static int p_bid_range(lua_State *L) {
  lrule *u;
  lua_Integer lo = luaL_optinteger(L, 1, 0), hi = luaL_optinteger(L, 2, -1);
  int nil = lua_isnone(L, 3) ? 1 : lua_toboolean(L, 3);
  u = leaf(L, DH_RULE_BID, DH_OP_BID_RANGE);
  u->nodes[0].p[0] = (int32_t)lo;
  u->nodes[0].p[1] = (int32_t)hi;
  u->nodes[0].p[2] = nil;
  return 1;
}

static const struct { const char *name; int kind, op; } constants[] = {
  { "free_play", DH_RULE_HAND, DH_OP_FREE_PLAY },
  { "free_start", DH_RULE_HAND, DH_OP_FREE_START },
  { "follow_suit", DH_RULE_HAND, DH_OP_FOLLOW_SUIT },
  { "must_trump", DH_RULE_HAND, DH_OP_MUST_TRUMP },
  { "must_overtrump", DH_RULE_HAND, DH_OP_MUST_OVERTRUMP },
  { "highest_of_led", DH_RULE_PLAY, DH_OP_HIGHEST_OF_LED },
  { "trump_wins", DH_RULE_PLAY, DH_OP_TRUMP_WINS },
  { "blind_nil", DH_RULE_BID, DH_OP_BLIND_NIL },
  { "hook", DH_RULE_BID, DH_OP_HOOK },
  { NULL, 0, 0 }
};

static const luaL_Reg prefab_funcs[] = {
  { "break_suit", p_break_suit }, { "no_first_trick", p_no_first_trick },
  { "lead_card", p_lead_card }, { "highest_of", p_highest_of }, { "chain", rule_chain },
  { "card_points", p_card_points }, { "tricks", p_tricks }, { "contract", p_contract },
  { "exact_bid", p_exact_bid }, { "first_to", p_first_to }, { "lowest_when", p_lowest_when },
  { "highest_after", p_highest_after }, { "loss_floor", p_loss_floor },
  { "bid_range", p_bid_range }, { NULL, NULL }
};

/* --------------------------------------------------------------- Rules */

typedef struct lrules {
  dh_rules r;
  lua_State *L;       /* the state of the call in progress */
  int busy;           /* a Lua rule is running: games may not change */
  int funcs, state;   /* registry references: the functions, the State */
  char name[64];
} lrules;

typedef struct lstate { const dh_match *m; } lstate;

const dh_rules *dhL_checkrules(lua_State *L, int arg) {
  return &((lrules *)luaL_checkudata(L, arg, DH_RULES))->r;
}

/* the binding's part before an engine call that may reach a callback */
void dhL_rules_enter(lua_State *L, const dh_rules *r) {
  if (r->has_calls) ((lrules *)(void *)r)->L = L;
}

/* is one of these rules' Lua functions running? */
int dhL_rules_busy(const dh_rules *r) {
  return r->has_calls && ((const lrules *)(const void *)r)->busy > 0;
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

static int fail(lua_State *L, lrules *u, int kind, const char *msg) {
  lua_pushfstring(L, "%s: %s rule: %s", u->name, kind_names[kind], msg);
  lua_setfield(L, LUA_REGISTRYINDEX, RULE_ERROR);
  return 1;
}

/* reads n integers of the list at idx into out; 0 when one is not an integer */
static int side_list(lua_State *L, int idx, int n, int32_t *out) {
  int i;
  for (i = 0; i < n; i++) {
    lua_geti(L, idx, i + 1);
    if (!lua_isinteger(L, -1)) { lua_pop(L, 1); return 0; }
    out[i] = (int32_t)lua_tointeger(L, -1);
    lua_pop(L, 1);
  }
  return 1;
}

/* the trampoline: calls the Lua function of node ref under lua_pcall */
static int trampoline(void *ud, int ref, int kind, const dh_match *m, int a, int b, int32_t *out) {
  lrules *u = (lrules *)ud;
  lua_State *L = u->L;
  lstate *st;
  int top = lua_gettop(L), nargs = 1, ok = 0;
  if (!lua_checkstack(L, 8)) return fail(L, u, kind, "stack overflow");
  lua_rawgeti(L, LUA_REGISTRYINDEX, u->funcs);
  lua_rawgeti(L, -1, u->r.nodes[ref].p[0]);
  lua_rawgeti(L, LUA_REGISTRYINDEX, u->state);
  st = (lstate *)lua_touserdata(L, -1);
  st->m = m;
  switch (kind) {
    case DH_RULE_HAND:
      lua_pushinteger(L, a + 1);
      dhL_pushcard(L, (dh_card)b);
      nargs = 3;
      break;
    case DH_RULE_PLAY:
      push_trick(L, &m->trick);
      nargs = 2;
      break;
    case DH_RULE_BID:
      lua_pushinteger(L, a + 1);
      lua_pushinteger(L, b);
      nargs = 3;
      break;
    case DH_RULE_WIN: {
      int i;
      lua_createtable(L, a, 0);  /* the totals the hand gives */
      for (i = 0; i < a; i++) { lua_pushinteger(L, out[2 + i]); lua_rawseti(L, -2, i + 1); }
      nargs = 2;
      break;
    }
    default: break;
  }
  u->busy++;
  if (lua_pcall(L, nargs, 2, 0) != LUA_OK) {
    const char *msg = lua_tostring(L, -1);
    u->busy--;
    st->m = NULL;
    fail(L, u, kind, msg ? msg : "(error object is not a string)");
    lua_settop(L, top);
    return 1;
  }
  u->busy--;
  st->m = NULL;
  switch (kind) {
    case DH_RULE_HAND: case DH_RULE_BID:
      if (!lua_isboolean(L, -2)) {
        lua_pushfstring(L, "boolean expected, got %s", luaL_typename(L, -2));
        fail(L, u, kind, lua_tostring(L, -1));
        break;
      }
      *out = lua_toboolean(L, -2);
      ok = 1;
      break;
    case DH_RULE_PLAY:
      if (lua_isnil(L, -2)) { *out = -1; ok = 1; break; }  /* declines: the chain goes on */
      if (!lua_isinteger(L, -2) || lua_tointeger(L, -2) < 1 || lua_tointeger(L, -2) > m->trick.n) {
        lua_pushfstring(L, "index of the winning card (1..%d) expected, got %s", m->trick.n,
                        lua_isinteger(L, -2) ? lua_tostring(L, -2) : luaL_typename(L, -2));
        fail(L, u, kind, lua_tostring(L, -1));
        break;
      }
      *out = (int32_t)lua_tointeger(L, -2) - 1;
      ok = 1;
      break;
    case DH_RULE_POINTS:
      if (!lua_istable(L, -2) || !side_list(L, lua_absindex(L, -2), a, out)) {
        fail(L, u, kind, "a list of integer points per side expected");
        break;
      }
      if (lua_istable(L, -1) && !side_list(L, lua_absindex(L, -1), a, out + DH_MAX_SEATS)) {
        fail(L, u, kind, "a list of integer bags per side expected");
        break;
      }
      ok = 1;
      break;
    case DH_RULE_WIN: {
      int i, n;
      if (lua_isnil(L, -2) || (lua_isboolean(L, -2) && !lua_toboolean(L, -2))) { out[0] = 0; ok = 1; break; }
      if (!lua_istable(L, -2)) {
        lua_pushfstring(L, "nil or a list of winning sides expected, got %s", luaL_typename(L, -2));
        fail(L, u, kind, lua_tostring(L, -1));
        break;
      }
      out[0] = 1; out[1] = 0;
      n = (int)luaL_len(L, -2);
      for (i = 1; i <= n; i++) {
        lua_Integer s;
        lua_geti(L, -2, i);
        s = lua_tointeger(L, -1);
        lua_pop(L, 1);
        if (s < 1 || s > a) { fail(L, u, kind, "winning sides must be side numbers"); goto done; }
        out[1] |= 1 << (s - 1);
      }
      ok = 1;
      break;
    }
    default: break;
  }
done:
  lua_settop(L, top);
  return !ok;
}

/* copies a rule's tree into r, returning the root index */
static int place_rule(lua_State *L, lrules *u, int arg, int kind, int *nfuncs) {
  lrule *ru = as_rule(L, arg, kind);
  int i, base = u->r.nnodes;
  if (ru->kind != kind && ru->kind != KIND_ANY)
    luaL_error(L, "%s: field '%s' holds a %s rule", u->name, kind_names[kind], kind_names[ru->kind]);
  if (base + ru->n > DH_MAX_NODES) luaL_error(L, "%s: rules too large", u->name);
  for (i = 0; i < ru->n; i++) {
    dh_node *d = &u->r.nodes[base + i];
    *d = ru->nodes[i];
    d->kind = (uint8_t)kind;
    switch (d->op) {
      case DH_OP_AND: case DH_OP_OR: case DH_OP_SUM: d->a += (uint8_t)base; d->b += (uint8_t)base; break;
      case DH_OP_NOT: d->a += (uint8_t)base; break;
      case DH_OP_CALL: d->p[0] += *nfuncs; u->r.has_calls = 1; break;
      default: break;
    }
  }
  if (ru->nfuncs) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, u->funcs);
    append_funcs(L, arg, ru, *nfuncs);
    lua_pop(L, 1);
    *nfuncs += ru->nfuncs;
  }
  u->r.nnodes = (uint8_t)(base + ru->n);
  return base + ru->root;
}

static int getint(lua_State *L, int t, const char *k, int def) {
  int v;
  lua_getfield(L, t, k);
  v = lua_isnil(L, -1) ? def : (int)luaL_checkinteger(L, -1);
  lua_pop(L, 1);
  return v;
}

static int getbool(lua_State *L, int t, const char *k) {
  int v;
  lua_getfield(L, t, k);
  v = lua_toboolean(L, -1);
  lua_pop(L, 1);
  return v;
}

static void build_deck(lua_State *L, lrules *u, int spec) {
  dh_deck *d = &u->r.deck;
  lua_getfield(L, spec, "deck");
  if (lua_isnil(L, -1)) dh_deck_init(d, DH_DECK_FRENCH52);
  else if (luaL_testudata(L, -1, DH_DECK)) *d = *(dh_deck *)lua_touserdata(L, -1);
  else {
    size_t len, where;
    const char *s = luaL_checklstring(L, -1, &len), *why;
    int kind = dh_deck_kind(s);
    if (kind >= 0) dh_deck_init(d, kind);
    else if (!dh_deck_custom(d, s, len, &why, &where))
      luaL_error(L, "%s: bad deck '%s': %s", u->name, s, why);
  }
  lua_pop(L, 1);
  lua_getfield(L, spec, "remove");
  if (!lua_isnil(L, -1)) {
    dh_cardset gone = dhL_checkset(L, lua_gettop(L), NULL);
    int i, n = 0;
    for (i = d->top; i < d->n; i++)
      if (!dh_set_has(gone, d->cards[i])) d->cards[n++] = d->cards[i];
    d->top = 0;
    d->n = (uint8_t)n;
  }
  lua_pop(L, 1);
}

/* core.rules(spec) -> Rules: spec is a variant normalized by deckhand/variant.lua */
static int rules_new(lua_State *L) {
  lrules *u;
  dh_order order;
  const dh_order *o;
  int spec = 1, k, nfuncs = 0, i;
  const char *why;
  luaL_checktype(L, 1, LUA_TTABLE);
  lua_settop(L, 1);
  u = (lrules *)lua_newuserdatauv(L, sizeof(lrules), 0);
  memset(u, 0, sizeof *u);
  u->funcs = u->state = LUA_NOREF;
  luaL_setmetatable(L, DH_RULES);
  lua_getfield(L, spec, "name");
  strncpy(u->name, luaL_optstring(L, -1, "variant"), sizeof u->name - 1);
  lua_pop(L, 1);
  dh_rules_init(&u->r);
  u->r.nnodes = 0;
  lua_newtable(L);
  u->funcs = luaL_ref(L, LUA_REGISTRYINDEX);
  ((lstate *)lua_newuserdatauv(L, sizeof(lstate), 0))->m = NULL;
  luaL_setmetatable(L, DH_STATE);
  u->state = luaL_ref(L, LUA_REGISTRYINDEX);

  build_deck(L, u, spec);
  u->r.nseats = (uint8_t)getint(L, spec, "seats", 4);
  if (u->r.nseats < 2 || u->r.nseats > DH_MAX_SEATS) return luaL_error(L, "%s: seats must be 2 to 8", u->name);
  lua_getfield(L, spec, "sides");
  if (lua_istable(L, -1)) {
    int most = 0;
    for (i = 0; i < u->r.nseats; i++) {
      lua_Integer s;
      lua_geti(L, -1, i + 1);
      s = lua_tointeger(L, -1);
      lua_pop(L, 1);
      if (s < 1 || s > u->r.nseats) return luaL_error(L, "%s: sides[%d] must be a side number", u->name, i + 1);
      u->r.side_of[i] = (uint8_t)(s - 1);
      if (s > most) most = (int)s;
    }
    u->r.nsides = (uint8_t)most;
  } else {
    for (i = 0; i < u->r.nseats; i++) u->r.side_of[i] = (uint8_t)i;
    u->r.nsides = u->r.nseats;
  }
  lua_pop(L, 1);
  /* order, suits, strengths */
  lua_getfield(L, spec, "order");
  o = lua_isnil(L, -1) ? &u->r.deck.natural : dhL_optorder(L, lua_gettop(L), &order);
  for (i = 0; i < 64; i++) u->r.suit_of[i] = (int8_t)dh_card_suit(dh_card_at(i, u->r.deck.layout));
  lua_getfield(L, spec, "suit_of");
  if (lua_istable(L, -1)) {
    lua_pushnil(L);
    while (lua_next(L, -2)) {
      dh_card c = dhL_checkcard(L, -2);
      u->r.suit_of[c & 63] = (int8_t)dhL_checksuit(L, lua_gettop(L));
      lua_pop(L, 1);
    }
  }
  lua_pop(L, 1);
  dh_rules_finish(&u->r, o);
  lua_pop(L, 1);
  lua_getfield(L, spec, "strength");
  if (lua_istable(L, -1)) {
    lua_pushnil(L);
    while (lua_next(L, -2)) {
      dh_card c = dhL_checkcard(L, -2);
      lua_Integer v = luaL_checkinteger(L, -1);
      if (v < 0 || v > 255) return luaL_error(L, "%s: strength out of range", u->name);
      u->r.strength[c & 63] = (uint8_t)v;
      lua_pop(L, 1);
    }
  }
  lua_pop(L, 1);
  /* hand sizes */
  lua_getfield(L, spec, "sizes");
  if (lua_istable(L, -1)) {
    int n = (int)luaL_len(L, -1);
    if (n < 1 || n > DH_MAX_SIZES) return luaL_error(L, "%s: 1 to %d hand sizes", u->name, DH_MAX_SIZES);
    for (i = 0; i < n; i++) {
      lua_geti(L, -1, i + 1);
      u->r.sizes[i] = (uint8_t)luaL_checkinteger(L, -1);
      lua_pop(L, 1);
    }
    u->r.nsizes = (uint8_t)n;
  }
  lua_pop(L, 1);
  /* trump */
  lua_getfield(L, spec, "trump");
  if (lua_isnil(L, -1)) u->r.trump_mode = DH_TRUMP_NONE;
  else {
    const char *t = luaL_checkstring(L, -1);
    if (strcmp(t, "none") == 0) u->r.trump_mode = DH_TRUMP_NONE;
    else if (strcmp(t, "turn_under") == 0) u->r.trump_mode = DH_TRUMP_TURN_UNDER;
    else if (strcmp(t, "turn_top") == 0) u->r.trump_mode = DH_TRUMP_TURN_TOP;
    else { u->r.trump_mode = DH_TRUMP_FIXED; u->r.trump_suit = (uint8_t)dhL_checksuit(L, lua_gettop(L)); }
  }
  lua_pop(L, 1);
  u->r.draw = (uint8_t)getbool(L, spec, "draw");
  lua_getfield(L, spec, "lead");
  if (!lua_isnil(L, -1) && !(lua_type(L, -1) == LUA_TSTRING && strcmp(lua_tostring(L, -1), "left") == 0)) {
    u->r.lead = DH_LEAD_HOLDER;
    u->r.lead_card = dhL_checkcard(L, lua_gettop(L));
  }
  lua_pop(L, 1);
  u->r.pass_count = (uint8_t)getint(L, spec, "pass_count", 0);
  lua_getfield(L, spec, "pass_dirs");
  if (lua_istable(L, -1)) {
    int n = (int)luaL_len(L, -1);
    if (n > DH_MAX_PASSES) return luaL_error(L, "%s: at most %d pass directions", u->name, DH_MAX_PASSES);
    for (i = 0; i < n; i++) {
      lua_geti(L, -1, i + 1);
      u->r.pass_dir[i] = (int8_t)luaL_checkinteger(L, -1);
      lua_pop(L, 1);
    }
    u->r.npasses = (uint8_t)n;
  }
  lua_pop(L, 1);
  u->r.bidding = (uint8_t)getbool(L, spec, "bidding");
  u->r.low_wins = (uint8_t)getbool(L, spec, "low_wins");
  u->r.max_hands = (uint16_t)getint(L, spec, "max_hands", 1000);
  /* the five rules */
  for (k = 0; k < DH_RULE_NKINDS; k++) {
    lua_getfield(L, spec, kind_names[k]);
    if (lua_isnil(L, -1)) {
      lua_pop(L, 1);
      switch (k) {
        case DH_RULE_HAND: leaf(L, k, DH_OP_FOLLOW_SUIT); break;
        case DH_RULE_PLAY: leaf(L, k, DH_OP_HIGHEST_OF_LED); break;
        case DH_RULE_POINTS: leaf(L, k, DH_OP_TRICKS)->nodes[0].p[0] = 1; break;
        case DH_RULE_WIN: leaf(L, k, DH_OP_AFTER_HANDS); break;
        default: {
          lrule *b = leaf(L, k, DH_OP_BID_RANGE);
          b->nodes[0].p[1] = -1;
          b->nodes[0].p[2] = 1;
        }
      }
    }
    u->r.root[k] = (uint8_t)place_rule(L, u, lua_gettop(L), k, &nfuncs);
    lua_pop(L, 1);
  }
  if (u->r.has_calls) { u->r.call = trampoline; u->r.call_ud = u; }
  if ((why = dh_rules_check(&u->r)) != NULL) return luaL_error(L, "%s: %s", u->name, why);
  return 1;
}

static int rules_gc(lua_State *L) {
  lrules *u = (lrules *)luaL_checkudata(L, 1, DH_RULES);
  luaL_unref(L, LUA_REGISTRYINDEX, u->funcs);
  luaL_unref(L, LUA_REGISTRYINDEX, u->state);
  u->funcs = u->state = LUA_NOREF;
  return 0;
}

static int rules_tostring(lua_State *L) {
  lrules *u = (lrules *)luaL_checkudata(L, 1, DH_RULES);
  lua_pushfstring(L, "Rules(%s)", u->name);
  return 1;
}

static int rules_name(lua_State *L) {
  lua_pushstring(L, ((lrules *)luaL_checkudata(L, 1, DH_RULES))->name);
  return 1;
}

static const luaL_Reg rule_meta[] = {
  { "__bor", rule_bor }, { "__band", rule_band }, { "__bnot", rule_bnot }, { "__add", rule_add },
  { "__tostring", rule_tostring }, { NULL, NULL }
};
static const luaL_Reg rule_methods[] = { { "kind", rule_kind }, { NULL, NULL } };
static const luaL_Reg rules_meta[] = {
  { "__gc", rules_gc }, { "__close", rules_gc }, { "__tostring", rules_tostring }, { NULL, NULL }
};
static const luaL_Reg rules_methods[] = { { "name", rules_name }, { NULL, NULL } };

int dhL_open_rules(lua_State *L) {
  int i;
  dhL_newclass(L, DH_RULE, rule_meta, rule_methods);
  dhL_newclass(L, DH_RULES, rules_meta, rules_methods);
  luaL_newmetatable(L, DH_STATE);  /* its __index is set by lgame.c */
  lua_pop(L, 1);
  lua_newtable(L);
  luaL_setfuncs(L, prefab_funcs, 0);
  for (i = 0; constants[i].name; i++) {
    leaf(L, constants[i].kind, constants[i].op);
    lua_setfield(L, -2, constants[i].name);
  }
  lua_setfield(L, -2, "rule");
  lua_pushcfunction(L, rules_new);
  lua_setfield(L, -2, "rules");
  return 0;
}
