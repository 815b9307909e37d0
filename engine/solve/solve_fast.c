/*
** solve_fast.c -- a double-dummy search for the common trick game
** (follow suit, optional trump, a suit not led until broken (Spades),
** four seats or fewer, tricks counted),
** with the techniques the published descriptions of DDS (Bo Haglund's
** double-dummy solver) name, written here afresh:
**
**  - a boolean search per target ("does the team take t tricks?"), the
**    value found by bisection on t (zero-window search);
**  - equivalent cards: a run of one seat's cards of a suit with no other
**    card still in play between them is one move;
**  - a transposition table at trick starts keyed on the suit lengths and
**    the seat to lead, each entry holding bounds on the tricks still to
**    come for every position whose cards that mattered (DDS's winning
**    ranks) are held as in the one searched;
**  - bounds before any move is tried: the quick tricks the leader or its
**    partner can cash at once (or both, when no opponent can ruff), sure
**    top trumps, whether the leader's team can take every trick left
**    (in notrump) or the other team has a sure trick with a lower trump
**    (DDS's later tricks), the second hand's sure trick and the
**    winner's quick tricks after it;
**  - a seat's lower cards of a suit skipped once a card below every card
**    that mattered has failed (winning ranks applied to moves);
**  - move ordering: the table's best lead first, then leads in the
**    suits the opponents hold fewest cards of (fewer answers, a smaller
**    subtree), cheap winners, low cards on a partner's trick, sure
**    tricks cashed.
**
** The state is a few words (solve_impl.h) changed and restored in place:
** nothing is allocated or copied per node.
*/
#include <string.h>

#if defined(__BMI2__) || defined(__AVX2__)
#include <immintrin.h>
#endif

#include "rules_impl.h"
#include "solve_impl.h"

#define LANE 0xFFFFu
#define NONE 4
/* a lead's worth lost per card the opponents hold in its suit (a lead's
** worth by kind of lead is 16 a step, 80..1120): the lengths decide
** first (160, 80 and 320 within 8% of each other, 0 2.4x the nodes) */
#define OPP_CARD 160

/* a table entry, for the positions at a trick start with the same suit
** lengths in each hand (dist) and leader whose top cards of each suit,
** down to the lowest that mattered, are held by the same seats: a lane
** of 16 bits a suit, bit k for its k-th lowest card left, the cards that
** must match in `care` and their seats' two bits in planes p0, p1 (one
** mask and compare for all four suits); bounds on the tricks the root
** team takes from there, and the best lead found */
struct dh_fentry {
  uint64_t dist, care, p0, p1;
  int8_t lo, hi;          /* for the coalition the context names */
  uint16_t tag;           /* the leader (2 bits) and the context */
  uint8_t best;
};
/* the entries one set of suit lengths and leader may hold: many
** patterns share them, and more entries a bucket means fewer nodes
** (docs/performance.md); the digests (below) keep a scan of many cheap.
** A multiple of 8 (digests are compared 8 at a time) */
#define BUCKET 256

/* the table's first bytes: that this code laid it out (else it is
** cleared once).  An entry holds for every position of the same context
** matching its pattern, whatever deal or solve it came from, so entries
** are kept from solve to solve (the four leaders of a deal share them). */
typedef struct fhead { uint64_t magic, size; } fhead;
#define HEAD_ROOM 64
/* an entry and its digest (below) */
#define SLOT (sizeof(dh_fentry) + sizeof(uint32_t))
#define MAGIC UINT64_C(0x64685F6661737432)

static inline unsigned lane(uint64_t set, int s) { return (unsigned)(set >> (16 * s)) & LANE; }
static inline int top_bit(unsigned x) { return 31 - __builtin_clz(x); }

/* the bits of x where mask has ones, packed low (pext) */
static inline unsigned pack(unsigned x, unsigned mask) {
#if defined(__BMI2__)
  return _pext_u32(x, mask);
#else
  unsigned out = 0, k = 1;
  for (; mask; mask &= mask - 1, k <<= 1)
    if (x & mask & (0u - mask)) out |= k;
  return out;
#endif
}

/* the rank of the j-th lowest card of `in` (pdep) */
static inline int select_rank(unsigned in, int j) {
#if defined(__BMI2__)
  return __builtin_ctz(_pdep_u32(1u << j, in));
#else
  while (j--) in &= in - 1;
  return __builtin_ctz(in);
#endif
}

static uint64_t mix(uint64_t x) {
  x ^= x >> 31;
  x *= UINT64_C(0x9E3779B97F4A7C15);
  x ^= x >> 29;
  return x;
}

/* ----------------------------------------------------------------- setup */

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

static int beats(const dh_fast *f, int s, int r) {
  return s == f->wsuit ? r > f->wrank : s == f->trump;
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
  f->guess = o->guess > 0 ? o->guess - 1 : -1;
  f->max_nodes = o->max_nodes;
  give_table(f, o);
  return 1;
}

/* ---------------------------------------------------------- make, unmake */

typedef struct undo { int wseat, wsuit, wrank, led, turn, n, left, lock; uint64_t intrick; } undo;

