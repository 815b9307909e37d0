/*
** phase.h -- prefab phases: a variant's phase script written in C.
**
** A variant whose phases are a prefab (dh_rules.phase) plays them in
** DH_PHASE_SCRIPT as a Lua script would, with the phase ops of match.h,
** but without a callback: a random playout runs them in C.  A prefab's
** moves are small integers (the codes below), which the binding turns into
** the texts players see; its steps (m->step) are numbered 1.. as the
** phases of the equivalent script.
*/
#ifndef DH_PHASE_H
#define DH_PHASE_H

#include "match.h"
#include "rng.h"

/* the prefabs (dh_rules.phase) */
enum { DH_PREFAB_NONE, DH_PREFAB_TURNED_TRUMP, DH_PREFAB_AUCTION, DH_PREFAB_NKINDS };

/* their options (dh_rules.phase_flags) */
#define DH_PREFAB_STICK 1u   /* turned-card trump: the dealer may not pass in the second round */

/*
** The turned-card trump (Euchre's making trump), for four seats in two
** partnerships across the table and a card shown on the talon
** (DH_TRUMP_SHOW_TOP).  Step ORDER: from the dealer's left each seat
** passes or orders the dealer to pick the turned card up (the dealer's
** own words: pick up), making its suit trumps, perhaps alone; the dealer
** then takes it and lays a card away face down (step DISCARD), unless the
** dealer sits out.  After four passes, step CALL: from the dealer's left
** each seat passes or names another suit, perhaps alone; the dealer's
** pass throws the hand in (under DH_PREFAB_STICK the dealer may not).
** A maker alone sets var 0 to 1 and its partner sits out.
*/
enum { DH_STEP_ORDER = 1, DH_STEP_DISCARD, DH_STEP_CALL };
enum {
  DH_MOVE_PASS = 0,
  DH_MOVE_ORDER_UP, DH_MOVE_ORDER_UP_ALONE,  /* a seat other than the dealer */
  DH_MOVE_PICK_UP, DH_MOVE_PICK_UP_ALONE,    /* the dealer */
  DH_MOVE_CALL = 8,                          /* + 2 * suit, + 1 alone */
  DH_MOVE_DISCARD = 16,                      /* + the card */
  DH_MOVE_END = DH_MOVE_DISCARD + 256
};

/*
** The auction (Contract Bridge), for four seats in two partnerships across
** the table, opened by the dealer (rules->opener 0), no trump at the deal.
** One step, AUCTION: in turn to the left each seat passes, doubles the
** last bid (an opponent's, not doubled yet), redoubles it (its own side's,
** doubled, not redoubled yet) or bids higher: a level 1..7 and a strain,
** clubs, diamonds, hearts, spades, no trump in that order.  Four passes
** at the start throw the hand in; three passes after a bid end the
** auction: the declarer is the first of the side that won it to name its
** strain, the strain is trumps (no trump: none), the dummy (declarer's
** partner) is played by declarer and shown once the opening lead is made
** from declarer's left.
** The moves are listed pass, double, redouble (when legal), then every
** bid above the last, lowest first.  The state is public, in the vars
** below, as rules/bridge.lua's script kept it (seats there 1..4): the
** points rule dh_rule_duplicate reads them.
*/
enum { DH_STEP_AUCTION = 1 };
enum {
  DH_AUCTION_PASS = 0, DH_AUCTION_DOUBLE, DH_AUCTION_REDOUBLE,
  DH_AUCTION_BID        /* + (level - 1) * 5 + strain (0 clubs .. 4 no trump): 1C 3 .. 7NT 37 */
};
enum {
  DH_AUCTION_CONTRACT,  /* the last bid, 1 + (level - 1) * 5 + strain (0: none yet) */
  DH_AUCTION_BIDDER,    /* the seat that made it, 1..4 */
  DH_AUCTION_DOUBLED,   /* 0, 1 doubled, 2 redoubled */
  DH_AUCTION_PASSES,    /* passes in a row since the last other call */
  DH_AUCTION_NAMED,     /* and NAMED + 1, per side (North-South first): 3 bits per
                           strain, the first seat (1..4) of the side to name it */
  DH_AUCTION_OPENING = DH_AUCTION_NAMED + 2   /* the first bid: its contract + 64 * its seat (1..4) */
};
#define DH_PHASE_MAX_MOVES 64   /* room for any prefab's list of moves */

/* the legal moves of the seat to act into out (room DH_PHASE_MAX_MOVES),
** in the prefab's order; their count, or 0 when no prefab acts (another
** phase, or phases scripted in Lua) */
int dh_phase_moves(const dh_match *m, int *out);
/* seat plays move: DH_OK, or with m unchanged DH_E_GAME_OVER,
** DH_E_WRONG_PHASE (no prefab acts), DH_E_NOT_YOUR_TURN,
** DH_E_ILLEGAL_MOVE (not one of dh_phase_moves), or DH_E_RULE (a callback
** points or win rule failed scoring a hand thrown in) */
int dh_phase_apply(dh_match *m, int seat, int move);
/* a move uniformly among dh_phase_moves (one draw of r below their
** count), or -1 when no prefab acts */
int dh_phase_pick(const dh_match *m, dh_rng *r);
/* the name of a prefab's step ("order", "discard", "call"), or NULL */
const char *dh_phase_name(const dh_rules *r, int step);
/* why the rules do not fit their prefab, or NULL (dh_rules_check asks) */
const char *dh_phase_check(const dh_rules *r);

#endif
