/*
** test_auction.c -- the auction prefab (phase.h) and the duplicate score
** (rules.h: dh_rule_duplicate), played by hand as the Laws of Duplicate
** Bridge (2017) tell them.  Law 17: the dealer calls first, then each
** player in turn to the left.  Law 18: a bid names a number of odd tricks
** 1..7 and a strain, clubs, diamonds, hearts, spades, no trump from low
** to high, and supersedes the last bid only when higher (a higher level,
** or the same level in a higher strain).  Law 19: a player may double
** only the last bid, made by an opponent, not yet doubled; redouble only
** the last bid, made by the player's side, doubled by an opponent and not
** yet redoubled; a later legal bid cancels both.  Law 22: when all four
** pass at their first turn the board is passed out; otherwise three
** passes in a row after a call end the auction, the last bid (doubled or
** redoubled as called) is the contract.  Law 22 and the definitions: the
** declarer is the player of the side that won the contract who first
** named its strain.  Law 41: the player on declarer's left leads; the
** dummy's hand is then spread face up and declarer plays it.  Law 2: the
** vulnerability of boards 1..16.  Law 77: the score (worked examples by
** hand below, each in its comment).
*/
#include <string.h>

#include "cards.h"
#include "check.h"
#include "match.h"
#include "phase.h"
#include "playout.h"

/* a bid's move: level 1..7, strain 0 clubs .. 4 no trump */
static int bid(int level, int strain) { return DH_AUCTION_BID + (level - 1) * 5 + strain; }
enum { CLUBS, DIAMONDS, HEARTS, SPADES, NOTRUMP };

/* Bridge built in C: partners across, the dealer calls first, no trump
** until the auction names one, declarer plays the dummy, the duplicate
** score, sixteen boards */
static void bridge_rules(dh_rules *r) {
  int s;
  dh_rules_init(r);
  r->nsides = 2;
  for (s = 0; s < 4; s++) r->side_of[s] = (uint8_t)(s & 1);
  r->sizes[0] = 13;
  r->trump_mode = DH_TRUMP_NONE;
  r->opener = 0;
  r->phase = DH_PREFAB_AUCTION;
  r->max_hands = 16;
  dh_rules_set(r, DH_RULE_POINTS, dh_rule_duplicate(r));
  dh_rules_set(r, DH_RULE_PLAY, dh_rule_or(r, dh_rule_trump_wins(r), dh_rule_highest_of_led(r)));
  dh_rules_set(r, DH_RULE_WIN, dh_rule_highest_after(r, 16));
  CHECK(dh_rules_check(r) == NULL);
}

/* North (seat 0) the spades, East the hearts, South the diamonds, West the clubs */
static const char *const suited[4] = {
  "As Ks Qs Js Ts 9s 8s 7s 6s 5s 4s 3s 2s", "Ah Kh Qh Jh Th 9h 8h 7h 6h 5h 4h 3h 2h",
  "Ad Kd Qd Jd Td 9d 8d 7d 6d 5d 4d 3d 2d", "Ac Kc Qc Jc Tc 9c 8c 7c 6c 5c 4c 3c 2c",
};

static void deal(dh_match *m, const dh_rules *r, int dealer) {
  dh_cardset hands[4];
  int s;
  for (s = 0; s < 4; s++) hands[s] = S(suited[s]);
  CHECK(dh_match_init_deal(m, r, 7, dealer, hands, NULL, 0));
}

static int has_move(const dh_match *m, int move) {
  int list[DH_PHASE_MAX_MOVES], n = dh_phase_moves(m, list), i;
  for (i = 0; i < n; i++)
    if (list[i] == move) return 1;
  return 0;
}

/* the seat to act makes each call in turn; all must be taken */
static void calls(dh_match *m, const int *moves, int n) {
  int i;
  for (i = 0; i < n; i++) CHECK_EQ(dh_phase_apply(m, dh_match_next(m), moves[i]), DH_OK);
}

