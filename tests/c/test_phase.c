/*
** test_phase.c -- the prefab phases (phase.h): the turned-card trump
** played by hand as pagat.com's Euchre rules tell it
** (https://www.pagat.com/euchre/euchre.html): five cards each, the top
** card of the other four turned up; from the dealer's left each player
** passes or orders the dealer to take it up (trumps its suit), the dealer
** then discarding a card face down; after four passes the card is turned
** down and each may name another suit; four more passes throw the hand
** in and the next dealer deals (or, stick the dealer, the dealer must
** name one).  The maker may play alone, the partner out of the hand; the
** player left of the dealer leads, or the next one playing.  A lone
** hand taking all five tricks scores 4.
*/
#include <string.h>

#include "cards.h"
#include "check.h"
#include "match.h"
#include "phase.h"
#include "playout.h"
#include "view.h"

/* Euchre's rules built in C: partners across, the top of the talon shown,
** the bowers per trump suit, the makers' score, the prefab's phases */
static void euchre_rules(dh_rules *r, int stick) {
  static const char *const right_of[4] = { "Jc", "Jd", "Jh", "Js" };
  static const char *const left_of[4] = { "Js", "Jh", "Jd", "Jc" };   /* the same colour */
  int t, k;
  dh_rules_init(r);
  dh_deck_init(&r->deck, DH_DECK_EUCHRE24);
  dh_rules_finish(r, &r->deck.natural);
  r->nsides = 2;
  for (t = 0; t < 4; t++) r->side_of[t] = (uint8_t)(t & 1);
  r->sizes[0] = 5;
  r->trump_mode = DH_TRUMP_SHOW_TOP;
  r->phase = DH_PREFAB_TURNED_TRUMP;
  r->phase_flags = stick ? DH_PREFAB_STICK : 0;
  r->max_hands = 60;
  for (t = DH_CLUBS; t <= DH_SPADES; t++) {
    dh_card right = C(right_of[t]), left = C(left_of[t]);
    k = dh_rules_add_table(r, t);
    CHECK(k == t + 1);
    r->tables[k - 1].suit_of[left] = (int8_t)t;
    r->tables[k - 1].strength[right] = 30;
    r->tables[k - 1].strength[left] = 29;
    dh_rules_finish_table(&r->tables[k - 1]);
  }
  {
    dh_makers_opts o;
    dh_makers_defaults(&o);
    dh_rules_set(r, DH_RULE_POINTS, dh_rule_makers(r, &o));
  }
  dh_rules_set(r, DH_RULE_PLAY, dh_rule_or(r, dh_rule_trump_wins(r), dh_rule_highest_of_led(r)));
  dh_rules_set(r, DH_RULE_WIN, dh_rule_first_to(r, 10));
  CHECK(dh_rules_check(r) == NULL);
}

/* the deal of every test: dealer seat 3 (0-based), the jack of hearts turned */
static const char *const deal_hands[4] = {
  "Jd Ah Kh 9c Ts",   /* seat 0, left of the dealer */
  "Qh Ac Kc Qc Jc",
  "Th 9h As Ks Qs",
  "Ad Kd Qd Td 9d",   /* the dealer */
};

static void deal(dh_match *m, const dh_rules *r) {
  dh_cardset hands[4];
  dh_card talon[4];
  int s;
  for (s = 0; s < 4; s++) hands[s] = S(deal_hands[s]);
  talon[0] = C("Jh"); talon[1] = C("Js"); talon[2] = C("Tc"); talon[3] = C("9s");
  CHECK(dh_match_init_deal(m, r, 7, 3, hands, talon, 4));
}

static int has_move(const dh_match *m, int move) {
  int list[DH_PHASE_MAX_MOVES], n = dh_phase_moves(m, list), i;
  for (i = 0; i < n; i++)
    if (list[i] == move) return 1;
  return 0;
}

