/*
** lrules.c -- deckhand.Rule (prefab rules that combine with | & ~ + and
** evaluate in C) and deckhand.Rules (a variant's rules, built once and
** shared by its games), with the trampoline that lets a Lua function
** stand anywhere a rule does.
**
** Everything is built with the engine's rule builders (rules.h).  A Rule
** holds a dh_rules used only for its nodes, the rule's index in it, and
** its Lua functions (if any) in its user value: combining two rules copies
** both trees into a new Rule under an and/or/not/sum node, and building a
** Rules copies every tree into the variant's dh_rules, and keeps every
** Lua function in the registry, by a reference the trampoline reads.
**
** A Lua rule runs on a thread of its own (one per Rules), resumed from the
** thread that made the engine call: a rule that yields is an error, not a
** suspended engine call.  While it runs, its variant's games can neither
** change nor be evaluated (a rule asking its own game for legal cards
** would call itself without end).
*/
#include <string.h>

#include "lbind.h"
#include "match.h"

#define DH_RULE  "deckhand.Rule"
#define DH_RULES "deckhand.Rules"
#define DH_STATE "deckhand.State"
#define RULE_ERROR "deckhand.rule_error"

typedef struct lrule {
  int root, nfuncs;   /* the rule's index in r; its Lua functions */
  dh_rules r;         /* the nodes (no other field is used) */
} lrule;

/* ---------------------------------------------------------------- Rule */

static lrule *torule(lua_State *L, int arg) { return (lrule *)luaL_checkudata(L, arg, DH_RULE); }

static const char *kind_name(const lrule *u) { return dh_rule_kind_name(dh_rule_kind(&u->r, u->root)); }

static lrule *new_rule(lua_State *L) {
  lrule *u = (lrule *)lua_newuserdatauv(L, sizeof(lrule), 1);
  memset(u, 0, sizeof *u);
  luaL_setmetatable(L, DH_RULE);
  return u;
}

/* the rule just built into u, or the builder's reason */
static lrule *built(lua_State *L, lrule *u, int root) {
  if (root < 0) luaL_error(L, "%s", dh_rules_error(&u->r));
  u->root = root;
  return u;
}

/* a Rule of one prefab without parameters */
static lrule *prefab(lua_State *L, int (*builder)(dh_rules *)) {
  lrule *u = new_rule(L);
  return built(L, u, builder(&u->r));
}

