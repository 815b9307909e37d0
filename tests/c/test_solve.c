/*
** test_solve.c -- the double-dummy solver against a plain minimax written
** here without pruning or tables, on small hands of three kinds of rules:
** trumps (Spades' trick rules), notrump, and card points where the low
** score wins (Hearts).  Values for the side of the seat to move: tricks
** it takes from the position to the end of the hand, or its hand points.
*/
#include <string.h>

#include "check.h"
#include "card.h"
#include "match.h"
#include "rules.h"
#include "clock.h"
#include "playout.h"
#include "solve.h"
#include "solve_impl.h"

/* four seats, partners 1 & 3 against 2 & 4 (or each alone), `size` cards
** each, one hand */
static void small_rules(dh_rules *r, int size, int trump, int points) {
  dh_rules_init(r);
  r->sizes[0] = (uint8_t)size;
  r->nsizes = 1;
  r->max_hands = 1;
  if (points) {   /* Hearts: every heart 1, the queen of spades 13, each for himself */
    dh_card_points_opts cp;
    int rank;
    dh_card_points_defaults(&cp);
    for (rank = 2; rank <= 14; rank++) cp.values[dh_card_make(rank, DH_HEARTS) & 63] = 1;
    cp.values[dh_card_make(12, DH_SPADES) & 63] = 13;
    r->nsides = 4;
    for (rank = 0; rank < 4; rank++) r->side_of[rank] = (uint8_t)rank;
    r->low_wins = 1;
    r->trump_mode = DH_TRUMP_NONE;
    dh_rules_set(r, DH_RULE_POINTS, dh_rule_card_points(r, &cp));
    dh_rules_set(r, DH_RULE_PLAY, dh_rule_highest_of_led(r));
  } else {
    r->nsides = 2;
    r->side_of[0] = r->side_of[2] = 0;
    r->side_of[1] = r->side_of[3] = 1;
    r->trump_mode = trump ? DH_TRUMP_FIXED : DH_TRUMP_NONE;
    r->trump_suit = DH_SPADES;
    dh_rules_set(r, DH_RULE_POINTS, dh_rule_tricks(r, 1));
    dh_rules_set(r, DH_RULE_PLAY, trump ? dh_rule_or(r, dh_rule_trump_wins(r), dh_rule_highest_of_led(r))
                                        : dh_rule_highest_of_led(r));
  }
  dh_rules_set(r, DH_RULE_HAND, trump ? dh_rule_and(r, dh_rule_follow_suit(r), dh_rule_break_suit(r, DH_SPADES, 0))
                                      : dh_rule_follow_suit(r));
  dh_rules_set(r, DH_RULE_WIN, dh_rule_highest_after(r, 1));
  CHECK(dh_rules_check(r) == NULL);
}

/* the reference: every line of play, no pruning, no table */
/* the teams of the hand searched (a finished hand's match has the next
** hand's): set by reference() */
static uint8_t team[DH_MAX_SEATS];

static int32_t minimax(const dh_match *m, int side, int hand, int32_t base, int points, int low) {
  dh_cardset legal;
  int32_t best;
  int maximize = m->rules->side_of[m->turn] == side;
  /* side is a team for tricks: the hand's own (m->team) */
  if (!points) maximize = m->team[m->turn] == side;
  if (m->hand_no != hand || m->phase != DH_PHASE_PLAY) {
    int32_t v = 0;
    int s;
    if (points) return low ? -m->hand_points[side] : m->hand_points[side];
    for (s = 0; s < m->nseats; s++)
      if (team[s] == side) v += m->last_tricks[s];
    return v - base;
  }
  dh_match_legal(m, &legal);
  best = maximize ? -1000000 : 1000000;
  for (; legal; legal &= legal - 1) {
    dh_match child = *m;
    int32_t v;
    dh_match_play_legal(&child, dh_card_at(dh_set_first(legal), m->rules->deck.layout));
    v = minimax(&child, side, hand, base, points, low);
    if (maximize ? v > best : v < best) best = v;
  }
  return best;
}

