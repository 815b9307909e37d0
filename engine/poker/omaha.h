/*
** omaha.h -- Omaha hands: exactly two of the hole cards with exactly three
** of the board, for the high hand and for the 8-or-better low.
**
** Hold'em's rule (the best five of all seven) does not apply: four hearts
** in the hand and one on the board is no flush, four of a kind on the board
** plays as three of them.  The high value is a dh_hand_value (poker.h), the
** best over every pair of hole cards and triple of board cards, found with
** the plain evaluator.  The low ("eight or better", aces low) is five
** distinct ranks, each 8 or lower, again two from the hand and three from
** the board; straights and flushes do not count against it.
**
** Like poker.h: no state, no init; every function is safe on any thread.
*/
#ifndef DH_OMAHA_H
#define DH_OMAHA_H

#include <stdint.h>

#include "cardset.h"
#include "poker.h"

#ifdef __cplusplus
extern "C" {
#endif

/* a low value: higher beats lower, like a hand value; 0 is "no low" */
typedef uint32_t dh_low_value;
#define DH_NO_LOW 0

/* are hole (2..6 cards) and board (3..5 cards) standard cards, apart? */
int dh_omaha_valid(dh_cardset hole, dh_cardset board);

/* the best high hand of two hole cards and three board cards (inputs as
** dh_omaha_valid says; anything else gives an unspecified value) */
dh_hand_value dh_omaha_eval(dh_cardset hole, dh_cardset board);
/* the five cards that make it: two of hole, three of board */
dh_cardset dh_omaha_best5(dh_cardset hole, dh_cardset board);

/* the best eight-or-better low of two hole cards and three board cards,
** or DH_NO_LOW */
dh_low_value dh_omaha_low(dh_cardset hole, dh_cardset board);
/* the ranks of a low, highest first, the ace as 1 (8-6-5-3-A is
** { 8, 6, 5, 3, 1 }); returns 5, or 0 for DH_NO_LOW or no low value */
int dh_low_ranks(dh_low_value v, int ranks[5]);
/* "8-6-5-3-A low"; snprintf's contract; -1 when v is no low */
int dh_low_describe(dh_low_value v, char *buf, size_t size);

#ifdef __cplusplus
}
#endif

#endif
