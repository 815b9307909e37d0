/*
** equity.c -- showdown equity by enumeration or Monte Carlo (equity.h).
**
** Hands are valued from hand sums (poker_impl.h): each player's hole cards
** and the board keep their sums beside their card sets, the board's built
** a card at a time as the boards are enumerated or drawn, so a player's
** hand is one addition and its value the key's two loads, with no branch
** for flushes.
**
** Here: checking the request, the Omaha enumeration and Monte Carlo, and
** the results.  Hold'em has loops of its own: enumeration in
** equity_enum.c, Monte Carlo in equity_mc.c (score below still values
** Hold'em hands too, though no Hold'em run comes here now).
*/
#include <math.h>
#include <string.h>

#include "equity_impl.h"
#include "poker_impl.h"
#include "rng.h"

/* the most hands tried when searching for one possible deal */
#define SEARCH_BUDGET UINT64_C(4000000)
/* Monte Carlo gives up as "no deal" when its first this many assignments
** all clash */
#define NODEAL_TRIES (UINT64_C(1) << 20)


/* the hand sum of a card set */
static uint64_t sum_of(dh_cardset s) {
  uint64_t sum = 0;
  for (; s; s &= s - 1) sum += dh_poker_card_sum((dh_card)dh_set_first(s));
  return sum;
}

static void set_hole(run *r, int p, dh_cardset c) {
  r->hole[p] = c;
  r->hole_sum[p] = sum_of(c);
  if (r->omaha) {
    dh_cardset cs[4];
    int i, j, k = 0;
    for (i = 0; i < 4; i++) { cs[i] = c & (~c + 1); c &= c - 1; }
    for (i = 0; i < 4; i++)
      for (j = i + 1; j < 4; j++) {
        r->pair_sum[p][k] = sum_of(cs[i] | cs[j]);
        r->pairs[p][k++] = cs[i] | cs[j];
      }
  }
}

/* the value of the hand of cards `set` whose hand sum is `sum` */
static inline dh_hand_value value_of(uint64_t sum, dh_cardset set) {
  return dh_poker_key_value(dh_poker_sum_key(sum, set));
}

/* Omaha: the best of two hole cards (six ways) and three of the board (ten) */
static dh_hand_value omaha_value(const run *r, int p, const dh_cardset tri[10],
                                 const uint64_t tri_sum[10]) {
  dh_hand_value best = 0;
  int i, j;
  for (i = 0; i < 6; i++)
    for (j = 0; j < 10; j++) {
      dh_hand_value v = value_of(r->pair_sum[p][i] + tri_sum[j], r->pairs[p][i] | tri[j]);
      if (v > best) best = v;
    }
  return best;
}

/* one trial: every player's hand against the complete board, whose hand
** sum is board_sum */
static void score(run *r, dh_cardset board, uint64_t board_sum) {
  dh_equity_result *res = r->res;
  dh_hand_value v[DH_EQ_MAXPLAYERS], best = 0;
  int p, k = 0;
  if (r->omaha) {
    dh_cardset b[5], tri[10];
    uint64_t bs[5], tri_sum[10];
    int i, j, l, t = 0;
    for (i = 0; i < 5; i++) {
      b[i] = board & (~board + 1);
      bs[i] = dh_poker_card_sum((dh_card)dh_set_first(board));
      board &= board - 1;
    }
    for (i = 0; i < 5; i++)
      for (j = i + 1; j < 5; j++)
        for (l = j + 1; l < 5; l++) {
          tri_sum[t] = bs[i] + bs[j] + bs[l];
          tri[t++] = b[i] | b[j] | b[l];
        }
    for (p = 0; p < r->np; p++) v[p] = omaha_value(r, p, tri, tri_sum);
  } else {
    for (p = 0; p < r->np; p++) v[p] = value_of(board_sum + r->hole_sum[p], board | r->hole[p]);
  }
  for (p = 0; p < r->np; p++) {
    if (v[p] > best) { best = v[p]; k = 1; }
    else if (v[p] == best) k++;
  }
  for (p = 0; p < r->np; p++)
    if (v[p] == best) {
      uint64_t u = DH_EQ_UNIT / (uint64_t)k;
      if (k == 1) res->wins[p]++; else res->ties[p]++;
      res->units[p] += u;
      r->sq[p] += u * u;
    }
  if (++res->trials == r->next_check) dh_eq_check(r);
}

