/*
** test_skat.c -- Skat's bidding as a prefab phase (phase.h) and its game
** value as a points prefab (dh_rule_skat_value), played by hand as the
** International Skat Order and pagat.com (https://www.pagat.com/schafk/skat.html)
** tell it: three players, ten cards each and two in the skat; middlehand
** bids to forehand (18, 20, 22, 23, 24, 27, ... the game values), forehand
** holds ("yes") or passes; then rearhand bids to the survivor; when
** both pass without a bid forehand may play at 18, else the deal is
** thrown in.  The declarer picks up the skat and lays two cards away, or
** plays from the hand; then names a suit, grand or null game, a hand game
** perhaps schneider or schwarz announced, a null perhaps open.  Forehand
** leads; the declarer plays against the other two.  The values: base
** (diamonds 9, hearts 10, spades 11, clubs 12, grand 24) times matadors +
** game + hand + schneider (+ announced) + schwarz (+ announced); null 23,
** null hand 35, null ouvert 46, null ouvert hand 59; lost, twice the value
** off; overbid, the next multiple of the base reaching the bid, lost.
*/
#include <string.h>

#include "cards.h"
#include "check.h"
#include "match.h"
#include "phase.h"
#include "playout.h"

/* the card named by the two characters at p */
static dh_card card_at(const char *p) {
  char one[3] = { p[0], p[1], 0 };
  return C(one);
}

/* one card table: the jacks count as trump (clubs, spades, hearts,
** diamonds jack from the top), the rest A T K Q 9 8 7; in the grand
** (trump -1) the jacks count as clubs and the plain clubs as no suit */
static void table_for(dh_rules *r, int trump) {
  static const char *const jacks[4] = { "Jc", "Js", "Jh", "Jd" };
  int k = dh_rules_add_table(r, trump), s, i;
  dh_card_table *t = &r->tables[k - 1];
  for (s = DH_CLUBS; s <= DH_SPADES; s++) {
    static const int ranks[7] = { 14, 10, 13, 12, 9, 8, 7 };   /* A T K Q 9 8 7 */
    for (i = 0; i < 7; i++) {
      dh_card c = dh_card_make(ranks[i], s);
      t->strength[c] = (uint8_t)(8 - i);
      if (trump < 0 && s == DH_CLUBS) t->suit_of[c] = DH_NOSUIT;
    }
  }
  for (i = 0; i < 4; i++) {
    dh_card j = C(jacks[i]);
    t->suit_of[j] = (int8_t)(trump < 0 ? DH_CLUBS : trump);
    t->strength[j] = (uint8_t)(19 - i);
  }
  dh_rules_finish_table(t);
  if (trump < 0) r->phase_args[DH_SKAT_ARG_GRAND] = (int16_t)k;
}

static void skat_rules(dh_rules *r) {
  int s;
  dh_rules_init(r);
  dh_deck_init(&r->deck, DH_DECK_PIQUET32);
  dh_rules_finish(r, &r->deck.natural);   /* the null's order, A K Q J T 9 8 7 */
  r->nseats = r->nsides = 3;
  r->sizes[0] = 10;
  r->opener = 2;
  r->phase = DH_PREFAB_SKAT_BIDDING;
  r->max_hands = 12;
  for (s = DH_CLUBS; s <= DH_SPADES; s++) table_for(r, s);
  table_for(r, -1);
  dh_rules_set(r, DH_RULE_POINTS, dh_rule_skat_value(r));
  dh_rules_set(r, DH_RULE_PLAY, dh_rule_or(r, dh_rule_trump_wins(r), dh_rule_highest_of_led(r)));
  dh_rules_set(r, DH_RULE_WIN, dh_rule_highest_after(r, 12));
  CHECK(dh_rules_check(r) == NULL);
}

/* dealer seat 2: forehand 0, middlehand 1, rearhand 2.  Forehand holds
** every jack and every club but the seven, which lies in the skat */
static const char *const strong[4] = {
  "Jc Js Jh Jd Ac Tc Kc Qc 9c 8c", "Ad Td Kd Qd 9d 8d Ah Th Kh Qh", "9h 8h 7h As Ts Ks Qs 9s 8s 7s", "7c 7d"
};
/* forehand holds every club and two aces: it wins the first trick of a null */
static const char *const clubs[4] = {
  "Ac Kc Qc Jc Tc 9c 8c 7c Ad Ah", "Kd Qd Jd Td Kh Qh Jh Th As Ks", "9d 8d 9h 8h 7h Qs Js Ts 9s 8s", "7d 7s"
};

static void deal(dh_match *m, const dh_rules *r, const char *const *hands_text) {
  dh_cardset hands[3];
  dh_card talon[2];
  int s;
  for (s = 0; s < 3; s++) hands[s] = S(hands_text[s]);
  talon[0] = card_at(hands_text[3]);
  talon[1] = card_at(hands_text[3] + 3);
  CHECK(dh_match_init_deal(m, r, 5, 2, hands, talon, 2));
}

static int list(const dh_match *m, int *out) { return dh_phase_moves(m, out); }