/* Laws 17 and 18: the dealer first, then to the left; the list; bids rise */
static void test_bids_rise(const dh_rules *r) {
  dh_match m, before;
  int list[DH_PHASE_MAX_MOVES], n, k;
  deal(&m, r, 1);                                         /* East deals */
  CHECK(m.phase == DH_PHASE_SCRIPT && m.step == DH_STEP_AUCTION);
  CHECK_STR(dh_phase_name(r, m.step), "auction");
  CHECK(m.trump == DH_NOSUIT);
  CHECK_EQ(dh_match_next(&m), 1);
  n = dh_phase_moves(&m, list);
  CHECK_EQ(n, 36);                                        /* pass and the 35 bids, no double */
  CHECK_EQ(list[0], DH_AUCTION_PASS);
  for (k = 1; k < 36; k++) CHECK_EQ(list[k], DH_AUCTION_BID + k - 1);
  CHECK_EQ(list[1], bid(1, CLUBS));
  CHECK_EQ(list[5], bid(1, NOTRUMP));
  CHECK_EQ(list[6], bid(2, CLUBS));
  CHECK_EQ(list[35], bid(7, NOTRUMP));
  /* refusals change nothing */
  before = m;
  CHECK_EQ(dh_phase_apply(&m, 2, DH_AUCTION_PASS), DH_E_NOT_YOUR_TURN);
  CHECK_EQ(dh_phase_apply(&m, 1, DH_AUCTION_DOUBLE), DH_E_ILLEGAL_MOVE);   /* nothing to double */
  CHECK_EQ(dh_phase_apply(&m, 1, DH_AUCTION_REDOUBLE), DH_E_ILLEGAL_MOVE);
  CHECK_EQ(dh_phase_apply(&m, 1, bid(7, NOTRUMP) + 1), DH_E_ILLEGAL_MOVE);
  CHECK_EQ(dh_phase_apply(&m, 1, -1), DH_E_ILLEGAL_MOVE);
  CHECK_EQ(dh_match_play(&m, 1, C("Ah")), DH_E_WRONG_PHASE);
  CHECK(memcmp(&m, &before, sizeof m) == 0);
  /* East 1H: South may not bid 1C, 1D, 1H; 1S is higher, and so is 2C */
  CHECK_EQ(dh_phase_apply(&m, 1, bid(1, HEARTS)), DH_OK);
  CHECK_EQ(dh_match_next(&m), 2);
  before = m;
  CHECK_EQ(dh_phase_apply(&m, 2, bid(1, CLUBS)), DH_E_ILLEGAL_MOVE);
  CHECK_EQ(dh_phase_apply(&m, 2, bid(1, HEARTS)), DH_E_ILLEGAL_MOVE);
  CHECK(memcmp(&m, &before, sizeof m) == 0);
  CHECK(has_move(&m, bid(1, SPADES)) && has_move(&m, bid(2, CLUBS)) && !has_move(&m, bid(1, DIAMONDS)));
  n = dh_phase_moves(&m, list);
  CHECK(n == 1 + 1 + 32 && list[0] == DH_AUCTION_PASS && list[1] == DH_AUCTION_DOUBLE && list[2] == bid(1, SPADES));
  /* the public state, as rules/bridge.lua keeps it: seats 1..4 */
  CHECK_EQ(m.vars[DH_AUCTION_CONTRACT], 1 + (1 - 1) * 5 + HEARTS);
  CHECK_EQ(m.vars[DH_AUCTION_BIDDER], 2);
  CHECK_EQ(m.vars[DH_AUCTION_OPENING], 1 + HEARTS + 64 * 2);
  CHECK_EQ(m.vars[DH_AUCTION_NAMED + 1], 2 << (3 * HEARTS));    /* East-West: East named hearts */
  CHECK_EQ(m.vars[DH_AUCTION_NAMED], 0);
  /* after 7NT only pass and double are left */
  CHECK_EQ(dh_phase_apply(&m, 2, bid(7, NOTRUMP)), DH_OK);
  n = dh_phase_moves(&m, list);
  CHECK(n == 2 && list[0] == DH_AUCTION_PASS && list[1] == DH_AUCTION_DOUBLE);
  CHECK_EQ(m.vars[DH_AUCTION_OPENING], 1 + HEARTS + 64 * 2);     /* the opening bid stays */
}

