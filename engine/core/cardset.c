/*
** cardset.c -- strength orders over card sets.
*/
#include <string.h>

#include "cardset.h"

#define ALL_LANES UINT64_C(0x0001000100010001)

/* the slot holding rank r (first copy) in any layout */
static int slot_of_rank(int r) { return r - 2; }

static void order_finish(dh_order *o) {
  int strength, slot, n = 0;
  for (strength = 16; strength >= 1; strength--)
    for (slot = 15; slot >= 0; slot--)  /* first copies (higher slots) first */
      if (o->strength[slot] == strength) o->by_strength[n++] = (uint8_t)slot;
  o->n = (uint8_t)n;
}

int dh_order_from_ranks(dh_order *o, const int *ranks, int n, int layout) {
  int i;
  memset(o, 0, sizeof *o);
  if (n < 1 || n > 13) return 0;
  for (i = 0; i < n; i++) {
    int r = ranks[i], s, strength = n - i;
    if (r < 2 || r > 14) return 0;
    s = slot_of_rank(r);
    if (o->strength[s]) return 0;  /* repeated */
    o->strength[s] = (uint8_t)strength;
    if (layout == DH_LAYOUT_DOUBLE && r >= 9) o->strength[r - 9] = (uint8_t)strength;
  }
  order_finish(o);
  o->natural = 0;
  return 1;
}

void dh_order_natural(dh_order *o, int layout) {
  int slot;
  memset(o, 0, sizeof *o);
  for (slot = 0; slot <= 12; slot++) o->strength[slot] = (uint8_t)(slot + 1);
  if (layout == DH_LAYOUT_DOUBLE)
    for (slot = 0; slot < 6; slot++) o->strength[slot] = (uint8_t)(slot + 7 + 1);
  order_finish(o);
  o->natural = layout == DH_LAYOUT_STANDARD;
}

int dh_set_highest(dh_cardset s, const dh_order *o) {
  int i;
  s &= ~DH_JOKERS;
  if (s == 0) return -1;
  if (o->natural) {  /* fold the lanes, take the top slot, then its lowest lane */
    unsigned m = (unsigned)((s | s >> 16 | s >> 32 | s >> 48) & 0xFFFF);
    int slot = 31 - __builtin_clz(m);
    return __builtin_ctzll(s & (ALL_LANES << slot));
  }
  for (i = 0; i < o->n; i++) {
    dh_cardset hit = s & (ALL_LANES << o->by_strength[i]);
    if (hit) return __builtin_ctzll(hit);
  }
  return -1;
}

int dh_set_lowest(dh_cardset s, const dh_order *o) {
  int i;
  s &= ~DH_JOKERS;
  if (s == 0) return -1;
  if (o->natural) {
    unsigned m = (unsigned)((s | s >> 16 | s >> 32 | s >> 48) & 0xFFFF);
    int slot = __builtin_ctz(m);
    return __builtin_ctzll(s & (ALL_LANES << slot));
  }
  for (i = o->n - 1; i >= 0; i--) {
    dh_cardset hit = s & (ALL_LANES << o->by_strength[i]);
    if (hit) return __builtin_ctzll(hit);
  }
  return -1;
}
