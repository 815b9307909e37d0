/*
** lpoker.c -- deckhand.poker: hand values, descriptions, and the bulk
** counters with their loops in C (engine/poker/poker.h).
**
**   poker.eval(cards) -> value, category name
**   poker.category(value | cards) -> "two pair"
**   poker.describe(value | cards) -> "two pair, kings and sevens, ace kicker"
**   poker.ranks(value | cards) -> { 13, 7, 14 }   (the ranks compared, in order)
**   poker.best5(cards) -> CardSet
**   poker.compare(a, b) -> -1, 0, 1               (cards or values)
**   poker.count(n [, cards [, dead]]) or poker.count{ n = 7, cards = ..., dead = ... }
**       -> { ["high card"] = ..., ... ["straight flush"] = ... }, hands
**   poker.eval_many(hands [, out]) -> { value, ... } (out: a table or PokerValues)
**   poker.count_many(hands | packed) -> { category name = count }, hands
**   poker.pack(hands) -> packed string; poker.eval_many(packed) -> packed values
**   poker.values() -> PokerValues; poker.eval_many(packed, values) -> values,
**       then #values, values[i], values:counts(), values:pack()
**   poker.categories = { "high card", ..., "straight flush" }
**   poker.omaha(hole, board) -> value, category name   (two of the hole
**       cards with three of the board, engine/poker/omaha.h)
**   poker.omaha_best5(hole, board) -> CardSet
**   poker.omaha_low(hole, board) -> low value (higher is better), or nil:
**       the eight-or-better low, two from the hole and three from the board
**   poker.low_ranks(low) -> { 8, 6, 5, 3, 1 }   (the ace as 1)
**   poker.describe_low(low) -> "8-6-5-3-A low"
**
** Cards are anything dhL_checkset takes: a CardSet, "As Kd Td 9c 8h", or a
** table of cards or names.  A hand is 5, 6 or 7 standard cards.
*/
#include <stdint.h>
#include <string.h>

#include "lbind.h"
#include "poker.h"
#include "omaha.h"

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

/* Omaha: hole cards (2..6) at arg and a board (3..5) at arg + 1, apart */
static void check_omaha(lua_State *L, int arg, dh_cardset *hole, dh_cardset *board) {
  *hole = opt_cards(L, arg);
  *board = opt_cards(L, arg + 1);
  if (dh_set_count(*hole) < 2 || dh_set_count(*hole) > 6)
    luaL_argerror(L, arg, lua_pushfstring(L, "2 to 6 hole cards expected, got %d", dh_set_count(*hole)));
  if (dh_set_count(*board) < 3 || dh_set_count(*board) > 5)
    luaL_argerror(L, arg + 1, lua_pushfstring(L, "a board of 3 to 5 cards expected, got %d",
                                              dh_set_count(*board)));
  if (*hole & *board) luaL_argerror(L, arg + 1, "a card both in the hand and on the board");
}

static int l_omaha(lua_State *L) {
  dh_cardset hole, board;
  dh_hand_value v;
  check_omaha(L, 1, &hole, &board);
  v = dh_omaha_eval(hole, board);
  lua_pushinteger(L, (lua_Integer)v);
  lua_pushstring(L, dh_poker_category_name(dh_poker_category(v)));
  return 2;
}

static int l_omaha_best5(lua_State *L) {
  dh_cardset hole, board;
  check_omaha(L, 1, &hole, &board);
  dhL_pushset(L, dh_omaha_best5(hole, board), DH_LAYOUT_STANDARD);
  return 1;
}

static int l_omaha_low(lua_State *L) {
  dh_cardset hole, board;
  dh_low_value v;
  check_omaha(L, 1, &hole, &board);
  v = dh_omaha_low(hole, board);
  if (v == DH_NO_LOW) lua_pushnil(L);
  else lua_pushinteger(L, (lua_Integer)v);
  return 1;
}

static dh_low_value check_low(lua_State *L, int arg, int r[5]) {
  lua_Integer v = luaL_checkinteger(L, arg);
  if (v <= 0 || v > 0xFFFFF || dh_low_ranks((dh_low_value)v, r) != 5)
    luaL_argerror(L, arg, "not a low value");
  return (dh_low_value)v;
}

