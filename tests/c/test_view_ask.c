/*
** test_view_ask.c -- what a bot may ask its view: who takes the trick
** (as it stands, and with a given card), a card's strength, the partners,
** the pass count.  The golden values come from Spades' rules as written
** (trump wins, else the highest card of the suit led) and from the core's
** own trick winner (engine/core/trick.c), which shares no code with the
** rule evaluator; a callback play rule that plays the same game must get
** the same answers as the prefabs.
*/
#include <string.h>

#include "cards.h"
#include "check.h"
#include "match.h"
#include "playout.h"
#include "policy.h"
#include "rules_fixture.h"
#include "view.h"

/* the view of the seat to act */
static dh_view turn_view(const dh_match *m) {
  dh_view v;
  dh_view_make(m, m->turn, &v);
  return v;
}

static int winner_with(const dh_view *v, const char *card) {
  int seat = -9;
  CHECK_EQ(dh_view_winner_with(v, C(card), &seat), DH_OK);
  return seat;
}

/* the view says seat takes the trick as it stands, with its card at index */
static void check_winning(const dh_view *v, int seat, int index) {
  int s = -9, i = -9;
  CHECK_EQ(dh_view_winning(v, &s, &i), DH_OK);
  CHECK_EQ(s, seat);
  CHECK_EQ(i, index);
}

static int strength(const dh_view *v, const char *card) {
  int s = -9;
  CHECK_EQ(dh_view_strength(v, C(card), &s), DH_OK);
  return s;
}

/* one Spades trick, dealt so that every answer can be read off the rules */
static void test_spades_trick(void) {
  dh_rules r;
  dh_match m;
  dh_view v;
  dh_cardset hands[4];
  int s, seat = -9, index = -9;
  fixture_spades(&r, 500);
  hands[0] = S("9c 2d 3d 4d 5d 6d 7d 8d 9d Td Jd Qd Kd");
  hands[1] = S("Kc Ad 2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh");
  hands[2] = S("2c Kh Ah 2s 3s 4s 5s 6s 7s 8s 9s Ts Js");
  hands[3] = S("3c 4c 5c 6c 7c 8c Tc Jc Qc Ac Qs Ks As");
  CHECK(dh_match_init_deal(&m, &r, 1, 3, hands, NULL, 0));

  /* before any card: nothing is winning, a card leads and takes the trick
  ** so far, and a lead beats the cards not of its suit nor trumps */
  v = turn_view(&m);
  check_winning(&v, -1, -1);
  CHECK_EQ(winner_with(&v, "9c"), 0);
  CHECK_EQ(strength(&v, "Ac"), (12 + 26) * 256 + 13);  /* the other clubs, hearts, diamonds */
  CHECK_EQ(strength(&v, "2c"), 26 * 256 + 1);
  CHECK_EQ(strength(&v, "2s"), 39 * 256 + 1);          /* every card but the spades */
  CHECK_EQ(strength(&v, "As"), 51 * 256 + 13);
  for (s = 0; s < 4; s++) CHECK_EQ(dh_match_bid(&m, s, 3), DH_OK);

  CHECK_EQ(dh_match_play(&m, 0, C("9c")), DH_OK);
  v = turn_view(&m);                                   /* seat 1 */
  check_winning(&v, 0, 0);
  CHECK_EQ(winner_with(&v, "Kc"), 1);
  CHECK_EQ(winner_with(&v, "8c"), 0);
  CHECK_EQ(winner_with(&v, "Ad"), 0);                  /* off suit, whatever its rank */
  CHECK_EQ(winner_with(&v, "2s"), 1);                  /* a card it does not hold: asked all the same */
  /* clubs led, spades trumps, as strong whoever holds what */
  CHECK_EQ(strength(&v, "Kc"), (11 + 26) * 256 + 12);
  CHECK_EQ(strength(&v, "2c"), 26 * 256 + 1);
  CHECK_EQ(strength(&v, "Ad"), 25 * 256 + 13);         /* beats the other diamonds and hearts */
  CHECK_EQ(strength(&v, "2d"), 25 * 256 + 1);
  CHECK_EQ(strength(&v, "2s"), 39 * 256 + 1);
  CHECK_EQ(strength(&v, "9c"), (7 + 26) * 256 + 8);    /* in the trick: the same duels */

  CHECK_EQ(dh_match_play(&m, 1, C("Kc")), DH_OK);
  v = turn_view(&m);                                   /* seat 2 */
  check_winning(&v, 1, 1);
  CHECK_EQ(winner_with(&v, "2c"), 1);
  CHECK_EQ(winner_with(&v, "Ac"), 2);
  CHECK_EQ(winner_with(&v, "2s"), 2);

  CHECK_EQ(dh_match_play(&m, 2, C("2c")), DH_OK);
  v = turn_view(&m);                                   /* seat 3, the last */
  CHECK_EQ(winner_with(&v, "Qc"), 1);
  CHECK_EQ(winner_with(&v, "Ac"), 3);
  CHECK_EQ(winner_with(&v, "Qs"), 3);
  CHECK_EQ(dh_match_play(&m, 3, C("Ac")), DH_OK);
  CHECK_EQ(m.last_winner, 3);

  /* bad cards: refused, the answer left as it was */
  v = turn_view(&m);                                   /* seat 3 leads the second trick */
  CHECK_EQ(dh_match_play(&m, 3, C("Ks")), DH_E_SUIT_NOT_BROKEN);
  CHECK_EQ(dh_match_play(&m, 3, C("3c")), DH_OK);
  v = turn_view(&m);
  seat = index = 77;
  CHECK_EQ(dh_view_winner_with(&v, C("3c"), &seat), DH_E_ILLEGAL_CARD);   /* in the trick */
  CHECK_EQ(dh_view_winner_with(&v, DH_NO_CARD, &seat), DH_E_ILLEGAL_CARD);
  CHECK_EQ(dh_view_winner_with(&v, (dh_card)(C("As") | 64), &seat), DH_E_ILLEGAL_CARD);  /* a second copy */
  CHECK_EQ(dh_view_strength(&v, DH_NO_CARD, &index), DH_E_ILLEGAL_CARD);
  CHECK_EQ(dh_view_strength(&v, (dh_card)(C("As") | 64), &index), DH_E_ILLEGAL_CARD);
  CHECK_EQ(seat, 77);
  CHECK_EQ(index, 77);
}