/* Law 19: doubles and redoubles */
static void test_doubles(const dh_rules *r) {
  dh_match m, before;
  int list[DH_PHASE_MAX_MOVES], n;
  deal(&m, r, 0);                                         /* North deals */
  CHECK_EQ(dh_phase_apply(&m, 0, bid(1, HEARTS)), DH_OK);      /* North 1H */
  CHECK(has_move(&m, DH_AUCTION_DOUBLE));                 /* East: an opponent's bid */
  CHECK_EQ(dh_phase_apply(&m, 1, DH_AUCTION_PASS), DH_OK);
  before = m;                                             /* South: partner's bid */
  CHECK(!has_move(&m, DH_AUCTION_DOUBLE) && !has_move(&m, DH_AUCTION_REDOUBLE));
  CHECK_EQ(dh_phase_apply(&m, 2, DH_AUCTION_DOUBLE), DH_E_ILLEGAL_MOVE);
  CHECK_EQ(dh_phase_apply(&m, 2, DH_AUCTION_REDOUBLE), DH_E_ILLEGAL_MOVE);   /* not doubled */
  CHECK(memcmp(&m, &before, sizeof m) == 0);
  CHECK_EQ(dh_phase_apply(&m, 2, DH_AUCTION_PASS), DH_OK);
  CHECK_EQ(dh_phase_apply(&m, 3, DH_AUCTION_DOUBLE), DH_OK);     /* West doubles: the passes restart */
  CHECK_EQ(m.vars[DH_AUCTION_DOUBLED], 1);
  CHECK_EQ(m.vars[DH_AUCTION_PASSES], 0);
  /* North: redouble its own side's doubled bid, not double it again */
  n = dh_phase_moves(&m, list);
  CHECK(list[0] == DH_AUCTION_PASS && list[1] == DH_AUCTION_REDOUBLE && list[2] == bid(1, SPADES));
  CHECK(!has_move(&m, DH_AUCTION_DOUBLE));
  CHECK_EQ(n, 2 + 32);
  CHECK_EQ(dh_phase_apply(&m, 0, DH_AUCTION_PASS), DH_OK);
  CHECK(!has_move(&m, DH_AUCTION_REDOUBLE) && !has_move(&m, DH_AUCTION_DOUBLE));   /* East: the doubler's side */
  CHECK_EQ(dh_phase_apply(&m, 1, DH_AUCTION_PASS), DH_OK);
  CHECK(has_move(&m, DH_AUCTION_REDOUBLE));               /* South, North's partner, may */
  CHECK_EQ(dh_phase_apply(&m, 2, DH_AUCTION_REDOUBLE), DH_OK);
  CHECK_EQ(m.vars[DH_AUCTION_DOUBLED], 2);
  CHECK(!has_move(&m, DH_AUCTION_REDOUBLE) && !has_move(&m, DH_AUCTION_DOUBLE));   /* West: nothing more */
  /* a later bid cancels both */
  CHECK_EQ(dh_phase_apply(&m, 3, bid(1, SPADES)), DH_OK);
  CHECK_EQ(m.vars[DH_AUCTION_DOUBLED], 0);
  CHECK_EQ(m.vars[DH_AUCTION_BIDDER], 4);
  CHECK(has_move(&m, DH_AUCTION_DOUBLE));                 /* North may double West's 1S */
}

