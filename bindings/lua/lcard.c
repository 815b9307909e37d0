/*
** lcard.c -- deckhand.Card: one userdata per card value, cached, so that
** cards compare equal with == and iterating a set allocates nothing new.
*/
#include <string.h>

#include "lbind.h"

#define CACHE DH_CARDCACHE

static const char *const suit_letters[] = { "c", "d", "h", "s" };

typedef dhL_card lcard;   /* the card and a tag (lbind.h) */

void dhL_pushcard(lua_State *L, dh_card c) {
  lcard *u;
  lua_getfield(L, LUA_REGISTRYINDEX, CACHE);
  if (lua_rawgeti(L, -1, c) == LUA_TUSERDATA) {
    lua_remove(L, -2);
    return;
  }
  lua_pop(L, 1);
  u = (lcard *)lua_newuserdatauv(L, sizeof(lcard), 0);
  u->c = c;
  u->tag = DH_TAG_CARD;
  luaL_setmetatable(L, DH_CARD);
  lua_pushvalue(L, -1);
  lua_rawseti(L, -3, c);
  lua_remove(L, -2);
}

/* parses s as one card or raises the argument error naming it */
static dh_card parse_or_raise(lua_State *L, int arg, const char *s, size_t len) {
  dh_card c;
  const char *why = "";
  if (!dh_card_parse(s, len, &c, &why)) {
    lua_pushfstring(L, "bad card name %s: %s", dhL_quote(L, s, len), why);
    luaL_argerror(L, arg, lua_tostring(L, -1));
  }
  return c;
}

dh_card dhL_checkcard(lua_State *L, int arg) {
  lcard *u = dhL_tocard(L, arg);   /* every Card carries the tag */
  size_t len;
  const char *s;
  if (u) return u->c;
  if (lua_type(L, arg) != LUA_TSTRING) luaL_typeerror(L, arg, "card");
  s = lua_tolstring(L, arg, &len);
  return parse_or_raise(L, arg, s, len);
}

static dh_card tocard(lua_State *L) { return ((lcard *)luaL_checkudata(L, 1, DH_CARD))->c; }

/* deckhand.card(name | card | value) */
static int card_new(lua_State *L) {
  if (lua_type(L, 1) == LUA_TNUMBER) {
    lua_Integer v = luaL_checkinteger(L, 1);
    luaL_argcheck(L, v >= 0 && v < 128 && dh_card_valid((dh_card)v), 1, "not a card value");
    dhL_pushcard(L, (dh_card)v);
  } else {
    dhL_pushcard(L, dhL_checkcard(L, 1));
  }
  return 1;
}

static int card_name(lua_State *L) {
  char buf[DH_CARD_NAMELEN];
  lua_pushlstring(L, buf, (size_t)dh_card_name(tocard(L), buf));
  return 1;
}

static int card_display(lua_State *L) {
  char buf[DH_CARD_NAMELEN];
  lua_pushlstring(L, buf, (size_t)dh_card_display(tocard(L), buf));
  return 1;
}

static int card_concat(lua_State *L) {
  luaL_tolstring(L, 1, NULL);
  luaL_tolstring(L, 2, NULL);
  lua_concat(L, 2);
  return 1;
}

/* cards sort by rank, then suit (jokers above aces), then copy */
static int sort_key(dh_card c) {
  int rank = dh_card_is_joker(c) ? 15 : dh_card_rank(c);
  return (rank * 8 + (dh_card_is_joker(c) ? (c == DH_BIG_JOKER) : dh_card_suit(c))) * 2 +
         !!(c & DH_CARD_COPY);
}

static int card_lt(lua_State *L) {
  dh_card a = dhL_checkcard(L, 1), b = dhL_checkcard(L, 2);
  lua_pushboolean(L, sort_key(a) < sort_key(b));
  return 1;
}

static int card_le(lua_State *L) {
  dh_card a = dhL_checkcard(L, 1), b = dhL_checkcard(L, 2);
  lua_pushboolean(L, sort_key(a) <= sort_key(b));
  return 1;
}

static int card_eq(lua_State *L) {
  lcard *a = (lcard *)luaL_testudata(L, 1, DH_CARD), *b = (lcard *)luaL_testudata(L, 2, DH_CARD);
  lua_pushboolean(L, a && b && a->c == b->c);
  return 1;
}

static const luaL_Reg card_methods[] = {
  { "name", card_name }, { "display", card_display }, { NULL, NULL }
};

/* fields first (rank, suit, id, joker, copy), then methods */
static int card_index(lua_State *L) {
  dh_card c = tocard(L);
  const char *k = luaL_checkstring(L, 2);
  if (strcmp(k, "rank") == 0) lua_pushinteger(L, dh_card_rank(c));
  else if (strcmp(k, "suit") == 0) {
    int s = dh_card_suit(c);
    if (s == DH_NOSUIT) lua_pushnil(L); else lua_pushstring(L, suit_letters[s]);
  } else if (strcmp(k, "id") == 0) lua_pushinteger(L, c);
  else if (strcmp(k, "joker") == 0) lua_pushboolean(L, dh_card_is_joker(c));
  else if (strcmp(k, "copy") == 0) lua_pushinteger(L, (c & DH_CARD_COPY) ? 2 : 1);
  else {
    const luaL_Reg *m;
    for (m = card_methods; m->name; m++)
      if (strcmp(k, m->name) == 0) { lua_pushcfunction(L, m->func); return 1; }
    lua_pushnil(L);
  }
  return 1;
}

static const luaL_Reg card_meta[] = {
  { "__tostring", card_name }, { "__index", card_index }, { "__concat", card_concat },
  { "__lt", card_lt }, { "__le", card_le }, { "__eq", card_eq }, { NULL, NULL }
};

int dhL_open_card(lua_State *L) {
  lua_newtable(L);
  lua_setfield(L, LUA_REGISTRYINDEX, CACHE);
  dhL_newclass(L, DH_CARD, card_meta, NULL);
  lua_pushcfunction(L, card_new);
  lua_setfield(L, -2, "card");
  return 0;
}
