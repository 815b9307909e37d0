/*
** test_poker_random.c -- random hands, fast against slow (slow_poker.h):
** order and ties of random 7-card hands and of random pairs of them, the
** five cards of dh_poker_best5, and the bulk counter on random partial
** hands with dead cards against a count made one hand at a time.
*/
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "poker.h"
#include "rng.h"
#include "slow_poker.h"

#if defined(__SANITIZE_ADDRESS__)
#define SCALE 10   /* the sanitizer build runs a tenth of the hands */
#else
#define SCALE 1
#endif

static dh_cardset random_cards(dh_rng *r, int n, dh_cardset avoid) {
  dh_cardset s = 0;
  while (dh_set_count(s) < n) {
    uint32_t c = dh_rng_below(r, 52);
    dh_cardset b = dh_set_of(dh_card_make((int)(c % 13) + 2, (int)(c / 13)));
    if (!(b & avoid)) s |= b;
  }
  return s;
}

static uint32_t slow_of(dh_cardset s) {
  slow_card c[7];
  int n = 0;
  for (; s; s &= s - 1) {
    dh_card k = (dh_card)dh_set_first(s);
    c[n].rank = dh_card_rank(k);
    c[n++].suit = dh_card_suit(k);
  }
  return slow_key(c, n);
}

static int sign(long long x) { return (x > 0) - (x < 0); }

static void order_and_ties(dh_rng *r) {
  int i, bad = 0, bad5 = 0, n = 300000 / SCALE;
  for (i = 0; i < n; i++) {
    int na = 5 + (int)dh_rng_below(r, 3), nb = 5 + (int)dh_rng_below(r, 3);
    dh_cardset a = random_cards(r, na, 0), b = random_cards(r, nb, 0), a5 = dh_poker_best5(a);
    /* ties on purpose now and then: b shares a's five best cards */
    if (i % 4 == 0) b = a5 | random_cards(r, nb - 5, a);
    if (sign((long long)slow_of(a) - (long long)slow_of(b)) !=
        sign((long long)dh_poker_eval(a) - (long long)dh_poker_eval(b)) && bad++ < 5)
      printf("order: %016llx vs %016llx\n", (unsigned long long)a, (unsigned long long)b);
    if ((dh_set_count(a5) != 5 || (a5 & ~a) || dh_poker_eval(a5) != dh_poker_eval(a) ||
         slow_of(a5) != slow_of(a)) && bad5++ < 5)
      printf("best5: %016llx -> %016llx\n", (unsigned long long)a, (unsigned long long)a5);
  }
  CHECK_EQ(bad, 0);
  CHECK_EQ(bad5, 0);
}

/* count the completions of given to n cards avoiding dead, one at a time */
static int64_t by_hand(dh_cardset hand, dh_cardset avail, int left, uint64_t *hist) {
  int64_t total = 0;
  if (left == 0) { hist[dh_poker_eval(hand)]++; return 1; }
  while (dh_set_count(avail) >= left) {
    dh_cardset b = avail & -avail;
    avail &= avail - 1;
    total += by_hand(hand | b, avail, left - 1, hist);
  }
  return total;
}

static void completions(dh_rng *r) {
  uint64_t *want = malloc(DH_POKER_NVALUES * sizeof *want);
  uint64_t *got = malloc(DH_POKER_NVALUES * sizeof *got);
  int t, trials = 60 / SCALE, bad = 0;
  for (t = 0; t < trials; t++) {
    int n = 5 + t % 3, ng = n - 1 - (int)dh_rng_below(r, 4), nd = (int)dh_rng_below(r, 12), c;
    dh_cardset given = random_cards(r, ng, 0), dead = nd ? random_cards(r, nd, given) : 0;
    uint64_t cat[DH_NCATEGORIES] = { 0 }, sum[DH_NCATEGORIES] = { 0 };
    int64_t hands, hands2;
    int v;
    if (t % 5 == 0) {  /* four of a suit given: the enumerator's flush loops */
      given = 0;
      while (dh_set_count(given) < 4)
        given |= dh_set_of(dh_card_make(2 + (int)dh_rng_below(r, 13), t % 4));
      dead &= ~given;
    }
    memset(want, 0, DH_POKER_NVALUES * sizeof *want);
    memset(got, 0, DH_POKER_NVALUES * sizeof *got);
    hands = by_hand(given, DH_FRENCH52 & ~given & ~dead, n - dh_set_count(given), want);
    hands2 = dh_poker_histogram(given, dead, n, got);
    CHECK_EQ(hands2, hands);
    CHECK_EQ(dh_poker_count(given, dead, n, cat), hands);
    for (v = 0; v < DH_POKER_NVALUES; v++) sum[v >> 12] += want[v];
    for (c = 0; c < DH_NCATEGORIES; c++)
      if (cat[c] != sum[c]) bad++;
    if (memcmp(want, got, DH_POKER_NVALUES * sizeof *want) != 0 && bad++ < 5)
      printf("histogram: given %016llx dead %016llx n %d\n", (unsigned long long)given,
             (unsigned long long)dead, n);
  }
  CHECK_EQ(bad, 0);
  free(want);
  free(got);
}

static void many(dh_rng *r) {
  enum { N = 1003 };
  static dh_cardset h[N];
  static dh_hand_value v[N];
  uint64_t counts[DH_NCATEGORIES] = { 0 }, each[DH_NCATEGORIES] = { 0 };
  int i, bad = 0;
  for (i = 0; i < N; i++) h[i] = random_cards(r, 5 + i % 3, 0);
  dh_poker_eval_many(h, N, v);
  dh_poker_count_many(h, N, counts);
  for (i = 0; i < N; i++) {
    bad += v[i] != dh_poker_eval(h[i]);
    each[dh_poker_category(v[i])]++;
  }
  CHECK_EQ(bad, 0);
  CHECK(memcmp(counts, each, sizeof counts) == 0);
}

int main(void) {
  dh_rng r;
  check_init();
  dh_rng_seed(&r, 20261122);
  order_and_ties(&r);
  completions(&r);
  many(&r);
  return check_done();
}
