/*
** poker_enum.c -- every hand that completes some cards: counts by category
** or by value, with the loops in C.
**
** The hands are visited as a prefix plus a pair.  All pairs of the cards
** still available are listed once, in order of their first card, so the
** pairs that can follow a prefix ending at card i are a suffix of that list:
** the innermost loop runs over ~50 pairs (7 cards of 52) instead of ~7
** single cards, and the prefix's key is reused by every hand that extends
** it.  Each hand then costs one addition and two table loads.
**
** Flushes are settled outside that loop.  With two cards to come, a flush
** needs a suit with three cards in the prefix (at most one suit can have
** them); most prefixes have none and take the plain loop.  For the others
** the pair is split by its first card j, and the second cards k > j in the
** flush suit, a contiguous run since cards are listed suit by suit, are
** flushes whose value is the flush table's alone: with five of a suit among
** at most seven cards no full house or quads is left over.
*/
#include "poker_impl.h"

#define NPAIRS (52 * 51 / 2)

typedef struct enum_ctx {
  int navail;               /* cards that may be added, by position */
  uint32_t key[52];         /* mixed rank key of each (poker_impl.h) */
  uint16_t lane_bit[52];    /* its bit in its suit's 13-bit lane */
  uint8_t suit[52];
  int suit_lo[4], suit_hi[4];  /* the cards of a suit: indices [lo, hi) */
  uint32_t pkey[NPAIRS];    /* pairs (j < k), by j: key[j] + key[k] */
  int pstart[53];           /* index of the first pair whose j is >= i */
  uint64_t *out;            /* counts by value (dh_poker_histogram) */
  uint64_t count[16];       /* counts by category (dh_poker_count) */
  uint64_t packed;          /* more counts by category, 7 bits each */
  int room;                 /* hands packed may still take */
} enum_ctx;

/*
** Counting by category, the plain loop's counters[category]++ makes every
** hand of a category wait for the previous one's store.  Instead each hand
** adds 1 << 7 * category to one word in a register, and the word is spilled
** into the counters before any 7-bit field can overflow.
*/
#define FIELD(c) (UINT64_C(1) << (7 * (c)))
static const uint64_t field[16] = {
  FIELD(0), FIELD(1), FIELD(2), FIELD(3), FIELD(4), FIELD(5), FIELD(6), FIELD(7), FIELD(8)
};

static void spill(enum_ctx *e, uint64_t packed) {
  int c;
  for (c = 0; c < DH_NCATEGORIES; c++) e->count[c] += (packed >> (7 * c)) & 127;
}

/* counts the hands prefix + pair p, from <= p < to; by_value is a
** constant once inlined */
static inline __attribute__((always_inline)) void
run(enum_ctx *e, int from, int to, uint32_t key, int by_value) {
  int p;
  if (by_value) {
    for (p = from; p < to; p++) e->out[dh_poker_rank_value(key + e->pkey[p])]++;
  } else {
    uint64_t packed = e->packed;
    int room = e->room;
    while (from < to) {
      int end;
      if (room == 0) { spill(e, packed); packed = 0; room = 127; }
      end = to - from > room ? from + room : to;
      room -= end - from;
      {  /* two hands a step, two words: the loop's own work is halved */
        uint64_t other = 0;
        for (p = from; p + 2 <= end; p += 2) {
          packed += field[dh_poker_rank_category(key + e->pkey[p])];
          other += field[dh_poker_rank_category(key + e->pkey[p + 1])];
        }
        if (p < end) packed += field[dh_poker_rank_category(key + e->pkey[p])];
        packed += other;
      }
      from = end;
    }
    e->packed = packed;
    e->room = room;
  }
}

/* one hand of value v, outside the pair loop */
static inline __attribute__((always_inline)) void
one(enum_ctx *e, dh_hand_value v, int by_value) {
  if (by_value) e->out[v]++;
  else e->count[v >> 12]++;
}

