/*
** gin_playout.c -- a Gin Rummy hand played out by the heuristic's rules of
** thumb (gin_playout.h), with hands as bit sets and every deadwood count from
** meld.c: a hand of twenty turns costs a few hundred arrangements, some
** tens of microseconds, where the same hand through the Lua protocol
** costs a few hundred.
*/
#include <limits.h>

#include "meld.h"
#include "gin_playout.h"

#define FAR 20   /* a discard this much worse than the best is not looked at closely */

static int other(int seat) { return 1 - seat; }

/* a card's rank with the ace low, 1..13 */
static int rank_low(dh_card c) {
  int r = dh_card_rank(c);
  return r == DH_RANK_ACE ? 1 : r;
}

/* the card of a suit and an ace-low rank; DH_NO_CARD off the ends */
static dh_card card_low(int suit, int r) {
  if (r < 1 || r > 13) return DH_NO_CARD;
  return dh_card_make(r == 1 ? DH_RANK_ACE : r, suit);
}

/* where a card's name ("Tc", "Ac") sorts among the others' names: the
** heuristic breaks ties between equal scores by the move's text */
static int name_order(dh_card c) {
  static const char letters[] = "23456789TJQKA";
  return (unsigned char)letters[dh_card_rank(c) - 2] * 4 + dh_card_suit(c);
}

static int deadwood(dh_cardset hand) {
  dh_rummy_arrangement a;
  return dh_rummy_arrange(hand, NULL, 0, &a);
}

static dh_cardset pile_set(const dh_gin_deal *d) {
  dh_cardset s = 0;
  int i;
  for (i = 0; i < d->npile; i++) s |= dh_set_of(d->pile[i]);
  return s;
}

/* would the seat take top from the pile: it melds in the eleven cards and
** the least deadwood after the best discard (not top) is below today's */
static int wants(dh_cardset hand, dh_card top) {
  dh_rummy_arrangement a;
  dh_cardset with = hand | dh_set_of(top), it;
  int best = INT_MAX, r = rank_low(top), s = dh_card_suit(top), near = 0;
  /* a card with no partner in the hand (same rank, or same suit within
  ** two) is deadwood in every arrangement: no arrangement to count */
  for (it = hand; it && !near; it &= it - 1) {
    dh_card h = (dh_card)dh_set_first(it);
    int rh = rank_low(h);
    near = rh == r || (dh_card_suit(h) == s && rh - r <= 2 && r - rh <= 2);
  }
  if (!near) return 0;
  for (it = hand; it; it &= it - 1) {
    int left = deadwood(with & ~(it & -it));
    if (left < best) best = left;
  }
  if (best >= deadwood(hand)) return 0;
  dh_rummy_arrange(with, NULL, 0, &a);
  return !dh_set_has(a.deadwood, top);
}

/* the live partners of card c of hand: unseen cards that would make it a
** meld with a card held (counted once per card held that they join) */
static int outs(dh_card c, dh_cardset hand, dh_cardset unseen) {
  int r = rank_low(c), s = dh_card_suit(c), n = 0, pair = 0, k;
  dh_cardset it;
#define LIVE(suit, rank) do { dh_card x_ = card_low((suit), (rank)); \
    if (x_ != DH_NO_CARD && dh_set_has(unseen, x_)) n++; } while (0)
  for (it = hand & ~dh_set_of(c); it; it &= it - 1) {
    dh_card h = (dh_card)dh_set_first(it);
    int rh = rank_low(h);
    if (rh == r) pair = 1;
    else if (dh_card_suit(h) == s && rh - r <= 2 && r - rh <= 2) {
      int lo = rh < r ? rh : r, hi = rh < r ? r : rh;
      if (hi - lo == 1) { LIVE(s, lo - 1); LIVE(s, hi + 1); }
      else LIVE(s, lo + 1);
    }
  }
  if (pair)
    for (k = 0; k < 4; k++)
      if (k != s) LIVE(k, r);
#undef LIVE
  return n;
}

/* how many of the opponent's known cards c fits: same rank, or same suit
** within two */
static int danger(dh_card c, dh_cardset theirs) {
  int r = rank_low(c), s = dh_card_suit(c), n = 0;
  for (; theirs; theirs &= theirs - 1) {
    dh_card k = (dh_card)dh_set_first(theirs);
    int rk = rank_low(k);
    if (rk == r || (dh_card_suit(k) == s && rk - r <= 2 && r - rk <= 2)) n++;
  }
  return n;
}

