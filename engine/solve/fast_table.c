/*
** fast_table.c -- the transposition table at trick starts: an entry holds
** bounds for every position of the same suit lengths and leader whose
** cards that mattered are held alike, found by a digest scan of a bucket.
*/
#include <string.h>

#include "fast_impl.h"

/* what a trick start looks like to the table: the suit lengths of each
** hand (4 bits each), and per suit the cards left and the seat of each in
** rank order (planes p0, p1, a lane a suit: bit k for the k-th lowest
** card) */

/* a hand's suit lengths, suit s's in bits 4s..4s+3: the count of each
** 16-bit lane (the shifts and masks of a population count, stopped at
** 16 bits), then the four counts brought together by one multiply (the
** lane of suit s times 2^(36 - 12s) lands at 36 + 4s; the other
** products land on other multiples of 4 and, each under 16, carry into
** none of these) */
static unsigned lengths(uint64_t h) {
  h -= h >> 1 & UINT64_C(0x5555555555555555);
  h = (h & UINT64_C(0x3333333333333333)) + (h >> 2 & UINT64_C(0x3333333333333333));
  h = (h + (h >> 4)) & UINT64_C(0x0F0F0F0F0F0F0F0F);
  h = (h + (h >> 8)) & UINT64_C(0x001F001F001F001F);
  return (unsigned)((h * UINT64_C(0x0000001001001001)) >> 36) & 0xFFFFu;
}

void dh_fast_shape(const dh_fast *f, shape *sh) {
  uint64_t all = f->hand[0] | f->hand[1] | f->hand[2] | f->hand[3];
  uint64_t b0 = 0, b1 = 0;
  int s, x;
  sh->dist = sh->p0 = sh->p1 = 0;
  for (x = 0; x < f->np; x++) {
    if (f->cidx[x] & 1) b0 |= f->hand[x];
    if (f->cidx[x] & 2) b1 |= f->hand[x];
    sh->dist |= (uint64_t)lengths(f->hand[x]) << (16 * f->cidx[x]);
  }
#if defined(__BMI2__)
  {
    /* the four suits at once: the planes' bits at the cards in play,
       packed, then spread to each suit's lane from its bottom */
    uint64_t lanes = 0, tops = 0;
    uint32_t spots = 0;
    for (s = 0; s < 4; s++) {
      unsigned c = (unsigned)__builtin_popcount(lane(all, s));
      sh->count[s] = c;
      lanes |= ((UINT64_C(1) << c) - 1) << (16 * s);
      /* the top two cards' bits (a lone card: the top's) */
      if (c >= 2) tops |= UINT64_C(3) << (16 * s + c - 2), spots |= 3u << (2 * s);
      else if (c == 1) tops |= UINT64_C(1) << (16 * s), spots |= 2u << (2 * s);
    }
    sh->p0 = _pdep_u64(_pext_u64(b0, all), lanes);
    sh->p1 = _pdep_u64(_pext_u64(b1, all), lanes);
    sh->t0 = (uint32_t)_pdep_u64(_pext_u64(sh->p0, tops), spots);
    sh->t1 = (uint32_t)_pdep_u64(_pext_u64(sh->p1, tops), spots);
  }
#else
  sh->t0 = sh->t1 = 0;
  for (s = 0; s < 4; s++) {
    unsigned u = lane(all, s), c = (unsigned)__builtin_popcount(u), k = 16 * s + c - 2;
    sh->count[s] = c;
    sh->p0 |= (uint64_t)pack(lane(b0, s), u) << (16 * s);
    sh->p1 |= (uint64_t)pack(lane(b1, s), u) << (16 * s);
    if (c >= 2) {
      sh->t0 |= (uint32_t)(sh->p0 >> k & 3) << (2 * s);
      sh->t1 |= (uint32_t)(sh->p1 >> k & 3) << (2 * s);
    } else if (c == 1) {
      sh->t0 |= (uint32_t)(sh->p0 >> (16 * s) & 1) << (2 * s + 1);
      sh->t1 |= (uint32_t)(sh->p1 >> (16 * s) & 1) << (2 * s + 1);
    }
  }
#endif
}

/* the leader, the context and the locked suit (an entry holds only
** where the same suits may be led).  With no trump left the play is
** notrump's: the context names none, and the entries are shared with
** the notrump solves and those of other trumps on the same table (as
** dh_solve_bridge_table keeps it for a deal's twenty problems) */
static unsigned tag_of(const dh_fast *f, const shape *sh) {
  unsigned ctx = f->ctx;
  if (f->trump != NONE && !sh->count[f->trump]) ctx = (ctx & ~7u) | NONE;
  return f->cidx[f->turn] | ctx << 2 | (unsigned)(f->lock == NONE ? 0 : f->lock + 1) << 12;
}

