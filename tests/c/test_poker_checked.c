/*
** test_poker_checked.c -- the bulk calls: dh_poker_eval_many and
** dh_poker_count_many, and their checked forms, against dh_poker_eval one
** hand at a time; the checked forms must name the first hand that is not
** 5..7 of the 52 cards, wherever it sits, and leave counts alone then.
**
** The array calls choose at run time between AVX-512 (poker_many512.c, for
** whole blocks of 256 hands), AVX2 (poker_many256.c, the same blocks) and
** plain loops.  The library's own copy takes
** whichever this machine has; a second copy of engine/poker/poker_many.c,
** compiled in here without either, tests the plain loops everywhere.
*/
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "poker.h"
#include "rng.h"

#define DH_POKER_NO_AVX512
#define DH_POKER_NO_AVX2
#define dh_poker_eval_many scalar_eval_many
#define dh_poker_count_many scalar_count_many
#define dh_poker_eval_many_checked scalar_eval_many_checked
#define dh_poker_count_many_checked scalar_count_many_checked
#include "../../engine/poker/poker_many.c"
#undef dh_poker_eval_many
#undef dh_poker_count_many
#undef dh_poker_eval_many_checked
#undef dh_poker_count_many_checked

typedef struct impl {
  const char *name;
  void (*eval)(const dh_cardset *, size_t, dh_hand_value *);
  void (*count)(const dh_cardset *, size_t, uint64_t *);
  size_t (*eval_checked)(const dh_cardset *, size_t, dh_hand_value *);
  size_t (*count_checked)(const dh_cardset *, size_t, uint64_t *);
} impl;

static const impl impls[2] = {
  { "library", dh_poker_eval_many, dh_poker_count_many, dh_poker_eval_many_checked,
    dh_poker_count_many_checked },
  { "scalar", scalar_eval_many, scalar_count_many, scalar_eval_many_checked,
    scalar_count_many_checked },
};

#define MAXN 5000

static dh_cardset random_hand(dh_rng *r, int n) {
  dh_cardset s = 0;
  while (dh_set_count(s) < n) {
    uint32_t c = dh_rng_below(r, 52);
    s |= dh_set_of(dh_card_make((int)(c % 13) + 2, (int)(c / 13)));
  }
  return s;
}

/* good hands of 5, 6 and 7 cards, with more flushes than chance gives */
static void fill(dh_rng *r, dh_cardset *h, size_t n) {
  size_t i;
  for (i = 0; i < n; i++) {
    h[i] = random_hand(r, 5 + (int)dh_rng_below(r, 3));
    if (i % 5 == 0) {  /* five or more of one suit */
      dh_cardset lane = 0;
      int suit = (int)dh_rng_below(r, 4);
      while (dh_set_count(lane) < 5 + (int)(i % 3))
        lane |= dh_set_of(dh_card_make(2 + (int)dh_rng_below(r, 13), suit));
      h[i] = lane;
    }
  }
}

static void expected_counts(const dh_cardset *h, size_t n, uint64_t *counts) {
  size_t i;
  for (i = 0; i < n; i++) counts[dh_poker_category(dh_poker_eval(h[i]))]++;
}

/* good arrays of many lengths (around the step of 8 and the check blocks) */
static void good_hands(const impl *f, dh_rng *r, dh_cardset *h, dh_hand_value *out) {
  static const size_t sizes[] = { 0, 1, 7, 8, 9, 119, 120, 121, 255, 256, 257, 1023, 1024, 1025, MAXN };
  size_t k, i;
  for (k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
    size_t n = sizes[k];
    uint64_t counts[DH_NCATEGORIES], want[DH_NCATEGORIES];
    int c, wrong = 0;
    fill(r, h, n);
    for (c = 0; c < DH_NCATEGORIES; c++) counts[c] = want[c] = 1000 + (uint64_t)c;  /* added to */
    expected_counts(h, n, want);

    memset(out, 0xff, MAXN * sizeof *out);
    f->eval(h, n, out);
    for (i = 0; i < n; i++) wrong += out[i] != dh_poker_eval(h[i]);
    CHECK_EQ(wrong, 0);

    memset(out, 0xff, MAXN * sizeof *out);
    CHECK_EQ(f->eval_checked(h, n, out), n);
    for (i = 0, wrong = 0; i < n; i++) wrong += out[i] != dh_poker_eval(h[i]);
    CHECK_EQ(wrong, 0);
    CHECK(n == MAXN || out[n] == 0xffffffffu);  /* nothing past the end */

    f->count(h, n, counts);
    for (c = 0; c < DH_NCATEGORIES; c++) CHECK_EQ(counts[c], want[c]);
    for (c = 0; c < DH_NCATEGORIES; c++) counts[c] = 1000 + (uint64_t)c;
    CHECK_EQ(f->count_checked(h, n, counts), n);
    for (c = 0; c < DH_NCATEGORIES; c++) CHECK_EQ(counts[c], want[c]);
    if (wrong) printf("     (%s, %zu hands)\n", f->name, n);
  }
}

