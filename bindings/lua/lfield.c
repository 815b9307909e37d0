/*
** lfield.c -- reading the tables Lua code hands to C: each integer field
** or list entry checked for its type and range, and an error that names
** it ("sizes[1] must be an integer from 1 to 52"), never the bare
** "bad argument #-1" that luaL_checkinteger gives for a value that is not
** an argument.
*/
#include "lbind.h"

/* pushes s[0..len) quoted for an error: 'text', or past 60 bytes its
** first 40 and its length, 'text...' (N characters), as
** deckhand.message quotes a long text (which then leaves it be): a bad
** input of megabytes is named, not echoed back */
const char *dhL_quote(lua_State *L, const char *s, size_t len) {
  if (len <= 60) return lua_pushfstring(L, "'%s'", lua_pushlstring(L, s, len));
  lua_pushlstring(L, s, 40);
  return lua_pushfstring(L, "'%s...' (%I characters)", lua_tostring(L, -1), (LUAI_UACINT)len);
}

/* checks the value on top; pops it and returns it, or raises naming it
** (the name is fmt with name and, for a list entry, i) */
static lua_Integer take_int(lua_State *L, lua_Integer lo, lua_Integer hi, const char *fmt,
                            const char *name, lua_Integer i) {
  int isnum;
  lua_Integer v = lua_tointegerx(L, -1, &isnum);
  if (!isnum || v < lo || v > hi) {
    const char *got = isnum ? lua_tostring(L, -1)
                    : lua_type(L, -1) == LUA_TNUMBER ? "a fraction" : luaL_typename(L, -1);
    const char *what = lua_pushfstring(L, fmt, name, (LUAI_UACINT)i);
    if (lo == LUA_MININTEGER && hi == LUA_MAXINTEGER)
      luaL_error(L, "%s must be an integer, got %s", what, got);
    luaL_error(L, "%s must be an integer from %I to %I, got %s", what, (LUAI_UACINT)lo,
               (LUAI_UACINT)hi, got);
  }
  lua_pop(L, 1);
  return v;
}

lua_Integer dhL_intfield(lua_State *L, int t, const char *k, lua_Integer def, lua_Integer lo,
                         lua_Integer hi) {
  if (lua_getfield(L, t, k) == LUA_TNIL) {
    lua_pop(L, 1);
    return def;
  }
  return take_int(L, lo, hi, "%s", k, 0);
}

lua_Integer dhL_intat(lua_State *L, int t, lua_Integer i, const char *name, lua_Integer lo,
                      lua_Integer hi) {
  lua_geti(L, t, i);
  return take_int(L, lo, hi, "%s[%I]", name, i);
}
