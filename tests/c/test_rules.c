/*
** test_rules.c -- the rule builders (rules.h), points that saturate, and
** one rule in one place: every straight-line form of a hand or play rule
** (rules_impl.h) played against the rule's tree over random playouts of
** random rule sets -- legal sets, refusal codes, trick winners, what the
** table learns.
*/
#include <stdio.h>
#include <string.h>

#include "cards.h"
#include "check.h"
#include "match.h"
#include "playout.h"
#include "rules_fixture.h"
#include "rules_impl.h"

/* -------------------------------------------------------- the builders */

static void test_errors(void) {
  dh_rules r;
  int follow, i;
  dh_rules_init(&r);
  follow = dh_rule_follow_suit(&r);
  CHECK(follow >= 0);
  CHECK(dh_rules_error(&r) == NULL);
  CHECK_EQ(dh_rule_and(&r, follow, dh_rule_trump_wins(&r)), -1);
  CHECK_STR(dh_rules_error(&r), "cannot combine rules of different kinds");
  /* the first reason stays; a failed operand fails what is built from it */
  CHECK_EQ(dh_rule_or(&r, -1, follow), -1);
  CHECK_EQ(dh_rule_not(&r, dh_rule_trump_wins(&r)), -1);
  CHECK_STR(dh_rules_error(&r), "cannot combine rules of different kinds");
  CHECK_STR(dh_rules_check(&r), "cannot combine rules of different kinds");

  dh_rules_init(&r);
  CHECK_EQ(dh_rule_not(&r, dh_rule_trump_wins(&r)), -1);
  CHECK_STR(dh_rules_error(&r), "not (~) applies to hand and bid rules only");
  dh_rules_init(&r);
  follow = dh_rule_follow_suit(&r);
  CHECK_EQ(dh_rule_sum(&r, follow, follow), -1);
  CHECK_STR(dh_rules_error(&r), "sum (+) applies to points rules only");
  dh_rules_init(&r);
  CHECK_EQ(dh_rule_and(&r, dh_rule_tricks(&r, 1), dh_rule_tricks(&r, 2)), -1);
  CHECK_STR(dh_rules_error(&r), "points rules combine with sum (+), not and (&)");
  dh_rules_init(&r);
  CHECK_EQ(dh_rule_break_suit(&r, DH_NOSUIT, 0), -1);
  CHECK_STR(dh_rules_error(&r), "bad suit");
  dh_rules_init(&r);
  CHECK_EQ(dh_rule_bid_range(&r, 5, 3, 1), -1);
  dh_rules_init(&r);
  CHECK_EQ(dh_rules_set(&r, DH_RULE_PLAY, dh_rule_follow_suit(&r)), -1);
  CHECK_STR(dh_rules_check(&r), "a rule set as a rule of another kind");
  /* room for DH_MAX_NODES nodes, then no more */
  dh_rules_init(&r);
  for (i = 0; i < DH_MAX_NODES; i++) CHECK_EQ(dh_rule_free_play(&r), i);
  CHECK_EQ(dh_rule_free_play(&r), -1);
  CHECK_STR(dh_rules_check(&r), "rules too large (at most 64 nodes)");
  /* the defaults are the documented ones */
  {
    dh_contract_opts c;
    dh_exact_bid_opts e;
    dh_contract_defaults(&c);
    dh_exact_bid_defaults(&e);
    CHECK(c.per_trick == 10 && c.overtrick == 1 && c.set == 10 && c.nil == 100);
    CHECK(c.blind_nil == 200 && c.bags == 10 && c.bag_penalty == 100 && !c.nil_tricks_to_partner);
    CHECK(e.base == 10 && e.per_bid == 1 && e.miss == 0);
  }
}

