/*
** poker_many512.c -- the array calls of poker_many.c, sixteen hands at a
** time, for processors with AVX-512 and its vector popcount (VPOPCNTQ: Ice
** Lake, Zen 4 and later).  poker_many.c chooses at run time; the build
** itself targets the machine's AVX2 level, not AVX-512, so only these
** functions use it.
**
** A hand's lane sum (poker_impl.h) without the four table reads of a lane
** each: a lane is cut in three parts (ranks 2-6, 7-T, J-A), and the lane
** sums of the parts, 32 + 16 + 16 words, fit in four registers, where one
** permute each looks them up for sixteen lanes at once (a permute reads only
** the low bits of its index: no mask is needed).  The first part carries 3
** more in its count, so a suit's sum has bit 3 set when it holds five cards
** or more: the flush test.  The sixteen sums of a step are stored; a block
** of them is then valued two loads each, and the hands with a flush, listed
** with a compress as the block goes, are valued again from their lanes.
**
** The checked form checks the sixteen hands of a step as poker_many.c's
** check does (a vector popcount, a min, a max, an OR), on the same loads.
*/
#include "poker_many512_impl.h"

#if DH_POKER_512
#include <immintrin.h>

#define TARGET __attribute__((target("avx512f,avx512vpopcntdq")))

int dh_poker_have512(void) {
  return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vpopcntdq");
}

/* hands ahead to prefetch (as poker_many.c) */
#define AHEAD(p) ((const void *)((uintptr_t)(p) + 512 * sizeof *(p)))

typedef struct parts { __m512i first_lo, first_hi, mid, top; } parts;

TARGET static inline parts parts_load(void) {
  parts t;
  t.first_lo = _mm512_loadu_si512((const void *)dh_poker_lane_part);
  t.first_hi = _mm512_loadu_si512((const void *)(dh_poker_lane_part + 16));
  t.mid = _mm512_loadu_si512((const void *)(dh_poker_lane_part + 32));
  t.top = _mm512_loadu_si512((const void *)(dh_poker_lane_part + 48));
  return t;
}

/* the sums of the lanes in bits shift .. shift + 12 of each word of v */
TARGET static inline __m512i lane16(const parts *t, __m512i v, int shift) {
  __m512i a = shift ? _mm512_srli_epi32(v, shift) : v;
  __m512i first = _mm512_permutex2var_epi32(t->first_lo, a, t->first_hi);
  __m512i mid = _mm512_permutexvar_epi32(_mm512_srli_epi32(v, shift + 5), t->mid);
  __m512i top = _mm512_permutexvar_epi32(_mm512_srli_epi32(v, shift + 9), t->top);
  return _mm512_add_epi32(first, _mm512_add_epi32(mid, top));
}

/* the sums of sixteen hands, x holding the first eight and y the others;
** *five: the hands with a suit of five or more */
TARGET static inline __m512i sums16(const parts *t, __m512i x, __m512i y, __mmask16 *five) {
  const __m512i even = _mm512_setr_epi32(0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30);
  const __m512i odd = _mm512_setr_epi32(1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29, 31);
  __m512i lo = _mm512_permutex2var_epi32(x, even, y);  /* clubs and diamonds */
  __m512i hi = _mm512_permutex2var_epi32(x, odd, y);   /* hearts and spades */
  __m512i c = lane16(t, lo, 0), d = lane16(t, lo, 16), h = lane16(t, hi, 0), s = lane16(t, hi, 16);
  __m512i any = _mm512_ternarylogic_epi32(c, d, h, 0xFE);  /* c | d | h */
  *five = _mm512_test_epi32_mask(_mm512_or_si512(any, s), _mm512_set1_epi32(8));
  return _mm512_add_epi32(_mm512_add_epi32(c, d), _mm512_add_epi32(h, s));
}

/* the vector check (poker_many.c's): stray bits ORed in seen, the smallest
** and largest counts in lo and hi */
typedef struct checks512 { __m512i seen, lo, hi; } checks512;

TARGET static inline void check16(checks512 *k, __m512i x, __m512i y) {
  __m512i cx = _mm512_popcnt_epi64(x), cy = _mm512_popcnt_epi64(y);
  k->seen = _mm512_ternarylogic_epi64(k->seen, x, y, 0xFE);  /* seen | x | y */
  k->lo = _mm512_min_epu64(k->lo, _mm512_min_epu64(cx, cy));
  k->hi = _mm512_max_epu64(k->hi, _mm512_max_epu64(cx, cy));
}

/* whole blocks of hands; with check (a constant once inlined) the hands
** are checked into *k too */
TARGET static inline __attribute__((always_inline)) size_t
values(const dh_cardset *hands, size_t n, dh_hand_value *out, int check, checks512 *k) {
  parts t = parts_load();
  const __m512i lanes = _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
  uint32_t sums[DH_POKER_BLOCK512], flush[DH_POKER_BLOCK512 + 16];
  size_t i = 0;
  int b, j;
  for (; i + DH_POKER_BLOCK512 <= n; i += DH_POKER_BLOCK512) {
    const dh_cardset *h = hands + i;
    int nflush = 0;
    for (b = 0; b < DH_POKER_BLOCK512; b += 16) {
      __m512i x = _mm512_loadu_si512((const void *)(h + b));
      __m512i y = _mm512_loadu_si512((const void *)(h + b + 8));
      __mmask16 five;
      __builtin_prefetch(AHEAD(h + b));
      __builtin_prefetch(AHEAD(h + b + 8));
      if (check) check16(k, x, y);
      _mm512_storeu_si512((void *)(sums + b), sums16(&t, x, y, &five));
      _mm512_storeu_si512((void *)(flush + nflush),
                          _mm512_maskz_compress_epi32(five, _mm512_add_epi32(lanes, _mm512_set1_epi32(b))));
      nflush += __builtin_popcount(five);
    }
    for (b = 0; b < DH_POKER_BLOCK512; b++) out[i + b] = dh_poker_key_value(sums[b]);
    for (j = 0; j < nflush; j++) out[i + flush[j]] = dh_poker_flush_value(h[flush[j]]);
  }
  return i;
}

TARGET size_t dh_poker_values512(const dh_cardset *hands, size_t n, dh_hand_value *out) {
  return values(hands, n, out, 0, NULL);
}

TARGET size_t dh_poker_values512_checked(const dh_cardset *hands, size_t n,
                                                dh_hand_value *out, int *good) {
  checks512 k = { _mm512_setzero_si512(), _mm512_set1_epi64(5), _mm512_set1_epi64(5) };
  size_t done = values(hands, n, out, 1, &k);
  *good = _mm512_reduce_min_epu64(k.lo) >= 5 && _mm512_reduce_max_epu64(k.hi) <= 7 &&
          (_mm512_reduce_or_epi64(k.seen) & (long long)~DH_FRENCH52) == 0;
  return done;
}
#endif
