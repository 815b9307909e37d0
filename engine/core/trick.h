/*
** trick.h -- the cards on the table and who takes them.
*/
#ifndef DH_TRICK_H
#define DH_TRICK_H

#include <stdint.h>

#include "card.h"
#include "cardset.h"

#ifdef __cplusplus
extern "C" {
#endif

#define DH_MAX_SEATS 8

typedef struct dh_trick {
  dh_card cards[DH_MAX_SEATS];  /* in the order played */
  uint8_t seats[DH_MAX_SEATS];  /* who played each */
  uint8_t n;
  int8_t led;                   /* suit led, DH_NOSUIT before the lead or for a joker lead */
} dh_trick;

static inline void dh_trick_clear(dh_trick *t) { t->n = 0; t->led = DH_NOSUIT; }
/* adds card c played by seat (0..DH_MAX_SEATS-1): 0, or -1 with t unchanged
** when the trick holds DH_MAX_SEATS cards already or the seat is out of range */
int dh_trick_add(dh_trick *t, int seat, dh_card c);

/*
** The index (0..n-1, order of play) of the card that takes the trick: the
** strongest trump if any trump was played (trump DH_NOSUIT, or any value
** outside 0..3: no trumps), else the strongest card of the led suit;
** strength under o, and among equal cards (pinochle twins) the first
** played.  Cards outside the order and off-suit cards never win; if
** nothing qualifies, the lead wins.  -1 for an empty trick.
*/
int dh_trick_winner(const dh_trick *t, int trump, const dh_order *o);

#ifdef __cplusplus
}
#endif

#endif