/* Law 22: four passes pass the board out; three passes after a call end it */
static void test_passes(const dh_rules *r) {
  dh_match m;
  static const int three_then_bid[] = { DH_AUCTION_PASS, DH_AUCTION_PASS, DH_AUCTION_PASS, 0 };
  static const int passed_out[] = { DH_AUCTION_PASS, DH_AUCTION_PASS, DH_AUCTION_PASS, DH_AUCTION_PASS };
  int moves[4];
  deal(&m, r, 2);                                         /* South deals: board 1 here */
  calls(&m, three_then_bid, 3);
  CHECK(m.phase == DH_PHASE_SCRIPT && m.hand_no == 0);    /* three passes, no bid: not over */
  CHECK_EQ(dh_match_next(&m), 1);                         /* the dealer's right-hand opponent, fourth */
  CHECK_EQ(dh_phase_apply(&m, 1, bid(1, CLUBS)), DH_OK);      /* East opens in fourth seat */
  moves[0] = moves[1] = DH_AUCTION_PASS;
  calls(&m, moves, 2);
  CHECK(m.phase == DH_PHASE_SCRIPT);                      /* two passes: not yet */
  CHECK_EQ(dh_phase_apply(&m, 0, DH_AUCTION_PASS), DH_OK);
  CHECK(m.phase == DH_PHASE_PLAY && m.declarer == 1 && m.trump == DH_CLUBS);
  CHECK_EQ(m.leader, 2);                                  /* South, on declarer's left, leads */
  /* a double followed by three passes ends it too, doubled */
  deal(&m, r, 0);
  CHECK_EQ(dh_phase_apply(&m, 0, bid(3, NOTRUMP)), DH_OK);
  CHECK_EQ(dh_phase_apply(&m, 1, DH_AUCTION_DOUBLE), DH_OK);
  calls(&m, passed_out, 3);
  CHECK(m.phase == DH_PHASE_PLAY && m.declarer == 0 && m.trump == DH_NOSUIT && m.vars[DH_AUCTION_DOUBLED] == 1);
  /* passed out: nothing scored, the next board dealt by the next dealer */
  deal(&m, r, 3);
  calls(&m, passed_out, 4);
  CHECK(m.phase == DH_PHASE_SCRIPT && m.hand_no == 1 && m.dealer == 0);
  CHECK(m.score[0] == 0 && m.score[1] == 0 && m.hand_points[0] == 0 && m.hand_points[1] == 0);
  CHECK_EQ(dh_match_next(&m), 0);                         /* the new dealer calls first */
  CHECK(m.vars[DH_AUCTION_CONTRACT] == 0 && m.vars[DH_AUCTION_PASSES] == 0 && m.declarer == DH_MAX_SEATS);
  CHECK_EQ(dh_set_count(m.hand[0]), 13);
}

/* the declarer: the first of the winning side to name the strain, not
** the last bidder, and not an opponent who named it first; the dummy */
static void test_declarer(const dh_rules *r) {
  dh_match m;
  dh_cardset dummy_hand;
  /* North 1H, East pass, South 2H, then three passes: South made the
     contract's bid, North named hearts first */
  static const int hearts[] = { 0, DH_AUCTION_PASS, 0, DH_AUCTION_PASS, DH_AUCTION_PASS, DH_AUCTION_PASS };
  int moves[6];
  memcpy(moves, hearts, sizeof moves);
  moves[0] = bid(1, HEARTS);
  moves[2] = bid(2, HEARTS);
  deal(&m, r, 0);
  calls(&m, moves, 6);
  CHECK(m.phase == DH_PHASE_PLAY);
  CHECK_EQ(m.vars[DH_AUCTION_BIDDER], 3);                 /* South made the last bid */
  CHECK_EQ(m.declarer, 0);                                /* North named hearts first */
  CHECK_EQ(m.trump, DH_HEARTS);
  CHECK(m.leader == 1 && m.turn == 1);                    /* East leads */
  CHECK(m.controller[2] == 0 && m.controller[0] == 0 && m.controller[1] == 1);
  CHECK(m.show_at_lead == 1 << 2 && m.known[2] == 0);     /* the dummy is not shown yet */
  dummy_hand = m.hand[2];
  CHECK_EQ(dh_match_play(&m, 1, C("Ah")), DH_OK);      /* the opening lead */
  CHECK(m.known[2] == dummy_hand);                        /* now it is, to everyone */
  CHECK_EQ(m.turn, 2);
  CHECK_EQ(dh_match_next(&m), 0);                         /* declarer plays the dummy's card */
  CHECK_EQ(dh_match_play(&m, 2, C("2d")), DH_E_NOT_YOUR_TURN);
  CHECK_EQ(dh_match_play(&m, 0, C("2d")), DH_OK);

  /* East opens 1S; South 2S; North 4S, all pass: of North-South, South
     named spades first (East's 1S is the other side's) */
  deal(&m, r, 1);
  moves[0] = bid(1, SPADES); moves[1] = bid(2, SPADES); moves[2] = DH_AUCTION_PASS; moves[3] = bid(4, SPADES);
  moves[4] = moves[5] = DH_AUCTION_PASS;
  calls(&m, moves, 6);
  CHECK(m.phase == DH_PHASE_SCRIPT);
  CHECK_EQ(dh_phase_apply(&m, 3, DH_AUCTION_PASS), DH_OK);
  CHECK(m.phase == DH_PHASE_PLAY && m.declarer == 2 && m.trump == DH_SPADES);
  CHECK(m.leader == 3 && m.controller[0] == 2 && m.show_at_lead == 1 << 0);
}

