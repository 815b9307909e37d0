/*
** lbind.h -- what the binding files of deckhand.core share.
**
** Each l*.c file binds one engine concept and exports one opener,
** dhL_open_<concept>(L), which registers its metatables and adds its
** functions to the module table on top of the stack.  lcore.c calls them.
*/
#ifndef DH_LBIND_H
#define DH_LBIND_H

#include <lua.h>
#include <lauxlib.h>

#include "card.h"
#include "cardset.h"
#include "rng.h"

/* metatable names */
#define DH_CARD    "deckhand.Card"
#define DH_CARDSET "deckhand.CardSet"
#define DH_DECK    "deckhand.Deck"
#define DH_RNG     "deckhand.Rng"
#define DH_ORDER   "deckhand.Order"

/* a set with the layout its positions read back under */
typedef struct dhL_set { dh_cardset bits; int layout; } dhL_set;

/* cards: a Card, or a name ("Td", "10♦"); raises luaL_argerror otherwise */
dh_card dhL_checkcard(lua_State *L, int arg);
void dhL_pushcard(lua_State *L, dh_card c);
/* sets: a CardSet, a string of names ("As Kd Td"), or a table of cards or
** names; *layout gets the layout (may be NULL) */
dh_cardset dhL_checkset(lua_State *L, int arg, int *layout);
void dhL_pushset(lua_State *L, dh_cardset s, int layout);
dh_rng *dhL_checkrng(lua_State *L, int arg);
/* a strength order: an Order, nil (the natural order), or a string of ranks
** strongest first ("A 3 K Q J 7 6 5 4 2") */
const dh_order *dhL_optorder(lua_State *L, int arg, dh_order *scratch);
void dhL_pushorder(lua_State *L, const dh_order *o);
/* a suit: "s", "spades", "♠" -> 0..3 */
int dhL_checksuit(lua_State *L, int arg);

/* registers a metatable with methods in __index */
void dhL_newclass(lua_State *L, const char *name, const luaL_Reg *meta,
                  const luaL_Reg *methods);

int dhL_open_card(lua_State *L);
int dhL_open_cardset(lua_State *L);
int dhL_open_rng(lua_State *L);
int dhL_open_deck(lua_State *L);
int dhL_open_trick(lua_State *L);
int dhL_open_rules(lua_State *L);
int dhL_open_game(lua_State *L);
int dhL_open_pattern(lua_State *L);
int dhL_open_poker(lua_State *L);
int dhL_open_equity(lua_State *L);

#endif
