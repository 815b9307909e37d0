/*
** test_blackjack.c -- Blackjack's hand totals, shoe and round
** (engine/blackjack) against the rule text.
**
** Totals: every multiset of 1 to 11 card values (ace 1, two to nine,
** ten for T J Q K) against a brute force that tries every way of
** counting each ace as 1 or 11 and keeps the best total of 21 or less
** (else the least), soft when that best counts an ace as 11.  The shoe:
** every card `decks` times, before and after a shuffle, the cut card's
** place, a refill that leaves the table's cards out.  Rounds dealt from a
** stacked shoe, paid as worked out by hand.
*/
#include <string.h>

#include "check.h"
#include "bjplay.h"

/* the brute force: every assignment of 1 or 11 to the aces */
static int brute_total(const uint8_t *v, int n, int *soft) {
  int aces = 0, base = 0, i, mask, best = -1, best_soft = 0, least = 1000;
  for (i = 0; i < n; i++) {
    if (v[i] == 1) aces++;
    else base += v[i];
  }
  for (mask = 0; mask < (1 << aces); mask++) {
    int t = base, elevens = 0;
    for (i = 0; i < aces; i++) {
      if (mask >> i & 1) t += 11, elevens++;
      else t += 1;
    }
    if (t <= 21 && t > best) best = t, best_soft = elevens > 0;
    if (t < least) least = t;
  }
  if (best < 0) { *soft = 0; return least; }
  *soft = best_soft;
  return best;
}

static long long multisets;

/* every multiset of values lo..10 with up to `room` more cards */
static void each_multiset(uint8_t *v, int n, int lo, int room) {
  int x;
  if (n > 0) {
    int s1, s2, t1 = dh_bj_total(v, n, &s1), t2 = brute_total(v, n, &s2);
    multisets++;
    if (t1 != t2 || s1 != s2) {
      CHECK_EQ(t1, t2);
      CHECK_EQ(s1, s2);
      return;
    }
  }
  if (room == 0) return;
  for (x = lo; x <= 10; x++) {
    v[n] = (uint8_t)x;
    each_multiset(v, n + 1, x, room - 1);
  }
}

static void test_totals(void) {
  uint8_t v[16];
  int before = check_failed;
  each_multiset(v, 0, 1, 11);
  CHECK(check_failed == before);
  CHECK_EQ(multisets, 352715);   /* C(21, 10) - 1: sizes 1..11 of 10 values */
}

static void test_values(void) {
  int suit, rank;
  for (suit = DH_CLUBS; suit <= DH_SPADES; suit++)
    for (rank = 2; rank <= DH_RANK_ACE; rank++) {
      int want = rank == DH_RANK_ACE ? 1 : rank >= 10 ? 10 : rank;
      CHECK_EQ(dh_bj_value(dh_card_make(rank, suit)), want);
    }
  CHECK_EQ(dh_bj_value(DH_BIG_JOKER), 0);
  CHECK_EQ(dh_bj_value(DH_NO_CARD), 0);
  {
    int soft;
    uint8_t a6[] = { 1, 6 }, a6t[] = { 1, 6, 10 }, aa9[] = { 1, 1, 9 };
    CHECK_EQ(dh_bj_total(a6, 2, &soft), 17); CHECK_EQ(soft, 1);     /* soft 17 */
    CHECK_EQ(dh_bj_total(a6t, 3, &soft), 17); CHECK_EQ(soft, 0);    /* hard 17 */
    CHECK_EQ(dh_bj_total(aa9, 3, &soft), 21); CHECK_EQ(soft, 1);
  }
}

static void counts_of(const dh_bj_shoe *s, int *count) {
  int i;
  memset(count, 0, 128 * sizeof *count);
  for (i = 0; i < s->n; i++) count[s->cards[i] & 127]++;
}

