/*
** poker_impl.h -- what the poker_*.c files share: the tables and the inline
** lookups.  Not part of the public API.
**
** The rank key of a hand is the sum over its cards of a number for each
** rank: numbers chosen (engine/poker/gen/poker_gen.c) so that every multiset
** of 0..7 ranks has its own sum below 2^DH_POKER_KEYBITS.  Adding a card is
** one addition, so enumerations build a hand's key from its prefix.
**
** The key is mixed by a multiply mod 2^DH_POKER_KEYBITS (one to one, and it
** spreads the keys evenly over the rows) and then hashed perfectly by row
** displacement: h's column (its low DH_POKER_SHIFT bits) plus twice
** offset[h >> DH_POKER_SHIFT] is a distinct slot of dh_poker_value for each
** 5-, 6- or 7-card multiset.  The rows' bases are even and stored halved,
** 16 bits each, so that the offsets take 16 KB and mostly stay in L1: a
** hand's two reads are then one L1 miss, not two.
** The multiply is done once per card, in the tables: dh_poker_card_key[rank]
** is the card's mixed key shifted into the top 25 bits of a word, so a
** hand's sum of those words (mod 2^32) is its mixed key shifted alike, and
** h = sum >> 7.  The low 7 bits stay free: dh_poker_lane[13-bit suit lane]
** is the mixed key of the lane's cards, plus 64 when the lane holds five or
** more (a flush; at most one lane of 7 cards can), plus the number of the
** lane's cards.  Four lanes hold at most 52 cards, so the low 6 bits of a
** hand's sum count its cards without touching the flag: the checked bulk
** calls read them.
**
** The rank value ignores suits.  With at most seven cards, a hand with five
** of a suit holds no full house or quads, so its value is the value of that
** suit's 13 rank bits alone.  Those values sit in the same table: the mix
** was chosen so that two neighbouring rows, DH_POKER_FLUSH_ROW and the next,
** hold no hand's rank key, and the key FLUSH_ROW << 19 | lane << 7 of a
** flush reads slot `lane`: dh_poker_value[0 .. 8191] is the flush value of
** every 13-bit lane (0 under five cards).
**
** A hand key (dh_hand_key, poker.h) is therefore one 32-bit word: the rank
** key sum, or for a hand with a flush the flush key; its value is two loads
** and no branch.
**
** The machine this was tuned on runs out of instructions per cycle before
** it runs out of cache: every instruction in these loops counts.
*/
#ifndef DH_POKER_IMPL_H
#define DH_POKER_IMPL_H

#include "poker.h"

#define DH_POKER_KEYBITS 25
#define DH_POKER_MIX     0xc2b2c235u
#define DH_POKER_SHIFT   12
#define DH_POKER_NROWS   8192
#define DH_POKER_NSLOTS  88914
#define DH_POKER_FLUSH_ROW 4258u  /* and the next: the flush keys */
#define DH_POKER_FLAG    64u   /* in a lane's key: five or more of the suit */
#define DH_POKER_NCARDS  63u   /* in a hand's sum: its number of cards */

#if defined(__GNUC__)
#define DH_POKER_HIDDEN __attribute__((visibility("hidden")))  /* no GOT in -fPIC */
#else
#define DH_POKER_HIDDEN
#endif

DH_POKER_HIDDEN extern const uint32_t dh_poker_card_key[13];  /* by rank - 2 */
DH_POKER_HIDDEN extern const uint64_t dh_poker_card_word[256]; /* by card value */
DH_POKER_HIDDEN extern const uint64_t dh_poker_pair_word[4096]; /* two cards: poker_cards.c */
DH_POKER_HIDDEN extern const uint32_t dh_poker_lane[8192];
DH_POKER_HIDDEN extern const uint32_t dh_poker_lane_part[64];  /* 32 + 16 + 16: poker_many512.c */
DH_POKER_HIDDEN extern const uint16_t dh_poker_cat_base[10];  /* dense index of a category's first value */
DH_POKER_HIDDEN extern const uint32_t dh_poker_shape[7462];   /* category << 20 | ranks, 4 bits each */
DH_POKER_HIDDEN extern const uint16_t dh_poker_offset[DH_POKER_NROWS];  /* a row's base / 2 */
DH_POKER_HIDDEN extern const uint16_t dh_poker_value[DH_POKER_NSLOTS];
DH_POKER_HIDDEN extern const uint8_t dh_poker_slot_category[DH_POKER_NSLOTS];

