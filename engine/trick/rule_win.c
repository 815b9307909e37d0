/*
** rule_win.c -- win rules: is the match over, and who won?
**
** Each node looks at the totals after a hand has been scored and answers
** "not yet", or "over" with the winning sides as a bit mask (several
** sides: a shared win, a draw).  OR takes the first child that ends the
** match; AND ends it when both children do, with the first one's winners.
*/
#include "rules_impl.h"

/* the sides holding the best score (highest, or lowest with low) among mask */
static int best_sides(const int32_t *score, int nsides, int low, int mask) {
  int s, out = 0, found = 0;
  int32_t best = 0;
  for (s = 0; s < nsides; s++) {
    if (!((mask >> s) & 1)) continue;
    if (!found || (low ? score[s] < best : score[s] > best)) { best = score[s]; out = 0; found = 1; }
    if (score[s] == best) out |= 1 << s;
  }
  return out;
}

static int popcount(int x) { return __builtin_popcount((unsigned)x); }

static int eval(const dh_position *p, int i, const int32_t *score, int *winners, int *err) {
  const dh_rules *r = p->rules;
  const dh_node *n = dh_rules_node(r, i);
  int all = (1 << r->nsides) - 1, s, hit = 0;
  switch (n->op) {
    case DH_OP_OR:
      if (eval(p, n->a, score, winners, err)) return 1;
      return !*err && eval(p, n->b, score, winners, err);
    case DH_OP_AND: {
      int w2;
      if (!eval(p, n->a, score, winners, err)) return 0;
      return !*err && eval(p, n->b, score, &w2, err);
    }
    case DH_OP_FIRST_TO:
      for (s = 0; s < r->nsides; s++) hit |= score[s] >= n->u.first_to;
      if (!hit) return 0;
      *winners = best_sides(score, r->nsides, 0, all);
      return popcount(*winners) == 1;  /* a tie at the top plays on */
    case DH_OP_LOWEST_WHEN:
      for (s = 0; s < r->nsides; s++) hit |= score[s] >= n->u.lowest_when;
      if (!hit) return 0;
      *winners = best_sides(score, r->nsides, 1, all);
      return 1;
    case DH_OP_HIGHEST_AFTER: {
      int last = n->u.highest_after > 0 ? n->u.highest_after : r->nsizes;
      if (p->hand_no + 1 < last) return 0;
      *winners = best_sides(score, r->nsides, r->low_wins, all);
      return 1;
    }
    case DH_OP_LOSS_FLOOR: {
      int above = 0;
      for (s = 0; s < r->nsides; s++) {
        if (score[s] <= n->u.loss_floor) hit = 1;
        else above |= 1 << s;
      }
      if (!hit) return 0;
      *winners = above ? best_sides(score, r->nsides, 0, above) : 0;
      return 1;
    }
    case DH_OP_CALL: {
      int32_t out[2 + DH_MAX_SEATS] = { 0 };
      for (s = 0; s < r->nsides; s++) out[2 + s] = score[s];  /* the totals, for the rule to see */
      if (r->call(r->call_ud, n->u.call, DH_RULE_WIN, p, r->nsides, 0, out)) { *err = 1; return 0; }
      *winners = out[1] & all;
      return out[0] != 0;
    }
    default:
      return 0;
  }
}

int dh_win_eval(const dh_position *p, const int32_t *score, int *over, int *winners) {
  int err = 0;
  *winners = 0;
  *over = eval(p, dh_rules_root(p->rules, DH_RULE_WIN), score, winners, &err);
  return err ? DH_E_RULE : DH_OK;
}
