/*
** test_equity.c -- ranges, and equity against results worked out by hand
** or by a plain loop written here.
*/
#include <math.h>
#include <string.h>

#include "check.h"
#include "equity.h"
#include "equity_fixture.h"
#include "poker.h"

static dh_range ranges[DH_EQ_MAXPLAYERS];

static int range_n(const char *s, int game, dh_cardset dead) {
  const char *why;
  size_t where, wlen;
  dh_range r;
  if (!dh_range_parse(s, strlen(s), game, &r, &why, &where, &wlen)) return -1;
  return dh_range_remove(&r, dead);
}

static int bad_range(const char *s, size_t expect_where, size_t expect_len) {
  const char *why;
  size_t where, wlen;
  dh_range r;
  return !dh_range_parse(s, strlen(s), DH_GAME_HOLDEM, &r, &why, &where, &wlen) &&
         where == expect_where && wlen == expect_len;
}

static void test_ranges(void) {
  CHECK_EQ(range_n("QQ+", DH_GAME_HOLDEM, 0), 18);      /* 3 pairs x 6 */
  CHECK_EQ(range_n("AKs", DH_GAME_HOLDEM, 0), 4);
  CHECK_EQ(range_n("AKo", DH_GAME_HOLDEM, 0), 12);
  CHECK_EQ(range_n("AK", DH_GAME_HOLDEM, 0), 16);
  CHECK_EQ(range_n("KA", DH_GAME_HOLDEM, 0), 16);
  CHECK_EQ(range_n("76s-54s", DH_GAME_HOLDEM, 0), 12);  /* 76s 65s 54s */
  CHECK_EQ(range_n("54s-76s", DH_GAME_HOLDEM, 0), 12);
  CHECK_EQ(range_n("A5s+", DH_GAME_HOLDEM, 0), 36);     /* A5s..AKs: 9 x 4 */
  CHECK_EQ(range_n("KTo+", DH_GAME_HOLDEM, 0), 36);     /* KT KJ KQ: 3 x 12 */
  CHECK_EQ(range_n("QQ-88", DH_GAME_HOLDEM, 0), 30);
  CHECK_EQ(range_n("A9s-A6s", DH_GAME_HOLDEM, 0), 16);
  CHECK_EQ(range_n("22+", DH_GAME_HOLDEM, 0), 78);
  CHECK_EQ(range_n("*", DH_GAME_HOLDEM, 0), 1326);
  CHECK_EQ(range_n("AcQc", DH_GAME_HOLDEM, 0), 1);
  CHECK_EQ(range_n("QQ+, AKs AKo", DH_GAME_HOLDEM, 0), 34);
  CHECK_EQ(range_n("AK, AKs", DH_GAME_HOLDEM, 0), 16);  /* repeats count once */
  CHECK_EQ(range_n("aks,tt", DH_GAME_HOLDEM, 0), 10);
  /* board and dead cards removed: AKs without As leaves 3; QQ+ without Ks
  ** loses the three KK combos holding it */
  CHECK_EQ(range_n("AKs", DH_GAME_HOLDEM, cards("As")), 3);
  CHECK_EQ(range_n("QQ+", DH_GAME_HOLDEM, cards("Ks")), 15);
  CHECK_EQ(range_n("AsKsQdJd", DH_GAME_OMAHA, 0), 1);
  CHECK_EQ(range_n("AA", DH_GAME_OMAHA, 0), -1);
  CHECK_EQ(range_n("AsKs", DH_GAME_OMAHA, 0), -1);
  CHECK(bad_range("QX+", 0, 2));          /* "QX": X is no rank */
  CHECK(bad_range("AKs, QX+", 5, 2));
  CHECK(bad_range("AA+s", 0, 4));
  CHECK(bad_range("AKs-QQ", 0, 6));
  CHECK(bad_range("76s-53s", 0, 7));
  CHECK(bad_range("AsAs", 0, 4));
  CHECK(bad_range("AsKsQs", 0, 6));
  CHECK(bad_range("", 0, 0));
}