static int32_t reference(const dh_match *m, int points) {
  int side = points ? m->rules->side_of[m->turn] : m->team[m->turn], s;
  int32_t base = 0, v;
  int low = points && m->rules->low_wins;
  memcpy(team, m->team, sizeof team);
  for (s = 0; s < m->nseats; s++)
    if ((points ? m->rules->side_of[s] : m->team[s]) == side) base += m->tricks[s];
  v = minimax(m, side, m->hand_no, base, points, low);
  return low ? -v : v;
}

/* random positions of one kind of rules: solve and solve_moves against
** the reference, and each other */
static void compare(int size, int trump, int points, int deals) {
  dh_rules r;
  dh_solve_opts o;
  int i, agree = 0, tried = 0;
  small_rules(&r, size, trump, points);
  static unsigned char table[1 << 20];
  dh_solve_defaults(&o);
  o.objective = points ? DH_SOLVE_POINTS : DH_SOLVE_TRICKS;
  /* half the deals with a table, half without: both exact */
  for (i = 0; i < deals; i++) {
    dh_match m;
    dh_rng pick;
    dh_solve_result res;
    dh_card cards[16];
    int32_t values[16], best;
    int n, k, skip, maximize;
    dh_match_init(&m, &r, (uint64_t)i + 100, i % 4);
    dh_rng_seed(&pick, (uint64_t)i);
    skip = (int)dh_rng_below(&pick, (uint32_t)(size * 2));   /* start somewhere in the hand */
    for (k = 0; k < skip && m.phase == DH_PHASE_PLAY; k++) {
      dh_cardset legal;
      dh_match_legal(&m, &legal);
      dh_match_play_legal(&m, dh_set_pick(legal, &pick, r.deck.layout));
    }
    if (m.phase != DH_PHASE_PLAY) continue;
    tried++;
    o.table = i % 2 ? (void *)table : NULL;
    o.table_bytes = i % 2 ? dh_solve_table_bytes(14) : 0;
    CHECK_EQ(dh_solve(&m, &o, &res), DH_OK);
    CHECK(res.exact);
    if (CHECK(res.value == reference(&m, points))) agree++;
    n = dh_solve_moves(&m, &o, cards, values, 16, NULL);
    CHECK(n > 0);
    maximize = !(points && r.low_wins);
    best = values[0];
    for (k = 0; k < n; k++) {
      dh_match child = m;
      int32_t want;
      dh_match_play_legal(&child, cards[k]);
      /* the value after a card, for the root side, is the reference's from
         the child seen from the root side */
      if (child.phase == DH_PHASE_PLAY && child.hand_no == m.hand_no) {
        int side = points ? r.side_of[m.turn] : m.team[m.turn], s;
        int32_t base = 0, v;
        memcpy(team, m.team, sizeof team);
        for (s = 0; s < 4; s++)
          if ((points ? r.side_of[s] : m.team[s]) == side) base += m.tricks[s];
        v = minimax(&child, side, m.hand_no, base, points, points && r.low_wins);
        want = points && r.low_wins ? -v : v;
        CHECK_EQ(values[k], want);
      }
      if (maximize ? values[k] > best : values[k] < best) best = values[k];
    }
    CHECK_EQ(best, res.value);   /* the best card's value is the position's */
  }
  CHECK(agree == tried && tried >= deals / 2);
}

static void plain_rules(dh_rules *r, int nseats, int size, int trump);
static void plain_rules_with(dh_rules *r, int nseats, int size, int trump, int broken);

/* a budget stops the search and says so */
static void budget(void) {
  dh_rules r;
  dh_solve_opts o;
  dh_solve_result res;
  dh_match m;
  small_rules(&r, 6, 1, 0);
  dh_match_init(&m, &r, 7, 0);
  dh_solve_defaults(&o);
  o.max_nodes = 10;
  CHECK_EQ(dh_solve(&m, &o, &res), DH_OK);
  CHECK(!res.exact);
  CHECK(res.nodes <= 10);
  /* the fast search too (Bridge-like play, no broken suit) */
  plain_rules(&r, 4, 8, DH_HEARTS);
  dh_match_init(&m, &r, 7, 0);
  CHECK_EQ(dh_solve(&m, &o, &res), DH_OK);
  CHECK(!res.exact);
  CHECK(res.nodes <= 10);
  o.max_nodes = 0;
  CHECK_EQ(dh_solve(&m, &o, &res), DH_OK);
  CHECK(res.exact && res.nodes > 10);
  /* not in the play phase: refused */
  m.phase = DH_PHASE_BID;
  CHECK_EQ(dh_solve(&m, NULL, &res), DH_E_WRONG_PHASE);
}


