/*
** phase_skat.c -- Skat's bidding, the skat picked up or played from the
** hand, the two cards laid away and the game named (phase.h says the
** rules of it; rules/skat.lua in prose).
**
** It is the Lua script rules/skat.lua had, op for op: the same vars (the
** seats in them 1-based, as the script kept them), the same ops in the
** same order, the moves listed in the script's order, so that the same
** seeds make the same records and a points rule or a bot reading the vars
** sees what it saw.  The ops cannot refuse here (dh_phase_check fitted the
** rules: three seats, ten cards each, a skat of two, the suits' and the
** grand's card tables), except scoring a deal thrown in, which leaves the
** match unchanged when a callback fails.
*/
#include "phase_impl.h"

static const char *const step_names[] = { "bidding", "skat", "discard", "declare" };

static int left(int seat) { return seat == 2 ? 0 : seat + 1; }

/* the bidding's stage, asker and holder, 0-based (before the first call:
** middlehand asks forehand) */
static int bidding(const dh_match *m, int *asker, int *holder) {
  int stage = m->vars[DH_SKAT_VAR_STAGE];
  if (stage == 0) {
    *holder = left(m->dealer);
    *asker = left(*holder);
    return 1;
  }
  *asker = m->vars[DH_SKAT_VAR_ASKER] - 1;
  *holder = m->vars[DH_SKAT_VAR_HOLDER] - 1;
  return stage;
}

static int moves(const dh_match *m, int *out) {
  int seat = m->turn, n = 0, asker, holder, k, g;
  int hand = (m->vars[DH_SKAT_VAR_FLAGS] & DH_SKAT_FLAG_HAND) != 0;
  dh_cardset a, b;
  switch (m->step) {
    case DH_SKAT_STEP_BIDDING:
      if (bidding(m, &asker, &holder) == 3) {
        out[n++] = DH_SKAT_PASS;
        out[n++] = DH_SKAT_BID + 1;   /* 18 */
        return n;
      }
      if (seat == holder) {
        out[n++] = DH_SKAT_YES;
        out[n++] = DH_SKAT_PASS;
        return n;
      }
      out[n++] = DH_SKAT_PASS;
      for (k = m->vars[DH_SKAT_VAR_VALUE] + 1; k <= DH_SKAT_NVALUES; k++) out[n++] = DH_SKAT_BID + k;
      return n;
    case DH_SKAT_STEP_SKAT:
      out[n++] = DH_SKAT_PICK_UP;
      out[n++] = DH_SKAT_HAND;
      return n;
    case DH_SKAT_STEP_LAY_AWAY:  /* every pair of the twelve, as the hand lists them */
      for (a = m->hand[seat]; a; a &= a - 1)
        for (b = a & (a - 1); b && n < DH_PHASE_MAX_MOVES; b &= b - 1)
          out[n++] = DH_SKAT_DISCARD + 64 * dh_set_first(a) + dh_set_first(b);
      return n;
    case DH_SKAT_STEP_DECLARE: {
      /* a null is worth what it is worth: one below the bid is no valid
      ** announcement (ISkO 3.4.1), so it is not offered */
      int bid = dh_skat_bid_value(m->vars[DH_SKAT_VAR_VALUE]);
      for (g = DH_SKAT_DIAMONDS; g <= DH_SKAT_GRAND; g++) {
        out[n++] = DH_SKAT_GAME + 4 * (g - 1);
        if (hand) {
          out[n++] = DH_SKAT_GAME + 4 * (g - 1) + DH_SKAT_ANN_SCHNEIDER;
          out[n++] = DH_SKAT_GAME + 4 * (g - 1) + DH_SKAT_ANN_SCHWARZ;
        }
      }
      if (hand)   /* the open suit games and grand, after the closed ones */
        for (g = DH_SKAT_DIAMONDS; g <= DH_SKAT_GRAND; g++) out[n++] = DH_SKAT_GAME + 4 * (g - 1) + DH_SKAT_ANN_OUVERT;
      if (dh_skat_null_value(hand, 0) >= bid) out[n++] = DH_SKAT_GAME + 4 * (DH_SKAT_NULL - 1);
      if (dh_skat_null_value(hand, 1) >= bid) out[n++] = DH_SKAT_GAME + 4 * (DH_SKAT_NULL - 1) + DH_SKAT_ANN_OUVERT;
      return n;
    }
    default:
      return 0;
  }
}

