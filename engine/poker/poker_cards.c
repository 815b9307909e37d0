/*
** poker_cards.c -- the values of many hands given as arrays of cards.
**
** Each hand's sum of card words is its key (poker_impl.h): k loads and adds
** a hand, the card set made only for a flush.
**
** Where the processor permutes bytes across a vector (AVX-512 VBMI: Ice
** Lake, Zen 4 and later; chosen at run time, like the checks of
** poker_many.c) the sums are made sixteen hands at a time instead.  The
** k * 16 card bytes of sixteen hands sit in two 64-byte loads; one byte
** permute a card position puts that card of each hand in the low byte of
** a 32-bit lane, and two 16-entry table permutes give its rank key and its
** suit count (the parts of its card word).  The keys of a block go to a
** buffer and are valued there, two loads each, and the few hands with five
** of a suit, listed by a compress as the block goes, are valued again one
** by one from their cards.
**
** Where it has AVX2 instead, poker_cards256.c makes the keys eight hands
** at a time by byte shuffles, without a table read per card.
**
** Elsewhere, where PEXT is fast (BMI2, but not the AMD families before
** Zen 3, which run it in microcode), two cards are summed by one read:
** their two bytes read as a 16-bit word, PEXT keeps the low six bits of
** each (all a card word depends on), and dh_poker_pair_word (32 KB) holds
** the two words' sum.  A 7-card hand is then four reads of card words, not
** seven, and three pairs of bytes, not seven bytes: 13-16% more hands a
** second on a Zen 3 (docs/performance.md).  Only the bulk call takes it:
** one hand a call ran 5-10% slower by pairs.
*/
#include <string.h>

#include "poker_many512_impl.h"

#if defined(__GNUC__) && defined(__x86_64__) && !defined(DH_POKER_NO_AVX512)
#define CARDS512 1
#include <immintrin.h>
#else
#define CARDS512 0
#endif

/* k a constant once inlined, so the adds are written out */
static inline __attribute__((always_inline)) void
cards_many(const dh_card *cards, int k, size_t n, dh_hand_value *out) {
  size_t i;
  for (i = 0; i < n; i++, cards += k) out[i] = dh_poker_key_value(dh_poker_cards_key(cards, k));
}

#if defined(__GNUC__) && defined(__x86_64__) && !defined(DH_POKER_NO_PEXT)
#define PAIRS 1
#include <immintrin.h>
#define PAIRS_TARGET __attribute__((target("bmi2")))

/* BMI2, and PEXT in hardware (the AMD families 15h and 17h microcode it) */
static int have_fast_pext(void) {
  return __builtin_cpu_supports("bmi2") && !__builtin_cpu_is("amdfam15h") &&
         !__builtin_cpu_is("amdfam17h");
}

/* the sum of the words of cards c[0] and c[1] */
PAIRS_TARGET static inline uint64_t pair_sum(const dh_card *c) {
  uint16_t w;
  memcpy(&w, c, sizeof w);
  return dh_poker_pair_word[_pext_u32(w, 0x3F3F)];
}

/* dh_poker_cards_sum by pairs (n a constant once inlined) */
PAIRS_TARGET static inline __attribute__((always_inline)) uint64_t
pairs_sum(const dh_card *c, int n) {
  switch (n) {
    case 7: return pair_sum(c) + pair_sum(c + 2) + pair_sum(c + 4) + dh_poker_card_sum(c[6]);
    case 6: return pair_sum(c) + pair_sum(c + 2) + pair_sum(c + 4);
    default: return pair_sum(c) + pair_sum(c + 2) + dh_poker_card_sum(c[4]);
  }
}

/* cards_many with the hand sums made by pairs */
PAIRS_TARGET static inline __attribute__((always_inline)) void
pairs_many(const dh_card *cards, int k, size_t n, dh_hand_value *out) {
  size_t i;
  for (i = 0; i < n; i++, cards += k) {
    uint64_t sum = pairs_sum(cards, k);
    uint32_t key = __builtin_expect(dh_poker_sum_flush(sum), 0)
                       ? dh_poker_cards_flush_key(cards, k, sum) : (uint32_t)sum;
    out[i] = dh_poker_key_value(key);
  }
}

/* k cards a hand, 5..7 only; returns 0 for another k (nothing done) */
PAIRS_TARGET static int pairs_any(const dh_card *cards, int k, size_t n, dh_hand_value *out) {
  switch (k) {
    case 7: pairs_many(cards, 7, n, out); return 1;
    case 6: pairs_many(cards, 6, n, out); return 1;
    case 5: pairs_many(cards, 5, n, out); return 1;
    default: return 0;
  }
}
#else
#define PAIRS 0
#endif

#if CARDS512
enum { BLOCK = 256 };  /* hands: their keys and flush list stay in L1 */

static int have_vbmi(void) {
  return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
         __builtin_cpu_supports("avx512vbmi");
}

