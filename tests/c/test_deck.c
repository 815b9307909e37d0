/* test_deck.c -- deck kinds, custom decks, shuffle uniformity, dealing */
#include <math.h>
#include <string.h>

#include "cards.h"
#include "check.h"
#include "deck.h"

static int count_rank(const dh_deck *d, int rank) {
  int i, n = 0;
  for (i = 0; i < d->n; i++) n += dh_card_rank(d->cards[i]) == rank;
  return n;
}

static void test_kinds(void) {
  dh_deck d;
  CHECK_EQ(dh_deck_kind("french52"), DH_DECK_FRENCH52);
  CHECK_EQ(dh_deck_kind("pinochle48"), DH_DECK_PINOCHLE48);
  CHECK_EQ(dh_deck_kind("french53"), -1);
  dh_deck_init(&d, DH_DECK_FRENCH52);
  CHECK_EQ(d.n, 52);
  CHECK(dh_deck_set(&d) == DH_FRENCH52);
  CHECK_EQ(d.cards[0], C("2c"));
  CHECK_EQ(d.cards[51], C("As"));
  dh_deck_init(&d, DH_DECK_FRENCH54);
  CHECK_EQ(d.n, 54);
  CHECK(dh_deck_set(&d) == (DH_FRENCH52 | DH_JOKERS));
  dh_deck_init(&d, DH_DECK_ITALIAN40);
  CHECK_EQ(d.n, 40);
  CHECK_EQ(count_rank(&d, 8) + count_rank(&d, 9) + count_rank(&d, 10), 0);
  CHECK_EQ(count_rank(&d, 14) + count_rank(&d, 7) + count_rank(&d, 11) + count_rank(&d, 13), 16);
  /* its natural order is A 2 3 4 5 6 7 J Q K (ace low, face value) */
  CHECK(dh_order_strength(&d.natural, C("Ac")) < dh_order_strength(&d.natural, C("2c")));
  CHECK(dh_order_strength(&d.natural, C("7c")) < dh_order_strength(&d.natural, C("Jc")));
  CHECK(dh_order_strength(&d.natural, C("Qc")) < dh_order_strength(&d.natural, C("Kc")));
  dh_deck_init(&d, DH_DECK_PIQUET32);
  CHECK_EQ(d.n, 32);
  CHECK(dh_deck_set(&d) == S("7c 8c 9c Tc Jc Qc Kc Ac 7d 8d 9d Td Jd Qd Kd Ad "
                             "7h 8h 9h Th Jh Qh Kh Ah 7s 8s 9s Ts Js Qs Ks As"));
  dh_deck_init(&d, DH_DECK_EUCHRE24);
  CHECK_EQ(d.n, 24);
  CHECK_EQ(count_rank(&d, 9), 4);
  CHECK_EQ(count_rank(&d, 8), 0);
  dh_deck_init(&d, DH_DECK_PINOCHLE48);
  CHECK_EQ(d.n, 48);
  CHECK_EQ(d.layout, DH_LAYOUT_DOUBLE);
  CHECK_EQ(dh_set_count(dh_deck_set(&d)), 48);  /* twins are distinct cards */
  CHECK_EQ(count_rank(&d, 14), 8);
  {
    char a[8], b[8];
    dh_card_name(d.cards[0], a);
    dh_card_name(d.cards[1], b);
    CHECK_STR(a, "9c");
    CHECK_STR(b, "9c#2");  /* ... the second named as such */
    CHECK(d.cards[0] != d.cards[1]);
    /* and rank equal in the natural order */
    CHECK_EQ(dh_order_strength(&d.natural, d.cards[0]), dh_order_strength(&d.natural, d.cards[1]));
  }
}

