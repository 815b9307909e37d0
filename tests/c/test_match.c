/* test_match.c -- the match state machine with Spades rules built in C */
#include <string.h>

#include "cards.h"
#include "check.h"
#include "match.h"
#include "playout.h"
#include "rules_fixture.h"

/* legality: follow suit, spades not led until broken, unless only spades */
static void test_legality(const dh_rules *r) {
  dh_cardset hands[4];
  dh_match m;
  dh_cardset legal;
  hands[0] = S("2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc Ac");
  hands[1] = S("2d 3d 4d 5d 6d 7d 8d 9d Td Jd Qd Kd As");
  hands[2] = S("2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh Ah");
  hands[3] = S("2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks Ad");
  CHECK(dh_match_init_deal(&m, r, 1, 3, hands, NULL, 0));
  CHECK_EQ(m.phase, DH_PHASE_BID);
  CHECK_EQ(dh_match_next(&m), 0);           /* left of dealer 3 bids first */
  CHECK_EQ(dh_match_bid(&m, 1, 3), DH_E_NOT_YOUR_TURN);
  CHECK_EQ(dh_match_bid(&m, 0, 14), DH_E_BAD_BID);
  CHECK_EQ(dh_match_play(&m, 0, C("2c")), DH_E_WRONG_PHASE);
  CHECK_EQ(dh_match_bid(&m, 0, 0), DH_OK);
  CHECK_EQ(dh_match_bid(&m, 1, 1), DH_OK);
  CHECK_EQ(dh_match_bid(&m, 2, 0), DH_OK);
  CHECK_EQ(dh_match_bid(&m, 3, 13), DH_OK);
  CHECK_EQ(m.phase, DH_PHASE_PLAY);
  CHECK_EQ(dh_match_next(&m), 0);
  CHECK_EQ(dh_match_play(&m, 0, C("2d")), DH_E_CARD_NOT_IN_HAND);
  CHECK_EQ(dh_match_play(&m, 0, C("2c")), DH_OK);
  /* seat 1 is void in clubs: anything goes, the ace of spades trumps */
  CHECK_EQ(dh_match_legal(&m, &legal), DH_OK);
  CHECK(legal == hands[1]);
  CHECK_EQ(dh_match_play(&m, 1, C("As")), DH_OK);
  CHECK_EQ(dh_match_play(&m, 2, C("2h")), DH_OK);
  CHECK_EQ(dh_match_play(&m, 3, C("2s")), DH_OK);
  CHECK_EQ(m.last_winner, 1);
  CHECK_EQ(m.tricks[1], 1);
  CHECK_EQ(m.voids[1], 1 << DH_CLUBS);
  /* seat 1 leads: spades are broken now, but it has none left */
  CHECK_EQ(dh_match_next(&m), 1);
  CHECK_EQ(dh_match_play(&m, 1, C("2d")), DH_OK);
  CHECK_EQ(dh_match_play(&m, 2, C("3h")), DH_OK);
  CHECK_EQ(dh_match_play(&m, 3, C("3s")), DH_E_MUST_FOLLOW_SUIT);
  CHECK_EQ(dh_match_play(&m, 3, C("Ad")), DH_OK);
  CHECK_EQ(dh_match_play(&m, 0, C("3c")), DH_OK);
  CHECK_EQ(m.last_winner, 3);
}

static void test_not_broken(const dh_rules *r) {
  dh_cardset hands[4];
  dh_match m;
  int s;
  hands[0] = S("2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc As");
  hands[1] = S("2d 3d 4d 5d 6d 7d 8d 9d Td Jd Qd Kd Ac");
  hands[2] = S("2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh Ah");
  hands[3] = S("2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks Ad");
  CHECK(dh_match_init_deal(&m, r, 1, 2, hands, NULL, 0));
  for (s = 0; s < 4; s++) CHECK_EQ(dh_match_bid(&m, (3 + s) % 4, 3), DH_OK);
  /* seat 3 leads holding only spades (and Ad): Ad is fine, a spade is not */
  CHECK_EQ(dh_match_play(&m, 3, C("2s")), DH_E_SUIT_NOT_BROKEN);
  {
    dh_match before = m;
    CHECK_EQ(dh_match_play(&m, 3, C("2s")), DH_E_SUIT_NOT_BROKEN);
    CHECK(memcmp(&before, &m, sizeof m) == 0);
  }
  CHECK_EQ(dh_match_play(&m, 3, C("Ad")), DH_OK);
}

