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
**   poker.count_many(hands | packed) -> { category name = count }, hands
**   poker.pack(hands) -> packed string; poker.eval_many(packed) -> packed values
**   poker.categories = { "high card", ..., "straight flush" }
**
** Cards are anything dhL_checkset takes: a CardSet, "As Kd Td 9c 8h", or a
** table of cards or names.  A hand is 5, 6 or 7 standard cards.
*/
#include <string.h>

#if defined(__AVX2__)
#include <immintrin.h>
#endif

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
** writes.  eval_many on such a string returns a string of 4-byte
** little-endian values (string.unpack("<I4", s, 4 * i - 3)): no Lua value per
** hand, so the call runs at the speed of the C loop.
*/
#define PACKED_SET 8
#define PACKED_VALUE 4

static dh_cardset load_set(const char *p) {
  dh_cardset s = 0;
  int i;
  for (i = PACKED_SET - 1; i >= 0; i--) s = (s << 8) | (unsigned char)p[i];
  return s;
}

/* is the host little-endian, so that packed words copy as they are? */
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

/* the hands of a packed string, block by block, checked: *m of them into h
** from hand *i on; returns 0 when none are left */
typedef struct packed_reader { const char *src; size_t n, i; } packed_reader;
enum { BLOCK = 512 };

static void packed_open(lua_State *L, int arg, packed_reader *r) {
  size_t len;
  r->src = luaL_checklstring(L, arg, &len);
  if (len % PACKED_SET) luaL_argerror(L, arg, "packed hands: length not a multiple of 8");
  r->n = len / PACKED_SET;
  r->i = 0;
}

/* are all m hands 5..7 of the 52 cards?  The check must cost little beside
** the evaluation (a few instructions a hand), so with AVX2 four hands are
** counted at once: bytes counted by nibble lookups, summed per hand */
static int block_ok(const dh_cardset *h, size_t m) {
  dh_cardset bad = 0;
  size_t j = 0;
#if defined(__AVX2__)
  const __m256i nib = _mm256_setr_epi8(0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4,
                                       0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4);
  const __m256i low = _mm256_set1_epi8(0x0F);
  const __m256i five = _mm256_set1_epi64x(5), seven = _mm256_set1_epi64x(7);
  __m256i any = _mm256_setzero_si256(), acc = _mm256_setzero_si256();
  for (; j + 4 <= m; j += 4) {
    __m256i x = _mm256_loadu_si256((const __m256i *)(h + j));
    __m256i c = _mm256_add_epi8(_mm256_shuffle_epi8(nib, _mm256_and_si256(x, low)),
                                _mm256_shuffle_epi8(nib, _mm256_and_si256(_mm256_srli_epi16(x, 4), low)));
    c = _mm256_sad_epu8(c, _mm256_setzero_si256());  /* cards per hand */
    any = _mm256_or_si256(any, x);                   /* every card seen, checked below */
    acc = _mm256_or_si256(acc, _mm256_or_si256(_mm256_cmpgt_epi64(c, seven),
                                               _mm256_cmpgt_epi64(five, c)));
  }
  acc = _mm256_or_si256(acc, _mm256_and_si256(any, _mm256_set1_epi64x((long long)~DH_FRENCH52)));
  if (!_mm256_testz_si256(acc, acc)) return 0;
#endif
  for (; j < m; j++) bad |= (h[j] & ~DH_FRENCH52) | ((unsigned)dh_set_count(h[j]) - 5u > 2u);
  return bad == 0;
}

static size_t packed_next(lua_State *L, packed_reader *r, dh_cardset *h) {
  size_t m = r->n - r->i < BLOCK ? r->n - r->i : BLOCK, j;
  if (PACKED_NATIVE) memcpy(h, r->src + r->i * PACKED_SET, m * PACKED_SET);
  else for (j = 0; j < m; j++) h[j] = load_set(r->src + (r->i + j) * PACKED_SET);
  if (!block_ok(h, m))  /* find the culprit */
    for (j = 0; j < m; j++)
      if (!dh_poker_valid(h[j]))
        luaL_error(L, "packed hand %I is not 5 to 7 standard cards", (LUAI_UACINT)(r->i + j + 1));
  r->i += m;
  return m;
}