/* bits start .. start + len - 1 of x, as a 64-bit index: one BEXTR where
** BMI1 has it, which unlike a shift and a mask leaves x in its register (no
** copy).  The result stays 64-bit: narrowing it to 32 bits and widening it
** back for the table index costs a register move per lookup.  Intel's
** cores run BEXTR as two micro-ops, where a shift and a mask are faster:
** the bench build defines DH_POKER_NO_BEXTR there (premake5.lua). */
#if defined(__BMI__) && !defined(DH_POKER_NO_BEXTR)
#include <immintrin.h>
#define DH_POKER_BITS64(x, start, len) ((uint64_t)_bextr_u64((x), (start), (len)))
#else
#define DH_POKER_BITS64(x, start, len) (((uint64_t)(x) >> (start)) & ((UINT64_C(1) << (len)) - 1))
#endif

/* the value slot of a lane sum or key: the mixed key's column plus twice
** its row's offset (the sum's low 7 bits, flag and count, are dropped) */
static inline uint32_t dh_poker_slot(uint32_t sum) {
  return ((sum >> 7) & ((1u << DH_POKER_SHIFT) - 1)) + 2u * dh_poker_offset[sum >> (7 + DH_POKER_SHIFT)];
}

/* value of a mixed key sum (5..7 cards), suits ignored */
static inline dh_hand_value dh_poker_rank_value(uint32_t sum) {
  return dh_poker_value[dh_poker_slot(sum)];
}

/* the category of a mixed key sum's rank value (the value >> 12) */
static inline unsigned dh_poker_rank_category(uint32_t sum) {
  return dh_poker_slot_category[dh_poker_slot(sum)];
}

static inline dh_hand_value dh_poker_max(dh_hand_value a, dh_hand_value b) {
  return a > b ? a : b;
}

/* the value of a suit's 13 rank bits as a flush, 0 under five cards */
static inline dh_hand_value dh_poker_flush(uint32_t lane) { return dh_poker_value[lane]; }

/* the value of the one lane with five or more cards, for the rare flush.
** The largest of the four, not their OR: the same for a hand, and a value
** still for a set of more than seven cards with two such lanes (garbage
** in, a value out; an OR of two flushes' values is none) */
static inline dh_hand_value dh_poker_flush_value(dh_cardset hand) {
  return dh_poker_max(dh_poker_max(dh_poker_flush(hand & 0x1FFF), dh_poker_flush((hand >> 16) & 0x1FFF)),
                      dh_poker_max(dh_poker_flush((hand >> 32) & 0x1FFF), dh_poker_flush((hand >> 48) & 0x1FFF)));
}

/* the sum of a hand's four lanes: mixed key, flush flag, number of cards */
static inline uint32_t dh_poker_lane_sum(dh_cardset hand) {
  return dh_poker_lane[DH_POKER_BITS64(hand, 0, 13)] + dh_poker_lane[DH_POKER_BITS64(hand, 16, 13)] +
         dh_poker_lane[DH_POKER_BITS64(hand, 32, 13)] + dh_poker_lane[DH_POKER_BITS64(hand, 48, 13)];
}

/* the value of a hand whose lane sum is known.  The flush flag is tested
** on the sum, before the row's offset is read, so that the branch resolves
** a load earlier (fewer loads in flight thrown away when it was guessed
** wrong); and with five of a suit among at most seven cards the flush is
** the hand (no full house or quads is left beside it), so its value is
** the flush value alone. */
static inline dh_hand_value dh_poker_eval_sum(dh_cardset hand, uint32_t sum) {
  if (__builtin_expect(sum & DH_POKER_FLAG, 0)) return dh_poker_flush_value(hand);
  return dh_poker_value[dh_poker_slot(sum)];
}