/* the pairs after prefix card `start - 1` when suit s has `cs` >= 3 cards
** in the prefix, whose lane in that suit is `lane` */
static inline __attribute__((always_inline)) void
flush_pairs(enum_ctx *e, int start, uint32_t key, int s, int cs, uint32_t lane,
            int by_value) {
  int j, k, n = e->navail, lo = e->suit_lo[s], hi = e->suit_hi[s];
  for (j = start; j < n - 1; j++) {
    int in = e->suit[j] == s, cj = cs + in, base = e->pstart[j] - (j + 1);
    uint32_t lj = lane | (in ? e->lane_bit[j] : 0);
    int a = j + 1 > lo ? j + 1 : lo, b = j + 1 > hi ? j + 1 : hi;
    if (cj < 4) {
      /* three of the suit, and j is not of it: no flush with any k, nor
      ** with any j up to the suit's first card (or the end): one run */
      int to = j < lo && lo < n - 1 ? lo : n - 1;
      run(e, e->pstart[j], e->pstart[to], key, by_value);
      j = to - 1;
      continue;
    }
    /* k before the suit's run, in it, after it */
    if (cj >= 5) {
      dh_hand_value v = dh_poker_flush(lj);
      for (k = j + 1; k < a; k++) one(e, v, by_value);
      for (k = b; k < n; k++) one(e, v, by_value);
    } else {
      run(e, e->pstart[j], base + a, key, by_value);
      run(e, base + b, e->pstart[j + 1], key, by_value);
    }
    for (k = a; k < b; k++) one(e, dh_poker_flush(lj | e->lane_bit[k]), by_value);
  }
}

/* the hands made of a prefix ending before `start` and every later pair */
static inline __attribute__((always_inline)) void
pairs(enum_ctx *e, int start, uint32_t key, dh_cardset bits, uint32_t suits, int by_value) {
  uint32_t three = (suits + 0x7D7D7D7Du) & 0x80808080u;  /* suit bytes >= 3 */
  if (!three) {
    run(e, e->pstart[start], e->pstart[e->navail], key, by_value);
  } else {
    int s = __builtin_ctz(three) >> 3;
    flush_pairs(e, start, key, s, (int)(suits >> (8 * s)) & 0xFF,
                (uint32_t)(bits >> (16 * s)) & 0x1FFF, by_value);
  }
}

/* chooses `left` more prefix cards from index `start` on, then the pairs;
** suits holds the prefix's suit counts, a byte each */
static void prefix(enum_ctx *e, int left, int start, uint32_t key, dh_cardset bits,
                   uint32_t suits) {
  int i;
  if (left == 0) {
    if (e->out) pairs(e, start, key, bits, suits, 1);
    else pairs(e, start, key, bits, suits, 0);
    return;
  }
  for (i = start; i <= e->navail - left - 2; i++) {
    int pos = ((int)e->suit[i] << 4) | __builtin_ctz(e->lane_bit[i]);
    prefix(e, left - 1, i + 1, key + e->key[i], bits | dh_set_of((dh_card)pos),
           suits + (1u << (8 * e->suit[i])));
  }
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
  for (i = 0; i < 4; i++) e.suit_lo[i] = e.suit_hi[i] = 0;
  for (it = avail; it; it &= it - 1) {
    int pos = dh_set_first(it), s = pos >> 4;
    if (e.suit_hi[s] == 0) e.suit_lo[s] = e.navail;
    e.key[e.navail] = dh_poker_card_key[pos & 15];
    e.lane_bit[e.navail] = (uint16_t)(1u << (pos & 15));
    e.suit[e.navail++] = (uint8_t)s;
    e.suit_hi[s] = e.navail;
  }
  for (i = 0; i < e.navail; i++) {
    e.pstart[i] = np;
    for (j = i + 1; j < e.navail; j++) e.pkey[np++] = e.key[i] + e.key[j];
  }
  e.pstart[e.navail] = np;
  for (it = given; it; it &= it - 1) {
    int pos = dh_set_first(it);
    key += dh_poker_card_key[pos & 15];
    suits += 1u << (8 * (pos >> 4));
  }
  e.out = by_value ? out : NULL;
  for (i = 0; i < 16; i++) e.count[i] = 0;
  e.packed = 0;
  e.room = 127;
  prefix(&e, k - 2, 0, key, given, suits);
  if (!by_value) {
    spill(&e, e.packed);
    for (i = 0; i < DH_NCATEGORIES; i++) out[i] += e.count[i];
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