/* Bridge's card play on nseats seats: follow suit; the trump (DH_NOSUIT:
** none) wins, else the highest of the led suit; a trick a point.  Four
** seats play as partners 0 & 2 against 1 & 3, fewer each alone. */
/* a time budget stops a search that would run for hours, and says so:
** the generic search of thirteen cards each with Hearts' points (no table)
** went on past 60 s without one; the fast search of a whole Bridge deal;
** the twenty problems of a Bridge table.  The clock is read every 1024
** positions, so a search stops at the first read past the budget. */
static void time_budget(void) {
  dh_rules r;
  dh_solve_opts o;
  dh_solve_result res, stats;
  dh_match m;
  dh_card cards[16];
  int32_t values[16];
  dh_cardset hands[4];
  int tricks[5][4], s, d, n, all_out = 1;
  double t;
  small_rules(&r, 13, 0, 1);
  dh_match_init(&m, &r, 7, 0);
  dh_solve_defaults(&o);
  o.objective = DH_SOLVE_POINTS;
  o.seconds = 0.05;
  t = dh_clock_now();
  CHECK_EQ(dh_solve(&m, &o, &res), DH_OK);
  CHECK(!res.exact);
  CHECK(dh_clock_now() - t < 60);   /* a generous bound: without the budget, hours */
  n = dh_solve_moves(&m, &o, cards, values, 16, &stats);
  CHECK_EQ(n, 13);
  CHECK(!stats.exact);
  /* the fast search: stopped at its first or second read of the clock */
  plain_rules(&r, 4, 13, DH_NOSUIT);
  dh_match_init(&m, &r, 11, 0);
  dh_solve_defaults(&o);
  o.seconds = 1e-9;
  CHECK_EQ(dh_solve(&m, &o, &res), DH_OK);
  CHECK(!res.exact);
  CHECK(res.nodes <= 1024);
  o.seconds = 0;   /* and with no budget, exact */
  CHECK_EQ(dh_solve(&m, &o, &res), DH_OK);
  CHECK(res.exact && res.nodes > 1024);
  /* a table whose time is gone before its first problem: every entry -1
  ** (the first problem's rules are made after the clock is read) */
  /* North all the spades, East the hearts, South the diamonds, West the clubs */
  hands[0] = dh_suit_mask(DH_SPADES), hands[1] = dh_suit_mask(DH_HEARTS);
  hands[2] = dh_suit_mask(DH_DIAMONDS), hands[3] = dh_suit_mask(DH_CLUBS);
  o.seconds = 1e-9;
  CHECK_EQ(dh_solve_bridge_table(hands, &o, tricks), DH_OK);
  for (s = 0; s < 5; s++)
    for (d = 0; d < 4; d++) all_out &= tricks[s][d] == -1;
  CHECK(all_out);
  o.seconds = 0;
  CHECK_EQ(dh_solve_bridge_table(hands, &o, tricks), DH_OK);
  CHECK_EQ(tricks[3][0], 13);   /* North's spades trumps: North ruffs East's heart, then draws */
  CHECK_EQ(tricks[4][0], 0);    /* notrump: East leads hearts and takes every trick */
}