/* settings out of range are refused by the check, not played as some
** other mode; a count of sides that no longer fits the seats says which
** field to set (dh_rules_init gives 4 seats 4 sides) */
static void test_settings(void) {
  dh_rules r;
  dh_rules_init(&r);
  r.trump_mode = DH_TRUMP_SHOW_TOP + 1;
  CHECK_STR(dh_rules_check(&r), "trump_mode must be one of DH_TRUMP_*");
  dh_rules_init(&r);
  r.lead = DH_LEAD_HOLDER + 1;
  CHECK_STR(dh_rules_check(&r), "lead must be DH_LEAD_LEFT or DH_LEAD_HOLDER");
  dh_rules_init(&r);
  r.lead = DH_LEAD_HOLDER;
  r.lead_card = 200;
  CHECK_STR(dh_rules_check(&r), "lead_card is no card");
  r.lead_card = DH_NO_CARD;
  CHECK_STR(dh_rules_check(&r), "lead_card is no card");
  r.lead_card = dh_card_make(2, DH_CLUBS);
  CHECK(dh_rules_check(&r) == NULL);
  dh_rules_init(&r);
  r.trump_mode = DH_TRUMP_TURN_UNDER;
  r.draw = 1;
  r.nseats = r.nsides = 2;
  r.sizes[0] = 3;
  r.trump_exchange = 3;
  CHECK_STR(dh_rules_check(&r), "trump_exchange must be 0, 1 or 2");
  r.trump_exchange = 2;
  CHECK(dh_rules_check(&r) == NULL);
  dh_rules_init(&r);
  r.nseats = 3;
  CHECK_STR(dh_rules_check(&r), "nsides must be from 1 to nseats");
  r.nsides = 3;
  CHECK(dh_rules_check(&r) == NULL);
}

/* each seat one suit: seat 0 clubs, 1 diamonds, 2 hearts, 3 spades */
static void one_suit_each(dh_cardset *hands) {
  int s;
  for (s = 0; s < 4; s++) hands[s] = dh_suit_mask(s) & DH_FRENCH52;
}

/* a rule left unset keeps its default: follow suit, the highest of the
** led suit, a point a trick, one hand (the sizes list), bids 0..size */
static void test_defaults(void) {
  dh_rules r;
  dh_match m;
  dh_cardset hands[4], legal;
  int bids[72];
  dh_rules_init(&r);
  r.max_hands = 5;
  r.bidding = 1;
  CHECK(dh_rules_check(&r) == NULL);
  CHECK_EQ(dh_rule_kind(&r, dh_rules_root(&r, DH_RULE_WIN)), DH_RULE_WIN);
  one_suit_each(hands);
  hands[0] ^= dh_set_of(C("Ac")) | dh_set_of(C("Ad"));  /* seat 0 holds Ad, seat 1 Ac */
  hands[1] ^= dh_set_of(C("Ac")) | dh_set_of(C("Ad"));
  CHECK(dh_match_init_deal(&m, &r, 1, 3, hands, NULL, 0));
  CHECK_EQ(dh_match_legal_bids(&m, bids, 72), 14);
  CHECK_EQ(bids[0], 0);
  CHECK_EQ(bids[13], 13);
  while (m.phase == DH_PHASE_BID) CHECK_EQ(dh_match_bid(&m, m.turn, 1), DH_OK);
  CHECK_EQ(dh_match_play(&m, 0, C("2c")), DH_OK);
  CHECK_EQ(dh_match_legal(&m, &legal), DH_OK);
  CHECK(legal == dh_set_of(C("Ac")));                 /* follows with its only club */
  CHECK_EQ(dh_match_play(&m, 1, C("2d")), DH_E_MUST_FOLLOW_SUIT);
  CHECK_EQ(dh_match_play(&m, 1, C("Ac")), DH_OK);
  CHECK_EQ(dh_match_play(&m, 2, C("Ah")), DH_OK);
  CHECK_EQ(dh_match_play(&m, 3, C("As")), DH_OK);
  CHECK_EQ(m.last_winner, 1);                          /* no trump: Ac */
  {
    dh_rng g;
    dh_rng_seed(&g, 3);
    CHECK_EQ(dh_playout_match(&m, &g), DH_OK);
    CHECK_EQ(m.phase, DH_PHASE_OVER);
    CHECK_EQ(m.hand_no, 0);                            /* over after one hand */
    CHECK_EQ(m.score[0] + m.score[1] + m.score[2] + m.score[3], 13);
  }
}

/* a callback rule: cards of even rank only; records the ref it was called with */
static int last_ref;
static int even_ranks(void *ud, int ref, int kind, const dh_match *m, int a, int b, int32_t *out) {
  (void)ud; (void)m; (void)a;
  last_ref = ref;
  if (kind != DH_RULE_HAND) return 1;
  *out = dh_card_rank((dh_card)b) % 2 == 0;
  return 0;
}

