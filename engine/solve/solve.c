/*
** solve.c -- double-dummy search over a variant's own rules.
*/
#include <limits.h>
#include <string.h>

#include "policy.h"
#include "rules_impl.h"
#include "solve.h"
#include "solve_impl.h"

/* a table entry: the bounds of the root side's tricks from the start of a
** trick to the end of the hand, for one set of remaining hands and leader
** (for points: of the hand's points, the cards taken so far in the key) */
typedef struct entry { uint64_t key; int32_t lo, hi; } entry;
#define NO_LO INT32_MIN
#define NO_HI INT32_MAX

typedef struct search {
  const dh_solve_opts *o;
  int side, mover, hand, points, low;
  int margin;             /* points as the side's margin over the others (DH_SOLVE_MARGIN) */
  int fast;               /* the fast search (solve_fast.c) does it */
  int by_tricks;          /* ... for points read off its team's tricks (tricks_decide) */
  uint64_t by_seen;       /* the counts of tricks to come by_value holds */
  int32_t by_value[64];   /* the root side's points (or margin) per count of its team's tricks to come */
  int same_ok;            /* equivalent cards are searched once (same_worth below) */
  int key_taken;          /* points: the table's key holds the cards each seat took */
  int8_t worth[64];       /* per set position: what the points rule gives the card */
  dh_cardset marks[3];    /* sets the hand rule treats apart (break, first trick, lead) */
  uint8_t team[DH_MAX_SEATS];   /* who plays with whom: the root's m->team (the rules'
                                   sides, or a script's: Skat's declarer against two) */
  int32_t base;           /* the root side's tricks when the search began */
  long nodes, look_at;    /* positions searched; the next look at the budgets */
  double deadline;        /* o->seconds from the start on the clock (0: none) */
  int stopped, err;
  entry *tt;
  uint64_t mask;
} search;

void dh_solve_defaults(dh_solve_opts *o) {
  memset(o, 0, sizeof *o);
  o->objective = DH_SOLVE_TRICKS;
}

static int clamp_bits(int bits) { return bits < 4 ? 4 : bits > 26 ? 26 : bits; }

size_t dh_solve_table_bytes(int bits) { return ((size_t)1 << clamp_bits(bits)) * sizeof(entry); }

static uint64_t mix(uint64_t x) {
  x ^= x >> 31;
  x *= UINT64_C(0x9E3779B97F4A7C15);
  x ^= x >> 29;
  return x;
}

/* the position's key at the start of a trick: the hands left, who leads,
** how far the talon has gone (the rest of the hand follows from these) */
static uint64_t key_of(const dh_match *m) {
  uint64_t k = mix((uint64_t)m->turn + 1) ^ mix(((uint64_t)m->talon.top << 8) + 7);
  int s;
  for (s = 0; s < m->nseats; s++) k ^= mix(m->hand[s] + (uint64_t)(s + 1) * UINT64_C(0xD1B54A32D192ED03));
  return k | 1;   /* 0 marks an empty slot */
}

/* ... for points: with the tricks each seat took so far and, when the
** points rule counts cards (with_taken), the cards each took: all of the
** path the prefab points rules read at the hand's end.  A rule that reads
** only trick counts (Spades' contracts, Euchre's makers) leaves the cards
** out, so that positions reached with the same counts share an entry. */
static uint64_t points_key_of(const dh_match *m, int with_taken) {
  uint64_t k = key_of(m);
  int s;
  for (s = 0; s < m->nseats; s++) {
    if (with_taken) k ^= mix(m->taken[s] ^ ((uint64_t)(s + 1) * UINT64_C(0x9E3779B97F4A7C15)));
    k ^= mix(((uint64_t)m->tricks[s] << 8) + (uint64_t)s + 0x51);
  }
  return k | 1;
}