/* seat is the declarer at the value_index-th value: the skat next, the
** two others a team */
static int declarer_is(dh_match *m, int seat, int value_index) {
  int err = dh_match_set_var(m, DH_SKAT_VAR_VALUE, value_index);
  if (!err) err = dh_match_set_declarer(m, seat);
  if (!err) err = dh_match_set_team(m, left(left(seat)), left(seat));
  return err ? err : dh_match_set_step(m, DH_SKAT_STEP_SKAT, seat);
}

/* seat `out` passed in the bidding: who is left, and what follows */
static int after_pass(dh_match *m, int out) {
  int asker, holder, stage = bidding(m, &asker, &holder), survivor = out == asker ? holder : asker, err;
  if (stage == 1) {   /* rearhand (the dealer, at three) asks the survivor */
    err = dh_match_set_var(m, DH_SKAT_VAR_STAGE, 2);
    if (!err) err = dh_match_set_var(m, DH_SKAT_VAR_ASKER, m->dealer + 1);
    if (!err) err = dh_match_set_var(m, DH_SKAT_VAR_HOLDER, survivor + 1);
    return err ? err : dh_match_set_turn(m, m->dealer);
  }
  if (m->vars[DH_SKAT_VAR_VALUE] > 0) return declarer_is(m, survivor, m->vars[DH_SKAT_VAR_VALUE]);
  err = dh_match_set_var(m, DH_SKAT_VAR_STAGE, 3);   /* no value named: forehand may play at 18 */
  return err ? err : dh_match_set_turn(m, survivor);
}

/* all three passed: Ramsch, each for itself, the jacks alone trumps as
** in a grand, forehand leading, the skat left lying (rules/skat.lua) */
static int ramsch(dh_match *m) {
  int err = dh_match_set_var(m, DH_SKAT_VAR_GAME, DH_SKAT_RAMSCH_GAME);
  if (!err) err = dh_match_set_trump(m, DH_CLUBS);
  if (!err) err = dh_match_set_table(m, m->rules->phase_args[DH_SKAT_ARG_GRAND]);
  return err ? err : dh_match_start_play(m, -1);
}

static int bid(dh_match *m, int move) {
  int seat = m->turn, asker, holder, stage = bidding(m, &asker, &holder), err;
  if (stage == 3 && move == DH_SKAT_PASS)
    return (m->rules->phase_flags & DH_SKAT_RAMSCH) ? ramsch(m) : dh_match_end_hand(m);
  if (stage == 3) return declarer_is(m, seat, 1);
  err = dh_match_set_var(m, DH_SKAT_VAR_STAGE, stage);
  if (!err) err = dh_match_set_var(m, DH_SKAT_VAR_ASKER, asker + 1);
  if (!err) err = dh_match_set_var(m, DH_SKAT_VAR_HOLDER, holder + 1);
  if (err) return err;
  if (move == DH_SKAT_PASS) return after_pass(m, seat);
  if (seat == holder) return dh_match_set_turn(m, asker);
  err = dh_match_set_var(m, DH_SKAT_VAR_VALUE, move - DH_SKAT_BID);
  return err ? err : dh_match_set_turn(m, holder);
}

