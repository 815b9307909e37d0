/*
** fast_setup.c -- the fast search's state read from a match: whether its
** rules are the ones searched, the seats in play order, each suit's cards
** ranked by strength, and the transposition table given to the search.
*/
#include <string.h>

#include "rules_impl.h"
#include "fast_impl.h"

/* are the match's hand and play rules the ones searched here? */
static int rules_fit(const dh_match *m, int *trump) {
  const dh_rules *r = m->rules;
  const dh_rules_impl *x = dh_impl(r);
  const uint16_t follow = (uint16_t)(0x8000 | (1u << (DH_OP_FOLLOW_SUIT - DH_OP_FREE_PLAY)));
  const uint16_t brk = (uint16_t)(1u << (DH_OP_BREAK_SUIT - DH_OP_FREE_PLAY));
  if ((x->fast_ops & ~brk) != follow || r->draw) return 0;
  if (x->play_form == DH_PLAY_TRUMP_OR_LED) {
    *trump = m->trump < DH_NOSUIT ? m->trump : NONE;
    return 1;
  }
  if (x->play_form == DH_PLAY_CHAIN && x->nchain == 1 &&
      dh_rules_node(r, x->chain[0])->op == DH_OP_HIGHEST_OF_LED) {
    *trump = NONE;
    return 1;
  }
  return 0;
}

/* the seats in play order from the trick's leader; 0 when they do not
** go round as a cycle of at most four */
static int seats_fit(dh_fast *f, const dh_match *m) {
  int i, s = m->trick.n ? m->trick.seats[0] : m->turn;
  f->np = m->nplaying;
  if (f->np < 2 || f->np > 4) return 0;
  for (i = 0; i < f->np; i++) {
    if (m->out_mask >> s & 1) return 0;
    f->seat_of[i] = (uint8_t)s;
    s = m->next_seat[s];
  }
  if (s != f->seat_of[0]) return 0;
  for (i = 0; i < m->trick.n; i++)
    if (m->trick.seats[i] != f->seat_of[i]) return 0;
  return f->seat_of[m->trick.n] == m->turn;
}

/* the ranks: per suit, the cards in play ordered by strength (distinct,
** nonzero, 13 at most) */
static int ranks_fit(dh_fast *f, dh_cardset all, const dh_match *m) {
  int s, count[4] = { 0, 0, 0, 0 };
  uint8_t strength[4][16], pos[4][16];
  dh_cardset it;
  memset(f->bit_of, 255, sizeof f->bit_of);
  for (it = all; it; it &= it - 1) {
    int p = dh_set_first(it), suit = dh_match_suit(m, (dh_card)p), st = dh_match_strength(m, (dh_card)p);
    int k, j;
    if (suit < 0 || suit > 3 || st == 0 || count[suit] >= 13) return 0;
    if (!dh_set_has(dh_match_suit_cards(m, suit), (dh_card)p)) return 0;
    k = count[suit]++;
    for (j = k; j > 0 && strength[suit][j - 1] > st; j--) {   /* insertion by strength */
      strength[suit][j] = strength[suit][j - 1];
      pos[suit][j] = pos[suit][j - 1];
    }
    if (j > 0 && strength[suit][j - 1] == st) return 0;
    strength[suit][j] = (uint8_t)st;
    pos[suit][j] = (uint8_t)p;
  }
  for (s = 0; s < 4; s++) {
    int k;
    for (k = 0; k < count[s]; k++) f->bit_of[pos[s][k]] = (uint8_t)(16 * s + k);
  }
  return 1;
}

static uint64_t to_bits(const dh_fast *f, dh_cardset set) {
  uint64_t out = 0;
  for (; set; set &= set - 1) out |= UINT64_C(1) << f->bit_of[dh_set_first(set)];
  return out;
}

static void give_table(dh_fast *f, const dh_solve_opts *o) {
  fhead *h;
  size_t n = BUCKET;   /* at least one bucket: a probe scans a whole one */
  f->tt = NULL;
  if (!o->table || o->table_bytes < HEAD_ROOM + BUCKET * SLOT) return;
  while (HEAD_ROOM + n * 2 * SLOT <= o->table_bytes && n < ((size_t)1 << 26)) n *= 2;
  h = (fhead *)o->table;
  f->tt = (dh_fentry *)(void *)((char *)o->table + HEAD_ROOM);
  f->mask = (uint64_t)n - 1;
  f->dig = (uint32_t *)(void *)(f->tt + n);
  /* a table this code laid out at this size keeps its entries; any other
     memory is cleared once: its digests only (a slot whose digest is 0 is
     free, and its entry is never read), a tenth of the bytes */
  if (h->magic != (MAGIC ^ (uint64_t)(uintptr_t)o->table) || h->size != n) {
    memset(f->dig, 0, n * sizeof *f->dig);
    memset(h->last, 0, sizeof h->last);
    h->magic = MAGIC ^ (uint64_t)(uintptr_t)o->table;
    h->size = n;
  }
}