static void play(dh_match *m, int seat, int move) { CHECK_EQ(dh_phase_apply(m, seat, move), DH_OK); }

/* the game values a bid may name, from the list pagat gives */
static void test_values(void) {
  static const int first[] = { 18, 20, 22, 23, 24, 27, 30, 33, 35, 36, 40, 44, 45, 46, 48, 50 };
  int k, prev = 0, ok = 1;
  for (k = 0; k < 16; k++) CHECK_EQ(dh_skat_bid_value(k + 1), first[k]);
  for (k = 1; k <= DH_SKAT_NVALUES; k++) {
    int v = dh_skat_bid_value(k);
    ok &= v > prev;
    prev = v;
  }
  CHECK(ok);
  CHECK_EQ(dh_skat_bid_value(DH_SKAT_NVALUES), 264);   /* clubs with 11 ... grand: 24 x 11 */
  CHECK_EQ(dh_skat_bid_value(0), 0);
  CHECK_EQ(dh_skat_bid_value(DH_SKAT_NVALUES + 1), 0);
}

/* middlehand to forehand, then rearhand to the survivor */
static void test_bidding(const dh_rules *r) {
  dh_match m;
  int out[DH_PHASE_MAX_MOVES], n;
  deal(&m, r, strong);
  CHECK_EQ(m.phase, DH_PHASE_SCRIPT);
  CHECK_STR(dh_phase_name(r, m.step), "bidding");
  CHECK_EQ(dh_match_next(&m), 1);                          /* middlehand speaks first */
  n = list(&m, out);
  CHECK_EQ(n, 1 + DH_SKAT_NVALUES);
  CHECK_EQ(out[0], DH_SKAT_PASS);
  CHECK_EQ(out[1], DH_SKAT_BID + 1);                       /* 18 */
  CHECK_EQ(dh_phase_apply(&m, 0, DH_SKAT_YES), DH_E_NOT_YOUR_TURN);
  CHECK_EQ(dh_phase_apply(&m, 1, DH_SKAT_YES), DH_E_ILLEGAL_MOVE);   /* the asker names values */
  play(&m, 1, DH_SKAT_BID + 2);                            /* 20 */
  CHECK_EQ(dh_match_next(&m), 0);                          /* forehand answers */
  n = list(&m, out);
  CHECK(n == 2 && out[0] == DH_SKAT_YES && out[1] == DH_SKAT_PASS);
  play(&m, 0, DH_SKAT_YES);
  CHECK_EQ(dh_match_next(&m), 1);
  n = list(&m, out);
  CHECK(n == DH_SKAT_NVALUES - 1 && out[1] == DH_SKAT_BID + 3);   /* pass, then 22 up */
  CHECK_EQ(dh_phase_apply(&m, 1, DH_SKAT_BID + 2), DH_E_ILLEGAL_MOVE);   /* 20 again */
  play(&m, 1, DH_SKAT_PASS);                               /* middlehand is out */
  CHECK_EQ(dh_match_next(&m), 2);                          /* rearhand bids to forehand */
  CHECK_EQ(m.vars[DH_SKAT_VAR_STAGE], 2);
  CHECK_EQ(m.vars[DH_SKAT_VAR_ASKER], 3);                  /* 1-based, as the Lua script kept them */
  CHECK_EQ(m.vars[DH_SKAT_VAR_HOLDER], 1);
  n = list(&m, out);
  CHECK(out[1] == DH_SKAT_BID + 3);                        /* above the 20 held */
  play(&m, 2, DH_SKAT_BID + 6);                            /* 27 */
  play(&m, 0, DH_SKAT_PASS);                               /* forehand passes: rearhand declares at 27 */
  CHECK_STR(dh_phase_name(r, m.step), "skat");
  CHECK_EQ(m.declarer, 2);
  CHECK_EQ(dh_match_next(&m), 2);
  CHECK_EQ(dh_skat_bid_value(m.vars[DH_SKAT_VAR_VALUE]), 27);
  CHECK(m.team[0] == m.team[1] && m.team[2] != m.team[0]);   /* the defenders together */
}

/* both pass without a bid: forehand may play at 18, or the deal is thrown in */
static void test_forehand_alone(const dh_rules *r) {
  dh_match m;
  int out[DH_PHASE_MAX_MOVES], n;
  deal(&m, r, strong);
  play(&m, 1, DH_SKAT_PASS);
  CHECK_EQ(dh_match_next(&m), 2);
  play(&m, 2, DH_SKAT_PASS);
  CHECK_EQ(dh_match_next(&m), 0);
  n = list(&m, out);
  CHECK(n == 2 && out[0] == DH_SKAT_PASS && out[1] == DH_SKAT_BID + 1);
  play(&m, 0, DH_SKAT_PASS);
  CHECK_EQ(m.hand_no, 1);                                  /* thrown in */
  CHECK(m.score[0] == 0 && m.score[1] == 0 && m.score[2] == 0);
  CHECK_EQ(m.dealer, 0);                                   /* the next dealer deals */
}