/* does the points rule read nothing of the path but the cards and tricks
** each seat took (and what is fixed for the hand: bids, the declarer, the
** game named)?  The prefabs below do; a Lua function might read the
** order of play, and Duplicate's comparison reads another table. */
static int points_of_taken(const dh_rules *r, int i) {
  const dh_node *n = dh_rules_node(r, i);
  switch (n->op) {
    case DH_OP_SUM: return points_of_taken(r, n->a) && points_of_taken(r, n->b);
    case DH_OP_CARD_POINTS: case DH_OP_TRICKS: case DH_OP_EXACT_BID: case DH_OP_CONTRACT:
    case DH_OP_MAKERS: case DH_OP_SKAT_VALUE: return 1;
    default: return 0;
  }
}

/* does the points rule read nothing of the hand's play but the tricks
** each seat took and the cards each played (Whist's honours: at the end,
** its whole hand), with what is fixed for the play (bids, the contract,
** the makers, doubling, vulnerability)? */
static int reads_tricks(const dh_rules *r, int i) {
  const dh_node *n = dh_rules_node(r, i);
  switch (n->op) {
    case DH_OP_SUM: return reads_tricks(r, n->a) && reads_tricks(r, n->b);
    case DH_OP_TRICKS: case DH_OP_EXACT_BID: case DH_OP_CONTRACT: case DH_OP_MAKERS:
    case DH_OP_ODD_TRICKS: case DH_OP_DUPLICATE: return 1;
    default: return 0;
  }
}

/* (nsides - 1) * side's points - the others' summed, in 64 bits and
** clamped as points are (a rule's points may be any 32-bit value) */
static int32_t margin_of(const int32_t *pts, int nsides, int side) {
  int64_t v = 0;
  int s;
  for (s = 0; s < nsides; s++) v += pts[s];
  return dh_points_clamp((int64_t)nsides * pts[side] - v);
}

/* the root side's points, or its margin (as leaf counts them), at the end
** of the hand e */
static int32_t end_value(const search *c, const dh_match *e, int *err) {
  int32_t pts[DH_MAX_SEATS], bags[DH_MAX_SEATS];
  if ((*err = dh_points_eval(e, pts, bags)) != DH_OK) return 0;
  return c->margin ? margin_of(pts, e->rules->nsides, c->side) : pts[c->side];
}

/* every way the `left` tricks still to play may fall to seats from..:
** each end's value goes to c->by_value[the root team's tricks of them];
** 0 when two ends with the same count differ (a Nil bidder's own tricks
** count), or a rule failed */
static int spread(search *c, dh_match *e, int from, int left, int team_tricks) {
  int k;
  if (from == e->nseats - 1) {
    int err;
    int32_t v;
    e->tricks[from] += left;
    if (c->team[from] == c->team[c->mover]) team_tricks += left;
    v = end_value(c, e, &err);
    e->tricks[from] -= left;
    if (err != DH_OK) return 0;
    if (c->by_seen >> team_tricks & 1) return c->by_value[team_tricks] == v;
    c->by_seen |= (uint64_t)1 << team_tricks;
    c->by_value[team_tricks] = v;
    return 1;
  }
  for (k = 0; k <= left; k++) {
    int ok;
    e->tricks[from] += k;
    ok = spread(c, e, from + 1, left - k, team_tricks + (c->team[from] == c->team[c->mover] ? k : 0));
    e->tricks[from] -= k;
    if (!ok) return 0;
  }
  return 1;
}

/* by_value at t, a trick count the fast search gave (kept within
** 0..left: a search stopped by its budget gives a bound) */
static int32_t by_tricks_value(const search *c, int32_t t, int left) {
  return c->by_value[t < 0 ? 0 : t > left ? left : t];
}

