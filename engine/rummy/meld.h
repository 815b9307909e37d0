/*
** meld.h -- Gin Rummy's melds: the arrangement of a hand that leaves the
** least deadwood.
**
** A meld is a set (three or four cards of one rank) or a run (three or
** more cards of one suit in sequence, ace low: A-2-3 is a run, Q-K-A is
** not).  A card belongs to at most one meld; the cards in none are the
** deadwood, counted ace 1, two to ten their pips, jack, queen and king 10.
**
** dh_rummy_arrange finds, exactly, the melds of a hand (up to
** DH_RUMMY_MAX_HAND cards) that leave the least deadwood.  With the
** knocker's melds given (`onto`), the defender may also lay cards off
** onto them (a run's next cards at either end, a set's fourth card), and
** the arrangement minimizes the deadwood counting both.
*/
#ifndef DH_RUMMY_MELD_H
#define DH_RUMMY_MELD_H

#include "cardset.h"

#ifdef __cplusplus
extern "C" {
#endif

#define DH_RUMMY_MAX_HAND  11
#define DH_RUMMY_MAX_MELDS 4     /* 11 cards make at most three melds */
#define DH_RUMMY_MAX_ONTO  8     /* the knocker's melds a defender may use */

typedef struct dh_rummy_arrangement {
  int points;                            /* the deadwood's value */
  int nmelds;
  dh_cardset melds[DH_RUMMY_MAX_MELDS];  /* the hand's own melds */
  dh_cardset laid_off;                   /* cards laid off onto `onto` */
  dh_cardset deadwood;
} dh_rummy_arrangement;

/* a card's deadwood value: ace 1, 2..10 pips, J Q K 10 (jokers 0) */
int dh_rummy_value(dh_card c);
/* the value of every card of a set */
int dh_rummy_points(dh_cardset s);
/* is s one meld, a set or a run? */
int dh_rummy_is_meld(dh_cardset s);

/*
** The least-deadwood arrangement of hand, laying off onto the nonto melds
** of onto (none when nonto is 0).  Returns the deadwood's value, or -1
** when the hand holds more than DH_RUMMY_MAX_HAND cards, a joker, a card
** of a meld in onto, nonto exceeds DH_RUMMY_MAX_ONTO, or an onto entry is
** not a meld.  Among equal arrangements the one found first is kept
** (deterministic for a given hand).
*/
int dh_rummy_arrange(dh_cardset hand, const dh_cardset *onto, int nonto, dh_rummy_arrangement *out);

#ifdef __cplusplus
}
#endif

#endif