/* pick up, two of the twelve laid away, the game named */
static void test_pick_up(const dh_rules *r) {
  dh_match m;
  int out[DH_PHASE_MAX_MOVES], n, i, j, distinct = 1;
  deal(&m, r, strong);
  play(&m, 1, DH_SKAT_PASS);
  play(&m, 2, DH_SKAT_PASS);
  play(&m, 0, DH_SKAT_BID + 1);                            /* forehand at 18 */
  n = list(&m, out);
  CHECK(n == 2 && out[0] == DH_SKAT_PICK_UP && out[1] == DH_SKAT_HAND);
  play(&m, 0, DH_SKAT_PICK_UP);
  CHECK_EQ(dh_set_count(m.hand[0]), 12);
  CHECK_STR(dh_phase_name(r, m.step), "discard");
  n = list(&m, out);
  CHECK_EQ(n, 66);                                         /* 12 x 11 / 2 */
  for (i = 0; i < n; i++)
    for (j = i + 1; j < n; j++) distinct &= out[i] != out[j];
  CHECK(distinct);
  CHECK_EQ(out[0], DH_SKAT_DISCARD + 64 * C("7c") + C("8c"));   /* the hand's order */
  play(&m, 0, DH_SKAT_DISCARD + 64 * C("7c") + C("7d"));
  CHECK(m.discard[0] == S("7c 7d") && dh_set_count(m.hand[0]) == 10);
  CHECK_STR(dh_phase_name(r, m.step), "declare");
  n = list(&m, out);
  CHECK_EQ(n, 7);                                          /* no announcement without hand */
  CHECK_EQ(out[4], DH_SKAT_GAME + 4 * (DH_SKAT_GRAND - 1));
  CHECK_EQ(out[6], DH_SKAT_GAME + 4 * (DH_SKAT_NULL - 1) + DH_SKAT_ANN_OUVERT);
  CHECK_EQ(dh_phase_apply(&m, 0, DH_SKAT_GAME + DH_SKAT_ANN_SCHNEIDER), DH_E_ILLEGAL_MOVE);
  play(&m, 0, DH_SKAT_GAME + 4 * (DH_SKAT_GRAND - 1));
  CHECK_EQ(m.phase, DH_PHASE_PLAY);
  CHECK_EQ(m.turn, 0);                                     /* forehand leads */
  CHECK_EQ(dh_match_suit(&m, C("Jd")), DH_CLUBS);       /* the grand: jacks alone are trumps */
  CHECK_EQ(dh_match_suit(&m, C("Ac")), DH_NOSUIT);
}

/* a deal to its end, the declarer forehand playing game `game` at the
** bid's k-th value after its answer to the skat (picked up, the same two
** cards are laid away); the rest random */
static int32_t score_of(const dh_rules *r, const char *const *hands, int k, int skat, int game) {
  dh_match m;
  dh_rng rng;
  deal(&m, r, hands);
  if (k == 1) {
    play(&m, 1, DH_SKAT_PASS);
    play(&m, 2, DH_SKAT_PASS);
    play(&m, 0, DH_SKAT_BID + 1);
  } else {
    play(&m, 1, DH_SKAT_BID + k);
    play(&m, 0, DH_SKAT_YES);
    play(&m, 1, DH_SKAT_PASS);
    play(&m, 2, DH_SKAT_PASS);
  }
  CHECK_EQ(m.declarer, 0);
  play(&m, 0, skat);
  if (skat == DH_SKAT_PICK_UP)   /* the skat's two cards laid away again */
    play(&m, 0, DH_SKAT_DISCARD + 64 * card_at(hands[3]) + card_at(hands[3] + 3));
  play(&m, 0, game);
  dh_rng_seed(&rng, (uint64_t)game * 31 + (uint64_t)k);
  CHECK_EQ(dh_playout_hand(&m, &rng), DH_OK);
  CHECK(m.hand_points[1] == 0 && m.hand_points[2] == 0);   /* the defenders score nothing */
  return m.hand_points[0];
}

