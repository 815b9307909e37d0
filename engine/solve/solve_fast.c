/*
** solve_fast.c -- the search of a double-dummy solver for the common trick game
** (follow suit, optional trump, a suit not led until broken (Spades),
** four seats or fewer, tricks counted),
** with the techniques the published descriptions of DDS (Bo Haglund's
** double-dummy solver) name, written here afresh:
**
**  - a boolean search per target ("does the team take t tricks?"), the
**    value found by steps of one from a guess (zero-window search,
**    MTD(f));
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
**  - move ordering: the table's best lead first, then the lead that last
**    cut off with as many tricks left, then leads in the suits the
**    opponents hold fewest cards of (fewer answers, a smaller subtree),
**    to the partner's top card, sequences that force out the other
**    team's top card, not under one's own top card; cheap winners, low
**    cards on a partner's trick, sure tricks cashed, a card that forces
**    out the other team's best when the trick cannot be won, discards
**    from long suits.
**
** The state is a few words (solve_impl.h) changed and restored in place:
** nothing is allocated or copied per node.  The search's parts live in
** files of their own: fast_setup.c (the state read from a match),
** fast_bounds.c (bounds before a move is tried), fast_table.c (the
** transposition table); fast_impl.h holds what they share.
*/
#include <string.h>

#include "fast_impl.h"

/* a lead's worth lost per card the opponents hold in its suit (a lead's
** worth by kind of lead is 16 a step, 80..1120): the lengths decide
** first (160, 80 and 320 within 8% of each other, 0 2.4x the nodes) */
#define OPP_CARD 160
/* a lead's worth gained when it is the lead that last cut off with as
** many tricks left (a killer move: the refutation of one line is often
** the refutation of its neighbours; DDS weighs its last cut-off's card
** so).  Worth about 7 of the opponents' cards; for following cards the
** same bonus multiplies the nodes */
#define KILLER 1100
/* a lead's worth gained by a run of two cards or more topped by the
** suit's second card when the other team holds the top one (it forces
** the top card out, or wins; DDS weighs it high too): 5% fewer nodes on
** whole deals (15 and 60: within 1%) */
#define SEQUENCE 30
/* the same for any lead in a suit whose second and third cards the team
** holds, the other team the top one (40: within 1%) */
#define NEXT_TWO 20
/* a discard's worth gained per card the seat holds in its suit: from a
** long suit first (DDS's discard weights); 2 to 25 within 2%, 5 best */
#define DISCARD_LEN 5

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

/* ---------------------------------------------------------------- moves */

typedef struct move { int8_t bit, top; int32_t score; } move;

/* what the seats still to play to the trick can do, worked out once a
** node for every card the seat to play is scored by: the other team's
** best and second best cards of the suit led among those that follow
** suit (-1: none), whether one of them is void and holds a trump (it
** ruffs, or beats any card of the suit led) and its best such trump;
** whether the partner can still take the trick from its winner so far */
typedef struct later { int hi_led, hi2_led, ruffer, hi_ruff, pard; } later;

static void read_later(const dh_fast *f, later *lt) {
  int i, y = f->turn, me = f->turn;
  unsigned opp = 0;   /* the other team's cards of the suit led, of those to follow */
  lt->hi_ruff = -1, lt->ruffer = lt->pard = 0;
  for (i = f->n + 1; i < f->np; i++) {
    unsigned led, tr;
    y = y + 1 == f->np ? 0 : y + 1;
    led = lane(f->hand[y], f->led);
    tr = f->trump == NONE ? 0 : lane(f->hand[y], f->trump);
    if (f->max[y] == f->max[me]) {
      if (led ? f->wsuit == f->led && (led >> (f->wrank + 1)) != 0
              : tr && (f->wsuit != f->trump || (tr >> (f->wrank + 1)) != 0)) lt->pard = 1;
    } else if (led) {
      opp |= led;
    } else if (tr) {
      lt->ruffer = 1;
      if (top_bit(tr) > lt->hi_ruff) lt->hi_ruff = top_bit(tr);
    }
  }
  lt->hi_led = opp ? top_bit(opp) : -1;
  lt->hi2_led = opp & (opp - 1) ? top_bit(opp & ~(1u << lt->hi_led)) : -1;
}