static void test_callbacks(void) {
  dh_rules lib, r;
  dh_match m;
  dh_cardset hands[4], legal;
  int call, copied;
  /* built apart, of a kind not known yet, then copied and combined */
  dh_rules_init(&lib);
  call = dh_rule_call(&lib, DH_RULE_ANY, 42);
  CHECK_EQ(dh_rule_kind(&lib, call), DH_RULE_ANY);
  dh_rules_init(&r);
  copied = dh_rule_copy(&r, &lib, call, 100);
  CHECK(copied >= 0);
  CHECK_EQ(dh_rules_set(&r, DH_RULE_HAND, dh_rule_and(&r, dh_rule_follow_suit(&r), copied)), 0);
  CHECK_EQ(dh_rule_kind(&r, copied), DH_RULE_HAND);
  CHECK_STR(dh_rules_check(&r), "callback rules without a trampoline");
  r.call = even_ranks;
  CHECK(dh_rules_check(&r) == NULL);
  CHECK(r.has_calls);
  one_suit_each(hands);
  CHECK(dh_match_init_deal(&m, &r, 1, 3, hands, NULL, 0));
  CHECK_EQ(dh_match_legal(&m, &legal), DH_OK);
  CHECK(legal == S("2c 4c 6c 8c Tc Qc Ac"));
  CHECK_EQ(last_ref, 142);                             /* 42, moved by the copy */
  CHECK_EQ(dh_match_play(&m, 0, C("3c")), DH_E_ILLEGAL_CARD);
}

/* ------------------------------------------------- points that saturate */

/* a points callback scoring nothing that gives side 0 two billion bags */
static int huge_bags(void *ud, int ref, int kind, const dh_match *m, int a, int b, int32_t *out) {
  (void)ud; (void)ref; (void)m; (void)a; (void)b;
  if (kind != DH_RULE_POINTS) return 1;
  out[DH_MAX_SEATS + 0] = 2000000000;
  return 0;
}

static void test_saturation(void) {
  dh_rules r;
  dh_match m;
  dh_rng g;
  dh_contract_opts c;
  int s;
  /* a point value near the top of 32 bits, times the tricks, over hands */
  dh_rules_init(&r);
  r.max_hands = 3;
  dh_rules_set(&r, DH_RULE_POINTS, dh_rule_tricks(&r, INT32_MAX - 1));
  dh_rules_set(&r, DH_RULE_WIN, dh_rule_highest_after(&r, 3));
  CHECK(dh_rules_check(&r) == NULL);
  dh_rng_seed(&g, 5);
  dh_match_init(&m, &r, 9, 0);
  CHECK_EQ(dh_playout_hand(&m, &g), DH_OK);
  for (s = 0; s < 4; s++)
    CHECK_EQ(m.hand_points[s], m.last_tricks[s] ? INT32_MAX : 0);
  CHECK_EQ(dh_playout_match(&m, &g), DH_OK);
  for (s = 0; s < 4; s++) CHECK(m.score[s] == 0 || m.score[s] == INT32_MAX);
  /* two billion bags, one bag a point: counted in one step, not one by one */
  dh_rules_init(&r);
  dh_contract_defaults(&c);
  c.bags = 1;
  c.bag_penalty = 1;
  r.call = huge_bags;
  r.nsides = 2;
  r.side_of[2] = 0;
  r.side_of[3] = 1;
  dh_rules_set(&r, DH_RULE_POINTS, dh_rule_sum(&r, dh_rule_call(&r, DH_RULE_POINTS, 0), dh_rule_contract(&r, &c)));
  CHECK(dh_rules_check(&r) == NULL);
  dh_match_init(&m, &r, 9, 0);
  CHECK_EQ(dh_playout_hand(&m, &g), DH_OK);           /* no bids: no contract, no new bags */
  CHECK_EQ(m.hand_points[0], -2000000000);
  CHECK_EQ(m.hand_points[1], 0);
  CHECK_EQ(m.bags[0], 0);
}

/* ------------------------------------------------ the forms and the tree */

