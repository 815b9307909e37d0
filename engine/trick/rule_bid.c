/*
** rule_bid.c -- bid rules: may this seat bid this, and which bids may it
** make?
*/
#include "rules_impl.h"

static int eval(const dh_position *p, int i, int seat, int bid, int *err) {
  const dh_rules *r = p->rules;
  const dh_node *n = dh_rules_node(r, i);
  switch (n->op) {
    case DH_OP_AND:
      return eval(p, n->a, seat, bid, err) && !*err && eval(p, n->b, seat, bid, err);
    case DH_OP_OR:
      return eval(p, n->a, seat, bid, err) || (!*err && eval(p, n->b, seat, bid, err));
    case DH_OP_NOT:
      return !eval(p, n->a, seat, bid, err);
    case DH_OP_BID_RANGE: {
      int max = n->u.bid_range.max < 0 ? p->hand_size : n->u.bid_range.max;
      if (bid == 0 && n->u.bid_range.nil) return 1;
      return bid >= 0 && bid >= n->u.bid_range.min && bid <= max;
    }
    case DH_OP_BLIND_NIL:
      return bid == DH_BID_BLIND_NIL;
    case DH_OP_HOOK: {
      int s, total = bid > 0 ? bid : 0;
      for (s = 0; s < p->nseats; s++) {
        if (s == seat || (p->out_mask >> s & 1)) continue;   /* (a seat sitting out bids not) */
        if (p->bid[s] == DH_NO_BID) return 1;  /* not the last to bid */
        if (p->bid[s] > 0) total += p->bid[s];
      }
      return total != p->hand_size;
    }
    case DH_OP_CALL: {
      int32_t ok = 0;
      if (r->call(r->call_ud, n->u.call, DH_RULE_BID, p, seat, bid, &ok)) { *err = 1; return 0; }
      return ok != 0;
    }
    default:
      return 0;
  }
}

int dh_bid_allowed(const dh_position *p, int seat, int bid, int *ok) {
  int err = 0;
  *ok = 0;
  if ((unsigned)seat >= p->nseats) return DH_E_BAD_SEAT;
  *ok = eval(p, dh_rules_root(p->rules, DH_RULE_BID), seat, bid, &err);
  return err ? DH_E_RULE : DH_OK;
}

int dh_bid_list(const dh_position *p, int *out, int room) {
  int b, n = 0, ok, lo, hi, nil;
  if (dh_bid_range_of(p, &lo, &hi, &nil)) {  /* no need to ask */
    if (nil && n < room) out[n++] = 0;
    for (b = lo; b <= hi && n < room; b++) out[n++] = b;
    return n;
  }
  for (b = DH_BID_BLIND_NIL; b <= p->hand_size && n < room; b++) {
    if (dh_bid_allowed(p, p->turn, b, &ok)) return -1;
    if (ok) out[n++] = b;
  }
  return n;
}