/* the hand is over: knock, gin or big gin by seat (its cards already
** discarded); returns the winner */
static int showdown(const dh_gin_deal *d, const dh_gin_rules *r, int seat, int gin, int big, int row[2]) {
  dh_rummy_arrangement mine, theirs;
  int def = other(seat);
  int dw = dh_rummy_arrange(d->hand[seat], NULL, 0, &mine), tw;
  if (gin || big) tw = dh_rummy_arrange(d->hand[def], NULL, 0, &theirs);
  else tw = dh_rummy_arrange(d->hand[def], mine.melds, mine.nmelds, &theirs);
  row[0] = row[1] = 0;
  if (gin || big) {
    row[seat] = tw + (big ? r->big_gin_bonus : r->gin_bonus);
    return seat;
  }
  if (dw < tw) {
    row[seat] = tw - dw;
    return seat;
  }
  row[def] = dw - tw + r->undercut_bonus;
  return def;
}

/* the policy's discard for the seat on turn: plain, knock, gin or big gin */
static dh_gin_move choose_discard(const dh_gin_deal *d, const dh_gin_rules *r) {
  int t = d->turn;
  dh_cardset hand = d->hand[t], theirs = d->known[other(t)];
  dh_cardset unseen = DH_FRENCH52 & ~hand & ~pile_set(d) & ~theirs, it;
  int left[64], least = INT_MAX;
  dh_card gin = DH_NO_CARD, knock = DH_NO_CARD, plain = DH_NO_CARD, c;
  long best = LONG_MAX;
  dh_gin_move m;
  if (r->big_gin && deadwood(hand) == 0) {
    m.kind = DH_GIN_BIG_GIN;
    m.card = DH_NO_CARD;
    return m;
  }
  for (it = hand; it; it &= it - 1) {
    c = (dh_card)dh_set_first(it);
    left[c] = deadwood(hand & ~dh_set_of(c));
    if (left[c] < least) least = left[c];
  }
  for (it = hand; it; it &= it - 1) {
    c = (dh_card)dh_set_first(it);
    if (c == d->taken) continue;
    if (left[c] == 0) {
      if (gin == DH_NO_CARD || name_order(c) < name_order(gin)) gin = c;
    } else if (left[c] <= r->knock) {
      if (knock == DH_NO_CARD || left[c] < left[knock] ||
          (left[c] == left[knock] && name_order(c) < name_order(knock))) knock = c;
    }
  }
  if (gin != DH_NO_CARD) {
    m.kind = DH_GIN_GIN;
    m.card = gin;
    return m;
  }
  if (knock != DH_NO_CARD && (d->nstock >= r->late || left[knock] <= r->low)) {
    m.kind = DH_GIN_KNOCK;
    m.card = knock;
    return m;
  }
  for (it = hand; it; it &= it - 1) {
    long key;
    c = (dh_card)dh_set_first(it);
    if (c == d->taken) continue;
    if (left[c] > least + FAR) key = 100L * (100 + left[c]);
    else key = 100L * left[c] + 200L * outs(c, hand, unseen) + 400L * danger(c, theirs) - dh_rummy_value(c);
    if (key < best || (key == best && plain != DH_NO_CARD && name_order(c) < name_order(plain))) {
      best = key;
      plain = c;
    }
  }
  m.kind = DH_GIN_DISCARD_CARD;
  m.card = plain;
  return m;
}

/* the policy's move for the seat on turn */
static dh_gin_move choose(const dh_gin_deal *d, const dh_gin_rules *r) {
  dh_gin_move m;
  int t = d->turn;
  if (d->phase == DH_GIN_DISCARD) return choose_discard(d, r);
  m.card = DH_NO_CARD;
  if (d->npile > 0 && (d->phase == DH_GIN_FIRST || d->refused < 2) && wants(d->hand[t], d->pile[d->npile - 1]))
    m.kind = DH_GIN_TAKE;
  else m.kind = d->phase == DH_GIN_FIRST ? DH_GIN_PASS : DH_GIN_DRAW_STOCK;
  return m;
}