/* the value at arg as a rule (a Rule, or a function: a callback of a kind
** still open); replaces it on the stack */
static lrule *as_rule(lua_State *L, int arg) {
  arg = lua_absindex(L, arg);
  if (lua_type(L, arg) == LUA_TFUNCTION) {
    lrule *u = new_rule(L);
    built(L, u, dh_rule_call(&u->r, DH_RULE_ANY, 1));  /* its function's index in the table */
    u->nfuncs = 1;
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

/* appends rule at idx's functions to the table on top, after `at` */
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

/* a op b, or op a when ib is 0; rules are values: the operands stay as they are */
static int combine(lua_State *L, int op, int ia, int ib) {
  lrule *a = as_rule(L, ia), *b = ib ? as_rule(L, ib) : NULL, *u;
  int ka = dh_rule_kind(&a->r, a->root), kb = b ? dh_rule_kind(&b->r, b->root) : ka, ra, rb = -1;
  if (ka != kb && ka != DH_RULE_ANY && kb != DH_RULE_ANY)
    return luaL_error(L, "cannot combine a %s rule with a %s rule", kind_name(a), kind_name(b));
  u = new_rule(L);
  ra = dh_rule_copy(&u->r, &a->r, a->root, 0);
  if (b) rb = dh_rule_copy(&u->r, &b->r, b->root, a->nfuncs);
  switch (op) {
    case '&': built(L, u, dh_rule_and(&u->r, ra, rb)); break;
    case '|': built(L, u, dh_rule_or(&u->r, ra, rb)); break;
    case '+': built(L, u, dh_rule_sum(&u->r, ra, rb)); break;
    default: built(L, u, dh_rule_not(&u->r, ra)); break;
  }
  u->nfuncs = a->nfuncs + (b ? b->nfuncs : 0);
  if (u->nfuncs) {
    lua_createtable(L, u->nfuncs, 0);
    append_funcs(L, ia, a, 0);
    if (b) append_funcs(L, ib, b, a->nfuncs);
    lua_setiuservalue(L, -2, 1);
  }
  return 1;
}

static int rule_bor(lua_State *L) { return combine(L, '|', 1, 2); }
static int rule_band(lua_State *L) { return combine(L, '&', 1, 2); }
static int rule_bnot(lua_State *L) { return combine(L, '~', 1, 0); }
static int rule_add(lua_State *L) { return combine(L, '+', 1, 2); }

/* rule.chain(a, b, ...): the first that decides (play rules) */
static int rule_chain(lua_State *L) {
  int i, n = lua_gettop(L);
  luaL_argcheck(L, n >= 1, 1, "rule expected");
  lua_pushvalue(L, 1);
  for (i = 2; i <= n; i++) {
    int top = lua_gettop(L);
    combine(L, '|', top, i);
    lua_replace(L, top);
  }
  return 1;
}

static int rule_tostring(lua_State *L) {
  lrule *u = torule(L, 1);
  lua_pushfstring(L, "Rule(%s, %d nodes)", kind_name(u), u->root + 1);  /* the root is built last */
  return 1;
}

static int rule_kind(lua_State *L) {
  lua_pushstring(L, kind_name(torule(L, 1)));
  return 1;
}

/* -------------------------------------------------------- the prefabs */

/* the 32-bit integer argument arg (def when absent), named in the error */
static int32_t int32_arg(lua_State *L, int arg, lua_Integer def, lua_Integer lo, const char *what) {
  lua_Integer v = luaL_optinteger(L, arg, def);
  if (v < lo || v > INT32_MAX) {
    lua_pushfstring(L, "%s must be from %I to %d, got %I", what, (LUAI_UACINT)lo, (int)INT32_MAX,
                    (LUAI_UACINT)v);
    luaL_argerror(L, arg, lua_tostring(L, -1));
  }
  return (int32_t)v;
}

static int32_t int32_field(lua_State *L, int t, const char *k, int32_t def, int32_t lo) {
  return (int32_t)dhL_intfield(L, t, k, def, lo, INT32_MAX);
}

static int p_break_suit(lua_State *L) {
  int suit = dhL_checksuit(L, 1);
  dh_cardset breakers = lua_isnoneornil(L, 2) ? 0 : dhL_checkset(L, 2, NULL);
  lrule *u = new_rule(L);
  built(L, u, dh_rule_break_suit(&u->r, suit, breakers));
  return 1;
}

static int p_no_first_trick(lua_State *L) {
  dh_cardset s = dhL_checkset(L, 1, NULL);
  lrule *u = new_rule(L);
  built(L, u, dh_rule_no_first_trick(&u->r, s));
  return 1;
}

static int p_lead_card(lua_State *L) {
  dh_card c = dhL_checkcard(L, 1);
  lrule *u = new_rule(L);
  built(L, u, dh_rule_lead_card(&u->r, c));
  return 1;
}

static int p_highest_of(lua_State *L) {
  dh_cardset s = dhL_checkset(L, 1, NULL);
  lrule *u = new_rule(L);
  built(L, u, dh_rule_highest_of(&u->r, s));
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
    if (v < -128 || v > 127) luaL_error(L, "card_points: value of '%s' must be from -128 to 127", k);
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

/* raises when the options table at t holds a key not in keys */
static void known_keys(lua_State *L, int t, const char *what, const char *const *keys) {
  lua_pushnil(L);
  while (lua_next(L, t)) {
    int i;
    lua_pop(L, 1);
    for (i = 0; keys[i]; i++)
      if (lua_type(L, -1) == LUA_TSTRING && strcmp(lua_tostring(L, -1), keys[i]) == 0) break;
    if (!keys[i]) luaL_error(L, "%s: unknown field '%s'", what, luaL_tolstring(L, -1, NULL));
  }
}

/* card_points(values [, {moon = "others"|"self", last_trick = n}]) */
static int p_card_points(lua_State *L) {
  static const char *const keys[] = { "moon", "last_trick", NULL };
  dh_card_points_opts o;
  lrule *u;
  dh_card_points_defaults(&o);
  card_values(L, 1, o.values);
  if (!lua_isnoneornil(L, 2)) {
    luaL_checktype(L, 2, LUA_TTABLE);
    known_keys(L, 2, "card_points", keys);
    lua_getfield(L, 2, "moon");
    if (!lua_isnil(L, -1)) {
      static const char *const moons[] = { "none", "others", "self", NULL };
      o.moon = (uint8_t)luaL_checkoption(L, -1, NULL, moons);
    }
    lua_pop(L, 1);
    o.last_trick = int32_field(L, 2, "last_trick", 0, INT32_MIN);
  }
  u = new_rule(L);
  built(L, u, dh_rule_card_points(&u->r, &o));
  return 1;
}

static int p_tricks(lua_State *L) {
  int32_t per = int32_arg(L, 1, 1, INT32_MIN, "points per trick");
  lrule *u = new_rule(L);
  built(L, u, dh_rule_tricks(&u->r, per));
  return 1;
}

/* the options table of a prefab (an empty one when absent) at index 1 */
static void opts_arg(lua_State *L, const char *what, const char *const *keys) {
  if (lua_isnoneornil(L, 1)) {
    lua_settop(L, 0);
    lua_newtable(L);
  }
  luaL_checktype(L, 1, LUA_TTABLE);
  lua_settop(L, 1);
  known_keys(L, 1, what, keys);
}

/* contract{per_trick=10, overtrick=1, set=10, nil=100, blind_nil=200,
**          bags=10, bag_penalty=100, nil_tricks_to_partner=false}
** (the defaults: dh_contract_defaults) */
static int p_contract(lua_State *L) {
  static const char *const keys[] = { "per_trick", "overtrick", "set", "nil", "blind_nil", "bags",
                                      "bag_penalty", "nil_tricks_to_partner", NULL };
  dh_contract_opts o;
  lrule *u;
  dh_contract_defaults(&o);
  opts_arg(L, "contract", keys);
  o.per_trick = int32_field(L, 1, "per_trick", o.per_trick, INT32_MIN);
  o.overtrick = int32_field(L, 1, "overtrick", o.overtrick, INT32_MIN);
  o.set = int32_field(L, 1, "set", o.set, INT32_MIN);
  o.nil = int32_field(L, 1, "nil", o.nil, INT32_MIN);
  o.blind_nil = int32_field(L, 1, "blind_nil", o.blind_nil, INT32_MIN);
  o.bags = int32_field(L, 1, "bags", o.bags, 0);
  o.bag_penalty = int32_field(L, 1, "bag_penalty", o.bag_penalty, INT32_MIN);
  lua_getfield(L, 1, "nil_tricks_to_partner");
  if (lua_isboolean(L, -1)) o.nil_tricks_to_partner = (uint8_t)lua_toboolean(L, -1);
  else if (!lua_isnil(L, -1))
    o.nil_tricks_to_partner = dhL_intfield(L, 1, "nil_tricks_to_partner", 0, 0, 1) != 0;
  lua_pop(L, 1);
  u = new_rule(L);
  built(L, u, dh_rule_contract(&u->r, &o));
  return 1;
}

/* makers{need=3, made=1, march=2, alone_march=4, euchred=2, alone_euchred=0} (the
** defaults: dh_makers_defaults) */
static int p_makers(lua_State *L) {
  static const char *const keys[] = { "need", "made", "march", "alone_march", "euchred", "alone_euchred", NULL };
  dh_makers_opts o;
  lrule *u;
  dh_makers_defaults(&o);
  opts_arg(L, "makers", keys);
  o.need = int32_field(L, 1, "need", o.need, 0);
  o.made = int32_field(L, 1, "made", o.made, INT32_MIN);
  o.march = int32_field(L, 1, "march", o.march, INT32_MIN);
  o.alone_march = int32_field(L, 1, "alone_march", o.alone_march, INT32_MIN);
  o.euchred = int32_field(L, 1, "euchred", o.euchred, INT32_MIN);
  o.alone_euchred = int32_field(L, 1, "alone_euchred", o.alone_euchred, INT32_MIN);
  u = new_rule(L);
  built(L, u, dh_rule_makers(&u->r, &o));
  return 1;
}

/* odd_tricks{book=6, honours=false}: Whist's tricks over book, honours of
** trumps when asked (dh_rule_odd_tricks) */
static int p_odd_tricks(lua_State *L) {
  static const char *const keys[] = { "book", "honours", NULL };
  dh_odd_tricks_opts o = { 6, 0 };
  lrule *u;
  opts_arg(L, "odd_tricks", keys);
  o.book = int32_field(L, 1, "book", o.book, 0);
  lua_getfield(L, 1, "honours");
  if (!lua_isnil(L, -1) && !lua_isboolean(L, -1))
    return luaL_error(L, "odd_tricks: field 'honours' must be a boolean, got %s", luaL_typename(L, -1));
  o.honours = (uint8_t)lua_toboolean(L, -1);
  lua_pop(L, 1);
  u = new_rule(L);
  built(L, u, dh_rule_odd_tricks(&u->r, &o));
  return 1;
}

/* duplicate([{}]): Contract Bridge's duplicate score of the contract
** dh.phase.auction leaves (dh_rule_duplicate); no options */
static int p_duplicate(lua_State *L) {
  static const char *const keys[] = { NULL };
  lrule *u;
  opts_arg(L, "duplicate", keys);
  u = new_rule(L);
  built(L, u, dh_rule_duplicate(&u->r));
  return 1;
}

/* a required integer field of the table at 1, in lo..hi */
static int required_int(lua_State *L, const char *what, const char *k, int lo, int hi) {
  if (lua_getfield(L, 1, k) == LUA_TNIL) luaL_error(L, "%s: field '%s' is required", what, k);
  lua_pop(L, 1);
  return (int)dhL_intfield(L, 1, k, lo, lo, hi);
}

/* duplicate_score{level=1..7, strain="C"|"D"|"H"|"S"|"NT" (any case),
** doubled=0|1|2, vulnerable=false, tricks=0..13} -> the points of the
** contract to declarer's side (negative: the defenders'),
** dh_duplicate_score */
static int p_duplicate_score(lua_State *L) {
  static const char *const keys[] = { "level", "strain", "doubled", "vulnerable", "tricks", NULL };
  static const char *const strains[] = { "c", "d", "h", "s", "nt" };
  const char *name;
  int level, strain, doubled, tricks, vul;
  luaL_checktype(L, 1, LUA_TTABLE);
  lua_settop(L, 1);
  known_keys(L, 1, "duplicate_score", keys);
  level = required_int(L, "duplicate_score", "level", 1, 7);
  tricks = required_int(L, "duplicate_score", "tricks", 0, 13);
  doubled = (int)dhL_intfield(L, 1, "doubled", 0, 0, 2);
  lua_getfield(L, 1, "strain");
  name = lua_tostring(L, -1);
  for (strain = 0; name && strain < 5; strain++) {
    const char *a = name, *b = strains[strain];
    while (*a && *b && (*a | 0x20) == *b) { a++; b++; }
    if (!*a && !*b) break;
  }
  if (!name || lua_type(L, -1) != LUA_TSTRING || strain == 5)
    return luaL_error(L, "duplicate_score: field 'strain' must be C, D, H, S or NT, got %s",
                      luaL_tolstring(L, -1, NULL));
  lua_getfield(L, 1, "vulnerable");
  if (!lua_isnil(L, -1) && !lua_isboolean(L, -1))
    return luaL_error(L, "duplicate_score: field 'vulnerable' must be a boolean, got %s", luaL_typename(L, -1));
  vul = lua_toboolean(L, -1);
  lua_pushinteger(L, dh_duplicate_score(level, strain, doubled, vul, tricks));
  return 1;
}

/* skat_value([{}]): Skat's game value from its bidding phase's vars (no
** options yet) */
static int p_skat_value(lua_State *L) {
  static const char *const keys[] = { NULL };
  lrule *u;
  opts_arg(L, "skat_value", keys);
  u = new_rule(L);
  built(L, u, dh_rule_skat_value(&u->r));
  return 1;
}

/* exact_bid{base=10, per_bid=1, miss=0}: miss points per trick off
** (the defaults: dh_exact_bid_defaults) */
static int p_exact_bid(lua_State *L) {
  static const char *const keys[] = { "base", "per_bid", "miss", NULL };
  dh_exact_bid_opts o;
  lrule *u;
  dh_exact_bid_defaults(&o);
  opts_arg(L, "exact_bid", keys);
  o.base = int32_field(L, 1, "base", o.base, INT32_MIN);
  o.per_bid = int32_field(L, 1, "per_bid", o.per_bid, INT32_MIN);
  o.miss = int32_field(L, 1, "miss", o.miss, INT32_MIN);
  u = new_rule(L);
  built(L, u, dh_rule_exact_bid(&u->r, &o));
  return 1;
}

/* first_to(target), lowest_when(target), loss_floor(floor), highest_after([hands]) */
static int p_win(lua_State *L, int (*builder)(dh_rules *, int32_t), const char *what) {
  int32_t v;
  lrule *u;
  luaL_checkinteger(L, 1);  /* required */
  v = int32_arg(L, 1, 0, INT32_MIN, what);
  u = new_rule(L);
  built(L, u, builder(&u->r, v));
  return 1;
}
static int p_first_to(lua_State *L) { return p_win(L, dh_rule_first_to, "target"); }
static int p_lowest_when(lua_State *L) { return p_win(L, dh_rule_lowest_when, "target"); }
static int p_loss_floor(lua_State *L) { return p_win(L, dh_rule_loss_floor, "floor"); }

static int p_highest_after(lua_State *L) {
  int32_t hands = int32_arg(L, 1, 0, 0, "hands");
  lrule *u = new_rule(L);
  built(L, u, dh_rule_highest_after(&u->r, hands));
  return 1;
}

/* bid_range(min, max [, nil_allowed]); max nil: the hand size */
static int p_bid_range(lua_State *L) {
  int32_t lo = int32_arg(L, 1, 0, 0, "min"), hi = int32_arg(L, 2, -1, -1, "max");
  int nil = lua_isnone(L, 3) ? 1 : lua_toboolean(L, 3);
  lrule *u;
  luaL_argcheck(L, hi == -1 || (hi >= lo && hi <= 64), 2, "max must be from min to 64, or nil");
  luaL_argcheck(L, lo <= 64, 1, "min must be from 0 to 64");
  u = new_rule(L);
  built(L, u, dh_rule_bid_range(&u->r, lo, hi, nil));
  return 1;
}

/* the prefabs without parameters: Rule values in the module */
static const struct { const char *name; int (*builder)(dh_rules *); } constants[] = {
  { "free_play", dh_rule_free_play }, { "free_start", dh_rule_free_start },
  { "follow_suit", dh_rule_follow_suit }, { "must_trump", dh_rule_must_trump },
  { "must_overtrump", dh_rule_must_overtrump }, { "must_beat", dh_rule_must_beat }, { "highest_of_led", dh_rule_highest_of_led },
  { "trump_wins", dh_rule_trump_wins }, { "blind_nil", dh_rule_blind_nil }, { "hook", dh_rule_hook },
  { NULL, NULL }
};

static const luaL_Reg prefab_funcs[] = {
  { "break_suit", p_break_suit }, { "no_first_trick", p_no_first_trick },
  { "lead_card", p_lead_card }, { "highest_of", p_highest_of }, { "chain", rule_chain },
  { "card_points", p_card_points }, { "tricks", p_tricks }, { "contract", p_contract },
  { "exact_bid", p_exact_bid }, { "makers", p_makers }, { "odd_tricks", p_odd_tricks }, { "first_to", p_first_to }, { "lowest_when", p_lowest_when },
  { "highest_after", p_highest_after }, { "loss_floor", p_loss_floor },
  { "bid_range", p_bid_range }, { "duplicate", p_duplicate }, { "duplicate_score", p_duplicate_score },
  { "skat_value", p_skat_value }, { NULL, NULL }
};

/* --------------------------------------------------------------- Rules */

typedef struct lstate { const dh_match *m; } lstate;

typedef struct lrules {
  dh_rules r;
  lua_State *L;       /* the thread of the engine call in progress (dhL_rules_enter) */
  lua_State *T;       /* the thread Lua rules run on */
  lstate *st;         /* the State they receive */
  int busy;           /* a Lua rule is running: games may not change or be evaluated */
  int state, thread;  /* registry references: the State, T (LUA_NOREF: released) */
  int nfuncs, fref[DH_MAX_NODES];  /* the functions' references, by callback ref - 1 */
  int kind;                        /* the kind of the rule running, for the time limit's message */
  int overran;                     /* it ran over the time limit (rule_hook) */
  unsigned calls, clocked;         /* callbacks made; the one whose clock runs (rule_hook) */
  double started;                  /* when that one's clock started */
  char name[64];
  char modes[DH_MAX_MODES][16];    /* the name of each card table a script picks by name ("": a trump's) */
} lrules;

int dhL_rules_mode(const dh_rules *r, const char *name) {
  const lrules *u = (const lrules *)(const void *)r;
  int k;
  for (k = 0; k < r->ntables; k++)
    if (u->modes[k][0] && strcmp(u->modes[k], name) == 0) return k + 1;
  return -1;
}

const dh_rules *dhL_checkrules(lua_State *L, int arg) {
  return &((lrules *)luaL_checkudata(L, arg, DH_RULES))->r;
}

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

/* the registry table: the rules' thread -> its lrules (rule_hook) */
#define RULE_THREADS "deckhand.rule_threads"

/*
** The count hook of the rules' thread while a rule time limit is set
** (host.rule_limit): a callback that runs over it stops, and the
** trampoline names it.  Its clock starts at the hook's first count inside
** it, so a short callback (most are) costs an increment and no more.
*/
static void rule_hook(lua_State *T, lua_Debug *ar) {
  double limit = dhL_rule_limit(T), t;
  lrules *u;
  (void)ar;
  if (limit <= 0) return;
  lua_getfield(T, LUA_REGISTRYINDEX, RULE_THREADS);
  lua_pushthread(T);
  lua_rawget(T, -2);
  u = (lrules *)lua_touserdata(T, -1);
  lua_pop(T, 2);
  if (!u) return;
  t = dhL_clock();
  if (u->clocked != u->calls) {
    u->clocked = u->calls;
    u->started = t;
  } else if (t - u->started > limit) {
    /* out by a yield where one can pass (a pcall of the rule's own cannot
    ** catch it), else an error; either way the trampoline names the rule */
    u->overran = 1;
    if (lua_isyieldable(T)) {
      lua_yield(T, 0);
      return;
    }
    lua_pushliteral(T, "rule time limit");
    lua_error(T);
  }
}

/* gives the rules a fresh thread, made on L (at first, and after one ran
** over the limit: a hook that raised leaves its thread's hooks off) */
static void renew_thread(lua_State *L, lrules *u) {
  luaL_checkstack(L, 4, "the rules' thread");
  if (u->thread != LUA_NOREF) luaL_unref(L, LUA_REGISTRYINDEX, u->thread);
  u->T = lua_newthread(L);
  if (lua_getfield(L, LUA_REGISTRYINDEX, RULE_THREADS) != LUA_TTABLE) {  /* made once, weak keys */
    lua_pop(L, 1);
    lua_newtable(L);
    lua_pushliteral(L, "k");
    lua_setfield(L, -2, "__mode");
    lua_pushvalue(L, -1);
    lua_setmetatable(L, -2);
    lua_pushvalue(L, -1);
    lua_setfield(L, LUA_REGISTRYINDEX, RULE_THREADS);
  }
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
static int trampoline(void *ud, int ref, int kind, const dh_match *m, int a, int b, int32_t *out) {
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
  if ((dhL_rule_limit(T) > 0) != (lua_gethook(T) == rule_hook))  /* (T: L may be NULL) */
    lua_sethook(T, lua_gethook(T) == rule_hook ? NULL : rule_hook, LUA_MASKCOUNT, 1000);
  status = lua_resume(T, L, 1 + push_args(T, &c), &nres);
  u->st->m = NULL;
  if (u->overran) {  /* (on T, done with: the registry is every thread's) */
    lua_pushfstring(T, "rule time limit: the %s rule of %s ran over %f s", dh_rule_kind_name(kind), u->name,
                    dhL_rule_limit(T));
    lua_setfield(T, LUA_REGISTRYINDEX, RULE_ERROR);
    u->overran = 0;
    renew_thread(T, u);
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

/* ---------------------------------------------------- building Rules */

/* copies the rule at arg into the rules as their rule of kind, and
** references its functions */
static void place_rule(lua_State *L, lrules *u, int arg, int kind) {
  lrule *ru = as_rule(L, arg);
  int k = dh_rule_kind(&ru->r, ru->root), i;
  if (k != kind && k != DH_RULE_ANY)
    luaL_error(L, "field '%s' holds a %s rule", dh_rule_kind_name(kind), dh_rule_kind_name(k));
  i = dh_rule_copy(&u->r, &ru->r, ru->root, u->nfuncs);
  if (i < 0 || dh_rules_set(&u->r, kind, i) < 0) luaL_error(L, "%s", dh_rules_error(&u->r));
  if (!ru->nfuncs) return;
  lua_getiuservalue(L, arg, 1);
  for (i = 1; i <= ru->nfuncs; i++) {  /* fewer than DH_MAX_NODES: each is a node */
    lua_rawgeti(L, -1, i);
    u->fref[u->nfuncs++] = luaL_ref(L, LUA_REGISTRYINDEX);
  }
  lua_pop(L, 1);
}

static int getbool(lua_State *L, int t, const char *k) {
  int v;
  lua_getfield(L, t, k);
  v = lua_toboolean(L, -1);
  lua_pop(L, 1);
  return v;
}

static void build_deck(lua_State *L, dh_deck *d, int spec) {
  lua_getfield(L, spec, "deck");
  if (lua_isnil(L, -1)) dh_deck_init(d, DH_DECK_FRENCH52);
  else if (luaL_testudata(L, -1, DH_DECK)) *d = *(dh_deck *)lua_touserdata(L, -1);
  else {
    size_t len, where;
    const char *s = luaL_checklstring(L, -1, &len), *why;
    int kind = dh_deck_kind(s);
    if (kind >= 0) dh_deck_init(d, kind);
    else if (!dh_deck_custom(d, s, len, &why, &where)) luaL_error(L, "bad deck '%s': %s", s, why);
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

static void build_sides(lua_State *L, dh_rules *r, int spec) {
  int i, most = 0;
  if (lua_getfield(L, spec, "sides") != LUA_TTABLE) {
    for (i = 0; i < r->nseats; i++) r->side_of[i] = (uint8_t)i;
    r->nsides = r->nseats;
  } else {
    for (i = 0; i < r->nseats; i++) {
      int s = (int)dhL_intat(L, lua_gettop(L), i + 1, "sides", 1, r->nseats);
      r->side_of[i] = (uint8_t)(s - 1);
      if (s > most) most = s;
    }
    r->nsides = (uint8_t)most;
  }
  lua_pop(L, 1);
}

/* suit_of and strength overrides from the tables at index t (card -> suit,
** card -> 0..255), each when present */
static void read_suit_of(lua_State *L, int t, int8_t *suit_of) {
  if (lua_getfield(L, t, "suit_of") == LUA_TTABLE) {
    lua_pushnil(L);
    while (lua_next(L, -2)) {
      dh_card c = dhL_checkcard(L, -2);
      /* "none": a card of no suit, or of a mode's fifth suit (Skat's grand: the plain clubs) */
      if (lua_type(L, -1) == LUA_TSTRING && strcmp(lua_tostring(L, -1), "none") == 0) suit_of[c & 63] = DH_NOSUIT;
      else suit_of[c & 63] = (int8_t)dhL_checksuit(L, lua_gettop(L));
      lua_pop(L, 1);
    }
  }
  lua_pop(L, 1);
}

static void read_strength(lua_State *L, int t, uint8_t *strength) {
  if (lua_getfield(L, t, "strength") == LUA_TTABLE) {
    lua_pushnil(L);
    while (lua_next(L, -2)) {
      dh_card c = dhL_checkcard(L, -2);
      int isnum;
      lua_Integer v = lua_tointegerx(L, -1, &isnum);
      if (!isnum || v < 0 || v > 255) {
        char name[DH_CARD_NAMELEN];
        dh_card_name(c, name);
        luaL_error(L, "strength[%s] must be an integer from 0 to 255, got %s", name,
                   isnum ? lua_tostring(L, -1) : luaL_typename(L, -1));
      }
      strength[c & 63] = (uint8_t)v;
      lua_pop(L, 1);
    }
  }
  lua_pop(L, 1);
}

/* the order, the suits cards count as and their strengths */
static void build_cards(lua_State *L, dh_rules *r, int spec) {
  dh_order order;
  const dh_order *o;
  int i;
  lua_getfield(L, spec, "order");
  o = lua_isnil(L, -1) ? &r->deck.natural : dhL_optorder(L, lua_gettop(L), &order, r->deck.layout);
  for (i = 0; i < 64; i++) r->suit_of[i] = (int8_t)dh_card_suit(dh_card_at(i, r->deck.layout));
  read_suit_of(L, spec, r->suit_of);
  dh_rules_finish(r, o);
  lua_pop(L, 1);
  read_strength(L, spec, r->strength);
}

/* does the string at idx name a suit as dhL_checksuit reads one (a
** letter, a suit's name, a symbol), rather than a mode? */
static int is_suit_key(lua_State *L, int idx) {
  static const char *const names[] = { "clubs", "diamonds", "hearts", "spades" };
  size_t len;
  const char *k = lua_tolstring(L, idx, &len);
  int i;
  for (i = 0; i < 4; i++)
    if (strcmp(k, names[i]) == 0) return 1;
  return len == 1 || (len == 3 && (unsigned char)k[0] >= 0x80);
}

/* trump_tables = { [suit or "none" or a mode's name] = { suit_of =,
** strength = } }: the card table of the hands with that trump, the base
** one changed so; a name other than a suit's is a mode a script picks by
** name (dhL_rules_mode) */
static void build_tables(lua_State *L, lrules *u, int spec) {
  dh_rules *r = &u->r;
  if (lua_getfield(L, spec, "trump_tables") == LUA_TTABLE) {
    int t = lua_gettop(L);
    lua_pushnil(L);
    while (lua_next(L, t)) {
      int suit, k;
      const char *mode = NULL;
      if (lua_type(L, -2) == LUA_TSTRING && strcmp(lua_tostring(L, -2), "none") == 0) suit = DH_NOSUIT;
      else if (lua_type(L, -2) == LUA_TSTRING && !is_suit_key(L, -2)) {
        mode = lua_tostring(L, -2);
        if (strlen(mode) >= sizeof u->modes[0]) luaL_error(L, "trump_tables: mode name '%s' too long", mode);
        suit = -1;
      }
      else suit = dhL_checksuit(L, lua_absindex(L, -2));
      luaL_checktype(L, -1, LUA_TTABLE);
      if ((k = dh_rules_add_table(r, suit)) < 0) luaL_error(L, "trump_tables: at most %d tables", DH_MAX_MODES);
      if (mode) strcpy(u->modes[k - 1], mode);
      read_suit_of(L, lua_gettop(L), r->tables[k - 1].suit_of);
      read_strength(L, lua_gettop(L), r->tables[k - 1].strength);
      dh_rules_finish_table(&r->tables[k - 1]);
      lua_pop(L, 1);
    }
  }
  lua_pop(L, 1);
}

static void build_sizes(lua_State *L, dh_rules *r, int spec) {
  int i;
  if (lua_getfield(L, spec, "sizes") == LUA_TTABLE) {
    lua_Integer n = luaL_len(L, -1);
    if (n < 1 || n > DH_MAX_SIZES) luaL_error(L, "sizes must list 1 to %d hand sizes", DH_MAX_SIZES);
    for (i = 0; i < n; i++) r->sizes[i] = (uint8_t)dhL_intat(L, lua_gettop(L), i + 1, "sizes", 1, 64);
    r->nsizes = (uint8_t)n;
  }
  lua_pop(L, 1);
}

static void build_trump(lua_State *L, dh_rules *r, int spec) {
  const char *t;
  if (lua_getfield(L, spec, "trump") == LUA_TNIL) r->trump_mode = DH_TRUMP_NONE;
  else if (strcmp((t = luaL_checkstring(L, -1)), "none") == 0) r->trump_mode = DH_TRUMP_NONE;
  else if (strcmp(t, "turn_under") == 0) r->trump_mode = DH_TRUMP_TURN_UNDER;
  else if (strcmp(t, "turn_top") == 0) r->trump_mode = DH_TRUMP_TURN_TOP;
  else if (strcmp(t, "dealer") == 0) r->trump_mode = DH_TRUMP_DEALER;
  else if (strcmp(t, "show_top") == 0) r->trump_mode = DH_TRUMP_SHOW_TOP;
  else {
    r->trump_mode = DH_TRUMP_FIXED;
    r->trump_suit = (uint8_t)dhL_checksuit(L, lua_gettop(L));
  }
  lua_pop(L, 1);
}

static void build_passes(lua_State *L, dh_rules *r, int spec) {
  int i;
  r->pass_count = (uint8_t)dhL_intfield(L, spec, "pass_count", 0, 0, 64);
  if (lua_getfield(L, spec, "pass_dirs") == LUA_TTABLE) {
    lua_Integer n = luaL_len(L, -1);
    if (n > DH_MAX_PASSES) luaL_error(L, "pass_dirs: at most %d pass directions", DH_MAX_PASSES);
    for (i = 0; i < n; i++)
      r->pass_dir[i] = (int8_t)dhL_intat(L, lua_gettop(L), i + 1, "pass_dirs", 1 - r->nseats, r->nseats - 1);
    r->npasses = (uint8_t)n;
  }
  lua_pop(L, 1);
}

/* fills the Rules at 2 from the spec at 1 (protected: errors get the
** variant's name in rules_new) */
static int build(lua_State *L) {
  static const char *const kinds[DH_RULE_NKINDS] = { "hand", "play", "points", "win", "bid" };
  lrules *u = (lrules *)lua_touserdata(L, 2);
  dh_rules *r = &u->r;
  const char *why;
  int spec = 1, k;
  build_deck(L, &r->deck, spec);
  r->nseats = (uint8_t)dhL_intfield(L, spec, "seats", 4, 2, DH_MAX_SEATS);
  build_sides(L, r, spec);
  build_cards(L, r, spec);
  build_sizes(L, r, spec);
  build_trump(L, r, spec);
  build_tables(L, u, spec);
  r->scripted = (uint8_t)getbool(L, spec, "scripted");
  lua_getfield(L, spec, "phases");  /* a prefab (Phase) plays them in C */
  dhL_tophase(L, -1, &r->phase, &r->phase_flags, r->phase_args);
  lua_pop(L, 1);
  dhL_phase_args(r);
  lua_getfield(L, spec, "opener");  /* "dealer", "left" or seats left of the dealer */
  if (lua_type(L, -1) == LUA_TSTRING) r->opener = strcmp(lua_tostring(L, -1), "dealer") == 0 ? 0 : 1;
  else if (lua_isinteger(L, -1)) r->opener = (uint8_t)(lua_tointeger(L, -1) % r->nseats);
  lua_pop(L, 1);
  r->draw = (uint8_t)getbool(L, spec, "draw");
  lua_getfield(L, spec, "lead");
  if (!lua_isnil(L, -1) && !(lua_type(L, -1) == LUA_TSTRING && strcmp(lua_tostring(L, -1), "left") == 0)) {
    r->lead = DH_LEAD_HOLDER;
    r->lead_card = dhL_checkcard(L, lua_gettop(L));
  }
  lua_pop(L, 1);
  build_passes(L, r, spec);
  r->bidding = (uint8_t)getbool(L, spec, "bidding");
  r->bid_step = (uint8_t)dhL_intfield(L, spec, "bid_step", 0, 0, 255);  /* variant.lua: bids_before */
  r->blind_exchange = (uint8_t)dhL_intfield(L, spec, "blind_exchange", 0, 0, 64);
  lua_getfield(L, spec, "trump_exchange");  /* true, or "first_trick" */
  r->trump_exchange = (uint8_t)(lua_type(L, -1) == LUA_TSTRING ? 2 : lua_toboolean(L, -1));
  lua_pop(L, 1);
  r->low_wins = (uint8_t)getbool(L, spec, "low_wins");
  r->max_hands = (uint16_t)dhL_intfield(L, spec, "max_hands", 1000, 1, 65535);
  for (k = 0; k < DH_RULE_NKINDS; k++) {  /* a rule left out keeps the engine's default */
    if (lua_getfield(L, spec, kinds[k]) != LUA_TNIL) place_rule(L, u, lua_gettop(L), k);
    lua_pop(L, 1);
  }
  r->call = trampoline;
  r->call_ud = u;
  if ((why = dh_rules_check(r)) != NULL) luaL_error(L, "%s", why);
  return 0;
}

/* core.rules(spec) -> Rules: spec is a variant normalized by deckhand/variant.lua */
static int rules_new(lua_State *L) {
  lrules *u;
  luaL_checktype(L, 1, LUA_TTABLE);
  lua_settop(L, 1);
  u = (lrules *)lua_newuserdatauv(L, sizeof(lrules), 0);
  memset(u, 0, sizeof *u);
  u->state = u->thread = LUA_NOREF;
  luaL_setmetatable(L, DH_RULES);
  lua_getfield(L, 1, "name");
  strncpy(u->name, luaL_optstring(L, -1, "variant"), sizeof u->name - 1);
  lua_pop(L, 1);
  dh_rules_init(&u->r);
  u->st = (lstate *)lua_newuserdatauv(L, sizeof(lstate), 0);
  u->st->m = NULL;
  luaL_setmetatable(L, DH_STATE);
  u->state = luaL_ref(L, LUA_REGISTRYINDEX);
  renew_thread(L, u);
  lua_pushcfunction(L, build);
  lua_pushvalue(L, 1);
  lua_pushvalue(L, 2);
  if (lua_pcall(L, 2, 0, 0) != LUA_OK) return luaL_error(L, "%s: %s", u->name, lua_tostring(L, -1));
  return 1;
}

/* the references go with the last game of the variant; safe twice.  No
** __close: the Rules of a variant are shared by all its games (and the
** worlds sampled from their views), so no holder may release them early */
static int rules_gc(lua_State *L) {
  lrules *u = (lrules *)luaL_checkudata(L, 1, DH_RULES);
  int i;
  for (i = 0; i < u->nfuncs; i++) luaL_unref(L, LUA_REGISTRYINDEX, u->fref[i]);
  luaL_unref(L, LUA_REGISTRYINDEX, u->state);
  luaL_unref(L, LUA_REGISTRYINDEX, u->thread);
  u->nfuncs = 0;
  u->state = u->thread = LUA_NOREF;
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
  { "__gc", rules_gc }, { "__tostring", rules_tostring }, { NULL, NULL }
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
    prefab(L, constants[i].builder);
    lua_setfield(L, -2, constants[i].name);
  }
  lua_setfield(L, -2, "rule");
  lua_pushcfunction(L, rules_new);
  lua_setfield(L, -2, "rules");
  return 0;
}
