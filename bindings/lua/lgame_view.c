/*
** lgame_view.c -- deckhand.View, what one seat may know of a Game, and
** what a bot may ask the rules of the trick and the table through it.
*/
#include "lgame.h"
#include "policy.h"

static int view_seat(lua_State *L) { lua_pushinteger(L, checkview(L, 1)->seat + 1); return 1; }

static int view_unseen(lua_State *L) {
  dh_view *v = checkview(L, 1);
  dhL_pushset(L, v->unseen, v->m.rules->deck.layout);
  return 1;
}

/* view:greedy() -> the card the greedy policy plays (policy.h) */
static int view_greedy(lua_State *L) {
  dh_view *v = checkview(L, 1);
  dh_cardset legal;
  dh_card c;
  if (v->m.phase != DH_PHASE_PLAY || v->m.turn != v->seat) return luaL_error(L, "not this seat's turn to play");
  dhL_rules_enter(L, v->m.rules);
  if (dh_match_legal(&v->m, &legal) != DH_OK) return dhL_rules_raise(L);
  if (!legal) legal = v->m.hand[v->seat];
  if (!legal) return luaL_error(L, "no card to play");
  if (dh_policy_greedy(&v->m, legal, &c) != DH_OK) return dhL_rules_raise(L);
  dhL_pushcard(L, c);
  return 1;
}

/* ------------------------------------- what a bot may ask the rules */

/* the card at arg, one of the view's deck (else an argument error) */
static dh_card checkdeckcard(lua_State *L, int arg, const dh_view *v) {
  dh_card c = dhL_checkcard(L, arg);
  const dh_rules *r = v->m.rules;
  luaL_argcheck(L, dh_card_at(c & 63, r->deck.layout) == c && dh_set_has(r->deck_set, c), arg,
                "not a card of this game's deck");
  return c;
}

/* view:winning() -> the seat taking the trick as it stands and its card;
** nil when the trick is empty */
static int view_winning(lua_State *L) {
  dh_view *v = checkview(L, 1);
  int seat, index;
  dhL_rules_enter(L, v->m.rules);
  if (dh_view_winning(v, &seat, &index) != DH_OK) return dhL_rules_raise(L);
  if (seat < 0) { lua_pushnil(L); return 1; }
  lua_pushinteger(L, seat + 1);
  pushcard(L, v->m.trick.cards[index]);
  return 2;
}

/* view:winner_with(card) -> the seat that would take the trick so far if
** this seat played card now (itself when card leads) */
static int view_winner_with(lua_State *L) {
  dh_view *v = checkview(L, 1);
  dh_card c = checkdeckcard(L, 2, v);
  int seat, err;
  dhL_rules_enter(L, v->m.rules);
  err = dh_view_winner_with(v, c, &seat);
  if (err == DH_E_RULE) return dhL_rules_raise(L);
  luaL_argcheck(L, err == DH_OK, 2, "card already in the trick");
  lua_pushinteger(L, seat + 1);
  return 1;
}

/* view:strength(card) -> its strength in the current trick (view.h) */
static int view_strength(lua_State *L) {
  dh_view *v = checkview(L, 1);
  dh_card c = checkdeckcard(L, 2, v);
  int st;
  dhL_rules_enter(L, v->m.rules);
  if (dh_view_strength(v, c, &st) != DH_OK) return dhL_rules_raise(L);
  lua_pushinteger(L, st);
  return 1;
}

/* view:order(card) -> its place in the variant's order (1 the weakest, 0
** a card that never wins), what strength breaks ties with */
static int view_order(lua_State *L) {
  dh_view *v = checkview(L, 1);
  lua_pushinteger(L, dh_match_strength(&v->m, checkdeckcard(L, 2, v)));
  return 1;
}

/* the partners of the seat at arg (default the view's), and their count */
static int partners_of(lua_State *L, dh_view *v, int arg, uint8_t *out) {
  int seat = lua_isnoneornil(L, arg) ? v->seat : checkseat(L, arg, &v->m);
  return dh_view_partners(v, seat, out);
}

/* view:partners([seat]) -> the other seats of its side, going left */
static int view_partners(lua_State *L) {
  dh_view *v = checkview(L, 1);
  uint8_t out[DH_MAX_SEATS];
  int n = partners_of(L, v, 2, out), i;
  lua_createtable(L, n, 0);
  for (i = 0; i < n; i++) { lua_pushinteger(L, out[i] + 1); lua_rawseti(L, -2, i + 1); }
  return 1;
}

/* view:partner([seat]) -> its partner when its side is two seats, else nil */
static int view_partner(lua_State *L) {
  dh_view *v = checkview(L, 1);
  uint8_t out[DH_MAX_SEATS];
  if (partners_of(L, v, 2, out) == 1) lua_pushinteger(L, out[0] + 1); else lua_pushnil(L);
  return 1;
}

/* view:pass_count() -> the cards each seat passes this hand (0: none) */
static int view_pass_count(lua_State *L) {
  lua_pushinteger(L, dh_view_pass_count(checkview(L, 1)));
  return 1;
}

/* view:sample(rng) -> a Game consistent with the view (no actions logged) */
static int view_sample(lua_State *L) {
  dh_view *v = checkview(L, 1);
  dh_rng *r = dhL_checkrng(L, 2);
  dh_match *m;
  lua_getiuservalue(L, 1, 1);
  m = dhG_push_game(L, -1);
  if (!dh_view_sample(v, r, m)) return luaL_error(L, "no deal fits the view");
  dhG_set_new_log(L, -1, 16);
  return 1;
}

/* view:rules() -> the Rules of the game it was made from */
static int view_rules(lua_State *L) {
  checkview(L, 1);
  lua_getiuservalue(L, 1, 1);
  return 1;
}

const luaL_Reg dhG_view_methods[] = {
  { "rules", view_rules }, { "seat", view_seat }, { "unseen", view_unseen }, { "sample", view_sample },
  { "greedy", view_greedy }, { "winning", view_winning }, { "winner_with", view_winner_with },
  { "strength", view_strength }, { "order", view_order }, { "partners", view_partners }, { "partner", view_partner },
  { "pass_count", view_pass_count }, { NULL, NULL }
};