static void test_custom(void) {
  dh_deck d;
  const char *why = "";
  size_t where = 99;
  const char *src = "As, Kd  Td,9s 9s";
  CHECK(dh_deck_custom(&d, src, strlen(src), &why, &where));
  CHECK_EQ(d.n, 5);
  CHECK_EQ(d.layout, DH_LAYOUT_DOUBLE);
  CHECK_EQ(d.cards[3], C("9s"));
  CHECK_EQ(d.cards[4], dh_card_make_copy(9, DH_SPADES));
  src = "As Kd x1 Td";
  CHECK(!dh_deck_custom(&d, src, strlen(src), &why, &where));
  CHECK_EQ(where, 6);
  CHECK_STR(why, "unknown rank");
  src = "As 2c 2c";
  CHECK(!dh_deck_custom(&d, src, strlen(src), &why, &where));
  CHECK_EQ(where, 6);
  src = "Ks Ks Ks";
  CHECK(!dh_deck_custom(&d, src, strlen(src), &why, &where));
  CHECK_STR(why, "card appears more than twice");
  src = "Ks Ks 5h";
  CHECK(!dh_deck_custom(&d, src, strlen(src), &why, &where));
  src = "  , ";
  CHECK(!dh_deck_custom(&d, src, strlen(src), &why, &where));
  CHECK_STR(why, "no cards");
  src = "BJ LJ 2c";
  CHECK(dh_deck_custom(&d, src, strlen(src), &why, &where));
  CHECK_EQ(d.n, 3);
  /* a second copy named as one: the deck is double, and each card still
  ** comes twice at most */
  src = "Ks#2 Ks Ah";
  CHECK(dh_deck_custom(&d, src, strlen(src), &why, &where));
  CHECK_EQ(d.layout, DH_LAYOUT_DOUBLE);
  CHECK_EQ(d.cards[0], dh_card_make_copy(13, DH_SPADES));
  CHECK_EQ(d.cards[1], C("Ks"));
  src = "Ks#2 Ks Ks";
  CHECK(!dh_deck_custom(&d, src, strlen(src), &why, &where));
  CHECK_STR(why, "card appears more than twice");
  src = "Ks#2 Ks#2";
  CHECK(!dh_deck_custom(&d, src, strlen(src), &why, &where));
  src = "LJ Ks#2 5h";
  CHECK(!dh_deck_custom(&d, src, strlen(src), &why, &where));
  CHECK_STR(why, "a deck with repeated cards cannot also hold ranks 2 to 7");
}

/* ---- shuffle uniformity ---- */

typedef void (*shuffler)(dh_deck *, dh_rng *);

/* two classic mistakes, kept here to show the test catches them */
static void shuffle_naive(dh_deck *d, dh_rng *r) {  /* swap with any position */
  int i;
  for (i = 0; i < d->n; i++) {
    int j = (int)dh_rng_below(r, d->n);
    dh_card t = d->cards[i]; d->cards[i] = d->cards[j]; d->cards[j] = t;
  }
}
static void shuffle_sattolo(dh_deck *d, dh_rng *r) {  /* j < i: off by one */
  int i;
  for (i = d->n - 1; i > 0; i--) {
    int j = (int)dh_rng_below(r, (uint32_t)i);
    dh_card t = d->cards[i]; d->cards[i] = d->cards[j]; d->cards[j] = t;
  }
}

/* chi-square of where each card of a 52-card deck lands (df 51*51 = 2601) */
static double position_chi2(shuffler f, int rounds) {
  static long count[52][52];
  dh_deck fresh, d;
  dh_rng r;
  double e = rounds / 52.0, x = 0;
  int i, k;
  memset(count, 0, sizeof count);
  dh_deck_init(&fresh, DH_DECK_FRENCH52);
  dh_rng_seed(&r, 12345);
  for (k = 0; k < rounds; k++) {
    d = fresh;
    f(&d, &r);
    for (i = 0; i < 52; i++) count[i][d.cards[i] - (d.cards[i] / 16) * 3] ++;  /* card -> 0..51 */
  }
  for (i = 0; i < 52; i++)
    for (k = 0; k < 52; k++) x += (count[i][k] - e) * (count[i][k] - e) / e;
  return x;
}