static int declare(dh_match *m, int move) {
  int seat = m->turn, game = (move - DH_SKAT_GAME) / 4 + 1, ann = (move - DH_SKAT_GAME) % 4, err;
  int flags = m->vars[DH_SKAT_VAR_FLAGS];
  static const int trump_of[5] = { 0, DH_DIAMONDS, DH_HEARTS, DH_SPADES, DH_CLUBS };
  err = dh_match_set_var(m, DH_SKAT_VAR_GAME, game);
  if (ann == DH_SKAT_ANN_SCHNEIDER) flags |= DH_SKAT_FLAG_SCHNEIDER;
  if (ann == DH_SKAT_ANN_SCHWARZ) flags |= DH_SKAT_FLAG_SCHNEIDER | DH_SKAT_FLAG_SCHWARZ;
  if (ann == DH_SKAT_ANN_OUVERT) {   /* a suit or grand open: schwarz announced too (ISkO 5.2.6) */
    flags |= DH_SKAT_FLAG_OUVERT;
    if (game != DH_SKAT_NULL) flags |= DH_SKAT_FLAG_SCHNEIDER | DH_SKAT_FLAG_SCHWARZ;
    if (!err) err = dh_match_expose(m, seat, 0);
  }
  if (!err) err = dh_match_set_var(m, DH_SKAT_VAR_FLAGS, flags);
  if (!err && game <= DH_SKAT_CLUBS) err = dh_match_set_trump(m, trump_of[game]);
  if (!err && game == DH_SKAT_GRAND) {   /* the jacks count as clubs; only they are trumps */
    err = dh_match_set_trump(m, DH_CLUBS);
    if (!err) err = dh_match_set_table(m, m->rules->phase_args[DH_SKAT_ARG_GRAND]);
  }
  return err ? err : dh_match_start_play(m, -1);
}

static int apply(dh_match *m, int move) {
  int seat = m->turn, err;
  switch (m->step) {
    case DH_SKAT_STEP_BIDDING:
      return bid(m, move);
    case DH_SKAT_STEP_SKAT:
      if (move == DH_SKAT_HAND) {
        err = dh_match_set_var(m, DH_SKAT_VAR_FLAGS, DH_SKAT_FLAG_HAND);
        return err ? err : dh_match_set_step(m, DH_SKAT_STEP_DECLARE, seat);
      }
      err = dh_match_take(m, seat, 2);
      return err ? err : dh_match_set_step(m, DH_SKAT_STEP_LAY_AWAY, seat);
    case DH_SKAT_STEP_LAY_AWAY: {
      int code = move - DH_SKAT_DISCARD, layout = m->rules->deck.layout;
      dh_cardset two = dh_set_of(dh_card_at(code / 64, layout)) | dh_set_of(dh_card_at(code % 64, layout));
      err = dh_match_discard(m, seat, two);
      return err ? err : dh_match_set_step(m, DH_SKAT_STEP_DECLARE, seat);
    }
    default:
      return declare(m, move);
  }
}

static const char *check(const dh_rules *r) {
  int s, k = r->phase_args[DH_SKAT_ARG_GRAND];
  if (r->nseats != 3) return "the Skat bidding needs three seats";
  if (r->opener != 2) return "the Skat bidding opens with middlehand (opener 2)";
  if (r->nsizes != 1 || r->sizes[0] != 10 || dh_deck_left(&r->deck) != 32)
    return "the Skat bidding needs ten cards each and a skat of two";
  if (r->trump_mode != DH_TRUMP_NONE) return "the Skat bidding names the trump itself (trump \"none\")";
  for (s = DH_CLUBS; s <= DH_SPADES; s++)
    if (!r->trump_table[s]) return "the Skat bidding needs a card table for each trump suit (its jacks)";
  if (k < 1 || k > r->ntables) return "the Skat bidding needs the grand's card table (trump_tables.grand)";
  if (r->phase_flags & ~(DH_SKAT_RAMSCH | DH_SKAT_RAMSCH_LOSER | DH_SKAT_JUNGFRAU))
    return "unknown options of the Skat bidding";
  return NULL;
}

const dh_prefab dh_prefab_skat_bidding = { step_names, 4, moves, apply, check, NULL };