/* every way to take `need` more cards of avail[start..n) */
static void enum_boards(run *r, const dh_card *avail, int n, int start, int need, dh_cardset board,
                        uint64_t board_sum) {
  int i;
  if (need == 0) { score(r, board, board_sum); return; }
  if (need == 1) {  /* the last card: no call per board */
    for (i = start; i < n && !r->ended; i++)
      score(r, board | dh_set_of(avail[i]), board_sum + dh_poker_card_sum(avail[i]));
    return;
  }
  for (i = start; i <= n - need && !r->ended; i++)
    enum_boards(r, avail, n, i + 1, need - 1, board | dh_set_of(avail[i]),
                board_sum + dh_poker_card_sum(avail[i]));
}

static int list_cards(dh_cardset s, dh_card *out) {
  int n = 0;
  for (; s; s &= s - 1) out[n++] = (dh_card)dh_set_first(s);
  return n;
}

/* every assignment of combinations to players p.. that uses no card twice */
static void enum_assign(run *r, int p, dh_cardset used) {
  const dh_range *rg;
  int i;
  if (p == r->np) {   /* the pieces for threads: each first board card */
    dh_card avail[52];
    dh_cardset board = r->req->board;
    uint64_t sum = sum_of(board);
    int n = list_cards(DH_FRENCH52 & ~used, avail), need = 5 - dh_set_count(board);
    if (need == 0) {
      if (dh_eq_mine(r)) score(r, board, sum);
      return;
    }
    for (i = 0; i <= n - need && !r->ended; i++)
      if (dh_eq_mine(r))
        enum_boards(r, avail, n, i + 1, need - 1, board | dh_set_of(avail[i]),
                    sum + dh_poker_card_sum(avail[i]));
    return;
  }
  rg = r->req->player[p];
  if (rg->nitems > 0) {  /* a union of items: every free hand that fits */
    dh_quads qs;
    dh_cardset h;
    dh_quads_start(&qs, DH_FRENCH52 & ~used);
    while (!r->ended && (h = dh_quads_next(&qs)) != 0)
      if (dh_range_has(rg, h)) {
        set_hole(r, p, h);
        enum_assign(r, p + 1, used | h);
      }
    return;
  }
  for (i = 0; i < rg->n && !r->ended; i++)
    if (!(rg->combo[i] & used)) {
      set_hole(r, p, rg->combo[i]);
      enum_assign(r, p + 1, used | rg->combo[i]);
    }
}

/* what a count of assignments may spend: hands tried (budget; a count
** that runs out leaves it 0) and, for a run with a time budget, its
** deadline, looked at every 65,536 hands (0: none) */
typedef struct spend { uint64_t budget; double deadline; } spend;

/* one more hand tried: 0 when the count must stop */
static int spent(spend *s) {
  if (s->budget == 0) return 0;
  s->budget--;
  if ((s->budget & 0xFFFF) == 0 && s->deadline > 0 && dh_clock_now() > s->deadline) s->budget = 0;
  return 1;
}

/* the number of assignments from player p on, at most limit (for the
** exact total, and to learn whether there is any) */
static uint64_t count_assign(const dh_equity_req *q, int p, dh_cardset used, uint64_t limit,
                             spend *s) {
  uint64_t n = 0;
  int i;
  if (p == q->nplayers) return 1;
  if (q->player[p]->nitems > 0) {
    dh_quads qs;
    dh_cardset h;
    dh_quads_start(&qs, DH_FRENCH52 & ~used);
    while (n < limit && (h = dh_quads_next(&qs)) != 0) {
      if (!spent(s)) return n;
      if (dh_range_has(q->player[p], h)) n += count_assign(q, p + 1, used | h, limit - n, s);
    }
    return n;
  }
  for (i = 0; i < q->player[p]->n && n < limit; i++) {
    if (!spent(s)) return n;
    if (!(q->player[p]->combo[i] & used))
      n += count_assign(q, p + 1, used | q->player[p]->combo[i], limit - n, s);
  }
  return n;
}