static int l_low_ranks(lua_State *L) {
  int r[5], i;
  check_low(L, 1, r);
  lua_createtable(L, 5, 0);
  for (i = 0; i < 5; i++) {
    lua_pushinteger(L, r[i]);
    lua_rawseti(L, -2, i + 1);
  }
  return 1;
}

static int l_describe_low(lua_State *L) {
  int r[5];
  char buf[32];
  dh_low_describe(check_low(L, 1, r), buf, sizeof buf);
  lua_pushstring(L, buf);
  return 1;
}

/* { ["high card"] = counts[0], ... } */
static void push_counts(lua_State *L, const uint64_t *counts) {
  int c;
  lua_createtable(L, 0, DH_NCATEGORIES);
  for (c = 0; c < DH_NCATEGORIES; c++) {
    lua_pushinteger(L, (lua_Integer)counts[c]);
    lua_setfield(L, -2, dh_poker_category_name(c));
  }
}

static int l_count(lua_State *L) {
  uint64_t counts[DH_NCATEGORIES] = { 0 };
  dh_cardset given, dead;
  lua_Integer n;
  int64_t hands;
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
  push_counts(L, counts);
  lua_pushinteger(L, (lua_Integer)hands);
  return 2;
}

/*
** Packed hands: a string of 8-byte little-endian card sets (bit p = card at
** position p, the layout of card.h), as poker.pack makes or string.pack("<i8")
** writes.  No Lua value is made per hand, so the bulk calls on such a string
** run at the speed of the C loop: on a little-endian host the string's bytes
** are the array of sets, read in place, and the engine's checked calls test
** every word for a hand while they evaluate it (a few instructions a hand).
**
** The values come back in a string of 4-byte little-endian values
** (string.unpack("<I4", s, 4 * i - 3)), or, cheaper, in a PokerValues
** userdata that the caller makes once with poker.values() and passes again
** and again: its memory is reused, so a call allocates nothing.
*/
#define PACKED_SET 8
#define PACKED_VALUE 4
#define DH_VALUES "deckhand.PokerValues"

static dh_cardset load_set(const char *p) {
  dh_cardset s = 0;
  int i;
  for (i = PACKED_SET - 1; i >= 0; i--) s = (s << 8) | (unsigned char)p[i];
  return s;
}

/* is the host little-endian, so that packed words read as they are? */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define PACKED_NATIVE 1
#else
#define PACKED_NATIVE 0
#endif

/* the hand at table index i (on the stack at idx), or raises */
static dh_cardset hand_at(lua_State *L, int idx, lua_Integer i, const void *setmeta) {
  dh_cardset s;
  if (lua_getmetatable(L, idx)) {  /* a CardSet: the common case, no parsing */
    int same = lua_topointer(L, -1) == setmeta;
    lua_pop(L, 1);
    if (same) {
      const dhL_set *u = (const dhL_set *)lua_touserdata(L, idx);
      if (u->layout == DH_LAYOUT_STANDARD && dh_poker_valid(u->bits)) return u->bits;
    }
  }
  if (!luaL_testudata(L, idx, DH_CARDSET) && lua_type(L, idx) != LUA_TSTRING &&
      lua_type(L, idx) != LUA_TTABLE)
    luaL_error(L, "hand expected at index %I, got %s", (LUAI_UACINT)i, luaL_typename(L, idx));
  s = opt_cards(L, idx);
  if (!dh_poker_valid(s))
    luaL_error(L, "5 to 7 cards expected at index %I, got %d", (LUAI_UACINT)i, dh_set_count(s));
  return s;
}

static const void *set_metatable(lua_State *L) {
  const void *p;
  luaL_getmetatable(L, DH_CARDSET);
  p = lua_topointer(L, -1);
  lua_pop(L, 1);
  return p;
}

/* poker.pack(hands) -> packed string */
static int l_pack(lua_State *L) {
  lua_Integer i, n;
  const void *meta = set_metatable(L);
  luaL_Buffer b;
  luaL_checktype(L, 1, LUA_TTABLE);
  n = luaL_len(L, 1);
  luaL_buffinit(L, &b);
  for (i = 1; i <= n; i++) {
    char w[PACKED_SET];
    dh_cardset s;
    int k;
    lua_geti(L, 1, i);
    s = hand_at(L, lua_gettop(L), i, meta);
    lua_pop(L, 1);
    for (k = 0; k < PACKED_SET; k++) w[k] = (char)(s >> (8 * k));
    luaL_addlstring(&b, w, PACKED_SET);
  }
  luaL_pushresult(&b);
  return 1;
}