/* a random rule set: an AND of distinct hand leaves (a straight-line form
** when they are the simple ones), at times a leaf twice (the leaf list) or
** an OR (the tree); a chain of play leaves; trump fixed, turned or none */
static void random_rules(dh_rules *r, dh_rng *g) {
  int hand = -1, play = -1, k, n, ops[9] = { 0, 1, 2, 3, 4, 5, 6, 7, 8 }, shape = (int)dh_rng_below(g, 8);
  dh_rules_init(r);
  r->sizes[0] = (uint8_t)(6 + dh_rng_below(g, 8));
  r->max_hands = 2;
  r->trump_mode = (uint8_t)dh_rng_below(g, 4) == 3 ? DH_TRUMP_TURN_TOP : (uint8_t)dh_rng_below(g, 2);
  if (r->trump_mode == DH_TRUMP_FIXED) r->trump_suit = (uint8_t)dh_rng_below(g, 4);
  for (k = 8; k > 0; k--) {  /* the leaves in a random order */
    int j = (int)dh_rng_below(g, (uint32_t)(k + 1)), t = ops[k];
    ops[k] = ops[j]; ops[j] = t;
  }
  n = 1 + (int)dh_rng_below(g, 4);
  for (k = 0; k < n; k++) {
    int leaf, suit = (int)dh_rng_below(g, 4);
    dh_cardset some = dh_rng_next(g) & dh_rng_next(g) & DH_FRENCH52;
    switch (ops[k]) {
      case 0: leaf = dh_rule_free_play(r); break;
      case 1: leaf = dh_rule_follow_suit(r); break;
      case 2: leaf = dh_rule_break_suit(r, suit, some); break;
      case 3: leaf = dh_rule_no_first_trick(r, (dh_suit_mask(suit) & DH_FRENCH52) | some); break;
      case 4: leaf = dh_rule_lead_card(r, dh_card_make(2 + (int)dh_rng_below(g, 13), suit)); break;
      case 5: leaf = dh_rule_must_trump(r); break;
      case 6: leaf = dh_rule_must_overtrump(r); break;
      case 7: leaf = dh_rule_must_beat(r); break;
      default: leaf = dh_rule_free_start(r); break;
    }
    hand = hand < 0 ? leaf : dh_rule_and(r, hand, leaf);
  }
  if (shape == 0) hand = dh_rule_and(r, hand, dh_rule_follow_suit(r));           /* a leaf twice */
  if (shape == 1) hand = dh_rule_or(r, hand, dh_rule_not(r, dh_rule_free_play(r)));  /* the tree */
  if (shape < 4) {  /* a chain of one to three play leaves */
    n = 1 + (int)dh_rng_below(g, 3);
    for (k = 0; k < n; k++) {
      int which = (int)dh_rng_below(g, 3), leaf;
      leaf = which == 0 ? dh_rule_trump_wins(r) : which == 1 ? dh_rule_highest_of_led(r)
           : dh_rule_highest_of(r, dh_rng_next(g) & DH_FRENCH52);
      play = play < 0 ? leaf : dh_rule_or(r, play, leaf);
    }
  } else {
    play = dh_rule_or(r, dh_rule_trump_wins(r), dh_rule_highest_of_led(r));
  }
  dh_rules_set(r, DH_RULE_HAND, hand);
  dh_rules_set(r, DH_RULE_PLAY, play);
}

/* the same rules without straight-line forms: flat, the leaf list only;
** tree, nothing but the trees */
static void strip_forms(const dh_rules *r, dh_rules *flat, dh_rules *tree) {
  *flat = *r;
  dh_impl_mut(flat)->fast_ops = 0;
  *tree = *flat;
  dh_impl_mut(tree)->nflat = 0;
  dh_impl_mut(tree)->nchain = 0;
  dh_impl_mut(tree)->play_form = DH_PLAY_TREE;
}

/* is the play rule exactly "trump wins, else the highest of the led suit"? */
static int trump_or_led(const dh_rules *r) { return dh_impl(r)->play_form == DH_PLAY_TRUMP_OR_LED; }

/* matches equal but for the rules they point to (and, unless all, what
** the table learned: a tree teaches less than the leaf list) */
static int same_match(const dh_match *a, const dh_match *b, int all) {
  dh_match x = *a, y = *b;
  y.rules = x.rules;
  if (!all) {
    memset(x.voids, 0, sizeof x.voids); memset(y.voids, 0, sizeof y.voids);
    memset(x.excluded, 0, sizeof x.excluded); memset(y.excluded, 0, sizeof y.excluded);
  }
  return memcmp(&x, &y, sizeof x) == 0;
}

