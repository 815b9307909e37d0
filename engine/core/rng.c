/*
** rng.c -- seeding and jumping for xoshiro256** (see rng.h).
*/
#include "rng.h"

static uint64_t splitmix64(uint64_t *x) {
  uint64_t z = (*x += UINT64_C(0x9e3779b97f4a7c15));
  z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
  z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
  return z ^ (z >> 31);
}

void dh_rng_seed(dh_rng *r, uint64_t seed) {
  int i;
  for (i = 0; i < 4; i++) r->s[i] = splitmix64(&seed);
}

/* the jump polynomial published with xoshiro256**: 2^128 steps */
void dh_rng_jump(dh_rng *r) {
  static const uint64_t jump[4] = { UINT64_C(0x180ec6d33cfd0aba), UINT64_C(0xd5a61266f0c9392c),
                                    UINT64_C(0xa9582618e03fc9aa), UINT64_C(0x39abdc4529b1661c) };
  uint64_t t[4] = { 0, 0, 0, 0 };
  int i, b, k;
  for (i = 0; i < 4; i++)
    for (b = 0; b < 64; b++) {
      if (jump[i] & (UINT64_C(1) << b))
        for (k = 0; k < 4; k++) t[k] ^= r->s[k];
      (void)dh_rng_next(r);
    }
  for (k = 0; k < 4; k++) r->s[k] = t[k];
}

void dh_rng_split(dh_rng *r, dh_rng *child) {
  *child = *r;
  dh_rng_jump(r);
}
