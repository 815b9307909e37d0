/*
** capture.c -- Scopa's capture sets by a depth-first walk over the table's
** cards in position order, each taken or left, pruned once the sum passes
** the target.  Values are at least 1 and a target at most 10, so a set
** holds at most ten cards and the walk stays small whatever the table.
*/
#include "capture.h"

/* the Italian deck's cards: A 2..7 J Q K in every suit */
#define ITALIAN_LANE   UINT64_C(0x1E3F)   /* slots 0..5 (2..7), 9..12 (J Q K A) */
#define ITALIAN40      (ITALIAN_LANE * UINT64_C(0x0001000100010001))

int dh_scopa_value(dh_card c) {
  int r;
  if (!dh_set_has(ITALIAN40, c) || (c & ~63)) return 0;
  r = dh_card_rank(c);
  if (r == DH_RANK_ACE) return 1;
  return r <= 7 ? r : r - 3;     /* J 11 -> 8, Q 12 -> 9, K 13 -> 10 */
}

typedef struct walk {
  int pos[40], val[40], n;
  dh_cardset *out;
  int max, count;
} walk;

static void sums_from(walk *w, int i, int left, dh_cardset chosen) {
  if (left == 0) {
    if (w->count < w->max) w->out[w->count] = chosen;
    w->count++;
    return;
  }
  for (; i < w->n; i++)
    if (w->val[i] <= left) sums_from(w, i + 1, left - w->val[i], chosen | UINT64_C(1) << w->pos[i]);
}

int dh_scopa_sums(dh_cardset table, int value, dh_cardset *out, int max) {
  walk w;
  if (table & ~ITALIAN40) return -1;
  w.n = 0;
  for (; table; table &= table - 1) {
    w.pos[w.n] = dh_set_first(table);
    w.val[w.n] = dh_scopa_value((dh_card)w.pos[w.n]);
    w.n++;
  }
  w.out = out;
  w.max = max < 0 ? 0 : max;
  w.count = 0;
  if (value >= 1) sums_from(&w, 0, value, 0);
  return w.count;
}

int dh_scopa_captures(dh_cardset table, int value, dh_cardset *out, int max) {
  dh_cardset it;
  int count = 0;
  if (table & ~ITALIAN40) return -1;
  for (it = table; it; it &= it - 1)
    if (dh_scopa_value((dh_card)dh_set_first(it)) == value) {
      if (count < max) out[count] = it & -it;
      count++;
    }
  if (count > 0) return count;
  return dh_scopa_sums(table, value, out, max);
}