/* dh_solve_moves' stats: the best value, the nodes, exact */
static void moves_stats(void) {
  dh_rules r;
  dh_solve_opts o;
  dh_solve_result res, stats;
  dh_match m;
  dh_card cards[16];
  int32_t values[16];
  int points, n;
  for (points = 0; points <= 1; points++) {
    small_rules(&r, 4, 1, points);
    dh_match_init(&m, &r, 21, 1);
    dh_solve_defaults(&o);
    o.objective = points ? DH_SOLVE_POINTS : DH_SOLVE_TRICKS;
    CHECK_EQ(dh_solve(&m, &o, &res), DH_OK);
    n = dh_solve_moves(&m, &o, cards, values, 16, &stats);
    CHECK(n > 0);
    CHECK(stats.exact && stats.nodes > 0);
    CHECK_EQ(stats.value, res.value);   /* the position's value is its best card's */
    o.max_nodes = 3;
    dh_solve_moves(&m, &o, cards, values, 16, &stats);
    CHECK(!stats.exact && stats.nodes <= 3);
  }
}

static void plain_rules(dh_rules *r, int nseats, int size, int trump) {
  plain_rules_with(r, nseats, size, trump, -1);
}

/* ... and when broken >= 0, that suit not led until broken (Spades) */
static void plain_rules_with(dh_rules *r, int nseats, int size, int trump, int broken) {
  int s;
  dh_rules_init(r);
  r->nseats = (uint8_t)nseats;
  r->nsides = (uint8_t)(nseats == 4 ? 2 : nseats);
  for (s = 0; s < nseats; s++) r->side_of[s] = (uint8_t)(nseats == 4 ? s % 2 : s);
  r->sizes[0] = (uint8_t)size;
  r->nsizes = 1;
  r->max_hands = 1;
  r->trump_mode = trump < DH_NOSUIT ? DH_TRUMP_FIXED : DH_TRUMP_NONE;
  r->trump_suit = (uint8_t)(trump < DH_NOSUIT ? trump : 0);
  dh_rules_set(r, DH_RULE_HAND, broken < 0 ? dh_rule_follow_suit(r)
                                            : dh_rule_and(r, dh_rule_follow_suit(r), dh_rule_break_suit(r, broken, 0)));
  dh_rules_set(r, DH_RULE_PLAY, dh_rule_or(r, dh_rule_trump_wins(r), dh_rule_highest_of_led(r)));
  dh_rules_set(r, DH_RULE_POINTS, dh_rule_tricks(r, 1));
  dh_rules_set(r, DH_RULE_WIN, dh_rule_highest_after(r, 1));
  CHECK(dh_rules_check(r) == NULL);
}

/* a position somewhere in the first hand: skip cards played at random */
static void random_position(dh_match *m, const dh_rules *r, uint64_t seed, int skip) {
  dh_rng pick;
  int k;
  dh_match_init(m, r, seed, (int)(seed % r->nseats));
  dh_rng_seed(&pick, seed * 7 + 1);
  for (k = 0; k < skip && m->phase == DH_PHASE_PLAY; k++) {
    dh_cardset legal;
    dh_match_legal(m, &legal);
    dh_match_play_legal(m, dh_set_pick(legal, &pick, r->deck.layout));
  }
}

