/*
** rule_points.c -- points rules: what did this hand score?
**
** Points come out per side (a side is a partnership, or a seat when there
** are none).  The contract prefab also keeps each side's bags, which live
** in the match state: they are counted, never derived from the score.
**
** Parameters are any 32-bit values, so the sums are taken in 64 bits and
** clamped to 32 (a prefab's part, the bags, each side's total): a hand's
** points saturate, they never wrap.
*/
#include <string.h>

#include "rules_impl.h"

/* per-seat card points, the moon applied */
static void card_points(const dh_position *p, const dh_card_points_opts *o, int64_t *seat_pts) {
  dh_cardset positive = 0, it;
  int s;
  int64_t total = 0;
  for (it = p->rules->deck_set; it; it &= it - 1) {
    int pos = dh_set_first(it);
    if (o->values[pos] > 0) { positive |= UINT64_C(1) << pos; total += o->values[pos]; }
  }
  for (s = 0; s < p->nseats; s++) {
    int64_t sum = 0;
    for (it = p->taken[s]; it; it &= it - 1) sum += o->values[dh_set_first(it)];
    seat_pts[s] = sum;
  }
  if (o->last_trick && p->last_winner < p->nseats) seat_pts[p->last_winner] += o->last_trick;
  if (o->moon == DH_MOON_NONE || !positive) return;
  for (s = 0; s < p->nseats; s++) {
    if ((p->taken[s] & positive) != positive) continue;
    /* seat s shot the moon: its positive points go to the others (or count against it) */
    if (o->moon == DH_MOON_OTHERS) {
      int t;
      seat_pts[s] -= total;
      for (t = 0; t < p->nseats; t++) if (t != s) seat_pts[t] += total;
    } else {
      seat_pts[s] -= 2 * total;
    }
    break;
  }
}

static void exact_bid(const dh_position *p, const dh_exact_bid_opts *o, int64_t *seat_pts) {
  int s;
  for (s = 0; s < p->nseats; s++) {
    int bid = p->bid[s] < 0 ? 0 : p->bid[s], got = p->tricks[s];
    int miss = got > bid ? got - bid : bid - got;
    seat_pts[s] = miss ? (int64_t)o->miss * miss : o->base + (int64_t)o->per_bid * bid;
  }
}

/* Whist's odd tricks and honours, per side (dh_odd_tricks_opts in rules.h) */
static void odd_tricks(const dh_position *p, const dh_odd_tricks_opts *o, int64_t *pts) {
  const dh_rules *r = p->rules;
  int64_t tricks[DH_MAX_SEATS] = { 0 };
  int held[DH_MAX_SEATS] = { 0 }, s;
  for (s = 0; s < p->nseats; s++) {
    dh_cardset it;
    tricks[r->side_of[s]] += p->tricks[s];
    if (!o->honours || p->trump > 3) continue;
    for (it = p->played_by[s]; it; it &= it - 1) {
      dh_card c = (dh_card)dh_set_first(it);
      if (dh_card_suit(c) == p->trump && dh_card_rank(c) >= 11) held[r->side_of[s]]++;
    }
  }
  for (s = 0; s < r->nsides; s++) {
    pts[s] += tricks[s] > o->book ? tricks[s] - o->book : 0;
    if (held[s] == 4) pts[s] += 4;
    else if (held[s] == 3) pts[s] += 2;
  }
}

/* the makers' side against the rest (dh_makers_opts in rules.h) */
static void makers(const dh_position *p, const dh_makers_opts *o, int64_t *pts) {
  const dh_rules *r = p->rules;
  int s, side, got = 0, all = 0;
  if (p->declarer >= p->nseats) return;
  side = r->side_of[p->declarer];
  for (s = 0; s < p->nseats; s++) {
    all += p->tricks[s];
    if (p->team[s] == p->team[p->declarer]) got += p->tricks[s];
  }
  if (got >= all && all > 0) pts[side] += p->out_mask ? o->alone_march : o->march;
  else if (got >= o->need) pts[side] += o->made;
  else {
    int alone = 0;   /* a defender sat out: the other defended alone */
    for (s = 0; s < p->nseats; s++) alone |= (p->out_mask >> s & 1) && r->side_of[s] != side;
    for (s = 0; s < r->nsides; s++)
      if (s != side) pts[s] += alone && o->alone_euchred ? o->alone_euchred : o->euchred;
  }
}