/* plays card bit b of the seat to move; the trick (1) when it ends won
** by the root team */
static int make(dh_fast *f, int b, undo *u) {
  int me = f->turn, s = b >> 4, r = b & 15, w;
  u->wseat = f->wseat, u->wsuit = f->wsuit, u->wrank = f->wrank, u->led = f->led;
  u->turn = me, u->n = f->n, u->left = f->left, u->intrick = f->intrick, u->lock = f->lock;
  f->hand[me] &= ~(UINT64_C(1) << b);
  if (s == f->lock) f->lock = NONE;   /* broken */
  if (f->n == 0) {
    f->led = s, f->wseat = me, f->wsuit = s, f->wrank = r;
  } else if (beats(f, s, r)) {
    f->wseat = me, f->wsuit = s, f->wrank = r;
  }
  if (++f->n < f->np) {
    f->intrick |= UINT64_C(1) << b;
    f->turn = me + 1 == f->np ? 0 : me + 1;
    return 0;
  }
  w = f->wseat;
  f->n = 0;
  f->intrick = 0;
  f->left--;
  f->turn = w;
  return f->max[w];
}

static void unmake(dh_fast *f, int b, const undo *u) {
  f->hand[u->turn] |= UINT64_C(1) << b;
  f->wseat = u->wseat, f->wsuit = u->wsuit, f->wrank = u->wrank, f->led = u->led;
  f->turn = u->turn, f->n = u->n, f->left = u->left, f->intrick = u->intrick, f->lock = u->lock;
}

/* the suits seat x may not lead now: the locked suit while x holds another */
static int barred(const dh_fast *f, int x) {
  return f->lock != NONE && (f->hand[x] & ~((uint64_t)LANE << (16 * f->lock))) ? 1 << f->lock : 0;
}

/* -------------------------------------------------------------- bounds */

/* L's top j cards of suit s (of `mine`, its cards there) */
static uint64_t top_cards(unsigned mine, int j, int s) {
  int low = select_rank(mine, __builtin_popcount(mine) - j);
  return (uint64_t)(mine >> low << low) << (16 * s);
}

/* the tricks seat L can take at once from a trick start, leading its top
** cards: a suit's cards above every other seat's, as many rounds as each
** other seat holding a trump still follows (none when one is void and
** could ruff); a suit the others are out of counts whole unless they can
** ruff it.  *rel gets what `need` of them rest on: the suits that count
** on lengths alone first, then the fewest others (more positions share
** an answer that rests on less).  cross, a set of suits (bit s for suit
** s): L is the leader's partner, reached by a lead of one of them to L's
** top card (0 when L has none there); the crossing trick is one of the
** suit's.  skip: suits not counted */
static int quick(const dh_fast *f, int L, int need, int cross, int skip, uint64_t *rel) {
  uint64_t others = 0;
  int s, x, q = 0, ruffers = 0, ks[4] = { 0, 0, 0, 0 };
  for (x = 0; x < f->np; x++)
    if (x != L) {
      others |= f->hand[x];
      if (f->trump != NONE && lane(f->hand[x], f->trump)) ruffers |= 1 << x;
    }
  for (s = 0; s < 4; s++) {
    unsigned mine = lane(f->hand[L], s), oth = lane(others, s);
    int k;
    if (!mine || skip >> s & 1) continue;
    if (!oth) {
      if (s == f->trump || !ruffers) q += __builtin_popcount(mine);
      continue;
    }
    k = __builtin_popcount(mine >> (top_bit(oth) + 1));
    if (s != f->trump)
      for (x = 0; x < f->np && k; x++)
        if (ruffers >> x & 1) {
          int len = __builtin_popcount(lane(f->hand[x], s));
          if (len < k) k = len;
        }
    ks[s] = k;
  }
  /* reached by a lead in a suit of `cross`: L must hold its top cards
     (the suit where L has the most such tricks) */
  if (cross) {
    int c = -1, j;
    for (s = 0; s < 4; s++)
      if (cross >> s & 1 && ks[s] && (c < 0 || ks[s] > ks[c])) c = s;
    if (c < 0) return 0;
    j = need - q < 1 ? 1 : need - q < ks[c] ? need - q : ks[c];
    q += j;
    *rel |= top_cards(lane(f->hand[L], c), j, c);
    ks[c] = 0;
  }
  /* q so far needs no card; add the largest counts until need is met,
     each resting on its suit's top j cards being L's (j: no more than
     needed) */
  for (;;) {
    int pick = -1, j;
    if (q >= need) break;
    for (s = 0; s < 4; s++)
      if (ks[s] && (pick < 0 || ks[s] > ks[pick])) pick = s;
    if (pick < 0) break;
    j = need - q < ks[pick] ? need - q : ks[pick];
    q += j;
    *rel |= top_cards(lane(f->hand[L], pick), j, pick);
    ks[pick] = 0;
  }
  for (s = 0; s < 4; s++) q += ks[s];   /* the count in all, when short of need */
  return q < f->left ? q : f->left;
}

/* does a seat of the other team than the seat to play hold a trump? */
static int opp_trumps(const dh_fast *f) {
  int x;
  if (f->trump == NONE) return 0;
  for (x = 0; x < f->np; x++)
    if (f->max[x] != f->max[f->turn] && lane(f->hand[x], f->trump)) return 1;
  return 0;
}