/* dh_poker_eval, for the loops that want it inline */
static inline dh_hand_value dh_poker_eval_inline(dh_cardset hand) {
  return dh_poker_eval_sum(hand, dh_poker_lane_sum(hand));
}

/* the hand key of a flush whose suit holds the 13 rank bits lane */
static inline uint32_t dh_poker_flush_key(uint64_t lane) {
  return (DH_POKER_FLUSH_ROW << (7 + DH_POKER_SHIFT)) + ((uint32_t)lane << 7);
}

/* the value of a hand key: two loads */
static inline dh_hand_value dh_poker_key_value(uint32_t key) {
  return dh_poker_value[dh_poker_slot(key)];
}

/*
** Hand sums, built a card at a time.  A hand sum is the sum of
** dh_poker_card_word[card] over the hand's cards: the low 32 bits are the
** lane sum without its flag (mixed key and number of cards: the hand key
** when there is no flush, with no shift), and byte s of the high 32 is 13
** times the number of cards of suit s, so its bit 6 is set from five cards
** on (65 .. 91 for five to seven).  The low half's carries (at most six)
** land in the clubs byte and stay under bit 6 below five clubs (52 + 6).
** The flush test is one AND.  Adding a card is one addition, and sums of
** disjoint hands add.  Such a sum with the hand's card set gives the hand
** key without a branch.
*/
#define DH_POKER_SUM_FIVE UINT64_C(0x4040404000000000)  /* bit 6 of each suit's byte */

static inline uint64_t dh_poker_card_sum(dh_card c) { return dh_poker_card_word[c]; }

/* does a hand sum hold five of a suit? */
static inline int dh_poker_sum_flush(uint64_t sum) { return (sum & DH_POKER_SUM_FIVE) != 0; }

static inline uint32_t dh_poker_sum_key(uint64_t sum, dh_cardset cards) {
  uint64_t five = sum & DH_POKER_SUM_FIVE;  /* bit 8 s + 38: suit s */
  /* 16 s for the suit with five, anything (under 64) when none */
  unsigned at = (2 * (unsigned)__builtin_ctzll(five | (UINT64_C(1) << 63)) - 76) & 63;
  uint32_t flush = dh_poker_flush_key((cards >> at) & 0x1FFF);
  return five ? flush : (uint32_t)sum;
}

/* the hand sum of n cards (5..7: the adds written out; others loop) */
static inline uint64_t dh_poker_cards_sum(const dh_card *c, int n) {
  uint64_t s = 0;
  int i;
  switch (n) {
    case 7: s += dh_poker_card_sum(c[6]); /* fall through */
    case 6: s += dh_poker_card_sum(c[5]); /* fall through */
    case 5: return s + dh_poker_card_sum(c[0]) + dh_poker_card_sum(c[1]) +
                   dh_poker_card_sum(c[2]) + dh_poker_card_sum(c[3]) + dh_poker_card_sum(c[4]);
    default:
      for (i = 0; i < n; i++) s += dh_poker_card_sum(c[i]);
      return s;
  }
}

/* the key of n cards with five of a suit (poker_eval.c): out of line and
** cold, so that the common path keeps no card for it */
__attribute__((cold)) uint32_t dh_poker_cards_flush_key(const dh_card *c, int n,
                                                        uint64_t sum) DH_POKER_HIDDEN;

/* the key of n cards.  The card set is only needed for a flush, so it is
** made only then: five of a suit is rare (3% of 7-card hands) */
static inline uint32_t dh_poker_cards_key(const dh_card *c, int n) {
  uint64_t sum = dh_poker_cards_sum(c, n);
  if (__builtin_expect(dh_poker_sum_flush(sum), 0)) return dh_poker_cards_flush_key(c, n, sum);
  return (uint32_t)sum;
}

#endif