static struct { int legal, codes, winners, oracle, learned, playouts, unsound; } bad;

/* every card of the seat to act: refused or played the same under every form */
static void compare_step(const dh_match *m, const dh_match *tm) {
  dh_cardset fast, tree, direct, it;
  int seat = m->turn;
  dh_match_legal(m, &fast);
  dh_match_legal(tm, &tree);
  dh_hand_allowed_tree(m, seat, &direct);
  if (fast != tree || fast != direct) bad.legal++;
  for (it = m->hand[seat]; it; it &= it - 1) {
    dh_card c = dh_card_at(dh_set_first(it), DH_LAYOUT_STANDARD);
    dh_match a = *m, b = *tm;
    int ca = dh_match_play(&a, seat, c), cb = dh_match_play(&b, seat, c);
    if (ca != cb || (ca == DH_OK) != dh_set_has(fast, c) || (ca != DH_OK && ca < DH_E_MUST_FOLLOW_SUIT))
      bad.codes++;
    if (dh_set_has(fast, c)) {
      dh_trick t = m->trick;
      int wa, wb;
      dh_trick_add(&t, seat, c);
      dh_play_winner(m, &t, &wa);
      dh_play_winner_tree(m, &t, &wb);
      if (wa != wb) bad.winners++;
      if (trump_or_led(m->rules) && wa != dh_trick_winner(&t, m->trump, &m->rules->deck.natural))
        bad.oracle++;
    }
  }
}

static void test_forms(void) {
  dh_rng g, pick;
  int set, game, k, forms[5] = { 0 };  /* straight-line hand, leaf list, hand tree, chain, trump or led */
  dh_rng_seed(&g, 2026);
  for (set = 0; set < 400; set++) {
    dh_rules r, flat, tree;
    const dh_rules_impl *x = dh_impl(&r);
    random_rules(&r, &g);
    if (!CHECK(dh_rules_check(&r) == NULL)) return;
    forms[x->fast_ops ? 0 : x->nflat ? 1 : 2]++;
    forms[x->play_form == DH_PLAY_CHAIN ? 3 : 4] += x->play_form != DH_PLAY_TREE;
    strip_forms(&r, &flat, &tree);
    for (game = 0; game < 2; game++) {
      dh_match m, fm, tm;
      uint64_t seed = dh_rng_next(&g);
      dh_match_init(&m, &r, seed, game);
      dh_match_init(&fm, &flat, seed, game);
      dh_match_init(&tm, &tree, seed, game);
      dh_rng_seed(&pick, seed);
      while (m.phase == DH_PHASE_PLAY) {
        dh_cardset legal;
        dh_card c;
        compare_step(&m, &tm);
        dh_match_legal(&m, &legal);
        c = dh_set_pick(legal, &pick, DH_LAYOUT_STANDARD);
        dh_match_play(&m, m.turn, c);
        dh_match_play(&fm, fm.turn, c);
        dh_match_play(&tm, tm.turn, c);
        if (!same_match(&m, &fm, 1)) bad.learned++;
        if (!same_match(&m, &tm, 0)) bad.playouts++;
        for (k = 0; k < m.nseats; k++) bad.unsound += (m.excluded[k] & m.hand[k]) != 0;
      }
      /* the playout loop (straight-line when it can) against the tree's */
      dh_match_init(&m, &r, seed, game);
      dh_match_init(&tm, &tree, seed, game);
      dh_rng_seed(&pick, seed);
      dh_playout_match(&m, &pick);
      dh_rng_seed(&pick, seed);
      dh_playout_match(&tm, &pick);
      if (!same_match(&m, &tm, 0)) bad.playouts++;
    }
  }
  for (set = 0; set < 5; set++) if (!CHECK(forms[set] >= 30)) printf("form %d: %d\n", set, forms[set]);  /* every form, many times */
  CHECK_EQ(bad.legal, 0);
  CHECK_EQ(bad.codes, 0);
  CHECK_EQ(bad.winners, 0);
  CHECK_EQ(bad.oracle, 0);
  CHECK_EQ(bad.learned, 0);
  CHECK_EQ(bad.playouts, 0);
  CHECK_EQ(bad.unsound, 0);   /* what play showed is never a card the seat holds */
}