static void test_random(const dh_rules *r) {
  dh_rng rng;
  int i, ended = 0, conserved = 1, tricks_ok = 1;
  dh_rng_seed(&rng, 42);
  for (i = 0; i < 300; i++) {
    dh_match m;
    dh_match_init(&m, r, (uint64_t)i, i % 4);
    while (m.phase != DH_PHASE_OVER) {
      int hand = m.hand_no, s, total = 0;
      dh_cardset all = m.played;
      for (s = 0; s < 4; s++) all |= m.hand[s];
      if (all != DH_FRENCH52) conserved = 0;
      if (dh_playout_step(&m, &rng) != DH_OK) break;
      if (m.hand_no != hand || m.phase == DH_PHASE_OVER) {
        for (s = 0; s < 4; s++) total += m.last_tricks[s];
        if (total != 13) tricks_ok = 0;
      }
    }
    ended += m.phase == DH_PHASE_OVER;
  }
  CHECK_EQ(ended, 300);
  CHECK(conserved);
  CHECK(tricks_ok);
}

/* bad seat numbers: refused by every call that takes a seat, nothing
** written out of bounds, the match unchanged */
static void test_bad_seats(const dh_rules *r) {
  dh_match m, before;
  dh_cardset out = 123;
  dh_view v;
  int ok = 5, seat;
  static const int bad[] = { -1, 4, 8, 255, 1000000 };
  size_t i;
  dh_match_init(&m, r, 9, 0);
  before = m;
  memset(&v, 0x5a, sizeof v);
  for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    seat = bad[i];
    CHECK_EQ(dh_hand_allowed(&m, seat, &out), DH_E_BAD_SEAT);
    CHECK_EQ(out, 0);
    CHECK_EQ(dh_hand_why(&m, seat, C("2c")), DH_E_BAD_SEAT);
    CHECK_EQ(dh_bid_allowed(&m, seat, 3, &ok), DH_E_BAD_SEAT);
    CHECK_EQ(ok, 0);
    CHECK_EQ(dh_match_pass_target(&m, seat), -1);
    CHECK_EQ(dh_view_make(&m, seat, &v), -1);
    CHECK_EQ(dh_match_bid(&m, seat, 3), DH_E_NOT_YOUR_TURN);
    CHECK_EQ(dh_match_play(&m, seat, C("2c")), DH_E_WRONG_PHASE);
  }
  CHECK_EQ(v.seat, 0x5a);   /* the view was not written */
  CHECK(memcmp(&m, &before, sizeof m) == 0);
  CHECK_EQ(dh_view_make(&m, 2, &v), 0);
  CHECK_STR(dh_error_name(DH_E_BAD_SEAT), "bad_seat");
}

