/*
** phase_auction.c -- the auction of Contract Bridge: calls in turn from
** the dealer, the contract, its declarer and the dummy (phase.h says the
** rules of it; the Laws of Duplicate Bridge, Laws 18-22).
**
** It is rules/bridge.lua's auction script made C: the same moves in the
** same order, the same vars with the same values, the same phase ops in
** the same order, so records and replays cannot tell them apart.  The ops
** cannot refuse here (dh_phase_check fitted the rules: four seats,
** partners across, no trump dealt), except scoring a hand passed out,
** which leaves the match unchanged when a callback fails.
*/
#include "phase_impl.h"

static const char *const step_names[] = { "auction" };

static int left(int seat) { return (seat + 1) & 3; }
static int partner(int seat) { return (seat + 2) & 3; }
/* 0 North-South (seats 0 and 2), 1 East-West: the index of its NAMED var */
static int side(int seat) { return seat & 1; }

/* the strain (0 clubs .. 4 no trump) of a contract 1..35 */
static int strain_of(int contract) { return (contract - 1) % 5; }

/* the first seat (0..3) of seat's side to name strain, or -1 */
static int namer(const dh_match *m, int seat, int strain) {
  int v = ((uint16_t)m->vars[DH_AUCTION_NAMED + side(seat)] >> (3 * strain)) & 7;
  return v - 1;
}

static int moves(const dh_match *m, int *out) {
  int seat = m->turn, contract = m->vars[DH_AUCTION_CONTRACT], n = 0, k;
  int bidder = m->vars[DH_AUCTION_BIDDER] - 1, doubled = m->vars[DH_AUCTION_DOUBLED];
  if (m->step != DH_STEP_AUCTION) return 0;
  out[n++] = DH_AUCTION_PASS;
  if (contract > 0 && side(bidder) != side(seat) && doubled == 0) out[n++] = DH_AUCTION_DOUBLE;
  if (contract > 0 && side(bidder) == side(seat) && doubled == 1) out[n++] = DH_AUCTION_REDOUBLE;
  for (k = contract + 1; k <= 35; k++) out[n++] = DH_AUCTION_BID + k - 1;
  return n;
}

/* three passes after a bid: the contract stands, its declarer plays */
static int finish(dh_match *m) {
  int contract = m->vars[DH_AUCTION_CONTRACT], strain = strain_of(contract);
  int declarer = namer(m, m->vars[DH_AUCTION_BIDDER] - 1, strain), dummy = partner(declarer), err;
  err = dh_match_set_declarer(m, declarer);
  if (!err) err = dh_match_set_trump(m, strain == 4 ? DH_NOSUIT : strain);  /* clubs..spades are the suits 0..3 */
  if (!err) err = dh_match_control(m, dummy, declarer);
  if (!err) err = dh_match_expose(m, dummy, 1);
  return err ? err : dh_match_start_play(m, left(declarer));
}

/* seat bids contract (1..35): the last bid, undoubled; the side's namer
** of its strain, and the opening bid, remembered */
static int bid(dh_match *m, int seat, int contract) {
  int strain = strain_of(contract), i = DH_AUCTION_NAMED + side(seat), err;
  err = dh_match_set_var(m, DH_AUCTION_CONTRACT, contract);
  if (!err) err = dh_match_set_var(m, DH_AUCTION_BIDDER, seat + 1);
  if (!err) err = dh_match_set_var(m, DH_AUCTION_DOUBLED, 0);
  if (!err && namer(m, seat, strain) < 0)
    err = dh_match_set_var(m, i, (int16_t)((uint16_t)m->vars[i] | (uint16_t)((seat + 1) << (3 * strain))));
  if (!err && m->vars[DH_AUCTION_OPENING] == 0)
    err = dh_match_set_var(m, DH_AUCTION_OPENING, contract + 64 * (seat + 1));
  return err;
}

static int apply(dh_match *m, int move) {
  int seat = m->turn, err;
  if (move == DH_AUCTION_PASS) {
    int passes = m->vars[DH_AUCTION_PASSES] + 1, contract = m->vars[DH_AUCTION_CONTRACT];
    err = dh_match_set_var(m, DH_AUCTION_PASSES, passes);
    if (err) return err;
    if (contract == 0 && passes == 4) return dh_match_end_hand(m);   /* passed out */
    if (contract > 0 && passes == 3) return finish(m);
    return dh_match_set_turn(m, left(seat));
  }
  err = dh_match_set_var(m, DH_AUCTION_PASSES, 0);
  if (err) return err;
  if (move == DH_AUCTION_DOUBLE) err = dh_match_set_var(m, DH_AUCTION_DOUBLED, 1);
  else if (move == DH_AUCTION_REDOUBLE) err = dh_match_set_var(m, DH_AUCTION_DOUBLED, 2);
  else err = bid(m, seat, move - DH_AUCTION_BID + 1);
  return err ? err : dh_match_set_turn(m, left(seat));
}

/* a fixed contract (phase.h: the auction's parameters): the vars as the
** declarer's bid and three passes leave them, then the play */
static int start(dh_match *m) {
  const int16_t *a = m->rules->phase_args;
  int contract = a[DH_AUCTION_ARG_CONTRACT], declarer = a[DH_AUCTION_ARG_DECLARER] - 1, err;
  if (contract == 0) return DH_OK;
  err = bid(m, declarer, contract);
  if (!err && a[DH_AUCTION_ARG_DOUBLED]) err = dh_match_set_var(m, DH_AUCTION_DOUBLED, a[DH_AUCTION_ARG_DOUBLED]);
  if (!err) err = dh_match_set_var(m, DH_AUCTION_PASSES, 3);
  return err ? err : finish(m);
}

static const char *check(const dh_rules *r) {
  const int16_t *a = r->phase_args;
  int s;
  if (r->nseats != 4 || r->side_of[0] == r->side_of[1])
    return "the auction needs four seats, partners sitting across";
  for (s = 0; s < 4; s++)
    if (r->side_of[s] != r->side_of[(s + 2) & 3]) return "the auction needs four seats, partners sitting across";
  if (r->trump_mode != DH_TRUMP_NONE) return "the auction names trumps itself: no trump at the deal (trump \"none\")";
  if (r->opener != 0) return "the auction is opened by the dealer (opener \"dealer\")";
  if (r->phase_flags) return "unknown options of the auction";
  if (a[DH_AUCTION_ARG_CONTRACT] < 0 || a[DH_AUCTION_ARG_CONTRACT] > 35 || a[DH_AUCTION_ARG_DOUBLED] < 0
      || a[DH_AUCTION_ARG_DOUBLED] > 2 || a[DH_AUCTION_ARG_VULNERABLE] < 0 || a[DH_AUCTION_ARG_VULNERABLE] > 4)
    return "the auction's fixed contract or vulnerability is out of range";
  if (a[DH_AUCTION_ARG_CONTRACT] > 0 ? a[DH_AUCTION_ARG_DECLARER] < 1 || a[DH_AUCTION_ARG_DECLARER] > 4
                                     : a[DH_AUCTION_ARG_DECLARER] != 0 || a[DH_AUCTION_ARG_DOUBLED] != 0)
    return "a fixed contract needs its declarer, and a declarer or a double its contract";
  return NULL;
}

const dh_prefab dh_prefab_auction = { step_names, 1, moves, apply, check, start };
