/*
** shoe.h -- Blackjack's shoe: one to eight 52-card decks shuffled together,
** dealt from the top, with a cut card.
**
** The cut card sits `cut` cards from the top (the penetration times the
** shoe's size): once it has come out, the round in play finishes and the
** whole shoe is shuffled before the next.  A shoe that runs dry in the
** middle of a round is refilled with the cards already discarded (every
** card not on the table), shuffled.
*/
#ifndef DH_BLACKJACK_SHOE_H
#define DH_BLACKJACK_SHOE_H

#include "card.h"
#include "rng.h"

#ifdef __cplusplus
extern "C" {
#endif

#define DH_BJ_MAX_DECKS 8
#define DH_BJ_SHOE_MAX  (DH_BJ_MAX_DECKS * 52)

typedef struct dh_bj_shoe {
  dh_card cards[DH_BJ_SHOE_MAX];
  int n;      /* cards in the shoe when full */
  int top;    /* cards dealt since the shuffle */
  int cut;    /* the cut card's place: reshuffle once top >= cut */
  int cut_at; /* where the cut card goes after each shuffle */
  int refills; /* times it ran dry in a round */
} dh_bj_shoe;

/*
** Fills the shoe with `decks` (1..8) decks in a fixed order (clubs,
** diamonds, hearts, spades, two to ace, deck after deck) and places the
** cut card after penetration (0..1) of it; returns 0, or -1 for a number
** of decks out of range.
*/
int dh_bj_shoe_init(dh_bj_shoe *s, int decks, double penetration);

/* gathers every card and shuffles them (Fisher-Yates with r) */
void dh_bj_shoe_shuffle(dh_bj_shoe *s, dh_rng *r);

/* has the cut card come out? */
static inline int dh_bj_shoe_past_cut(const dh_bj_shoe *s) { return s->top >= s->cut; }

/* cards left to deal */
static inline int dh_bj_shoe_left(const dh_bj_shoe *s) { return s->n - s->top; }

/* the next card; the shoe must not be empty */
static inline dh_card dh_bj_shoe_draw(dh_bj_shoe *s) { return s->cards[s->top++]; }

/*
** The shoe ran dry in a round: the discards (every card of a full shoe
** but the `held` cards on the table) become the shoe, shuffled, with the
** cut card at its end; returns the cards now in it, 0 when none is left.
*/
int dh_bj_shoe_refill(dh_bj_shoe *s, const dh_card *held, int nheld, dh_rng *r);

#ifdef __cplusplus
}
#endif

#endif