/* Pinochle's play: follow suit and head the trick, else trump (over the
** trick's trumps when able); the pinochle deck's twins tie, the first
** played winning.  Hands are set by hand: seat 0 leads the king of
** hearts, trumps are spades, the order A 10 K Q J 9. */
static void test_must_beat(void) {
  static const int ranks[6] = { 14, 10, 13, 12, 11, 9 };
  const char *hands[4] = { "Kh 9c 9d", "Ah Th 9h", "Kh#2 Qc Qd", "Jh Jc Js" };
  dh_rules r;
  dh_order o;
  dh_match m;
  dh_cardset legal;
  int s;
  dh_rules_init(&r);
  dh_deck_init(&r.deck, DH_DECK_PINOCHLE48);
  if (!CHECK(dh_order_from_ranks(&o, ranks, 6, DH_LAYOUT_DOUBLE))) return;
  dh_rules_finish(&r, &o);
  r.sizes[0] = 12;
  r.trump_mode = DH_TRUMP_FIXED;
  r.trump_suit = DH_SPADES;
  dh_rules_set(&r, DH_RULE_HAND, dh_rule_and(&r, dh_rule_and(&r, dh_rule_follow_suit(&r), dh_rule_must_beat(&r)),
                                           dh_rule_must_overtrump(&r)));
  dh_rules_set(&r, DH_RULE_PLAY, dh_rule_or(&r, dh_rule_trump_wins(&r), dh_rule_highest_of_led(&r)));
  if (!CHECK(dh_rules_check(&r) == NULL)) return;
  CHECK(dh_impl(&r)->shows_following);
  dh_match_init(&m, &r, 1, 3);
  for (s = 0; s < 4; s++) m.hand[s] = S(hands[s]);
  m.turn = m.leader = 0;
  CHECK_EQ(dh_match_play(&m, 0, C("Kh")), DH_OK);
  dh_match_legal(&m, &legal);                          /* the ace or the ten beat the king */
  CHECK(legal == S("Ah Th"));
  CHECK_EQ(dh_match_play(&m, 1, C("9h")), DH_E_MUST_BEAT);
  CHECK_EQ(dh_match_play(&m, 1, C("Th")), DH_OK);
  CHECK_EQ(dh_match_play(&m, 2, C("Qc")), DH_E_MUST_FOLLOW_SUIT);
  CHECK_EQ(dh_match_play(&m, 2, C("Kh#2")), DH_OK);  /* nothing beats the ten: any heart */
  CHECK(m.excluded[2] & dh_set_of(C("Ah")));          /* so it holds no ace of hearts */
  CHECK(!(m.excluded[1] & dh_set_of(C("Ah"))));       /* the ten beat the king: no news */
  CHECK_EQ(dh_match_play(&m, 3, C("Js")), DH_E_MUST_FOLLOW_SUIT);
  CHECK_EQ(dh_match_play(&m, 3, C("Jh")), DH_OK);
  CHECK_EQ(m.leader, 1);                               /* the ten took it */
}

/* what Spades play shows is true: never a card the seat holds */
static void test_sound(void) {
  dh_rules r;
  dh_rng g;
  int game, s, unsound = 0, learned = 0;
  fixture_spades(&r, 500);
  dh_rng_seed(&g, 11);
  for (game = 0; game < 200; game++) {
    dh_match m;
    dh_match_init(&m, &r, (uint64_t)game, game % 4);
    while (m.phase != DH_PHASE_OVER && m.hand_no == 0) {
      dh_playout_step(&m, &g);
      for (s = 0; s < 4; s++) {
        int suit;
        if (m.excluded[s] & m.hand[s]) unsound++;
        for (suit = 0; suit < 4; suit++)
          if ((m.voids[s] >> suit & 1) && (m.hand[s] & dh_suit_mask(suit))) unsound++;
        learned += m.excluded[s] != 0;
      }
    }
  }
  CHECK_EQ(unsound, 0);
  CHECK(learned > 0);
}

int main(void) {
  check_init();
  test_errors();
  test_settings();
  test_defaults();
  test_callbacks();
  test_saturation();
  test_forms();
  test_sound();
  test_must_beat();
  return check_done();
}
