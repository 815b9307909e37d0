/*
** lpoker.c -- deckhand.poker: hand values, descriptions, and the bulk
** counters with their loops in C (engine/poker.h).
**
**   poker.eval(cards) -> value, category name
**   poker.category(value | cards) -> "two pair"
**   poker.describe(value | cards) -> "two pair, kings and sevens, ace kicker"
**   poker.ranks(value | cards) -> { 13, 7, 14 }   (the ranks compared, in order)
**   poker.best5(cards) -> CardSet
**   poker.compare(a, b) -> -1, 0, 1               (cards or values)
**   poker.count(n [, cards [, dead]]) or poker.count{ n = 7, cards = ..., dead = ... }
**       -> { ["high card"] = ..., ... ["straight flush"] = ... }, hands
**   poker.eval_many(hands [, out]) -> { value, ... }
**   poker.categories = { "high card", ..., "straight flush" }
**
** Cards are anything dhL_checkset takes: a CardSet, "As Kd Td 9c 8h", or a
** table of cards or names.  A hand is 5, 6 or 7 standard cards.
*/
#include "lbind.h"
#include "poker.h"

/* a 5..7-card hand at arg, or raises */
static dh_cardset check_hand(lua_State *L, int arg) {
  int layout;
  dh_cardset s = dhL_checkset(L, arg, &layout);
  if (layout != DH_LAYOUT_STANDARD || (s & ~DH_FRENCH52))
    luaL_argerror(L, arg, "poker hands hold standard cards only (no jokers or copies)");
  if (!dh_poker_valid(s))
    luaL_argerror(L, arg, lua_pushfstring(L, "5 to 7 cards expected, got %d", dh_set_count(s)));
  return s;
}

/* a hand value (an integer) or the value of the cards at arg */
static dh_hand_value check_value(lua_State *L, int arg) {
  if (lua_type(L, arg) == LUA_TNUMBER) {
    lua_Integer v = luaL_checkinteger(L, arg);
    if (v < 0 || v >= DH_POKER_NVALUES || !dh_poker_value_valid((dh_hand_value)v))
      luaL_argerror(L, arg, "not a poker hand value");
    return (dh_hand_value)v;
  }
  return dh_poker_eval(check_hand(L, arg));
}

static int l_eval(lua_State *L) {
  dh_hand_value v = dh_poker_eval(check_hand(L, 1));
  lua_pushinteger(L, (lua_Integer)v);
  lua_pushstring(L, dh_poker_category_name(dh_poker_category(v)));
  return 2;
}

static int l_category(lua_State *L) {
  lua_pushstring(L, dh_poker_category_name(dh_poker_category(check_value(L, 1))));
  return 1;
}

static int l_describe(lua_State *L) {
  char buf[128];
  dh_poker_describe(check_value(L, 1), buf, sizeof buf);  /* the longest is under 80 */
  lua_pushstring(L, buf);
  return 1;
}

static int l_ranks(lua_State *L) {
  int r[5], n = dh_poker_ranks(check_value(L, 1), r), i;
  lua_createtable(L, n, 0);
  for (i = 0; i < n; i++) {
    lua_pushinteger(L, r[i]);
    lua_rawseti(L, -2, i + 1);
  }
  return 1;
}

static int l_best5(lua_State *L) {
  dhL_pushset(L, dh_poker_best5(check_hand(L, 1)), DH_LAYOUT_STANDARD);
  return 1;
}

static int l_compare(lua_State *L) {
  dh_hand_value a = check_value(L, 1), b = check_value(L, 2);
  lua_pushinteger(L, (a > b) - (a < b));
  return 1;
}

/* a set of standard cards (maybe none) at arg, nil meaning none */
static dh_cardset opt_cards(lua_State *L, int arg) {
  int layout;
  dh_cardset s;
  if (lua_isnoneornil(L, arg)) return 0;
  s = dhL_checkset(L, arg, &layout);
  if (layout != DH_LAYOUT_STANDARD || (s & ~DH_FRENCH52))
    luaL_argerror(L, arg, "poker hands hold standard cards only (no jokers or copies)");
  return s;
}