/* the phase ops of a scripted variant: each refuses without change where
** it does not fit; a seat sitting out is skipped and tricks complete
** without it; a discard leaves the deal restorable */
static void test_phase_ops(void) {
  dh_rules r;
  dh_match m, before;
  dh_cardset hands[4], deal[4];
  dh_card talon[64], kitty[4];
  int k, s, nt;
  dh_rules_init(&r);
  dh_deck_init(&r.deck, DH_DECK_EUCHRE24);
  dh_rules_finish(&r, &r.deck.natural);
  r.sizes[0] = 5;
  r.trump_mode = DH_TRUMP_SHOW_TOP;
  r.scripted = 1;
  k = dh_rules_add_table(&r, DH_HEARTS);
  CHECK(k == 1);
  r.tables[0].suit_of[C("Jd") & 63] = DH_HEARTS;   /* the left bower, above the ace */
  r.tables[0].strength[C("Jd") & 63] = 20;
  dh_rules_finish_table(&r.tables[0]);
  CHECK(dh_rules_check(&r) == NULL);
  hands[0] = S("Jh Jd Ah 9c Ts");
  hands[1] = S("Kh Qh Ac Kc Qc");
  hands[2] = S("Th 9h As Ks Qs");
  hands[3] = S("Ad Kd Qd Td 9d");
  kitty[0] = C("Js"); kitty[1] = C("Jc"); kitty[2] = C("Tc"); kitty[3] = C("9s");
  CHECK(dh_match_init_deal(&m, &r, 1, 3, hands, kitty, 4));
  CHECK(m.phase == DH_PHASE_SCRIPT && m.step == 1 && m.turn == 0);
  CHECK(m.upcard == C("Js") && m.trump == DH_NOSUIT);
  CHECK(dh_match_play(&m, 0, C("Jh")) == DH_E_WRONG_PHASE);
  /* refusals change nothing */
  before = m;
  CHECK(dh_match_discard(&m, 0, S("Kh")) == DH_E_CARD_NOT_IN_HAND);
  CHECK(dh_match_discard(&m, 0, 0) == DH_E_BAD_OP);
  CHECK(dh_match_take(&m, 3, 5) == DH_E_BAD_OP);
  CHECK(dh_match_set_trump(&m, 7) == DH_E_BAD_OP);
  CHECK(dh_match_set_turn(&m, 4) == DH_E_BAD_SEAT);
  CHECK(dh_match_set_var(&m, 8, 1) == DH_E_BAD_OP);
  CHECK(dh_match_set_step(&m, 0, -1) == DH_E_BAD_OP);
  CHECK(memcmp(&m, &before, sizeof m) == 0);
  /* hearts trumps: the left bower counts as a heart and follows hearts */
  CHECK(dh_match_set_trump(&m, DH_HEARTS) == DH_OK);
  CHECK(m.table == 1 && dh_match_suit(&m, C("Jd")) == DH_HEARTS);
  CHECK(dh_match_set_declarer(&m, 0) == DH_OK);
  CHECK(dh_match_sit_out(&m, 2) == DH_OK);
  CHECK(dh_match_sit_out(&m, 2) == DH_E_BAD_OP);
  CHECK(dh_match_set_turn(&m, 2) == DH_E_BAD_OP);
  CHECK(dh_match_take(&m, 3, 1) == DH_OK);
  CHECK(dh_set_has(m.known[3], C("Js")) && dh_set_count(m.hand[3]) == 6);
  CHECK(dh_match_start_play(&m, -1) == DH_E_BAD_OP);   /* six cards against five */
  CHECK(dh_match_discard(&m, 3, S("9d")) == DH_OK);
  CHECK(m.known[3] == 0 && dh_set_has(m.excluded[0], C("Js")));
  nt = dh_match_deal(&m, deal, talon);
  for (s = 0; s < 4; s++) CHECK(deal[s] == hands[s]);
  CHECK(nt == 4 && talon[0] == C("Js"));
  CHECK(dh_match_start_play(&m, -1) == DH_OK);
  CHECK(m.phase == DH_PHASE_PLAY && m.turn == 0 && m.nplaying == 3);
  CHECK(dh_match_play(&m, 0, C("Jd")) == DH_OK);
  CHECK(m.turn == 1);
  CHECK(dh_match_play(&m, 1, C("Qh")) == DH_OK);
  CHECK(m.turn == 3);                                  /* seat 2 sits out */
  CHECK(dh_match_play(&m, 3, C("Ad")) == DH_OK);    /* void in hearts */
  CHECK(m.trick_no == 1 && m.tricks[0] == 1);          /* three cards made the trick */
  CHECK(dh_match_set_trump(&m, DH_SPADES) == DH_E_WRONG_PHASE);
}