/* every card of the deck in exactly one place */
static int conserved(const dh_match *m) {
  dh_cardset all = m->played, seen = m->played;
  int s, i, n = dh_set_count(m->played);
  for (s = 0; s < 4; s++) {
    all |= m->hand[s] | m->discard[s];
    n += dh_set_count(m->hand[s]) + dh_set_count(m->discard[s]);
    if ((m->hand[s] | m->discard[s]) & seen) return 0;
    seen |= m->hand[s] | m->discard[s];
  }
  for (i = m->talon.top; i < m->talon.n; i++) {
    if (dh_set_has(all, m->talon.cards[i])) return 0;
    all |= dh_set_of(m->talon.cards[i]);
    n++;
  }
  return n == 24 && all == m->rules->deck_set;
}

/* the first round: who is asked, in what order, and the dealer's words */
static void test_first_round(const dh_rules *r) {
  dh_match m, before;
  int list[DH_PHASE_MAX_MOVES], n;
  deal(&m, r);
  CHECK(m.phase == DH_PHASE_SCRIPT && m.step == DH_STEP_ORDER);
  CHECK_STR(dh_phase_name(r, m.step), "order");
  CHECK(m.upcard == C("Jh") && m.trump == DH_NOSUIT);
  CHECK_EQ(dh_match_next(&m), 0);                       /* the dealer's left is asked first */
  n = dh_phase_moves(&m, list);
  CHECK(n == 3 && list[0] == DH_MOVE_PASS && list[1] == DH_MOVE_ORDER_UP && list[2] == DH_MOVE_ORDER_UP_ALONE);
  /* refusals change nothing */
  before = m;
  CHECK_EQ(dh_phase_apply(&m, 1, DH_MOVE_PASS), DH_E_NOT_YOUR_TURN);
  CHECK_EQ(dh_phase_apply(&m, 0, DH_MOVE_PICK_UP), DH_E_ILLEGAL_MOVE);      /* the dealer's words */
  CHECK_EQ(dh_phase_apply(&m, 0, DH_MOVE_CALL + 2 * DH_SPADES), DH_E_ILLEGAL_MOVE);  /* second round only */
  CHECK_EQ(dh_phase_apply(&m, 0, DH_MOVE_DISCARD + C("9c")), DH_E_ILLEGAL_MOVE);
  CHECK_EQ(dh_phase_apply(&m, 0, -1), DH_E_ILLEGAL_MOVE);
  CHECK_EQ(dh_match_play(&m, 0, C("Ah")), DH_E_WRONG_PHASE);
  CHECK(memcmp(&m, &before, sizeof m) == 0);
  /* each passes in turn to the left */
  CHECK_EQ(dh_phase_apply(&m, 0, DH_MOVE_PASS), DH_OK);
  CHECK_EQ(dh_match_next(&m), 1);
  CHECK_EQ(dh_phase_apply(&m, 1, DH_MOVE_PASS), DH_OK);
  CHECK_EQ(dh_phase_apply(&m, 2, DH_MOVE_PASS), DH_OK);
  CHECK_EQ(dh_match_next(&m), 3);
  n = dh_phase_moves(&m, list);
  CHECK(n == 3 && list[0] == DH_MOVE_PASS && list[1] == DH_MOVE_PICK_UP && list[2] == DH_MOVE_PICK_UP_ALONE);
  CHECK(!has_move(&m, DH_MOVE_ORDER_UP));
  CHECK_EQ(m.step, DH_STEP_ORDER);
}