static uint64_t choose(int n, int k) {
  uint64_t c = 1;
  int i;
  if (k < 0 || k > n) return 0;
  for (i = 1; i <= k; i++) c = c * (uint64_t)(n - k + i) / (uint64_t)i;
  return c;
}

static int hole_size(const dh_equity_req *q) { return q->game == DH_GAME_OMAHA ? 4 : 2; }

static uint64_t sat_mul(uint64_t a, uint64_t b) {
  if (a && b > UINT64_MAX / a) return UINT64_MAX;
  return a * b;
}

uint64_t dh_equity_trials(const dh_equity_req *q) {
  dh_cardset gone = q->board | q->dead;
  int p, left = 52 - dh_set_count(gone) - q->nplayers * hole_size(q);
  uint64_t t = choose(left, 5 - dh_set_count(q->board));
  for (p = 0; p < q->nplayers; p++) t = sat_mul(t, dh_range_count(q->player[p], gone));
  return t;
}

/* the request is sound: sizes, and no card in two places */
static int validate(const dh_equity_req *q, dh_equity_result *res) {
  spend search = { SEARCH_BUDGET, 0 };
  dh_cardset seen, gone = q->board | q->dead;
  int p, b = dh_set_count(q->board), h = hole_size(q);
  if (q->threads < 0 || q->threads > DH_EQ_MAXTHREADS) return DH_EQ_ETHREADS;
  if (q->force < 0 || q->force > 2) return DH_EQ_EFORCE;
  if (q->nplayers < 2 || q->nplayers > DH_EQ_MAXPLAYERS) return DH_EQ_EPLAYERS;
  if (q->game != DH_GAME_HOLDEM && q->game != DH_GAME_OMAHA) return DH_EQ_EPLAYERS;
  if ((b != 0 && b < 3) || b > 5 || ((q->board | q->dead) & ~DH_FRENCH52)) return DH_EQ_EBOARD;
  if (q->board & q->dead) {
    res->bad_card = (dh_card)dh_set_first(q->board & q->dead);
    return DH_EQ_ETWICE;
  }
  seen = gone;
  for (p = 0; p < q->nplayers; p++) {
    const dh_range *rg = q->player[p];
    int i, live = 0;
    res->bad_player = p;
    if (rg->nitems > 0) {          /* items stand for four-card hands */
      if (h != 4 || rg->n != 0 || rg->nitems > DH_RANGE_ITEMS) return DH_EQ_EHAND;
      for (i = 0; i < rg->nitems; i++) {
        const dh_range_item *it = &rg->item[i];
        int j, k = dh_set_count(it->known);
        if (it->known & ~DH_FRENCH52 || it->nrank > 4) return DH_EQ_EHAND;
        for (j = 0; j < it->nrank; j++) k += it->need[j];
        if (k > 4) return DH_EQ_EHAND;
      }
      if (dh_range_count(rg, gone) == 0) return DH_EQ_EEMPTY;
      continue;
    }
    if (rg->n < 1) return DH_EQ_EEMPTY;
    for (i = 0; i < rg->n; i++) {
      if (dh_set_count(rg->combo[i]) != h || (rg->combo[i] & ~DH_FRENCH52)) return DH_EQ_EHAND;
      live += !(rg->combo[i] & gone);
    }
    if (rg->n == 1) {            /* known cards: none may be anywhere else */
      if (rg->combo[0] & seen) {
        res->bad_card = (dh_card)dh_set_first(rg->combo[0] & seen);
        return DH_EQ_ETWICE;
      }
      seen |= rg->combo[0];
    }
    if (!live) return DH_EQ_EEMPTY;
  }
  res->bad_player = -1;
  if (q->nplayers * h + 5 - b + dh_set_count(gone) > 52) return DH_EQ_ENODEAL;
  /* whether any deal exists; item ranges can make this search long, so it
  ** gives up after SEARCH_BUDGET hands, leaving a hopeless deal to be
  ** found out by the run (no trial enumerated; Monte Carlo: NODEAL_TRIES
  ** assignments in a row that clash) */
  if (count_assign(q, 0, gone, 1, &search) == 0 && search.budget > 0) return DH_EQ_ENODEAL;
  return 0;
}