/* do the hand's points follow from the number of the `left` tricks the
** root's team takes, however they fall to its seats and the others', and
** never worse for it for more (Spades' contracts without a Nil and away
** from a bag penalty, Bridge's contract, Euchre's makers)?  Then the
** value of the best line is that of the most tricks (a nondecreasing
** function commutes with min and max), which the fast trick search
** finds: c->by_value maps its count to the points.  Every end is scored
** on a copy of m with its tricks added (at most a few hundred ends). */
static int tricks_decide(search *c, const dh_match *m, int left) {
  dh_match e;
  int s, t;
  if (!reads_tricks(m->rules, dh_rules_root(m->rules, DH_RULE_POINTS)) || m->nseats > 4 || left > 63)
    return 0;
  e = *m;
  for (s = 0; s < e.nseats; s++) e.played_by[s] |= e.hand[s];   /* each plays its whole hand */
  c->by_seen = 0;
  if (!spread(c, &e, 0, left, 0)) return 0;
  for (t = 1; t <= left; t++) {
    int32_t a = c->by_value[t - 1], b = c->by_value[t];
    if (!(c->by_seen >> t & 1) || (c->low ? b > a : b < a)) return 0;   /* missing, or worse for more */
  }
  return c->by_seen & 1;
}

/* does the points tree give cards a worth (card points, Skat's count)? */
static int counts_cards(const dh_rules *r, int i) {
  const dh_node *n = dh_rules_node(r, i);
  if (n->op == DH_OP_SUM) return counts_cards(r, n->a) || counts_cards(r, n->b);
  return n->op == DH_OP_CARD_POINTS || n->op == DH_OP_SKAT_VALUE;
}

/* the value of a finished hand for the root side (the hand just scored:
** last_tricks and hand_points hold it) */
static int32_t leaf(const search *c, const dh_match *m) {
  int32_t v = 0;
  int s;
  if (c->margin) {
    v = margin_of(m->hand_points, m->rules->nsides, c->side);
    return c->low ? -v : v;
  }
  if (c->points) return c->low ? -m->hand_points[c->side] : m->hand_points[c->side];
  for (s = 0; s < m->nseats; s++)
    if (c->team[s] == c->team[c->mover]) v += m->last_tricks[s];
  return v - c->base;
}

static int32_t run(search *c, const dh_match *m, int32_t alpha, int32_t beta);

/* ------------------------------------------------------ equivalent cards */

/* does the tree under i call Lua, or rank by a set of its own? */
static int opaque(const dh_rules *r, int i) {
  const dh_node *n = dh_rules_node(r, i);
  switch (n->op) {
    case DH_OP_AND: case DH_OP_OR: case DH_OP_SUM: return opaque(r, n->a) || opaque(r, n->b);
    case DH_OP_NOT: return opaque(r, n->a);
    case DH_OP_CALL: case DH_OP_HIGHEST_OF: return 1;
    default: return 0;
  }
}

/* the card's worth under the points tree: from its card-points node or
** Skat's count (one such node at most: *nodes counts them) */
static void worth_of(const dh_rules *r, int i, int8_t *worth, int *nodes) {
  const dh_node *n = dh_rules_node(r, i);
  int k;
  if (n->op == DH_OP_SUM) {
    worth_of(r, n->a, worth, nodes);
    worth_of(r, n->b, worth, nodes);
  } else if (n->op == DH_OP_CARD_POINTS) {
    ++*nodes;
    memcpy(worth, n->u.card_points.values, 64);
  } else if (n->op == DH_OP_SKAT_VALUE) {
    ++*nodes;
    memset(worth, 0, 64);
    for (k = 0; k < r->deck.n; k++) worth[r->deck.cards[k] & 63] = (int8_t)dh_skat_card_value(r->deck.cards[k]);
  }
}

