/*
** test_poker_exhaustive.c -- every 5-, 6- and 7-card hand.
**
**  5 cards: the nine category counts, 7,462 distinct values, and the order
**           of every hand checked against the slow classifier (slow_poker.h).
**  6 cards: every hand against the slow classifier (best of its six
**           five-card subsets).
**  7 cards: the nine category counts and 4,824 distinct values from the bulk
**           counter, and the bulk counter's histogram equal to the one of
**           dh_poker_eval called on every hand.
**
** "Checked against the slow classifier" means: equal slow keys always get
** equal values, and the values, taken in the order of the slow keys, rise
** strictly.  So the two agree on every comparison and every tie.
*/
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "poker.h"
#include "slow_poker.h"

#define NKEYS (9u << 20)

static uint16_t *fast_of;  /* slow key -> fast value + 1 */
static long disagree;
static int binom[53][8];
static uint32_t *slow5;    /* slow key of every 5-card hand, by colex rank */

static slow_card card_of(int i) { slow_card c = { i % 13 + 2, i / 13 }; return c; }
static dh_cardset bit_of(int i) { return dh_set_of(dh_card_make(i % 13 + 2, i / 13)); }

static void agree(uint32_t slow, dh_hand_value fast) {
  if (fast_of[slow] == 0) fast_of[slow] = (uint16_t)(fast + 1);
  else if (fast_of[slow] != fast + 1 && disagree++ < 5)
    printf("slow key %06x: value %u and %u\n", (unsigned)slow, (unsigned)fast_of[slow] - 1,
           (unsigned)fast);
}

/* the values, in slow-key order, rise strictly; returns how many keys */
static int check_monotone(void) {
  uint32_t k;
  int n = 0, last = -1, bad = 0;
  for (k = 0; k < NKEYS; k++)
    if (fast_of[k]) {
      if (fast_of[k] - 1 <= last && bad++ < 5) printf("slow key %06x out of order\n", (unsigned)k);
      last = fast_of[k] - 1;
      n++;
    }
  CHECK_EQ(bad, 0);
  return n;
}

static void five(void) {
  static const long want[DH_NCATEGORIES] = { 1302540, 1098240, 123552, 54912, 10200,
                                             5108, 3744, 624, 40 };
  long cat[DH_NCATEGORIES] = { 0 };
  uint64_t bulk[DH_NCATEGORIES] = { 0 };
  uint64_t *hist = calloc(DH_POKER_NVALUES, sizeof *hist);
  uint64_t *bulk_hist = calloc(DH_POKER_NVALUES, sizeof *bulk_hist);
  int a, b, c, d, e, i, distinct = 0;
  long idx = 0;
  slow_card h[5];
  for (e = 4; e < 52; e++)  /* colex order: idx is the colex rank */
    for (d = 3; d < e; d++)
      for (c = 2; c < d; c++)
        for (b = 1; b < c; b++)
          for (a = 0; a < b; a++, idx++) {
            dh_cardset s = bit_of(a) | bit_of(b) | bit_of(c) | bit_of(d) | bit_of(e);
            dh_hand_value v = dh_poker_eval(s);
            h[0] = card_of(a); h[1] = card_of(b); h[2] = card_of(c);
            h[3] = card_of(d); h[4] = card_of(e);
            slow5[idx] = slow_key5(h);
            agree(slow5[idx], v);
            cat[dh_poker_category(v)]++;
            hist[v]++;
          }
  CHECK_EQ(idx, 2598960);
  for (i = 0; i < DH_NCATEGORIES; i++) CHECK_EQ(cat[i], want[i]);
  for (i = 0; i < DH_POKER_NVALUES; i++) distinct += hist[i] != 0;
  CHECK_EQ(distinct, 7462);
  CHECK_EQ(check_monotone(), 7462);
  CHECK_EQ(dh_poker_count(0, 0, 5, bulk), 2598960);
  for (i = 0; i < DH_NCATEGORIES; i++) CHECK_EQ(bulk[i], want[i]);
  CHECK_EQ(dh_poker_histogram(0, 0, 5, bulk_hist), 2598960);
  CHECK(memcmp(hist, bulk_hist, DH_POKER_NVALUES * sizeof *hist) == 0);
  free(hist);
  free(bulk_hist);
}

