/*
** rule_points.c -- points rules: what did this hand score?
**
** Points come out per side (a side is a partnership, or a seat when there
** are none).  The contract prefab also keeps each side's bags, which live
** in the match state: they are counted, never derived from the score.
*/
#include <string.h>

#include "match.h"

/* per-seat card points, the moon applied */
static void card_points(const dh_match *m, const dh_node *n, int32_t *seat_pts) {
  const dh_rules *r = m->rules;
  dh_cardset positive = 0, it;
  int s, total = 0;
  for (it = r->deck_set; it; it &= it - 1) {
    int pos = dh_set_first(it);
    if (n->values[pos] > 0) { positive |= UINT64_C(1) << pos; total += n->values[pos]; }
  }
  for (s = 0; s < m->nseats; s++) {
    int32_t p = 0;
    for (it = m->taken[s]; it; it &= it - 1) p += n->values[dh_set_first(it)];
    seat_pts[s] = p;
  }
  if (n->p[1] && m->last_winner < m->nseats) seat_pts[m->last_winner] += n->p[1];
  if (n->p[0] == DH_MOON_NONE || !positive) return;
  for (s = 0; s < m->nseats; s++) {
    if ((m->taken[s] & positive) != positive) continue;
    /* seat s shot the moon: its positive points go to the others (or count against it) */
    if (n->p[0] == DH_MOON_OTHERS) {
      int o;
      seat_pts[s] -= total;
      for (o = 0; o < m->nseats; o++) if (o != s) seat_pts[o] += total;
    } else {
      seat_pts[s] -= 2 * total;
    }
    break;
  }
}

static void exact_bid(const dh_match *m, const dh_node *n, int32_t *seat_pts) {
  int s;
  for (s = 0; s < m->nseats; s++) {
    int bid = m->bid[s] < 0 ? 0 : m->bid[s], got = m->tricks[s];
    int miss = got > bid ? got - bid : bid - got;
    seat_pts[s] = miss ? n->p[2] * miss : n->p[0] + n->p[1] * bid;
  }
}

/*
** A side's contract is the sum of its non-Nil bids, made with the tricks
** of its non-Nil players: p[0] per bid trick and p[1] per overtrick (each
** a bag), or -p[2] per bid trick when set.  A Nil scores +-p[3] (blind
** Nil +-p[4]) on whether its player took no trick; its tricks are bags,
** or with p[7] count toward the partner's contract.  Every p[5] bags
** (p[5] = 0: no bags) cost p[6] and are removed.
*/
static void contract(const dh_match *m, const dh_node *n, int32_t *pts, int32_t *bags) {
  const dh_rules *r = m->rules;
  int side, s;
  for (side = 0; side < r->nsides; side++) {
    int32_t p = 0, made = 0, bid = 0, extra = 0;
    for (s = 0; s < m->nseats; s++) {
      int b = m->bid[s];
      if (r->side_of[s] != side) continue;
      if (b == 0 || b == DH_BID_BLIND_NIL) {
        int32_t v = b == 0 ? n->p[3] : n->p[4];
        p += m->tricks[s] == 0 ? v : -v;
        if (n->p[7]) made += m->tricks[s];
        else extra += m->tricks[s];
      } else if (b > 0) {
        bid += b;
        made += m->tricks[s];
      }
    }
    if (bid > 0 && made >= bid) {
      p += n->p[0] * bid + n->p[1] * (made - bid);
      extra += made - bid;
    } else if (bid > 0) {
      p -= n->p[2] * bid;
    } else {
      extra += made;
    }
    if (n->p[5] > 0) {
      bags[side] += extra;
      while (bags[side] >= n->p[5]) { p -= n->p[6]; bags[side] -= n->p[5]; }
    }
    pts[side] += p;
  }
}

static void to_sides(const dh_match *m, const int32_t *seat_pts, int32_t *pts) {
  int s;
  for (s = 0; s < m->nseats; s++) pts[m->rules->side_of[s]] += seat_pts[s];
}

/* adds node i's points into pts (per side); bags updated in place */
static int eval(const dh_match *m, int i, int32_t *pts, int32_t *bags) {
  const dh_rules *r = m->rules;
  const dh_node *n = &r->nodes[i];
  int32_t seat_pts[DH_MAX_SEATS] = { 0 };
  int s;
  switch (n->op) {
    case DH_OP_SUM: case DH_OP_AND: case DH_OP_OR:
      return eval(m, n->a, pts, bags) || eval(m, n->b, pts, bags);
    case DH_OP_CARD_POINTS: card_points(m, n, seat_pts); to_sides(m, seat_pts, pts); return 0;
    case DH_OP_EXACT_BID: exact_bid(m, n, seat_pts); to_sides(m, seat_pts, pts); return 0;
    case DH_OP_TRICKS:
      for (s = 0; s < m->nseats; s++) seat_pts[s] = n->p[0] * m->tricks[s];
      to_sides(m, seat_pts, pts);
      return 0;
    case DH_OP_CONTRACT: contract(m, n, pts, bags); return 0;
    case DH_OP_CALL: {
      int32_t out[2 * DH_MAX_SEATS] = { 0 };
      memcpy(out + DH_MAX_SEATS, bags, sizeof(int32_t) * DH_MAX_SEATS);
      if (r->call(r->call_ud, i, DH_RULE_POINTS, m, r->nsides, 0, out)) return 1;
      for (s = 0; s < r->nsides; s++) { pts[s] += out[s]; bags[s] = out[DH_MAX_SEATS + s]; }
      return 0;
    }
    default:
      return 0;
  }
}

int dh_points_eval(const dh_match *m, int32_t *points, int32_t *bags) {
  memset(points, 0, sizeof(int32_t) * DH_MAX_SEATS);
  memcpy(bags, m->bags, sizeof(int32_t) * DH_MAX_SEATS);
  return eval(m, m->rules->root[DH_RULE_POINTS], points, bags) ? DH_E_RULE : DH_OK;
}