/* may two cards of one seat, the same suit to the rules with no card in
** play between them in strength, be searched as one?  When every rule
** that reads a card reads only its suit, its strength against the cards
** in play, its points, and membership of sets named here: prefab hand
** leaves (no must-trump or must-beat, which compare with the trick but
** are left out for simplicity), prefab play rules, points rules that read
** only the cards taken (as the table's key), no drawing. */
static void same_setup(search *c, const dh_match *m) {
  const dh_rules *r = m->rules;
  const dh_rules_impl *x = dh_impl(r);
  int nodes = 0, points = dh_rules_root(r, DH_RULE_POINTS);
  c->same_ok = 0;
  if (!x->fast_ops || r->draw || opaque(r, dh_rules_root(r, DH_RULE_PLAY)) ||
      !points_of_taken(r, points))
    return;
  memset(c->worth, 0, sizeof c->worth);
  worth_of(r, points, c->worth, &nodes);
  if (nodes > 1) return;
  c->marks[0] = DH_FAST(x, DH_OP_BREAK_SUIT) ? x->fast_break : 0;
  c->marks[1] = DH_FAST(x, DH_OP_FIRST_TRICK) ? x->fast_first : 0;
  c->marks[2] = DH_FAST(x, DH_OP_LEAD_CARD) ? dh_set_of(x->fast_lead) : 0;
  c->same_ok = 1;
}

/* the legal cards less those equivalent to a lower legal one: the next
** card below in the same suit among the cards in play is the seat's,
** legal, of a strength no other card in play shares, of the same worth
** and marks */
static dh_cardset distinct(const search *c, const dh_match *m, dh_cardset legal) {
  dh_cardset inplay = 0, out = legal, it;
  int s, i;
  for (s = 0; s < m->nseats; s++) inplay |= m->hand[s];
  for (i = 0; i < m->trick.n; i++) inplay |= dh_set_of(m->trick.cards[i]);
  for (it = legal; it; it &= it - 1) {
    int p = dh_set_first(it), suit = dh_match_suit(m, (dh_card)p), st = dh_match_strength(m, (dh_card)p);
    int below = -1, bst = -1, ties = 0, k;
    dh_cardset rest;
    for (rest = inplay & ~dh_set_of((dh_card)p); rest; rest &= rest - 1) {
      int q = dh_set_first(rest), t;
      if (dh_match_suit(m, (dh_card)q) != suit) continue;
      t = dh_match_strength(m, (dh_card)q);
      if (t == st) ties = 2;   /* the card's own strength shared */
      else if (t == bst) ties |= 1;
      else if (t < st && t > bst) bst = t, below = q, ties &= 2;
    }
    /* equal strengths (a doubled deck) rank by who played first: apart */
    if (below < 0 || ties || !(legal >> below & 1) || c->worth[below] != c->worth[p]) continue;
    for (k = 0; k < 3; k++)
      if ((c->marks[k] >> below & 1) != (c->marks[k] >> p & 1)) break;
    if (k == 3) out &= ~dh_set_of((dh_card)p);
  }
  return out;
}

/* the value after card c is played from m */
static int32_t after(search *c, const dh_match *m, dh_card card, int32_t alpha, int32_t beta) {
  dh_match child = *m;
  int err = dh_match_play_legal(&child, card);
  if (err != DH_OK) {
    c->err = err;
    return 0;
  }
  if (child.hand_no != c->hand || child.phase != DH_PHASE_PLAY) return leaf(c, &child);
  return run(c, &child, alpha, beta);
}

/* the root side's tricks since the search began */
static int32_t so_far(const search *c, const dh_match *m) {
  int32_t v = 0;
  int s;
  for (s = 0; s < m->nseats; s++)
    if (c->team[s] == c->team[c->mover]) v += m->tricks[s];
  return v - c->base;
}