static void six(void) {
  int c[6], m, i;
  long hands = 0;
  uint64_t bulk[DH_NCATEGORIES] = { 0 }, cat[DH_NCATEGORIES] = { 0 };
  for (c[5] = 5; c[5] < 52; c[5]++)
    for (c[4] = 4; c[4] < c[5]; c[4]++)
      for (c[3] = 3; c[3] < c[4]; c[3]++)
        for (c[2] = 2; c[2] < c[3]; c[2]++)
          for (c[1] = 1; c[1] < c[2]; c[1]++)
            for (c[0] = 0; c[0] < c[1]; c[0]++, hands++) {
              dh_cardset s = 0;
              uint32_t best = 0;
              dh_hand_value v;
              for (i = 0; i < 6; i++) s |= bit_of(c[i]);
              for (m = 0; m < 6; m++) {  /* the subset without card m */
                long r = 0;
                for (i = 0; i < 6; i++)
                  if (i != m) r += binom[c[i]][i < m ? i + 1 : i];
                if (slow5[r] > best) best = slow5[r];
              }
              v = dh_poker_eval(s);
              agree(best, v);
              cat[dh_poker_category(v)]++;
            }
  CHECK_EQ(hands, 20358520);
  CHECK_EQ(dh_poker_count(0, 0, 6, bulk), 20358520);
  for (i = 0; i < DH_NCATEGORIES; i++) CHECK_EQ(bulk[i], cat[i]);
}

static void seven(void) {
  static const long want[DH_NCATEGORIES] = { 23294460, 58627800, 31433400, 6461620, 6180020,
                                             4047644, 3473184, 224848, 41584 };
  uint64_t cat[DH_NCATEGORIES] = { 0 }, sum = 0;
  uint64_t *hist = calloc(DH_POKER_NVALUES, sizeof *hist);
  uint32_t *each = calloc(DH_POKER_NVALUES, sizeof *each);
  int i, distinct = 0, a, b, c, d, e, f, g;
  CHECK_EQ(dh_poker_count(0, 0, 7, cat), 133784560);
  for (i = 0; i < DH_NCATEGORIES; i++) CHECK_EQ(cat[i], want[i]);
  CHECK_EQ(dh_poker_histogram(0, 0, 7, hist), 133784560);
  for (i = 0; i < DH_POKER_NVALUES; i++) {
    distinct += hist[i] != 0;
    sum += hist[i];
  }
  CHECK_EQ(distinct, 4824);
  CHECK_EQ(sum, 133784560);
  /* every hand through dh_poker_eval: the same histogram */
  for (a = 0; a < 52; a++) {
    dh_cardset sa = bit_of(a);
    for (b = a + 1; b < 52; b++) {
      dh_cardset sb = sa | bit_of(b);
      for (c = b + 1; c < 52; c++) {
        dh_cardset sc = sb | bit_of(c);
        for (d = c + 1; d < 52; d++) {
          dh_cardset sd = sc | bit_of(d);
          for (e = d + 1; e < 52; e++) {
            dh_cardset se = sd | bit_of(e);
            for (f = e + 1; f < 52; f++) {
              dh_cardset sf = se | bit_of(f);
              for (g = f + 1; g < 52; g++) each[dh_poker_eval(sf | bit_of(g))]++;
            }
          }
        }
      }
    }
  }
  for (i = 0; i < DH_POKER_NVALUES; i++)
    if (each[i] != hist[i]) break;
  CHECK_EQ(i, DH_POKER_NVALUES);
  free(hist);
  free(each);
}

int main(void) {
  int n, k;
  check_init();
  fast_of = calloc(NKEYS, sizeof *fast_of);
  slow5 = malloc(2598960 * sizeof *slow5);
  for (n = 0; n <= 52; n++)
    for (k = 0; k < 8; k++) binom[n][k] = k == 0 ? 1 : n == 0 ? 0 : binom[n - 1][k - 1] + binom[n - 1][k];
  five();
  six();
  CHECK_EQ(disagree, 0);
  CHECK(check_monotone() > 7462 - 1);  /* and still in order with 6 cards */
  seven();
  free(fast_of);
  free(slow5);
  return check_done();
}