/* the tricks team `side` takes with its top trumps whatever happens: the
** trumps of one hand above every trump of the other team each take a
** trick (two of one hand never fall to the same trick); *rel gets what
** `need` of them rest on */
static int top_trumps(const dh_fast *f, int side, int need, uint64_t *rel) {
  unsigned theirs = 0, best = 0, t = (unsigned)f->trump;
  int x, most = 0;
  if (f->trump == NONE) return 0;
  for (x = 0; x < f->np; x++)
    if (f->max[x] != side) theirs |= lane(f->hand[x], f->trump);
  for (x = 0; x < f->np; x++)
    if (f->max[x] == side) {
      unsigned mine = lane(f->hand[x], f->trump);
      int k = __builtin_popcount(theirs ? mine >> (top_bit(theirs) + 1) : mine);
      if (k > most) most = k, best = mine;
    }
  if (most < 2 && need == 2) {
    /* the two best trumps in two of the team's hands, one of which has
       another trump: they need not fall together (the one with another
       trump keeps its best back until its partner's has won), so two
       tricks (DDS's later tricks with the second best trump) */
    unsigned all = 0;
    int a = -1, b = -1, t1, t2;
    for (x = 0; x < f->np; x++) all |= lane(f->hand[x], f->trump);
    if (__builtin_popcount(all) >= 2) {
      t1 = top_bit(all), t2 = top_bit(all & ~(1u << t1));
      for (x = 0; x < f->np; x++) {
        if (lane(f->hand[x], f->trump) >> t1 & 1) a = x;
        if (lane(f->hand[x], f->trump) >> t2 & 1) b = x;
      }
      if (a != b && f->max[a] == side && f->max[b] == side &&
          (__builtin_popcount(lane(f->hand[a], f->trump)) > 1 || __builtin_popcount(lane(f->hand[b], f->trump)) > 1)) {
        *rel |= (uint64_t)(all >> t2 << t2) << (16 * t);
        return 2;
      }
    }
  }
  if (theirs && need > 0 && most >= need) {
    /* it rests on the trumps from that hand's need-th best up: none of
       theirs is among them */
    int low = select_rank(best, __builtin_popcount(best) - need);
    unsigned all = 0;
    for (x = 0; x < f->np; x++) all |= lane(f->hand[x], f->trump);
    *rel |= (uint64_t)(all >> low << low) << (16 * t);
  }
  return most;
}

/* from a trick start where the other team leads and needs every trick
** left: does team `side` surely take one with a trump below the top one
** (which the other team holds; top_trumps counts the other case)?  The
** other team keeps the lead while it takes every trick, so no seat of
** `side` leads.  When `side`'s second best trump is held with another
** trump by the seat playing right after the top trump's holder, that
** seat always sees the top trump's holder play first: it plays its small
** trump under the top trump, or its second best over anything else.
** When `side` holds the second and third best, the second with another
** trump, the top trump would have to take both in one trick, which their
** holder (in one hand) cannot be made to do, or (in two, partners
** opposite) the second's holder avoids by playing its small one: DDS's
** later tricks with the second and third best.  *rel: the trumps from
** the lowest of those up */
static int trump_trick(const dh_fast *f, int side, uint64_t *rel) {
  unsigned all = 0, rest;
  int x, t = f->trump, t1, t2, t3 = -1, h1 = -1, h2 = -1, h3 = -1;
  if (t == NONE || f->max[f->turn] == side) return 0;
  for (x = 0; x < f->np; x++) all |= lane(f->hand[x], t);
  if (__builtin_popcount(all) < 2) return 0;
  t1 = top_bit(all), rest = all & ~(1u << t1);
  t2 = top_bit(rest), rest &= ~(1u << t2);
  if (rest) t3 = top_bit(rest);
  for (x = 0; x < f->np; x++) {
    unsigned mine = lane(f->hand[x], t);
    if (mine >> t1 & 1) h1 = x;
    if (mine >> t2 & 1) h2 = x;
    if (t3 >= 0 && mine >> t3 & 1) h3 = x;
  }
  if (f->max[h1] == side || f->max[h2] != side || __builtin_popcount(lane(f->hand[h2], t)) < 2) return 0;
  if ((h1 + 1) % f->np == h2) {
    *rel |= (uint64_t)(all >> t2 << t2) << (16 * t);
    return 1;
  }
  if (h3 >= 0 && f->max[h3] == side && (h3 == h2 || (f->np == 4 && (h2 + 2) % 4 == h3))) {
    *rel |= (uint64_t)(all >> t3 << t3) << (16 * t);
    return 1;
  }
  return 0;
}

/* can the leader's team take every trick left, from a trick start in
** notrump?  Only by leading, every time, a suit whose top card it holds
** (the other team plays its top card when its suit is led): DDS's "later
** tricks".  Each trick led in a suit takes a card of it from each of the
** team's hands that still holds one, so the team's tricks in its suits
** are at most the sum, over the suits whose top card it holds, of its
** longer holding.  0 when that falls short of the tricks left; it rests
** on the other team's top cards (a suit only one hand holds: on its
** length alone) */
static int all_possible(const dh_fast *f, uint64_t *rel) {
  uint64_t all = f->hand[0] | f->hand[1] | f->hand[2] | f->hand[3], r = 0;
  int s, x, sum = 0, side = f->max[f->turn];
  for (s = 0; s < 4; s++) {
    unsigned u = lane(all, s);
    int top, owner = 0, most = 0, holders = 0;
    if (!u) continue;
    top = top_bit(u);
    for (x = 0; x < f->np; x++) {
      unsigned mine = lane(f->hand[x], s);
      if (!mine) continue;
      holders++;
      if (mine >> top & 1) owner = x;
      if (f->max[x] == side && __builtin_popcount(mine) > most) most = __builtin_popcount(mine);
    }
    if (f->max[owner] == side) sum += most;
    else if (holders > 1) r |= UINT64_C(1) << (16 * s + top);
  }
  if (sum >= f->left) return 1;
  *rel = r;
  return 0;
}