/* the winner and strengths the core's trick winner gives for m's trick:
** what the view's answers must be under "trump wins, else the highest of
** the led suit" with the natural order */
static int oracle_winner_with(const dh_match *m, int seat, dh_card c) {
  dh_trick t = m->trick;
  if (t.n == 0) t.led = (int8_t)dh_card_suit(c);
  t.cards[t.n] = c;
  t.seats[t.n] = (uint8_t)seat;
  t.n++;
  return t.seats[dh_trick_winner(&t, m->trump, &m->rules->deck.natural)];
}

static int oracle_strength(const dh_match *m, dh_card c) {
  const dh_rules *r = m->rules;
  dh_trick t;
  dh_cardset it;
  int beats = 0;
  t.n = 2;
  t.led = m->trick.n ? m->trick.led : (int8_t)dh_card_suit(c);
  t.cards[0] = c;
  for (it = r->deck_set & ~dh_set_of(c); it; it &= it - 1) {
    t.cards[1] = dh_card_at(dh_set_first(it), r->deck.layout);
    beats += dh_trick_winner(&t, m->trump, &r->deck.natural) == 0;
  }
  return beats * 256 + dh_order_strength(&r->deck.natural, c);
}

/* a play callback that plays "trump wins, else the highest of the led
** suit" itself, from the trick in the match it is handed */
static int trump_or_led_call(void *ud, int ref, int kind, const dh_match *m, int a, int b,
                             int32_t *out) {
  (void)ud; (void)ref; (void)a; (void)b;
  if (kind != DH_RULE_PLAY) return 1;
  *out = dh_trick_winner(&m->trick, m->trump, &m->rules->deck.natural);
  return 0;
}

static struct { int winning, with, last, strength, greedy, asked; } bad;

