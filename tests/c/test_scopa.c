/*
** test_scopa.c -- Scopa's capture sets (engine/scopa) against a brute
** force: every subset of the table tested by summing its values from the
** rank by the rule text's table (A 1, 2-7 pips, J 8, Q 9, K 10).
**
** Exhaustive over every table drawn from 12 cards that hold every
** value, for every value 1 to 10; then random tables of up to
** 13 cards from the whole deck; then captures worked out by hand.
*/
#include <string.h>

#include "capture.h"
#include "check.h"
#include "cards.h"
#include "rng.h"

static int rule_value(dh_card c) {
  switch (dh_card_rank(c)) {
    case 14: return 1;
    case 11: return 8;
    case 12: return 9;
    case 13: return 10;
    default: return dh_card_rank(c);
  }
}

/* the brute force's answer as a sorted list of sets */
static int brute(const dh_card *cards, int n, int value, int equal_first, dh_cardset *out) {
  int count = 0, i;
  unsigned m;
  if (equal_first)
    for (i = 0; i < n; i++)
      if (rule_value(cards[i]) == value) out[count++] = dh_set_of(cards[i]);
  if (count) return count;
  for (m = 1; m < (1u << n); m++) {
    int sum = 0;
    dh_cardset s = 0;
    for (i = 0; i < n; i++) if (m >> i & 1) { sum += rule_value(cards[i]); s |= dh_set_of(cards[i]); }
    if (sum == value) out[count++] = s;
  }
  return count;
}

static int cmp_sets(const void *a, const void *b) {
  dh_cardset x = *(const dh_cardset *)a, y = *(const dh_cardset *)b;
  return x < y ? -1 : x > y;
}

#define MAXOUT 4096

/* the engine and the brute force agree on a table, as sets of sets */
static int agree(const dh_card *cards, int n) {
  static dh_cardset got[MAXOUT], want[MAXOUT];
  dh_cardset table = 0;
  int i, v, mode;
  for (i = 0; i < n; i++) table |= dh_set_of(cards[i]);
  for (mode = 0; mode < 2; mode++)
    for (v = 1; v <= 10; v++) {
      int ng = mode ? dh_scopa_captures(table, v, got, MAXOUT) : dh_scopa_sums(table, v, got, MAXOUT);
      int nw = brute(cards, n, v, mode, want);
      if (ng != nw || ng > MAXOUT) return 0;
      qsort(got, (size_t)ng, sizeof *got, cmp_sets);
      qsort(want, (size_t)nw, sizeof *want, cmp_sets);
      if (memcmp(got, want, (size_t)ng * sizeof *got) != 0) return 0;
    }
  return 1;
}

static void exhaustive(void) {
  dh_cardset deck = S("Ac 2c 3c 4c 5c 6c 7c Jc Qc Kc Ad 3d");
  dh_card cards[12], hand[12];
  int n = 0, bad = 0;
  unsigned m;
  for (; deck; deck &= deck - 1) cards[n++] = (dh_card)dh_set_first(deck);
  for (m = 0; m < (1u << n); m++) {
    int k = 0, i;
    for (i = 0; i < n; i++) if (m >> i & 1) hand[k++] = cards[i];
    if (!agree(hand, k) && bad++ < 3) printf("     table mask %#x disagrees\n", m);
  }
  CHECK_EQ(bad, 0);
}

static void random_tables(int rounds) {
  dh_rng r;
  static const int ranks[10] = { 14, 2, 3, 4, 5, 6, 7, 11, 12, 13 };
  int i, bad = 0;
  dh_rng_seed(&r, 11);
  for (i = 0; i < rounds; i++) {
    dh_card cards[20];
    dh_cardset seen = 0;
    int n = 0, want = 1 + (int)dh_rng_below(&r, 13);
    while (n < want) {
      dh_card c = dh_card_make(ranks[dh_rng_below(&r, 10)], (int)dh_rng_below(&r, 4));
      if (dh_set_has(seen, c)) continue;
      seen |= dh_set_of(c);
      cards[n++] = c;
    }
    if (!agree(cards, n) && bad++ < 3) printf("     random table %d disagrees\n", i);
  }
  CHECK_EQ(bad, 0);
}

static void goldens(void) {
  dh_cardset out[16];
  CHECK_EQ(dh_scopa_value(C("Ad")), 1);
  CHECK_EQ(dh_scopa_value(C("7d")), 7);
  CHECK_EQ(dh_scopa_value(C("Jc")), 8);
  CHECK_EQ(dh_scopa_value(C("Qs")), 9);
  CHECK_EQ(dh_scopa_value(C("Kh")), 10);
  CHECK_EQ(dh_scopa_value(C("9h")), 0);      /* not in the Italian deck */
  /* a seven on 7c 3d 4s 2h 5c: the seven alone, though 3+4 and 2+5 sum to 7 */
  CHECK_EQ(dh_scopa_captures(S("7c 3d 4s 2h 5c"), 7, out, 16), 1);
  CHECK(out[0] == S("7c"));
  /* a seven on 3d 4s 2h 5c: 3+4 or 2+5, two choices */
  CHECK_EQ(dh_scopa_captures(S("3d 4s 2h 5c"), 7, out, 16), 2);
  /* two sevens on the table: either one */
  CHECK_EQ(dh_scopa_captures(S("7c 7h 4s 3d"), 7, out, 16), 2);
  /* a king (10) on 4h 6c Ad 3s 2d (4 6 1 3 2, 16 in all): the sets
  ** summing to 10 are 4+6, 6+3+1 and 4+3+2+1 (leaving out 6: 4+3+2+1;
  ** with 6, the rest must make 4: 4, 3+1): three */
  CHECK_EQ(dh_scopa_captures(S("4h 6c Ad 3s 2d"), 10, out, 16), 3);
  /* nothing sums to two on 3c 4c: no capture */
  CHECK_EQ(dh_scopa_captures(S("3c 4c"), 2, out, 16), 0);
  /* more sets than room: the count, only max written */
  CHECK_EQ(dh_scopa_sums(S("Ac Ad Ah As 2c 2d"), 2, out, 1), 8);
  CHECK_EQ(dh_scopa_sums(S("9c"), 9, out, 16), -1);
}

int main(void) {
  check_init();
  goldens();
  exhaustive();
  random_tables(2000);
  return check_done();
}