/* second hand to play of four, partners sitting opposite: does its team
** surely take the trick in progress?  When it can ruff and the next hand
** cannot overruff (that hand still follows suit), or it holds the best
** card of the led suit, above the led card and the next hand's, and the
** next hand cannot ruff (DDS's quick tricks for the second hand).  *rel:
** that best card (a ruff rests on lengths alone); *winner: its holder,
** which leads next (-1 for a ruff) */
static int second_wins(const dh_fast *f, int *winner, uint64_t *rel) {
  int me = f->turn, next = (me + 1) & 3, pard = (me + 2) & 3, led = f->led;
  unsigned ours = lane(f->hand[me], led) | lane(f->hand[pard], led), theirs = lane(f->hand[next], led);
  int next_ruffs = f->trump != NONE && led != f->trump && !theirs && lane(f->hand[next], f->trump);
  if (f->trump != NONE && led != f->trump && !next_ruffs &&
      ((!lane(f->hand[me], led) && lane(f->hand[me], f->trump)) ||
       (!lane(f->hand[pard], led) && lane(f->hand[pard], f->trump))))
    return 1;
  if (ours && !next_ruffs && top_bit(ours) > f->wrank && (!theirs || top_bit(ours) > top_bit(theirs))) {
    *rel |= UINT64_C(1) << (16 * led + top_bit(ours));
    *winner = lane(f->hand[me], led) >> top_bit(ours) & 1 ? me : pard;
    return 1;
  }
  return 0;
}

/* ---------------------------------------------------------------- table */

/* what a trick start looks like to the table: the suit lengths of each
** hand (4 bits each), and per suit the cards left and the seat of each in
** rank order (planes p0, p1, a lane a suit: bit k for the k-th lowest
** card) */
typedef struct shape { uint64_t dist, p0, p1; unsigned count[4]; uint32_t digest; size_t at; } shape;

static void shape_of(const dh_fast *f, shape *sh) {
  uint64_t all = f->hand[0] | f->hand[1] | f->hand[2] | f->hand[3];
  uint64_t b0 = 0, b1 = 0;
  int s, x;
  for (x = 0; x < f->np; x++) {
    if (f->cidx[x] & 1) b0 |= f->hand[x];
    if (f->cidx[x] & 2) b1 |= f->hand[x];
  }
  sh->dist = sh->p0 = sh->p1 = 0;
  for (s = 0; s < 4; s++) {
    unsigned u = lane(all, s);
    sh->count[s] = (unsigned)__builtin_popcount(u);
    sh->p0 |= (uint64_t)pack(lane(b0, s), u) << (16 * s);
    sh->p1 |= (uint64_t)pack(lane(b1, s), u) << (16 * s);
    for (x = 0; x < f->np; x++)
      sh->dist |= (uint64_t)__builtin_popcount(lane(f->hand[x], s)) << (16 * f->cidx[x] + 4 * s);
  }
}

/* the leader, the context and the locked suit (an entry holds only
** where the same suits may be led) */
static unsigned tag_of(const dh_fast *f) {
  return f->cidx[f->turn] | (unsigned)f->ctx << 2 | (unsigned)(f->lock == NONE ? 0 : f->lock + 1) << 12;
}

/* A digest, 4 bytes a slot kept apart from the entries, is all a probe
** reads of most entries (the scan's cost is its memory traffic).  Bits
** 0-7: 8 bits of the hash of the suit lengths and tag (never 0: 0 is a
** free slot); 16-23 and 24-31: planes p0, p1 of the seats holding each
** suit's top two cards (bit 2s: suit s's top card, 2s+1 its second);
** 8-15, an entry's only: which of those cards its pattern names.  A
** position can match an entry only where the two agree on the named
** cards' seats. */

/* the position's bucket (sh->at, its first slot) and digest */
static void locate(dh_fast *f, shape *sh) {
  uint64_t h = mix(sh->dist * UINT64_C(0xD1B54A32D192ED03) + tag_of(f));
  uint32_t p0 = 0, p1 = 0;
  int s, j;
  for (s = 0; s < 4; s++)
    for (j = 0; j < 2 && j < (int)sh->count[s]; j++) {
      int k = 16 * s + (int)sh->count[s] - 1 - j;
      p0 |= (uint32_t)(sh->p0 >> k & 1) << (2 * s + j);
      p1 |= (uint32_t)(sh->p1 >> k & 1) << (2 * s + j);
    }
  sh->at = (size_t)(h & f->mask) & ~(size_t)(BUCKET - 1);
  sh->digest = ((uint32_t)(h >> 40) & 0xFFu) | 1u | p0 << 16 | p1 << 24;
}

/* the digest of an entry naming the cards of care in the position */
static uint32_t entry_digest(const shape *sh, uint64_t care) {
  uint32_t names = 0;
  int s, c;
  for (s = 0; s < 4; s++) {
    c = __builtin_popcount(lane(care, s));   /* its top c cards */
    names |= (uint32_t)(c >= 2 ? 3 : c) << (2 * s);
  }
  return (sh->digest & (0xFFu | names * 0x01010000u)) | names << 8;
}

#if !defined(__AVX2__)
static inline int digest_fits(uint32_t d, uint32_t pd) {
  return ((d ^ pd) & (0xFFu | (d >> 8 & 0xFFu) * 0x01010000u)) == 0;
}
#endif

