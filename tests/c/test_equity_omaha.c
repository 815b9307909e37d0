/*
** test_equity_omaha.c -- Omaha ranges written with wildcards and rank
** patterns (AsAhxx, AAxx, ds, ss, *), and equity with them.
**
** Golden values come from outside the code under test: range sizes from
** counting by formula (worked in the comments), equities from a brute force
** written here from the rules -- each player's hands listed by plain loops
** over the deck, every deal and board visited, every hand valued as the
** best of its 6 x 10 five-card hands by the small classifier below (not
** the engine's evaluator).
*/
#include <math.h>
#include <string.h>

#include "check.h"
#include "equity.h"
#include "equity_fixture.h"

static dh_range ranges[DH_EQ_MAXPLAYERS];

static dh_card card_at(int i) { return dh_card_make(i % 13 + 2, i / 13); }

static int parse(const char *s, dh_range *r) {
  const char *why;
  size_t where, wlen;
  return dh_range_parse(s, strlen(s), DH_GAME_OMAHA, r, &why, &where, &wlen);
}

static long long count(const char *s, dh_cardset dead) {
  dh_range r;
  if (!parse(s, &r)) return -1;
  return (long long)dh_range_count(&r, dead);
}

/* ---- a plain five-card classifier, from the rules ---- */

/* category (8 straight flush .. 0 high card) in the top bits, then the
** ranks that break ties, most important first, four bits each */
static long plain5(const int rank[5], const int suit[5]) {
  int cnt[15] = { 0 }, order[5], n = 0, i, j, flush = 1, straight = 0, top = 0, cat;
  long v = 0;
  for (i = 0; i < 5; i++) {
    cnt[rank[i]]++;
    if (suit[i] != suit[0]) flush = 0;
  }
  /* distinct ranks ordered by count, then rank */
  for (j = 4; j >= 1; j--)
    for (i = 14; i >= 2; i--)
      if (cnt[i] == j) order[n++] = i;
  if (n == 5) {
    if (order[0] - order[4] == 4) { straight = 1; top = order[0]; }
    if (order[0] == 14 && order[1] == 5) { straight = 1; top = 5; }   /* the wheel */
  }
  if (straight && flush) cat = 8;
  else if (cnt[order[0]] == 4) cat = 7;
  else if (cnt[order[0]] == 3 && cnt[order[1]] == 2) cat = 6;
  else if (flush) cat = 5;
  else if (straight) cat = 4;
  else if (cnt[order[0]] == 3) cat = 3;
  else if (cnt[order[0]] == 2 && cnt[order[1]] == 2) cat = 2;
  else if (cnt[order[0]] == 2) cat = 1;
  else cat = 0;
  if (straight) return ((long)cat << 20) | top;
  for (i = 0; i < n; i++) v = (v << 4) | order[i];
  for (; i < 5; i++) v <<= 4;
  return ((long)cat << 20) | v;
}

/* best of exactly two hole cards and exactly three board cards */
static long plain_omaha(dh_cardset hole, dh_cardset board) {
  int h[4], b[5], nh = 0, nb = 0, i, j, k, l, m;
  long best = -1;
  for (i = 0; i < 52; i++) {
    if (hole & dh_set_of(card_at(i))) h[nh++] = i;
    if (board & dh_set_of(card_at(i))) b[nb++] = i;
  }
  for (i = 0; i < 4; i++)
    for (j = i + 1; j < 4; j++)
      for (k = 0; k < 5; k++)
        for (l = k + 1; l < 5; l++)
          for (m = l + 1; m < 5; m++) {
            int five[5] = { h[i], h[j], b[k], b[l], b[m] }, r[5], s[5], x;
            long v;
            for (x = 0; x < 5; x++) { r[x] = five[x] % 13 + 2; s[x] = five[x] / 13; }
            v = plain5(r, s);
            if (v > best) best = v;
          }
  return best;
}