static dh_equity_req req2(const char *a, const char *b, const char *board, int game) {
  dh_equity_req q;
  const char *why;
  size_t where, wlen;
  memset(&q, 0, sizeof q);
  q.game = game;
  q.nplayers = 2;
  CHECK(dh_range_parse(a, strlen(a), game, &ranges[0], &why, &where, &wlen));
  CHECK(dh_range_parse(b, strlen(b), game, &ranges[1], &why, &where, &wlen));
  q.player[0] = &ranges[0];
  q.player[1] = &ranges[1];
  q.board = cards(board);
  return q;
}

static void test_by_hand(void) {
  dh_equity_req q;
  dh_equity_result r;
  /* AhKh against a set of sevens on 7h 2h 9d Qc: 52 - 4 - 4 = 44 rivers.
  ** Hearts left: 13 - 4 (Ah Kh 7h 2h) = 9; 9h and Qh pair the board and
  ** give 777 a full house, so the flush wins on 7 rivers (3h 4h 5h 6h 8h
  ** Th Jh).  No straight is possible for AK (it needs T and J), and an ace
  ** or king only pairs.  AK: 7 wins of 44, the set 37, no ties. */
  q = req2("AhKh", "7s7c", "7h2h9dQc", DH_GAME_HOLDEM);
  CHECK_EQ(dh_equity(&q, &r), 0);
  CHECK(r.exact);
  CHECK_EQ(r.trials, 44);
  CHECK_EQ(r.wins[0], 7);
  CHECK_EQ(r.wins[1], 37);
  CHECK_EQ(r.ties[0], 0);
  CHECK(fabs(r.equity[0] - 7.0 / 44) < 1e-12);
  /* AsKd against AhKc on 2c 7d 9h Jc: neither can make a flush (one river
  ** gives clubs four cards at most) or a straight (AK needs Q and T), and
  ** any pair the river makes is shared: all 44 rivers tie */
  q = req2("AsKd", "AhKc", "2c7d9hJc", DH_GAME_HOLDEM);
  CHECK_EQ(dh_equity(&q, &r), 0);
  CHECK_EQ(r.trials, 44);
  CHECK_EQ(r.ties[0], 44);
  CHECK_EQ(r.ties[1], 44);
  CHECK(fabs(r.equity[0] - 0.5) < 1e-12);
  /* Omaha, exactly two: board 2h 5h 9h Jh Kc holds four hearts; Ah 3s 4d 8c
  ** has one heart, so no flush (two hole cards must play): its best is A 8
  ** with K J 9, ace high; no straight either (A-2-3-4-5 would take A, 3, 4
  ** from the hand).  Qs Qd 7c 6c makes queens with K J 9 and wins. */
  q = req2("Ah3s4d8c", "QsQd7c6c", "2h5h9hJhKc", DH_GAME_OMAHA);
  CHECK_EQ(dh_equity(&q, &r), 0);
  CHECK_EQ(r.trials, 1);
  CHECK_EQ(r.wins[1], 1);
  /* the same with a second heart in the hand: Ah 3h makes the ace flush */
  q = req2("Ah3h4d8c", "QsQd7c6c", "2h5h9hJhKc", DH_GAME_OMAHA);
  CHECK_EQ(dh_equity(&q, &r), 0);
  CHECK_EQ(r.wins[0], 1);
  /* Hold'em on that board: one heart is enough (Ah and four hearts) */
  q = req2("Ah3s", "QsQd", "2h5h9hJhKc", DH_GAME_HOLDEM);
  CHECK_EQ(dh_equity(&q, &r), 0);
  CHECK_EQ(r.wins[0], 1);
}