/* Law 2: the vulnerability of the sixteen boards; Law 77's table */
static void test_score_table(void) {
  /* board: 0 none, 1 North-South, 2 East-West, 3 both */
  static const int law2[16] = { 0, 1, 2, 3, 1, 2, 3, 0, 2, 3, 0, 1, 3, 0, 1, 2 };
  int b;
  for (b = 1; b <= 32; b++) {
    CHECK_EQ(dh_duplicate_vulnerable(b, 0), law2[(b - 1) % 16] & 1);
    CHECK_EQ(dh_duplicate_vulnerable(b, 1), law2[(b - 1) % 16] >> 1);
  }
  /* 4S made: 4 x 30 = 120, game 300 */
  CHECK_EQ(dh_duplicate_score(4, SPADES, 0, 0, 10), 420);
  /* 3NT vulnerable, one over: 40 + 30 + 30 = 100, game 500, overtrick 30 */
  CHECK_EQ(dh_duplicate_score(3, NOTRUMP, 0, 1, 10), 630);
  /* 2C doubled, made: 2 x 20 x 2 = 80, part score 50, insult 50 */
  CHECK_EQ(dh_duplicate_score(2, CLUBS, 1, 0, 8), 180);
  /* 2D redoubled: 40 x 4 = 160, game 300, insult 100 */
  CHECK_EQ(dh_duplicate_score(2, DIAMONDS, 2, 0, 8), 560);
  /* 1NT doubled vulnerable, one over: 80, part score 50, insult 50, overtrick 200 */
  CHECK_EQ(dh_duplicate_score(1, NOTRUMP, 1, 1, 8), 380);
  /* 7NT redoubled vulnerable: 220 x 4 = 880, game 500, grand slam 1500, insult 100 */
  CHECK_EQ(dh_duplicate_score(7, NOTRUMP, 2, 1, 13), 2980);
  /* 6C made: 120, game 300, small slam 500; vulnerable 120 + 500 + 750 */
  CHECK_EQ(dh_duplicate_score(6, CLUBS, 0, 0, 12), 920);
  CHECK_EQ(dh_duplicate_score(6, CLUBS, 0, 1, 12), 1370);
  /* 1H two over: 30, part score 50, 2 x 30 */
  CHECK_EQ(dh_duplicate_score(1, HEARTS, 0, 0, 9), 140);
  /* down, undoubled: 50 a trick, vulnerable 100 */
  CHECK_EQ(dh_duplicate_score(4, HEARTS, 0, 0, 8), -100);
  CHECK_EQ(dh_duplicate_score(4, HEARTS, 0, 1, 7), -300);
  /* doubled, not vulnerable, down 4: 100 + 200 + 200 + 300 */
  CHECK_EQ(dh_duplicate_score(4, HEARTS, 1, 0, 6), -800);
  /* doubled vulnerable, down 3: 200 + 300 + 300 */
  CHECK_EQ(dh_duplicate_score(4, HEARTS, 1, 1, 7), -800);
  /* redoubled, not vulnerable, down 2: (100 + 200) x 2 */
  CHECK_EQ(dh_duplicate_score(3, SPADES, 2, 0, 7), -600);
  /* 7NT doubled vulnerable, all thirteen down: 200 + 12 x 300 */
  CHECK_EQ(dh_duplicate_score(7, NOTRUMP, 1, 1, 0), -3800);
}