/* values blocks of hands, sixteen at a time, while the two loads of each
** sixteen stay inside the array (the last block may be short); returns how
** many hands it valued */
__attribute__((target("avx512f,avx512bw,avx512vbmi"))) static inline __attribute__((always_inline))
size_t cards512(const dh_card *cards, int k, size_t n, dh_hand_value *out) {
  uint32_t rank_key[16] = { 0 }, suit_count[16] = { 0 }, keys[BLOCK], flush[BLOCK + 16];
  uint8_t pick[7][64];
  __m512i at[7], ranks, suits;
  const __m512i lanes = _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
  const __m512i five = _mm512_set1_epi32((int)(DH_POKER_SUM_FIVE >> 32));
  const __m512i suit_bits = _mm512_set1_epi32(0x30);
  size_t i = 0, last;
  int j, b, r, size;   /* size: the hands of a block */
  /* sixteen hands read 128 bytes from their first card: the last sixteen
  ** valued here start at hand last at the latest */
  if (n * (size_t)k < 128) return 0;
  last = (n * (size_t)k - 128) / (size_t)k;
  /* a card's word, split: the low half by its slot, the high by its suit */
  for (r = 0; r < 13; r++) rank_key[r] = (uint32_t)dh_poker_card_sum((dh_card)r);
  /* by bits 4-7 of a card's byte: its suit is bits 4-5 whatever 6-7 hold,
  ** as dh_poker_card_word reads any byte.  A byte of no rank (13-15) still
  ** counts in its suit here, where the word has none: that can only mark a
  ** hand with five of a suit that has not, and those are valued again from
  ** their cards */
  for (r = 0; r < 16; r++) suit_count[r] = (uint32_t)(dh_poker_card_sum((dh_card)(16 * (r & 3))) >> 32);
  ranks = _mm512_loadu_si512((const void *)rank_key);
  suits = _mm512_loadu_si512((const void *)suit_count);
  /* byte 4 h of at[j]: card j of hand h (the other bytes are zeroed) */
  for (j = 0; j < k; j++) {
    for (b = 0; b < 64; b++) pick[j][b] = (uint8_t)(b % 4 ? 0 : k * (b / 4) + j);
    at[j] = _mm512_loadu_si512((const void *)pick[j]);
  }
  for (; i <= last; i += (size_t)size) {
    int nflush = 0;
    size = (last - i) / 16 < BLOCK / 16 ? (int)((last - i) / 16 + 1) * 16 : BLOCK;
    for (b = 0; b < size; b += 16) {
      const dh_card *c = cards + (i + b) * (size_t)k;
      __m512i lo = _mm512_loadu_si512((const void *)c), hi = _mm512_loadu_si512((const void *)(c + 64));
      __m512i key = _mm512_setzero_si512(), count = _mm512_setzero_si512();
      __m512i all = _mm512_set1_epi32(-1), any = _mm512_setzero_si512();
      __mmask16 f;
      for (j = 0; j < k; j++) {
        __m512i card = _mm512_maskz_permutex2var_epi8(0x1111111111111111u, lo, at[j], hi);
        key = _mm512_add_epi32(key, _mm512_permutexvar_epi32(card, ranks));
        if (k == 5) {   /* five cards: a flush when all share a suit */
          all = _mm512_and_si512(all, card);
          any = _mm512_or_si512(any, card);
        } else {
          count = _mm512_add_epi32(count, _mm512_permutexvar_epi32(_mm512_srli_epi32(card, 4), suits));
        }
      }
      _mm512_storeu_si512((void *)(keys + b), key);
      /* (five cards: the AND and the OR of their bytes agree on the suit's
      ** bits 4-5; a byte of no rank can only mark one more hand) */
      f = k == 5 ? _mm512_testn_epi32_mask(_mm512_xor_si512(all, any), suit_bits)
                 : _mm512_test_epi32_mask(count, five);
      _mm512_storeu_si512((void *)(flush + nflush),
                          _mm512_maskz_compress_epi32(f, _mm512_add_epi32(lanes, _mm512_set1_epi32(b))));
      nflush += __builtin_popcount(f);
      if (b >= 32)   /* the values of the sixteen two groups back, while these keys are made */
        for (j = b - 32; j < b - 16; j++) out[i + (size_t)j] = dh_poker_key_value(keys[j]);
    }
    for (b = size >= 32 ? size - 32 : 0; b < size; b++) out[i + b] = dh_poker_key_value(keys[b]);
    for (j = 0; j < nflush; j++) {
      size_t h = i + flush[j];
      out[h] = dh_poker_key_value(dh_poker_cards_key(cards + h * (size_t)k, k));
    }
  }
  return i;
}

__attribute__((target("avx512f,avx512bw,avx512vbmi")))
static size_t cards512_any(const dh_card *cards, int k, size_t n, dh_hand_value *out) {
  switch (k) {
    case 7: return cards512(cards, 7, n, out);
    case 6: return cards512(cards, 6, n, out);
    case 5: return cards512(cards, 5, n, out);
    default: return 0;
  }
}
#endif

void dh_poker_eval_cards_many(const dh_card *cards, int k, size_t n, dh_hand_value *out) {
  size_t done = 0;
#if CARDS512
  if (have_vbmi()) done = cards512_any(cards, k, n, out);
#endif
#if DH_POKER_256
  if (!done && dh_poker_have256()) done = dh_poker_cards_values256(cards, k, n, out);
#endif
  cards += done * (size_t)k;
  n -= done;
  out += done;
#if PAIRS
  if (have_fast_pext() && pairs_any(cards, k, n, out)) return;
#endif
  switch (k) {
    case 7: cards_many(cards, 7, n, out); break;
    case 6: cards_many(cards, 6, n, out); break;
    case 5: cards_many(cards, 5, n, out); break;
    default: cards_many(cards, k, n, out); break;
  }
}