/* a packed string's hands */
typedef struct packed { const char *src; size_t n; } packed;

static packed check_packed(lua_State *L, int arg) {
  packed p;
  size_t len;
  p.src = luaL_checklstring(L, arg, &len);
  if (len % PACKED_SET)
    luaL_argerror(L, arg, lua_pushfstring(L, "packed hands: length %I is not a multiple of 8",
                                          (LUAI_UACINT)len));
  p.n = len / PACKED_SET;
  return p;
}

/* can the hands be read in place, as an array of sets? */
static const dh_cardset *in_place(const packed *p) {
  if (!PACKED_NATIVE || (uintptr_t)p->src % _Alignof(dh_cardset)) return NULL;
  return (const dh_cardset *)(const void *)p->src;
}

/* raises the error for packed hand i (0-based): what is wrong with it */
static void bad_packed(lua_State *L, const packed *p, size_t i) {
  dh_cardset s = load_set(p->src + i * PACKED_SET);
  if (s & ~DH_FRENCH52)
    luaL_error(L, "packed hand %I holds bit %d, which is no card of the 52 (a hand is 5 to 7 "
               "standard cards)", (LUAI_UACINT)(i + 1), dh_set_first(s & ~DH_FRENCH52));
  luaL_error(L, "packed hand %I holds %d cards (5 to 7 expected)", (LUAI_UACINT)(i + 1),
             dh_set_count(s));
}

enum { BLOCK = 512 };  /* hands copied at a time when they cannot be read in place */

/* runs the checked bulk call on the packed hands: with counts,
** counts[category] += 1 for each, else their values into dst (dst[i] for
** hand i); read in place when the string allows, else copied a block at a
** time.  Raises on the first bad hand. */
static void packed_checked(lua_State *L, const packed *p, dh_hand_value *dst, uint64_t *counts) {
  const dh_cardset *h = in_place(p);
  size_t bad = p->n;
  if (h) {
    bad = counts ? dh_poker_count_many_checked(h, p->n, counts) : dh_poker_eval_many_checked(h, p->n, dst);
  } else {
    dh_cardset copy[BLOCK];
    size_t i, j, m;
    for (i = 0; i < p->n && bad == p->n; i += m) {
      m = p->n - i < BLOCK ? p->n - i : BLOCK;
      for (j = 0; j < m; j++) copy[j] = load_set(p->src + (i + j) * PACKED_SET);
      j = counts ? dh_poker_count_many_checked(copy, m, counts) : dh_poker_eval_many_checked(copy, m, dst + i);
      if (j < m) bad = i + j;
    }
  }
  if (bad < p->n) bad_packed(L, p, bad);
}


/*
** PokerValues: a reusable array of hand values, for eval_many's results.
** Its memory comes from the state's allocator and is kept between calls
** (only a larger call grows it), so #v, v[i], v:counts() and v:pack() read
** what the last eval_many wrote; after a call that raised, #v is 0.
*/
typedef struct values { size_t n, cap; dh_hand_value *v; } values;

static values *check_values(lua_State *L, int arg) {
  return (values *)luaL_checkudata(L, arg, DH_VALUES);
}

/* room for n values, none of them valid yet (#vs is 0 until the caller has
** filled them and says so); raises when memory runs out */
static void values_reserve(lua_State *L, values *vs, size_t n) {
  vs->n = 0;
  if (n > vs->cap) {
    void *ud;
    lua_Alloc alloc = lua_getallocf(L, &ud);
    void *mem;
    if (n > (size_t)-1 / sizeof *vs->v) luaL_error(L, "poker values: too many hands");
    alloc(ud, vs->v, vs->cap * sizeof *vs->v, 0);
    vs->v = NULL;
    vs->n = vs->cap = 0;
    mem = alloc(ud, NULL, 0, n * sizeof *vs->v);
    if (!mem) luaL_error(L, "poker values: not enough memory for %I values", (LUAI_UACINT)n);
    vs->v = (dh_hand_value *)mem;
    vs->cap = n;
  }
}