/* a plain loop over every board, for comparison */
static void slow_headsup(dh_cardset a, dh_cardset b, dh_cardset board, uint64_t out[3]) {
  dh_card left[52];
  int n = 0, c, i[5], need = 5 - dh_set_count(board), k;
  for (c = 0; c < 64; c++)
    if (((DH_FRENCH52 & ~(a | b | board)) >> c) & 1) left[n++] = (dh_card)c;
  out[0] = out[1] = out[2] = 0;
  for (k = 0; k < need; k++) i[k] = k;
  for (;;) {
    dh_cardset bd = board;
    dh_hand_value va, vb;
    for (k = 0; k < need; k++) bd |= dh_set_of(left[i[k]]);
    va = dh_poker_eval(a | bd);
    vb = dh_poker_eval(b | bd);
    out[va > vb ? 0 : va < vb ? 1 : 2]++;
    for (k = need - 1; k >= 0 && i[k] == n - need + k; k--) {}
    if (k < 0) break;
    i[k]++;
    for (k = k + 1; k < need; k++) i[k] = i[k - 1] + 1;
  }
}

/* Omaha by the letter: every two of the four, every three of the five */
static dh_hand_value slow_omaha(dh_cardset hole, dh_cardset board) {
  dh_card h[4], b[5];
  dh_hand_value best = 0;
  int nh = 0, nb = 0, i, j, k, l, m, c;
  for (c = 0; c < 64; c++) {
    if ((hole >> c) & 1) h[nh++] = (dh_card)c;
    if ((board >> c) & 1) b[nb++] = (dh_card)c;
  }
  for (i = 0; i < 4; i++)
    for (j = i + 1; j < 4; j++)
      for (k = 0; k < 5; k++)
        for (l = k + 1; l < 5; l++)
          for (m = l + 1; m < 5; m++) {
            dh_card five[5] = { h[i], h[j], b[k], b[l], b[m] };
            dh_hand_value v = dh_poker_eval_cards(five, 5);
            if (v > best) best = v;
          }
  return best;
}

static void test_omaha_loop(void) {
  dh_equity_req q = req2("AsKsQdJd", "9h9c8h7c", "Th 6h 2s", DH_GAME_OMAHA);
  dh_equity_result r;
  dh_cardset a = cards("AsKsQdJd"), b = cards("9h9c8h7c"), flop = cards("Th 6h 2s");
  uint64_t w = 0, l = 0, t = 0;
  int x, y;
  CHECK_EQ(dh_equity(&q, &r), 0);
  /* 52 - 8 - 3 = 41 cards: 41 choose 2 = 820 turn-river pairs */
  CHECK_EQ(r.trials, 820);
  for (x = 0; x < 52; x++)
    for (y = x + 1; y < 52; y++) {
      dh_cardset cx = dh_set_of(dh_card_make(x % 13 + 2, x / 13));
      dh_cardset cy = dh_set_of(dh_card_make(y % 13 + 2, y / 13));
      dh_hand_value va, vb;
      if ((cx | cy) & (a | b | flop)) continue;
      va = slow_omaha(a, flop | cx | cy);
      vb = slow_omaha(b, flop | cx | cy);
      if (va > vb) w++; else if (va < vb) l++; else t++;
    }
  CHECK_EQ(r.wins[0], w);
  CHECK_EQ(r.wins[1], l);
  CHECK_EQ(r.ties[0], t);
  CHECK_EQ(w + l + t, 820);
}