/* does a seat of the other team still to play beat card (s, r)?  (s is
** the suit led or the trump suit: the cards that can win) */
static int topped(const dh_fast *f, const later *lt, int s, int r) {
  if (s == f->led) return lt->hi_led > r || lt->ruffer;
  return s == f->trump ? lt->hi_ruff > r : lt->ruffer;
}

/* a lead's worth, guessed: cash a sure winner, lead to partner's winner
** or a ruff of partner's, draw trumps with the top trump, else low from
** length, not under one's own top card; not into an opponent's ruff.
** Above all, a suit the opponents hold few cards of (a void counts as
** every card: it discards any): their answers are fewer, and the subtree
** to refute or prove the lead smaller (DDS's suit weight, the opponents'
** lengths; 2.4x fewer nodes on whole deals, bench/solve_nodes.sh).
** Worked out once a suit: a run's worth is its kind's less its lowest
** card's rank */
static void lead_worth(const dh_fast *f, int me, int s, unsigned in, int worth[3]) {
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
  /* worth[1]: the run with the suit's top card; worth[2]: a run of two
     or more with its second card; worth[0]: the others */
  worth[1] = (opp_ruff ? 15 : s == f->trump ? 65 : 70) * 16 - OPP_CARD * opp;
  /* a low card of a suit the leader tops itself gives the other team a
     cheap trick or wastes its top card's entry: after the opponents'
     suits (DDS weighs it low too; 4% fewer nodes on whole deals than at
     the partner's 55, notrump 8%) */
  if (owner == me) worth[0] = opp_ruff ? 12 : 0;
  /* to the partner's top card before cashing one's own (the partner's
     entry used while it lasts: 76 against 55, 1.1% and 2.9% fewer nodes
     on seeds 1-20 and 21-60 of bench/solve_nodes.sh -k 13) */
  else if (f->max[owner] == f->max[me]) worth[0] = opp_ruff ? 12 : 76;
  else if (pard_ruff && !opp_ruff) worth[0] = 50;
  else worth[0] = opp_ruff ? 5 : 25 + __builtin_popcount(lane(f->hand[me], s));
  worth[0] = worth[0] * 16 - OPP_CARD * opp;
  if (f->np == 4 && f->max[owner] != f->max[me] && __builtin_popcount(in) >= 3) {
    /* the team holds the suit's second and third cards: once the top
       one is gone, the suit is the team's (DDS weighs it up too; 1% and
       3% fewer nodes on seeds 1-20 and 21-60, notrump 9% on 21-60) */
    int sec = top_bit(in & ~(1u << top)), third = top_bit(in & ~(1u << top) & ~(1u << sec));
    unsigned team = lane(f->hand[me] | f->hand[(me + 2) & 3], s);
    if ((team >> sec & 1) && (team >> third & 1)) worth[0] += NEXT_TWO * 16;
  }
  worth[2] = worth[0] + (f->max[owner] != f->max[me] ? SEQUENCE * 16 : 0);
}