/* poker.values() -> an empty PokerValues */
static int l_values(lua_State *L) {
  values *vs = (values *)lua_newuserdatauv(L, sizeof *vs, 0);
  vs->n = vs->cap = 0;
  vs->v = NULL;
  luaL_setmetatable(L, DH_VALUES);
  return 1;
}

static int values_gc(lua_State *L) {
  values *vs = check_values(L, 1);
  void *ud;
  lua_Alloc alloc = lua_getallocf(L, &ud);
  if (vs->v) alloc(ud, vs->v, vs->cap * sizeof *vs->v, 0);
  vs->v = NULL;
  vs->n = vs->cap = 0;
  return 0;
}

static int values_len(lua_State *L) {
  lua_pushinteger(L, (lua_Integer)check_values(L, 1)->n);
  return 1;
}

/* v[i] -> the value of hand i (nil outside 1..#v); v.name -> a method */
static int values_index(lua_State *L) {
  values *vs = check_values(L, 1);
  if (lua_type(L, 2) == LUA_TNUMBER) {
    int isnum;
    lua_Integer i = lua_tointegerx(L, 2, &isnum);
    if (isnum && i >= 1 && (lua_Unsigned)i <= vs->n) lua_pushinteger(L, (lua_Integer)vs->v[i - 1]);
    else lua_pushnil(L);
    return 1;
  }
  lua_pushvalue(L, 2);
  lua_gettable(L, lua_upvalueindex(1));
  return 1;
}

static int values_tostring(lua_State *L) {
  lua_pushfstring(L, "PokerValues (%I)", (LUAI_UACINT)check_values(L, 1)->n);
  return 1;
}

/* v:counts() -> { category name = count }, #v */
static int values_counts(lua_State *L) {
  values *vs = check_values(L, 1);
  uint64_t counts[DH_NCATEGORIES] = { 0 };
  size_t i;
  for (i = 0; i < vs->n; i++) counts[dh_poker_category(vs->v[i])]++;
  push_counts(L, counts);
  lua_pushinteger(L, (lua_Integer)vs->n);
  return 2;
}

/* v:pack() -> the values as a string of 4-byte little-endian words */
static int values_pack(lua_State *L) {
  values *vs = check_values(L, 1);
  luaL_Buffer b;
  char *dst = luaL_buffinitsize(L, &b, vs->n * PACKED_VALUE + 1);
  size_t i;
  for (i = 0; i < vs->n; i++) {
    char *p = dst + i * PACKED_VALUE;
    dh_hand_value v = vs->v[i];
    p[0] = (char)v; p[1] = (char)(v >> 8); p[2] = (char)(v >> 16); p[3] = (char)(v >> 24);
  }
  luaL_pushresultsize(&b, vs->n * PACKED_VALUE);
  return 1;
}

/* poker.eval_many(packed) -> a string of values */
static int eval_packed_string(lua_State *L, const packed *p) {
  luaL_Buffer b;
  char *dst = luaL_buffinitsize(L, &b, p->n * PACKED_VALUE + 1);
  if (PACKED_NATIVE && sizeof(dh_hand_value) == PACKED_VALUE &&
      (uintptr_t)dst % _Alignof(dh_hand_value) == 0) {
    packed_checked(L, p, (dh_hand_value *)(void *)dst, NULL);
  } else {
    values *vs;
    size_t i;
    l_values(L);
    vs = check_values(L, -1);
    values_reserve(L, vs, p->n);
    packed_checked(L, p, vs->v, NULL);
    for (i = 0; i < p->n; i++) {
      char *w = dst + i * PACKED_VALUE;
      dh_hand_value v = vs->v[i];
      w[0] = (char)v; w[1] = (char)(v >> 8); w[2] = (char)(v >> 16); w[3] = (char)(v >> 24);
    }
    lua_pop(L, 1);
  }
  luaL_pushresultsize(&b, p->n * PACKED_VALUE);
  return 1;
}