/* ordered up: the turned card's suit is trumps, the dealer takes the card
** (everyone saw it go in) and lays one away face down; the play begins
** from the dealer's left */
static void test_order_up(const dh_rules *r) {
  dh_match m, w;
  dh_view v;
  dh_rng rng;
  dh_cardset hands[4];
  dh_card talon[64];
  int list[DH_PHASE_MAX_MOVES], n, s, i, nt;
  deal(&m, r);
  CHECK_EQ(dh_phase_apply(&m, 0, DH_MOVE_PASS), DH_OK);
  CHECK_EQ(dh_phase_apply(&m, 1, DH_MOVE_ORDER_UP), DH_OK);
  CHECK(m.trump == DH_HEARTS && m.declarer == 1 && m.out_mask == 0 && m.vars[0] == 0);
  CHECK(dh_match_suit(&m, C("Jd")) == DH_HEARTS);      /* the left bower is a trump */
  CHECK(m.step == DH_STEP_DISCARD && dh_match_next(&m) == 3);
  CHECK_STR(dh_phase_name(r, m.step), "discard");
  CHECK(m.hand[3] == (S(deal_hands[3]) | S("Jh")));
  CHECK(dh_set_has(m.known[3], C("Jh")));
  CHECK(conserved(&m));
  /* the discard: any of the six, the turned card too */
  n = dh_phase_moves(&m, list);
  CHECK_EQ(n, 6);
  for (i = 0; i < n; i++) CHECK(dh_set_has(m.hand[3], (dh_card)(list[i] - DH_MOVE_DISCARD)));
  for (i = 1; i < n; i++) CHECK(list[i] > list[i - 1]);   /* lowest position first */
  CHECK(has_move(&m, DH_MOVE_DISCARD + C("Jh")));
  CHECK_EQ(dh_phase_apply(&m, 3, DH_MOVE_DISCARD + C("9c")), DH_E_ILLEGAL_MOVE);  /* not the dealer's */
  CHECK_EQ(dh_phase_apply(&m, 3, DH_MOVE_DISCARD + C("9d")), DH_OK);
  CHECK(m.discard[3] == S("9d") && dh_set_count(m.hand[3]) == 5);
  CHECK(m.phase == DH_PHASE_PLAY && m.leader == 0 && m.turn == 0 && m.nplaying == 4);
  CHECK(conserved(&m));
  /* the others know the jack went in and is the dealer's, held or laid away */
  CHECK(m.known[3] == 0 && dh_set_has(m.excluded[0], C("Jh")));
  /* the deal is restorable, and a world sampled by a defender holds it */
  nt = dh_match_deal(&m, hands, talon);
  for (s = 0; s < 4; s++) CHECK(hands[s] == S(deal_hands[s]));
  CHECK(nt == 4 && talon[0] == C("Jh"));
  CHECK_EQ(dh_view_make(&m, 0, &v), 0);
  CHECK(v.m.discard[3] == 0 && v.discards[3] == 1);      /* face down */
  dh_rng_seed(&rng, 5);
  for (i = 0; i < 50; i++) {
    CHECK(dh_view_sample(&v, &rng, &w));
    CHECK(dh_set_has(w.hand[3] | w.discard[3], C("Jh")) && dh_set_count(w.discard[3]) == 1);
    CHECK(w.hand[0] == m.hand[0] && conserved(&w));
  }
}