/* values of games whose play is forced: forehand's ten trumps (clubs)
** take every trick, and with every club it takes the first of a null */
static void test_values_played(const dh_rules *r) {
  int clubs_game = DH_SKAT_GAME + 4 * (DH_SKAT_CLUBS - 1), grand = DH_SKAT_GAME + 4 * (DH_SKAT_GRAND - 1);
  int null = DH_SKAT_GAME + 4 * (DH_SKAT_NULL - 1);
  /* with 11 (the skat's seven counts), game, hand, schneider, schwarz: 15 x 12 */
  CHECK_EQ(score_of(r, strong, 1, DH_SKAT_HAND, clubs_game), 180);
  /* schneider announced: 16 x 12; schwarz announced (and schneider with it): 17 x 12 */
  CHECK_EQ(score_of(r, strong, 1, DH_SKAT_HAND, clubs_game + DH_SKAT_ANN_SCHNEIDER), 192);
  CHECK_EQ(score_of(r, strong, 1, DH_SKAT_HAND, clubs_game + DH_SKAT_ANN_SCHWARZ), 204);
  /* picked up (7c 7d laid away: still with 11), no hand: 14 x 12 */
  CHECK_EQ(score_of(r, strong, 1, DH_SKAT_PICK_UP, clubs_game), 168);
  /* a grand hand with 4: (4 + game + hand + schneider + schwarz) x 24 (every club
     wins its trick: nobody else holds one, nor a jack) */
  CHECK_EQ(score_of(r, strong, 1, DH_SKAT_HAND, grand), 192);
  /* bid to 264 (63rd value), clubs hand worth 180: overbid, 22 x 12 reaches 264, lost twice */
  CHECK_EQ(score_of(r, strong, DH_SKAT_NVALUES, DH_SKAT_HAND, clubs_game), -2 * 264);
  /* nulls lost, twice their value: 23, 35 hand, 59 ouvert hand */
  CHECK_EQ(score_of(r, clubs, 1, DH_SKAT_PICK_UP, null), -46);
  CHECK_EQ(score_of(r, clubs, 1, DH_SKAT_HAND, null), -70);
  CHECK_EQ(score_of(r, clubs, 1, DH_SKAT_HAND, null + DH_SKAT_ANN_OUVERT), -118);
  /* grand ouvert (hand, schwarz announced, open) with 4: 11 x 24 = 264,
  ** the ISkO's own example (5.2.6) */
  CHECK_EQ(score_of(r, strong, 1, DH_SKAT_HAND, grand + DH_SKAT_ANN_OUVERT), 264);
  /* clubs ouvert with 11: 11 + game, hand, schneider, announced, schwarz, announced, open */
  CHECK_EQ(score_of(r, strong, 1, DH_SKAT_HAND, clubs_game + DH_SKAT_ANN_OUVERT), 18 * 12);
}

/* a null worth less than the bid is no valid announcement (ISkO 3.4.1;
** preisskat.org/null-hand-offen.html: the defenders must refuse an
** announcement that plainly does not reach the bid): not offered */
static void test_null_under_bid(const dh_rules *r) {
  int null = DH_SKAT_GAME + 4 * (DH_SKAT_NULL - 1), out[DH_PHASE_MAX_MOVES], n, i, seen = 0;
  dh_match m;
  deal(&m, r, clubs);
  play(&m, 1, DH_SKAT_BID + 5);   /* 24 */
  play(&m, 0, DH_SKAT_YES);
  play(&m, 1, DH_SKAT_PASS);
  play(&m, 2, DH_SKAT_PASS);
  play(&m, 0, DH_SKAT_PICK_UP);
  play(&m, 0, DH_SKAT_DISCARD + 64 * C("7d") + C("7s"));
  n = list(&m, out);
  for (i = 0; i < n; i++) seen |= (out[i] == null) | (out[i] == null + DH_SKAT_ANN_OUVERT) * 2;
  CHECK_EQ(seen, 2);                                   /* null ouvert (46) reaches 24, null (23) not */
  CHECK_EQ(dh_phase_apply(&m, 0, null), DH_E_ILLEGAL_MOVE);
  /* played from the hand at 36: null hand (35) is short, null ouvert hand (59) not */
  deal(&m, r, clubs);
  play(&m, 1, DH_SKAT_BID + 10);  /* 36 */
  play(&m, 0, DH_SKAT_YES);
  play(&m, 1, DH_SKAT_PASS);
  play(&m, 2, DH_SKAT_PASS);
  play(&m, 0, DH_SKAT_HAND);
  CHECK_EQ(dh_phase_apply(&m, 0, null), DH_E_ILLEGAL_MOVE);
  play(&m, 0, null + DH_SKAT_ANN_OUVERT);
  CHECK(m.known[0] == m.hand[0]);
}

