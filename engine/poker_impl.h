/*
** poker_impl.h -- what the poker_*.c files share: the tables and the inline
** lookups.  Not part of the public API.
**
** The rank key of a hand is the sum over its cards of dh_poker_mult[rank]:
** numbers chosen (engine/gen/poker_gen.c) so that every multiset of 0..7
** ranks has its own sum below 2^DH_POKER_KEYBITS.  Adding a card is one
** addition, so enumerations build a hand's key from its prefix.
**
** The key is mixed by a multiply mod 2^DH_POKER_KEYBITS (one to one, and it
** spreads the keys evenly over the rows) and then hashed perfectly by row
** displacement: h + offset[h >> DH_POKER_SHIFT] is a distinct slot of
** dh_poker_value for each 5-, 6- or 7-card multiset.  That value ignores
** suits.  A flush is seen on its own suit lane: dh_poker_flush[lane] is the
** value of the 13 rank bits of one suit, 0 under five cards.  With at most
** seven cards, a hand with five of a suit holds no full house or quads, so
** the hand's value is max(flush value, rank value): no branch needed.
*/
#ifndef DH_POKER_IMPL_H
#define DH_POKER_IMPL_H

#include "poker.h"

#define DH_POKER_KEYBITS 25
#define DH_POKER_MIX     0xc2b2ae35u
#define DH_POKER_SHIFT   12
#define DH_POKER_NROWS   8192
#define DH_POKER_NSLOTS  81261

extern const uint32_t dh_poker_mult[13];      /* by rank - 2 */
extern const uint32_t dh_poker_lane_lo[128];  /* key of lane bits 0..6 */
extern const uint32_t dh_poker_lane_hi[64];   /* key of lane bits 7..12 */
extern const uint16_t dh_poker_cat_base[10];  /* dense index of a category's first value */
extern const uint32_t dh_poker_shape[7462];   /* category << 20 | ranks, 4 bits each */
extern const uint16_t dh_poker_flush[8192];
extern const uint32_t dh_poker_offset[DH_POKER_NROWS];
extern const uint16_t dh_poker_value[DH_POKER_NSLOTS];

/* value of a rank key (5..7 cards), suits ignored */
static inline dh_hand_value dh_poker_rank_value(uint32_t key) {
  uint32_t h = (key * DH_POKER_MIX) & ((1u << DH_POKER_KEYBITS) - 1);
  return dh_poker_value[h + dh_poker_offset[h >> DH_POKER_SHIFT]];
}

static inline uint32_t dh_poker_lane_key(uint32_t lane) {
  return dh_poker_lane_lo[lane & 127] + dh_poker_lane_hi[lane >> 7];
}

static inline dh_hand_value dh_poker_max(dh_hand_value a, dh_hand_value b) {
  return a > b ? a : b;
}

/* dh_poker_eval, for the loops that want it inline */
static inline dh_hand_value dh_poker_eval_inline(dh_cardset hand) {
  uint32_t c = (uint32_t)hand & 0x1FFF, d = (uint32_t)(hand >> 16) & 0x1FFF;
  uint32_t h = (uint32_t)(hand >> 32) & 0x1FFF, s = (uint32_t)(hand >> 48) & 0x1FFF;
  uint32_t key = dh_poker_lane_key(c) + dh_poker_lane_key(d) + dh_poker_lane_key(h) +
                 dh_poker_lane_key(s);
  /* at most one suit holds five of seven cards: OR picks its value */
  dh_hand_value f = dh_poker_flush[c] | dh_poker_flush[d] | dh_poker_flush[h] |
                    dh_poker_flush[s];
  return dh_poker_max(f, dh_poker_rank_value(key));
}

#endif