static void test_against_loop(void) {
  dh_equity_req q;
  dh_equity_result r;
  uint64_t s[3];
  /* preflop heads-up: 48 choose 5 = 1,712,304 boards */
  q = req2("AsAh", "KdKc", "", DH_GAME_HOLDEM);
  CHECK_EQ(dh_equity(&q, &r), 0);
  CHECK(r.exact);
  CHECK_EQ(r.trials, 1712304);
  slow_headsup(cards("AsAh"), cards("KdKc"), 0, s);
  CHECK_EQ(r.wins[0], s[0]);
  CHECK_EQ(r.wins[1], s[1]);
  CHECK_EQ(r.ties[0], s[2]);
  CHECK_EQ(r.wins[0] + r.wins[1] + r.ties[0], 1712304);
  /* a flop: 45 choose 2 = 990 */
  q = req2("8c9c", "AdKs", "Tc2hJd", DH_GAME_HOLDEM);
  CHECK_EQ(dh_equity(&q, &r), 0);
  slow_headsup(cards("8c9c"), cards("AdKs"), cards("Tc2hJd"), s);
  CHECK_EQ(r.trials, 990);
  CHECK_EQ(r.wins[0], s[0]);
  CHECK_EQ(r.wins[1], s[1]);
  CHECK_EQ(r.ties[1], s[2]);
  /* a range against a hand is the sum over its combos: AKs vs QQ (4 x 6
  ** combos, the two hands never clash) on a flop */
  q = req2("AKs", "QhQd", "2c7s8d", DH_GAME_HOLDEM);
  CHECK_EQ(dh_equity(&q, &r), 0);
  {
    const char *combos[4] = { "AcKc", "AdKd", "AhKh", "AsKs" };
    uint64_t w = 0, l = 0, t = 0;
    int i;
    for (i = 0; i < 4; i++) {
      slow_headsup(cards(combos[i]), cards("QhQd"), cards("2c7s8d"), s);
      w += s[0]; l += s[1]; t += s[2];
    }
    /* AdKd and AhKh clash with nothing, Qh Qd are fixed: every combo has
    ** 52 - 4 - 3 = 45 cards left, 990 turn-river pairs */
    CHECK_EQ(r.trials, 4 * 990);
    CHECK_EQ(r.wins[0], w);
    CHECK_EQ(r.wins[1], l);
    CHECK_EQ(r.ties[0], t);
  }
}

static int calls;
static int stop_at_three(void *ud, uint64_t done, uint64_t total) {
  (void)ud; (void)done; (void)total;
  return ++calls == 3;
}

static void test_monte_carlo(void) {
  dh_equity_req q;
  dh_equity_result ex, mc;
  int p;
  /* three ways on a flop: exact, then Monte Carlo within its interval */
  {
    const char *why;
    size_t where, wlen;
    memset(&q, 0, sizeof q);
    q.nplayers = 3;
    dh_range_parse("AhKh", 4, 0, &ranges[0], &why, &where, &wlen);
    dh_range_parse("QQ+", 3, 0, &ranges[1], &why, &where, &wlen);
    dh_range_parse("76s-54s", 7, 0, &ranges[2], &why, &where, &wlen);
    for (p = 0; p < 3; p++) q.player[p] = &ranges[p];
    q.board = cards("Th 8h 6c");
  }
  CHECK_EQ(dh_equity(&q, &ex), 0);
  CHECK(ex.exact);
  q.force = 2;
  q.samples = 200000;
  q.seed = 42;
  CHECK_EQ(dh_equity(&q, &mc), 0);
  CHECK(!mc.exact);
  CHECK_EQ(mc.trials, 200000);
  for (p = 0; p < 3; p++) {
    CHECK(mc.ci95[p] > 0 && mc.ci95[p] < 0.01);
    /* 3 standard errors: the seed is fixed, so this passes or fails for good */
    CHECK(fabs(mc.equity[p] - ex.equity[p]) < 3 * mc.stderr_eq[p]);
  }
  CHECK(fabs(mc.equity[0] + mc.equity[1] + mc.equity[2] - 1) < 1e-9);
  /* the same seed, the same answer */
  {
    dh_equity_result again;
    dh_equity(&q, &again);
    CHECK_EQ(again.units[0], mc.units[0]);
  }
  /* a range of every hand ("random") is dealt last from the cards left,
  ** and known hands' cards are left out of the draws: still within 3
  ** standard errors of the exact answer, here with a known hand, a range
  ** and "random" on a flop */
  {
    const char *why;
    size_t where, wlen;
    dh_equity_result ex3, mc3;
    dh_equity_req q3;
    memset(&q3, 0, sizeof q3);
    q3.nplayers = 3;
    dh_range_parse("AhKh", 4, 0, &ranges[3], &why, &where, &wlen);
    dh_range_parse("TT+", 3, 0, &ranges[4], &why, &where, &wlen);
    dh_range_parse("random", 6, 0, &ranges[5], &why, &where, &wlen);
    for (p = 0; p < 3; p++) q3.player[p] = &ranges[3 + p];
    q3.board = cards("Qh 7h 2c");
    q3.force = 1;
    CHECK_EQ(dh_equity(&q3, &ex3), 0);
    CHECK(ex3.exact);
    q3.force = 2;
    q3.samples = 200000;
    q3.seed = 7;
    CHECK_EQ(dh_equity(&q3, &mc3), 0);
    CHECK_EQ(mc3.trials, 200000);
    for (p = 0; p < 3; p++) {
      CHECK(mc3.stderr_eq[p] > 0 && mc3.stderr_eq[p] < 0.005);
      CHECK(fabs(mc3.equity[p] - ex3.equity[p]) < 3 * mc3.stderr_eq[p]);
    }
  }
  /* the callback stops the run */
  calls = 0;
  q.samples = 10000000;
  q.progress = stop_at_three;
  q.every = 10000;
  CHECK_EQ(dh_equity(&q, &mc), 0);
  CHECK_EQ(mc.ended, DH_EQ_STOPPED);
  CHECK(mc.trials < 40000);
  /* the time budget */
  q.progress = NULL;
  q.samples = UINT64_C(10000000000);
  q.seconds = 0.05;
  CHECK_EQ(dh_equity(&q, &mc), 0);
  CHECK_EQ(mc.ended, DH_EQ_TIMEOUT);
  CHECK(mc.trials > 0 && mc.trials < q.samples);
}

