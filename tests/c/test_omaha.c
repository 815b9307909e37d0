/*
** test_omaha.c -- Omaha hands (omaha.h): goldens worked out by hand from
** the rule (exactly two hole cards, exactly three board cards), and random
** hands against a brute force that tries every five of the nine cards and
** keeps those the rule allows.
*/
#include <string.h>

#include "cards.h"
#include "check.h"
#include "omaha.h"
#include "rng.h"

#if defined(__SANITIZE_ADDRESS__)
#define SCALE 10
#else
#define SCALE 1
#endif

static void check_hi(const char *hole, const char *board, int category, const int *ranks) {
  dh_hand_value v = dh_omaha_eval(S(hole), S(board));
  dh_cardset five = dh_omaha_best5(S(hole), S(board));
  int r[5], n = dh_poker_ranks(v, r), i;
  CHECK(dh_omaha_valid(S(hole), S(board)));
  CHECK_EQ(dh_poker_category(v), category);
  for (i = 0; i < n; i++) CHECK_EQ(r[i], ranks[i]);
  CHECK_EQ(dh_set_count(five & S(hole)), 2);
  CHECK_EQ(dh_set_count(five & S(board)), 3);
  CHECK_EQ(dh_poker_eval(five), v);
}

static void goldens_hi(void) {
  /* five hearts among the nine, one on the board: no flush in Omaha; the
  ** best is the wheel, A-2 from the hand with 5-4-3 from the board */
  static const int wheel[] = { 5 };
  static const int four_nines[] = { 9, 14 };
  static const int ace_high[] = { 14, 13, 12, 8, 4 };
  static const int flush[] = { 14, 13, 9, 8, 3 };
  check_hi("Ah Kh 7h 2h", "Qh 9c 5d 4s 3c", DH_STRAIGHT, wheel);
  CHECK_EQ(dh_poker_category(dh_poker_eval(S("Ah Kh 7h 2h Qh 9c 5d"))), DH_FLUSH);  /* Hold'em would */
  /* four nines on the board play as three: nines full of the hand's aces */
  check_hi("Ah As 2c 3d", "9c 9d 9h 9s Kd", DH_FULL_HOUSE, four_nines);
  /* four hearts on the board and one in the hand: no flush, no pair, no
  ** straight (A-K-Q-J-T needs three of the hand): A Q with K 8 4 */
  check_hi("Ah Qs Js Ts", "Kh 8h 3h 4h 2c", DH_HIGH_CARD, ace_high);
  /* two hearts in the hand and three on the board do make one */
  check_hi("Ah 9h 2c 3d", "Kh 8h 3h 4s 2s", DH_FLUSH, flush);
}

static void check_low(const char *hole, const char *board, const int *ranks, const char *text) {
  dh_low_value v = dh_omaha_low(S(hole), S(board));
  int r[5], i;
  char buf[32];
  if (!ranks) {
    CHECK_EQ(v, DH_NO_LOW);
    CHECK_EQ(dh_low_ranks(v, r), 0);
    CHECK_EQ(dh_low_describe(v, buf, sizeof buf), -1);
    return;
  }
  CHECK_EQ(dh_low_ranks(v, r), 5);
  for (i = 0; i < 5; i++) CHECK_EQ(r[i], ranks[i]);
  CHECK(dh_low_describe(v, buf, sizeof buf) > 0);
  CHECK_STR(buf, text);
}

static void goldens_low(void) {
  static const int l8532[] = { 8, 5, 3, 2, 1 };
  static const int l7652[] = { 7, 6, 5, 2, 1 };
  static const int l8752[] = { 8, 7, 5, 2, 1 };
  check_low("Ac 2d Kh Ks", "3c 5d 8h Jc Qs", l8532, "8-5-3-2-A low");
  /* the hand's 3 and 4 cannot join its A 2: two from the hand only */
  check_low("Ac 2d 3h 4s", "5c 6d 7h Kc Ks", l7652, "7-6-5-2-A low");
  /* the board's A and 2 pair the hand's: its 5 7 8 make the low */
  check_low("Ac 2d Kc Kd", "Ah 2h 5c 7d 8s", l8752, "8-7-5-2-A low");
  /* only two low ranks on the board: no low for anyone */
  check_low("Ac 2d 3h 4s", "9c Td Jh 2c 3s", NULL, NULL);
  /* one low rank in the hand (aces twice): no low */
  check_low("Ac Ad Kc Qd", "2c 3d 4h 7s 9c", NULL, NULL);
  /* a nine is no low card */
  check_low("Ac 9d Kc Qd", "2c 3d 4h 7s 9c", NULL, NULL);
  /* the better low is the lower top card first (7-4-3-2-A beats
  ** 8-4-3-2-A), and the ace is the lowest card (6-5-4-3-A beats 6-5-4-3-2);
  ** suits do not matter */
  CHECK(dh_omaha_low(S("Ac 2d Kh Ks"), S("3c 4d 7h Jc Qs")) >
        dh_omaha_low(S("Ac 2d Kh Ks"), S("3c 4d 8h Jc Qs")));
  CHECK(dh_omaha_low(S("Ac 3d Kh Ks"), S("4c 5d 6h Jc Qs")) >
        dh_omaha_low(S("2c 3d Kh Ks"), S("4c 5d 6h Jc Qs")));
  CHECK_EQ(dh_omaha_low(S("Ac 2d Kh Ks"), S("3c 4d 5h Jc Qs")) , dh_omaha_low(S("As 2s Qh Qs"), S("3c 4d 5h Jc Qs")));
  CHECK(!dh_omaha_valid(S("Ac 2d"), S("3c 4d")));
  CHECK(!dh_omaha_valid(S("Ac 2d 3c"), S("3c 4d 5h")));
}

