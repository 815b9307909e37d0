/*
** phase_trump.c -- the turned-card trump: making trump from a card shown
** on the talon, in two rounds, with the dealer's pickup and discard and
** going alone (Euchre; phase.h says the rules of it).
**
** Every op it calls is a phase op of match.h, so the match after a move is
** the one a Lua script doing the same ops would leave; the ops cannot
** refuse here (dh_phase_check fitted the rules: four seats, partners
** across, a card to pick up), except scoring a hand thrown in, which
** leaves the match unchanged when a callback fails.
*/
#include "phase_impl.h"

static const char *const step_names[] = { "order", "discard", "call", "defend" };

static int left(int seat) { return (seat + 1) & 3; }

/* the suit the turned card shows (the base table's: no trump yet) */
static int turned_suit(const dh_match *m) { return dh_card_suit(m->upcard); }

static int moves(const dh_match *m, int *out) {
  int seat = m->turn, n = 0, s;
  dh_cardset it;
  switch (m->step) {
    case DH_STEP_ORDER:
      out[n++] = DH_MOVE_PASS;
      out[n++] = seat == m->dealer ? DH_MOVE_PICK_UP : DH_MOVE_ORDER_UP;
      out[n++] = seat == m->dealer ? DH_MOVE_PICK_UP_ALONE : DH_MOVE_ORDER_UP_ALONE;
      return n;
    case DH_STEP_DISCARD:  /* any card of the six (but the one picked up, with
                              KEEP_UPCARD), lowest position first */
      for (it = m->hand[seat]; it && n < DH_PHASE_MAX_MOVES; it &= it - 1) {
        dh_card c = dh_card_at(dh_set_first(it), m->rules->deck.layout);
        if (c == m->upcard && (m->rules->phase_flags & DH_PREFAB_KEEP_UPCARD)) continue;
        out[n++] = DH_MOVE_DISCARD + c;
      }
      return n;
    case DH_STEP_DEFEND:
      out[n++] = DH_MOVE_PASS;
      out[n++] = DH_MOVE_DEFEND_ALONE;
      return n;
    case DH_STEP_CALL:
      if (!(m->rules->phase_flags & DH_PREFAB_STICK) || seat != m->dealer) out[n++] = DH_MOVE_PASS;
      for (s = DH_CLUBS; s <= DH_SPADES; s++) {
        if (s == turned_suit(m)) continue;
        out[n++] = DH_MOVE_CALL + 2 * s;
        out[n++] = DH_MOVE_CALL + 2 * s + 1;
      }
      return n;
    default:
      return 0;
  }
}

/* the maker's choice: trump, declarer, and alone its partner sits out */
static int make(dh_match *m, int seat, int suit, int alone) {
  int err = dh_match_set_trump(m, suit);
  if (!err) err = dh_match_set_declarer(m, seat);
  if (alone && !err) err = dh_match_set_var(m, 0, 1);
  if (alone && !err) err = dh_match_sit_out(m, dh_match_partner(m, seat));
  return err;
}

/* trump made: the dealer takes the turned card up (ordered up, the
** dealer not sitting out) and lays one away, or the play begins */
static int after_make(dh_match *m, int picked) {
  int err;
  if (!picked || (m->out_mask >> m->dealer & 1)) return dh_match_start_play(m, -1);
  err = dh_match_take(m, m->dealer, 1);
  return err ? err : dh_match_set_step(m, DH_STEP_DISCARD, m->dealer);
}

/* a lone maker: with LONE_DEFENDER each defender from the maker's left
** may play alone (var 1 set, its partner sitting out); var 2 remembers
** whether the turned card is to be picked up once they have spoken */
static int made(dh_match *m, int seat, int alone, int picked) {
  int err;
  if (!alone || !(m->rules->phase_flags & DH_PREFAB_LONE_DEFENDER)) return after_make(m, picked);
  err = dh_match_set_var(m, 2, picked);
  return err ? err : dh_match_set_step(m, DH_STEP_DEFEND, left(seat));
}

static int defend(dh_match *m, int seat, int move) {
  int err;
  if (move == DH_MOVE_DEFEND_ALONE) {
    err = dh_match_set_var(m, 1, 1);
    if (!err) err = dh_match_sit_out(m, dh_match_partner(m, seat));
    return err ? err : after_make(m, m->vars[2]);
  }
  if (left(seat) != m->declarer) return dh_match_set_turn(m, left(left(seat)));   /* the other defender */
  return after_make(m, m->vars[2]);
}

static int apply(dh_match *m, int move) {
  int seat = m->turn, dealer = m->dealer, err;
  if (m->step == DH_STEP_DEFEND) return defend(m, seat, move);
  if (move == DH_MOVE_PASS) {
    if (seat != dealer) return dh_match_set_turn(m, left(seat));
    /* the dealer passes: the second round, or the hand thrown in */
    if (m->step == DH_STEP_ORDER) return dh_match_set_step(m, DH_STEP_CALL, left(dealer));
    return dh_match_end_hand(m);
  }
  if (move >= DH_MOVE_DISCARD) {
    dh_card c = (dh_card)(move - DH_MOVE_DISCARD);
    err = dh_match_discard(m, seat, dh_set_of(c));
    return err ? err : dh_match_start_play(m, -1);
  }
  if (move >= DH_MOVE_CALL) {
    int alone = (move - DH_MOVE_CALL) & 1;
    err = make(m, seat, (move - DH_MOVE_CALL) / 2, alone);
    return err ? err : made(m, seat, alone, 0);
  }
  /* ordered up or picked up: the dealer takes the card and discards,
     unless the dealer's partner went alone (or, defending alone, sits out) */
  {
    int alone = move == DH_MOVE_ORDER_UP_ALONE || move == DH_MOVE_PICK_UP_ALONE;
    err = make(m, seat, turned_suit(m), alone);
    return err ? err : made(m, seat, alone, 1);
  }
}

static const char *check(const dh_rules *r) {
  int s;
  if (r->nseats != 4 || r->side_of[0] == r->side_of[1])
    return "the turned-card trump needs four seats, partners sitting across";
  for (s = 0; s < 4; s++)
    if (r->side_of[s] != r->side_of[(s + 2) & 3]) return "the turned-card trump needs four seats, partners sitting across";
  if (r->trump_mode != DH_TRUMP_SHOW_TOP) return "the turned-card trump needs the talon's top card shown (trump \"show_top\")";
  if (r->opener != 1) return "the turned-card trump opens left of the dealer";
  if (r->phase_flags & ~(DH_PREFAB_STICK | DH_PREFAB_KEEP_UPCARD | DH_PREFAB_LONE_DEFENDER))
    return "unknown options of the turned-card trump";
  return NULL;
}

const dh_prefab dh_prefab_turned_trump = { step_names, 4, moves, apply, check, NULL };
