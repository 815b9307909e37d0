/*
** lbind.h -- what the binding files of deckhand.core share.
**
** Each l*.c file binds one engine concept and exports one opener,
** dhL_open_<concept>(L), which registers its metatables and adds its
** functions to the module table on top of the stack.  lcore.c calls them.
*/
#ifndef DH_LBIND_H
#define DH_LBIND_H

#include <stddef.h>

#include <lua.h>
#include <lauxlib.h>

#include "card.h"
#include "cardset.h"
#include "match.h"
#include "rng.h"

/* metatable names */
#define DH_CARD    "deckhand.Card"
#define DH_CARDSET "deckhand.CardSet"
#define DH_DECK    "deckhand.Deck"
#define DH_RNG     "deckhand.Rng"
#define DH_ORDER   "deckhand.Order"
/* the registry table of Card userdata by card value (lcard.c) */
#define DH_CARDCACHE "deckhand.cardcache"

/*
** The userdata a Lua strategy passes on every card (Game, Rng, CardSet, Card)
** carry a tag word, and a check reads it with the userdata's size: two
** cheap API calls where fetching and comparing the metatable takes four.
** Only this module's C code writes into these userdata, so Lua code
** cannot forge one.
*/
#define DH_TAG_SET  0x43617264u   /* "Card" */
#define DH_TAG_RNG  0x526e6721u   /* "Rng!" */
#define DH_TAG_GAME 0x47616d65u   /* "Game" */
#define DH_TAG_CARD 0x4f6e6521u   /* "One!" */

static inline void *dhL_totagged(lua_State *L, int arg, size_t size, size_t tag_at, unsigned tag) {
  void *p = lua_touserdata(L, arg);
  if (p && lua_rawlen(L, arg) == size && *(const unsigned *)(const void *)((const char *)p + tag_at) == tag)
    return p;
  return NULL;
}

/* a set with the layout its positions read back under */
typedef struct dhL_set { dh_cardset bits; int layout; unsigned tag; } dhL_set;
#define dhL_toset(L, arg) \
  ((dhL_set *)dhL_totagged(L, arg, sizeof(dhL_set), offsetof(dhL_set, tag), DH_TAG_SET))

/* a Card userdata: its card and tag */
typedef struct dhL_card { dh_card c; unsigned tag; } dhL_card;
#define dhL_tocard(L, arg) \
  ((dhL_card *)dhL_totagged(L, arg, sizeof(dhL_card), offsetof(dhL_card, tag), DH_TAG_CARD))

/* cards: a Card, or a name ("Td", "10♦"); raises luaL_argerror otherwise */
dh_card dhL_checkcard(lua_State *L, int arg);
void dhL_pushcard(lua_State *L, dh_card c);
/* sets: a CardSet, a string of names ("As Kd Td"), or a table of cards or
** names; *layout gets the layout (may be NULL) */
dh_cardset dhL_checkset(lua_State *L, int arg, int *layout);
void dhL_pushset(lua_State *L, dh_cardset s, int layout);
dh_rng *dhL_checkrng(lua_State *L, int arg);
/* a strength order: an Order, nil (the natural order), or a string of ranks
** strongest first ("A 3 K Q J 7 6 5 4 2"), read for cards of layout (a
** pinochle deck's second copies rank as the first) */
const dh_order *dhL_optorder(lua_State *L, int arg, dh_order *scratch, int layout);
void dhL_pushorder(lua_State *L, const dh_order *o);
/* a suit: "s", "spades", "♠" -> 0..3 */
int dhL_checksuit(lua_State *L, int arg);

/* table fields (lfield.c): the integer field k of the table at t (def
** when absent), or entry i of the list at t, which must lie in lo..hi;
** an error names it: "max_hands must be an integer from 1 to 65535, got
** 70000", "sizes[1] must be an integer from 1 to 64, got string" */
lua_Integer dhL_intfield(lua_State *L, int t, const char *k, lua_Integer def, lua_Integer lo,
                         lua_Integer hi);
lua_Integer dhL_intat(lua_State *L, int t, lua_Integer i, const char *name, lua_Integer lo,
                      lua_Integer hi);

/* rules (lrules.c), for the games that run them (lgame.c): a Rules
** userdata's rules; entering a game's rules before engine calls that may
** run Lua rules, and whether they are running now; raising the error a
** failed Lua rule left; a rule's state object's match (NULL when arg is no
** state; raises when the state is used outside its rule) */
const dh_rules *dhL_checkrules(lua_State *L, int arg);
void dhL_rules_enter_calls(lua_State *L, const dh_rules *r);
/* the rule time limit in seconds (0: none) (lhost.c) */
double dhL_rule_limit(lua_State *L);
/* for the C calls that may run long without a Lua instruction for the
** hooks to stop them (lhost.c): the moment a bot's deadline or the rule
** time of the game played on L runs out, on dh_clock_now (clock.h), 0
** with neither; and a call's time budget, the seconds it was asked for
** (0: none) or what is left of those, whichever is less */
double dhL_deadline(lua_State *L);
double dhL_budget(lua_State *L, double seconds);
/* pushes s[0..len) quoted for an error message, a long text cut to its
** first 40 bytes and its length (lfield.c) */
const char *dhL_quote(lua_State *L, const char *s, size_t len);
/* when a bot's deadline falls on dh_clock_now, 0 with none: for the count
** hook of the rules' own thread, which a bot's hook does not reach (lhost.c) */
double dhL_bot_deadline(lua_State *L);
/* when the rule the engine called on T must end under the rule time, 0
** with none (lrulecall.c) */
double dhL_rule_call_deadline(lua_State *T);
/* pushes the registry's table at key, made on first use with weak keys
** (lhost.c) */
void dhL_weak_registry(lua_State *L, const char *key);
int dhL_rules_busy_calls(const dh_rules *r);
/* (only rules with Lua functions have anything to do: the built-in ones,
** which a Lua strategy's every card meets, ask no further) */
static inline void dhL_rules_enter(lua_State *L, const dh_rules *r) {
  if (r->has_calls) dhL_rules_enter_calls(L, r);
}
static inline int dhL_rules_busy(const dh_rules *r) { return r->has_calls && dhL_rules_busy_calls(r); }
/* the card table a script picks by name (trump_tables' non-suit keys): 1.., or -1 */
int dhL_rules_mode(const dh_rules *r, const char *name);
int dhL_rules_raise(lua_State *L);
const dh_match *dhL_tostate(lua_State *L, int arg);

/* a prefab phase (lphase.c): 1 and its kind, options and parameters
** (dh_rules.phase_args) when arg is a Phase, else 0 */
int dhL_tophase(lua_State *L, int arg, uint8_t *kind, uint8_t *flags, int16_t *args);
/* a prefab's parameters resolved in built rules (lphase.c): the tables
** it names (Skat's grand), -1 for one missing (its check refuses) */
void dhL_phase_args(dh_rules *r);

/* a Game's match (lgame.c), for the calls that read it (the solver) */
const dh_match *dhL_checkmatch(lua_State *L, int arg);

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
int dhL_open_phase(lua_State *L);
int dhL_open_pattern(lua_State *L);
int dhL_open_poker(lua_State *L);
int dhL_open_equity(lua_State *L);
int dhL_open_host(lua_State *L);
int dhL_open_solve(lua_State *L);
int dhL_open_rummy(lua_State *L);
int dhL_open_scopa(lua_State *L);
int dhL_open_blackjack(lua_State *L);
int dhL_open_strmatch(lua_State *L);

#endif