static int eval_packed(lua_State *L) {
  packed_reader r;
  dh_cardset h[BLOCK];
  dh_hand_value v[BLOCK];
  size_t m, j, at = 0;
  char *dst;
  luaL_Buffer b;
  packed_open(L, 1, &r);
  dst = luaL_buffinitsize(L, &b, r.n * PACKED_VALUE + 1);
  while ((m = packed_next(L, &r, h)) > 0) {
    dh_poker_eval_many(h, m, v);
    if (PACKED_NATIVE && sizeof v[0] == PACKED_VALUE) memcpy(dst + at * PACKED_VALUE, v, m * PACKED_VALUE);
    else
      for (j = 0; j < m; j++) {
        char *p = dst + (at + j) * PACKED_VALUE;
        p[0] = (char)v[j]; p[1] = (char)(v[j] >> 8); p[2] = (char)(v[j] >> 16); p[3] = (char)(v[j] >> 24);
      }
    at += m;
  }
  luaL_pushresultsize(&b, r.n * PACKED_VALUE);
  return 1;
}

/* poker.count_many(hands | packed) -> { category = count }, number of hands */
static int l_count_many(lua_State *L) {
  uint64_t counts[DH_NCATEGORIES] = { 0 };
  dh_cardset h[BLOCK];
  size_t m, total = 0;
  if (lua_type(L, 1) == LUA_TSTRING) {
    packed_reader r;
    packed_open(L, 1, &r);
    while ((m = packed_next(L, &r, h)) > 0) dh_poker_count_many(h, m, counts);
    total = r.n;
  } else {
    const void *meta = set_metatable(L);
    lua_Integer i, n;
    luaL_checktype(L, 1, LUA_TTABLE);
    n = luaL_len(L, 1);
    for (i = 1; i <= n; i++) {
      lua_geti(L, 1, i);
      h[0] = hand_at(L, lua_gettop(L), i, meta);
      lua_pop(L, 1);
      counts[dh_poker_category(dh_poker_eval(h[0]))]++;
    }
    total = (size_t)n;
  }
  push_counts(L, counts);
  lua_pushinteger(L, (lua_Integer)total);
  return 2;
}

/* poker.eval_many(hands [, out]): out[i] = value of hands[i];
** poker.eval_many(packed) -> packed values */
static int l_eval_many(lua_State *L) {
  lua_Integer i, n;
  const void *meta;
  if (lua_type(L, 1) == LUA_TSTRING) return eval_packed(L);
  luaL_checktype(L, 1, LUA_TTABLE);
  n = luaL_len(L, 1);
  if (lua_isnoneornil(L, 2)) {
    lua_settop(L, 1);
    lua_createtable(L, n > 0 && n < (1 << 26) ? (int)n : 0, 0);
  } else {
    luaL_checktype(L, 2, LUA_TTABLE);
    lua_settop(L, 2);
  }
  meta = set_metatable(L);
  for (i = 1; i <= n; i++) {
    dh_cardset s;
    lua_geti(L, 1, i);
    s = hand_at(L, 3, i, meta);
    lua_pop(L, 1);
    lua_pushinteger(L, (lua_Integer)dh_poker_eval(s));
    lua_rawseti(L, 2, i);
  }
  return 1;
}

static const luaL_Reg poker_funcs[] = {
  { "eval", l_eval }, { "category", l_category }, { "describe", l_describe },
  { "ranks", l_ranks }, { "best5", l_best5 }, { "compare", l_compare },
  { "count", l_count }, { "eval_many", l_eval_many }, { "count_many", l_count_many },
  { "pack", l_pack }, { NULL, NULL }
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