/* a card's worth following, guessed: nothing over a partner's sure
** trick; else the cheapest card that takes the trick for sure, a card
** that wins for now (low when the partner can still take the trick),
** the lowest */
static int follow_score(const dh_fast *f, const later *lt, int me, int s, int r, int run_top) {
  int wins = beats(f, s, run_top);
  if (f->max[f->wseat] == f->max[me]) {
    if (!topped(f, lt, f->wsuit, f->wrank)) return wins ? -400 - r : 200 - r;
    if (wins && !topped(f, lt, s, run_top)) return 600 - r;
    /* a partner's card the next hand can beat: over it with the highest
       card first (it drives out the other team's best), then low (low
       first, then over it: 4% and 5% more nodes on seeds 1-20 and
       21-60; the lowest over it first: 5% and 4% more) */
    return wins ? 160 + r : 150 - r;
  }
  if (wins && !topped(f, lt, s, run_top)) return 800 - r;
  /* second hand low: its partner can still take the trick; made to
     beat the card led, the lowest card that does (the highest first:
     4% and 13% more nodes on seeds 1-20 and 21-60).  Void in the suit
     led, a ruff the next hand may overruff comes before the discards,
     the highest trump first (after them: 1.5% more nodes on seeds 21-60;
     the lowest first: 0.3-0.5% more on the three benches) */
  if (lt->pard) {
    if (wins && s != f->led) return 300 + r;
    return wins ? 100 - r : 200 - r;
  }
  /* the partner cannot take the trick, and a later hand of the other
     team beats every card that wins for now: the lowest that beats all
     but its best card first (it forces that card out: DDS's weights do
     so), then the highest.  -0.8% / -3.9% / -3.1% nodes on seeds 1-20 /
     21-60 / 61-100 of bench/solve_nodes.sh -k 13, notrump -2% / -11%;
     nearly all of it at the second hand (the third's alone: -0.2% /
     -0.4%) */
  if (wins && s == f->led && run_top > lt->hi2_led) return 330 - r;
  if (wins) return 300 + r;
  return 100 - r - (s == f->trump ? 50 : 0);
}

