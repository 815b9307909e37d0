/*
** lscopa.c -- Scopa's captures in Lua (engine/scopa/capture.h):
**   deckhand.scopa.value(card) -> 1..10 (A 1, 2-7, J 8, Q 9, K 10)
**   deckhand.scopa.captures(table, value) -> { CardSet, ... }: the cards a
**     card of that value may take (a card of equal value alone if there is
**     one, else every set summing to it); empty when none
**   deckhand.scopa.sums(table, value) -> { CardSet, ... }: every set of
**     table cards summing to value
** A card outside the Italian 40-card deck raises an error naming it.
*/
#include "capture.h"
#include "lbind.h"

static int checkvalue(lua_State *L, dh_card c, int arg) {
  int v = dh_scopa_value(c);
  if (v == 0) {
    char name[DH_CARD_NAMELEN];
    dh_card_name(c, name);
    luaL_argerror(L, arg, lua_pushfstring(L, "%s is not a card of the Italian 40-card deck", name));
  }
  return v;
}

static int scopa_value(lua_State *L) {
  lua_pushinteger(L, checkvalue(L, dhL_checkcard(L, 1), 1));
  return 1;
}

typedef int (*finder)(dh_cardset, int, dh_cardset *, int);

static int push_sets(lua_State *L, finder find) {
  dh_cardset table = dhL_checkset(L, 1, NULL), small[64], *out = small, it;
  lua_Integer value = luaL_checkinteger(L, 2);
  int n, k;
  for (it = table; it; it &= it - 1) checkvalue(L, (dh_card)dh_set_first(it), 1);
  if (value < 1 || value > 10) return luaL_argerror(L, 2, "a value from 1 to 10 expected");
  n = find(table, (int)value, small, 64);
  if (n > 64) {   /* room for every one, owned by the stack while we fill it */
    out = (dh_cardset *)lua_newuserdatauv(L, (size_t)n * sizeof *out, 0);
    find(table, (int)value, out, n);
  }
  lua_createtable(L, n, 0);
  for (k = 0; k < n; k++) {
    dhL_pushset(L, out[k], DH_LAYOUT_STANDARD);
    lua_rawseti(L, -2, k + 1);
  }
  return 1;
}

static int scopa_captures(lua_State *L) { return push_sets(L, dh_scopa_captures); }
static int scopa_sums(lua_State *L) { return push_sets(L, dh_scopa_sums); }

static const luaL_Reg scopa_funcs[] = {
  { "value", scopa_value },
  { "captures", scopa_captures },
  { "sums", scopa_sums },
  { NULL, NULL }
};

int dhL_open_scopa(lua_State *L) {
  luaL_newlib(L, scopa_funcs);
  lua_setfield(L, -2, "scopa");
  return 0;
}
