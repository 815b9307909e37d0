/*
** poker_many512_impl.h -- the vector forms of the array calls, AVX-512
** (poker_many512.c) and AVX2 (poker_many256.c, poker_cards256.c), for
** poker_many.c and poker_cards.c.  Not part of the public API.
*/
#ifndef DH_POKER_MANY512_IMPL_H
#define DH_POKER_MANY512_IMPL_H

#include "poker_impl.h"

#if defined(__GNUC__) && defined(__x86_64__) && !defined(DH_POKER_NO_AVX512)
#define DH_POKER_512 1
#else
#define DH_POKER_512 0
#endif

/* for the loops that read the values of a group of keys just made: gcc's
** SLP vectorizer packs eight such 16-bit reads into a vector (VPINSRW)
** before one store, which on a Zen 3 gives 5-8% fewer hands a second than
** eight plain stores (docs/performance.md) */
#if defined(__GNUC__) && !defined(__clang__)
#define DH_POKER_NO_SLP __attribute__((optimize("no-tree-slp-vectorize")))
#else
#define DH_POKER_NO_SLP
#endif

/* hands a block: their sums and flush list stay in L1 */
#define DH_POKER_BLOCK512 256

#if DH_POKER_512
/* does this processor run them? (AVX-512F and VPOPCNTQ) */
int dh_poker_have512(void) DH_POKER_HIDDEN;
/* the values of the hands of whole blocks (n rounded down to
** DH_POKER_BLOCK512); returns how many hands that is */
size_t dh_poker_values512(const dh_cardset *hands, size_t n, dh_hand_value *out) DH_POKER_HIDDEN;
/* the same, and *good = are all those hands 5..7 of the 52 cards? */
size_t dh_poker_values512_checked(const dh_cardset *hands, size_t n, dh_hand_value *out,
                                  int *good) DH_POKER_HIDDEN;
#endif

#if defined(__GNUC__) && defined(__x86_64__) && !defined(DH_POKER_NO_AVX2)
#define DH_POKER_256 1
#else
#define DH_POKER_256 0
#endif

/* hands a block of the AVX2 form: their keys stay in L1 */
#define DH_POKER_BLOCK256 256

#if DH_POKER_256
/* does this processor run it? (AVX2) */
int dh_poker_have256(void) DH_POKER_HIDDEN;
/* the values of the hands of whole blocks (n rounded down to
** DH_POKER_BLOCK256); returns how many hands that is */
size_t dh_poker_values256(const dh_cardset *hands, size_t n, dh_hand_value *out) DH_POKER_HIDDEN;
/* the same, and *good = are all those hands 5..7 of the 52 cards? */
size_t dh_poker_values256_checked(const dh_cardset *hands, size_t n, dh_hand_value *out,
                                  int *good) DH_POKER_HIDDEN;
/* dh_poker_eval_cards_many for k = 5, 6, 7 but the last few hands (fewer
** than ten); returns how many hands it valued (0 for another k) */
size_t dh_poker_cards_values256(const dh_card *cards, int k, size_t n,
                                dh_hand_value *out) DH_POKER_HIDDEN;
#endif

#endif
