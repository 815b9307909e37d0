/*
** lpattern.c -- deckhand.Pattern: compiled poker hand patterns (the
** language is described in engine/poker/pattern.h and docs/patterns.md).
**
** core.pattern(src) -> Pattern; pattern:match(cards) -> CardSet or nil;
** core.pattern_match(src, cards) compiles and matches in one call.  The
** Lua layer shows them as deckhand.poker.pattern and deckhand.poker.match.
*/
#include "lbind.h"
#include "pattern.h"

#define DH_PATTERN "deckhand.Pattern"

static dh_pattern *checkpattern(lua_State *L, int arg) {
  return (dh_pattern *)luaL_checkudata(L, arg, DH_PATTERN);
}

/*
** compiles the string at arg into p, or raises naming arg.  Users reach
** these functions as deckhand.poker.pattern and deckhand.poker.match, but
** luaL_argerror would find them in package.loaded as deckhand.core.*; so
** the message is built here, with the name the user called.
*/
static void compile(lua_State *L, int arg, dh_pattern *p, const char *fname) {
  size_t len;
  const char *src = luaL_checklstring(L, arg, &len);
  int pos = 0;
  const char *why = "";
  if (!dh_pattern_compile(p, src, len, &pos, &why)) {
    luaL_error(L, "bad argument #%d to '%s' (bad pattern %s: %s at position %d)", arg, fname,
               dhL_quote(L, src, len), why, pos);
  }
}

/* matches p against the set at arg: pushes the matched cards or nil */
static int push_match(lua_State *L, const dh_pattern *p, int arg) {
  int layout;
  dh_cardset hand = dhL_checkset(L, arg, &layout), found;
  if (layout != DH_LAYOUT_STANDARD)
    return luaL_argerror(L, arg, "patterns need standard cards (no pinochle copies)");
  if (dh_pattern_match(p, hand, &found)) dhL_pushset(L, found, layout);
  else lua_pushnil(L);
  return 1;
}

/* pattern(src): the source text is kept as the user value for __tostring */
static int pattern_new(lua_State *L) {
  dh_pattern *p = (dh_pattern *)lua_newuserdatauv(L, sizeof(dh_pattern), 1);
  compile(L, 1, p, "pattern");
  lua_pushvalue(L, 1);
  lua_setiuservalue(L, -2, 1);
  luaL_setmetatable(L, DH_PATTERN);
  return 1;
}

static int pattern_match_now(lua_State *L) {
  dh_pattern p;
  compile(L, 1, &p, "match");
  return push_match(L, &p, 2);
}

static int pattern_match(lua_State *L) {
  return push_match(L, checkpattern(L, 1), 2);
}

static int pattern_size(lua_State *L) {
  lua_pushinteger(L, dh_pattern_size(checkpattern(L, 1)));
  return 1;
}

static int pattern_source(lua_State *L) {
  checkpattern(L, 1);
  lua_getiuservalue(L, 1, 1);
  return 1;
}

static int pattern_tostring(lua_State *L) {
  checkpattern(L, 1);
  lua_getiuservalue(L, 1, 1);
  lua_pushfstring(L, "Pattern(%s)", lua_tostring(L, -1));
  return 1;
}

static const luaL_Reg pattern_meta[] = {
  { "__tostring", pattern_tostring }, { "__len", pattern_size }, { NULL, NULL }
};

static const luaL_Reg pattern_methods[] = {
  { "match", pattern_match }, { "source", pattern_source }, { NULL, NULL }
};

static const luaL_Reg pattern_funcs[] = {
  { "pattern", pattern_new }, { "pattern_match", pattern_match_now }, { NULL, NULL }
};

int dhL_open_pattern(lua_State *L) {
  dhL_newclass(L, DH_PATTERN, pattern_meta, pattern_methods);
  luaL_setfuncs(L, pattern_funcs, 0);
  return 0;
}