/* of the 8 slots from d: bit k set when slot k's entry may match the
** position of digest pd (exact: when its digest is pd, for a store);
** *empty gets the free slots */
static inline unsigned scan8(const uint32_t *d, uint32_t pd, int exact, unsigned *empty) {
#if defined(__AVX2__)
  __m256i x = _mm256_loadu_si256((const __m256i *)(const void *)d), zero = _mm256_setzero_si256(), t;
  *empty = (unsigned)_mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(x, zero)));
  t = _mm256_xor_si256(x, _mm256_set1_epi32((int)pd));
  if (!exact) {
    __m256i names = _mm256_and_si256(_mm256_srli_epi32(x, 8), _mm256_set1_epi32(0xFF));
    t = _mm256_and_si256(t, _mm256_or_si256(_mm256_set1_epi32(0xFF),
                                            _mm256_or_si256(_mm256_slli_epi32(names, 16), _mm256_slli_epi32(names, 24))));
  }
  return (unsigned)_mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(t, zero)));
#else
  unsigned out = 0, e = 0;
  int k;
  for (k = 0; k < 8; k++) {
    if (!d[k]) e |= 1u << k;
    else if (exact ? d[k] == pd : digest_fits(d[k], pd)) out |= 1u << k;
  }
  *empty = e;
  return out;
#endif
}

/* does the entry's pattern of top cards match the position? */
static inline int matches(const dh_fentry *e, const shape *sh) {
  return (((sh->p0 ^ e->p0) | (sh->p1 ^ e->p1)) & e->care) == 0;
}

/* the bits of mask where x has ones, x's k-th bit to mask's k-th lowest
** one (pdep; pack's inverse) */
static inline unsigned unpack(unsigned x, unsigned mask) {
#if defined(__BMI2__)
  return _pdep_u32(x, mask);
#else
  unsigned out = 0;
  for (; mask; mask &= mask - 1, x >>= 1)
    if (x & 1) out |= mask & (0u - mask);
  return out;
#endif
}

/* the cards an entry's pattern names in the position: per suit, the
** k-th lowest card left for each bit k of care */
static uint64_t named(const dh_fast *f, const dh_fentry *e) {
  uint64_t all = f->hand[0] | f->hand[1] | f->hand[2] | f->hand[3], out = 0;
  int s;
  for (s = 0; s < 4; s++) out |= (uint64_t)unpack(lane(e->care, s), lane(all, s)) << (16 * s);
  return out;
}

/* a bound that answers the question for target, from the entries whose
** pattern matches: 1 or 0, and the cards it rests on; -1 none.  *best:
** a lead worth trying first */
static int probe(dh_fast *f, const shape *sh, int target, uint64_t *rel, int *best) {
  dh_fentry *b = f->tt + sh->at, *e;
  uint32_t *dig = f->dig + sh->at;
  unsigned tag = tag_of(f), empty = 0, cand;
  int base, i;
  for (base = 0; base < BUCKET && !empty; base += 8) {
    cand = scan8(dig + base, sh->digest, 0, &empty);
    if (empty) cand &= (empty & (0u - empty)) - 1;   /* the slots in use come first */
    for (; cand; cand &= cand - 1) {
      int lo, hi;
      i = base + __builtin_ctz(cand);
      e = b + i;
      if (e->dist != sh->dist || e->tag != tag || !matches(e, sh)) continue;
      lo = f->flip ? f->left - e->hi : e->lo;   /* the root team's bounds */
      hi = f->flip ? f->left - e->lo : e->hi;
      if (lo >= target || hi < target) {
        /* an entry that answers moves halfway to the bucket's front: the
           scan stops at the first that answers, and those that answer
           often are found sooner (the order of a bucket's entries means
           nothing else) */
        int j = i / 2;
        dh_fentry t = *e;
        uint32_t td = dig[i];
        *rel = named(f, e);
        *e = b[j], b[j] = t;
        dig[i] = dig[j], dig[j] = td;
        return lo >= target;
      }
      if (e->best != 255) *best = e->best;
    }
  }
  return -1;
}

/* keeps what a search proved: the bound, for every position whose top
** cards down to the lowest of rel are held as here */
static void store(dh_fast *f, const shape *sh, uint64_t rel, int target, int result, int best) {
  dh_fentry *b = f->tt + sh->at, *e = NULL, n;
  uint32_t *dig = f->dig + sh->at, nd;
  uint64_t all = f->hand[0] | f->hand[1] | f->hand[2] | f->hand[3];
  int s, i, base;
  memset(&n, 0, sizeof n);
  n.dist = sh->dist, n.tag = (uint16_t)tag_of(f);
  for (s = 0; s < 4; s++) {
    unsigned r = lane(rel, s), u = lane(all, s), d;
    if (!r) continue;
    d = (unsigned)__builtin_popcount(u >> __builtin_ctz(r));   /* the lowest that mattered and up */
    n.care |= (uint64_t)(((1u << d) - 1) << (sh->count[s] - d)) << (16 * s);
  }
  n.p0 = sh->p0 & n.care, n.p1 = sh->p1 & n.care;
  nd = entry_digest(sh, n.care);
  for (base = 0, i = BUCKET; base < BUCKET && !e && i == BUCKET; base += 8) {
    /* the same pattern: tighten its bounds */
    unsigned empty, cand = scan8(dig + base, nd, 1, &empty);
    for (; cand && !e; cand &= cand - 1) {
      int k = base + __builtin_ctz(cand);
      if (b[k].dist == n.dist && b[k].tag == n.tag && b[k].care == n.care && b[k].p0 == n.p0 && b[k].p1 == n.p1) e = &b[k];
    }
    if (empty) i = base + __builtin_ctz(empty);   /* the first free slot */
  }
  if (!e) {
    /* a free slot (i, after those in use), else one in the back half:
       the entries that answer often have moved to the front */
    if (i == BUCKET) i = BUCKET / 2 + (int)(f->nodes & (BUCKET / 2 - 1));
    e = &b[i];
    dig[i] = nd;
    *e = n;
    e->lo = 0, e->hi = (int8_t)f->left, e->best = 255;
  }
  /* the root team's value >= target (result) or < target; the entry's
     coalition's is the rest of the tricks when flipped */
  if (result == !f->flip) {
    int lo = f->flip ? f->left - target + 1 : target;
    if (lo > e->lo) e->lo = (int8_t)lo;
  } else {
    int hi = f->flip ? f->left - target : target - 1;
    if (hi < e->hi) e->hi = (int8_t)hi;
  }
  if (best >= 0) e->best = (uint8_t)best;
}

