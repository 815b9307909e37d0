/* test_rng.c -- xoshiro256** known answers, bounded integers, streams.
** The expected values were computed with a separate Python transcription
** of the published algorithm (splitmix64 seeding, xoshiro256**, the
** published jump polynomial), not with this code. */
#include <string.h>

#include "check.h"
#include "rng.h"

static void test_known_answers(void) {
  dh_rng r;
  dh_rng_seed(&r, 1);
  CHECK(dh_rng_next(&r) == UINT64_C(0xb3f2af6d0fc710c5));
  CHECK(dh_rng_next(&r) == UINT64_C(0x853b559647364cea));
  CHECK(dh_rng_next(&r) == UINT64_C(0x92f89756082a4514));
  CHECK(dh_rng_next(&r) == UINT64_C(0x642e1c7bc266a3a7));
  CHECK(dh_rng_next(&r) == UINT64_C(0xb27a48e29a233673));
  dh_rng_seed(&r, 0);  /* seed 0 is a valid, non-zero state */
  CHECK(dh_rng_next(&r) == UINT64_C(0x99ec5f36cb75f2b4));
  dh_rng_seed(&r, UINT64_MAX);
  CHECK(dh_rng_next(&r) == UINT64_C(0x8f5520d52a7ead08));
  dh_rng_seed(&r, 1);
  dh_rng_jump(&r);
  CHECK(dh_rng_next(&r) == UINT64_C(0x332802f81eaae9d0));
  CHECK(dh_rng_next(&r) == UINT64_C(0x02d18d7749b84f96));
}

static void test_below_known(void) {
  static const uint32_t want[10] = { 4, 19, 35, 48, 51, 40, 37, 44, 39, 30 };
  dh_rng r;
  int i, same = 1;
  dh_rng_seed(&r, 42);
  for (i = 0; i < 10; i++) same &= dh_rng_below(&r, 52) == want[i];
  CHECK(same);
}

/* chi-square of counts against a uniform expectation */
static double chi2(const long *count, int n, long total) {
  double e = (double)total / n, x = 0;
  int i;
  for (i = 0; i < n; i++) x += (count[i] - e) * (count[i] - e) / e;
  return x;
}

static void test_below_uniform(void) {
  /* n = 3 and n = 52 and a large n whose rejection zone matters:
  ** 2^31 + 1 makes a plain modulo put twice the weight on low values */
  dh_rng r;
  long count[52];
  int i, out_of_range = 0;
  dh_rng_seed(&r, 2024);
  memset(count, 0, sizeof count);
  for (i = 0; i < 520000; i++) {
    uint32_t v = dh_rng_below(&r, 52);
    if (v >= 52) out_of_range++; else count[v]++;
  }
  CHECK_EQ(out_of_range, 0);
  CHECK(chi2(count, 52, 520000) < 87.97);  /* df 51, p = 0.001 */
  memset(count, 0, sizeof count);
  for (i = 0; i < 300000; i++) count[dh_rng_below(&r, 3)]++;
  CHECK(chi2(count, 3, 300000) < 13.82);   /* df 2, p = 0.001 */
  {
    uint32_t n = (UINT32_C(1) << 31) + 1;
    long low = 0;
    for (i = 0; i < 200000; i++) low += dh_rng_below(&r, n) < n / 2;
    /* half the draws below n/2, within 4.5 standard deviations (224) */
    CHECK(low > 100000 - 1006 && low < 100000 + 1006);
  }
  for (i = 0; i < 1000; i++) out_of_range += dh_rng_below(&r, 1) != 0;
  CHECK_EQ(out_of_range, 0);
}

static void test_streams(void) {
  dh_rng a, b, child;
  int i, equal = 0;
  dh_rng_seed(&a, 99);
  b = a;
  dh_rng_split(&a, &child);
  CHECK(memcmp(&child, &b, sizeof b) == 0);  /* the child has the old stream */
  dh_rng_jump(&b);
  CHECK(memcmp(&a, &b, sizeof b) == 0);      /* the parent jumped */
  for (i = 0; i < 1000; i++) equal += dh_rng_next(&a) == dh_rng_next(&child);
  CHECK_EQ(equal, 0);
  /* same seed, same stream */
  dh_rng_seed(&a, 5);
  dh_rng_seed(&b, 5);
  for (i = 0; i < 100; i++) equal += dh_rng_next(&a) == dh_rng_next(&b);
  CHECK_EQ(equal, 100);
  {
    double d;
    int bad = 0;
    for (i = 0; i < 100000; i++) { d = dh_rng_double(&a); bad += d < 0 || d >= 1; }
    CHECK_EQ(bad, 0);
  }
}

int main(void) {
  check_init();
  test_known_answers();
  test_below_known();
  test_below_uniform();
  test_streams();
  return check_done();
}