/* out of line, like monte_carlo_items: the compiler lays out its loop
** best on its own (docs/performance.md) */
__attribute__((noinline)) static void monte_carlo(run *r) {
  const dh_equity_req *q = r->req;
  dh_equity_result *res = r->res;
  dh_cardset gone = q->board | q->dead;
  dh_card avail[52];
  int navail = list_cards(DH_FRENCH52 & ~gone, avail);
  int need = 5 - dh_set_count(q->board), p;
  uint64_t clashes = 0, given_sum = sum_of(q->board);
  dh_rng rng;
  dh_eq_seed(r, &rng);
  while (res->trials < res->total && !r->ended) {
    dh_cardset used = gone, board = q->board;
    uint64_t board_sum = given_sum;
    int i;
    /* a combination for each player, uniformly among the assignments that
    ** use no card twice: draw all, start over on a clash */
    for (p = 0; p < r->np; p++) {
      const dh_range *rg = q->player[p];
      dh_cardset c = rg->combo[rg->n == 1 ? 0 : dh_rng_below(&rng, (uint32_t)rg->n)];
      if (c & used) break;
      used |= c;
      set_hole(r, p, c);
    }
    if (p < r->np) {  /* ranges that clash often must still see the clock */
      if (++clashes % CHECK_EVERY == 0) dh_eq_late(r);
      continue;
    }
    for (i = 0; i < need; i++) {
      dh_card c;
      do c = avail[dh_rng_below(&rng, (uint32_t)navail)]; while (dh_set_has(used, c));
      used |= dh_set_of(c);
      board |= dh_set_of(c);
      board_sum += dh_poker_card_sum(c);
    }
    score(r, board, board_sum);
  }
}

/*
** Monte Carlo when some Omaha range is a union of items.  The trials are
** the same as the enumeration's, and uniform among them:
**   - known hands (a list of one) are in every trial: they join the cards
**     out before anything is drawn;
**   - an "open" range, one item of known cards and wildcards only (AsAhxx,
**     or any union holding xxxx, which is every hand), is dealt last: its
**     known cards must be free, then its wildcards come from the cards left.
**     However the other players' hands fall, the number of ways to finish
**     the deal (open wildcards and board) is the same, so dealing these
**     last keeps every trial equally likely;
**   - every other range is drawn independently and uniformly from its
**     hands among the cards left (lists as in monte_carlo; item unions with
**     item_draw), the whole assignment drawn again when two clash.
*/

static dh_cardset rank_cards(int rank) { return UINT64_C(0x0001000100010001) << (rank - 2); }

static uint64_t small_choose(int n, int k) {
  static const unsigned char c[5][5] = {
    { 1, 0, 0, 0, 0 }, { 1, 1, 0, 0, 0 }, { 1, 2, 1, 0, 0 }, { 1, 3, 3, 1, 0 }, { 1, 4, 6, 4, 1 }
  };
  return (n < 0 || n > 4 || k < 0 || k > 4) ? 0 : c[n][k];
}

/* a card of avail[0..n) not in taken, uniformly */
static dh_cardset draw_free(dh_rng *rng, const dh_card *avail, int n, dh_cardset taken) {
  dh_cardset c;
  do c = dh_set_of(avail[dh_rng_below(rng, (uint32_t)n)]); while (c & taken);
  return c;
}

/*
** One hand of an item, uniformly among its hands in `left` (avail lists
** left).  For each rank the needed cards are a uniform subset of that
** rank's free cards, then the wildcards a uniform subset of the rest.  A
** hand comes out in as many ways as its cards of each rank can supply the
** needed ones (prod C(count, need)): kept with probability 1 / that, every
** hand is equally likely; then the suit pattern is checked.
*/
static dh_cardset item_draw(const dh_range_item *it, dh_cardset left, const dh_card *avail,
                            int navail, dh_rng *rng) {
  for (;;) {
    dh_cardset h = it->known;
    uint64_t ways = 1;
    int j, w;
    for (j = 0; j < it->nrank; j++) {
      dh_cardset pool[4], p = left & rank_cards(it->rank[j]) & ~it->known;
      int n = 0, k;
      for (; p; p &= p - 1) pool[n++] = p & (~p + 1);
      for (k = 0; k < it->need[j]; k++) {   /* a partial shuffle */
        int x = k + (int)dh_rng_below(rng, (uint32_t)(n - k));
        dh_cardset t = pool[x];
        pool[x] = pool[k];
        pool[k] = t;
        h |= t;
      }
    }
    for (w = dh_set_count(h); w < 4; w++) h |= draw_free(rng, avail, navail, h);
    for (j = 0; j < it->nrank; j++)
      ways *= small_choose(dh_set_count(h & ~it->known & rank_cards(it->rank[j])), it->need[j]);
    if (ways > 1 && dh_rng_below(rng, (uint32_t)ways) != 0) continue;
    if (dh_range_item_has(it, h)) return h;   /* only the suits can fail here */
  }
}