/* ---- hands listed by plain loops, and a brute-force equity ---- */

#define MAXLIST 200000   /* C(48,4) = 194,580 for "*" less a known hand */

typedef struct list { int n; dh_cardset h[MAXLIST]; } list;
static list lists[3];

static dh_cardset rank_cards(int rank) {
  dh_cardset s = 0;
  int i;
  for (i = 0; i < 4; i++) s |= dh_set_of(dh_card_make(rank, i));
  return s;
}

static int of_rank(dh_cardset h, int rank) {
  int i, n = 0;
  for (i = 0; i < 4; i++) n += (h & dh_set_of(dh_card_make(rank, i))) != 0;
  return n;
}

/* suits 2+2 (ds) or 2+1+1 (ss), counted plainly */
static int suit_shape(dh_cardset h, int twos, int ones) {
  int s, r, k2 = 0, k1 = 0;
  for (s = 0; s < 4; s++) {
    int k = 0;
    for (r = 2; r <= 14; r++) k += (h & dh_set_of(dh_card_make(r, s))) != 0;
    k2 += k == 2;
    k1 += k == 1;
  }
  return k2 == twos && k1 == ones;
}

/* every four cards of the deck less `out` for which keep() says yes */
static void build(list *l, dh_cardset out, int (*keep)(dh_cardset)) {
  int a, b, c, d;
  l->n = 0;
  for (a = 0; a < 52; a++)
    for (b = a + 1; b < 52; b++)
      for (c = b + 1; c < 52; c++)
        for (d = c + 1; d < 52; d++) {
          dh_cardset h = dh_set_of(card_at(a)) | dh_set_of(card_at(b)) |
                         dh_set_of(card_at(c)) | dh_set_of(card_at(d));
          if (!(h & out) && keep(h)) {
            if (l->n == MAXLIST) { CHECK(!"list full"); return; }
            l->h[l->n++] = h;
          }
        }
}

typedef struct tally { uint64_t trials, wins[3], ties[3], units[3]; } tally;

static void showdown(int np, const dh_cardset *hole, dh_cardset board, tally *t) {
  long v[3], best = -1;
  int p, k = 0;
  for (p = 0; p < np; p++) {
    v[p] = plain_omaha(hole[p], board);
    if (v[p] > best) { best = v[p]; k = 1; }
    else if (v[p] == best) k++;
  }
  for (p = 0; p < np; p++)
    if (v[p] == best) {
      if (k == 1) t->wins[p]++; else t->ties[p]++;
      t->units[p] += DH_EQ_UNIT / k;
    }
  t->trials++;
}

/* every deal of lists[0..np) that uses no card twice, and every completion
** of the board (up to one card to come: these tests use turns and rivers) */
static void brute(int np, dh_cardset board, dh_cardset dead, tally *t) {
  dh_cardset hole[3];
  int i[3] = { 0, 0, 0 }, p = 0;
  memset(t, 0, sizeof *t);
  for (;;) {
    if (i[p] == lists[p].n) {   /* this player's hands are done: back up */
      if (p == 0) return;
      i[--p]++;
      continue;
    }
    hole[p] = lists[p].h[i[p]];
    {
      dh_cardset used = board | dead;
      int q, clash = 0;
      for (q = 0; q < p; q++) used |= hole[q];
      clash = (hole[p] & used) != 0;
      if (clash) { i[p]++; continue; }
      if (p + 1 < np) { i[++p] = 0; continue; }
      used |= hole[p];
      if (dh_set_count(board) == 5) showdown(np, hole, board, t);
      else {
        int x;
        for (x = 0; x < 52; x++)
          if (!(used & dh_set_of(card_at(x)))) showdown(np, hole, board | dh_set_of(card_at(x)), t);
      }
      i[p]++;
    }
  }
}

