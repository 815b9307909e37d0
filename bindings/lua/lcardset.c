/*
** lcardset.c -- deckhand.CardSet (immutable sets of cards, values like
** numbers: every operation returns a new set) and deckhand.Order (strength
** orders for highest/lowest and trick winners).
*/
#include <string.h>

#include "lbind.h"

/* slots 0..5 of every lane: ranks 2..7, or second copies in a double layout */
#define SHARED_SLOTS UINT64_C(0x003F003F003F003F)

static const char *const suit_letters = "cdhs";

void dhL_pushset(lua_State *L, dh_cardset s, int layout) {
  dhL_set *u = (dhL_set *)lua_newuserdatauv(L, sizeof(dhL_set), 0);
  u->bits = s;
  u->layout = layout;
  u->tag = DH_TAG_SET;
  luaL_setmetatable(L, DH_CARDSET);
}

static int is_sep(char ch) { return ch == ' ' || ch == ',' || ch == '\t' || ch == '\n'; }

/* the layout of a set holding both a and b, or raises */
static int merge_layout(lua_State *L, int arg, dh_cardset a, int la, dh_cardset b, int lb) {
  if (la == lb) return la;
  if ((la == DH_LAYOUT_DOUBLE && (b & SHARED_SLOTS)) || (lb == DH_LAYOUT_DOUBLE && (a & SHARED_SLOTS)))
    luaL_argerror(L, arg, "cannot mix pinochle second copies with ranks 2 to 7");
  return DH_LAYOUT_DOUBLE;
}

/* adds one card to (*s, *layout) */
static void add_card(lua_State *L, int arg, dh_cardset *s, int *layout, dh_card c) {
  int lc = (c & DH_CARD_COPY) ? DH_LAYOUT_DOUBLE : DH_LAYOUT_STANDARD;
  *layout = merge_layout(L, arg, *s, *layout, dh_set_of(c), lc);
  *s |= dh_set_of(c);
}

/* the cards named in str, into (*s, *layout) */
static void parse_names(lua_State *L, int arg, const char *str, size_t len, dh_cardset *s, int *layout) {
  size_t i = 0;
  while (i < len) {
    size_t start;
    dh_card c;
    const char *why = "";
    while (i < len && is_sep(str[i])) i++;
    if (i >= len) break;
    start = i;
    while (i < len && !is_sep(str[i])) i++;
    if (!dh_card_parse(str + start, i - start, &c, &why)) {
      lua_pushfstring(L, "bad card name %s: %s", dhL_quote(L, str + start, i - start), why);
      luaL_argerror(L, arg, lua_tostring(L, -1));
    }
    add_card(L, arg, s, layout, c);
  }
}

dh_cardset dhL_checkset(lua_State *L, int arg, int *layout) {
  dh_cardset s = 0;
  int lay = DH_LAYOUT_STANDARD;
  dhL_set *u = dhL_toset(L, arg);   /* every CardSet carries the tag */
  if (u) {
    s = u->bits;
    lay = u->layout;
  } else if (dhL_tocard(L, arg)) {
    add_card(L, arg, &s, &lay, dhL_checkcard(L, arg));
  } else if (lua_type(L, arg) == LUA_TSTRING) {
    size_t len;
    const char *str = lua_tolstring(L, arg, &len);
    parse_names(L, arg, str, len, &s, &lay);
  } else if (lua_type(L, arg) == LUA_TTABLE) {
    lua_Integer i, n = luaL_len(L, arg);
    int top = lua_gettop(L);
    for (i = 1; i <= n; i++) {
      dh_card c;
      lua_geti(L, arg, i);
      if (luaL_testudata(L, -1, DH_CARD) == NULL && lua_type(L, -1) != LUA_TSTRING) {
        lua_pushfstring(L, "card expected at index %I, got %s", (LUAI_UACINT)i, luaL_typename(L, -1));
        luaL_argerror(L, arg, lua_tostring(L, -1));
      }
      c = dhL_checkcard(L, lua_gettop(L));
      add_card(L, arg, &s, &lay, c);
      lua_settop(L, top);
    }
  } else {
    luaL_typeerror(L, arg, "cards (CardSet, string or table)");
  }
  if (layout) *layout = lay;
  return s;
}

