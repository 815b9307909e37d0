/*
** lrummy.c -- Gin Rummy's melds in Lua (engine/rummy/meld.h):
**   deckhand.gin.value(card) -> 1..10
**   deckhand.gin.deadwood(hand) -> the least deadwood of the hand
**   deckhand.gin.discards(hand) -> cards, left: each card of the hand (a
**     list, in set order) and the least deadwood once it is discarded
**   deckhand.gin.arrange(hand [, onto]) -> deadwood, { melds = { CardSet,
**     ... }, laid_off = CardSet, deadwood = CardSet }
** onto: a list of the knocker's melds (CardSets) the hand may lay off on.
** A hand of more than 11 cards, a joker, a card of the knocker's melds in
** the hand or an entry of onto that is no meld raise an error naming it.
*/
#include "lbind.h"
#include "meld.h"

/* a Gin hand: cards of the standard pack, at most 11 */
static dh_cardset checkhand(lua_State *L, int arg) {
  int layout;
  dh_cardset s = dhL_checkset(L, arg, &layout);
  if (layout != DH_LAYOUT_STANDARD || (s & ~DH_FRENCH52))
    luaL_argerror(L, arg, "Gin Rummy cards expected (no jokers, no second copies)");
  if (dh_set_count(s) > DH_RUMMY_MAX_HAND)
    luaL_argerror(L, arg, lua_pushfstring(L, "a hand holds at most %d cards, got %d", DH_RUMMY_MAX_HAND,
                                          dh_set_count(s)));
  return s;
}

static int gin_value(lua_State *L) {
  dh_card c = dhL_checkcard(L, 1);
  if (dh_card_is_joker(c) || (c & DH_CARD_COPY)) luaL_argerror(L, 1, "a Gin Rummy card expected");
  lua_pushinteger(L, dh_rummy_value(c));
  return 1;
}

static int gin_deadwood(lua_State *L) {
  dh_rummy_arrangement a;
  lua_pushinteger(L, dh_rummy_arrange(checkhand(L, 1), NULL, 0, &a));
  return 1;
}

/* one call for a whole discard decision, where a bot would make eleven */
static int gin_discards(lua_State *L) {
  dh_cardset hand = checkhand(L, 1), it;
  dh_rummy_arrangement a;
  int n = dh_set_count(hand), k = 0;
  lua_createtable(L, n, 0);
  lua_createtable(L, n, 0);
  for (it = hand; it; it &= it - 1) {
    dh_card c = (dh_card)dh_set_first(it);
    k++;
    dhL_pushcard(L, c);
    lua_rawseti(L, -3, k);
    lua_pushinteger(L, dh_rummy_arrange(hand & ~dh_set_of(c), NULL, 0, &a));
    lua_rawseti(L, -2, k);
  }
  return 2;
}

static int gin_arrange(lua_State *L) {
  dh_cardset hand = checkhand(L, 1), onto[DH_RUMMY_MAX_ONTO], seen = hand;
  dh_rummy_arrangement a;
  int n = 0, k;
  if (!lua_isnoneornil(L, 2)) {
    lua_Integer i, len;
    luaL_checktype(L, 2, LUA_TTABLE);
    len = luaL_len(L, 2);
    if (len > DH_RUMMY_MAX_ONTO)
      luaL_argerror(L, 2, lua_pushfstring(L, "at most %d melds to lay off on, got %I", DH_RUMMY_MAX_ONTO,
                                          (LUAI_UACINT)len));
    for (i = 1; i <= len; i++) {
      lua_geti(L, 2, i);
      onto[n] = dhL_checkset(L, lua_gettop(L), NULL);
      lua_pop(L, 1);
      if (!dh_rummy_is_meld(onto[n]))
        luaL_argerror(L, 2, lua_pushfstring(L, "onto[%I] is not a meld", (LUAI_UACINT)i));
      if (onto[n] & seen)
        luaL_argerror(L, 2, lua_pushfstring(L, "onto[%I] shares cards with the hand or another meld",
                                            (LUAI_UACINT)i));
      seen |= onto[n++];
    }
  }
  lua_pushinteger(L, dh_rummy_arrange(hand, onto, n, &a));
  lua_createtable(L, 0, 3);
  lua_createtable(L, a.nmelds, 0);
  for (k = 0; k < a.nmelds; k++) {
    dhL_pushset(L, a.melds[k], DH_LAYOUT_STANDARD);
    lua_rawseti(L, -2, k + 1);
  }
  lua_setfield(L, -2, "melds");
  dhL_pushset(L, a.laid_off, DH_LAYOUT_STANDARD);
  lua_setfield(L, -2, "laid_off");
  dhL_pushset(L, a.deadwood, DH_LAYOUT_STANDARD);
  lua_setfield(L, -2, "deadwood");
  return 2;
}

static const luaL_Reg gin_funcs[] = {
  { "value", gin_value },
  { "deadwood", gin_deadwood },
  { "discards", gin_discards },
  { "arrange", gin_arrange },
  { NULL, NULL }
};

int dhL_open_rummy(lua_State *L) {
  luaL_newlib(L, gin_funcs);
  lua_setfield(L, -2, "gin");
  return 0;
}