static dh_equity_req request(int np, const char **players, const char *board) {
  dh_equity_req q;
  int p;
  memset(&q, 0, sizeof q);
  q.game = DH_GAME_OMAHA;
  q.nplayers = np;
  for (p = 0; p < np; p++) {
    CHECK(parse(players[p], &ranges[p]));
    q.player[p] = &ranges[p];
  }
  q.board = cards(board);
  return q;
}

/* the engine's exact answer is the brute force's, count for count; then a
** Monte Carlo run lands within 3 standard errors of it */
static void agree(int np, const char **players, const char *board, uint64_t seed,
                  uint64_t trials) {
  dh_equity_req q = request(np, players, board);
  dh_equity_result r, mc;
  tally t;
  int p;
  brute(np, q.board, 0, &t);
  if (trials) CHECK_EQ(t.trials, trials);
  q.force = 1;   /* enumerate, however many */
  CHECK_EQ(dh_equity(&q, &r), 0);
  CHECK(r.exact);
  CHECK_EQ(r.trials, t.trials);
  CHECK_EQ(r.total, t.trials);
  for (p = 0; p < np; p++) {
    CHECK_EQ(r.wins[p], t.wins[p]);
    CHECK_EQ(r.ties[p], t.ties[p]);
    CHECK_EQ(r.units[p], t.units[p]);
  }
  q.force = 2;
  q.samples = 100000;
  q.seed = seed;
  CHECK_EQ(dh_equity(&q, &mc), 0);
  CHECK(mc.sampled && !mc.exact);
  CHECK_EQ(mc.trials, 100000);
  for (p = 0; p < np; p++) {
    double exact = (double)t.units[p] / DH_EQ_UNIT / (double)t.trials;
    if (t.units[p] == 0 || t.units[p] == t.trials * DH_EQ_UNIT) {
      /* never (or always) wins: so must every sampled trial */
      CHECK(mc.equity[p] == exact);
      continue;
    }
    CHECK(mc.stderr_eq[p] > 0);
    if (!CHECK(fabs(mc.equity[p] - exact) < 3 * mc.stderr_eq[p]))
      printf("     player %d: sampled %.5f, exact %.5f, stderr %.5f\n", p + 1, mc.equity[p],
             exact, mc.stderr_eq[p]);
  }
}

/* ---- the predicates the brute force lists hands by ---- */

static dh_cardset kept_known;
static int has_known(dh_cardset h) { return (h & kept_known) == kept_known; }
static int is_known(dh_cardset h) { return h == kept_known; }
static int two_aces(dh_cardset h) { return of_rank(h, 14) >= 2; }
static int aces_or_kings(dh_cardset h) { return of_rank(h, 14) >= 2 || of_rank(h, 13) >= 2; }
static int ace_king_ds(dh_cardset h) {
  return of_rank(h, 14) >= 1 && of_rank(h, 13) >= 1 && suit_shape(h, 2, 0);
}
static int kings_ss(dh_cardset h) { return of_rank(h, 13) >= 2 && suit_shape(h, 1, 2); }
static int an_ace(dh_cardset h) { return of_rank(h, 14) >= 1; }
static int anything(dh_cardset h) { (void)h; return 1; }
static int kings_queens(dh_cardset h) { return h == (kept_known | (h & rank_cards(12))) && of_rank(h, 12) == 2; }