/* every answer of the view of m's seat to act, against the oracle and
** against the same view under the callback rules (cm: m played by them) */
static void compare(const dh_match *m, const dh_match *cm, int strengths) {
  dh_view v = turn_view(m), cv = turn_view(cm);
  dh_cardset legal, it;
  int seat, index, cseat, cindex;
  dh_card g, cg;
  dh_view_winning(&v, &seat, &index);
  dh_view_winning(&cv, &cseat, &cindex);
  if (m->trick.n && seat != m->trick.seats[dh_trick_winner(&m->trick, m->trump, &m->rules->deck.natural)])
    bad.winning++;
  if (seat != cseat || index != cindex) bad.winning++;
  dh_match_legal(m, &legal);
  for (it = legal; it; it &= it - 1) {
    dh_card c = dh_card_at(dh_set_first(it), DH_LAYOUT_STANDARD);
    int w, cw;
    dh_view_winner_with(&v, c, &w);
    dh_view_winner_with(&cv, c, &cw);
    if (w != oracle_winner_with(m, v.seat, c) || w != cw) bad.with++;
    if (m->trick.n == m->nseats - 1) {  /* the last card: the trick's real winner */
      dh_match after = *m;
      dh_match_play(&after, m->turn, c);
      if (after.last_winner != w) bad.last++;
    }
    bad.asked++;
  }
  if (strengths)
    for (it = m->rules->deck_set; it; it &= it - 1) {
      dh_card c = dh_card_at(dh_set_first(it), DH_LAYOUT_STANDARD);
      int st, cst;
      dh_view_strength(&v, c, &st);
      dh_view_strength(&cv, c, &cst);
      if (st != oracle_strength(m, c) || st != cst) bad.strength++;
    }
  /* greedy play imagines tricks too: a callback must see the one imagined */
  dh_policy_greedy(m, legal, &g);
  dh_policy_greedy(cm, legal, &cg);
  if (g != cg) bad.greedy++;
}

static void test_random_hands(void) {
  dh_rules r, cr;
  dh_rng rng;
  int hand;
  fixture_spades(&r, 500);
  cr = r;   /* the same rules, the play rule a callback */
  cr.call = trump_or_led_call;
  CHECK_EQ(dh_rules_set(&cr, DH_RULE_PLAY, dh_rule_call(&cr, DH_RULE_PLAY, 1)), 0);
  CHECK(dh_rules_check(&cr) == NULL);
  CHECK(cr.has_calls);
  dh_rng_seed(&rng, 12);
  memset(&bad, 0, sizeof bad);
  for (hand = 0; hand < 40; hand++) {
    dh_match m, cm;
    dh_match_init(&m, &r, (uint64_t)hand, hand % 4);
    dh_match_init(&cm, &cr, (uint64_t)hand, hand % 4);
    while (m.phase == DH_PHASE_BID) {
      int b = (int)dh_rng_below(&rng, 5);
      dh_match_bid(&m, m.turn, b);
      dh_match_bid(&cm, cm.turn, b);
    }
    while (m.phase == DH_PHASE_PLAY && m.hand_no == 0) {
      dh_cardset legal;
      dh_card c;
      compare(&m, &cm, hand < 6);
      dh_match_legal(&m, &legal);
      c = dh_set_pick(legal, &rng, DH_LAYOUT_STANDARD);
      CHECK_EQ(dh_match_play(&m, m.turn, c), DH_OK);
      CHECK_EQ(dh_match_play(&cm, cm.turn, c), DH_OK);
    }
  }
  CHECK(bad.asked > 40 * 52);
  CHECK_EQ(bad.winning, 0);
  CHECK_EQ(bad.with, 0);
  CHECK_EQ(bad.last, 0);
  CHECK_EQ(bad.strength, 0);
  CHECK_EQ(bad.greedy, 0);
}

/* a callback that fails: every question that asks the play rule says so */
static int failing_call(void *ud, int ref, int kind, const dh_match *m, int a, int b, int32_t *out) {
  (void)ud; (void)ref; (void)kind; (void)m; (void)a; (void)b; (void)out;
  return 1;
}