/* chi-square over the 24 orders of a 4-card deck (df 23) */
static double perm4_chi2(shuffler f, int rounds) {
  long count[256];
  dh_deck fresh, d;
  dh_rng r;
  const char *why;
  size_t where;
  double e = rounds / 24.0, x = 0;
  int k, seen = 0;
  memset(count, 0, sizeof count);
  dh_deck_custom(&fresh, "2c 3c 4c 5c", 11, &why, &where);
  dh_rng_seed(&r, 777);
  for (k = 0; k < rounds; k++) {
    d = fresh;
    f(&d, &r);
    count[(d.cards[0] << 6) | (d.cards[1] << 4) | (d.cards[2] << 2) | d.cards[3]]++;
  }
  for (k = 0; k < 256; k++) {
    int a = k >> 6, b = (k >> 4) & 3, c = (k >> 2) & 3, dd = k & 3;
    if (a == b || a == c || a == dd || b == c || b == dd || c == dd) continue;
    seen++;
    x += (count[k] - e) * (count[k] - e) / e;
  }
  return seen == 24 ? x : 1e9;
}

static void test_shuffle_uniform(void) {
  /* critical values at p = 0.001: df 2601 -> 2829.6 (Wilson-Hilferty),
  ** df 23 -> 49.73.  Fixed seeds: the test is deterministic. */
  double ok52 = position_chi2(dh_deck_shuffle, 52000);
  double ok4 = perm4_chi2(dh_deck_shuffle, 48000);
  CHECK(ok52 < 2829.6);
  CHECK(ok4 < 49.73);
  CHECK(position_chi2(shuffle_sattolo, 52000) > 2829.6);
  CHECK(perm4_chi2(shuffle_naive, 48000) > 49.73);
  if (ok52 >= 2829.6 || ok4 >= 49.73) printf("     chi2 52: %.1f, 4: %.1f\n", ok52, ok4);
}

static void test_shuffle_known(void) {
  /* Fisher-Yates over 2c..Jc with seed 7 gives the order 1 8 3 0 4 5 9 6 2 7
  ** (computed by a separate Python transcription of the documented
  ** algorithm), the same on every platform */
  dh_deck d;
  dh_rng r;
  const char *why, *src = "2c 3c 4c 5c 6c 7c 8c 9c Tc Jc";
  static const int want[10] = { 1, 8, 3, 0, 4, 5, 9, 6, 2, 7 };
  size_t where;
  int i, same = 1;
  dh_deck_custom(&d, src, strlen(src), &why, &where);
  dh_rng_seed(&r, 7);
  dh_deck_shuffle(&d, &r);
  for (i = 0; i < 10; i++) same &= d.cards[i] == want[i];
  CHECK(same);
}

static void test_seeds(void) {
  dh_deck a, b, c;
  dh_rng r1, r2, r3;
  dh_deck_init(&a, DH_DECK_FRENCH52);
  b = c = a;
  dh_rng_seed(&r1, 31); dh_rng_seed(&r2, 31); dh_rng_seed(&r3, 32);
  dh_deck_shuffle(&a, &r1); dh_deck_shuffle(&b, &r2); dh_deck_shuffle(&c, &r3);
  CHECK(memcmp(a.cards, b.cards, 52) == 0);
  CHECK(memcmp(a.cards, c.cards, 52) != 0);
  CHECK(dh_deck_set(&a) == DH_FRENCH52);
}