static void test_sizes(void) {
  dh_range r;
  /* every four cards: 52 choose 4 */
  CHECK_EQ(count("*", 0), 270725);
  CHECK_EQ(count("random", 0), 270725);
  CHECK_EQ(count("xxxx", 0), 270725);
  CHECK_EQ(count("**x*", 0), 270725);
  /* two known: 50 choose 2; one known: 51 choose 3 */
  CHECK_EQ(count("AsAhxx", 0), 1225);
  CHECK_EQ(count("AsAh**", 0), 1225);
  CHECK_EQ(count("xAsxAh", 0), 1225);
  CHECK_EQ(count("Asxxx", 0), 20825);
  CHECK_EQ(count("AsKsQdx", 0), 49);
  /* at least two aces: C(4,2) C(48,2) + C(4,3) 48 + 1 = 6768 + 192 + 1 */
  CHECK_EQ(count("AAxx", 0), 6961);
  CHECK_EQ(count("aaXX", 0), 6961);
  /* with As dead: C(3,2) C(48,2) + 48 = 3432 */
  CHECK_EQ(count("AAxx", cards("As")), 3432);
  /* an ace and a king at least: all - no ace - no king + neither
  ** = 270725 - 2 C(48,4) + C(44,4) = 270725 - 389160 + 135751 */
  CHECK_EQ(count("AKxx", 0), 17316);
  /* AAKK is 6 x 6 = 36 hands; double-suited when the kings take the aces'
  ** two suits: 6 */
  CHECK_EQ(count("AAKK", 0), 36);
  CHECK_EQ(count("AAKKds", 0), 6);
  /* As and two more aces: C(3,2) 48 + 1 = 145 */
  CHECK_EQ(count("AsAAx", 0), 145);
  /* double-suited: two suits of C(4,2) and two cards of each, C(13,2)^2 */
  CHECK_EQ(count("xxxxds", 0), 6 * 78 * 78);
  /* single-suited: the suit with two (4), its two cards (78), the two
  ** single suits (3) and a card of each (13 x 13) */
  CHECK_EQ(count("xxxxss", 0), 4 * 78 * 3 * 169);
  /* a union counts a hand once: AAxx + KKxx - AAKK */
  CHECK_EQ(count("AAxx, KKxx", 0), 2 * 6961 - 36);
  CHECK_EQ(count("AAxx AAxx", 0), 6961);
  /* explicit hands beside a pattern: AsKsQdJd holds one ace only */
  CHECK_EQ(count("AsKsQdJd, AAxx", 0), 6962);
  CHECK_EQ(count("AsAhQdJd, AAxx", 0), 6961);
  CHECK_EQ(count("A\xe2\x99\xa0K\xe2\x99\xa0Q\xe2\x99\xa6J\xe2\x99\xa6", 0), 1);   /* A♠K♠Q♦J♦ */
  CHECK_EQ(count("10s10hxx", 0), 1225);
  /* explicit hands alone stay a list */
  CHECK(parse("AsKsQdJd, 9h9c8h7c", &r));
  CHECK_EQ(r.n, 2);
  CHECK_EQ(r.nitems, 0);
  CHECK(parse("AsAhxx", &r));
  CHECK_EQ(r.n, 0);
  CHECK_EQ(r.nitems, 1);
  CHECK(dh_range_has(&r, cards("AsAh2c3d")));
  CHECK(!dh_range_has(&r, cards("AsAd2c3d")));
}

static void test_errors(void) {
  const struct { const char *s; size_t where, wlen; const char *why; } bad[] = {
    { "AsAh", 0, 4, "omaha hands are four cards (x for an unknown one: AsAhxx)" },
    { "AsAhxxx", 0, 7, "more than four cards" },
    { "AAxx, AsAsxx", 6, 4, "a card twice" },
    { "AQ+", 0, 3, "card, rank or x expected" },
    { "QQ", 0, 2, "omaha hands are four cards (x for an unknown one: AsAhxx)" },
    { "AAAAds", 0, 6, "no four cards fit this suit pattern" },
    { "AsKsQsxds", 0, 9, "no four cards fit this suit pattern" },
    { "AAxxdd", 0, 5, "more than four cards" },
    { "AsAhxy", 0, 6, "card, rank or x expected" },
    { "", 0, 0, "empty range" },
    /* cards by their symbols, but two: the whole item, not half a symbol */
    { "A\xe2\x99\xa0K\xe2\x99\xa0", 0, 8, "omaha hands are four cards (x for an unknown one: AsAhxx)" },
  };
  size_t i;
  for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    dh_range r;
    const char *why = "";
    size_t where = 99, wlen = 99;
    int ok = dh_range_parse(bad[i].s, strlen(bad[i].s), DH_GAME_OMAHA, &r, &why, &where, &wlen);
    CHECK(!ok);
    if (!ok) {
      CHECK_STR(why, bad[i].why);
      CHECK_EQ(where, bad[i].where);
      CHECK_EQ(wlen, bad[i].wlen);
    }
  }
}

