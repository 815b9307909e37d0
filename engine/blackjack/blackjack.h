/*
** blackjack.h -- Blackjack's card values and hand totals.
**
** A card counts its pips from two to nine; ten, jack, queen and king count
** 10; an ace counts 1 or 11.  A hand's total counts every ace as 1, then
** one ace as 11 more if that keeps the total at 21 or under (two aces at
** 11 would make 22): the hand is then "soft", since a card drawn to it can
** never bust it.  Two aces never both count 11, so one test suffices.
*/
#ifndef DH_BLACKJACK_H
#define DH_BLACKJACK_H

#include <stdint.h>

#include "card.h"

#ifdef __cplusplus
extern "C" {
#endif

/* the card's value 1..10 (an ace 1), or 0 for a joker or an invalid card */
int dh_bj_value(dh_card c);

/*
** The total of a hand given by its hard count (aces as 1) and whether it
** holds an ace: the hard count plus 10 when an ace holds and the sum stays
** at 21 or under (*soft, when not NULL, is then 1, else 0).  A total over
** 21 is a bust.
*/
static inline int dh_bj_total_of(int hard, int has_ace, int *soft) {
  int s = has_ace && hard + 10 <= 21;
  if (soft) *soft = s;
  return s ? hard + 10 : hard;
}

/* the total of n card values (1..10, ace 1), as dh_bj_total_of */
int dh_bj_total(const uint8_t *values, int n, int *soft);

#ifdef __cplusplus
}
#endif

#endif
