/*
** fast_impl.h -- the parts the fast double-dummy search's files share
** (solve_fast.c searches; fast_setup.c reads the match into the search's
** state; fast_bounds.c bounds a position without a move tried;
** fast_table.c keeps what searches proved).  Private to engine/solve.
*/
#ifndef DH_FAST_IMPL_H
#define DH_FAST_IMPL_H

#include <stddef.h>
#include <stdint.h>

#if defined(__BMI2__) || defined(__AVX2__)
#include <immintrin.h>
#endif

#include "solve_impl.h"

#define LANE 0xFFFFu
#define NONE 4
/* a table entry, for the positions at a trick start with the same suit
** lengths in each hand (dist) and leader whose top cards of each suit,
** down to the lowest that mattered, are held by the same seats: a lane
** of 16 bits a suit, bit k for its k-th lowest card left, the cards that
** must match in `care` and their seats' two bits in planes p0, p1 (one
** mask and compare for all four suits); bounds on the tricks the root
** team takes from there, and the best lead found */
struct dh_fentry {
  uint64_t dist, care, p0, p1;
  int8_t lo, hi;          /* for the coalition the context names */
  uint16_t tag;           /* the leader (2 bits) and the context */
  uint8_t best;
};
/* the entries one set of suit lengths and leader may hold: many
** patterns share them, and more entries a bucket means fewer nodes
** (docs/performance.md); the digests (below) keep a scan of many cheap.
** A multiple of 8 (digests are compared 8 at a time) */
#define BUCKET 256

/* the table's first bytes: that this code laid it out (else it is
** cleared once).  An entry holds for every position of the same context
** matching its pattern, whatever deal or solve it came from, so entries
** are kept from solve to solve (the four leaders of a deal share them). */
typedef struct fhead {
  uint64_t magic, size;
  /* per trump (NONE for notrump), the last whole solve's value from a
  ** trick start, a guess for the next solve of the same cards and
  ** context with none given (dh_fast_value): bit 31 set, the context,
  ** the tricks left and the value for the coalition the context names;
  ** in the high 32 bits a hash of the hands */
  uint64_t last[5];
} fhead;
#define HEAD_ROOM 64
_Static_assert(sizeof(fhead) <= HEAD_ROOM, "the table's header fits its room");
/* an entry and its digest (below) */
#define SLOT (sizeof(dh_fentry) + sizeof(uint32_t))
#define MAGIC UINT64_C(0x64685F6661737432)

static inline unsigned lane(uint64_t set, int s) { return (unsigned)(set >> (16 * s)) & LANE; }
static inline int top_bit(unsigned x) { return 31 - __builtin_clz(x); }

/* the bits of x where mask has ones, packed low (pext) */
static inline unsigned pack(unsigned x, unsigned mask) {
#if defined(__BMI2__)
  return _pext_u32(x, mask);
#else
  unsigned out = 0, k = 1;
  for (; mask; mask &= mask - 1, k <<= 1)
    if (x & mask & (0u - mask)) out |= k;
  return out;
#endif
}

/* the rank of the j-th lowest card of `in` (pdep) */
static inline int select_rank(unsigned in, int j) {
#if defined(__BMI2__)
  return __builtin_ctz(_pdep_u32(1u << j, in));
#else
  while (j--) in &= in - 1;
  return __builtin_ctz(in);
#endif
}

static inline uint64_t mix(uint64_t x) {
  x ^= x >> 31;
  x *= UINT64_C(0x9E3779B97F4A7C15);
  x ^= x >> 29;
  return x;
}

static inline int beats(const dh_fast *f, int s, int r) {
  return s == f->wsuit ? r > f->wrank : s == f->trump;
}

/* the suits seat x may not lead now: the locked suit while x holds another */
static inline int barred(const dh_fast *f, int x) {
  return f->lock != NONE && (f->hand[x] & ~((uint64_t)LANE << (16 * f->lock))) ? 1 << f->lock : 0;
}

/* what a trick start looks like to the table: the suit lengths of each
** hand (4 bits each), and per suit the cards left and the seat of each in
** rank order (planes p0, p1, a lane a suit: bit k for the k-th lowest
** card); its tag (leader and context), digest and bucket (dh_fast_locate);
** what a probe that found no answer saw, for the store after the search
** (dh_fast_probe): the bucket's first free slot (BUCKET: none) and the
** slots of the entries that matched, up to MATCHED (nmatched past it: a
** store scans the bucket) */
#define MATCHED 6
typedef struct shape {
  uint64_t dist, p0, p1;
  unsigned count[4], tag;
  uint32_t t0, t1;   /* planes p0, p1 of each suit's top two cards: bit 2s+1 its top, 2s its second */
  uint32_t digest;
  size_t at;
  int free, nmatched;
  int16_t matched[MATCHED];
} shape;

/* fast_bounds.c: what a position is worth before a move is tried */
DH_FAST_HIDDEN int dh_fast_quick(const dh_fast *f, int L, int need, int cross, int skip, uint64_t *rel);
DH_FAST_HIDDEN int dh_fast_opp_trumps(const dh_fast *f);
DH_FAST_HIDDEN int dh_fast_top_trumps(const dh_fast *f, int side, int need, uint64_t *rel);
DH_FAST_HIDDEN int dh_fast_trump_trick(const dh_fast *f, int side, uint64_t *rel);
DH_FAST_HIDDEN int dh_fast_all_possible(const dh_fast *f, uint64_t *rel);
DH_FAST_HIDDEN int dh_fast_second_wins(const dh_fast *f, int *winner, uint64_t *rel);

/* fast_table.c: the transposition table at trick starts */
DH_FAST_HIDDEN void dh_fast_shape(const dh_fast *f, shape *sh);
DH_FAST_HIDDEN void dh_fast_locate(dh_fast *f, shape *sh);
DH_FAST_HIDDEN int dh_fast_probe(dh_fast *f, shape *sh, int target, uint64_t *rel, int *best);
DH_FAST_HIDDEN void dh_fast_store(dh_fast *f, const shape *sh, uint64_t rel, int target, int result, int best);

#endif