/* removing dead cards drops the items holding them: without Ah only KKxx
** is left, C(4,2) C(47,2) + 4 x 47 + 1 = 6486 + 188 + 1 */
static void test_remove(void) {
  dh_range r;
  CHECK(parse("AsAhxx, KKxx", &r));
  CHECK_EQ(dh_range_remove(&r, cards("Ah")), 6675);
  CHECK_EQ(r.nitems, 1);
}

static void test_against_brute(void) {
  {
    /* the brief's case: four known cards against two known and two
    ** unknown, on a turn.  The list holds C(46,2) = 1035 hands; with the
    ** other player's cards out C(42,2) = 861 are dealt, 40 rivers each */
    const char *p[] = { "AsKsQdJd", "AhAd**" };
    kept_known = cards("AsKsQdJd");
    build(&lists[0], cards("2c 7h 9s Tc"), is_known);
    kept_known = cards("AhAd");
    build(&lists[1], cards("2c 7h 9s Tc"), has_known);
    CHECK_EQ(lists[1].n, 1035);
    agree(2, p, "2c 7h 9s Tc", 11, 861 * 40);
  }
  {
    /* at least two aces against a known hand, river */
    const char *p[] = { "KsKh7c6c", "AAxx" };
    kept_known = cards("KsKh7c6c");
    build(&lists[0], 0, is_known);
    build(&lists[1], 0, two_aces);
    agree(2, p, "Td 8c 5c 2h 9s", 12, 0);
  }
  {
    /* a union (AAKK is in both items) against a known hand, river */
    const char *p[] = { "AAxx, KKxx", "QhJhTs9s" };
    build(&lists[0], 0, aces_or_kings);
    kept_known = cards("QhJhTs9s");
    build(&lists[1], 0, is_known);
    agree(2, p, "Qd Td 8c 8h 2s", 13, 0);
  }
  {
    /* a union whose first item lies inside the second: a hand with two
    ** aces must come up no more often than one with a single ace (the
    ** set of aces beats the set of nines, one ace does not) */
    const char *p[] = { "AAxx, Axxx", "9s9h7c3d" };
    build(&lists[0], 0, an_ace);
    kept_known = cards("9s9h7c3d");
    build(&lists[1], 0, is_known);
    agree(2, p, "Ad 9c 7h 4s 2c", 18, 0);
  }
  {
    /* double-suited, and single-suited, against known hands */
    const char *p[] = { "AKxxds", "QhJhTs9s" }, *p2[] = { "7s6s5d4d", "KKxxss" };
    build(&lists[0], 0, ace_king_ds);
    kept_known = cards("QhJhTs9s");
    build(&lists[1], 0, is_known);
    agree(2, p, "Qd Td 8c 8h 2s", 14, 0);
    kept_known = cards("7s6s5d4d");
    build(&lists[0], 0, is_known);
    build(&lists[1], 0, kings_ss);
    agree(2, p2, "Ks 8s 3s 2c Jh", 15, 0);
  }
  {
    /* a partly known hand (dealt last by the Monte Carlo) beside known
    ** cards with ranks (drawn) and a known hand, river */
    const char *p[] = { "9c8c7d6d", "AsAhxx", "KcKhQQ" };
    kept_known = cards("9c8c7d6d");
    build(&lists[0], 0, is_known);
    kept_known = cards("AsAh");
    build(&lists[1], 0, has_known);
    kept_known = cards("KcKh");
    build(&lists[2], 0, kings_queens);
    CHECK_EQ(lists[2].n, 6);
    agree(3, p, "Tc 5d 4h Kd 2s", 16, 0);
  }
  {
    /* any hand at all against a known one, river: C(43,4) = 123,410 deals */
    const char *p[] = { "AcKc5h5s", "*" };
    kept_known = cards("AcKc5h5s");
    build(&lists[0], 0, is_known);
    build(&lists[1], cards("AcKc5h5s"), anything);
    CHECK_EQ(lists[1].n, 194580);   /* C(48,4) listed, less the board when dealt */
    agree(2, p, "Qc 9c 5d 2h 2c", 17, 123410);
  }
}

