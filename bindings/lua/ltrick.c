/*
** ltrick.c -- deckhand.trick_winner(cards, trump, order): who takes a
** trick, for scripts that run their own game loop.
*/
#include "lbind.h"
#include "trick.h"

/* cards: a list in the order played (Cards or names); trump: a suit or
** nil; order: an Order, a rank string, or nil (natural).  Returns the
** 1-based position in the list of the winning card. */
static int trick_winner(lua_State *L) {
  dh_trick t;
  dh_order scratch;
  const dh_order *o;
  lua_Integer i, n;
  int trump = DH_NOSUIT, layout = DH_LAYOUT_STANDARD;
  luaL_checktype(L, 1, LUA_TTABLE);
  n = luaL_len(L, 1);
  luaL_argcheck(L, n >= 1 && n <= DH_MAX_SEATS, 1, "a trick has 1 to 8 cards");
  if (!lua_isnoneornil(L, 2)) trump = dhL_checksuit(L, 2);
  dh_trick_clear(&t);
  for (i = 1; i <= n; i++) {
    dh_card c;
    lua_geti(L, 1, i);
    c = dhL_checkcard(L, lua_gettop(L));
    if (c & DH_CARD_COPY) layout = DH_LAYOUT_DOUBLE;   /* a pinochle deck's twin */
    dh_trick_add(&t, (int)i - 1, c);
    lua_pop(L, 1);
  }
  o = dhL_optorder(L, 3, &scratch, layout);
  lua_pushinteger(L, dh_trick_winner(&t, trump, o) + 1);
  return 1;
}

int dhL_open_trick(lua_State *L) {
  lua_pushcfunction(L, trick_winner);
  lua_setfield(L, -2, "trick_winner");
  return 0;
}