static void test_shoe(void) {
  dh_bj_shoe s;
  dh_rng r;
  int decks, count[128], k;
  dh_rng_seed(&r, 7);
  CHECK_EQ(dh_bj_shoe_init(&s, 0, 0.5), -1);
  CHECK_EQ(dh_bj_shoe_init(&s, 9, 0.5), -1);
  for (decks = 1; decks <= 8; decks++) {
    int ok = 1;
    CHECK_EQ(dh_bj_shoe_init(&s, decks, 0.75), 0);
    CHECK_EQ(s.n, 52 * decks);
    CHECK_EQ(s.cut, (int)(0.75 * 52 * decks + 0.5));
    dh_bj_shoe_shuffle(&s, &r);
    counts_of(&s, count);
    for (k = 0; k < 128; k++) {
      dh_card c = (dh_card)k;
      int want = dh_card_valid(c) && !dh_card_is_joker(c) && !(c & DH_CARD_COPY) ? decks : 0;
      if (count[k] != want) ok = 0;
    }
    CHECK(ok);
    CHECK_EQ(s.top, 0);
  }
  /* 6 decks at 75%: the cut card comes out after 234 cards */
  dh_bj_shoe_init(&s, 6, 0.75);
  dh_bj_shoe_shuffle(&s, &r);
  for (k = 0; k < 233; k++) dh_bj_shoe_draw(&s);
  CHECK(!dh_bj_shoe_past_cut(&s));
  dh_bj_shoe_draw(&s);
  CHECK(dh_bj_shoe_past_cut(&s));
  /* a refill keeps the table's cards out of the new shoe */
  {
    dh_card held[3] = { dh_card_make(14, DH_SPADES), dh_card_make(14, DH_SPADES), dh_card_make(5, DH_HEARTS) };
    int left, i, aces = 0;
    for (k = 234; k < s.n; k++) dh_bj_shoe_draw(&s);
    CHECK_EQ(dh_bj_shoe_left(&s), 0);
    left = dh_bj_shoe_refill(&s, held, 3, &r);
    CHECK_EQ(left, 6 * 52 - 3);
    CHECK_EQ(dh_bj_shoe_left(&s), left);
    for (i = s.top; i < s.n; i++) if (s.cards[i] == held[0]) aces++;
    CHECK_EQ(aces, 4);   /* six aces of spades, two on the table */
    counts_of(&s, count);
    CHECK_EQ(count[held[0]], 6);
  }
}

/* a shoe stacked with cards named in order, the first dealt first */
static void stack(dh_bj_shoe *s, const char *names) {
  const char *why;
  size_t where;
  dh_card dup;
  int n = dh_cards_parse(names, strlen(names), s->cards, DH_BJ_SHOE_MAX, &why, &where, &dup);
  /* dh_cards_parse refuses a card twice: stacked shoes here name each once */
  CHECK(n > 0);
  s->n = n, s->top = s->refills = 0, s->cut = s->cut_at = n;
}

static dh_bj_rules vegas(void) {
  dh_bj_rules r = { 6, 0.75, 0, 3, 2, DH_BJ_DOUBLE_ANY, 1, 4, 0, 0, 0, 0, 1 };
  return r;
}

/* a strategy that stands on everything but what a test asks for */
static void stand_only(dh_bj_strategy *st) {
  int s, t, u;
  memset(st, 0, sizeof *st);
  for (u = 0; u < 11; u++) st->surrender[u] = -0.5;
  for (s = 0; s < 2; s++)
    for (t = 0; t < 22; t++)
      for (u = 0; u < 11; u++) st->ev[s][t][u][DH_BJ_HIT] = st->ev[s][t][u][DH_BJ_DOUBLE] = -1;
  for (t = 0; t < 11; t++)
    for (u = 0; u < 11; u++) st->split[t][u] = -1;
}