/* --- random hands against brute force ---------------------------------------- */

static dh_cardset random_cards(dh_rng *r, int n, dh_cardset avoid) {
  dh_cardset s = 0;
  while (dh_set_count(s) < n) {
    uint32_t c = dh_rng_below(r, 52);
    dh_cardset b = dh_set_of(dh_card_make((int)(c % 13) + 2, (int)(c / 13)));
    if (!(b & avoid)) s |= b;
  }
  return s;
}

/* the slow low: a five's ranks, aces as 1, falling, if all are distinct and
** 8 or lower; then compared rank by rank from the top, fewer is better */
static int slow_low(const dh_card *five, int out[5]) {
  int i, j;
  for (i = 0; i < 5; i++) {
    int r = dh_card_rank(five[i]);
    out[i] = r == 14 ? 1 : r;
    if (out[i] > 8) return 0;
  }
  for (i = 0; i < 5; i++)
    for (j = i + 1; j < 5; j++) {
      if (out[j] > out[i]) { int t = out[i]; out[i] = out[j]; out[j] = t; }
    }
  for (i = 0; i < 4; i++)
    if (out[i] == out[i + 1]) return 0;
  return 1;
}

static int lex_less(const int *a, const int *b) {
  int i;
  for (i = 0; i < 5; i++)
    if (a[i] != b[i]) return a[i] < b[i];
  return 0;
}

static void against_brute_force(void) {
  dh_rng r;
  int t, n = 200000 / SCALE, bad_hi = 0, bad_low = 0, lows = 0, nolows = 0;
  dh_rng_seed(&r, 15);
  for (t = 0; t < n; t++) {
    int nb = 3 + t % 3, nh = t % 7 == 0 ? 5 : 4, m, i, k;
    dh_cardset hole = random_cards(&r, nh, 0), board = random_cards(&r, nb, hole);
    dh_card cards[11];
    int from_hole[11], total = 0, best_low[5], have_low = 0, got[5];
    dh_hand_value best = 0;
    dh_cardset s;
    for (s = hole; s; s &= s - 1) { cards[total] = (dh_card)dh_set_first(s); from_hole[total++] = 1; }
    for (s = board; s; s &= s - 1) { cards[total] = (dh_card)dh_set_first(s); from_hole[total++] = 0; }
    /* every five of the nine (or fewer), kept when two are the hand's */
    for (m = 0; m < (1 << total); m++) {
      dh_card five[5];
      int nh5 = 0, low[5];
      dh_cardset set = 0;
      if (__builtin_popcount((unsigned)m) != 5) continue;
      for (i = 0, k = 0; i < total; i++)
        if (m >> i & 1) { five[k++] = cards[i]; nh5 += from_hole[i]; set |= dh_set_of(cards[i]); }
      if (nh5 != 2) continue;
      if (dh_poker_eval(set) > best) best = dh_poker_eval(set);
      if (slow_low(five, low) && (!have_low || lex_less(low, best_low))) {
        memcpy(best_low, low, sizeof low);
        have_low = 1;
      }
    }
    if (dh_omaha_eval(hole, board) != best) bad_hi++;
    if (dh_poker_eval(dh_omaha_best5(hole, board)) != best) bad_hi++;
    if (have_low) {
      lows++;
      if (dh_low_ranks(dh_omaha_low(hole, board), got) != 5 || memcmp(got, best_low, sizeof got) != 0)
        bad_low++;
    } else {
      nolows++;
      if (dh_omaha_low(hole, board) != DH_NO_LOW) bad_low++;
    }
  }
  CHECK_EQ(bad_hi, 0);
  CHECK_EQ(bad_low, 0);
  CHECK(lows > n / 20);     /* both kinds of board were seen */
  CHECK(nolows > n / 20);
}

/* the order of lows agrees with comparing their ranks */
static void low_order(void) {
  dh_rng r;
  int t, bad = 0;
  dh_rng_seed(&r, 16);
  for (t = 0; t < 20000 / SCALE; t++) {
    dh_cardset h1 = random_cards(&r, 4, 0), b = random_cards(&r, 5, h1), h2 = random_cards(&r, 4, h1 | b);
    dh_low_value a = dh_omaha_low(h1, b), c = dh_omaha_low(h2, b);
    int ra[5], rc[5];
    if (!a || !c) continue;
    dh_low_ranks(a, ra);
    dh_low_ranks(c, rc);
    if ((a > c) != lex_less(ra, rc) || (a == c) != (memcmp(ra, rc, sizeof ra) == 0)) bad++;
  }
  CHECK_EQ(bad, 0);
}

int main(void) {
  check_init();
  goldens_hi();
  goldens_low();
  against_brute_force();
  low_order();
  return check_done();
}