/* alpha-beta, fail-soft; values for the root side (maximizing).  The
** table keeps what is still to come from the start of a trick (the value
** less the tricks taken on the way there), which the path does not change. */
static int32_t run(search *c, const dh_match *m, int32_t alpha, int32_t beta) {
  dh_cardset legal;
  int32_t best, a0, b0, taken = 0;
  int maximize = c->team[m->turn] == c->team[c->mover], layout = m->rules->deck.layout;
  entry *e = NULL;
  uint64_t key = 0;
  if (c->stopped || c->err) return 0;
  if (c->nodes >= c->look_at && dh_solve_spent(c->nodes, c->o->max_nodes, c->deadline, &c->look_at)) {
    c->stopped = 1;
    return 0;
  }
  c->nodes++;
  if (c->tt && m->trick.n == 0) {
    key = c->points ? points_key_of(m, c->key_taken) : key_of(m);
    e = &c->tt[key & c->mask];
    taken = c->points ? 0 : so_far(c, m);   /* points: the whole hand's, the path in the key */
    if (e->key == key) {
      if (e->lo == e->hi) return taken + e->lo;
      if (e->lo != NO_LO && taken + e->lo > alpha) alpha = taken + e->lo;
      if (e->hi != NO_HI && taken + e->hi < beta) beta = taken + e->hi;
      if (alpha >= beta) return maximize ? alpha : beta;
    }
  }
  a0 = alpha, b0 = beta;
  if (dh_match_legal(m, &legal) != DH_OK) {
    c->err = DH_E_RULE;
    return 0;
  }
  if (!legal) legal = m->hand[m->turn];   /* what playouts do: nothing legal, any card */
  if (!maximize && c->o->others == DH_SOLVE_OTHERS_GREEDY) {   /* the one card it plays */
    dh_card g;
    if (dh_policy_greedy(m, legal, &g) != DH_OK) {
      c->err = DH_E_RULE;
      return 0;
    }
    legal = dh_set_of(g);
  } else if (c->same_ok) {
    legal = distinct(c, m, legal);
  }
  best = maximize ? INT32_MIN : INT32_MAX;
  while (legal) {
    dh_card card = dh_card_at(dh_set_first(legal), layout);
    int32_t v;
    legal &= legal - 1;
    v = after(c, m, card, alpha, beta);
    if (c->err || c->stopped) return 0;
    if (maximize) {
      if (v > best) best = v;
      if (best > alpha) alpha = best;
    } else {
      if (v < best) best = v;
      if (best < beta) beta = best;
    }
    if (alpha >= beta) break;
  }
  if (e) {   /* what this search proved: an exact value, or a bound */
    int32_t lo = NO_LO, hi = NO_HI;
    if (e->key == key) lo = e->lo, hi = e->hi;
    int32_t rest = best - taken;
    if (best <= a0) hi = rest;
    else if (best >= b0) lo = rest;
    else lo = hi = rest;
    e->key = key, e->lo = lo, e->hi = hi;
  }
  return best;
}

/* sets up a solve of m: the fast search in f when it applies (c->fast),
** else the generic one in c */
static int start(search *c, dh_fast *f, const dh_match *m, const dh_solve_opts *o, dh_solve_opts *def) {
  int s, generic;
  if (!o) {
    dh_solve_defaults(def);
    o = def;
  }
  memset(c, 0, sizeof *c);
  c->o = o;
  c->deadline = o->seconds > 0 ? dh_clock_now() + o->seconds : 0;
  generic = o->generic;
  if (m->phase != DH_PHASE_PLAY) return DH_E_WRONG_PHASE;
  memcpy(c->team, m->team, sizeof c->team);
  c->mover = m->turn;
  c->side = m->rules->side_of[m->turn];   /* the points go to the rules' sides */
  c->hand = m->hand_no;
  c->points = o->objective == DH_SOLVE_POINTS || o->objective == DH_SOLVE_MARGIN;
  c->margin = o->objective == DH_SOLVE_MARGIN;
  c->low = c->points && m->rules->low_wins;
  for (s = 0; s < m->nseats; s++)
    if (m->team[s] == m->team[m->turn]) c->base += m->tricks[s];
  if (o->others == DH_SOLVE_OTHERS_GREEDY) generic = 1;   /* the fast search plays best against best */
  if (!generic && dh_fast_setup(f, m, o)) {
    c->fast = 1;
    f->deadline = c->deadline;
    return DH_OK;
  }
  if (!generic && c->points) {
    dh_solve_opts t = *o;
    t.objective = DH_SOLVE_TRICKS;
    t.guess = 0;   /* a guess of points is no guess of tricks */
    if (dh_fast_setup(f, m, &t) && tricks_decide(c, m, f->left)) {
      f->deadline = c->deadline;
      c->fast = c->by_tricks = 1;
      return DH_OK;
    }
  }
  same_setup(c, m);
  c->key_taken = counts_cards(m->rules, dh_rules_root(m->rules, DH_RULE_POINTS));
  /* bounds are tricks to come: a table pays; points need the path, which
     the key then holds (the cards each seat took) when the points rule
     reads no more of it.  The largest power of two of entries the memory
     holds. */
  if ((!c->points || points_of_taken(m->rules, dh_rules_root(m->rules, DH_RULE_POINTS))) &&
      o->table && o->table_bytes >= dh_solve_table_bytes(4)) {
    size_t n = 16;
    while (n * 2 * sizeof(entry) <= o->table_bytes && n < ((size_t)1 << 26)) n *= 2;
    c->tt = (entry *)o->table;
    memset(c->tt, 0, n * sizeof(entry));
    c->mask = (uint64_t)n - 1;
  }
  return DH_OK;
}