static dhL_set *toset(lua_State *L, int arg) { return (dhL_set *)luaL_checkudata(L, arg, DH_CARDSET); }

/* deckhand.cards(...): a set from names, cards, tables or sets; several
** arguments are united */
static int set_new(lua_State *L) {
  int i, n = lua_gettop(L), layout = DH_LAYOUT_STANDARD;
  dh_cardset s = 0;
  for (i = 1; i <= n; i++) {
    int l;
    dh_cardset t = dhL_checkset(L, i, &l);
    layout = merge_layout(L, i, s, layout, t, l);
    s |= t;
  }
  dhL_pushset(L, s, layout);
  return 1;
}

static int binop(lua_State *L, char op) {
  int la, lb, layout;
  dh_cardset a = dhL_checkset(L, 1, &la), b = dhL_checkset(L, 2, &lb), r;
  layout = merge_layout(L, 2, a, la, b, lb);
  r = op == '|' ? (a | b) : op == '&' ? (a & b) : (a & ~b);
  dhL_pushset(L, r, layout);
  return 1;
}

static int set_union(lua_State *L) { return binop(L, '|'); }
static int set_inter(lua_State *L) { return binop(L, '&'); }
static int set_minus(lua_State *L) { return binop(L, '-'); }

static int set_eq(lua_State *L) {
  dhL_set *a = (dhL_set *)luaL_testudata(L, 1, DH_CARDSET), *b = (dhL_set *)luaL_testudata(L, 2, DH_CARDSET);
  lua_pushboolean(L, a && b && a->bits == b->bits && (a->bits == 0 || a->layout == b->layout));
  return 1;
}

static int set_len(lua_State *L) {
  lua_pushinteger(L, dh_set_count(toset(L, 1)->bits));
  return 1;
}

static int set_has(lua_State *L) {
  dhL_set *u = toset(L, 1);
  dh_card c = dhL_checkcard(L, 2);
  lua_pushboolean(L, dh_set_has(u->bits, c) && dh_card_at(dh_card_pos(c), u->layout) == c);
  return 1;
}

/* a subset: the cards of s of which every card is in u */
static int set_contains(lua_State *L) {
  dhL_set *u = toset(L, 1);
  dh_cardset s = dhL_checkset(L, 2, NULL);
  lua_pushboolean(L, (s & ~u->bits) == 0);
  return 1;
}

static int set_empty(lua_State *L) {
  lua_pushboolean(L, toset(L, 1)->bits == 0);
  return 1;
}

/* a suit: "s", "spades", "♠" (any case) */
static int check_suit(lua_State *L, int arg) {
  size_t len;
  const char *s = luaL_checklstring(L, arg, &len);
  static const char *const names[] = { "clubs", "diamonds", "hearts", "spades" };
  dh_card c;
  const char *why;
  int i;
  for (i = 0; i < 4; i++)
    if (strcmp(s, names[i]) == 0) return i;
  if (len == 1 && s[0] && strchr(suit_letters, s[0] | 32)) return (int)(strchr(suit_letters, s[0] | 32) - suit_letters);
  /* a symbol: reuse the card parser with a dummy rank */
  if (len == 3) {
    char buf[5] = { 'A', s[0], s[1], s[2], 0 };
    if (dh_card_parse(buf, 4, &c, &why)) return dh_card_suit(c);
  }
  lua_pushfstring(L, "bad suit %s", dhL_quote(L, s, len));
  return luaL_argerror(L, arg, lua_tostring(L, -1));
}

