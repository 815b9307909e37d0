/*
** slow_poker.h -- a plain poker classifier for the tests, written from the
** rules and sharing nothing with engine/poker*.c: five cards are sorted,
** grouped by rank and matched against the categories one by one; six or
** seven cards take the best of every five-card subset.
**
** slow_key returns category << 20 | the ranks compared, most significant
** first, four bits each: two keys compare as the hands do.
*/
#ifndef SLOW_POKER_H
#define SLOW_POKER_H

#include <stdint.h>

typedef struct slow_card { int rank, suit; } slow_card;  /* rank 2..14 */

static uint32_t slow_key5(const slow_card *c) {
  int r[5], i, j, n = 0, flush = 1, straight = 0, top = 0, cat;
  int grank[5], gcount[5];
  uint32_t key;
  for (i = 0; i < 5; i++) r[i] = c[i].rank;
  for (i = 0; i < 5; i++)  /* insertion sort, high first */
    for (j = i; j > 0 && r[j] > r[j - 1]; j--) { int t = r[j]; r[j] = r[j - 1]; r[j - 1] = t; }
  for (i = 1; i < 5; i++) if (c[i].suit != c[0].suit) flush = 0;
  /* groups of equal ranks, biggest group first, then higher rank first */
  for (i = 0; i < 5; i++) {
    if (n > 0 && grank[n - 1] == r[i]) gcount[n - 1]++;
    else { grank[n] = r[i]; gcount[n++] = 1; }
  }
  for (i = 0; i < n; i++)
    for (j = i; j > 0 && gcount[j] > gcount[j - 1]; j--) {
      int t = gcount[j]; gcount[j] = gcount[j - 1]; gcount[j - 1] = t;
      t = grank[j]; grank[j] = grank[j - 1]; grank[j - 1] = t;
    }
  if (n == 5) {
    if (r[0] - r[4] == 4) { straight = 1; top = r[0]; }
    else if (r[0] == 14 && r[1] == 5 && r[4] == 2) { straight = 1; top = 5; }
  }
  if (straight && flush) cat = 8;
  else if (gcount[0] == 4) cat = 7;
  else if (gcount[0] == 3 && gcount[1] == 2) cat = 6;
  else if (flush) cat = 5;
  else if (straight) cat = 4;
  else if (gcount[0] == 3) cat = 3;
  else if (gcount[0] == 2 && gcount[1] == 2) cat = 2;
  else if (gcount[0] == 2) cat = 1;
  else cat = 0;
  key = (uint32_t)cat << 20;
  if (straight) return key | (uint32_t)top << 16;
  for (i = 0; i < n; i++) key |= (uint32_t)grank[i] << (16 - 4 * i);
  return key;
}

/* best five of n (5..7) cards */
static uint32_t slow_key(const slow_card *c, int n) {
  uint32_t best = 0;
  int a, b, i, k;
  slow_card five[5];
  /* drop cards a < b (n = 7), or one card a (n = 6), or none */
  for (a = 0; a < n; a++)
    for (b = a + 1; b <= n; b++) {
      if (n == 5 && (a > 0 || b != n)) continue;
      if (n == 6 && b != n) continue;
      if (n == 7 && b == n) continue;
      for (i = k = 0; i < n; i++)
        if (n == 5 || (i != a && i != b)) five[k++] = c[i];
      {
        uint32_t v = slow_key5(five);
        if (v > best) best = v;
      }
    }
  return best;
}

#endif