/* Monte Carlo where the answer is known by symmetry: players holding the
** same range have the same equity, 1/n each.  Each question takes another
** way of the draws (equity_mc.c): lists from one word, preflop; lists too
** many for one word (seven ranges of 446 hands); open ranges only; a known
** hand beside open ranges on a flop, against the enumeration */
static void symmetric(int n, const char *range, const char *board, uint64_t samples) {
  const char *text[DH_EQ_MAXPLAYERS];
  dh_equity_req q;
  dh_equity_result r;
  int p;
  for (p = 0; p < n; p++) text[p] = range;
  q = equity_request(DH_GAME_HOLDEM, n, text, board, 0);
  q.force = 2;
  q.samples = samples;
  q.seed = 11;
  CHECK_EQ(dh_equity(&q, &r), 0);
  CHECK_EQ(r.trials, samples);
  for (p = 0; p < n; p++)   /* 4 standard errors: the seed is fixed */
    if (!CHECK(fabs(r.equity[p] - 1.0 / n) < 4 * r.stderr_eq[p]))
      printf("     %s x %d: player %d %.5f, error %.5f\n", range, n, p + 1, r.equity[p], r.stderr_eq[p]);
}

static void test_monte_carlo_draws(void) {
  dh_equity_req q;
  dh_equity_result ex, mc;
  int p;
  symmetric(2, "TT+", "", 200000);
  symmetric(3, "random", "", 200000);
  symmetric(7, "22+, A2+, K2+", "9c 5d 3h", 100000);
  q = req2("AsAh", "random", "Kd 7c 2h", DH_GAME_HOLDEM);
  q.force = 1;
  CHECK_EQ(dh_equity(&q, &ex), 0);
  CHECK(ex.exact);
  q.force = 2;
  q.samples = 200000;
  q.seed = 3;
  CHECK_EQ(dh_equity(&q, &mc), 0);
  for (p = 0; p < 2; p++) CHECK(fabs(mc.equity[p] - ex.equity[p]) < 4 * mc.stderr_eq[p]);
}