static int l_count(lua_State *L) {
  uint64_t counts[DH_NCATEGORIES] = { 0 };
  dh_cardset given, dead;
  lua_Integer n;
  int64_t hands;
  int c;
  if (lua_type(L, 1) == LUA_TTABLE) {  /* poker.count{ n = 7, cards = ..., dead = ... } */
    lua_settop(L, 1);
    lua_getfield(L, 1, "n");
    lua_getfield(L, 1, "cards");
    lua_getfield(L, 1, "dead");
    n = luaL_optinteger(L, 2, 7);
    given = opt_cards(L, 3);
    dead = opt_cards(L, 4);
  } else {
    n = luaL_checkinteger(L, 1);
    given = opt_cards(L, 2);
    dead = opt_cards(L, 3);
  }
  if (n < 5 || n > 7) return luaL_error(L, "poker.count: n must be 5, 6 or 7, got %I", (LUAI_UACINT)n);
  if (given & dead) return luaL_error(L, "poker.count: a card is both given and dead");
  if (dh_set_count(given) > n)
    return luaL_error(L, "poker.count: %d cards given for %I-card hands", dh_set_count(given),
                      (LUAI_UACINT)n);
  hands = dh_poker_count(given, dead, (int)n, counts);
  lua_createtable(L, 0, DH_NCATEGORIES);
  for (c = 0; c < DH_NCATEGORIES; c++) {
    lua_pushinteger(L, (lua_Integer)counts[c]);
    lua_setfield(L, -2, dh_poker_category_name(c));
  }
  lua_pushinteger(L, (lua_Integer)hands);
  return 2;
}

/* poker.eval_many(hands [, out]): out[i] = value of hands[i] */
static int l_eval_many(lua_State *L) {
  lua_Integer i, n;
  luaL_checktype(L, 1, LUA_TTABLE);
  n = luaL_len(L, 1);
  if (lua_isnoneornil(L, 2)) {
    lua_settop(L, 1);
    lua_createtable(L, n > 0 && n < (1 << 26) ? (int)n : 0, 0);
  } else {
    luaL_checktype(L, 2, LUA_TTABLE);
    lua_settop(L, 2);
  }
  for (i = 1; i <= n; i++) {
    const dhL_set *u;
    dh_cardset s;
    lua_geti(L, 1, i);
    u = (const dhL_set *)luaL_testudata(L, 3, DH_CARDSET);
    if (u && u->layout == DH_LAYOUT_STANDARD) s = u->bits;  /* the common case, fast */
    else if (u || lua_type(L, 3) == LUA_TSTRING || lua_type(L, 3) == LUA_TTABLE) s = check_hand(L, 3);
    else return luaL_error(L, "poker.eval_many: hand expected at index %I, got %s",
                           (LUAI_UACINT)i, luaL_typename(L, 3));
    if (!dh_poker_valid(s))
      return luaL_error(L, "poker.eval_many: 5 to 7 cards expected at index %I, got %d",
                        (LUAI_UACINT)i, dh_set_count(s));
    lua_pop(L, 1);
    lua_pushinteger(L, (lua_Integer)dh_poker_eval(s));
    lua_rawseti(L, 2, i);
  }
  return 1;
}

static const luaL_Reg poker_funcs[] = {
  { "eval", l_eval }, { "category", l_category }, { "describe", l_describe },
  { "ranks", l_ranks }, { "best5", l_best5 }, { "compare", l_compare },
  { "count", l_count }, { "eval_many", l_eval_many }, { NULL, NULL }
};

int dhL_open_poker(lua_State *L) {
  int c;
  lua_newtable(L);
  luaL_setfuncs(L, poker_funcs, 0);
  lua_createtable(L, DH_NCATEGORIES, 0);
  for (c = 0; c < DH_NCATEGORIES; c++) {
    lua_pushstring(L, dh_poker_category_name(c));
    lua_rawseti(L, -2, c + 1);
  }
  lua_setfield(L, -2, "categories");
  lua_setfield(L, -2, "poker");
  return 0;
}