/*
** The game values of skat_spec.lua (worked out by hand from the Skat
** Order), each scored by the points prefab from a deal's end made up to
** fit: the declarer (seat 0) holding the matadors with, or without, the
** skat 7h 8h (no points), its tricks' points and count giving what the
** case says (won or lost, schneider, schwarz).
*/
struct value_case { int game, matadors; const char *extras; int won, bid, value; };
static const struct value_case value_cases[] = {
  { DH_SKAT_CLUBS, 1, "", 1, 18, 24 },          /* (1 + 1) x 12 */
  { DH_SKAT_CLUBS, 2, "", 1, 18, 36 },
  { DH_SKAT_SPADES, 2, "", 1, 18, 33 },
  { DH_SKAT_HEARTS, 1, "h", 1, 18, 30 },        /* (1 + 1 + hand) x 10 */
  { DH_SKAT_DIAMONDS, 1, "s", 1, 18, 27 },      /* (1 + 1 + schneider) x 9 */
  { DH_SKAT_DIAMONDS, 4, "", 1, 18, 45 },
  { DH_SKAT_CLUBS, 11, "", 1, 18, 144 },
  { DH_SKAT_GRAND, 1, "", 1, 18, 48 },
  { DH_SKAT_GRAND, 4, "", 1, 18, 120 },
  { DH_SKAT_GRAND, 3, "h", 1, 18, 120 },
  { DH_SKAT_GRAND, 1, "hsS", 1, 18, 120 },
  { DH_SKAT_GRAND, 1, "hsSzZ", 1, 18, 168 },
  { DH_SKAT_GRAND, 2, "sz", 1, 18, 120 },
  { DH_SKAT_SPADES, 2, "h", 1, 44, 44 },        /* the bid just reached */
  { DH_SKAT_NULL, 0, "", 1, 18, 23 },
  { DH_SKAT_NULL, 0, "h", 1, 18, 35 },
  { DH_SKAT_NULL, 0, "o", 1, 18, 46 },
  { DH_SKAT_NULL, 0, "ho", 1, 18, 59 },
  { DH_SKAT_NULL, 0, "o", 0, 18, -92 },         /* lost: twice 46 */
  { DH_SKAT_NULL, 0, "ho", 0, 59, -118 },
  { DH_SKAT_NULL, 0, "", 1, 24, -46 },          /* overbid: 23 < 24 */
  { DH_SKAT_CLUBS, 1, "", 0, 18, -48 },         /* lost: twice 24 */
  { DH_SKAT_HEARTS, 1, "s", 0, 18, -60 },       /* schneidered: (1 + 1 + 1) x 10, twice */
  { DH_SKAT_CLUBS, 1, "", 1, 36, -72 },         /* overbid: 24 < 36, lost 3 x 12 twice */
  { DH_SKAT_SPADES, 1, "", 1, 40, -88 },        /* overbid: 22 < 40, 44 the next multiple */
  /* announced levels (ISkO 5.2.5: a level announced counts every level
  ** below it, reached or not; the lost game doubled, ISkO 5.3):
  ** preisskat.org/angesagte-gewinnstufe.html, Grand hand with 4, schneider
  ** announced, the defenders 31: "Spiel 5, Hand 6, Schneider 7, Schneider
  ** angesagt 8", 8 x 24 = 192, lost */
  { DH_SKAT_GRAND, 4, "hS", 0, 18, -384 },
  /* schwarz announced, schneider made, schwarz not: game, hand, schneider,
  ** announced, schwarz, announced all count (ISkO 5.2.5): 7 x 24, lost */
  { DH_SKAT_GRAND, 1, "hsSZ", 0, 18, -336 },
  /* schneider announced, the declarer schneidered itself: schneider counted
  ** once ("den so genannten Eigenschneider gibt es nicht", ISkO 5.2.5) */
  { DH_SKAT_HEARTS, 1, "hsS", 0, 18, -100 },
  /* schneider announced and made: 5 x 12 won */
  { DH_SKAT_CLUBS, 1, "hsS", 1, 18, 60 },
  /* open games count schwarz announced and one more (ISkO 5.2.6: "Kreuz
  ** ouvert mit zweien ... 9 x 12 = 108", "Grand ouvert mit vieren ... 11 x
  ** 24 = 264"); one lost (a trick given away) doubled */
  { DH_SKAT_CLUBS, 2, "hozs", 1, 18, 108 },
  { DH_SKAT_GRAND, 4, "hozs", 1, 18, 264 },
  { DH_SKAT_CLUBS, 2, "hos", 0, 18, -216 },
};

/* the k-th value whose value is v */
static int index_of(int v) {
  int k;
  for (k = 1; k <= DH_SKAT_NVALUES; k++)
    if (dh_skat_bid_value(k) == v) return k;
  return 0;
}

/* cards worth exactly p points of the 30 outside the skat (p of 0, 21,
** 44, 70, 96, 120) */
static dh_cardset worth(int p) {
  switch (p) {
    case 21: return S("Ac Tc");
    case 44: return S("Ac Ad Ah As");
    case 70: return S("Ac Ad Ah As Tc Td Kc Jd");
    case 96: return S("Ac Ad Ah As Tc Td Th Ts Kc Kd Ks");
    case 120: return S("Ac Ad Ah As Tc Td Th Ts Kc Kd Kh Ks Qc Qd Qh Qs Jc Jd Jh Js 9c 9d 9h 9s 8c 8d 8s 7c 7d 7s");
    default: return 0;
  }
}

