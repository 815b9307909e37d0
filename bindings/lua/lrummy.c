/*
** lrummy.c -- Gin Rummy's melds in Lua (engine/rummy/meld.h):
**   deckhand.gin.value(card) -> 1..10
**   deckhand.gin.deadwood(hand) -> the least deadwood of the hand
**   deckhand.gin.discards(hand) -> cards, left: each card of the hand (a
**     list, in set order) and the least deadwood once it is discarded
**   deckhand.gin.arrange(hand [, onto]) -> deadwood, { melds = { CardSet,
**     ... }, laid_off = CardSet, deadwood = CardSet }
**   deckhand.gin.playout(position, rules [, rng [, first]]) -> points1,
**     points2, winner: the hand played to its end by both seats as
**     heuristic.gin plays (engine/rummy/gin_playout.h), the seat on turn
**     making `first` first (a move of the game: a Card, or a Move of kind
**     take, pass, draw, knock, gin or big gin); winner 1 or 2, 0 for a
**     void hand
** onto: a list of the knocker's melds (CardSets) the hand may lay off on.
** position: { hands = { CardSet, CardSet }, known = { CardSet, CardSet },
**   pile = { Card, ... } (top last), stock = { Card, ... } (next drawn
**   last), turn = 1 | 2, phase = "first" | "draw" | "discard", refused = n,
**   taken = Card or nil }, as rules/gin.lua holds them; rules: the
**   variant's knock, gin_bonus, big_gin, big_gin_bonus, undercut_bonus and
**   the policy's late and low (its knock: 8 and 4 unless given); with rng
**   the stock is shuffled first (a sampled world's unseen order).
** A hand of more than 11 cards, a joker, a card of the knocker's melds in
** the hand or an entry of onto that is no meld raise an error naming it.
*/
#include "lbind.h"
#include "meld.h"
#include "gin_playout.h"
#include "rng.h"

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

/* a list of cards at field k of the table at t, into out (at most 52) */
static int cardlist(lua_State *L, int t, const char *k, dh_card *out) {
  int n, i;
  if (lua_getfield(L, t, k) != LUA_TTABLE) return luaL_error(L, "position.%s must be a list of cards", k);
  n = (int)luaL_len(L, -1);
  if (n > 52) return luaL_error(L, "position.%s holds %d cards, at most 52", k, n);
  for (i = 1; i <= n; i++) {
    lua_geti(L, -1, i);
    out[i - 1] = dhL_checkcard(L, lua_gettop(L));
    lua_pop(L, 1);
  }
  lua_pop(L, 1);
  return n;
}

/* entry i (1 or 2) of the pair of sets at field k of the table at t */
static dh_cardset setat(lua_State *L, int t, const char *k, int i) {
  dh_cardset s;
  if (lua_getfield(L, t, k) != LUA_TTABLE) luaL_error(L, "position.%s must be a pair of card sets", k);
  lua_geti(L, -1, i);
  s = dhL_checkset(L, lua_gettop(L), NULL);
  lua_pop(L, 2);
  return s;
}

/* a move of the game at arg: a Card (a discard) or a Move's kind and card */
static dh_gin_move checkmove(lua_State *L, int arg) {
  static const char *const kinds[] = { "take", "pass", "draw", "card", "knock", "gin", "big gin", NULL };
  dh_gin_move m;
  m.card = DH_NO_CARD;
  if (lua_type(L, arg) == LUA_TUSERDATA) {
    m.kind = DH_GIN_DISCARD_CARD;
    m.card = dhL_checkcard(L, arg);
    return m;
  }
  luaL_checktype(L, arg, LUA_TTABLE);
  lua_getfield(L, arg, "kind");
  m.kind = luaL_checkoption(L, lua_gettop(L), NULL, kinds);
  lua_pop(L, 1);
  if (m.kind >= DH_GIN_DISCARD_CARD && m.kind <= DH_GIN_GIN) {
    lua_getfield(L, arg, "card");
    m.card = dhL_checkcard(L, lua_gettop(L));
    lua_pop(L, 1);
  }
  return m;
}

static int gin_playout(lua_State *L) {
  static const char *const phases[] = { "first", "draw", "discard", NULL };
  dh_gin_deal d;
  dh_gin_rules r;
  dh_gin_move first;
  dh_rng *rng;
  int row[2], w, k, has_first = !lua_isnoneornil(L, 4);
  luaL_checktype(L, 1, LUA_TTABLE);
  luaL_checktype(L, 2, LUA_TTABLE);
  rng = lua_isnoneornil(L, 3) ? NULL : dhL_checkrng(L, 3);
  if (has_first) first = checkmove(L, 4);
  for (k = 0; k < 2; k++) {
    d.hand[k] = setat(L, 1, "hands", k + 1);
    d.known[k] = setat(L, 1, "known", k + 1);
  }
  d.npile = cardlist(L, 1, "pile", d.pile);
  d.nstock = cardlist(L, 1, "stock", d.stock);
  d.turn = (int)dhL_intfield(L, 1, "turn", 0, 1, 2) - 1;
  d.refused = (int)dhL_intfield(L, 1, "refused", 0, 0, 2);
  lua_getfield(L, 1, "phase");
  d.phase = luaL_checkoption(L, lua_gettop(L), NULL, phases);
  lua_pop(L, 1);
  lua_getfield(L, 1, "taken");
  d.taken = lua_isnil(L, -1) ? DH_NO_CARD : dhL_checkcard(L, lua_gettop(L));
  lua_pop(L, 1);
  r.knock = (int)dhL_intfield(L, 2, "knock", 10, 0, 1000);
  r.gin_bonus = (int)dhL_intfield(L, 2, "gin_bonus", 25, 0, 100000);
  r.big_gin_bonus = (int)dhL_intfield(L, 2, "big_gin_bonus", 31, 0, 100000);
  r.undercut_bonus = (int)dhL_intfield(L, 2, "undercut_bonus", 25, 0, 100000);
  r.late = (int)dhL_intfield(L, 2, "late", 8, 0, 52);
  r.low = (int)dhL_intfield(L, 2, "low", 4, 0, 1000);
  lua_getfield(L, 2, "big_gin");
  r.big_gin = lua_toboolean(L, -1);
  lua_pop(L, 1);
  if (rng)
    for (k = d.nstock - 1; k > 0; k--) {
      int j = (int)dh_rng_below(rng, (uint32_t)(k + 1));
      dh_card c = d.stock[k];
      d.stock[k] = d.stock[j];
      d.stock[j] = c;
    }
  w = dh_gin_playout(&d, &r, has_first ? &first : NULL, row);
  if (w == -2) return luaL_error(L, "gin.playout: not a position of the game (hand sizes, a card in two places, "
                                    "the phase) or the first move is not legal in it");
  lua_pushinteger(L, row[0]);
  lua_pushinteger(L, row[1]);
  lua_pushinteger(L, w + 1);
  return 3;
}

static const luaL_Reg gin_funcs[] = {
  { "playout", gin_playout },
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
