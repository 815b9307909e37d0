/*
** poker_enum.c -- every hand that completes some cards: counts by category
** or by value, with the loops in C.
**
** The hands are visited as a prefix plus a pair.  All pairs of the cards
** still available are listed once, in order of their first card, so the
** pairs that can follow a prefix ending at card i are a suffix of that list:
** the innermost loop runs over ~50 pairs (7 cards of 52) instead of ~7
** single cards, and the prefix's key, set and suit counts are reused by
** every hand that extends it.  A flush needs five of a suit, so when no
** suit has three cards in the prefix no pair can make one and the inner
** loop skips the flush lookup; otherwise only that one suit can.
*/
#include "poker_impl.h"

#define NPAIRS (52 * 51 / 2)

typedef struct enum_ctx {
  int navail;
  uint32_t key[52];         /* rank key of each available card */
  dh_cardset bit[52];
  uint32_t suit[52];        /* 1 << 8 * suit: suit counts in bytes */
  uint32_t pkey[NPAIRS];    /* pairs (i < j) of available cards, by i */
  dh_cardset pbit[NPAIRS];
  int pstart[53];           /* first pair whose first card is >= i */
  uint64_t *out;            /* counts by category, or by value */
  int by_value;
} enum_ctx;

/* the one suit that may still reach five with two more cards, or -1 */
static int flush_suit(uint32_t suits) {
  uint32_t three = (suits + 0x7D7D7D7Du) & 0x80808080u;  /* bytes >= 3 */
  return three ? __builtin_ctz(three) >> 3 : -1;
}

/* the hands made of a prefix and each pair from pair index `from` on:
** out[value >> shift]++; shift and twin are constants after inlining */
static inline __attribute__((always_inline)) void
pairs(const enum_ctx *e, int from, uint32_t key, dh_cardset bits, uint32_t suits,
      uint64_t *out, int shift, int twin) {
  int p, end = e->pstart[e->navail], s = flush_suit(suits);
  if (s < 0) {
    /* by category, two counters per category (out and out + twin) taken in
    ** turn: consecutive hands of one category do not wait on each other's
    ** increment */
    for (p = from; p + 2 <= end; p += 2) {
      out[dh_poker_rank_value(key + e->pkey[p]) >> shift]++;
      out[(dh_poker_rank_value(key + e->pkey[p + 1]) >> shift) + twin]++;
    }
    if (p < end) out[dh_poker_rank_value(key + e->pkey[p]) >> shift]++;
  } else {
    int lane = 16 * s;
    for (p = from; p < end; p++) {
      uint32_t m = (uint32_t)((bits | e->pbit[p]) >> lane) & 0x1FFF;
      out[dh_poker_max(dh_poker_flush[m], dh_poker_rank_value(key + e->pkey[p])) >> shift]++;
    }
  }
}

/* chooses `left` more prefix cards from index `start` on, then the pairs */
static void prefix(const enum_ctx *e, int left, int start, uint32_t key, dh_cardset bits,
                   uint32_t suits) {
  int i;
  if (left == 0) {
    if (e->by_value) pairs(e, e->pstart[start], key, bits, suits, e->out, 0, 0);
    else pairs(e, e->pstart[start], key, bits, suits, e->out, 12, 16);
    return;
  }
  for (i = start; i <= e->navail - left - 2; i++)
    prefix(e, left - 1, i + 1, key + e->key[i], bits | e->bit[i], suits + e->suit[i]);
}

static int64_t choose(int n, int k) {
  int64_t r = 1;
  int i;
  for (i = 1; i <= k; i++) r = r * (n - k + i) / i;
  return r;
}

static int64_t enumerate(dh_cardset given, dh_cardset dead, int n, uint64_t *out,
                         int by_value) {
  enum_ctx e;
  dh_cardset avail, it;
  int k = n - dh_set_count(given), i, j, np = 0;
  int64_t hands = 0;
  uint32_t key = 0, suits = 0;
  if (n < 5 || n > 7 || k < 0 || (given & dead) || ((given | dead) & ~DH_FRENCH52)) return -1;
  avail = DH_FRENCH52 & ~given & ~dead;
  if (k < 2) {  /* at most 46 hands: one at a time */
    if (k == 0) { out[dh_poker_eval_inline(given) >> (by_value ? 0 : 12)]++; return 1; }
    for (it = avail; it; it &= it - 1, hands++)
      out[dh_poker_eval_inline(given | (it & -it)) >> (by_value ? 0 : 12)]++;
    return hands;
  }
  e.navail = 0;
  for (it = avail; it; it &= it - 1) {
    int pos = dh_set_first(it);
    e.key[e.navail] = dh_poker_mult[pos & 15];
    e.bit[e.navail] = dh_set_of((dh_card)pos);
    e.suit[e.navail++] = 1u << (8 * (pos >> 4));
  }
  for (i = 0; i < e.navail; i++) {
    e.pstart[i] = np;
    for (j = i + 1; j < e.navail; j++, np++) {
      e.pkey[np] = e.key[i] + e.key[j];
      e.pbit[np] = e.bit[i] | e.bit[j];
    }
  }
  e.pstart[e.navail] = np;
  for (it = given; it; it &= it - 1) {
    int pos = dh_set_first(it);
    key += dh_poker_mult[pos & 15];
    suits += 1u << (8 * (pos >> 4));
  }
  e.by_value = by_value;
  if (by_value) {
    e.out = out;
    prefix(&e, k - 2, 0, key, given, suits);
  } else {
    uint64_t local[2 * 16] = { 0 };
    e.out = local;
    prefix(&e, k - 2, 0, key, given, suits);
    for (i = 0; i < DH_NCATEGORIES; i++) out[i] += local[i] + local[16 + i];
  }
  return choose(e.navail, k);
}

int64_t dh_poker_count(dh_cardset given, dh_cardset dead, int n,
                       uint64_t counts[DH_NCATEGORIES]) {
  return enumerate(given, dead, n, counts, 0);
}

int64_t dh_poker_histogram(dh_cardset given, dh_cardset dead, int n, uint64_t *hist) {
  return enumerate(given, dead, n, hist, 1);
}
