/*
** poker_cards256.c -- dh_poker_eval_cards_many on processors with AVX2 but
** not the AVX-512 VBMI of poker_cards.c (Zen 3, older Intel), eight hands a
** step; poker_cards.c chooses at run time.
**
** A hand's key (poker_impl.h) is its cards' mixed rank numbers summed.  The
** mix is a multiply, so the key is also the sum of the cards' unmixed
** numbers (below 2^22 each), multiplied once by the mix shifted into place.
** The unmixed sum is what the vector makes, without a table read per card:
**
**  - Two 16-byte loads fill a register with four hands (two each 128-bit
**    half); one byte shuffle puts each hand's k card bytes in 8 bytes of
**    their own, and the 8 - k left over read as byte 0.
**  - A card's byte, its low 6 bits kept (all a card word depends on), is
**    its own index: VPSHUFB reads the low 4 bits, the rank's slot, and
**    looks up one byte of that rank's unmixed number; three such lookups
**    give its three bytes, and VPSADBW sums each over a hand's 8 bytes.  The
**    two registers' sums pack (VPACKUSDW) into eight words in hand order,
**    and the shifts and adds of the three planes give the unmixed sums.
**  - The same on the suit bits (4-5) with weights 1 and 16 for suits 0, 1,
**    then 2, 3, gives a word whose four nibbles count the suits; adding 3
**    to each sets a nibble's top bit from five of a suit on: the flush
**    test.  A hand so marked is valued again from its cards after the
**    block (a flush, 3% of 7-card hands, or a garbage byte's suit counted
**    where its word has none: the scalar way's value either way).
**
** The empty bytes read as the two of clubs: their rank numbers and clubs
** are taken off.  Keys of a block go to a buffer; the value reads of the
** group two before are done in the step (a key just stored would wait on
** its store).  Measured on a Zen 3 (docs/performance.md): 7- and 5-card
** hands about 30% more a second than the card pairs read with PEXT.
*/
#include "poker_many512_impl.h"

#if DH_POKER_256
#include <immintrin.h>

#define TARGET __attribute__((target("avx2")))

/* the inverse of DH_POKER_MIX mod 2^32: a card's unmixed number from its
** mixed one */
#define MIX_INVERSE 0x62c0001du
_Static_assert((uint32_t)(DH_POKER_MIX * MIX_INVERSE) == 1u, "MIX_INVERSE is not DH_POKER_MIX's inverse");

enum { BLOCK = 256 };  /* hands: their keys and flush marks stay in L1 */

typedef struct consts {
  __m256i plane[3];    /* byte p of each rank slot's unmixed number */
  __m256i suits01, suits23;  /* the suit counts' weights */
  __m256i spread;      /* the shuffle that gives each hand 8 bytes */
  __m256i low6, low2;  /* byte masks */
  __m256i five, top;   /* the flush test */
  __m256i empty;       /* the empty bytes' rank numbers */
  __m256i mix;         /* the mix, shifted into the key's place */
} consts;

TARGET static inline consts consts_of(int k) {
  uint8_t plane[3][32], s01[32], s23[32], spread[32];
  uint32_t u[16];
  consts c;
  int r, b, p;
  for (r = 0; r < 16; r++)
    u[r] = r < 13 ? ((dh_poker_card_key[r] >> 7) * MIX_INVERSE) & ((1u << DH_POKER_KEYBITS) - 1) : 0;
  for (b = 0; b < 32; b++) {
    int slot = b % 16, hand = slot / 8, at = slot % 8;
    for (p = 0; p < 3; p++) plane[p][b] = (uint8_t)(u[slot] >> (8 * p));
    s01[b] = slot == 0 ? 1 : slot == 1 ? 16 : 0;
    s23[b] = slot == 2 ? 1 : slot == 3 ? 16 : 0;
    spread[b] = at < k ? (uint8_t)(hand * k + at) : 0x80;  /* 0x80: a zero byte */
  }
  for (p = 0; p < 3; p++) c.plane[p] = _mm256_loadu_si256((const void *)plane[p]);
  c.suits01 = _mm256_loadu_si256((const void *)s01);
  c.suits23 = _mm256_loadu_si256((const void *)s23);
  c.spread = _mm256_loadu_si256((const void *)spread);
  c.low6 = _mm256_set1_epi8(0x3F);
  c.low2 = _mm256_set1_epi8(0x03);
  c.five = _mm256_set1_epi32(0x3333 - (8 - k));  /* clubs: less its empty bytes */
  c.top = _mm256_set1_epi32(0x8888);
  c.empty = _mm256_set1_epi32((int)((uint32_t)(8 - k) * u[0]));
  c.mix = _mm256_set1_epi32((int)(DH_POKER_MIX << 7));
  return c;
}