/* ---------------------------------------------------------------- moves */

typedef struct move { int8_t bit, top; int32_t score; } move;

/* can seat y, still to play to the trick, beat card (s, r)? */
static int can_beat(const dh_fast *f, int y, int s, int r) {
  unsigned led = lane(f->hand[y], f->led), tr;
  if (led) return s == f->led && (led >> (r + 1)) != 0;
  if (f->trump == NONE || !(tr = lane(f->hand[y], f->trump))) return 0;
  return s != f->trump || (tr >> (r + 1)) != 0;
}

/* does a seat of the other team still to play beat card (s, r)? */
static int topped(const dh_fast *f, int me, int s, int r) {
  int i, y = f->turn;
  for (i = f->n + 1; i < f->np; i++) {
    y = y + 1 == f->np ? 0 : y + 1;
    if (f->max[y] != f->max[me] && can_beat(f, y, s, r)) return 1;
  }
  return 0;
}

/* can a partner still to play take the trick from its winner so far? */
static int partner_later(const dh_fast *f, int me) {
  int i, y = f->turn;
  for (i = f->n + 1; i < f->np; i++) {
    y = y + 1 == f->np ? 0 : y + 1;
    if (f->max[y] == f->max[me] && can_beat(f, y, f->wsuit, f->wrank)) return 1;
  }
  return 0;
}

/* a lead's worth, guessed: cash a sure winner, lead to partner's winner
** or a ruff of partner's, draw trumps with the top trump, else low from
** length; not into an opponent's ruff.  Above all, a suit the opponents
** hold few cards of (a void counts as every card: it discards any): their
** answers are fewer, and the subtree to refute or prove the lead smaller
** (DDS's suit weight, the opponents' lengths; 2.4x fewer nodes on whole
** deals, bench/solve_nodes.sh).  Worked out once a suit: a run's worth
** is its kind's less its lowest card's rank */
static void lead_worth(const dh_fast *f, int me, int s, unsigned in, int worth[2]) {
  int x, opp_ruff = 0, pard_ruff = 0, top = top_bit(in), owner = 0, opp = 0;
  for (x = 0; x < f->np; x++) {
    if (lane(f->hand[x], s) >> top & 1) owner = x;
    if (f->max[x] != f->max[me]) {
      int len = __builtin_popcount(lane(f->hand[x], s));
      opp += len ? len : f->left + 1;
    }
    if (x == me || lane(f->hand[x], s) || f->trump == NONE || s == f->trump || !lane(f->hand[x], f->trump)) continue;
    if (f->max[x] == f->max[me]) pard_ruff = 1;
    else opp_ruff = 1;
  }
  /* worth[1]: the run with the suit's top card; worth[0]: the others */
  worth[1] = (opp_ruff ? 15 : s == f->trump ? 65 : 70) * 16 - OPP_CARD * opp;
  if (f->max[owner] == f->max[me]) worth[0] = opp_ruff ? 12 : 55;
  else if (pard_ruff && !opp_ruff) worth[0] = 50;
  else worth[0] = opp_ruff ? 5 : 25 + __builtin_popcount(lane(f->hand[me], s));
  worth[0] = worth[0] * 16 - OPP_CARD * opp;
}

/* a card's worth following, guessed: nothing over a partner's sure
** trick; else the cheapest card that takes the trick for sure, a card
** that wins for now, the lowest */
static int follow_score(const dh_fast *f, int me, int s, int r, int run_top) {
  int wins = beats(f, s, run_top), safe;
  if (f->max[f->wseat] == f->max[me]) {
    safe = !topped(f, me, f->wsuit, f->wrank);
    if (safe) return wins ? -400 - r : 200 - r;
    if (wins && !topped(f, me, s, run_top)) return 600 - r;
    return wins ? 100 - r : 150 - r;
  }
  if (wins && !topped(f, me, s, run_top)) return 800 - r;
  if (partner_later(f, me)) return wins ? 100 + r : 200 - r;   /* second hand low */
  if (wins) return 300 + r;
  return 100 - r - (s == f->trump ? 50 : 0);
}