/* A digest, 4 bytes a slot kept apart from the entries, is all a probe
** reads of most entries (the scan's cost is its memory traffic).  Bits
** 0-7: 8 bits of the hash of the suit lengths and tag (never 0: 0 is a
** free slot); 16-23 and 24-31: planes p0, p1 of the seats holding each
** suit's top two cards (bit 2s+1: suit s's top card, 2s its second);
** 8-15, an entry's only: which of those cards its pattern names.  A
** position can match an entry only where the two agree on the named
** cards' seats. */

/* the position's tag, bucket (sh->at, its first slot) and digest */
void dh_fast_locate(dh_fast *f, shape *sh) {
  uint64_t h;
  sh->tag = tag_of(f, sh);
  h = mix(sh->dist * UINT64_C(0xD1B54A32D192ED03) + sh->tag);
  sh->at = (size_t)(h & f->mask) & ~(size_t)(BUCKET - 1);
  sh->digest = ((uint32_t)(h >> 40) & 0xFFu) | 1u | sh->t0 << 16 | sh->t1 << 24;
}

/* the digest of an entry naming the cards of care in the position */
static uint32_t entry_digest(const shape *sh, uint64_t care) {
  uint32_t names = 0;
  int s, c;
  for (s = 0; s < 4; s++) {
    c = __builtin_popcount(lane(care, s));   /* its top c cards */
    names |= (uint32_t)(c >= 2 ? 3 : c ? 2 : 0) << (2 * s);
  }
  return (sh->digest & (0xFFu | names * 0x01010000u)) | names << 8;
}

#if !defined(__AVX2__)
static inline int digest_fits(uint32_t d, uint32_t pd) {
  return ((d ^ pd) & (0xFFu | (d >> 8 & 0xFFu) * 0x01010000u)) == 0;
}
#endif

/* of the 8 slots from d: bit k set when slot k's entry may match the
** position of digest pd (exact: when its digest is pd, for a store);
** *empty gets the free slots */
static inline unsigned scan8(const uint32_t *d, uint32_t pd, int exact, unsigned *empty) {
#if defined(__AVX2__)
  __m256i x = _mm256_loadu_si256((const __m256i *)(const void *)d), zero = _mm256_setzero_si256(), t;
  *empty = (unsigned)_mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(x, zero)));
  t = _mm256_xor_si256(x, _mm256_set1_epi32((int)pd));
  if (!exact) {
    __m256i names = _mm256_and_si256(_mm256_srli_epi32(x, 8), _mm256_set1_epi32(0xFF));
    t = _mm256_and_si256(t, _mm256_or_si256(_mm256_set1_epi32(0xFF),
                                            _mm256_or_si256(_mm256_slli_epi32(names, 16), _mm256_slli_epi32(names, 24))));
  }
  return (unsigned)_mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(t, zero)));
#else
  unsigned out = 0, e = 0;
  int k;
  for (k = 0; k < 8; k++) {
    if (!d[k]) e |= 1u << k;
    else if (exact ? d[k] == pd : digest_fits(d[k], pd)) out |= 1u << k;
  }
  *empty = e;
  return out;
#endif
}

/* does the entry's pattern of top cards match the position? */
static inline int matches(const dh_fentry *e, const shape *sh) {
  return (((sh->p0 ^ e->p0) | (sh->p1 ^ e->p1)) & e->care) == 0;
}

/* the bits of mask where x has ones, x's k-th bit to mask's k-th lowest
** one (pdep; pack's inverse) */
static inline unsigned unpack(unsigned x, unsigned mask) {
#if defined(__BMI2__)
  return _pdep_u32(x, mask);
#else
  unsigned out = 0;
  for (; mask; mask &= mask - 1, x >>= 1)
    if (x & 1) out |= mask & (0u - mask);
  return out;
#endif
}

/* the cards an entry's pattern names in the position: per suit, the
** k-th lowest card left for each bit k of care */
static uint64_t named(const dh_fast *f, const dh_fentry *e) {
  uint64_t all = f->hand[0] | f->hand[1] | f->hand[2] | f->hand[3], out = 0;
  int s;
  for (s = 0; s < 4; s++) out |= (uint64_t)unpack(lane(e->care, s), lane(all, s)) << (16 * s);
  return out;
}