/* the fast search (solve_fast.c) against the generic one on random
** positions of Bridge-like play: the same value, and the same value after
** each card; against the plain minimax too when the hands are small.
** team2: the last two seats a team (Skat's defenders).  broken >= 0:
** that suit is not led until broken (Spades' rule, its trump or not). */
static void fast_vs_generic(int nseats, int size, int deals, int team2, int broken) {
  static unsigned char table[1 << 22], table2[1 << 22];
  dh_rules r;
  int i, agree = 0, tried = 0, trump;
  for (trump = 0; trump <= DH_NOSUIT; trump += 2) {   /* clubs, hearts, notrump */
    plain_rules_with(&r, nseats, size, trump, broken);
    for (i = 0; i < deals; i++) {
      dh_match m;
      dh_fast f;
      dh_solve_opts fast, gen;
      dh_solve_result a, b;
      dh_card ca[16], cb[16];
      int32_t va[16], vb[16];
      int na, nb, k;
      random_position(&m, &r, (uint64_t)(i + 1000 * trump + 1), i % (size * nseats));
      if (m.phase != DH_PHASE_PLAY) continue;
      if (team2) m.team[2] = m.team[1];   /* what the script's set_team does */
      tried++;
      dh_solve_defaults(&fast);
      dh_solve_defaults(&gen);
      fast.table = i % 3 ? (void *)table : NULL;   /* with and without a table, reused */
      fast.table_bytes = i % 3 ? sizeof table : 0;
      if (i % 7 == 0) dh_solve_table_reset(table, sizeof table);   /* kept or forgotten: the same */
      fast.guess = i % 4 ? i % 7 : 0;   /* right, wrong or none: the same values */
      gen.generic = 1;
      gen.table = table2;
      gen.table_bytes = sizeof table2;
      CHECK(dh_fast_setup(&f, &m, &fast));   /* the fast path applies */
      CHECK_EQ(dh_solve(&m, &fast, &a), DH_OK);
      CHECK_EQ(dh_solve(&m, &gen, &b), DH_OK);
      CHECK(a.exact && b.exact);
      if (CHECK(a.value == b.value)) agree++;
      if (size * nseats - (i % (size * nseats)) <= 12) CHECK_EQ(a.value, reference(&m, 0));
      na = dh_solve_moves(&m, &fast, ca, va, 16, NULL);
      nb = dh_solve_moves(&m, &gen, cb, vb, 16, NULL);
      CHECK_EQ(na, nb);
      for (k = 0; k < na && k < nb; k++) {
        CHECK_EQ(ca[k], cb[k]);
        CHECK_EQ(va[k], vb[k]);
      }
    }
  }
  CHECK(agree == tried && tried >= deals);
}

/* Skat's card play: declarer (seat 0) against two defenders who play
** together (m->team, as the script's set_team makes it).  The value is
** the team's, not each seat's alone: here the defenders' tricks for
** seat 1 count seat 2's too, and the declarer's value is what the two
** together leave him, by the plain minimax over teams. */
static void teams(void) {
  dh_rules r;
  int i, differ = 0;
  plain_rules(&r, 3, 4, DH_SPADES);
  for (i = 0; i < 60; i++) {
    dh_match m, alone;
    dh_solve_opts o;
    dh_solve_result a, b, c;
    random_position(&m, &r, (uint64_t)i + 77, i % 5);
    if (m.phase != DH_PHASE_PLAY) continue;
    alone = m;
    m.team[0] = 0, m.team[1] = m.team[2] = 1;
    dh_solve_defaults(&o);
    CHECK_EQ(dh_solve(&m, &o, &a), DH_OK);       /* fast */
    o.generic = 1;
    CHECK_EQ(dh_solve(&m, &o, &b), DH_OK);       /* generic */
    CHECK_EQ(a.value, reference(&m, 0));
    CHECK_EQ(b.value, a.value);
    CHECK_EQ(dh_solve(&alone, &o, &c), DH_OK);   /* each for himself */
    CHECK_EQ(c.value, reference(&alone, 0));
    if (m.turn != 0 && c.value != a.value) differ++;
  }
  CHECK(differ > 0);   /* the teams matter: the test sees them */
}

int main(void) {
  check_init();
  compare(4, 1, 0, 150);   /* trumps */
  compare(4, 0, 0, 150);   /* notrump */
  compare(3, 0, 1, 150);   /* Hearts' points, low wins */
  compare(5, 1, 0, 30);
  budget();
  time_budget();
  moves_stats();
  fast_vs_generic(4, 3, 120, 0, -1);
  fast_vs_generic(4, 5, 80, 0, -1);
  fast_vs_generic(3, 4, 80, 1, -1);
  fast_vs_generic(2, 6, 60, 0, -1);
  fast_vs_generic(4, 3, 120, 0, DH_SPADES);   /* Spades: spades (trump or not) locked */
  fast_vs_generic(4, 5, 80, 0, DH_SPADES);
  fast_vs_generic(4, 7, 40, 0, DH_SPADES);
  fast_vs_generic(4, 6, 60, 0, DH_HEARTS);    /* the trump suit or another locked */
  fast_vs_generic(3, 6, 60, 1, DH_CLUBS);
  fast_vs_generic(2, 8, 60, 0, DH_SPADES);
  teams();
  return check_done();
}
