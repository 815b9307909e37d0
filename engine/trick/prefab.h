/*
** prefab.h -- the numbers of the prefab phases (phase.h): which prefab,
** its options, its steps, its moves and the vars that hold its state.
**
** They are facts the phases, the points rules that read a prefab's vars
** (rule_duplicate.c, rule_skat.c), the binding (which exports them to Lua
** as dh.phase.<prefab>) and the bots share; defined here once, apart from
** the match, so that a rule reading a var needs nothing of match.h.
*/
#ifndef DH_PREFAB_H
#define DH_PREFAB_H

#ifdef __cplusplus
extern "C" {
#endif

/* the prefabs (dh_rules.phase) */
enum { DH_PREFAB_NONE, DH_PREFAB_TURNED_TRUMP, DH_PREFAB_AUCTION,
       DH_PREFAB_SKAT_BIDDING,
       DH_PREFAB_NKINDS };

/* their options (dh_rules.phase_flags) */
#define DH_PREFAB_STICK 1u   /* turned-card trump: the dealer may not pass in the second round */
#define DH_PREFAB_KEEP_UPCARD 2u   /* turned-card trump: the dealer may not discard the card picked up */
#define DH_PREFAB_LONE_DEFENDER 4u /* turned-card trump: a defender may play alone against a lone maker */
#define DH_SKAT_RAMSCH 1u    /* Skat: all passing plays Ramsch instead of throwing the deal in */
#define DH_SKAT_RAMSCH_LOSER 2u   /* Ramsch: the skat's points go to the loser, not the last trick's winner */
#define DH_SKAT_JUNGFRAU 4u  /* Ramsch: a player without a trick doubles the loser's loss */

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
enum { DH_STEP_ORDER = 1, DH_STEP_DISCARD, DH_STEP_CALL, DH_STEP_DEFEND };
enum {
  DH_MOVE_PASS = 0,
  DH_MOVE_ORDER_UP, DH_MOVE_ORDER_UP_ALONE,  /* a seat other than the dealer */
  DH_MOVE_PICK_UP, DH_MOVE_PICK_UP_ALONE,    /* the dealer */
  DH_MOVE_DEFEND_ALONE,                      /* a defender against a lone maker (LONE_DEFENDER) */
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
/* The auction's parameters (dh_rules.phase_args), all 0 by default.  A
** fixed contract (CONTRACT 1..35, DECLARER a seat 1..4, DOUBLED 0..2)
** skips the calls: at the start of each hand the vars are set as if the
** declarer had bid it and the others passed, and the play starts from
** declarer's left.  VULNERABLE 1 + (bit 0 North-South, bit 1 East-West)
** fixes the vulnerability that the board number gives otherwise. */
enum { DH_AUCTION_ARG_CONTRACT, DH_AUCTION_ARG_DECLARER, DH_AUCTION_ARG_DOUBLED,
       DH_AUCTION_ARG_VULNERABLE };

/*
** Skat's bidding (DH_PREFAB_SKAT_BIDDING), for three seats, ten cards
** each and a skat of two, middlehand acting first (opener 2).  Step
** BIDDING: middlehand names game values (code DH_SKAT_BID + k, the k-th of
** dh_skat_bid_value's list: 18, 20, 22 ...) or passes, forehand answers
** yes or passes; then rearhand (the dealer) names values to the survivor;
** when both pass without a value forehand may play at 18 or pass (the
** deal thrown in).  Step SKAT: the declarer picks up the skat (then step
** LAY_AWAY, two cards of the twelve laid away: DH_SKAT_DISCARD + 64 * the
** lower position + the higher) or plays from the hand.  Step DECLARE: a
** game (DH_SKAT_GAME + 4 * (game - 1) + an announcement), then the play,
** forehand leading, the two defenders one team.  A grand plays by the
** card table rules->phase_args[DH_SKAT_ARG_GRAND] (its jacks the only
** trumps), after set_trump(clubs).
**
** Its state is the vars below (0-based here; the Lua script's 1..6 held
** the same): what a points rule (dh_rule_skat_value), a status line or a
** bot reads.  The seats in ASKER and HOLDER are 1-based, as the script
** kept them.
*/
enum { DH_SKAT_STEP_BIDDING = 1, DH_SKAT_STEP_SKAT, DH_SKAT_STEP_LAY_AWAY, DH_SKAT_STEP_DECLARE };
enum {
  DH_SKAT_VAR_VALUE,   /* the last value named: its index 1..63 in the list (0: none) */
  DH_SKAT_VAR_ASKER,   /* the seat naming values (1-based; 0 before the first call) */
  DH_SKAT_VAR_HOLDER,  /* the seat answering them */
  DH_SKAT_VAR_STAGE,   /* 1 middlehand to forehand, 2 rearhand to the survivor, 3 forehand alone */
  DH_SKAT_VAR_GAME,    /* the game named: DH_SKAT_DIAMONDS .. DH_SKAT_NULL (0: not yet) */
  DH_SKAT_VAR_FLAGS    /* DH_SKAT_FLAG_* */
};
enum { DH_SKAT_DIAMONDS = 1, DH_SKAT_HEARTS, DH_SKAT_SPADES, DH_SKAT_CLUBS, DH_SKAT_GRAND, DH_SKAT_NULL,
       DH_SKAT_RAMSCH_GAME };   /* Ramsch: no declarer, the jacks alone trumps (not a move) */
#define DH_SKAT_FLAG_HAND      1
#define DH_SKAT_FLAG_SCHNEIDER 2   /* announced */
#define DH_SKAT_FLAG_SCHWARZ   4   /* announced */
#define DH_SKAT_FLAG_OUVERT    8
#define DH_SKAT_NVALUES 63         /* game values a bid may name, 18 .. 264 */
#define DH_SKAT_ARG_GRAND 0        /* phase_args: the grand's card table (1..) */
enum {
  DH_SKAT_PASS = 0, DH_SKAT_YES = 1,
  DH_SKAT_BID = 1,                 /* + k (1..DH_SKAT_NVALUES): the k-th value */
  DH_SKAT_PICK_UP = 72, DH_SKAT_HAND,
  DH_SKAT_GAME = 80,               /* + 4 * (game - 1) + DH_SKAT_ANN_* */
  DH_SKAT_DISCARD = 128,           /* + 64 * the lower card's position + the higher's */
  DH_SKAT_END = DH_SKAT_DISCARD + 64 * 64
};
enum { DH_SKAT_ANN_NONE, DH_SKAT_ANN_SCHNEIDER, DH_SKAT_ANN_SCHWARZ, DH_SKAT_ANN_OUVERT };
/* the k-th game value a bid may name (1: 18 .. DH_SKAT_NVALUES: 264), or 0 */
int dh_skat_bid_value(int k);
/* a null's value: 23, hand 35, ouvert 46, ouvert hand 59 */
int dh_skat_null_value(int hand, int ouvert);

#ifdef __cplusplus
}
#endif

#endif