static int32_t value_of(const dh_rules *r, const struct value_case *c, int with) {
  static const char *const jacks[4] = { "Jc", "Js", "Jh", "Jd" };
  static const int run[7] = { 14, 10, 13, 12, 9, 8, 7 };
  static const int suit[5] = { 0, DH_DIAMONDS, DH_HEARTS, DH_SPADES, DH_CLUBS };
  dh_match m;
  dh_card list[11];
  dh_cardset skat = S("7h 8h"), held = 0;
  int32_t pts[DH_MAX_SEATS], bags[DH_MAX_SEATS];
  int n = 0, i, flags = 0, p, tricks;
  int hand = strchr(c->extras, 'h') != NULL, sch = strchr(c->extras, 's') != NULL;
  int schw = strchr(c->extras, 'z') != NULL, ouvert = strchr(c->extras, 'o') != NULL;
  for (i = 0; i < 4; i++) list[n++] = C(jacks[i]);
  if (c->game <= DH_SKAT_CLUBS)
    for (i = 0; i < 7; i++) list[n++] = dh_card_make(run[i], suit[c->game]);
  /* the matadors: the first ones held (with) or lacked (without), the next the other way */
  for (i = 0; i < c->matadors && i < n; i++)
    if (with) held |= dh_set_of(list[i]);
  if (c->matadors < n && !with) held |= dh_set_of(list[c->matadors]);
  held &= ~skat;
  if (hand) flags |= DH_SKAT_FLAG_HAND;
  if (strchr(c->extras, 'S')) flags |= DH_SKAT_FLAG_SCHNEIDER;
  if (strchr(c->extras, 'Z')) flags |= DH_SKAT_FLAG_SCHWARZ;
  if (ouvert) flags |= DH_SKAT_FLAG_OUVERT;
  /* the points and tricks the case says */
  if (c->game == DH_SKAT_NULL) { p = 0; tricks = c->won ? 0 : 1; }
  else if (schw) { p = 120; tricks = 10; }
  else if (sch && (strchr(c->extras, 'Z') || ouvert)) { p = 96; tricks = 7; }   /* schneider made, schwarz not */
  else if (sch) { p = c->won ? 96 : 21; tricks = c->won ? 7 : 1; }
  else if (strchr(c->extras, 'S')) { p = 70; tricks = 5; }        /* 61 made, the announced 90 not */
  else { p = c->won ? 70 : 44; tricks = c->won ? 5 : 4; }
  memset(&m, 0, sizeof m);
  m.rules = r;
  m.nseats = 3;
  m.declarer = 0;
  m.vars[DH_SKAT_VAR_VALUE] = (int16_t)index_of(c->bid);
  m.vars[DH_SKAT_VAR_GAME] = (int16_t)c->game;
  m.vars[DH_SKAT_VAR_FLAGS] = (int16_t)flags;
  m.taken[0] = worth(p);
  m.taken[1] = r->deck_set & ~skat & ~m.taken[0];   /* the defenders took the rest */
  m.played_by[0] = held;
  m.tricks[0] = (uint8_t)tricks;
  m.tricks[1] = (uint8_t)(10 - tricks);
  CHECK_EQ(dh_points_eval(&m, pts, bags), DH_OK);
  CHECK(pts[1] == 0 && pts[2] == 0);
  return pts[0];
}

static void test_value_cases(const dh_rules *r) {
  int i, with;
  CHECK_EQ(index_of(18), 1);
  CHECK_EQ(dh_set_count(worth(120)) + 2, 32);
  for (i = 0; i < (int)(sizeof value_cases / sizeof value_cases[0]); i++)
    for (with = 0; with <= 1; with++) {
      const struct value_case *c = &value_cases[i];
      if (c->game == DH_SKAT_NULL && !with) continue;
      if (value_of(r, c, with) != c->value)
        printf("     case %d (%s): got %d, expected %d\n", i + 1, with ? "with" : "without",
               (int)value_of(r, c, with), c->value);
      CHECK_EQ(value_of(r, c, with), c->value);
    }
}

/* the hand game's announcements; null ouvert shows the declarer's hand */
static void test_hand(const dh_rules *r) {
  dh_match m;
  int out[DH_PHASE_MAX_MOVES], n;
  deal(&m, r, strong);
  play(&m, 1, DH_SKAT_PASS);
  play(&m, 2, DH_SKAT_PASS);
  play(&m, 0, DH_SKAT_BID + 1);
  play(&m, 0, DH_SKAT_HAND);
  CHECK_EQ(m.vars[DH_SKAT_VAR_FLAGS], DH_SKAT_FLAG_HAND);
  n = list(&m, out);
  CHECK_EQ(n, 22);                             /* 5 games x 3, 5 open, null, null ouvert */
  CHECK_EQ(out[2], DH_SKAT_GAME + DH_SKAT_ANN_SCHWARZ);   /* diamonds schwarz */
  CHECK_EQ(out[19], DH_SKAT_GAME + 4 * (DH_SKAT_GRAND - 1) + DH_SKAT_ANN_OUVERT);
  play(&m, 0, DH_SKAT_GAME + 4 * (DH_SKAT_NULL - 1) + DH_SKAT_ANN_OUVERT);
  CHECK_EQ(m.vars[DH_SKAT_VAR_FLAGS], DH_SKAT_FLAG_HAND | DH_SKAT_FLAG_OUVERT);
  CHECK_EQ(m.trump, DH_NOSUIT);
  CHECK(m.known[0] == m.hand[0]);
}