static void test_choice(void) {
  const char *p[] = { "AsKsQdJd", "*" };
  dh_equity_req q = request(2, p, "2c 7h 9s");
  /* flop: * has C(49,4) = 211,876 hands, C(41,2) = 820 turns and rivers */
  CHECK_EQ(dh_equity_trials(&q), UINT64_C(211876) * 820);
  q.board = cards("2c 7h 9s Tc");
  /* turn: C(48,4) = 194,580 hands, 40 rivers: under the 20 M default */
  CHECK_EQ(dh_equity_trials(&q), UINT64_C(194580) * 40);
  {
    dh_equity_result r;
    q.board = cards("2c 7h 9s Tc");
    q.max_exact = 1000;     /* too many for this: sampled */
    q.samples = 5000;
    q.seed = 3;
    CHECK_EQ(dh_equity(&q, &r), 0);
    CHECK(r.sampled && !r.exact);
    CHECK_EQ(r.trials, 5000);
  }
}

static void test_deals(void) {
  dh_equity_req q;
  dh_equity_result r;
  {
    /* six aces wanted: no deal, found by the search or by the sampler */
    const char *p[] = { "AAxx", "AAxx", "AAxx" };
    q = request(3, p, "");
    CHECK_EQ(dh_equity(&q, &r), DH_EQ_ENODEAL);
  }
  {
    /* the partly known hand holds the known hand's As */
    const char *p[] = { "AsKsQdJd", "AsAhxx" };
    q = request(2, p, "");
    CHECK_EQ(dh_equity(&q, &r), DH_EQ_ENODEAL);
  }
  {
    /* the board holds Ah: AsAhxx has no hand left */
    const char *p[] = { "AsKsQdJd", "AcAhxx" };
    q = request(2, p, "Ah 7d 2c");
    CHECK_EQ(dh_equity(&q, &r), DH_EQ_EEMPTY);
    CHECK_EQ(r.bad_player, 1);
  }
  {
    /* a Hold'em request cannot hold Omaha items */
    const char *p[] = { "AsKsQdJd", "AAxx" };
    q = request(2, p, "");
    q.game = DH_GAME_HOLDEM;
    CHECK_EQ(dh_equity(&q, &r), DH_EQ_EHAND);
  }
  {
    /* a 10-way Monte Carlo with unknown hands still deals (no clashes to
    ** reject: the open hands come last) and shares out one pot a trial */
    const char *p[] = { "AsKsQdJd", "*", "*", "*", "*", "*", "*", "*", "*", "*" };
    uint64_t sum = 0;
    int i;
    q = request(10, p, "");
    q.samples = 20000;
    q.seed = 5;
    CHECK_EQ(dh_equity(&q, &r), 0);
    CHECK(r.sampled);
    CHECK_EQ(r.trials, 20000);
    for (i = 0; i < 10; i++) sum += r.units[i];
    CHECK_EQ(sum, UINT64_C(20000) * DH_EQ_UNIT);
  }
}

int main(void) {
  check_init();
  test_sizes();
  test_errors();
  test_remove();
  test_against_brute();
  test_choice();
  test_deals();
  return check_done();
}