/* four passes turn the card down; the second round names another suit */
static void test_second_round(const dh_rules *r) {
  dh_match m, before;
  int list[DH_PHASE_MAX_MOVES], n, s;
  deal(&m, r);
  for (s = 0; s < 4; s++) CHECK_EQ(dh_phase_apply(&m, s, DH_MOVE_PASS), DH_OK);
  CHECK(m.step == DH_STEP_CALL && dh_match_next(&m) == 0 && m.trump == DH_NOSUIT);
  CHECK_STR(dh_phase_name(r, m.step), "call");
  n = dh_phase_moves(&m, list);
  CHECK_EQ(n, 7);                                          /* pass, three suits, each alone or not */
  CHECK(list[0] == DH_MOVE_PASS);
  CHECK(list[1] == DH_MOVE_CALL + 2 * DH_CLUBS && list[2] == DH_MOVE_CALL + 2 * DH_CLUBS + 1);
  CHECK(!has_move(&m, DH_MOVE_CALL + 2 * DH_HEARTS));     /* not the turned card's suit */
  before = m;
  CHECK_EQ(dh_phase_apply(&m, 0, DH_MOVE_CALL + 2 * DH_HEARTS), DH_E_ILLEGAL_MOVE);
  CHECK_EQ(dh_phase_apply(&m, 0, DH_MOVE_ORDER_UP), DH_E_ILLEGAL_MOVE);
  CHECK(memcmp(&m, &before, sizeof m) == 0);
  CHECK_EQ(dh_phase_apply(&m, 0, DH_MOVE_PASS), DH_OK);
  CHECK_EQ(dh_phase_apply(&m, 1, DH_MOVE_CALL + 2 * DH_CLUBS), DH_OK);
  CHECK(m.trump == DH_CLUBS && m.declarer == 1 && m.out_mask == 0);
  CHECK(dh_match_suit(&m, C("Js")) == DH_CLUBS);
  /* nobody took the turned card: straight to the play, from the dealer's left */
  CHECK(m.phase == DH_PHASE_PLAY && m.turn == 0 && dh_deck_left(&m.talon) == 4);
  CHECK(m.hand[3] == S(deal_hands[3]) && m.discard[3] == 0);
}

/* eight passes throw the hand in: nothing scored, the next dealer deals */
static void test_redeal(const dh_rules *r) {
  dh_match m;
  int s;
  deal(&m, r);
  for (s = 0; s < 8; s++) CHECK_EQ(dh_phase_apply(&m, s & 3, DH_MOVE_PASS), DH_OK);
  CHECK(m.hand_no == 1 && m.dealer == 0);
  CHECK(m.score[0] == 0 && m.score[1] == 0 && m.hand_points[0] == 0 && m.hand_points[1] == 0);
  CHECK(m.phase == DH_PHASE_SCRIPT && m.step == DH_STEP_ORDER && dh_match_next(&m) == 1);
  CHECK(m.declarer == DH_MAX_SEATS && m.trump == DH_NOSUIT);
  for (s = 0; s < 4; s++) CHECK_EQ(dh_set_count(m.hand[s]), 5);
  CHECK(conserved(&m));
}

/* stick the dealer: the dealer may not pass the second round */
static void test_stick(void) {
  dh_rules r;
  dh_match m, before;
  int list[DH_PHASE_MAX_MOVES], n, s;
  euchre_rules(&r, 1);
  deal(&m, &r);
  for (s = 0; s < 4; s++) CHECK_EQ(dh_phase_apply(&m, s, DH_MOVE_PASS), DH_OK);
  CHECK(has_move(&m, DH_MOVE_PASS));                      /* the others still may */
  for (s = 0; s < 3; s++) CHECK_EQ(dh_phase_apply(&m, s, DH_MOVE_PASS), DH_OK);
  CHECK_EQ(dh_match_next(&m), 3);
  n = dh_phase_moves(&m, list);
  CHECK(n == 6 && list[0] == DH_MOVE_CALL + 2 * DH_CLUBS);
  before = m;
  CHECK_EQ(dh_phase_apply(&m, 3, DH_MOVE_PASS), DH_E_ILLEGAL_MOVE);
  CHECK(memcmp(&m, &before, sizeof m) == 0);
  CHECK_EQ(dh_phase_apply(&m, 3, DH_MOVE_CALL + 2 * DH_DIAMONDS + 1), DH_OK);  /* alone */
  CHECK(m.trump == DH_DIAMONDS && m.declarer == 3 && m.out_mask == 1u << 1 && m.vars[0] == 1);
  CHECK(m.phase == DH_PHASE_PLAY && m.turn == 0 && m.nplaying == 3);
}

