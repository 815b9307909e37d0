/*
** poker_many256.c -- the array calls of poker_many.c on processors with
** AVX2 but not the AVX-512 of poker_many512.c (Zen 3, older Intel), in
** whole blocks of 256 hands; poker_many.c chooses at run time.
**
** A hand's lane sum (poker_impl.h) without the four table reads of the
** scalar loop, whose instructions, not its cache misses, bound it
** (docs/performance.md).  Four hands fill a vector: each 32-bit word holds
** two suit lanes of one hand.  A lane is cut in parts of 3, 3, 3, 2 and 2
** ranks, and the lane sums of each part's 8 patterns fit one register,
** where VPERMD looks them up for eight lanes at once; it reads only the low
** 3 bits of its index, so no mask is needed, and the 2-rank parts' tables
** repeat their four sums to ignore the third bit.  The first part carries
** 3 more in its count, so a lane's sum has bit 3 set when it holds five or
** more: the flush, whose key (the suit's 13 bits in the flush rows) is
** chosen in the vector, so that no hand leaves the loop.  A group of eight
** keys is stored, and the value reads of the group two before it are done
** in the same step: reading a key just stored would wait on the store.
**
** The checked form checks as poker_many.c's check does, on the same sums:
** stray bits ORed together, and the smallest and largest number of cards
** (the low 7 bits of a sum) kept in two vectors.
**
** Measured on a Zen 3 (docs/performance.md): 7-card hands 15% faster than
** the scalar loops (no flush branch to guess wrong), 5-card hands 2-4%
** slower.
*/
#include "poker_many512_impl.h"

#if DH_POKER_256
#include <immintrin.h>

#define TARGET __attribute__((target("avx2")))

int dh_poker_have256(void) { return __builtin_cpu_supports("avx2"); }

/* hands ahead to prefetch (as poker_many.c) */
#define AHEAD(p) ((const void *)((uintptr_t)(p) + 512 * sizeof *(p)))

/* the sums of the lanes in bits s .. s + 12 of each word of v */
TARGET static inline __m256i lane8(const __m256i t[5], __m256i v, int s) {
  __m256i a = _mm256_permutevar8x32_epi32(t[0], s ? _mm256_srli_epi32(v, s) : v);
  __m256i b = _mm256_permutevar8x32_epi32(t[1], _mm256_srli_epi32(v, s + 3));
  __m256i c = _mm256_permutevar8x32_epi32(t[2], _mm256_srli_epi32(v, s + 6));
  __m256i d = _mm256_permutevar8x32_epi32(t[3], _mm256_srli_epi32(v, s + 9));
  __m256i e = _mm256_permutevar8x32_epi32(t[4], _mm256_srli_epi32(v, s + 11));
  return _mm256_add_epi32(_mm256_add_epi32(a, b), _mm256_add_epi32(_mm256_add_epi32(c, d), e));
}

/* the vector check (poker_many.c's): stray bits ORed in seen; the smallest
** and largest of the hands' low 7 bits of their sums in lo and hi (the
** number of cards plus 12, the 3 each lane's first part carries) */
typedef struct checks256 { __m256i seen, lo, hi; } checks256;

/* the hand keys of four hands, in the low word of each 64-bit element;
** with k, the hands are checked into it */
TARGET static inline __m256i keys4(const __m256i t[5], __m256i v, checks256 *k) {
  const __m256i eight = _mm256_set1_epi32(8), m13 = _mm256_set1_epi32(0x1FFF);
  const __m256i flush_row = _mm256_set1_epi32((int)(DH_POKER_FLUSH_ROW << (7 + DH_POKER_SHIFT)));
  __m256i lo = lane8(t, v, 0), hi = lane8(t, v, 16);  /* suits 0 and 2; 1 and 3 */
  __m256i five_lo = _mm256_cmpeq_epi32(_mm256_and_si256(lo, eight), eight);
  __m256i five_hi = _mm256_cmpeq_epi32(_mm256_and_si256(hi, eight), eight);
  /* the lane of five or more, 0 if none (a hand has at most one) */
  __m256i five = _mm256_or_si256(_mm256_and_si256(_mm256_and_si256(v, m13), five_lo),
                                 _mm256_and_si256(_mm256_srli_epi32(v, 16), five_hi));
  __m256i sum = _mm256_add_epi32(lo, hi);
  sum = _mm256_add_epi32(sum, _mm256_srli_epi64(sum, 32));
  five = _mm256_or_si256(five, _mm256_srli_epi64(five, 32));
  if (k) {
    /* the count in the low word; the high word (another sum's) made a
    ** good count, 6 + 12, so that it passes */
    __m256i count = _mm256_or_si256(_mm256_and_si256(sum, _mm256_set1_epi64x(127)),
                                    _mm256_set1_epi64x((int64_t)18 << 32));
    k->seen = _mm256_or_si256(k->seen, v);
    k->lo = _mm256_min_epu32(k->lo, count);
    k->hi = _mm256_max_epu32(k->hi, count);
  }
  return _mm256_blendv_epi8(sum, _mm256_or_si256(flush_row, _mm256_slli_epi32(five, 7)),
                            _mm256_cmpgt_epi32(five, _mm256_setzero_si256()));
}

