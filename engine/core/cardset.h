/*
** cardset.h -- sets of cards as 64-bit words.
**
** Bit p stands for the card at position p (see card.h): lane s (bits
** 16s..16s+15) holds suit s.  Every operation is a few instructions and
** inline; iteration goes from the lowest position up, which is suit by suit
** and, inside a suit, in natural rank order.
*/
#ifndef DH_CARDSET_H
#define DH_CARDSET_H

#include <stdint.h>

#include "card.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef uint64_t dh_cardset;

#define DH_LANE_MASK   UINT64_C(0x1FFF)            /* slots 0..12 of a lane */
#define DH_JOKERS      ((UINT64_C(1) << 15) | (UINT64_C(1) << 31))
#define DH_FRENCH52    (UINT64_C(0x1FFF1FFF1FFF1FFF))

static inline dh_cardset dh_set_of(dh_card c) { return UINT64_C(1) << (c & 63); }
static inline int dh_set_has(dh_cardset s, dh_card c) { return (int)((s >> (c & 63)) & 1); }
static inline int dh_set_count(dh_cardset s) { return __builtin_popcountll(s); }
static inline dh_cardset dh_set_union(dh_cardset a, dh_cardset b) { return a | b; }
static inline dh_cardset dh_set_inter(dh_cardset a, dh_cardset b) { return a & b; }
static inline dh_cardset dh_set_minus(dh_cardset a, dh_cardset b) { return a & ~b; }
static inline dh_cardset dh_set_add(dh_cardset s, dh_card c) { return s | dh_set_of(c); }
static inline dh_cardset dh_set_remove(dh_cardset s, dh_card c) { return s & ~dh_set_of(c); }

/* the cards of one suit (jokers belong to none) */
static inline dh_cardset dh_set_suit(dh_cardset s, int suit) {
  return s & (DH_LANE_MASK << (16 * suit));
}
/* the mask of a suit's lane, for building other masks */
static inline dh_cardset dh_suit_mask(int suit) { return DH_LANE_MASK << (16 * suit); }

/* lowest and highest positions (natural order within a lane); s != 0 */
static inline int dh_set_first(dh_cardset s) { return __builtin_ctzll(s); }
static inline int dh_set_last(dh_cardset s) { return 63 - __builtin_clzll(s); }

/*
** Iteration:
**   for (dh_cardset it = s; it; it &= it - 1) { int pos = dh_set_first(it); ... }
** dh_card_at(pos, layout) turns a position back into a card.
*/

/*
** A strength order ranks the slots of a lane for one game: strength[slot]
** is 1..16 for a slot in the order (higher beats lower), 0 for a slot that
** is not ranked.  by_strength lists the ranked slots strongest first.  The
** natural order of the standard layout is strength = slot + 1.
*/
typedef struct dh_order {
  uint8_t strength[16];
  uint8_t by_strength[16];
  uint8_t n;        /* number of ranked slots */
  uint8_t natural;  /* 1 when strength follows slot order: bit scans suffice */
} dh_order;

/* builds an order from ranks listed strongest first (e.g. Briscola's
** 14 3 13 12 11 7 6 5 4 2); for a double layout the second copies get the
** strength of their first copies.  Returns 0 on a bad or repeated rank. */
int dh_order_from_ranks(dh_order *o, const int *ranks, int n, int layout);
/* the natural order of a layout, ranks low..high given (e.g. 9..14) */
void dh_order_natural(dh_order *o, int layout);

/* strength of a card under an order */
static inline int dh_order_strength(const dh_order *o, dh_card c) {
  return o->strength[c & 15];
}

/* the highest / lowest card of s under o (ties: the lower suit lane and,
** within a lane, the lower position first -- so a pinochle first copy and
** its twin compare as the first found); DH_NO_CARD position -1 when s has
** no ranked card.  Returns a set position. */
int dh_set_highest(dh_cardset s, const dh_order *o);
int dh_set_lowest(dh_cardset s, const dh_order *o);

#ifdef __cplusplus
}
#endif

#endif