static void test_failing_rule(void) {
  dh_rules r;
  dh_match m;
  dh_view v;
  int seat = 5, index = 5, st = 5;
  fixture_spades(&r, 500);
  r.call = failing_call;
  dh_rules_set(&r, DH_RULE_PLAY, dh_rule_call(&r, DH_RULE_PLAY, 1));
  CHECK(dh_rules_check(&r) == NULL);
  dh_match_init(&m, &r, 4, 0);
  while (m.phase == DH_PHASE_BID) dh_match_bid(&m, m.turn, 2);
  v = turn_view(&m);
  CHECK_EQ(dh_view_winning(&v, &seat, &index), DH_OK);   /* an empty trick asks nothing */
  CHECK_EQ(seat, -1);
  CHECK_EQ(dh_view_strength(&v, C("Ac"), &st), DH_E_RULE);
  CHECK_EQ(st, 5);
  {
    dh_cardset legal;
    dh_match_legal(&m, &legal);
    CHECK_EQ(dh_match_play(&m, m.turn, dh_card_at(dh_set_first(legal), DH_LAYOUT_STANDARD)), DH_OK);
  }
  v = turn_view(&m);
  seat = 5;
  CHECK_EQ(dh_view_winning(&v, &seat, &index), DH_E_RULE);
  CHECK_EQ(dh_view_winner_with(&v, C("2d") == m.trick.cards[0] ? C("3d") : C("2d"), &seat), DH_E_RULE);
  CHECK_EQ(seat, 5);
}

static void test_partners_and_passes(void) {
  dh_rules r;
  dh_match m;
  dh_view v;
  uint8_t out[DH_MAX_SEATS];
  static const int8_t dirs[4] = { 1, -1, 2, 0 };
  int s, h;
  fixture_spades(&r, 500);
  dh_match_init(&m, &r, 1, 0);
  dh_view_make(&m, 0, &v);
  CHECK_EQ(dh_view_partners(&v, 0, out), 1);
  CHECK_EQ(out[0], 2);
  CHECK_EQ(dh_view_partners(&v, 3, out), 1);
  CHECK_EQ(out[0], 1);
  CHECK_EQ(dh_view_partners(&v, 4, out), -1);
  CHECK_EQ(dh_view_partners(&v, -1, out), -1);
  CHECK_EQ(dh_view_pass_count(&v), 0);                 /* Spades passes nothing */

  /* six seats in two sides of three: the partners going left */
  dh_rules_init(&r);
  r.nseats = 6;
  r.nsides = 2;
  r.sizes[0] = 8;
  for (s = 0; s < 6; s++) r.side_of[s] = (uint8_t)(s % 2);
  CHECK(dh_rules_check(&r) == NULL);
  dh_match_init(&m, &r, 1, 0);
  dh_view_make(&m, 3, &v);
  CHECK_EQ(dh_view_partners(&v, 3, out), 2);
  CHECK_EQ(out[0], 5);
  CHECK_EQ(out[1], 1);
  CHECK_EQ(dh_view_partners(&v, 0, out), 2);
  CHECK_EQ(out[0], 2);
  CHECK_EQ(out[1], 4);

  /* Hearts' passing: three cards left, right, across, then none */
  dh_rules_init(&r);
  r.nsides = 4;
  for (s = 0; s < 4; s++) r.side_of[s] = (uint8_t)s;
  r.pass_count = 3;
  r.npasses = 4;
  memcpy(r.pass_dir, dirs, sizeof dirs);
  CHECK(dh_rules_check(&r) == NULL);
  dh_match_init(&m, &r, 1, 0);
  dh_view_make(&m, 2, &v);
  CHECK_EQ(dh_view_partners(&v, 2, out), 0);           /* each seat alone */
  for (h = 0; h < 8; h++) {
    m.hand_no = (uint16_t)h;
    for (s = 0; s < 4; s++) {
      dh_view_make(&m, s, &v);
      CHECK_EQ(dh_view_pass_count(&v), h % 4 == 3 ? 0 : 3);
    }
  }
}

int main(void) {
  check_init();
  test_spades_trick();
  test_random_hands();
  test_failing_rule();
  test_partners_and_passes();
  return check_done();
}
