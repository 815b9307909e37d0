/*
** poker_many.c -- the values of many hands in one call, trusted or checked.
**
** Sixteen hands a step for trusted hands, eight for checked ones, so that
** their independent table loads overlap and the loop's own instructions are
** few.  (Measured in one process, alternating: sixteen a step gained 2% on
** random 5-card hands over eight, but cost the checked calls 7-10%.)  (An AVX2 version, eight hands per
** step with every table read a gather, was measured slower on the machine
** this was tuned on: 375 against 517 M hands/s, random 7-card hands.)
**
** The hands array is read once, front to back, and at 5 GB/s or so the
** hardware prefetcher alone falls behind while the table loads keep the
** memory system busy: one explicit prefetch per cache line (eight hands),
** a few hundred hands ahead, gained 5-10% on 10 M random hands (256 to 2048
** hands ahead measured the same).
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
** Those three instructions are still a sixth of the work of a hand.  Where
** the processor counts bits in vectors (AVX-512 VPOPCNTQ: Ice Lake, Zen 4
** and later) sixteen hands are checked in about ten instructions: inside
** eval's own loop, beside their evaluation, and for count in a first pass
** over a block small enough to stay in L1 for the counting that follows.
** The choice is made at run time (the build targets the machine's AVX2
** level, not AVX-512), from flags that libgcc reads once at start-up.
*/
#include "poker_impl.h"

#if defined(__GNUC__) && defined(__x86_64__) && !defined(DH_POKER_NO_AVX512)
#define CHECK512 1
#include <immintrin.h>
#else
#define CHECK512 0
#endif

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

void dh_poker_eval_many(const dh_cardset *hands, size_t n, dh_hand_value *out) {
  eval_many(hands, n, out, 0, 1);
}

#if CHECK512
static int have_popcnt512(void) {
  return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vpopcntdq");
}

/* the vector check: stray bits ORed in seen, the smallest and largest
** counts in lo and hi (5 and 7 at most when every hand is good) */
typedef struct checks512 { __m512i seen, lo, hi; } checks512;

__attribute__((target("avx512f,avx512vpopcntdq")))
static inline checks512 checks512_start(void) {
  checks512 k = { _mm512_setzero_si512(), _mm512_set1_epi64(5), _mm512_set1_epi64(5) };
  return k;
}

/* sixteen hands: a vector popcount of each eight, a min, a max and one
** three-way OR, about ten instructions */
__attribute__((target("avx512f,avx512vpopcntdq")))
static inline void check16(checks512 *k, const dh_cardset *h) {
  __m512i x = _mm512_loadu_si512((const void *)h);
  __m512i y = _mm512_loadu_si512((const void *)(h + 8));
  __m512i cx = _mm512_popcnt_epi64(x), cy = _mm512_popcnt_epi64(y);
  k->seen = _mm512_ternarylogic_epi64(k->seen, x, y, 0xFE);  /* seen | x | y */
  k->lo = _mm512_min_epu64(k->lo, _mm512_min_epu64(cx, cy));
  k->hi = _mm512_max_epu64(k->hi, _mm512_max_epu64(cx, cy));
}

/* were all the hands checked good?  rest: the hands checked one by one */
__attribute__((target("avx512f,avx512vpopcntdq")))
static int checks512_good(const checks512 *k, dh_cardset rest) {
  return rest == 0 && _mm512_reduce_min_epu64(k->lo) >= 5 && _mm512_reduce_max_epu64(k->hi) <= 7 &&
         (_mm512_reduce_or_epi64(k->seen) & (long long)~DH_FRENCH52) == 0;
}

/* is one hand bad? (nonzero when it is) */
static inline dh_cardset bad_hand(dh_cardset h) {
  return (h & ~DH_FRENCH52) | ((unsigned)dh_set_count(h) - 5u > 2u);
}

/* are the n hands all good? */
__attribute__((target("avx512f,avx512vpopcntdq")))
static int all_good512(const dh_cardset *h, size_t n) {
  checks512 k = checks512_start();
  dh_cardset rest = 0;
  size_t i = 0;
  for (; i + 16 <= n; i += 16) check16(&k, h + i);
  for (; i < n; i++) rest |= bad_hand(h[i]);
  return checks512_good(&k, rest);
}

/* eval_many with the vector check riding in the same loop: sixteen hands a
** step, their check beside their evaluation, one test at the end */
__attribute__((target("avx512f,avx512vpopcntdq")))
static size_t eval_many_checked512(const dh_cardset *hands, size_t n, dh_hand_value *out) {
  checks512 k = checks512_start();
  checks c = { 0, 0 };
  dh_cardset rest = 0;
  const int check = 0;
  size_t i = 0;
  for (; i + 16 <= n; i += 16) {
    __builtin_prefetch(AHEAD(hands + i));
    __builtin_prefetch(AHEAD(hands + i + 8));
    check16(&k, hands + i);
    EIGHT_HANDS(i);
    EIGHT_HANDS(i + 8);
  }
  for (; i < n; i++) {
    out[i] = value_of(hands[i], check, &c);
    rest |= bad_hand(hands[i]);
  }
  return checks512_good(&k, rest) ? n : first_bad(hands, n);
}
#endif
#undef EIGHT_HANDS

size_t dh_poker_eval_many_checked(const dh_cardset *hands, size_t n, dh_hand_value *out) {
#if CHECK512
  if (have_popcnt512()) return eval_many_checked512(hands, n, out);
#endif
  return eval_many(hands, n, out, 1, 0);
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

void dh_poker_count_many(const dh_cardset *hands, size_t n, uint64_t counts[DH_NCATEGORIES]) {
  count_many(hands, n, counts, 0);
}

#if CHECK512
/* hands: 2 KB, in L1 for the counting, and fewer than PREFETCH_AHEAD: the
** counting of one block has fetched the next before it is checked, which
** keeps the check from waiting on memory */
enum { CHECK_BLOCK = 256 };
#endif

size_t dh_poker_count_many_checked(const dh_cardset *hands, size_t n,
                                   uint64_t counts[DH_NCATEGORIES]) {
#if CHECK512
  if (have_popcnt512()) {
    uint64_t local[DH_NCATEGORIES] = { 0 };
    size_t i, m;
    int k;
    for (i = 0; i < n; i += m) {
      m = n - i < CHECK_BLOCK ? n - i : CHECK_BLOCK;
      if (!all_good512(hands + i, m)) return i + first_bad(hands + i, m);
      count_many(hands + i, m, local, 0);
    }
    for (k = 0; k < DH_NCATEGORIES; k++) counts[k] += local[k];
    return n;
  }
#endif
  return count_many(hands, n, counts, 1);
}
