/*
** fast_bounds.c -- bounds on a position's value found before any move
** is tried: quick tricks, sure top trumps, the other team's trump trick,
** whether every trick left can be taken, the second hand's sure trick.
** Each also says which cards its answer rests on (*rel), for the table.
*/
#include "fast_impl.h"

/* per lane of 16 bits (a suit), the bits at and below its highest set
** bit: the cards no higher than that suit's best */
static inline uint64_t at_or_below_top(uint64_t x) {
  x |= (x >> 1) & UINT64_C(0x7FFF7FFF7FFF7FFF);
  x |= (x >> 2) & UINT64_C(0x3FFF3FFF3FFF3FFF);
  x |= (x >> 4) & UINT64_C(0x0FFF0FFF0FFF0FFF);
  x |= (x >> 8) & UINT64_C(0x00FF00FF00FF00FF);
  return x;
}

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
int dh_fast_quick(const dh_fast *f, int L, int need, int cross, int skip, uint64_t *rel) {
  uint64_t hand = f->hand[L], others = (f->hand[0] | f->hand[1] | f->hand[2] | f->hand[3]) & ~hand;
  uint64_t ruff[3], above = hand & ~at_or_below_top(others);   /* L's cards above the others' best */
  int s, x, q = 0, nr = 0, sum, t = f->trump, ks[4] = { 0, 0, 0, 0 };
  if (t != NONE)
    for (x = 0; x < f->np; x++)
      if (x != L && lane(f->hand[x], t)) ruff[nr++] = f->hand[x];
  for (s = 0; s < 4; s++) {
    int k = __builtin_popcount(lane(above, s)), i;
    if (!k || skip >> s & 1) continue;
    if (!lane(others, s)) {   /* every card of the suit is L's */
      if (s == t || !nr) q += k;
      continue;
    }
    if (s != t)
      for (i = 0; i < nr && k; i++) {
        int len = __builtin_popcount(lane(ruff[i], s));
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
    *rel |= top_cards(lane(hand, c), j, c);
    ks[c] = 0;
  }
  sum = q + ks[0] + ks[1] + ks[2] + ks[3];   /* the count in all */
  if (sum < need) {
    /* short of need: it rests on every count's cards */
    for (s = 0; s < 4; s++)
      if (ks[s]) *rel |= top_cards(lane(hand, s), ks[s], s);
  } else {
    /* q so far needs no card; add the largest counts until need is met,
       each resting on its suit's top j cards being L's (j: no more than
       needed) */
    while (q < need) {
      int pick = -1, j;
      for (s = 0; s < 4; s++)
        if (ks[s] && (pick < 0 || ks[s] > ks[pick])) pick = s;
      j = need - q < ks[pick] ? need - q : ks[pick];
      q += j;
      *rel |= top_cards(lane(hand, pick), j, pick);
      ks[pick] = 0;
    }
  }
  return sum < f->left ? sum : f->left;
}

/* does a seat of the other team than the seat to play hold a trump? */
int dh_fast_opp_trumps(const dh_fast *f) {
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
int dh_fast_top_trumps(const dh_fast *f, int side, int need, uint64_t *rel) {
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
int dh_fast_trump_trick(const dh_fast *f, int side, uint64_t *rel) {
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
** notrump or with no trump left?  Only by leading, every time, a suit
** whose top card it holds (the other team plays its top card when its
** suit is led): DDS's "later tricks".  So the leader must hold such a
** suit now, else 0, resting on the top cards of the suits it holds
** (DDS's quick tricks conclude so when the leader has none).  Each trick
** led in a suit takes a card of it from each of the team's hands that
** still holds one, so the team's tricks in its suits are at most the
** sum, over the suits whose top card it holds, of its longer holding.  0
** when that falls short of the tricks left; it rests on the other team's
** top cards (a suit only one hand holds: on its length alone) */
int dh_fast_all_possible(const dh_fast *f, uint64_t *rel) {
  uint64_t all = f->hand[0] | f->hand[1] | f->hand[2] | f->hand[3], r = 0, led_tops = 0;
  int s, x, sum = 0, side = f->max[f->turn], can_lead = 0;
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
    if (lane(f->hand[f->turn], s)) {
      if (f->max[owner] == side) can_lead = 1;
      else led_tops |= UINT64_C(1) << (16 * s + top);
    }
  }
  if (!can_lead) {
    /* every suit the leader holds is topped by the other team, which
       takes this trick with that top card */
    *rel = led_tops;
    return 0;
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
int dh_fast_second_wins(const dh_fast *f, int *winner, uint64_t *rel) {
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