/* a suit game open: hand, schwarz announced, the declarer's cards shown
** to all before the first lead (ISkO 5.2.6) */
static void test_ouvert(const dh_rules *r) {
  dh_match m;
  deal(&m, r, strong);
  play(&m, 1, DH_SKAT_PASS);
  play(&m, 2, DH_SKAT_PASS);
  play(&m, 0, DH_SKAT_BID + 1);
  play(&m, 0, DH_SKAT_HAND);
  play(&m, 0, DH_SKAT_GAME + 4 * (DH_SKAT_SPADES - 1) + DH_SKAT_ANN_OUVERT);
  CHECK_EQ(m.vars[DH_SKAT_VAR_FLAGS],
           DH_SKAT_FLAG_HAND | DH_SKAT_FLAG_SCHNEIDER | DH_SKAT_FLAG_SCHWARZ | DH_SKAT_FLAG_OUVERT);
  CHECK_EQ(m.trump, DH_SPADES);
  CHECK(m.known[0] == m.hand[0] && dh_set_count(m.known[0]) == 10);
  CHECK_EQ(m.phase, DH_PHASE_PLAY);
  /* without the skat, no open suit game: ouvert is a hand game */
  deal(&m, r, strong);
  play(&m, 1, DH_SKAT_PASS);
  play(&m, 2, DH_SKAT_PASS);
  play(&m, 0, DH_SKAT_BID + 1);
  play(&m, 0, DH_SKAT_PICK_UP);
  play(&m, 0, DH_SKAT_DISCARD + 64 * C("7c") + C("7d"));
  CHECK_EQ(dh_phase_apply(&m, 0, DH_SKAT_GAME + 4 * (DH_SKAT_CLUBS - 1) + DH_SKAT_ANN_OUVERT), DH_E_ILLEGAL_MOVE);
}

/*
** Ramsch (option): all three passing play each for itself, the jacks alone
** trumps; the most card points lose them.  Whence each rule:
** http://www.skatspielen.info/spielvarianten.html (jacks alone trumps as
** in a grand, the skat counted to the last trick, a player without a trick
** (Jungfer) doubles the loss, all the points won: 120 to the good);
** https://www.rasche-software.de/kd/manual/contentskate/uramsch.htm (the
** skat's points to the loser instead); http://www.skatwelt.net/jungfrau.
*/
static int64_t ramsch_of(const dh_rules *r, const char *const *taken, const char *skat, const int *tricks,
                         int last, int seat) {
  dh_match m;
  int32_t pts[DH_MAX_SEATS], bags[DH_MAX_SEATS];
  int s;
  memset(&m, 0, sizeof m);
  m.rules = r;
  m.nseats = 3;
  m.declarer = DH_MAX_SEATS;
  m.vars[DH_SKAT_VAR_GAME] = DH_SKAT_RAMSCH_GAME;
  for (s = 0; s < 2; s++) m.taken[s] = S(taken[s]);
  m.taken[2] = r->deck_set & ~S(skat) & ~m.taken[0] & ~m.taken[1];
  for (s = 0; s < 3; s++) m.tricks[s] = (uint8_t)tricks[s];
  m.last_winner = (uint8_t)last;
  CHECK_EQ(dh_points_eval(&m, pts, bags), DH_OK);
  return pts[seat];
}

static void test_ramsch(void) {
  static const char *const a[2] = { "Ac Ad Ah As Tc Td Kc Jd", "Th Ts Kd Kh Ks Qc Qd" };   /* 70, 38 */
  static const char *const tie[2] = { "Ac Ad Tc Td Kc Qc Jc", "Ah As Th Ts Kd Qd Jd" };   /* 51, 51 */
  static const int t541[3] = { 5, 4, 1 }, t640[3] = { 6, 4, 0 }, t10[3] = { 10, 0, 0 }, t433[3] = { 4, 3, 3 };
  const unsigned both = DH_SKAT_RAMSCH | DH_SKAT_JUNGFRAU;
  dh_rules r;
  dh_match m;
  skat_rules(&r);
  r.phase_flags = both;
  CHECK(dh_rules_check(&r) == NULL);
  /* the skat Qh Qs (6) to the last trick's taker: seat 1's, so seat 0 loses its 70 */
  CHECK_EQ(ramsch_of(&r, a, "Qh Qs", t541, 1, 0), -70);
  CHECK_EQ(ramsch_of(&r, a, "Qh Qs", t541, 1, 1), 0);
  CHECK_EQ(ramsch_of(&r, a, "Qh Qs", t541, 0, 0), -76);     /* its own last trick: 70 + 6 */
  CHECK_EQ(ramsch_of(&r, a, "Qh Qs", t640, 1, 0), -140);     /* seat 2 a Jungfrau: doubled */
  CHECK_EQ(ramsch_of(&r, a, "Qh Qs", t10, 0, 0), 120);       /* every trick: 120 to the good */
  CHECK_EQ(ramsch_of(&r, a, "Qh Qs", t10, 0, 1), 0);
  CHECK_EQ(ramsch_of(&r, tie, "7h 8h", t433, 2, 0), -51);    /* a tie: both lose */
  CHECK_EQ(ramsch_of(&r, tie, "7h 8h", t433, 2, 1), -51);
  CHECK_EQ(ramsch_of(&r, tie, "7h 8h", t433, 2, 2), 0);
  r.phase_flags = both | DH_SKAT_RAMSCH_LOSER;
  CHECK_EQ(ramsch_of(&r, a, "Qh Qs", t541, 1, 0), -76);      /* the skat to the loser */
  r.phase_flags = DH_SKAT_RAMSCH;
  CHECK_EQ(ramsch_of(&r, a, "Qh Qs", t640, 1, 0), -70);      /* without the Jungfrau rule */
  /* all passing: Ramsch, forehand leading, the jacks alone trumps, nobody declarer */
  deal(&m, &r, strong);
  play(&m, 1, DH_SKAT_PASS);
  play(&m, 2, DH_SKAT_PASS);
  play(&m, 0, DH_SKAT_PASS);
  CHECK_EQ(m.phase, DH_PHASE_PLAY);
  CHECK_EQ(m.hand_no, 0);
  CHECK(m.declarer >= 3);
  CHECK_EQ(m.vars[DH_SKAT_VAR_GAME], DH_SKAT_RAMSCH_GAME);
  CHECK_EQ(m.turn, 0);
  CHECK_EQ(dh_match_suit(&m, C("Jd")), DH_CLUBS);
  CHECK_EQ(dh_match_suit(&m, C("Ac")), DH_NOSUIT);
  /* without the option the deal is thrown in, as before */
  r.phase_flags = 0;
  deal(&m, &r, strong);
  play(&m, 1, DH_SKAT_PASS);
  play(&m, 2, DH_SKAT_PASS);
  play(&m, 0, DH_SKAT_PASS);
  CHECK_EQ(m.hand_no, 1);
}