static void test_rounds(void) {
  dh_bj_rules r = vegas();
  dh_bj_strategy st;
  dh_bj_shoe s;
  dh_bj_round round;
  dh_rng rng;
  dh_rng_seed(&rng, 1);
  stand_only(&st);
  /* a blackjack (As Kd) against 9 7: 3:2, then 6:5 */
  stack(&s, "As 9c Kd 7h");
  CHECK(dh_bj_play_round(&r, &st, &s, &rng, &round) == 1.5);
  r.bj_num = 6, r.bj_den = 5;
  stack(&s, "As 9c Kd 7h");
  CHECK(dh_bj_play_round(&r, &st, &s, &rng, &round) == 1.2);
  r = vegas();
  /* the dealer's blackjack (Ah up, Kc in the hole): 10 9 loses one bet,
  ** the player's blackjack pushes */
  stack(&s, "Td Ah 9s Kc");
  CHECK(dh_bj_play_round(&r, &st, &s, &rng, &round) == -1);
  CHECK(round.dealer_blackjack);
  stack(&s, "Ad Ah Ks Kc");
  CHECK(dh_bj_play_round(&r, &st, &s, &rng, &round) == 0);
  /* 8 8 against a 6, split; the first hand draws 3 and doubles (11), a ten:
  ** 21 on two bets; the second draws a ten: 18.  The dealer's 6 T draws 2:
  ** 18.  +2 and a push: +2 */
  st.split[8][6] = 1;
  st.ev[0][11][6][DH_BJ_DOUBLE] = 1;
  stack(&s, "8c 6d 8h Ts 3c Th Td 2s");
  CHECK(dh_bj_play_round(&r, &st, &s, &rng, &round) == 2);
  CHECK_EQ(round.nhands, 2);
  CHECK(round.hands[0].doubled);
  CHECK(round.hands[0].net == 2 && round.hands[1].net == 0);
  CHECK_EQ(round.ndealer, 3);
  CHECK(round.hands[0].cards[0] == dh_card_make(8, DH_CLUBS) && round.hands[1].cards[0] == dh_card_make(8, DH_HEARTS));
  CHECK_EQ(round.hands[0].n, 3);
  /* without double after split the 11 may only hit or stand: it stands */
  r.double_after_split = 0;
  stack(&s, "8c 6d 8h Ts 3c Th Td 2s");
  dh_bj_play_round(&r, &st, &s, &rng, &round);
  CHECK(!round.hands[0].doubled);
  r = vegas();
  /* the dealer's soft 17 (A 6): stands, or hits when the rules say so */
  stand_only(&st);
  stack(&s, "Tc Ad 8h 6s 3d");
  CHECK(dh_bj_play_round(&r, &st, &s, &rng, &round) == 1);    /* 18 beats 17 */
  CHECK_EQ(round.ndealer, 2);
  r.hit_soft17 = 1;
  stack(&s, "Tc Ad 8h 6s 3d");
  CHECK(dh_bj_play_round(&r, &st, &s, &rng, &round) == -1);   /* A 6 3: 20 */
  CHECK_EQ(round.ndealer, 3);
}