int dhL_checksuit(lua_State *L, int arg) { return check_suit(L, arg); }

static int set_suit(lua_State *L) {
  dhL_set *u = toset(L, 1);
  dhL_pushset(L, dh_set_suit(u->bits, check_suit(L, 2)), u->layout);
  return 1;
}

static int push_pos(lua_State *L, int pos, int layout) {
  if (pos < 0) lua_pushnil(L);
  else dhL_pushcard(L, dh_card_at(pos, layout));
  return 1;
}

static int set_highest(lua_State *L) {
  dhL_set *u = toset(L, 1);
  dh_order scratch, nat;
  const dh_order *o = dhL_optorder(L, 2, &scratch, u->layout);
  if (lua_isnoneornil(L, 2)) { dh_order_natural(&nat, u->layout); o = &nat; }
  return push_pos(L, dh_set_highest(u->bits, o), u->layout);
}

static int set_lowest(lua_State *L) {
  dhL_set *u = toset(L, 1);
  dh_order scratch, nat;
  const dh_order *o = dhL_optorder(L, 2, &scratch, u->layout);
  if (lua_isnoneornil(L, 2)) { dh_order_natural(&nat, u->layout); o = &nat; }
  return push_pos(L, dh_set_lowest(u->bits, o), u->layout);
}

/* iteration: for card in set:iter() do ... end (lowest position first) */
static int set_iter_step(lua_State *L) {
  dhL_set *u = toset(L, lua_upvalueindex(1));
  lua_Integer rest = lua_tointeger(L, lua_upvalueindex(2));
  dh_cardset left = u->bits & ~(((dh_cardset)1 << rest) - 1);
  int pos;
  if (rest >= 64 || left == 0) return 0;
  pos = dh_set_first(left);
  lua_pushinteger(L, pos + 1);
  lua_replace(L, lua_upvalueindex(2));
  return push_pos(L, pos, u->layout);
}

static int set_iter(lua_State *L) {
  toset(L, 1);
  lua_settop(L, 1);
  lua_pushinteger(L, 0);
  lua_pushcclosure(L, set_iter_step, 2);
  return 1;
}

/* the k-th card (1-based, iteration order), for indexing and sampling */
static int nth_pos(dh_cardset s, lua_Integer k) {
  if (k < 1 || k > dh_set_count(s)) return -1;
  while (--k > 0) s &= s - 1;
  return dh_set_first(s);
}

static int set_list(lua_State *L) {
  dhL_set *u = toset(L, 1);
  dh_cardset it;
  int i = 1;
  lua_createtable(L, dh_set_count(u->bits), 0);
  for (it = u->bits; it; it &= it - 1) {
    push_pos(L, dh_set_first(it), u->layout);
    lua_rawseti(L, -2, i++);
  }
  return 1;
}

/* pairs(set): index, card */
static int set_pairs_step(lua_State *L) {
  dhL_set *u = toset(L, 1);
  lua_Integer i = luaL_checkinteger(L, 2) + 1;
  int pos = nth_pos(u->bits, i);
  if (pos < 0) return 0;
  lua_pushinteger(L, i);
  push_pos(L, pos, u->layout);
  return 2;
}

static int set_pairs(lua_State *L) {
  toset(L, 1);
  lua_pushcfunction(L, set_pairs_step);
  lua_pushvalue(L, 1);
  lua_pushinteger(L, 0);
  return 3;
}

/* "As Kd Td" style names: canonical, or display with suit symbols */
static int set_names(lua_State *L, int display) {
  dhL_set *u = toset(L, 1);
  luaL_Buffer b;
  dh_cardset it;
  int first = 1;
  luaL_buffinit(L, &b);
  for (it = u->bits; it; it &= it - 1) {
    char buf[DH_CARD_NAMELEN];
    dh_card c = dh_card_at(dh_set_first(it), u->layout);
    int n = display ? dh_card_display(c, buf) : dh_card_name(c, buf);
    if (!first) luaL_addchar(&b, ' ');
    luaL_addlstring(&b, buf, (size_t)n);
    first = 0;
  }
  luaL_pushresult(&b);
  return 1;
}