/* one bad hand (or two) among good ones: its index comes back, counts stay */
static void bad_hands(const impl *f, dh_rng *r, dh_cardset *h, dh_hand_value *out) {
  const dh_cardset five = dh_set_of(dh_card_make(14, 0)) | dh_set_of(dh_card_make(9, 1)) |
                          dh_set_of(dh_card_make(7, 2)) | dh_set_of(dh_card_make(4, 3)) |
                          dh_set_of(dh_card_make(2, 3));
  const dh_cardset bad[] = {
    0,                                    /* no card */
    five & (five - 1),                    /* four cards */
    five | dh_set_of(dh_card_make(3, 0)) | dh_set_of(dh_card_make(3, 1)) |
      dh_set_of(dh_card_make(3, 2)),      /* eight cards */
    DH_FRENCH52,                          /* all 52 */
    (five & (five - 1)) | UINT64_C(1) << 13,  /* four cards and a slot past the ace */
    five | UINT64_C(1) << 13,             /* five cards and stray bits, in each lane's slots 13..15 */
    five | UINT64_C(1) << 15,
    five | UINT64_C(1) << 30,
    five | UINT64_C(1) << 47,
    five | UINT64_C(1) << 63,
    UINT64_C(0x001F) << 0 | UINT64_C(0x1F) << 16,  /* ten cards: two flush lanes */
  };
  /* 1001 hands: three blocks of 256 for the AVX-512 way, then 233 for the
  ** plain loops (995 and 1000 are among them) */
  static const size_t at[] = { 0, 1, 7, 8, 15, 16, 255, 256, 600, 995, 1000, 1999 };
  static const size_t sizes[] = { 2000, 1001 };
  size_t n, s, b, k;
  uint64_t counts[DH_NCATEGORIES];
  int c, kept = 1;
  for (s = 0; s < 2; s++)
  for (b = 0, n = sizes[s]; b < sizeof bad / sizeof bad[0]; b++)
    for (k = 0; k < sizeof at / sizeof at[0]; k++) {
      if (at[k] >= n) continue;
      fill(r, h, n);
      h[at[k]] = bad[b];
      CHECK_EQ(f->eval_checked(h, n, out), at[k]);
      for (c = 0; c < DH_NCATEGORIES; c++) counts[c] = 7;
      CHECK_EQ(f->count_checked(h, n, counts), at[k]);
      for (c = 0; c < DH_NCATEGORIES; c++) kept &= counts[c] == 7;
      if (at[k] + 10 < n) {  /* a second bad hand later: the first is named */
        h[at[k] + 10] = bad[(b + 1) % (sizeof bad / sizeof bad[0])];
        CHECK_EQ(f->eval_checked(h, n, out), at[k]);
        CHECK_EQ(f->count_checked(h, n, counts), at[k]);
      }
    }
  CHECK(kept);
}

int main(void) {
  dh_rng r;
  dh_cardset *h = malloc(MAXN * sizeof *h);
  dh_hand_value *out = malloc(MAXN * sizeof *out);
  int i;
  check_init();
  if (!h || !out) return 1;
  dh_rng_seed(&r, 4);
  for (i = 0; i < 2; i++) {
    good_hands(&impls[i], &r, h, out);
    bad_hands(&impls[i], &r, h, out);
  }
  free(h);
  free(out);
  return check_done();
}