void dh_solve_table_reset(void *table, size_t bytes) {
  dh_fast_forget(table, bytes);   /* the generic search clears what it uses at each start */
}

int dh_solve(const dh_match *m, const dh_solve_opts *o, dh_solve_result *out) {
  search c;
  dh_solve_opts def;
  int32_t v;
  dh_fast f;
  int err = start(&c, &f, m, o, &def);
  memset(out, 0, sizeof *out);
  if (err != DH_OK) return err;
  if (c.fast) {
    out->value = dh_fast_value(&f, &out->exact);
    if (c.by_tricks) out->value = by_tricks_value(&c, out->value, f.left);
    out->nodes = f.nodes;
    return DH_OK;
  }
  v = run(&c, m, INT32_MIN + 1, INT32_MAX);
  if (c.err) return c.err;
  out->value = c.low ? -v : v;
  out->nodes = c.nodes;
  out->exact = !c.stopped;
  return DH_OK;
}

/* the best of n values for the seat to move (o's low: the fewest) */
static int32_t best_of(const int32_t *values, int n, int low) {
  int32_t b = n ? values[0] : 0;
  int i;
  for (i = 1; i < n; i++)
    if (low ? values[i] < b : values[i] > b) b = values[i];
  return b;
}

int dh_solve_moves(const dh_match *m, const dh_solve_opts *o, dh_card *cards, int32_t *values,
                   int room, dh_solve_result *stats) {
  search c;
  dh_solve_opts def;
  dh_cardset legal;
  dh_fast f;
  int n = 0, layout = m->rules->deck.layout;
  int err = start(&c, &f, m, o, &def);
  if (stats) memset(stats, 0, sizeof *stats);
  if (err != DH_OK) return -err;
  if (dh_match_legal(m, &legal) != DH_OK) return -DH_E_RULE;
  if (!legal) legal = m->hand[m->turn];
  if (c.fast) {
    int guess = -1;
    for (; legal && n < room; legal &= legal - 1) {
      int exact, pos = dh_set_first(legal);
      cards[n] = dh_card_at(pos, layout);
      /* the card before's value a likely one for this card too */
      guess = values[n] = dh_fast_value_after(&f, pos, guess, &exact);
      if (c.by_tricks) values[n] = by_tricks_value(&c, values[n], f.left);
      n++;
    }
    if (stats) {
      stats->nodes = f.nodes;
      stats->exact = !f.stopped;
      stats->value = best_of(values, n, c.low);
    }
    return n;
  }
  while (legal && n < room) {
    dh_card card = dh_card_at(dh_set_first(legal), layout);
    int32_t v;
    legal &= legal - 1;
    v = after(&c, m, card, INT32_MIN + 1, INT32_MAX);   /* an exact value for each */
    if (c.err) break;
    cards[n] = card;
    values[n++] = c.low ? -v : v;
  }
  if (c.err) return -c.err;
  if (stats) {
    stats->nodes = c.nodes;
    stats->exact = !c.stopped;
    stats->value = best_of(values, n, c.low);
  }
  return n;
}