static int set_tostring(lua_State *L) { return set_names(L, 0); }

/* a hand as a player holds it: suits spades, hearts, diamonds, clubs, each
** from its highest card down under the order (natural by default) */
static int set_display(lua_State *L) {
  dhL_set *u = toset(L, 1);
  dh_order scratch, nat;
  const dh_order *o = dhL_optorder(L, 2, &scratch, u->layout);
  luaL_Buffer b;
  int suit, first = 1;
  if (lua_isnoneornil(L, 2)) { dh_order_natural(&nat, u->layout); o = &nat; }
  luaL_buffinit(L, &b);
  for (suit = 3; suit >= -1; suit--) {
    dh_cardset s = suit >= 0 ? dh_set_suit(u->bits, suit) : (u->bits & DH_JOKERS);
    while (s) {
      char buf[DH_CARD_NAMELEN];
      int pos = suit >= 0 ? dh_set_highest(s, o) : dh_set_last(s);
      int n;
      if (pos < 0) pos = dh_set_last(s);  /* a card outside the order */
      n = dh_card_display(dh_card_at(pos, u->layout), buf);
      if (!first) luaL_addchar(&b, ' ');
      luaL_addlstring(&b, buf, (size_t)n);
      first = 0;
      s &= ~((dh_cardset)1 << pos);
    }
  }
  luaL_pushresult(&b);
  return 1;
}

static int set_display_m(lua_State *L) { return set_display(L); }

static int set_index(lua_State *L) {
  dhL_set *u = toset(L, 1);   /* called directly, __index may be given anything */
  if (lua_type(L, 2) == LUA_TNUMBER) {
    lua_Integer k = lua_tointeger(L, 2);   /* a fraction, NaN or huge: no card */
    return push_pos(L, lua_isinteger(L, 2) ? nth_pos(u->bits, k) : -1, u->layout);
  }
  luaL_getmetafield(L, 1, "methods");
  lua_pushvalue(L, 2);
  lua_rawget(L, -2);
  return 1;
}

static int set_bits(lua_State *L) {
  lua_pushinteger(L, (lua_Integer)toset(L, 1)->bits);
  return 1;
}

static const luaL_Reg set_methods[] = {
  { "has", set_has }, { "contains", set_contains }, { "count", set_len },
  { "empty", set_empty }, { "suit", set_suit }, { "highest", set_highest },
  { "lowest", set_lowest }, { "iter", set_iter }, { "list", set_list },
  { "names", set_tostring }, { "display", set_display_m }, { "bits", set_bits },
  { "union", set_union }, { "inter", set_inter }, { "minus", set_minus },
  { NULL, NULL }
};

static const luaL_Reg set_meta[] = {
  { "__bor", set_union }, { "__band", set_inter }, { "__sub", set_minus },
  { "__eq", set_eq }, { "__len", set_len }, { "__tostring", set_tostring },
  { "__index", set_index }, { "__pairs", set_pairs }, { NULL, NULL }
};

/* ---------------------------------------------------------------- orders */

static const dh_order *check_order_ud(lua_State *L, int arg) {
  return (const dh_order *)luaL_checkudata(L, arg, DH_ORDER);
}