/* the moves of the seat to play, each with its guessed worth (search takes
** them best first); the count */
static int gen_moves(const dh_fast *f, move *mv, int best) {
  int me = f->turn, s, n = 0;
  uint64_t hand = f->hand[me], all = f->hand[0] | f->hand[1] | f->hand[2] | f->hand[3] | f->intrick;
  uint64_t legal = hand;
  if (f->n > 0 && (hand >> (16 * f->led) & LANE)) legal = hand & ((uint64_t)LANE << (16 * f->led));
  else if (f->n == 0 && barred(f, me)) legal = hand & ~((uint64_t)LANE << (16 * f->lock));
  for (s = 0; s < 4; s++) {
    unsigned mine = lane(legal, s), in = lane(all, s), packed;
    int worth[2] = { 0, 0 }, top;
    if (!mine) continue;
    top = top_bit(in);
    if (f->n == 0) lead_worth(f, me, s, in, worth);   /* the suit's part, once */
    /* a run of cards with no other card in play between them is one
       move: its lowest card, worth its top card (packed: ranks among the
       cards in play) */
    for (packed = pack(mine, in); packed;) {
      int k = __builtin_ctz(packed), len = __builtin_ctz(~(packed >> k));
      int r = select_rank(in, k), run_top = select_rank(in, k + len - 1), b = 16 * s + r;
      int32_t sc;
      packed &= ~(((1u << len) - 1) << k);
      sc = f->n == 0 ? worth[run_top == top] - r : follow_score(f, me, s, r, run_top);
      sc = b == best ? INT32_MAX : sc * 4096 + (int32_t)(f->hist[me][b] >> 4 < 4095 ? f->hist[me][b] >> 4 : 4095);
      mv[n].bit = (int8_t)b;
      mv[n].top = (int8_t)run_top;
      mv[n].score = sc;
      n++;
    }
  }
  return n;
}

/* ---------------------------------------------------------------- search */

/* does the root team take at least target of the tricks left (counting
** the one in progress)?  *rel gets the cards whose holders the answer
** rests on (the rest only by their suit lengths): DDS's winning ranks */
static int ab(dh_fast *f, int target, uint64_t *rel);

/* the card that took a trick matters when it beat a card of its own suit */
static uint64_t trick_rel(uint64_t cards, int wsuit, int wrank) {
  uint64_t same = cards & ((uint64_t)LANE << (16 * wsuit));
  return same & (same - 1) ? UINT64_C(1) << (16 * wsuit + wrank) : 0;
}

/* the last trick from its start: every seat has one card */
static int last_trick(dh_fast *f, int target, uint64_t *rel) {
  int i, x = f->turn, b = __builtin_ctzll(f->hand[x]);
  int ws = x, wsuit = b >> 4, wrank = b & 15;
  uint64_t cards = f->hand[0] | f->hand[1] | f->hand[2] | f->hand[3];
  for (i = 1; i < f->np; i++) {
    x = x + 1 == f->np ? 0 : x + 1;
    b = __builtin_ctzll(f->hand[x]);
    if ((b >> 4) == wsuit ? (b & 15) > wrank : (b >> 4) == f->trump) ws = x, wsuit = b >> 4, wrank = b & 15;
  }
  *rel = trick_rel(cards, wsuit, wrank);
  return f->max[ws] >= target;
}