/* a hand of a union of items, uniformly: an item chosen by its number of
** hands, a hand of it, kept only if no earlier item has it too (so a hand
** in several items is as likely as any other) */
static dh_cardset union_draw(const dh_range *rg, const uint32_t *cum, dh_cardset left,
                             const dh_card *avail, int navail, dh_rng *rng) {
  for (;;) {
    uint32_t t = dh_rng_below(rng, cum[rg->nitems - 1]);
    int i = 0, j;
    dh_cardset h;
    while (cum[i] <= t) i++;
    h = item_draw(&rg->item[i], left, avail, navail, rng);
    for (j = 0; j < i && !dh_range_item_has(&rg->item[j], h); j++) {}
    if (j == i) return h;
  }
}

/* the open ranges' item (NULL when the range is not open) */
static const dh_range_item *open_item(const dh_range *rg) {
  int i;
  if (rg->nitems == 0) return NULL;
  for (i = 0; i < rg->nitems; i++)   /* xxxx: every hand */
    if (!rg->item[i].known && !rg->item[i].nrank && !rg->item[i].suits) return &rg->item[i];
  if (rg->nitems == 1 && !rg->item[0].nrank && !rg->item[0].suits) return &rg->item[0];
  return NULL;
}

/* kept out of line: inlined beside monte_carlo, it made the Hold'em loop
** longer (docs/performance.md) */
__attribute__((noinline)) static void monte_carlo_items(run *r) {
  const dh_equity_req *q = r->req;
  dh_equity_result *res = r->res;
  dh_cardset gone = q->board | q->dead, left;
  const dh_range_item *open[DH_EQ_MAXPLAYERS];
  dh_card avail[52];
  int navail, need = 5 - dh_set_count(q->board), p;
  uint64_t clashes = 0;
  dh_rng rng;
  for (p = 0; p < r->np; p++)   /* known hands are out from the start */
    if (q->player[p]->n == 1) {
      gone |= q->player[p]->combo[0];
      set_hole(r, p, q->player[p]->combo[0]);
    }
  left = DH_FRENCH52 & ~gone;
  navail = list_cards(left, avail);
  for (p = 0; p < r->np; p++) {
    const dh_range *rg = q->player[p];
    open[p] = open_item(rg);
    if (rg->nitems > 0 && !open[p]) {   /* each item's hands among the cards left */
      dh_quads qs;
      dh_cardset h;
      uint32_t sum = 0;
      int i;
      memset(r->cum[p], 0, sizeof r->cum[p]);
      dh_quads_start(&qs, left);
      while ((h = dh_quads_next(&qs)) != 0)
        for (i = 0; i < rg->nitems; i++) r->cum[p][i] += (uint32_t)dh_range_item_has(&rg->item[i], h);
      for (i = 0; i < rg->nitems; i++) r->cum[p][i] = sum += r->cum[p][i];
      if (sum == 0) { res->ended = -1; return; }   /* no hand left: no deal */
    }
  }
  dh_eq_seed(r, &rng);
  while (res->trials < res->total && !r->ended) {
    dh_cardset used = gone, board = q->board;
    int i;
    for (p = 0; p < r->np; p++) {   /* the ranges drawn independently */
      const dh_range *rg = q->player[p];
      dh_cardset c;
      if (rg->n == 1 || open[p]) continue;
      c = rg->nitems ? union_draw(rg, r->cum[p], left, avail, navail, &rng)
                     : rg->combo[dh_rng_below(&rng, (uint32_t)rg->n)];
      if (c & used) break;
      used |= c;
      set_hole(r, p, c);
    }
    for (i = 0; p == r->np && i < r->np; i++) {   /* the open ranges' known cards */
      if (!open[i]) continue;
      if (open[i]->known & used) p = -1;
      else used |= open[i]->known;
    }
    if (p != r->np) {
      if (++clashes % CHECK_EVERY == 0) dh_eq_late(r);
      if (clashes >= NODEAL_TRIES && res->trials == 0) { res->ended = -1; return; }
      continue;
    }
    clashes = 0;
    for (p = 0; p < r->np; p++)
      if (open[p]) {
        dh_cardset h = open[p]->known;
        while (dh_set_count(h) < 4) h |= draw_free(&rng, avail, navail, used | h);
        used |= h;
        set_hole(r, p, h);
      }
    for (i = 0; i < need; i++) board |= draw_free(&rng, avail, navail, used | board);
    score(r, board, sum_of(board));
  }
}

