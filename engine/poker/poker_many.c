/*
** poker_many.c -- the values of many hands in one call, trusted or checked.
**
** Sixteen hands a step for trusted hands, eight for checked ones, so that
** their independent table loads overlap and the loop's own instructions are
** few (the checked step is shorter because its checks make it longer).
** Gathers are no help: every table read would be one, and they are slow
** (docs/performance.md).
**
** The hands array is read once, front to back, and the hardware prefetcher
** alone falls behind while the table loads keep the memory system busy: one
** explicit prefetch per cache line (eight hands), a few hundred hands ahead.
**
** The checked calls take hands nobody vouched for (a Lua string, say).  A
** hand is good when it is 5..7 cards and every bit is one of the 52 cards.
** Both tests ride on the evaluation: the lane sum already counts the cards
** (poker_impl.h), so a step ORs each hand into `seen` (stray bits) and
** ORs BAD_COUNTS shifted by the count into `bad` (its bit 0 is set for a
** count other than 5, 6, 7): three instructions a hand, no branch.  Only
** when something was wrong is the array scanned again for the first
** culprit.  Evaluating a bad hand reads nowhere outside the tables
** (poker.h), so finding it late is safe.
**
** Where the processor has AVX-512 and its vector popcount (chosen at run
** time) whole blocks of hands take poker_many512.c's way, sixteen at a
** time, checked there in about ten instructions for sixteen hands, and only
** what is left over at the end takes the loops below.  Counts are then
** taken from the values of a block.  Without AVX-512 but with AVX2,
** blocks take poker_many256.c's way instead, eight hands a step, checked
** there on the same sums.
*/
#include "poker_many512_impl.h"

#define PREFETCH_AHEAD 512  /* hands */
/* an address a little ahead, made with integer arithmetic: a pointer past
** the end of the array is not one C lets us form, and a prefetch of it
** never faults */
#define AHEAD(p) ((const void *)((uintptr_t)(p) + PREFETCH_AHEAD * sizeof *(p)))
#define BAD_COUNTS (~(UINT64_C(7) << 5))  /* bit c clear for c = 5, 6, 7 only */

typedef struct checks { uint64_t seen, bad; } checks;

/* the value of one hand; with check (a constant once inlined) the hand is
** added to the checks */
static inline __attribute__((always_inline)) dh_hand_value
value_of(dh_cardset h, int check, checks *c) {
  uint32_t sum = dh_poker_lane_sum(h);
  if (check) {
    c->seen |= h;
    c->bad |= BAD_COUNTS >> (sum & DH_POKER_NCARDS);
  }
  return dh_poker_eval_sum(h, sum);
}

static inline int checks_failed(const checks *c) {
  return ((c->seen & ~DH_FRENCH52) | (c->bad & 1)) != 0;
}

/* the index of the first hand that is not 5..7 of the 52 cards, or n */
static size_t first_bad(const dh_cardset *hands, size_t n) {
  size_t i;
  for (i = 0; i < n; i++)
    if (!dh_poker_valid(hands[i])) break;
  return i;
}

/* hands k .. k + 7 of eval_many, written out so that their table loads
** overlap (it names eval_many's hands, out, check and c) */
#define EIGHT_HANDS(k) do { \
    out[(k)] = value_of(hands[(k)], check, &c); \
    out[(k) + 1] = value_of(hands[(k) + 1], check, &c); \
    out[(k) + 2] = value_of(hands[(k) + 2], check, &c); \
    out[(k) + 3] = value_of(hands[(k) + 3], check, &c); \
    out[(k) + 4] = value_of(hands[(k) + 4], check, &c); \
    out[(k) + 5] = value_of(hands[(k) + 5], check, &c); \
    out[(k) + 6] = value_of(hands[(k) + 6], check, &c); \
    out[(k) + 7] = value_of(hands[(k) + 7], check, &c); \
  } while (0)

/* with wide, sixteen hands a step, else eight; with check, the checks too
** (both constants once inlined) */
static inline __attribute__((always_inline)) size_t
eval_many(const dh_cardset *hands, size_t n, dh_hand_value *out, int check, int wide) {
  checks c = { 0, 0 };
  size_t i = 0;
  if (wide) {
    for (; i + 16 <= n; i += 16) {
      __builtin_prefetch(AHEAD(hands + i));
      __builtin_prefetch(AHEAD(hands + i + 8));
      EIGHT_HANDS(i);
      EIGHT_HANDS(i + 8);
    }
  }
  for (; i + 8 <= n; i += 8) {
    __builtin_prefetch(AHEAD(hands + i));
    EIGHT_HANDS(i);
  }
  for (; i < n; i++) out[i] = value_of(hands[i], check, &c);
  return check && checks_failed(&c) ? first_bad(hands, n) : n;
}

/* the vector way of this processor: 512 (AVX-512), 256 (AVX2) or 0 */
static int vector_way(void) {
#if DH_POKER_512
  if (dh_poker_have512()) return 512;
#endif
#if DH_POKER_256
  if (dh_poker_have256()) return 256;
#endif
  return 0;
}

#if DH_POKER_512 && DH_POKER_256 && DH_POKER_BLOCK512 != DH_POKER_BLOCK256
#error "the vector ways must take blocks of one size"
#endif
#define VBLOCK DH_POKER_BLOCK512

