/*
** deck.h -- decks, shuffling, dealing, the talon.
**
** A deck is an ordered pile: cards[top..n) are still in it, cards[top] is
** the top card (the next one dealt or drawn).  After a deal, what is left is
** the talon, in order.  The struct is flat: copying it copies the deck.
** Seats are 0-based here (the Lua layer shows them 1-based); the seat left
** of the dealer is (dealer + 1) % players, and dealing goes round in that
** direction.
*/
#ifndef DH_DECK_H
#define DH_DECK_H

#include <stddef.h>
#include <stdint.h>

#include "card.h"
#include "cardset.h"
#include "rng.h"

#ifdef __cplusplus
extern "C" {
#endif

enum {
  DH_DECK_FRENCH52,   /* 2..A in four suits */
  DH_DECK_FRENCH54,   /* the same and two jokers */
  DH_DECK_ITALIAN40,  /* A 2-7 J Q K */
  DH_DECK_PIQUET32,   /* 7..A */
  DH_DECK_EUCHRE24,   /* 9..A */
  DH_DECK_PINOCHLE48, /* 9..A twice */
  DH_DECK_NKINDS
};

typedef struct dh_deck {
  dh_card cards[64];
  uint8_t n, top;
  uint8_t layout;     /* DH_LAYOUT_STANDARD or DH_LAYOUT_DOUBLE */
  uint8_t kind;       /* a DH_DECK_* or DH_DECK_NKINDS for a custom deck */
  dh_order natural;   /* the deck's natural rank order */
} dh_deck;

/* the kind for a name ("french52"...), or -1 */
int dh_deck_kind(const char *name);
const char *dh_deck_kind_name(int kind);

/* a new, unshuffled deck: suits clubs, diamonds, hearts, spades, ranks
** ascending within each (pinochle: each first copy followed by its twin),
** jokers last (little, big) */
void dh_deck_init(dh_deck *d, int kind);

/* a custom deck from card names separated by spaces or commas, in that
** order.  A name may repeat only for ranks 9..A, at most twice (the second
** becomes the second copy); repeats switch the deck to the double layout,
** which then cannot also hold ranks 2..7.  Returns 1, or 0 with *why and
** *where (byte offset of the offending name) set. */
int dh_deck_custom(dh_deck *d, const char *names, size_t len, const char **why, size_t *where);

/* unbiased Fisher-Yates over the cards still in the deck: for i from the
** last position down to top+1, swap cards[i] with cards[top + below(i-top+1)] */
void dh_deck_shuffle(dh_deck *d, dh_rng *r);

/* the same shuffle followed by dh_deck_deal(d, players, dealer, NULL, 0,
** per_seat, hands), in one pass; arguments dh_deck_deal refuses leave the
** deck shuffled and nothing dealt */
void dh_deck_shuffle_deal(dh_deck *d, dh_rng *r, int players, int dealer, int per_seat,
                          dh_cardset *hands);

static inline int dh_deck_left(const dh_deck *d) { return d->n - d->top; }
dh_cardset dh_deck_set(const dh_deck *d);

/* the top card, removed; DH_NO_CARD when the deck is empty */
dh_card dh_deck_draw(dh_deck *d);
/* turns up the top card and puts it at the bottom, face up, to be drawn
** last (Briscola's trump card); returns it, or DH_NO_CARD */
dh_card dh_deck_turn_under(dh_deck *d);

/*
** Deals packets round the table starting left of the dealer: for each
** packet size p in turn, every seat gets p cards.  packets NULL means one
** card at a time, per_seat cards each.  hands[0..players) receive the
** cards (added to what they hold).  Returns the number of cards dealt to
** each seat, or -1 (nothing dealt) when the deck is too short or the
** arguments are out of range.
*/
int dh_deck_deal(dh_deck *d, int players, int dealer, const uint8_t *packets, int npackets,
                 int per_seat, dh_cardset *hands);

#ifdef __cplusplus
}
#endif

#endif