/* Monte Carlo against the enumeration, n players on a board, within 4
** standard errors of the exact equity (the seed is fixed) */
static void against_exact(int n, const char *const *range, const char *board, uint64_t samples) {
  dh_equity_req q = equity_request(DH_GAME_HOLDEM, n, range, board, 0);
  dh_equity_result ex, mc;
  int p;
  q.force = 1;
  CHECK_EQ(dh_equity(&q, &ex), 0);
  CHECK(ex.exact);
  q.force = 2;
  q.samples = samples;
  q.seed = 5;
  CHECK_EQ(dh_equity(&q, &mc), 0);
  CHECK_EQ(mc.trials, samples);
  for (p = 0; p < n; p++)
    if (!CHECK(fabs(mc.equity[p] - ex.equity[p]) < 4 * mc.stderr_eq[p] + 1e-12))
      printf("     %s (of %d) on %s: %.5f, exact %.5f, error %.5f\n", range[p], n, board,
             mc.equity[p], ex.equity[p], mc.stderr_eq[p]);
}

/* each way of the Monte Carlo's draws (equity_mc.c) against the exact
** answer or symmetry: the assignments from the joint table, of ranges
** that clash among themselves (only the assignments without a clash
** listed); a known hand between a range and "random"; the assignments too
** many for the table, drawn from the lists, clashing ranges again and
** four ranges of six hands on a flop (1,296 assignments); nothing to draw
** at all (known hands on a full board); ten open ranges, whose cards
** clash often enough to spend a word's spare draws */
static void test_monte_carlo_ways(void) {
  static const char *const clash[] = { "AA, KK", "AKs", "KK, QJs" };
  static const char *const wide[] = { "AA, KK, QQ", "AK, KQ", "QQ, JJ, AQs" };
  static const char *const known[] = { "TT+", "AhKh", "random" };
  static const char *const four[] = { "AA", "KK", "QQ", "JJ" };
  static const char *const full[] = { "AsAh", "KdKc" };
  against_exact(3, clash, "Qs 7d 2c", 200000);
  against_exact(3, wide, "Qs 7d 2c", 200000);
  against_exact(3, known, "Qh 7h 2c", 200000);
  against_exact(4, four, "9c 5d 3h", 200000);
  against_exact(2, full, "Kh 9c 5d 3h 2s", 1000);
  symmetric(10, "random", "", 50000);
}

/* a game that is neither is said so, not read as Omaha ("AA" was refused
** with "omaha hands are four explicit cards") */
static void test_unknown_game(void) {
  const char *why = NULL;
  size_t where = 9, wlen = 9;
  static dh_range r;
  CHECK(!dh_range_parse("AA", 2, 7, &r, &why, &where, &wlen));
  CHECK_STR(why, "unknown game (DH_GAME_HOLDEM or DH_GAME_OMAHA)");
  CHECK(where == 0 && wlen == 0);
  CHECK(!dh_range_parse("AsKsQdJd", 8, -1, &r, &why, &where, &wlen));
  CHECK_STR(why, "unknown game (DH_GAME_HOLDEM or DH_GAME_OMAHA)");
  CHECK(dh_range_parse("AsKsQdJd", 8, DH_GAME_OMAHA, &r, &why, &where, &wlen));
}

static void test_errors(void) {
  dh_equity_req q;
  dh_equity_result r;
  q = req2("AsKs", "AsQd", "", DH_GAME_HOLDEM);
  CHECK_EQ(dh_equity(&q, &r), DH_EQ_ETWICE);
  CHECK_EQ(r.bad_card, dh_card_make(14, DH_SPADES));
  q = req2("AsKs", "QQ", "Ks 7d 2c", DH_GAME_HOLDEM);
  CHECK_EQ(dh_equity(&q, &r), DH_EQ_ETWICE);
  q = req2("AKs", "QQ", "As Ks Kh Kd Kc", DH_GAME_HOLDEM);
  CHECK_EQ(dh_equity(&q, &r), DH_EQ_EEMPTY);
  CHECK_EQ(r.bad_player, 0);
  q = req2("AKs", "QQ", "As Ks", DH_GAME_HOLDEM);
  CHECK_EQ(dh_equity(&q, &r), DH_EQ_EBOARD);
  q = req2("AsAh", "AA", "Ad", DH_GAME_HOLDEM);
  q.board = 0;
  q.dead = cards("Ad");
  CHECK_EQ(dh_equity(&q, &r), DH_EQ_ENODEAL);   /* only Ac is left: one ace for a pair */
  q = req2("AsAh", "KK", "", DH_GAME_HOLDEM);
  q.nplayers = 1;
  CHECK_EQ(dh_equity(&q, &r), DH_EQ_EPLAYERS);
}