/* is m a legal move now (as rules/gin.lua's moves() offers them)? */
static int legal(const dh_gin_deal *d, const dh_gin_rules *r, dh_gin_move m) {
  dh_cardset hand = d->hand[d->turn];
  int left;
  if (d->phase != DH_GIN_DISCARD) {
    if (m.kind == DH_GIN_TAKE) return d->npile > 0 && (d->phase == DH_GIN_FIRST || d->refused < 2);
    if (m.kind == DH_GIN_PASS) return d->phase == DH_GIN_FIRST;
    return m.kind == DH_GIN_DRAW_STOCK && d->phase == DH_GIN_DRAW && d->nstock > 0;
  }
  if (m.kind == DH_GIN_BIG_GIN) return r->big_gin && deadwood(hand) == 0;
  if (m.kind < DH_GIN_DISCARD_CARD || m.kind > DH_GIN_GIN) return 0;
  if (m.card == DH_NO_CARD || (m.card & ~63) || !dh_set_has(hand, m.card) || m.card == d->taken) return 0;
  left = deadwood(hand & ~dh_set_of(m.card));
  if (m.kind == DH_GIN_GIN) return left == 0;
  if (m.kind == DH_GIN_KNOCK) return left > 0 && left <= r->knock;
  return 1;
}

/* makes move m of the seat on turn; returns the winner, -1 for a void
** hand, or 2 when play goes on */
static int play(dh_gin_deal *d, const dh_gin_rules *r, dh_gin_move m, int row[2]) {
  int t = d->turn;
  dh_card c = m.card;
  switch (m.kind) {
  case DH_GIN_PASS:
    d->refused++;
    d->turn = other(t);
    if (d->refused == 2) d->phase = DH_GIN_DRAW;
    return 2;
  case DH_GIN_TAKE:
    c = d->pile[--d->npile];
    d->hand[t] |= dh_set_of(c);
    d->known[t] |= dh_set_of(c);
    d->taken = c;
    d->phase = DH_GIN_DISCARD;
    d->refused = 0;
    return 2;
  case DH_GIN_DRAW_STOCK:
    if (d->nstock == 0) return -2;
    d->hand[t] |= dh_set_of(d->stock[--d->nstock]);
    d->taken = DH_NO_CARD;
    d->phase = DH_GIN_DISCARD;
    d->refused = 0;
    return 2;
  case DH_GIN_BIG_GIN:
    return showdown(d, r, t, 0, 1, row);
  default:
    break;
  }
  d->hand[t] &= ~dh_set_of(c);
  d->known[t] &= ~dh_set_of(c);
  d->pile[d->npile++] = c;
  d->taken = DH_NO_CARD;
  if (m.kind != DH_GIN_DISCARD_CARD) return showdown(d, r, t, m.kind == DH_GIN_GIN, 0, row);
  if (d->nstock <= 2) {   /* void: no score */
    row[0] = row[1] = 0;
    return -1;
  }
  d->turn = other(t);
  d->phase = DH_GIN_DRAW;
  return 2;
}

/* the cards are where a position of the game may hold them */
static int valid(const dh_gin_deal *d) {
  dh_cardset seen = 0, s;
  int i, k;
  if (d->turn < 0 || d->turn > 1 || d->npile < 0 || d->npile > 52 || d->nstock < 0 || d->nstock > 52) return 0;
  if (d->phase < DH_GIN_FIRST || d->phase > DH_GIN_DISCARD) return 0;
  for (k = 0; k < 2; k++) {
    int want = 10 + (d->phase == DH_GIN_DISCARD && k == d->turn);
    if (dh_set_count(d->hand[k]) != want || (d->hand[k] & seen) || (d->known[k] & ~d->hand[k])) return 0;
    seen |= d->hand[k];
  }
  for (i = 0; i < d->npile + d->nstock; i++) {
    dh_card c = i < d->npile ? d->pile[i] : d->stock[i - d->npile];
    if (dh_card_is_joker(c) || (c & ~63)) return 0;
    s = dh_set_of(c);
    if (seen & s) return 0;
    seen |= s;
  }
  if (seen & ~DH_FRENCH52) return 0;
  if (d->phase == DH_GIN_FIRST && d->npile == 0) return 0;
  return d->phase == DH_GIN_DISCARD || d->nstock > 0;
}

int dh_gin_playout(dh_gin_deal *d, const dh_gin_rules *r, const dh_gin_move *first, int row[2]) {
  int steps, w;
  row[0] = row[1] = 0;
  if (!valid(d)) return -2;
  if (first) {
    if (!legal(d, r, *first)) return -2;
    w = play(d, r, *first, row);
    if (w != 2) return w;
  }
  for (steps = 0; steps < 200; steps++) {
    w = play(d, r, choose(d, r), row);
    if (w != 2) return w == -2 ? -2 : w;
  }
  return -2;   /* not reached: every hand ends within 31 draws */
}