/* the values of the hands of whole blocks by that way; returns how many
** hands that is (0 for no way), and with check *good = were they all
** good? */
static size_t vector_values(int way, const dh_cardset *hands, size_t n, dh_hand_value *out,
                            int check, int *good) {
  *good = 1;
#if DH_POKER_512
  if (way == 512)
    return check ? dh_poker_values512_checked(hands, n, out, good) : dh_poker_values512(hands, n, out);
#endif
#if DH_POKER_256
  if (way == 256)
    return check ? dh_poker_values256_checked(hands, n, out, good) : dh_poker_values256(hands, n, out);
#endif
  (void)way, (void)hands, (void)n, (void)out, (void)check;
  return 0;
}

void dh_poker_eval_many(const dh_cardset *hands, size_t n, dh_hand_value *out) {
  int good;
  size_t done = vector_values(vector_way(), hands, n, out, 0, &good);
  eval_many(hands + done, n - done, out + done, 0, 1);
}

#undef EIGHT_HANDS

size_t dh_poker_eval_many_checked(const dh_cardset *hands, size_t n, dh_hand_value *out) {
  int good;
  size_t done = vector_values(vector_way(), hands, n, out, 1, &good);
  if (!good) return first_bad(hands, done);
  return done + eval_many(hands + done, n - done, out + done, 1, 0);
}

/* each hand adds 1 << 7 * category to a word in a register (see
** poker_enum.c); the words are spilled before a 7-bit field can overflow */
#define FIELD(c) (UINT64_C(1) << (7 * (c)))
static const uint64_t field[16] = {
  FIELD(0), FIELD(1), FIELD(2), FIELD(3), FIELD(4), FIELD(5), FIELD(6), FIELD(7), FIELD(8)
};

static void spill(uint64_t counts[DH_NCATEGORIES], uint64_t packed) {
  int c;
  for (c = 0; c < DH_NCATEGORIES; c++) counts[c] += (packed >> (7 * c)) & 127;
}

#define CAT(k) field[value_of(h[k], check, &c) >> 12]

/* adds the categories of the n hands to counts; with check, counts are
** left alone unless every hand is good */
static inline __attribute__((always_inline)) size_t
count_many(const dh_cardset *hands, size_t n, uint64_t counts[DH_NCATEGORIES], int check) {
  enum { BLOCK = 120 };  /* a multiple of 8; two words take 60 hands each */
  uint64_t local[DH_NCATEGORIES] = { 0 };
  uint64_t *to = check ? local : counts;
  checks c = { 0, 0 };
  size_t i, j;
  int k;
  for (i = 0; i < n; i += BLOCK) {
    size_t m = n - i < BLOCK ? n - i : BLOCK;
    const dh_cardset *h = hands + i;
    uint64_t a = 0, b = 0;  /* two words: fewer adds wait on each other */
    for (j = 0; j + 8 <= m; j += 8, h += 8) {
      __builtin_prefetch(AHEAD(h));
      a += CAT(0) + CAT(1) + CAT(2) + CAT(3);
      b += CAT(4) + CAT(5) + CAT(6) + CAT(7);
    }
    for (; j < m; j++, h++) a += CAT(0);
    spill(to, a + b);
  }
  if (!check) return n;
  if (checks_failed(&c)) return first_bad(hands, n);
  for (k = 0; k < DH_NCATEGORIES; k++) counts[k] += local[k];
  return n;
}

/* counts[category] += 1 for each of a block's VBLOCK values (four words of
** 7-bit fields: at most 4 * 127 values) */
static void count_values(const dh_hand_value *v, uint64_t counts[DH_NCATEGORIES]) {
  uint64_t a = 0, b = 0, c = 0, d = 0;
  size_t j;
  for (j = 0; j < VBLOCK; j += 4) {
    a += field[v[j] >> 12];
    b += field[v[j + 1] >> 12];
    c += field[v[j + 2] >> 12];
    d += field[v[j + 3] >> 12];
  }
  spill(counts, a);
  spill(counts, b);
  spill(counts, c);
  spill(counts, d);
}
_Static_assert(VBLOCK % 4 == 0 && VBLOCK <= 4 * 127, "count_values takes a block four values a step");

/* whole blocks of hands counted from their values by a vector way; returns
** how many hands that is, and with check *good = were they all good? */
static size_t count_vector(int way, const dh_cardset *hands, size_t n,
                           uint64_t counts[DH_NCATEGORIES], int check, int *good) {
  dh_hand_value v[VBLOCK];
  size_t i;
  *good = 1;
  if (!way) return 0;
  for (i = 0; i + VBLOCK <= n; i += VBLOCK) {
    vector_values(way, hands + i, VBLOCK, v, check, good);
    if (!*good) break;
    count_values(v, counts);
  }
  return i;
}

void dh_poker_count_many(const dh_cardset *hands, size_t n, uint64_t counts[DH_NCATEGORIES]) {
  int good;
  size_t done = count_vector(vector_way(), hands, n, counts, 0, &good);
  count_many(hands + done, n - done, counts, 0);
}

size_t dh_poker_count_many_checked(const dh_cardset *hands, size_t n,
                                   uint64_t counts[DH_NCATEGORIES]) {
  uint64_t local[DH_NCATEGORIES] = { 0 };
  int good, k;
  size_t done = count_vector(vector_way(), hands, n, local, 1, &good), rest;
  if (!good) return done + first_bad(hands + done, VBLOCK);
  rest = count_many(hands + done, n - done, local, 1);
  if (rest < n - done) return done + rest;
  for (k = 0; k < DH_NCATEGORIES; k++) counts[k] += local[k];
  return n;
}
