/*
** bjplay.h -- a round of Blackjack for one player against the dealer, played
** by a strategy given as expected values, and the loop that plays millions
** of them (the house edge of a strategy under a set of rules).
**
** The round, as rules/blackjack.lua deals it: the player's first card,
** the dealer's up card, the player's second card, the dealer's hole card.
** With an ace or a ten-valued card up the dealer looks at the hole card
** and a blackjack ends the round at once (a player's blackjack pushes, any
** other hand loses its bet; without the peek a blackjack found at the end
** takes every bet, doubles and splits too; early surrender comes before
** the peek).  A player's blackjack is paid (3:2, 6:5 or 1:1).
** Otherwise the player plays: stand, hit, double (one card, the bet
** doubled), split a pair (each card a hand of its own, each drawing its
** second card when its turn comes) or surrender (half the bet back).  A
** hand of 21 or more stops.  Split aces take one card each unless the
** rules let them be hit.  The dealer draws to 17 (and on a soft 17 when
** the rules say so), unless every hand has busted or surrendered; each
** hand is then paid 1:1 (2:1 doubled), pushed or lost.  Insurance is never
** taken here (it is a losing bet for a player who does not count cards).
*/
#ifndef DH_BLACKJACK_PLAY_H
#define DH_BLACKJACK_PLAY_H

#include "blackjack.h"
#include "shoe.h"

#ifdef __cplusplus
extern "C" {
#endif

enum { DH_BJ_STAND, DH_BJ_HIT, DH_BJ_DOUBLE, DH_BJ_SPLIT, DH_BJ_SURRENDER, DH_BJ_NACTIONS };
enum { DH_BJ_DOUBLE_ANY, DH_BJ_DOUBLE_9_11, DH_BJ_DOUBLE_10_11, DH_BJ_DOUBLE_NONE };

#define DH_BJ_MAX_HANDS 8     /* splitting makes at most this many hands */
#define DH_BJ_HAND_CARDS 24   /* more cards than any hand of 21 or less holds */

typedef struct dh_bj_rules {
  int decks;                /* 1..8 */
  double penetration;       /* the cut card's place, a fraction of the shoe */
  int hit_soft17;           /* the dealer hits a soft 17 */
  int bj_num, bj_den;       /* a blackjack pays bj_num:bj_den (3:2, 6:5) */
  int double_on;            /* DH_BJ_DOUBLE_*: which two-card hands may double */
  int double_after_split;
  int split_hands;          /* the most hands splitting makes (1: no split) */
  int resplit_aces;         /* a split ace drawing an ace may split again */
  int hit_split_aces;       /* split aces may draw more than one card */
  int surrender;            /* late surrender of the first two cards */
  int early_surrender;      /* surrender before the dealer looks (ace or ten up); in the play otherwise */
  int peek;                 /* the dealer looks under an ace or ten; 0: a blackjack found at the end
                               takes every bet, doubles and splits too (no hole card looked at) */
} dh_bj_rules;

/*
** A strategy: the expected value, in bets, of each action for each hand
** against each dealer up card (up 1..10, an ace 1).  ev[soft][total][up]
** holds stand, hit and double (indexed DH_BJ_STAND..DH_BJ_DOUBLE); split
** [value][up] the value of splitting a pair of that card value; surrender
** is worth -0.5.  The strategy plays, among the actions allowed, the one
** of highest value (ties: the first in the order stand, hit, double,
** split, surrender).  surrender[up] is the value of a late surrender
** (-0.5 when the dealer has looked); bj_chance[up] the chance of a
** dealer's blackjack behind up, which early surrender weighs.
*/
typedef struct dh_bj_strategy {
  double ev[2][22][11][3];
  double split[11][11];
  double surrender[11];
  double bj_chance[11];
} dh_bj_strategy;

/* one hand of the player's */
typedef struct dh_bj_hand {
  dh_card cards[DH_BJ_HAND_CARDS];
  int n, hard, ace;
  int doubled, surrendered;
  int split;                /* made by splitting */
  int split_aces;           /* made by splitting aces */
  double net;               /* what it won or lost, in bets */
} dh_bj_hand;

typedef struct dh_bj_round {
  dh_bj_hand hands[DH_BJ_MAX_HANDS];
  int nhands;
  dh_card dealer[DH_BJ_HAND_CARDS];
  int ndealer;
  int player_blackjack, dealer_blackjack;
  double net;               /* the round's result, in bets */
} dh_bj_round;

/* the actions allowed to hand h (a bit per DH_BJ_* action) */
unsigned dh_bj_allowed(const dh_bj_rules *r, const dh_bj_round *round, int h);

/* the strategy's action for a hand (hard count, ace held, the value of a
** pair or 0) against up card `up`, among the allowed ones */
int dh_bj_choose(const dh_bj_strategy *st, unsigned allowed, int hard, int ace, int pair, int up);

/*
** Plays one round for one player betting 1 with the strategy, drawing
** from the shoe (refilled from the discards with rng if it runs dry);
** fills *out and returns the round's net result in bets.
*/
double dh_bj_play_round(const dh_bj_rules *r, const dh_bj_strategy *st, dh_bj_shoe *s, dh_rng *rng,
                        dh_bj_round *out);

/* the dealer's total once drawn out, from the cards in out->dealer
** (drawing more from the shoe as the rules say) */
int dh_bj_dealer_play(const dh_bj_rules *r, dh_bj_shoe *s, dh_rng *rng, dh_bj_round *out);

/* the simulation: rounds after rounds from a shoe shuffled when the cut
** card has come out */
typedef struct dh_bj_sim {
  dh_bj_rules rules;
  dh_bj_strategy strategy;
  dh_bj_shoe shoe;
  dh_rng rng;
  long long rounds, hands, shuffles;
  double sum, sumsq;        /* of each round's net result */
} dh_bj_sim;

/* returns 0, or -1 when the rules are out of range */
int dh_bj_sim_init(dh_bj_sim *sim, const dh_bj_rules *r, const dh_bj_strategy *st, uint64_t seed);
void dh_bj_sim_run(dh_bj_sim *sim, long long rounds);

#ifdef __cplusplus
}
#endif

#endif