/* a dummy: the dealer opens the script phase; the dummy's cards are
** chosen by declarer (the seat to act, the one playouts act for) and
** shown to all once the first card is led; the dummy itself is refused */
static void test_dummy(void) {
  dh_rules r;
  dh_match m, before;
  dh_view v;
  dh_rng rng;
  dh_action a;
  dh_cardset hands[4];
  dh_rules_init(&r);
  r.sizes[0] = 13;
  r.scripted = 1;
  r.opener = 0;
  CHECK(dh_rules_check(&r) == NULL);
  hands[0] = S("As Ks Qs Js Ts 9s 8s 7s 6s 5s 4s 3s 2s");
  hands[1] = S("Ah Kh Qh Jh Th 9h 8h 7h 6h 5h 4h 3h 2h");
  hands[2] = S("Ad Kd Qd Jd Td 9d 8d 7d 6d 5d 4d 3d 2d");
  hands[3] = S("Ac Kc Qc Jc Tc 9c 8c 7c 6c 5c 4c 3c 2c");
  CHECK(dh_match_init_deal(&m, &r, 1, 1, hands, NULL, 0));
  CHECK(m.phase == DH_PHASE_SCRIPT && m.turn == 1 && dh_match_next(&m) == 1);  /* the dealer */
  before = m;
  CHECK(dh_match_control(&m, 4, 0) == DH_E_BAD_SEAT);
  CHECK(dh_match_control(&m, 0, 4) == DH_E_BAD_SEAT);
  CHECK(dh_match_expose(&m, -1, 1) == DH_E_BAD_SEAT);
  CHECK(memcmp(&m, &before, sizeof m) == 0);
  /* South (2) declares, North (0) is the dummy, West (3) leads */
  CHECK(dh_match_set_declarer(&m, 2) == DH_OK);
  CHECK(dh_match_control(&m, 0, 2) == DH_OK);
  CHECK(dh_match_expose(&m, 0, 1) == DH_OK);
  CHECK(m.known[0] == 0);
  CHECK(dh_match_start_play(&m, 3) == DH_OK);
  CHECK(dh_view_make(&m, 1, &v) == 0 && v.m.hand[0] == 0);   /* hidden before the lead */
  CHECK(dh_match_play(&m, 3, C("Ac")) == DH_OK);
  CHECK(m.known[0] == m.hand[0] && m.show_at_lead == 0);
  CHECK(m.turn == 0 && dh_match_next(&m) == 2);
  before = m;
  CHECK(dh_match_play(&m, 0, C("2s")) == DH_E_NOT_YOUR_TURN);   /* the dummy does not act */
  CHECK(dh_match_play(&m, 2, C("2d")) == DH_E_CARD_NOT_IN_HAND); /* declarer's own card: not now */
  CHECK(memcmp(&m, &before, sizeof m) == 0);
  CHECK(dh_view_make(&m, 1, &v) == 0 && v.m.hand[0] == m.hand[0]);   /* shown to all */
  CHECK(dh_view_make(&m, 2, &v) == 0);
  {
    dh_cardset legal;
    CHECK(dh_match_legal(&v.m, &legal) == DH_OK && legal == m.hand[0]);   /* void in clubs */
  }
  dh_rng_seed(&rng, 5);
  CHECK(dh_view_sample(&v, &rng, &before) == 1 && before.hand[0] == m.hand[0]);
  CHECK(dh_playout_pick(&m, &rng, &a) == DH_OK && a.seat == 2 && dh_set_has(m.hand[0], a.card));
  CHECK(dh_match_play(&m, 2, C("2s")) == DH_OK);
  CHECK(m.turn == 1 && dh_match_next(&m) == 1 && !dh_set_has(m.known[0], C("2s")));
  dh_match_rewind(&m, &before);   /* the hand as dealt: no dummy yet */
  CHECK(before.phase == DH_PHASE_SCRIPT && before.controller[0] == 0 && before.known[0] == 0);
  CHECK(dh_playout_hand(&m, &rng) == DH_OK);
  CHECK(m.phase == DH_PHASE_OVER && m.last_tricks[0] + m.last_tricks[1] + m.last_tricks[2] +
        m.last_tricks[3] == 13);
}