static int search(dh_fast *f, int target, uint64_t *rel) {
  move mv[16];
  int n, i, maximize = f->max[f->turn], best = -1, result = !maximize, cut = -1;
  int8_t floor_of[4] = { -1, -1, -1, -1 };   /* per suit: runs whose top is below it are settled */
  uint64_t acc = 0;
  shape sh;
  if (f->n == 0) {
    int q, need;
    uint64_t qrel = 0;
    if (f->left == 1) return last_trick(f, target, rel);
    need = maximize ? target : f->left - target + 1;
    /* a locked suit is not counted for a seat that may not lead it (it
       may be broken on the way: fewer tricks counted, never more) */
    q = quick(f, f->turn, need, 0, barred(f, f->turn), &qrel);
    if (q < need && f->np == 4 && f->max[(f->turn + 2) & 3] == f->max[f->turn]) {
      /* the partner's quick tricks, reached by a lead to its top cards */
      int s, suits = 0, pard = (f->turn + 2) & 3, own = q;
      uint64_t own_rel = qrel;   /* short of need: every suit counted */
      for (s = 0; s < 4; s++)
        if (lane(f->hand[f->turn], s)) suits |= 1 << s;
      suits &= ~barred(f, f->turn);
      qrel = 0;
      q = quick(f, pard, need, suits, barred(f, pard), &qrel);
      if (q < need && own > 0 && !opp_trumps(f)) {
        /* both: the leader cashes its own first, then crosses to the
           partner's.  No one can ruff, so only the partner's discards
           could cost a trick; it holds need - own winners that are
           relied on and discards among its other left - need + own >=
           own cards */
        uint64_t prel = 0;
        if (quick(f, pard, need - own, suits, barred(f, pard), &prel) >= need - own) {
          q = need;
          qrel = own_rel | prel;
        }
      }
    }
    if (q >= need) { *rel = qrel; return maximize; }
    qrel = 0;
    if (top_trumps(f, 1, target, &qrel) >= target) { *rel = qrel; return 1; }   /* the root team's sure trumps */
    qrel = 0;
    if (f->left - top_trumps(f, 0, f->left - target + 1, &qrel) < target) { *rel = qrel; return 0; }   /* the other's */
    qrel = 0;
    /* one team needs every trick left: the other's trump trick */
    if (target == f->left && trump_trick(f, 0, &qrel)) { *rel = qrel; return 0; }
    if (target == 1 && trump_trick(f, 1, &qrel)) { *rel = qrel; return 1; }
    qrel = 0;
    /* the leader's team needs every trick left: can it take them? */
    if (f->trump == NONE && (maximize ? target == f->left : target == 1) && !all_possible(f, &qrel)) {
      *rel = qrel;
      return !maximize;
    }
    if (f->tt) {
      int hit;
      shape_of(f, &sh);
      locate(f, &sh);
      if ((hit = probe(f, &sh, target, rel, &best)) >= 0) return hit;
    }
  }
  if (f->n == 1 && f->np == 4 && f->max[(f->turn + 2) & 3] == maximize) {
    uint64_t qrel = 0;
    int need = maximize ? target : f->left - target + 1, winner = -1;
    /* the tricks the second hand's team needs: this one, and the
       winner's quick tricks in the other suits after it (the other
       hands only lose cards meanwhile: the third follows suit, or has
       no trump and discards; a ruff leaves the next leader unknown) */
    if (second_wins(f, &winner, &qrel) &&
        (need <= 1 || (winner >= 0 && 1 + quick(f, winner, need - 1, 0, 1 << f->led | barred(f, winner), &qrel) >= need))) {
      *rel = qrel;
      return maximize;
    }
  }
  n = gen_moves(f, mv, best);
  for (i = 0; i < n; i++) {
    undo u;
    uint64_t r = 0, cards;
    int bit, s, got, v, ended, wsuit, wrank;
    {
      /* the best of the moves left: most nodes try only their first */
      int j, k = i;
      for (j = i + 1; j < n; j++)
        if (mv[j].score > mv[k].score) k = j;
      if (k != i) { move t = mv[k]; mv[k] = mv[i]; mv[i] = t; }
    }
    bit = mv[i].bit, s = bit >> 4;
    cards = f->intrick | (UINT64_C(1) << bit);
    if (mv[i].top < floor_of[s]) continue;   /* no better than a lower card that failed */
    got = make(f, bit, &u), ended = f->n == 0, wsuit = f->wsuit, wrank = f->wrank;
    v = ab(f, target - got, &r);
    unmake(f, bit, &u);
    if (f->stopped) return 0;
    if (ended) r |= trick_rel(cards, wsuit, wrank);
    if (v == maximize) {
      result = v;
      cut = bit;
      f->hist[f->turn][bit] += (uint32_t)(f->left * f->left);
      acc = r;
      break;
    }
    /* a failed move stands for its run of equivalent cards (it plays
       the lowest): when what the answer rests on reaches into the run,
       the whole run matters, else a position alike above that point
       could hold the run split, its upper cards other moves, not
       searched.  A move that succeeds needs no more than it rests on:
       a position alike has the card, or, below every card that
       mattered, a low card of the suit just as good */
    if (lane(r, s) && __builtin_ctz(lane(r, s)) <= mv[i].top) r |= UINT64_C(1) << bit;
    acc |= r;
    /* a run that failed below every card of its suit that mattered so
       far: the seat's runs of that suit below those cards fail alike
       (DDS's winning ranks applied to moves); what they would rest on
       is what this one did */
    if (floor_of[s] < 0) {
      unsigned low = lane(acc, s);
      int lowest = low ? __builtin_ctz(low) : 16;
      if (mv[i].top < lowest) floor_of[s] = (int8_t)lowest;
    }
  }
  *rel = acc;
  if (f->tt && f->n == 0) store(f, &sh, acc, target, result, cut);
  return result;
}

static int ab(dh_fast *f, int target, uint64_t *rel) {
  *rel = 0;
  if (target <= 0) return 1;
  if (target > f->left) return 0;
  if (f->stopped) return 0;
  if (f->max_nodes && f->nodes >= f->max_nodes) {
    f->stopped = 1;
    return 0;
  }
  f->nodes++;
  return search(f, target, rel);
}

/* the value from boolean searches: the guess and its neighbour first
** (when it is right, two probes settle it), then bisection on what is
** left; with no guess, steps of one from the middle */
static int32_t bisect(dh_fast *f, int guess, int *exact) {
  int lo = 0, hi = f->left, t, step = 0;
  uint64_t rel;
  if (guess >= 0 && guess <= hi) {
    for (t = guess; step < 2 && lo < hi && !f->stopped && t >= lo && t <= hi; step++) {
      if (t > lo && ab(f, t, &rel)) lo = t, t = t + 1;
      else if (f->stopped) break;
      else if (t > lo) hi = t - 1, t = t - 1;
      else t = t + 1;   /* t == lo: already known */
    }
  }
  if (guess < 0 && lo < hi) {
    /* no guess: the middle, then one trick at a time towards the value
       (MTD(f)'s steps): a probe above the value costs most, and this
       makes only the one just above it (2% fewer nodes on whole deals
       than bisection) */
    t = (lo + hi + 1) / 2;
    if (ab(f, t, &rel)) {
      lo = t;
      while (lo < hi && !f->stopped) {
        if (ab(f, lo + 1, &rel)) lo++;
        else if (!f->stopped) hi = lo;
      }
    } else if (!f->stopped) {
      hi = t - 1;
      while (lo < hi && !f->stopped) {
        if (ab(f, hi, &rel)) lo = hi;
        else if (!f->stopped) hi--;
      }
    }
  }
  while (lo < hi && !f->stopped) {
    t = (lo + hi + 1) / 2;
    if (ab(f, t, &rel)) lo = t;
    else if (!f->stopped) hi = t - 1;
  }
  *exact = !f->stopped;
  return lo;
}

int32_t dh_fast_value(dh_fast *f, int *exact) { return bisect(f, f->guess, exact); }

int32_t dh_fast_value_after(dh_fast *f, int pos, int *exact) {
  undo u;
  int bit = f->bit_of[pos & 63], got = make(f, bit, &u);
  int32_t v = got + bisect(f, -1, exact);
  unmake(f, bit, &u);
  return v;
}