/* an enumeration too large to count (five random hands: about 10^15
** assignments) under a time budget: the count itself keeps to the
** budget, and the run ends before its first trial */
static void test_count_in_time(void) {
  static const char *const five[] = { "random", "random", "random", "random", "random" };
  dh_equity_req q = equity_request(DH_GAME_HOLDEM, 5, five, "", 0);
  dh_equity_result r;
  q.force = 1;
  q.seconds = 0.1;
  CHECK_EQ(dh_equity(&q, &r), 0);
  CHECK_EQ(r.ended, DH_EQ_TIMEOUT);
  CHECK_EQ(r.trials, 0);
  CHECK(!r.exact);   /* (before, the count alone ran for days) */
}

/* the Omaha hands 2c + three more cards, in order, k of them written
** into buf as a list; returns its length */
static size_t omaha_list(char *buf, int k) {
  size_t len = 0;
  int a, b, c, n = 0;
  for (a = 1; a < 52 && n < k; a++)
    for (b = a + 1; b < 52 && n < k; b++)
      for (c = b + 1; c < 52 && n < k; c++, n++) {
        int x[4] = { 0, a, b, c }, i;
        for (i = 0; i < 4; i++) {
          dh_card_name(dh_card_make(x[i] % 13 + 2, x[i] / 13), buf + len);
          len += strlen(buf + len);
        }
        buf[len++] = ',';
      }
  buf[len] = 0;
  return len;
}

/* a list past DH_RANGE_MAX hands was written on past the array (a crash
** from a bot's poker.range); "*" a thousand times over cost a scan of the
** list per combination, and a text of any length was read */
static void test_range_limits(void) {
  static char buf[DH_RANGE_TEXT + 2];
  static dh_range r;
  const char *why = "";
  size_t where = 0, wlen = 0, len, i;
  len = omaha_list(buf, DH_RANGE_MAX);
  CHECK(dh_range_parse(buf, len, DH_GAME_OMAHA, &r, &why, &where, &wlen));
  CHECK_EQ(r.n, DH_RANGE_MAX);
  len = omaha_list(buf, DH_RANGE_MAX + 1);
  CHECK(!dh_range_parse(buf, len, DH_GAME_OMAHA, &r, &why, &where, &wlen));
  CHECK(strcmp(why, "more than 1326 hands listed") == 0);
  CHECK_EQ(where, (size_t)DH_RANGE_MAX * 9);   /* the 1327th item, 8 letters and a comma each */
  CHECK_EQ(wlen, 8);
  for (i = 0; i < DH_RANGE_TEXT; i += 2) { buf[i] = '*'; buf[i + 1] = ','; }
  CHECK(dh_range_parse(buf, DH_RANGE_TEXT, DH_GAME_HOLDEM, &r, &why, &where, &wlen));
  CHECK_EQ(r.n, DH_RANGE_MAX);
  buf[DH_RANGE_TEXT] = '*';
  CHECK(!dh_range_parse(buf, DH_RANGE_TEXT + 1, DH_GAME_HOLDEM, &r, &why, &where, &wlen));
  CHECK(strcmp(why, "range text longer than 65536 bytes") == 0);
  CHECK_EQ(where, 0);
  CHECK_EQ(wlen, 0);
}

int main(void) {
  check_init();
  test_unknown_game();
  test_ranges();
  test_range_limits();
  test_by_hand();
  test_against_loop();
  test_omaha_loop();
  test_monte_carlo();
  test_monte_carlo_draws();
  test_monte_carlo_ways();
  test_count_in_time();
  test_errors();
  return check_done();
}