/* teams per hand: three seats each scoring alone, and for one hand the
** declarer against the other two, who are then partners */
static void test_teams(void) {
  dh_rules r;
  dh_match m, before;
  dh_view v;
  dh_rng rng;
  uint8_t out[DH_MAX_SEATS];
  dh_rules_init(&r);
  dh_deck_init(&r.deck, DH_DECK_PIQUET32);
  dh_rules_finish(&r, &r.deck.natural);
  r.nseats = 3;
  r.nsides = 3;
  r.sizes[0] = 10;
  r.scripted = 1;
  CHECK(dh_rules_check(&r) == NULL);
  dh_match_init(&m, &r, 3, 0);
  CHECK(m.team[0] == 0 && m.team[1] == 1 && m.team[2] == 2);
  before = m;
  CHECK(dh_match_set_team(&m, 1, DH_MAX_SEATS) == DH_E_BAD_OP);
  CHECK(dh_match_set_team(&m, 3, 0) == DH_E_BAD_SEAT);
  CHECK(memcmp(&m, &before, sizeof m) == 0);
  CHECK(dh_match_set_team(&m, 2, 1) == DH_OK);   /* seat 0 declares; 1 and 2 defend together */
  CHECK(dh_view_make(&m, 1, &v) == 0);
  CHECK(dh_view_partners(&v, 1, out) == 1 && out[0] == 2);
  CHECK(dh_view_partners(&v, 0, out) == 0);
  CHECK(dh_match_start_play(&m, -1) == DH_OK);
  CHECK(dh_match_set_team(&m, 2, 2) == DH_E_WRONG_PHASE);
  dh_rng_seed(&rng, 2);
  CHECK(dh_playout_hand(&m, &rng) == DH_OK);
  CHECK(m.phase == DH_PHASE_OVER);
  dh_match_init(&m, &r, 4, 0);   /* a new hand: the rules' sides again */
  CHECK(m.team[2] == 2);
  /* a mode: a table bound to no trump, picked by the script */
  CHECK(dh_rules_add_table(&r, -2) == -1);
  CHECK(dh_rules_add_table(&r, -1) == 1 && r.trump_table[DH_CLUBS] == 0 && r.trump_table[DH_NOSUIT] == 0);
  r.tables[0].suit_of[C("Ac") & 63] = DH_NOSUIT;
  dh_rules_finish_table(&r.tables[0]);
  CHECK(dh_rules_check(&r) == NULL);
  dh_match_init(&m, &r, 4, 0);
  before = m;
  CHECK(dh_match_set_table(&m, 2) == DH_E_BAD_OP);
  CHECK(dh_match_set_table(&m, -1) == DH_E_BAD_OP);
  CHECK(memcmp(&m, &before, sizeof m) == 0);
  CHECK(dh_match_set_trump(&m, DH_CLUBS) == DH_OK && m.table == 0);
  CHECK(dh_match_set_table(&m, 1) == DH_OK && m.table == 1 && m.trump == DH_CLUBS);
  CHECK(dh_match_suit(&m, C("Ac")) == DH_NOSUIT && dh_set_has(dh_match_suit_cards(&m, DH_NOSUIT), C("Ac")));
  CHECK(dh_match_start_play(&m, -1) == DH_OK);
  CHECK(dh_match_set_table(&m, 0) == DH_E_WRONG_PHASE);
}