/* poker.count_many(hands | packed) -> { category = count }, number of hands */
static int l_count_many(lua_State *L) {
  uint64_t counts[DH_NCATEGORIES] = { 0 };
  size_t total;
  if (lua_type(L, 1) == LUA_TSTRING) {
    packed p = check_packed(L, 1);
    packed_checked(L, &p, NULL, counts);
    total = p.n;
  } else {
    const void *meta = set_metatable(L);
    lua_Integer i, n;
    if (lua_type(L, 1) != LUA_TTABLE)
      luaL_typeerror(L, 1, "packed string or table of hands");
    n = luaL_len(L, 1);
    for (i = 1; i <= n; i++) {
      dh_cardset s;
      lua_geti(L, 1, i);
      s = hand_at(L, lua_gettop(L), i, meta);
      lua_pop(L, 1);
      counts[dh_poker_category(dh_poker_eval(s))]++;
    }
    total = (size_t)n;
  }
  push_counts(L, counts);
  lua_pushinteger(L, (lua_Integer)total);
  return 2;
}

/* poker.eval_many(hands [, out]): out[i] = value of hands[i], out a table
** or PokerValues (a new table when absent);
** poker.eval_many(packed [, values]) -> values, or a string of values */
static int l_eval_many(lua_State *L) {
  lua_Integer i, n;
  const void *meta;
  values *vs = luaL_testudata(L, 2, DH_VALUES);
  if (lua_type(L, 1) == LUA_TSTRING) {
    packed p = check_packed(L, 1);
    if (lua_isnoneornil(L, 2)) return eval_packed_string(L, &p);
    if (!vs) luaL_typeerror(L, 2, "PokerValues (poker.values()) for packed hands");
    values_reserve(L, vs, p.n);
    packed_checked(L, &p, vs->v, NULL);
    vs->n = p.n;
    lua_settop(L, 2);
    return 1;
  }
  if (lua_type(L, 1) != LUA_TTABLE) luaL_typeerror(L, 1, "packed string or table of hands");
  n = luaL_len(L, 1);
  if (vs) {
    values_reserve(L, vs, (size_t)(n > 0 ? n : 0));
  } else if (lua_isnoneornil(L, 2)) {
    lua_settop(L, 1);
    lua_createtable(L, n > 0 && n < (1 << 26) ? (int)n : 0, 0);
  } else if (lua_type(L, 2) != LUA_TTABLE) {
    luaL_typeerror(L, 2, "table or PokerValues");
  }
  lua_settop(L, 2);
  meta = set_metatable(L);
  for (i = 1; i <= n; i++) {
    dh_cardset s;
    lua_geti(L, 1, i);
    s = hand_at(L, 3, i, meta);
    lua_pop(L, 1);
    if (vs) {
      vs->v[i - 1] = dh_poker_eval(s);
    } else {
      lua_pushinteger(L, (lua_Integer)dh_poker_eval(s));
      lua_rawseti(L, 2, i);
    }
  }
  if (vs) vs->n = (size_t)(n > 0 ? n : 0);
  return 1;
}

static const luaL_Reg poker_funcs[] = {
  { "eval", l_eval }, { "category", l_category }, { "describe", l_describe },
  { "ranks", l_ranks }, { "best5", l_best5 }, { "compare", l_compare },
  { "count", l_count }, { "eval_many", l_eval_many }, { "count_many", l_count_many },
  { "pack", l_pack }, { "values", l_values },
  { "omaha", l_omaha }, { "omaha_best5", l_omaha_best5 }, { "omaha_low", l_omaha_low },
  { "low_ranks", l_low_ranks }, { "describe_low", l_describe_low }, { NULL, NULL }
};

static const luaL_Reg values_meta[] = {
  { "__gc", values_gc }, { "__len", values_len }, { "__tostring", values_tostring },
  { NULL, NULL }
};

static const luaL_Reg values_methods[] = {
  { "counts", values_counts }, { "pack", values_pack }, { NULL, NULL }
};

int dhL_open_poker(lua_State *L) {
  int c;
  luaL_newmetatable(L, DH_VALUES);
  luaL_setfuncs(L, values_meta, 0);
  luaL_newlib(L, values_methods);
  lua_pushcclosure(L, values_index, 1);  /* v[i], or a method */
  lua_setfield(L, -2, "__index");
  lua_pop(L, 1);
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