/* whole blocks of hands; with check (a constant once inlined) the hands
** are checked into *k too */
TARGET DH_POKER_NO_SLP static inline __attribute__((always_inline)) size_t
values(const dh_cardset *hands, size_t n, dh_hand_value *out, checks256 *k) {
  static const int start[5] = { 0, 3, 6, 9, 11 }, width[5] = { 3, 3, 3, 2, 2 };
  const __m256i order = _mm256_setr_epi32(0, 2, 4, 6, 1, 3, 5, 7);
  uint32_t part[5][8], keys[DH_POKER_BLOCK256];
  __m256i t[5];
  size_t i = 0;
  int p, j, b;
  /* the lane sums of the parts' patterns, without the flag */
  for (p = 0; p < 5; p++) {
    for (j = 0; j < 8; j++)
      part[p][j] = (dh_poker_lane[(j & ((1 << width[p]) - 1)) << start[p]] & ~DH_POKER_FLAG) +
                   (p == 0 ? 3 : 0);
    t[p] = _mm256_loadu_si256((const void *)part[p]);
  }
  for (; i + DH_POKER_BLOCK256 <= n; i += DH_POKER_BLOCK256) {
    const dh_cardset *h = hands + i;
    dh_hand_value *o = out + i;
    for (b = 0; b < DH_POKER_BLOCK256; b += 8) {
      __m256i x = keys4(t, _mm256_loadu_si256((const void *)(h + b)), k);
      __m256i y = keys4(t, _mm256_loadu_si256((const void *)(h + b + 4)), k);
      __builtin_prefetch(AHEAD(h + b));
      /* hands 0, 4, 1, 5 ... then in order */
      x = _mm256_permutevar8x32_epi32(_mm256_blend_epi32(x, _mm256_slli_epi64(y, 32), 0xAA), order);
      _mm256_storeu_si256((void *)(keys + b), x);
      if (b >= 16)
        for (j = b - 16; j < b - 8; j++) o[j] = dh_poker_key_value(keys[j]);
    }
    for (j = DH_POKER_BLOCK256 - 16; j < DH_POKER_BLOCK256; j++) o[j] = dh_poker_key_value(keys[j]);
  }
  return i;
}

TARGET DH_POKER_NO_SLP size_t dh_poker_values256(const dh_cardset *hands, size_t n, dh_hand_value *out) {
  return values(hands, n, out, NULL);
}

TARGET DH_POKER_NO_SLP size_t dh_poker_values256_checked(const dh_cardset *hands, size_t n, dh_hand_value *out,
                                         int *good) {
  checks256 k = { _mm256_setzero_si256(), _mm256_set1_epi32(17), _mm256_set1_epi32(17) };
  uint64_t seen[4];
  uint32_t lo[8], hi[8];
  size_t done = values(hands, n, out, &k);
  int j;
  _mm256_storeu_si256((void *)seen, k.seen);
  _mm256_storeu_si256((void *)lo, k.lo);
  _mm256_storeu_si256((void *)hi, k.hi);
  *good = ((seen[0] | seen[1] | seen[2] | seen[3]) & ~DH_FRENCH52) == 0;
  for (j = 0; j < 8; j++) *good &= lo[j] >= 17 && hi[j] <= 19;
  return done;
}
#endif
