/*
** lprefab.c -- the prefab rules of deckhand.rule: hand, play, points,
** win and bid rules the engine evaluates in C, each built from its
** arguments checked here (a bad argument is named in the error).
*/
#include <string.h>

#include "lrules_impl.h"

/* a Rule of one prefab without parameters */
static lrule *prefab(lua_State *L, int (*builder)(dh_rules *)) {
  lrule *u = dhL_newrule(L);
  return dhL_rulebuilt(L, u, builder(&u->r));
}

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
  lrule *u = dhL_newrule(L);
  dhL_rulebuilt(L, u, dh_rule_break_suit(&u->r, suit, breakers));
  return 1;
}

static int p_no_first_trick(lua_State *L) {
  dh_cardset s = dhL_checkset(L, 1, NULL);
  lrule *u = dhL_newrule(L);
  dhL_rulebuilt(L, u, dh_rule_no_first_trick(&u->r, s));
  return 1;
}

static int p_lead_card(lua_State *L) {
  dh_card c = dhL_checkcard(L, 1);
  lrule *u = dhL_newrule(L);
  dhL_rulebuilt(L, u, dh_rule_lead_card(&u->r, c));
  return 1;
}

static int p_highest_of(lua_State *L) {
  dh_cardset s = dhL_checkset(L, 1, NULL);
  lrule *u = dhL_newrule(L);
  dhL_rulebuilt(L, u, dh_rule_highest_of(&u->r, s));
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
  u = dhL_newrule(L);
  dhL_rulebuilt(L, u, dh_rule_card_points(&u->r, &o));
  return 1;
}

static int p_tricks(lua_State *L) {
  int32_t per = int32_arg(L, 1, 1, INT32_MIN, "points per trick");
  lrule *u = dhL_newrule(L);
  dhL_rulebuilt(L, u, dh_rule_tricks(&u->r, per));
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
  u = dhL_newrule(L);
  dhL_rulebuilt(L, u, dh_rule_contract(&u->r, &o));
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
  u = dhL_newrule(L);
  dhL_rulebuilt(L, u, dh_rule_makers(&u->r, &o));
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
  u = dhL_newrule(L);
  dhL_rulebuilt(L, u, dh_rule_odd_tricks(&u->r, &o));
  return 1;
}

/* duplicate([{}]): Contract Bridge's duplicate score of the contract
** dh.phase.auction leaves (dh_rule_duplicate); no options */
static int p_duplicate(lua_State *L) {
  static const char *const keys[] = { NULL };
  lrule *u;
  opts_arg(L, "duplicate", keys);
  u = dhL_newrule(L);
  dhL_rulebuilt(L, u, dh_rule_duplicate(&u->r));
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
  u = dhL_newrule(L);
  dhL_rulebuilt(L, u, dh_rule_skat_value(&u->r));
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
  u = dhL_newrule(L);
  dhL_rulebuilt(L, u, dh_rule_exact_bid(&u->r, &o));
  return 1;
}

/* first_to(target), lowest_when(target), loss_floor(floor), highest_after([hands]) */
static int p_win(lua_State *L, int (*builder)(dh_rules *, int32_t), const char *what) {
  int32_t v;
  lrule *u;
  luaL_checkinteger(L, 1);  /* required */
  v = int32_arg(L, 1, 0, INT32_MIN, what);
  u = dhL_newrule(L);
  dhL_rulebuilt(L, u, builder(&u->r, v));
  return 1;
}
static int p_first_to(lua_State *L) { return p_win(L, dh_rule_first_to, "target"); }
static int p_lowest_when(lua_State *L) { return p_win(L, dh_rule_lowest_when, "target"); }
static int p_loss_floor(lua_State *L) { return p_win(L, dh_rule_loss_floor, "floor"); }

static int p_highest_after(lua_State *L) {
  int32_t hands = int32_arg(L, 1, 0, 0, "hands");
  lrule *u = dhL_newrule(L);
  dhL_rulebuilt(L, u, dh_rule_highest_after(&u->r, hands));
  return 1;
}

/* bid_range(min, max [, nil_allowed]); max nil: the hand size */
static int p_bid_range(lua_State *L) {
  int32_t lo = int32_arg(L, 1, 0, 0, "min"), hi = int32_arg(L, 2, -1, -1, "max");
  int nil = lua_isnone(L, 3) ? 1 : lua_toboolean(L, 3);
  lrule *u;
  luaL_argcheck(L, hi == -1 || (hi >= lo && hi <= 64), 2, "max must be from min to 64, or nil");
  luaL_argcheck(L, lo <= 64, 1, "min must be from 0 to 64");
  u = dhL_newrule(L);
  dhL_rulebuilt(L, u, dh_rule_bid_range(&u->r, lo, hi, nil));
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
  { "lead_card", p_lead_card }, { "highest_of", p_highest_of }, { "chain", dhL_rule_chain },
  { "card_points", p_card_points }, { "tricks", p_tricks }, { "contract", p_contract },
  { "exact_bid", p_exact_bid }, { "makers", p_makers }, { "odd_tricks", p_odd_tricks }, { "first_to", p_first_to }, { "lowest_when", p_lowest_when },
  { "highest_after", p_highest_after }, { "loss_floor", p_loss_floor },
  { "bid_range", p_bid_range }, { "duplicate", p_duplicate }, { "duplicate_score", p_duplicate_score },
  { "skat_value", p_skat_value }, { NULL, NULL }
};

void dhL_push_prefabs(lua_State *L) {
  int i;
  lua_newtable(L);
  luaL_setfuncs(L, prefab_funcs, 0);
  for (i = 0; constants[i].name; i++) {
    prefab(L, constants[i].builder);
    lua_setfield(L, -2, constants[i].name);
  }
}