/* the moves of the seat to play, each with its guessed worth (search takes
** them best first); the count */
static int gen_moves(const dh_fast *f, move *mv, int best) {
  int me = f->turn, s, n = 0, s0 = 0, s1 = 4;
  uint64_t hand = f->hand[me], all = f->hand[0] | f->hand[1] | f->hand[2] | f->hand[3] | f->intrick;
  uint64_t legal = hand;
  const uint32_t *hist = f->hist[me];
  later lt;
  if (f->n > 0) {
    read_later(f, &lt);
    if (hand >> (16 * f->led) & LANE) s0 = f->led, s1 = f->led + 1;   /* follows suit */
  } else if (barred(f, me)) legal = hand & ~((uint64_t)LANE << (16 * f->lock));
  for (s = s0; s < s1; s++) {
    unsigned mine = lane(legal, s), in = lane(all, s), packed;
    int worth[3] = { 0, 0, 0 }, top, second = -1, extra = 0;
    if (!mine) continue;
    top = top_bit(in);
    if (f->n == 0) {
      lead_worth(f, me, s, in, worth);   /* the suit's part, once */
      if (in & (in - 1)) second = top_bit(in & ~(1u << top));
    } else if (s != f->led && s != f->trump) extra = DISCARD_LEN * __builtin_popcount(mine);
    /* a run of cards with no other card in play between them is one
       move: its lowest card, worth its top card (packed: ranks among the
       cards in play) */
    for (packed = pack(mine, in); packed;) {
      int k = __builtin_ctz(packed), len = __builtin_ctz(~(packed >> k));
      int r = select_rank(in, k), run_top = select_rank(in, k + len - 1), b = 16 * s + r;
      int32_t sc;
      uint32_t h = hist[b] >> 4;
      packed &= ~(((1u << len) - 1) << k);
      if (f->n == 0) {
        sc = worth[run_top == top ? 1 : run_top == second && len > 1 ? 2 : 0] - r;
        if (b == f->killer[f->left]) sc += KILLER;
      } else sc = follow_score(f, &lt, me, s, r, run_top) + extra;
      sc = b == best ? INT32_MAX : sc * 4096 + (int32_t)(h < 4095 ? h : 4095);
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

/* at most the quick tricks seat L may count (dh_fast_quick): the cards
** it holds in the suits it tops, but those of skip */
static int quick_most(const dh_fast *f, int L, int skip) {
  uint64_t all = f->hand[0] | f->hand[1] | f->hand[2] | f->hand[3];
  int s, most = 0;
  for (s = 0; s < 4; s++) {
    unsigned mine = lane(f->hand[L], s);
    if (mine && !(skip >> s & 1) && mine >> top_bit(lane(all, s)) & 1) most += __builtin_popcount(mine);
  }
  return most;
}

/* when card b is a lead gen_moves makes here (a legal card, the lowest
** of its run of equivalent cards), the top of its run; else -1 (the
** table's best lead comes from positions alike, not always this one) */
static int lead_run(const dh_fast *f, int b) {
  int me = f->turn, s = b >> 4, r = b & 15, t = r;
  unsigned mine = lane(f->hand[me], s), in, below, above;
  if (!(mine >> r & 1) || barred(f, me) >> s & 1) return -1;
  in = lane(f->hand[0] | f->hand[1] | f->hand[2] | f->hand[3], s);
  below = in & ((1u << r) - 1);
  if (below && mine >> top_bit(below) & 1) return -1;
  while ((above = in & ~((2u << t) - 1)) != 0 && mine >> __builtin_ctz(above) & 1) t = __builtin_ctz(above);
  return t;
}

static int search(dh_fast *f, int target, uint64_t *rel) {
  move mv[16];
  int n, i, maximize = f->max[f->turn], best = -1, result = !maximize, cut = -1;
  int8_t floor_of[4] = { -1, -1, -1, -1 };   /* per suit: runs whose top is below it are settled */
  int generated = 0, top;
  uint64_t acc = 0;
  shape sh;
  if (f->n == 0) {
    int q, need, own;
    unsigned tr;
    uint64_t qrel = 0;
    if (f->left == 1) return last_trick(f, target, rel);
    need = maximize ? target : f->left - target + 1;
    /* a locked suit is not counted for a seat that may not lead it (it
       may be broken on the way: fewer tricks counted, never more).  The
       count is made only when it may reach need (else later, if the
       partner's count below wants it) */
    own = quick_most(f, f->turn, barred(f, f->turn)) >= need ? dh_fast_quick(f, f->turn, need, 0, barred(f, f->turn), &qrel) : -1;
    q = own < 0 ? 0 : own;
    if (q < need && f->np == 4 && f->max[(f->turn + 2) & 3] == f->max[f->turn]) {
      /* the partner's quick tricks, reached by a lead to its top cards */
      int s, suits = 0, pard = (f->turn + 2) & 3, entry = 0;
      uint64_t own_rel = qrel;   /* short of need: every suit counted */
      uint64_t all = f->hand[0] | f->hand[1] | f->hand[2] | f->hand[3];
      for (s = 0; s < 4; s++)
        if (lane(f->hand[f->turn], s)) {
          suits |= 1 << s;
          entry |= (int)(lane(f->hand[pard], s) >> top_bit(lane(all, s)) & 1) << s;
        }
      suits &= ~barred(f, f->turn);
      /* the counts need a suit of the leader's whose top card is the
         partner's (its entry): without one they find no trick, and are
         skipped (a third of the counts on whole deals) */
      if (entry & suits) {
        int most = quick_most(f, pard, barred(f, pard));   /* the partner's counts reach no further */
        if (most >= need) {
          qrel = 0;
          q = dh_fast_quick(f, pard, need, suits, barred(f, pard), &qrel);
        }
        if (q < need && own < 0 && !dh_fast_opp_trumps(f)) {
          own_rel = 0;
          own = dh_fast_quick(f, f->turn, need, 0, barred(f, f->turn), &own_rel);
        }
        if (q < need && own > 0 && most >= need - own && !dh_fast_opp_trumps(f)) {
          /* both: the leader cashes its own first, then crosses to the
             partner's.  No one can ruff, so only the partner's discards
             could cost a trick; it holds need - own winners that are
             relied on and discards among its other left - need + own >=
             own cards */
          uint64_t prel = 0;
          if (dh_fast_quick(f, pard, need - own, suits, barred(f, pard), &prel) >= need - own) {
            q = need;
            qrel = own_rel | prel;
          }
        }
      }
    }
    if (q >= need) { *rel = qrel; return maximize; }
    /* sure top trumps: only the team holding the top trump has any */
    if (f->trump != NONE && (tr = lane(f->hand[0] | f->hand[1] | f->hand[2] | f->hand[3], f->trump)) != 0) {
      int x = 0;
      while (!(lane(f->hand[x], f->trump) >> top_bit(tr) & 1)) x++;
      qrel = 0;
      if (f->max[x] && dh_fast_top_trumps(f, 1, target, &qrel) >= target) { *rel = qrel; return 1; }   /* the root team's */
      if (!f->max[x] && f->left - dh_fast_top_trumps(f, 0, f->left - target + 1, &qrel) < target) { *rel = qrel; return 0; }   /* the other's */
    }
    qrel = 0;
    /* one team needs every trick left: the other's trump trick */
    if (target == f->left && dh_fast_trump_trick(f, 0, &qrel)) { *rel = qrel; return 0; }
    if (target == 1 && dh_fast_trump_trick(f, 1, &qrel)) { *rel = qrel; return 1; }
    qrel = 0;
    /* the leader's team needs every trick left: can it take them?  (In
       notrump, or once the trumps are out: 1.7% fewer nodes on whole
       deals than in notrump only) */
    if ((maximize ? target == f->left : target == 1) &&
        (f->trump == NONE || !lane(f->hand[0] | f->hand[1] | f->hand[2] | f->hand[3], f->trump)) &&
        !dh_fast_all_possible(f, &qrel)) {
      *rel = qrel;
      return !maximize;
    }
    if (f->tt) {
      int hit;
      dh_fast_shape(f, &sh);
      dh_fast_locate(f, &sh);
      if ((hit = dh_fast_probe(f, &sh, target, rel, &best)) >= 0) return hit;
    }
  }
  if (f->n == 1 && f->np == 4 && f->max[(f->turn + 2) & 3] == maximize) {
    uint64_t qrel = 0;
    int need = maximize ? target : f->left - target + 1, winner = -1;
    /* the tricks the second hand's team needs: this one, and the
       winner's quick tricks in the other suits after it (the other
       hands only lose cards meanwhile: the third follows suit, or has
       no trump and discards; a ruff leaves the next leader unknown) */
    if (dh_fast_second_wins(f, &winner, &qrel) &&
        (need <= 1 || (winner >= 0 && 1 + dh_fast_quick(f, winner, need - 1, 0, 1 << f->led | barred(f, winner), &qrel) >= need))) {
      *rel = qrel;
      return maximize;
    }
  }
  /* the table's lead, when it is a move here, is tried before the others
     are generated (it is their first anyway, and cuts off often) */
  n = 0;
  if (best >= 0 && (top = lead_run(f, best)) >= 0) {
    mv[0].bit = (int8_t)best, mv[0].top = (int8_t)top, mv[0].score = INT32_MAX;
    n = 1;
  }
  for (i = 0;; i++) {
    undo u;
    uint64_t r = 0, cards;
    int bit, s, got, v, ended, wsuit, wrank;
    if (i == n) {
      int j;
      if (generated) break;
      generated = 1;
      j = gen_moves(f, mv + n, best);
      if (n) {
        /* the rest, without the lead tried, in the order they would
           have after it was taken first from the whole list */
        int k;
        for (k = 1; k <= j && mv[k].bit != best; k++) {}
        if (k <= j) {
          mv[k] = mv[1];
          memmove(mv + 1, mv + 2, (size_t)(j - 1) * sizeof *mv);
          j--;
        }
      }
      n += j;
      if (i == n) break;
    }
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
      if (f->n == 0) f->killer[f->left] = (int8_t)bit;
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
  if (f->tt && f->n == 0) dh_fast_store(f, &sh, acc, target, result, cut);
  return result;
}

static int ab(dh_fast *f, int target, uint64_t *rel) {
  *rel = 0;
  if (target <= 0) return 1;
  if (target > f->left) return 0;
  if (f->stopped) return 0;
  if (f->nodes >= f->look_at && dh_solve_spent(f->nodes, f->max_nodes, f->deadline, &f->look_at)) {
    f->stopped = 1;
    return 0;
  }
  f->nodes++;
  return search(f, target, rel);
}

/* a guess of the root team's tricks when none is given: the tricks left
** shared as the top four cards of each suit still in play are, counted
** 4, 3, 2, 1 (a bridge player's points), and half a trick for each trump
** it holds more than the other team, rounded down (on whole deals the
** value is this or one more 63% of the time, 2 or more below it 5%) */
static int estimate(const dh_fast *f) {
  uint64_t all = f->hand[0] | f->hand[1] | f->hand[2] | f->hand[3];
  int s, x, j, ours = 0, total = 0, trumps = 0;
  for (s = 0; s < 4; s++) {
    unsigned u = lane(all, s);
    for (j = 4; j > 0 && u; j--) {
      int top = top_bit(u);
      u &= ~(1u << top);
      total += j;
      for (x = 0; x < f->np; x++)
        if (f->max[x] && (lane(f->hand[x], s) >> top & 1)) ours += j;
    }
    if (s == f->trump)
      for (x = 0; x < f->np; x++)
        trumps += (f->max[x] ? 1 : -1) * __builtin_popcount(lane(f->hand[x], s));
  }
  if (!total) return 0;   /* no card left (after the last one, in dh_fast_value_after) */
  j = 2 * f->left * ours + trumps * total;   /* twice the guess, times total */
  j = j < 0 ? 0 : j / (2 * total);
  return j > f->left ? f->left : j;
}

/* the value from boolean searches, as MTD(f) finds it: a first target,
** then one trick at a time towards the value (up after a success, down
** after a failure), so that the costliest probe, the proof that the team
** cannot take one trick more than the value, is made once.  The first
** target is one above the guess: made first, that proof leaves entries
** in the table that the one at the value reuses, and the guesses given
** (from the leader before in the same strain) were the value or below it
** in all 300 such solves measured (docs/performance.md).  No guess: the
** estimate above */
static int32_t probes(dh_fast *f, int guess, int *exact) {
  int lo = 0, hi = f->left, t;
  uint64_t rel;
  t = (guess >= 0 && guess <= hi ? guess : estimate(f)) + 1;
  if (t > hi) t = hi;
  while (lo < hi && !f->stopped) {
    if (t <= lo) t = lo + 1;
    if (ab(f, t, &rel)) lo = t, t = t + 1;
    else if (!f->stopped) hi = t - 1, t = t - 1;
  }
  *exact = !f->stopped;
  return lo;
}

/* with no guess given, a solve from a trick start takes the last value
** found on the same table in the same context (trump, seats, coalition)
** and tricks left: a deal's leaders solved one after the other (as 20
** single solves a deal are) guess as dh_solve_bridge_table's do, each
** from the one before, the same coalition's tricks.  A guess from another
** deal only costs a probe or two */
int32_t dh_fast_value(dh_fast *f, int *exact) {
  fhead *h = f->tt && f->n == 0 ? (fhead *)(void *)((char *)f->tt - HEAD_ROOM) : NULL;
  uint64_t key = 1u << 31 | (uint32_t)f->ctx << 8 | (uint32_t)f->left << 4, cards = 0;
  int guess = f->guess, x;
  int32_t v;
  if (!h) return probes(f, guess, exact);
  for (x = 0; x < f->np; x++) cards += mix(f->hand[x] + f->cidx[x]);   /* the hands by seat, whoever leads */
  key |= cards >> 32 << 32;
  if (guess < 0 && (h->last[f->trump] & ~UINT64_C(15)) == key) {
    guess = (int)(h->last[f->trump] & 15);
    if (f->flip) guess = f->left - guess;
  }
  v = probes(f, guess, exact);
  if (*exact) h->last[f->trump] = key | (uint32_t)(f->flip ? f->left - v : v);
  return v;
}

int32_t dh_fast_value_after(dh_fast *f, int pos, int guess, int *exact) {
  undo u;
  int bit = f->bit_of[pos & 63], got = make(f, bit, &u);
  int32_t v = got + probes(f, guess < 0 ? -1 : guess - got, exact);
  unmake(f, bit, &u);
  return v;
}