/* random matches: cards conserved, the phases visited, every match ends */
static void test_playouts(const dh_rules *r) {
  dh_match m;
  dh_rng rng;
  int seed, steps, ok = 1, ended = 1, phased = 0, laid = 0;
  dh_rng_seed(&rng, 3);
  for (seed = 1; seed <= 200; seed++) {
    dh_match_init(&m, r, (uint64_t)seed, seed % 3);
    for (steps = 0; m.phase != DH_PHASE_OVER && steps < 20000; steps++) {
      dh_cardset all = m.played;
      int s, n = dh_set_count(m.played) + (m.talon.n - m.talon.top);
      if (m.phase == DH_PHASE_SCRIPT) phased++;
      if (m.phase == DH_PHASE_SCRIPT && m.step == DH_SKAT_STEP_LAY_AWAY) laid++;
      for (s = 0; s < 3; s++) {
        ok &= !(all & (m.hand[s] | m.discard[s]));
        all |= m.hand[s] | m.discard[s];
        n += dh_set_count(m.hand[s]) + dh_set_count(m.discard[s]);
      }
      ok &= n == 32;
      if (dh_playout_step(&m, &rng) != DH_OK) { ok = 0; break; }
    }
    ended &= m.phase == DH_PHASE_OVER;
  }
  CHECK(ok && ended && phased > 2000 && laid > 100);
}

/* rules the prefabs do not fit are refused by name */
static void test_check(void) {
  dh_rules r;
  skat_rules(&r);
  r.opener = 1;
  CHECK(dh_rules_check(&r) != NULL && strstr(dh_rules_check(&r), "middlehand"));
  skat_rules(&r);
  r.phase_args[DH_SKAT_ARG_GRAND] = 0;
  CHECK(dh_rules_check(&r) != NULL && strstr(dh_rules_check(&r), "grand"));
  skat_rules(&r);
  r.trump_table[DH_HEARTS] = 0;
  CHECK(dh_rules_check(&r) != NULL && strstr(dh_rules_check(&r), "trump suit"));
  skat_rules(&r);
  r.sizes[0] = 9;
  CHECK(dh_rules_check(&r) != NULL && strstr(dh_rules_check(&r), "ten cards"));
  skat_rules(&r);
  r.phase_flags = 8;
  CHECK(dh_rules_check(&r) != NULL);
  skat_rules(&r);
  r.trump_mode = DH_TRUMP_TURN_UNDER;
  CHECK(dh_rules_check(&r) != NULL);
  skat_rules(&r);
  CHECK(r.scripted == 1);
  CHECK_STR(dh_phase_name(&r, 4), "declare");
  CHECK(dh_phase_name(&r, 5) == NULL);
  /* the value on a four-seat deck of 52 */
  dh_rules_init(&r);
  dh_rules_set(&r, DH_RULE_POINTS, dh_rule_skat_value(&r));
  CHECK(dh_rules_check(&r) != NULL && strstr(dh_rules_check(&r), "three seats"));
}

int main(void) {
  dh_rules r;
  check_init();
  skat_rules(&r);
  test_values();
  test_bidding(&r);
  test_forehand_alone(&r);
  test_pick_up(&r);
  test_hand(&r);
  test_values_played(&r);
  test_null_under_bid(&r);
  test_ouvert(&r);
  test_ramsch();
  test_value_cases(&r);
  test_playouts(&r);
  test_check();
  return check_done();
}