/* one share of the run (the whole run with one thread) */
static void go(run *r) {
  const dh_equity_req *q = r->req;
  int p;
  if (r->res->exact) {
    if (r->omaha) enum_assign(r, 0, q->board | q->dead);
    else dh_eq_holdem_enum(r);
    return;
  }
  for (p = 0; p < r->np && q->player[p]->nitems == 0; p++) {}
  if (p == r->np && !r->omaha) dh_eq_holdem_mc(r);
  else if (p == r->np) monte_carlo(r);   /* lists only: known Omaha hands */
  else monte_carlo_items(r);
}

int dh_equity(const dh_equity_req *q, dh_equity_result *res) {
  run r;
  uint64_t bound, max_exact = q->max_exact ? q->max_exact : DH_EQ_MAX_EXACT;
  int p, e;
  memset(res, 0, sizeof *res);
  res->bad_card = DH_NO_CARD;
  if ((e = validate(q, res)) != 0) return e;
  memset(&r, 0, sizeof r);
  r.req = q;
  r.res = res;
  r.np = q->nplayers;
  r.omaha = q->game == DH_GAME_OMAHA;
  r.every = q->every ? q->every : 65536;
  r.next_check = CHECK_EVERY;
  r.next_progress = r.every;
  r.deadline = q->seconds > 0 ? dh_clock_now() + q->seconds : 0;
  bound = dh_equity_trials(q);
  res->exact = q->force == 1 || (q->force == 0 && bound <= max_exact);
  if (res->exact) {
    int left = 52 - dh_set_count(q->board | q->dead) - r.np * hole_size(q);
    /* counted hand by hand: under a time budget the count itself may run
    ** out of it (five random hands are 10^15 assignments), and the run
    ** then ends before its first trial */
    spend count = { UINT64_MAX, r.deadline };
    res->total = sat_mul(count_assign(q, 0, q->board | q->dead, UINT64_MAX, &count),
                         choose(left, 5 - dh_set_count(q->board)));
    if (count.budget == 0) {
      res->total = bound;
      r.ended = DH_EQ_TIMEOUT;
    }
  } else {
    res->sampled = 1;
    res->total = q->samples ? q->samples : DH_EQ_SAMPLES;
  }
  if (!r.ended) dh_eq_shares(&r, go);
  if (res->ended < 0 || (res->trials == 0 && r.ended == DH_EQ_DONE)) {
    res->ended = 0;   /* the search gave up, and the run found no deal */
    return DH_EQ_ENODEAL;
  }
  res->ended = r.ended;
  if (r.ended) res->exact = 0;
  if (q->progress && r.ended != DH_EQ_STOPPED) q->progress(q->ud, res->trials, res->total);
  for (p = 0; p < r.np && res->trials; p++) {
    double n = (double)res->trials, m;
    res->win[p] = (double)res->wins[p] / n;
    res->tie[p] = (double)res->ties[p] / n;
    m = (double)res->units[p] / DH_EQ_UNIT / n;
    res->equity[p] = m;
    if (res->sampled && res->trials > 1) {
      double var = ((double)r.sq[p] / ((double)DH_EQ_UNIT * DH_EQ_UNIT) - n * m * m) / (n - 1);
      res->stderr_eq[p] = var > 0 ? sqrt(var / n) : 0;
      res->ci95[p] = 1.96 * res->stderr_eq[p];
    }
  }
  return 0;
}