/* ranks strongest first, e.g. "A 3 K Q J 7 6 5 4 2"; into o */
static void parse_order(lua_State *L, int arg, const char *s, int layout, dh_order *o) {
  int ranks[16], n = 0;
  size_t len = strlen(s), i = 0;
  while (i < len) {
    size_t start;
    char buf[8];
    dh_card c;
    const char *why;
    while (i < len && is_sep(s[i])) i++;
    if (i >= len) break;
    start = i;
    while (i < len && !is_sep(s[i])) i++;
    if (i - start > 2 || n == 16) goto bad;
    memcpy(buf, s + start, i - start);
    buf[i - start] = 's';  /* read the rank through the card parser */
    if (!dh_card_parse(buf, i - start + 1, &c, &why)) goto bad;
    ranks[n++] = dh_card_rank(c);
  }
  if (dh_order_from_ranks(o, ranks, n, layout)) return;
bad:
  lua_pushfstring(L, "bad order %s (ranks strongest first, each once)", dhL_quote(L, s, strlen(s)));
  luaL_argerror(L, arg, lua_tostring(L, -1));
}

const dh_order *dhL_optorder(lua_State *L, int arg, dh_order *scratch, int layout) {
  if (lua_isnoneornil(L, arg)) {
    dh_order_natural(scratch, layout);
    return scratch;
  }
  if (lua_type(L, arg) == LUA_TSTRING) {
    parse_order(L, arg, lua_tostring(L, arg), layout, scratch);
    return scratch;
  }
  return check_order_ud(L, arg);
}

void dhL_pushorder(lua_State *L, const dh_order *o) {
  dh_order *u = (dh_order *)lua_newuserdatauv(L, sizeof(dh_order), 0);
  *u = *o;
  luaL_setmetatable(L, DH_ORDER);
}

/* deckhand.order("A 3 K Q J 7 6 5 4 2" [, "double"]) */
static int order_new(lua_State *L) {
  dh_order o;
  const char *s = luaL_checkstring(L, 1);
  int layout = luaL_checkoption(L, 2, "standard", (const char *const[]){ "standard", "double", NULL });
  parse_order(L, 1, s, layout, &o);
  dhL_pushorder(L, &o);
  return 1;
}

static int order_tostring(lua_State *L) {
  const dh_order *o = check_order_ud(L, 1);
  luaL_Buffer b;
  int i;
  luaL_buffinit(L, &b);
  for (i = 0; i < o->n; i++) {
    char buf[DH_CARD_NAMELEN];
    int slot = o->by_strength[i];
    if (i > 0 && o->strength[o->by_strength[i - 1]] == o->strength[slot]) continue;  /* twins */
    dh_card_name((dh_card)slot, buf);
    if (b.n > 0) luaL_addchar(&b, ' ');
    luaL_addchar(&b, buf[0]);
  }
  luaL_pushresult(&b);
  return 1;
}

/* order:strength(card) -> 0 (unranked) .. n */
static int order_strength(lua_State *L) {
  const dh_order *o = check_order_ud(L, 1);
  lua_pushinteger(L, dh_order_strength(o, dhL_checkcard(L, 2)));
  return 1;
}

/* order:compare(a, b) -> -1, 0, 1 */
static int order_compare(lua_State *L) {
  const dh_order *o = check_order_ud(L, 1);
  int a = dh_order_strength(o, dhL_checkcard(L, 2)), b = dh_order_strength(o, dhL_checkcard(L, 3));
  lua_pushinteger(L, (a > b) - (a < b));
  return 1;
}

static const luaL_Reg order_methods[] = {
  { "strength", order_strength }, { "compare", order_compare }, { NULL, NULL }
};

static const luaL_Reg order_meta[] = {
  { "__tostring", order_tostring }, { NULL, NULL }
};

int dhL_open_cardset(lua_State *L) {
  luaL_newmetatable(L, DH_CARDSET);
  luaL_setfuncs(L, set_meta, 0);
  lua_newtable(L);
  luaL_setfuncs(L, set_methods, 0);
  lua_setfield(L, -2, "methods");
  lua_pop(L, 1);
  dhL_newclass(L, DH_ORDER, order_meta, order_methods);
  lua_pushcfunction(L, set_new);
  lua_setfield(L, -2, "cards");
  lua_pushcfunction(L, order_new);
  lua_setfield(L, -2, "order");
  return 0;
}
