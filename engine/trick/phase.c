/*
** phase.c -- prefab phases: the checks every prefab shares, then its own
** functions (phase_impl.h).
*/
#include <stddef.h>

#include "phase_impl.h"

/* by DH_PREFAB_*: NULL for none */
static const dh_prefab *const prefabs[DH_PREFAB_NKINDS] = { NULL, &dh_prefab_turned_trump,
                                                            &dh_prefab_auction,
                                                            &dh_prefab_skat_bidding };

/* the prefab acting in m, or NULL */
static const dh_prefab *acting(const dh_match *m) {
  unsigned k = m->rules->phase;
  if (m->phase != DH_PHASE_SCRIPT || k >= DH_PREFAB_NKINDS) return NULL;
  return prefabs[k];
}

int dh_phase_moves(const dh_match *m, int *out) {
  const dh_prefab *p = acting(m);
  return p ? p->moves(m, out) : 0;
}

int dh_phase_pick(const dh_match *m, dh_rng *r) {
  int list[DH_PHASE_MAX_MOVES], n = dh_phase_moves(m, list);
  if (n <= 0) return -1;
  return list[dh_rng_below(r, (uint32_t)n)];
}

int dh_phase_apply(dh_match *m, int seat, int move) {
  const dh_prefab *p = acting(m);
  int list[DH_PHASE_MAX_MOVES], n, i;
  if (m->phase == DH_PHASE_OVER) return DH_E_GAME_OVER;
  if (!p) return DH_E_WRONG_PHASE;
  if (seat != dh_match_next(m)) return DH_E_NOT_YOUR_TURN;
  n = p->moves(m, list);
  for (i = 0; i < n; i++)
    if (list[i] == move) return p->apply(m, move);
  return DH_E_ILLEGAL_MOVE;
}

int dh_phase_apply_legal(dh_match *m, int move) {
  const dh_prefab *p = acting(m);
  return p ? p->apply(m, move) : DH_E_WRONG_PHASE;
}

int dh_phase_start(dh_match *m) {
  const dh_prefab *p = acting(m);
  return p && p->start ? p->start(m) : DH_OK;
}

const char *dh_phase_name(const dh_rules *r, int step) {
  const dh_prefab *p = r->phase < DH_PREFAB_NKINDS ? prefabs[r->phase] : NULL;
  if (!p || step < 1 || step > p->nsteps) return NULL;
  return p->steps[step - 1];
}

const char *dh_phase_check(const dh_rules *r) {
  if (r->phase >= DH_PREFAB_NKINDS || !prefabs[r->phase]) return "no such prefab phase";
  if (r->draw) return "a phase script with drawing from the talon";
  return prefabs[r->phase]->check(r);
}