/* the contract of every side (dh_contract_opts in rules.h says how) */
static void contract(const dh_position *p, const dh_contract_opts *o, int64_t *pts, int32_t *bags) {
  const dh_rules *r = p->rules;
  int side, s;
  for (side = 0; side < r->nsides; side++) {
    int64_t sum = 0, made = 0, bid = 0, extra = 0, held;
    for (s = 0; s < p->nseats; s++) {
      int b = p->bid[s];
      if (r->side_of[s] != side) continue;
      if (b == 0 || b == DH_BID_BLIND_NIL) {
        int64_t v = b == 0 ? o->nil : o->blind_nil;
        sum += p->tricks[s] == 0 ? v : -v;
        if (o->nil_tricks_to_partner) made += p->tricks[s];
        else extra += p->tricks[s];
      } else if (b > 0) {
        bid += b;
        made += p->tricks[s];
      }
    }
    if (bid > 0 && made >= bid) {
      sum += o->per_trick * bid + o->overtrick * (made - bid);
      extra += made - bid;
    } else if (bid > 0) {
      sum -= o->set * bid;
    } else {  /* every seat of the side bid Nil: what they took (counted to a
                 partner only with nil_tricks_to_partner) is all overtricks */
      sum += o->overtrick * made;
      extra += made;
    }
    if (o->bags > 0) {  /* every `bags` bags cost the penalty once */
      held = (int64_t)bags[side] + extra;
      if (held >= o->bags) {
        sum -= (held / o->bags) * o->bag_penalty;
        held %= o->bags;
      }
      bags[side] = dh_points_clamp(held);
    }
    pts[side] += dh_points_clamp(sum);
  }
}

static void to_sides(const dh_position *p, const int64_t *seat_pts, int64_t *pts) {
  int s;
  for (s = 0; s < p->nseats; s++) pts[p->rules->side_of[s]] += seat_pts[s];
}

/* adds node i's points into pts (per side); bags updated in place */
static int eval(const dh_position *p, int i, int64_t *pts, int32_t *bags) {
  const dh_rules *r = p->rules;
  const dh_node *n = dh_rules_node(r, i);
  int64_t seat_pts[DH_MAX_SEATS] = { 0 };
  int s;
  switch (n->op) {
    case DH_OP_SUM:
      return eval(p, n->a, pts, bags) || eval(p, n->b, pts, bags);
    case DH_OP_CARD_POINTS: card_points(p, &n->u.card_points, seat_pts); to_sides(p, seat_pts, pts); return 0;
    case DH_OP_EXACT_BID: exact_bid(p, &n->u.exact_bid, seat_pts); to_sides(p, seat_pts, pts); return 0;
    case DH_OP_TRICKS:
      for (s = 0; s < p->nseats; s++) seat_pts[s] = (int64_t)n->u.tricks * p->tricks[s];
      to_sides(p, seat_pts, pts);
      return 0;
    case DH_OP_CONTRACT: contract(p, &n->u.contract, pts, bags); return 0;
    case DH_OP_MAKERS: makers(p, &n->u.makers, pts); return 0;
    case DH_OP_ODD_TRICKS: odd_tricks(p, &n->u.odd_tricks, pts); return 0;
    case DH_OP_DUPLICATE: dh_duplicate_points(p, pts); return 0;
    case DH_OP_SKAT_VALUE: dh_skat_value(p, pts); return 0;
    case DH_OP_CALL: {
      int32_t out[2 * DH_MAX_SEATS] = { 0 };
      memcpy(out + DH_MAX_SEATS, bags, sizeof(int32_t) * DH_MAX_SEATS);
      if (r->call(r->call_ud, n->u.call, DH_RULE_POINTS, p, r->nsides, 0, out)) return 1;
      for (s = 0; s < r->nsides; s++) { pts[s] += out[s]; bags[s] = out[DH_MAX_SEATS + s]; }
      return 0;
    }
    default:
      return 0;
  }
}

int dh_points_eval(const dh_position *p, int32_t *points, int32_t *bags) {
  int64_t pts[DH_MAX_SEATS] = { 0 };
  int s;
  memcpy(bags, p->bags, sizeof(int32_t) * DH_MAX_SEATS);
  if (eval(p, dh_rules_root(p->rules, DH_RULE_POINTS), pts, bags)) return DH_E_RULE;
  for (s = 0; s < DH_MAX_SEATS; s++) points[s] = dh_points_clamp(pts[s]);
  return DH_OK;
}