static void test_deal(void) {
  dh_deck d;
  dh_cardset h[4];
  static const uint8_t p32[2] = { 3, 2 };
  int i, k, ok = 1;
  dh_rng r;
  /* unshuffled, dealer seat 3, packets 3-2: seat 0 gets 2c 3c 4c, then
  ** seats 1, 2, 3; the second round two each from Ac on */
  dh_deck_init(&d, DH_DECK_FRENCH52);
  memset(h, 0, sizeof h);
  CHECK_EQ(dh_deck_deal(&d, 4, 3, p32, 2, 0, h), 5);
  CHECK(h[0] == S("2c 3c 4c Ac 2d"));
  CHECK(h[1] == S("5c 6c 7c 3d 4d"));
  CHECK(h[2] == S("8c 9c Tc 5d 6d"));
  CHECK(h[3] == S("Jc Qc Kc 7d 8d"));
  CHECK_EQ(dh_deck_left(&d), 32);
  CHECK_EQ(dh_deck_draw(&d), C("9d"));
  /* one at a time, 3 players, dealer seat 1: seats 2, 0, 1 in turn */
  dh_deck_init(&d, DH_DECK_FRENCH52);
  memset(h, 0, sizeof h);
  CHECK_EQ(dh_deck_deal(&d, 3, 1, NULL, 0, 2, h), 2);
  CHECK(h[2] == S("2c 5c"));
  CHECK(h[0] == S("3c 6c"));
  CHECK(h[1] == S("4c 7c"));
  /* too short: nothing dealt */
  dh_deck_init(&d, DH_DECK_EUCHRE24);
  memset(h, 0, sizeof h);
  CHECK_EQ(dh_deck_deal(&d, 4, 0, NULL, 0, 7, h), -1);
  CHECK_EQ(dh_deck_left(&d), 24);
  CHECK(h[0] == 0);
  CHECK_EQ(dh_deck_deal(&d, 4, 4, NULL, 0, 1, h), -1);  /* bad dealer */
  /* Briscola style: deal 3 each to 2, turn the next card under the talon:
  ** it is drawn last */
  dh_deck_init(&d, DH_DECK_PIQUET32);
  memset(h, 0, sizeof h);
  dh_deck_deal(&d, 2, 1, NULL, 0, 3, h);
  CHECK(h[0] == S("7c 9c Jc"));
  CHECK(h[1] == S("8c Tc Qc"));
  CHECK_EQ(dh_deck_turn_under(&d), C("Kc"));
  CHECK_EQ(dh_deck_draw(&d), C("Ac"));
  while (dh_deck_left(&d) > 1) dh_deck_draw(&d);
  CHECK_EQ(dh_deck_draw(&d), C("Kc"));
  CHECK_EQ(dh_deck_draw(&d), DH_NO_CARD);
  CHECK_EQ(dh_deck_turn_under(&d), DH_NO_CARD);
  /* conservation over many random deals: hands disjoint, sizes right,
  ** hands plus talon make the deck */
  dh_rng_seed(&r, 8);
  for (k = 0; k < 2000; k++) {
    int kind = k % DH_DECK_NKINDS, players = 2 + k % 3, each;
    dh_cardset all = 0;
    dh_deck_init(&d, kind);
    dh_deck_shuffle(&d, &r);
    memset(h, 0, sizeof h);
    each = dh_deck_deal(&d, players, k % players, NULL, 0, d.n / players / 2, h);
    for (i = 0; i < players; i++) {
      ok &= (all & h[i]) == 0 && dh_set_count(h[i]) == each;
      all |= h[i];
    }
    ok &= (all & dh_deck_set(&d)) == 0;
    ok &= dh_set_count(all | dh_deck_set(&d)) == d.n;
  }
  CHECK(ok);
}

/* the one-pass shuffle and deal gives the deck and hands of the two calls */
static void test_shuffle_deal(void) {
  static const int kinds[] = { DH_DECK_FRENCH52, DH_DECK_FRENCH54, DH_DECK_ITALIAN40,
                               DH_DECK_PINOCHLE48 };
  int k, players, dealer, per, top, seed, i;
  for (k = 0; k < 4; k++)
    for (players = 1; players <= 7; players++)
      for (dealer = 0; dealer < players; dealer++)
        for (per = 0; per <= 14; per += 1 + per / 4)
          for (top = 0; top <= 2; top++)
            for (seed = 0; seed < 3; seed++) {
              dh_deck a, b;
              dh_rng ra, rb;
              dh_cardset ha[8] = { 0 }, hb[8] = { 0 };
              int ok = 1;
              dh_deck_init(&a, kinds[k]);
              a.top = (uint8_t)top;
              b = a;
              dh_rng_seed(&ra, (uint64_t)seed);
              rb = ra;
              dh_deck_shuffle(&a, &ra);
              dh_deck_deal(&a, players, dealer, NULL, 0, per, ha);
              dh_deck_shuffle_deal(&b, &rb, players, dealer, per, hb);
              ok = a.top == b.top && memcmp(a.cards, b.cards, sizeof a.cards) == 0;
              for (i = 0; i < 8; i++) ok = ok && ha[i] == hb[i];
              ok = ok && ra.s[0] == rb.s[0];
              CHECK(ok);
            }
}

int main(void) {
  check_init();
  test_shuffle_deal();
  test_kinds();
  test_custom();
  test_shuffle_uniform();
  test_shuffle_known();
  test_seeds();
  test_deal();
  return check_done();
}