/* going alone: the partner's hand is out; when that is the dealer the
** turned card stays where it is */
static void test_alone(const dh_rules *r) {
  dh_match m;
  dh_rng rng;
  int s;
  /* the first hand's maker, left of the dealer, alone: its partner (seat
     2) out, the dealer takes the card as usual */
  deal(&m, r);
  CHECK_EQ(dh_phase_apply(&m, 0, DH_MOVE_ORDER_UP_ALONE), DH_OK);
  CHECK(m.declarer == 0 && m.out_mask == 1u << 2 && m.vars[0] == 1 && m.nplaying == 3);
  CHECK(m.step == DH_STEP_DISCARD && dh_match_next(&m) == 3);
  CHECK_EQ(dh_phase_apply(&m, 3, DH_MOVE_DISCARD + C("Jh")), DH_OK);
  CHECK(m.phase == DH_PHASE_PLAY && m.turn == 0);
  /* seat 0 holds the five best hearts (both bowers, A K Q): it takes every
     trick whatever anyone plays, a lone march: 4 */
  {
    dh_cardset hands[4];
    dh_card talon[4];
    hands[0] = S("Jh Jd Ah Kh Qh");
    hands[1] = S("Ac Kc Qc Jc Tc");
    hands[2] = S("Th 9h As Ks Qs");
    hands[3] = S("Ad Kd Qd Td 9d");
    talon[0] = C("9c"); talon[1] = C("Js"); talon[2] = C("9s"); talon[3] = C("Ts");
    CHECK(dh_match_init_deal(&m, r, 7, 3, hands, talon, 4));
    /* clubs turned: all pass, then hearts called alone in the second round */
    for (s = 0; s < 4; s++) CHECK_EQ(dh_phase_apply(&m, s, DH_MOVE_PASS), DH_OK);
    CHECK_EQ(dh_phase_apply(&m, 0, DH_MOVE_CALL + 2 * DH_HEARTS + 1), DH_OK);
    CHECK(m.phase == DH_PHASE_PLAY && m.out_mask == 1u << 2);
    dh_rng_seed(&rng, 3);
    CHECK_EQ(dh_playout_hand(&m, &rng), DH_OK);
    CHECK(m.hand_no == 1 && m.last_tricks[0] == 5);
    CHECK(m.hand_points[0] == 4 && m.hand_points[1] == 0 && m.score[0] == 4);
  }
  /* the dealer's partner (seat 1) alone: the dealer sits out, nobody
     picks up, and the play begins at once from the dealer's left */
  deal(&m, r);
  CHECK_EQ(dh_phase_apply(&m, 0, DH_MOVE_PASS), DH_OK);
  CHECK_EQ(dh_phase_apply(&m, 1, DH_MOVE_ORDER_UP_ALONE), DH_OK);
  CHECK(m.out_mask == 1u << 3 && m.declarer == 1 && m.trump == DH_HEARTS);
  CHECK(m.phase == DH_PHASE_PLAY && m.turn == 0 && dh_deck_left(&m.talon) == 4 && m.took[3] == 0);
  CHECK(m.hand[3] == S(deal_hands[3]));
  /* the dealer alone ("pick up alone"): seat 1 out; the dealer still takes
     the card up and discards */
  deal(&m, r);
  for (s = 0; s < 3; s++) CHECK_EQ(dh_phase_apply(&m, s, DH_MOVE_PASS), DH_OK);
  CHECK_EQ(dh_phase_apply(&m, 3, DH_MOVE_PICK_UP_ALONE), DH_OK);
  CHECK(m.out_mask == 1u << 1 && m.step == DH_STEP_DISCARD && dh_set_count(m.hand[3]) == 6);
  /* seat 2 alone: the dealer's left (seat 0) is out, the next seat leads */
  deal(&m, r);
  CHECK_EQ(dh_phase_apply(&m, 0, DH_MOVE_PASS), DH_OK);
  CHECK_EQ(dh_phase_apply(&m, 1, DH_MOVE_PASS), DH_OK);
  CHECK_EQ(dh_phase_apply(&m, 2, DH_MOVE_ORDER_UP_ALONE), DH_OK);
  CHECK_EQ(dh_phase_apply(&m, 3, DH_MOVE_DISCARD + C("9d")), DH_OK);
  CHECK(m.out_mask == 1u && m.phase == DH_PHASE_PLAY && m.turn == 1);
}