/* the points rule: the board's score to the side that earned it, the
** vulnerability the board's; a board passed out scores nothing */
static void test_points(const dh_rules *r) {
  static const int law2[16] = { 0, 1, 2, 3, 1, 2, 3, 0, 2, 3, 0, 1, 3, 0, 1, 2 };
  dh_match m;
  dh_rng rng;
  int seed, played = 0, out = 0, ok = 1;
  dh_rng_seed(&rng, 3);
  for (seed = 1; seed <= 200; seed++) {
    int hand, contract, doubled, declarer, got, vul, side;
    int32_t want;
    dh_match_init(&m, r, (uint64_t)seed, 0);
    while (m.hand_no < (unsigned)(seed % 16)) CHECK_EQ(dh_playout_hand(&m, &rng), DH_OK);
    hand = m.hand_no;
    while (m.phase == DH_PHASE_SCRIPT) CHECK_EQ(dh_playout_step(&m, &rng), DH_OK);
    if (m.hand_no != hand) {                               /* passed out */
      ok &= m.hand_points[0] == 0 && m.hand_points[1] == 0;
      out++;
      continue;
    }
    contract = m.vars[DH_AUCTION_CONTRACT];
    doubled = m.vars[DH_AUCTION_DOUBLED];
    declarer = m.declarer;
    while (m.hand_no == hand && m.phase != DH_PHASE_OVER) CHECK_EQ(dh_playout_step(&m, &rng), DH_OK);
    got = m.last_tricks[declarer] + m.last_tricks[(declarer + 2) & 3];
    vul = law2[hand % 16] >> (declarer & 1) & 1;
    want = dh_duplicate_score((contract - 1) / 5 + 1, (contract - 1) % 5, doubled, vul, got);
    side = declarer & 1;                                   /* North-South 0 */
    played++;
    if (want >= 0) ok &= m.hand_points[side] == want && m.hand_points[1 - side] == 0;
    else ok &= m.hand_points[1 - side] == -want && m.hand_points[side] == 0;
  }
  CHECK(ok && played + out == 200);   /* (a random auction is passed out once in 36^4) */
}

/* random matches: every board ends, every card in one place */
static void test_playouts(const dh_rules *r) {
  dh_match m;
  dh_rng rng;
  int seed, steps, ok = 1, ended = 1, phased = 0;
  dh_rng_seed(&rng, 11);
  for (seed = 1; seed <= 40; seed++) {
    dh_match_init(&m, r, (uint64_t)seed, 0);
    for (steps = 0; m.phase != DH_PHASE_OVER && steps < 20000; steps++) {
      dh_cardset all = m.played;
      int s, n = dh_set_count(m.played);
      if (m.phase == DH_PHASE_SCRIPT) phased++;
      if (dh_playout_step(&m, &rng) != DH_OK) { ok = 0; break; }
      all = m.played;
      n = dh_set_count(m.played);
      for (s = 0; s < 4; s++) { all |= m.hand[s]; n += dh_set_count(m.hand[s]); }
      if (m.phase != DH_PHASE_OVER && (n != 52 || all != r->deck_set)) ok = 0;
    }
    ended &= m.phase == DH_PHASE_OVER && m.hand_no + 1 == 16;
  }
  CHECK(ok && ended && phased > 40 * 16 * 4);
}

/* rules the prefab does not fit, and the duplicate score without it */
static void test_check(void) {
  dh_rules r;
  bridge_rules(&r);
  CHECK(r.scripted == 1);
  r.side_of[1] = 0;
  r.side_of[2] = 1;
  CHECK(dh_rules_check(&r) != NULL && strstr(dh_rules_check(&r), "partners"));
  bridge_rules(&r);
  r.nseats = 3;
  CHECK(dh_rules_check(&r) != NULL);
  bridge_rules(&r);
  r.opener = 1;
  CHECK(dh_rules_check(&r) != NULL && strstr(dh_rules_check(&r), "dealer"));
  bridge_rules(&r);
  r.trump_mode = DH_TRUMP_FIXED;
  r.trump_suit = DH_SPADES;
  CHECK(dh_rules_check(&r) != NULL && strstr(dh_rules_check(&r), "trump"));
  bridge_rules(&r);
  r.phase_flags = 1;
  CHECK(dh_rules_check(&r) != NULL);
  bridge_rules(&r);
  r.phase = DH_PREFAB_NONE;
  r.scripted = 1;
  CHECK(dh_rules_check(&r) != NULL && strstr(dh_rules_check(&r), "auction"));
  bridge_rules(&r);
  dh_rules_set(&r, DH_RULE_POINTS, dh_rule_sum(&r, dh_rule_tricks(&r, 1), dh_rule_duplicate(&r)));
  CHECK(dh_rules_check(&r) == NULL);
  r.phase = DH_PREFAB_TURNED_TRUMP;
  CHECK(dh_rules_check(&r) != NULL);
  bridge_rules(&r);
  CHECK(dh_phase_name(&r, 2) == NULL && dh_phase_name(&r, 0) == NULL);
}

int main(void) {
  dh_rules r;
  check_init();
  bridge_rules(&r);
  test_bids_rise(&r);
  test_doubles(&r);
  test_passes(&r);
  test_declarer(&r);
  test_score_table();
  test_points(&r);
  test_playouts(&r);
  test_check();
  return check_done();
}