/* the sums over each hand of table t looked up by the bytes of a (hands
** 0, 1, 4, 5) and b (2, 3, 6, 7): eight 32-bit words in hand order */
TARGET static inline __m256i hand_sums(__m256i t, __m256i a, __m256i b) {
  const __m256i zero = _mm256_setzero_si256();
  return _mm256_packus_epi32(_mm256_sad_epu8(_mm256_shuffle_epi8(t, a), zero),
                             _mm256_sad_epu8(_mm256_shuffle_epi8(t, b), zero));
}

/* the keys of eight hands whose bytes are at c (k a hand); *marks: bit h
** set for hand h when it may hold five of a suit */
TARGET static inline __m256i keys8(const consts *t, const dh_card *c, int k, unsigned *marks) {
  __m256i a = _mm256_loadu2_m128i((const void *)(c + 4 * k), (const void *)c);
  __m256i b = _mm256_loadu2_m128i((const void *)(c + 6 * k), (const void *)(c + 2 * k));
  __m256i sum, suits, sa, sb;
  a = _mm256_and_si256(_mm256_shuffle_epi8(a, t->spread), t->low6);
  b = _mm256_and_si256(_mm256_shuffle_epi8(b, t->spread), t->low6);
  sum = _mm256_add_epi32(_mm256_add_epi32(hand_sums(t->plane[0], a, b),
                                          _mm256_slli_epi32(hand_sums(t->plane[1], a, b), 8)),
                         _mm256_slli_epi32(hand_sums(t->plane[2], a, b), 16));
  sa = _mm256_and_si256(_mm256_srli_epi16(a, 4), t->low2);
  sb = _mm256_and_si256(_mm256_srli_epi16(b, 4), t->low2);
  suits = _mm256_add_epi32(hand_sums(t->suits01, sa, sb), _mm256_slli_epi32(hand_sums(t->suits23, sa, sb), 8));
  suits = _mm256_and_si256(_mm256_add_epi32(suits, t->five), t->top);
  *marks = (unsigned)_mm256_movemask_ps(_mm256_castsi256_ps(
               _mm256_cmpeq_epi32(suits, _mm256_setzero_si256()))) ^ 0xFFu;
  return _mm256_mullo_epi32(_mm256_sub_epi32(sum, t->empty), t->mix);
}

/* may eight hands start at hand i of n?  Their last load reads 16 bytes
** from hand i + 6 */
static inline int room(size_t i, size_t n, int k) {
  return i + 8 <= n && (i + 6) * (size_t)k + 16 <= n * (size_t)k;
}

/* k a constant once inlined; returns the number of hands valued, all but
** the last few */
TARGET DH_POKER_NO_SLP static inline __attribute__((always_inline)) size_t
cards256(const dh_card *cards, int k, size_t n, dh_hand_value *out) {
  const consts t = consts_of(k);
  uint32_t keys[BLOCK];
  unsigned marks[BLOCK / 8];
  size_t i = 0;
  while (room(i, n, k)) {
    const dh_card *c = cards + i * (size_t)k;
    int b, j;
    for (b = 0; b < BLOCK && room(i + (size_t)b, n, k); b += 8, c += 8 * k) {
      _mm256_storeu_si256((void *)(keys + b), keys8(&t, c, k, &marks[b / 8]));
      __builtin_prefetch(c + 640);
      if (b >= 16)
        for (j = b - 16; j < b - 8; j++) out[i + (size_t)j] = dh_poker_key_value(keys[j]);
    }
    for (j = b >= 16 ? b - 16 : 0; j < b; j++) out[i + (size_t)j] = dh_poker_key_value(keys[j]);
    for (j = 0; j < b / 8; j++) {
      unsigned m = marks[j];
      while (m) {
        size_t h = i + 8 * (size_t)j + (size_t)__builtin_ctz(m);
        m &= m - 1;
        out[h] = dh_poker_key_value(dh_poker_cards_key(cards + h * (size_t)k, k));
      }
    }
    i += (size_t)b;
  }
  return i;
}

TARGET DH_POKER_NO_SLP size_t dh_poker_cards_values256(const dh_card *cards, int k, size_t n, dh_hand_value *out) {
  switch (k) {
    case 7: return cards256(cards, 7, n, out);
    case 6: return cards256(cards, 6, n, out);
    case 5: return cards256(cards, 5, n, out);
    default: return 0;
  }
}
#endif