/* random playouts play the phases in C, every match to its end, the cards
** conserved after every move */
static void test_playouts(const dh_rules *r) {
  dh_match m;
  dh_rng rng;
  int seed, steps, ok = 1, ended = 1, phased = 0;
  dh_rng_seed(&rng, 11);
  for (seed = 1; seed <= 200; seed++) {
    dh_match_init(&m, r, (uint64_t)seed, seed & 3);
    for (steps = 0; m.phase != DH_PHASE_OVER && steps < 20000; steps++) {
      if (m.phase == DH_PHASE_SCRIPT) phased++;
      if (dh_playout_step(&m, &rng) != DH_OK) { ok = 0; break; }
      if (!conserved(&m)) ok = 0;
    }
    ended &= m.phase == DH_PHASE_OVER;
    ok &= m.score[0] >= 10 || m.score[1] >= 10 || m.hand_no + 1 >= r->max_hands;
  }
  CHECK(ok && ended && phased > 200);
}

/* rules the prefab does not fit are refused by name */
static void test_check(void) {
  dh_rules r;
  euchre_rules(&r, 0);
  r.trump_mode = DH_TRUMP_TURN_UNDER;
  CHECK(dh_rules_check(&r) != NULL && strstr(dh_rules_check(&r), "show_top"));
  euchre_rules(&r, 0);
  r.side_of[1] = 0;
  r.side_of[2] = 1;
  CHECK(dh_rules_check(&r) != NULL && strstr(dh_rules_check(&r), "partners"));
  euchre_rules(&r, 0);
  r.nseats = 3;
  CHECK(dh_rules_check(&r) != NULL);
  euchre_rules(&r, 0);
  r.opener = 0;
  CHECK(dh_rules_check(&r) != NULL && strstr(dh_rules_check(&r), "left of the dealer"));
  euchre_rules(&r, 0);
  r.phase_flags = 0x80;
  CHECK(dh_rules_check(&r) != NULL);
  euchre_rules(&r, 0);
  r.phase = DH_PREFAB_NKINDS;
  CHECK_STR(dh_rules_check(&r), "no such prefab phase");
  euchre_rules(&r, 0);
  CHECK(r.scripted == 1);                                 /* set by the check */
  CHECK_STR(dh_phase_name(&r, 4), "defend");                /* lone_defender's step */
  CHECK(dh_phase_name(&r, 5) == NULL && dh_phase_name(&r, 0) == NULL);
}

/* without a prefab, nothing: a Lua script's phase is the caller's */
static void test_no_prefab(const dh_rules *euchre) {
  dh_rules r = *euchre;
  dh_match m;
  dh_rng rng;
  int list[DH_PHASE_MAX_MOVES];
  dh_action a;
  r.phase = DH_PREFAB_NONE;
  r.scripted = 1;
  CHECK(dh_rules_check(&r) == NULL);
  deal(&m, &r);
  dh_rng_seed(&rng, 1);
  CHECK_EQ(dh_phase_moves(&m, list), 0);
  CHECK_EQ(dh_phase_pick(&m, &rng), -1);
  CHECK_EQ(dh_phase_apply(&m, 0, DH_MOVE_PASS), DH_E_WRONG_PHASE);
  CHECK_EQ(dh_playout_pick(&m, &rng, &a), DH_E_WRONG_PHASE);
}

int main(void) {
  dh_rules r;
  check_init();
  euchre_rules(&r, 0);
  test_first_round(&r);
  test_order_up(&r);
  test_second_round(&r);
  test_redeal(&r);
  test_stick();
  test_alone(&r);
  test_playouts(&r);
  test_check();
  test_no_prefab(&r);
  return check_done();
}
