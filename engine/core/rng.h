/*
** rng.h -- the engine's only source of randomness.
**
** Algorithm: xoshiro256** (Blackman and Vigna, 2018), 256 bits of state,
** period 2^256 - 1.  Seeding: the four state words are the first four
** outputs of splitmix64 started from the 64-bit seed, so every seed,
** including 0, gives a valid non-zero state.  Bounded integers use
** Lemire's multiply-and-reject method, which is exactly uniform.
** Independent streams: dh_rng_jump advances a generator by 2^128 steps;
** dh_rng_split hands out the current stream and jumps the parent, so
** streams split off one after another never overlap for 2^128 draws.
**
** Known answers (tests/c/test_rng.c, docs/rng.md): seed 1 gives
**   0xb3f2af6d0fc710c5, 0x853b559647364cea, 0x92f89756082a4514, ...
*/
#ifndef DH_RNG_H
#define DH_RNG_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct dh_rng { uint64_t s[4]; } dh_rng;

void dh_rng_seed(dh_rng *r, uint64_t seed);
void dh_rng_jump(dh_rng *r);
/* *child takes the current stream; r jumps ahead */
void dh_rng_split(dh_rng *r, dh_rng *child);

static inline uint64_t dh_rng_rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

static inline uint64_t dh_rng_next(dh_rng *r) {
  uint64_t *s = r->s;
  uint64_t result = dh_rng_rotl(s[1] * 5, 7) * 9;
  uint64_t t = s[1] << 17;
  s[2] ^= s[0]; s[3] ^= s[1]; s[1] ^= s[2]; s[0] ^= s[3];
  s[2] ^= t;
  s[3] = dh_rng_rotl(s[3], 45);
  return result;
}

/* uniform in [0, n), n >= 1 (Lemire 2019) */
static inline uint32_t dh_rng_below(dh_rng *r, uint32_t n) {
  uint64_t m = (uint64_t)(uint32_t)(dh_rng_next(r) >> 32) * n;
  uint32_t low = (uint32_t)m;
  if (low < n) {
    uint32_t threshold = (uint32_t)(-n) % n;
    while (low < threshold) {
      m = (uint64_t)(uint32_t)(dh_rng_next(r) >> 32) * n;
      low = (uint32_t)m;
    }
  }
  return (uint32_t)(m >> 32);
}

/* uniform double in [0, 1) with 53 random bits */
static inline double dh_rng_double(dh_rng *r) {
  return (double)(dh_rng_next(r) >> 11) * (1.0 / 9007199254740992.0);
}

#ifdef __cplusplus
}
#endif

#endif