/* the rule variations of issue 31 (rules/blackjack.lua cites them) */
static void test_variations(void) {
  dh_bj_rules r = vegas();
  dh_bj_strategy st;
  dh_bj_shoe s;
  dh_bj_round round;
  dh_rng rng;
  dh_rng_seed(&rng, 2);
  stand_only(&st);
  /* a blackjack paid 1:1 */
  r.bj_num = 1, r.bj_den = 1;
  stack(&s, "As 9c Kd 7h");
  CHECK(dh_bj_play_round(&r, &st, &s, &rng, &round) == 1);
  r = vegas();
  /* 8 8 against the dealer's ace, a king in the hole; the strategy splits,
  ** doubles the 11 (8 3) to 21 and stands on 17 (8 9).  With the peek the
  ** round ends at once, one bet lost; without it (the European no-hole-card
  ** game) the blackjack found at the end takes every bet: 2 + 1 */
  st.split[8][1] = 1;
  st.ev[0][11][1][DH_BJ_DOUBLE] = 1;
  stack(&s, "8c Ah 8h Kc 3c Th 9d");
  CHECK(dh_bj_play_round(&r, &st, &s, &rng, &round) == -1);
  CHECK_EQ(round.nhands, 1);
  r.peek = 0;
  stack(&s, "8c Ah 8h Kc 3c Th 9d");
  CHECK(dh_bj_play_round(&r, &st, &s, &rng, &round) == -3);
  CHECK(round.nhands == 2 && round.hands[0].doubled && round.hands[0].net == -2 && round.hands[1].net == -1);
  /* without the peek and no blackjack, play goes on as usual: 8 8 split vs
  ** A 7 (18): 21 doubled wins 2, 17 loses 1 */
  stack(&s, "8c Ah 8h 7c 3c Th 9d");
  CHECK(dh_bj_play_round(&r, &st, &s, &rng, &round) == 1);
  r = vegas();
  stand_only(&st);
  /* early surrender: T 6 against an ace, standing worth -0.7 and hitting
  ** -0.6 once the dealer has looked; a blackjack 4 times in 13: playing on
  ** is worth -4/13 + 9/13 (-0.6) < -0.5, so it surrenders before the dealer
  ** looks and loses half a bet even to the blackjack */
  st.ev[0][16][1][DH_BJ_STAND] = -0.7;
  st.ev[0][16][1][DH_BJ_HIT] = -0.6;
  st.bj_chance[1] = 4.0 / 13;
  r.early_surrender = 1;
  stack(&s, "Td Ah 6s Kc");
  CHECK(dh_bj_play_round(&r, &st, &s, &rng, &round) == -0.5);
  CHECK(round.hands[0].surrendered);
  r.early_surrender = 0;
  stack(&s, "Td Ah 6s Kc");
  CHECK(dh_bj_play_round(&r, &st, &s, &rng, &round) == -1);
  /* worth playing on (standing -0.2): no early surrender */
  r.early_surrender = 1;
  st.ev[0][16][1][DH_BJ_STAND] = -0.2;
  stack(&s, "Td Ah 6s Kc");
  CHECK(dh_bj_play_round(&r, &st, &s, &rng, &round) == -1);
}

static void test_allowed(void) {
  dh_bj_rules r = vegas();
  dh_bj_round round;
  unsigned a;
  memset(&round, 0, sizeof round);
  round.nhands = 1;
  round.hands[0].n = 2;
  round.hands[0].cards[0] = dh_card_make(9, 0), round.hands[0].cards[1] = dh_card_make(9, 1);
  round.hands[0].hard = 18;
  a = dh_bj_allowed(&r, &round, 0);
  CHECK_EQ(a, (1u << DH_BJ_STAND) | (1u << DH_BJ_HIT) | (1u << DH_BJ_DOUBLE) | (1u << DH_BJ_SPLIT));
  r.double_on = DH_BJ_DOUBLE_10_11;
  r.surrender = 1;
  a = dh_bj_allowed(&r, &round, 0);
  CHECK_EQ(a, (1u << DH_BJ_STAND) | (1u << DH_BJ_HIT) | (1u << DH_BJ_SPLIT) | (1u << DH_BJ_SURRENDER));
  round.nhands = 4;   /* four hands already: no more splits, no surrender */
  a = dh_bj_allowed(&r, &round, 0);
  CHECK_EQ(a, (1u << DH_BJ_STAND) | (1u << DH_BJ_HIT));
  /* doubling turned off; early surrender against a 9 (not looked under)
  ** comes in the play */
  r = vegas();
  r.double_on = DH_BJ_DOUBLE_NONE;
  r.early_surrender = 1;
  round.nhands = 1;
  round.dealer[0] = dh_card_make(9, 0);
  a = dh_bj_allowed(&r, &round, 0);
  CHECK_EQ(a, (1u << DH_BJ_STAND) | (1u << DH_BJ_HIT) | (1u << DH_BJ_SPLIT) | (1u << DH_BJ_SURRENDER));
  round.dealer[0] = dh_card_make(14, 0);   /* an ace up: surrendered (or not) before the peek */
  a = dh_bj_allowed(&r, &round, 0);
  CHECK_EQ(a, (1u << DH_BJ_STAND) | (1u << DH_BJ_HIT) | (1u << DH_BJ_SPLIT));
}

int main(void) {
  check_init();
  test_values();
  test_totals();
  test_shoe();
  test_rounds();
  test_allowed();
  test_variations();
  return check_done();
}