void dh_fast_forget(void *table, size_t bytes) {
  if (table) memset(table, 0, bytes < HEAD_ROOM ? bytes : HEAD_ROOM);   /* no header: cleared at next use */
}

/* what the table's entries are relative to: seats by their order among
** the seats playing (not by who leads this solve), and the coalition of
** the seat first in that order (its tricks are stored: the root team's
** are the rest when the root team is the other coalition), the trump */
static void context(dh_fast *f) {
  int x, y, mask = 0, first = 0;
  for (x = 0; x < f->np; x++) {
    int k = 0;
    for (y = 0; y < f->np; y++) k += f->seat_of[y] < f->seat_of[x];
    f->cidx[x] = (uint8_t)k;
    if (k == 0) first = x;
    if (f->max[x]) mask |= 1 << k;
  }
  f->flip = !f->max[first];
  if (f->flip) mask = ~mask & ((1 << f->np) - 1);
  f->ctx = (uint16_t)(f->trump | f->np << 3 | mask << 6);
}

/* the suit a leader may not lead yet (NONE: no such rule, or broken):
** searched only when the cards in play that would break it are exactly
** the suit's (a breaker of another suit, Hearts' queen of spades, would
** make it differ from a card beside it, which the equivalent cards and
** the table's patterns take for the same) */
static int lock_fit(const dh_match *m, dh_cardset all, int *lock) {
  const dh_rules_impl *x = dh_impl(m->rules);
  *lock = NONE;
  if (!DH_FAST(x, DH_OP_BREAK_SUIT) || (m->played & x->fast_break)) return 1;
  if ((x->fast_break & all) != (dh_match_suit_cards(m, x->fast_break_suit) & all)) return 0;
  *lock = x->fast_break_suit;
  return 1;
}

int dh_fast_setup(dh_fast *f, const dh_match *m, const dh_solve_opts *o) {
  dh_cardset all = 0;
  int i, trump, len;
  if (o->objective != DH_SOLVE_TRICKS || m->phase != DH_PHASE_PLAY) return 0;
  memset(f, 0, sizeof *f);
  if (!rules_fit(m, &trump) || !seats_fit(f, m)) return 0;
  for (i = 0; i < f->np; i++) all |= m->hand[f->seat_of[i]];
  for (i = 0; i < m->trick.n; i++) all |= dh_set_of(m->trick.cards[i]);
  if (!ranks_fit(f, all, m) || !lock_fit(m, all, &f->lock)) return 0;
  f->trump = trump;
  f->n = m->trick.n;
  f->turn = m->trick.n;
  len = dh_set_count(m->hand[m->turn]);
  f->left = len;
  if (len == 0) return 0;
  for (i = 0; i < f->np; i++) {
    int s = f->seat_of[i];
    f->hand[i] = to_bits(f, m->hand[s]);
    f->max[i] = m->team[s] == m->team[m->turn];
    if (dh_set_count(m->hand[s]) != len - (i < f->n)) return 0;
  }
  f->led = f->wseat = f->wsuit = f->wrank = 0;
  for (i = 0; i < m->trick.n; i++) {
    int b = f->bit_of[m->trick.cards[i] & 63], s = b >> 4, r = b & 15;
    f->intrick |= UINT64_C(1) << b;
    if (i == 0 || beats(f, s, r)) { f->wseat = i; f->wsuit = s; f->wrank = r; }
    if (i == 0) f->led = s;
  }
  context(f);
  memset(f->killer, -1, sizeof f->killer);
  f->guess = o->guess > 0 ? o->guess - 1 : -1;
  f->max_nodes = o->max_nodes;
  f->deadline = 0;   /* solve.c's, once the search is chosen */
  f->look_at = 0;    /* a look at the first node */
  give_table(f, o);
  return 1;
}