/* the blind Nil exchange: seat 0 bids blind Nil and gives two cards to
** seat 2, which gives two back (one of them received); the deal is then
** what was dealt, and a rewound match replays to the same hands */
static void test_blind_exchange(void) {
  dh_rules r;
  dh_match m, again;
  dh_cardset hands[4], dealt[4], h0;
  dh_card talon[64];
  int s;
  fixture_spades(&r, 500);
  dh_rules_set(&r, DH_RULE_BID, dh_rule_or(&r, dh_rule_bid_range(&r, 0, 13, 1), dh_rule_blind_nil(&r)));
  r.blind_exchange = 2;
  CHECK(dh_rules_check(&r) == NULL);
  hands[0] = S("2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc Ac");
  hands[1] = S("2d 3d 4d 5d 6d 7d 8d 9d Td Jd Qd Kd As");
  hands[2] = S("2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh Ah");
  hands[3] = S("2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks Ad");
  CHECK(dh_match_init_deal(&m, &r, 1, 3, hands, NULL, 0));
  CHECK_EQ(dh_match_bid(&m, 0, DH_BID_BLIND_NIL), DH_OK);
  for (s = 1; s < 4; s++) CHECK_EQ(dh_match_bid(&m, s, 3), DH_OK);
  CHECK_EQ(m.phase, DH_PHASE_EXCHANGE);
  CHECK_EQ(dh_match_next(&m), 0);
  CHECK(dh_match_pass_target(&m, 0) == 2 && dh_match_pass_target(&m, 2) == 0 && dh_match_pass_target(&m, 1) == 1);
  CHECK(dh_match_pass_count(&m, 0) == 2 && dh_match_pass_count(&m, 2) == 2 && dh_match_pass_count(&m, 3) == 0);
  CHECK_EQ(dh_match_pass(&m, 0, S("Jc Qc Kc")), DH_E_BAD_PASS);
  CHECK_EQ(dh_match_pass(&m, 0, S("2d 3d")), DH_E_CARD_NOT_IN_HAND);
  CHECK_EQ(dh_match_pass(&m, 2, S("2h 3h")), DH_E_NOT_YOUR_TURN);
  CHECK_EQ(dh_match_play(&m, 0, C("2c")), DH_E_WRONG_PHASE);
  CHECK_EQ(dh_match_pass(&m, 0, S("Kc Ac")), DH_OK);
  CHECK_EQ(dh_match_next(&m), 2);
  CHECK(m.hand[2] == (hands[2] | S("Kc Ac")) && dh_set_count(m.hand[0]) == 11);
  CHECK_EQ(dh_match_pass(&m, 2, S("Ac 2h")), DH_OK);
  CHECK_EQ(m.phase, DH_PHASE_PLAY);
  CHECK_EQ(dh_match_next(&m), 0);
  h0 = (hands[0] & ~S("Kc")) | S("2h");
  CHECK(m.hand[0] == h0);
  CHECK(m.hand[2] == ((hands[2] & ~S("2h")) | S("Kc")));
  dh_match_deal(&m, dealt, talon);
  for (s = 0; s < 4; s++) CHECK(dealt[s] == hands[s]);
  dh_match_rewind(&m, &again);
  CHECK_EQ(again.phase, DH_PHASE_BID);
  CHECK_EQ(dh_match_bid(&again, 0, DH_BID_BLIND_NIL), DH_OK);
  for (s = 1; s < 4; s++) CHECK_EQ(dh_match_bid(&again, s, 3), DH_OK);
  CHECK_EQ(dh_match_pass(&again, 0, S("Kc Ac")), DH_OK);
  CHECK_EQ(dh_match_pass(&again, 2, S("Ac 2h")), DH_OK);
  for (s = 0; s < 4; s++) CHECK(again.hand[s] == m.hand[s]);
  /* both partners blind Nil: nobody exchanges */
  CHECK(dh_match_init_deal(&m, &r, 1, 3, hands, NULL, 0));
  CHECK_EQ(dh_match_bid(&m, 0, DH_BID_BLIND_NIL), DH_OK);
  CHECK_EQ(dh_match_bid(&m, 1, 3), DH_OK);
  CHECK_EQ(dh_match_bid(&m, 2, DH_BID_BLIND_NIL), DH_OK);
  CHECK_EQ(dh_match_bid(&m, 3, 3), DH_OK);
  CHECK_EQ(m.phase, DH_PHASE_PLAY);
  CHECK_EQ(dh_match_exchange(&m, 0), DH_E_CANNOT_EXCHANGE);  /* no trump exchange in Spades */
  /* the checks: an exchange needs the flow it rides on */
  r.trump_exchange = 1;
  CHECK(dh_rules_check(&r) != NULL);
  r.trump_exchange = 0;
  r.blind_exchange = 14;
  CHECK(dh_rules_check(&r) != NULL);
}

int main(void) {
  dh_rules r;
  check_init();
  fixture_spades(&r, 500);
  CHECK(dh_rules_check(&r) == NULL);
  test_legality(&r);
  test_not_broken(&r);
  test_random(&r);
  test_bad_seats(&r);
  test_phase_ops();
  test_dummy();
  test_teams();
  test_blind_exchange();
  return check_done();
}