/* a bound that answers the question for target, from the entries whose
** pattern matches: 1 or 0, and the cards it rests on; -1 none.  *best:
** a lead worth trying first, the one stored with an entry that matches,
** else with the first (the most used lately) of the same suit lengths
** and leader whose pattern does not match: a lead that cut off in a
** position that differs in a few cards often cuts off here too (3.8%
** fewer nodes on whole deals than the matching entries' alone) */
int dh_fast_probe(dh_fast *f, shape *sh, int target, uint64_t *rel, int *best) {
  dh_fentry *b = f->tt + sh->at, *e;
  uint32_t *dig = f->dig + sh->at;
  unsigned tag = sh->tag, empty = 0, cand;
  int base, i, alt = -1;
  sh->free = BUCKET, sh->nmatched = 0;
  for (base = 0; base < BUCKET && !empty; base += 8) {
    cand = scan8(dig + base, sh->digest, 0, &empty);
    if (empty) {
      cand &= (empty & (0u - empty)) - 1;   /* the slots in use come first */
      sh->free = base + __builtin_ctz(empty);
    }
    for (; cand; cand &= cand - 1) {
      int lo, hi;
      i = base + __builtin_ctz(cand);
      e = b + i;
      if (e->dist != sh->dist || e->tag != tag) continue;
      if (!matches(e, sh)) {
        if (e->best != 255 && alt < 0) alt = e->best;
        continue;
      }
      lo = f->flip ? f->left - e->hi : e->lo;   /* the root team's bounds */
      hi = f->flip ? f->left - e->lo : e->hi;
      if (lo >= target || hi < target) {
        /* an entry that answers moves halfway to the bucket's front: the
           scan stops at the first that answers, and those that answer
           often are found sooner (the order of a bucket's entries means
           nothing else) */
        int j = i / 2;
        dh_fentry t = *e;
        uint32_t td = dig[i];
        *rel = named(f, e);
        *e = b[j], b[j] = t;
        dig[i] = dig[j], dig[j] = td;
        return lo >= target;
      }
      if (sh->nmatched < MATCHED) sh->matched[sh->nmatched] = (int16_t)i;
      sh->nmatched++;
      if (e->best != 255) *best = e->best;
    }
  }
  if (*best < 0) *best = alt;
  /* the search's store will most likely write the free slot: its line
     is fetched while the search runs (the write's miss was most of a
     store's time) */
  if (sh->free < BUCKET) __builtin_prefetch(b + sh->free, 1, 1);
  return -1;
}

/* keeps what a search proved: the bound, for every position whose top
** cards down to the lowest of rel are held as here */
void dh_fast_store(dh_fast *f, const shape *sh, uint64_t rel, int target, int result, int best) {
  dh_fentry *b = f->tt + sh->at, *e = NULL, n;
  uint32_t *dig = f->dig + sh->at, nd;
  uint64_t all = f->hand[0] | f->hand[1] | f->hand[2] | f->hand[3];
  int s, i, k, base;
  memset(&n, 0, sizeof n);
  n.dist = sh->dist, n.tag = (uint16_t)sh->tag;
  for (s = 0; s < 4; s++) {
    unsigned r = lane(rel, s), u = lane(all, s), d;
    if (!r) continue;
    d = (unsigned)__builtin_popcount(u >> __builtin_ctz(r));   /* the lowest that mattered and up */
    n.care |= (uint64_t)(((1u << d) - 1) << (sh->count[s] - d)) << (16 * s);
  }
  n.p0 = sh->p0 & n.care, n.p1 = sh->p1 & n.care;
  nd = entry_digest(sh, n.care);
  if (sh->nmatched <= MATCHED) {
    /* the probe before the search saw every entry that matches the
       position, among them any of this pattern, and the first free slot:
       no scan.  The search may have stored in the bucket meanwhile
       (positions of other suit lengths sharing it) or moved its entries:
       the slots are checked again, and a slot missed makes at worst a
       second entry of the pattern, its bounds as true */
    for (k = 0; k < sh->nmatched && !e; k++) {
      dh_fentry *m = &b[sh->matched[k]];
      if (m->dist == n.dist && m->tag == n.tag && m->care == n.care && m->p0 == n.p0 && m->p1 == n.p1) e = m;
    }
    for (i = sh->free; i < BUCKET && dig[i]; i++) {}
    base = BUCKET;
  } else {
    base = 0, i = BUCKET;
  }
  for (; base < BUCKET && !e && i == BUCKET; base += 8) {
    /* the same pattern: tighten its bounds */
    unsigned empty, cand = scan8(dig + base, nd, 1, &empty);
    for (; cand && !e; cand &= cand - 1) {
      k = base + __builtin_ctz(cand);
      if (b[k].dist == n.dist && b[k].tag == n.tag && b[k].care == n.care && b[k].p0 == n.p0 && b[k].p1 == n.p1) e = &b[k];
    }
    if (empty) i = base + __builtin_ctz(empty);   /* the first free slot */
  }
  if (!e) {
    /* a free slot (i, after those in use), else one in the back half:
       the entries that answer often have moved to the front */
    if (i == BUCKET) i = BUCKET / 2 + (int)(f->nodes & (BUCKET / 2 - 1));
    e = &b[i];
    dig[i] = nd;
    *e = n;
    e->lo = 0, e->hi = (int8_t)f->left, e->best = 255;
  }
  /* the root team's value >= target (result) or < target; the entry's
     coalition's is the rest of the tricks when flipped */
  if (result == !f->flip) {
    int lo = f->flip ? f->left - target + 1 : target;
    if (lo > e->lo) e->lo = (int8_t)lo;
  } else {
    int hi = f->flip ? f->left - target : target - 1;
    if (hi < e->hi) e->hi = (int8_t)hi;
  }
  if (best >= 0) e->best = (uint8_t)best;
}
