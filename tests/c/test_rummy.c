/*
** test_rummy.c -- Gin Rummy's least-deadwood arrangement (engine/rummy)
** against a brute force that shares nothing with it: every subset of the
** hand tested as a meld by its definition (same rank and three or four
** cards, or same suit and consecutive ranks with the ace low), the hand's
** meldable subsets found by splitting off one such meld at a time, and the
** deadwood the least value left outside a meldable subset.
**
** Exhaustive over every hand of up to 11 cards drawn from small decks
** (A-4 in four suits; A-8 in two suits; J-A in four suits, where Q-K-A
** must not count as a run), with and without a knocker's meld to lay off
** onto; then random 10- and 11-card hands from the whole pack, with up to
** three knocker's melds; then hands worked out by hand from the rules.
** Last, the playout (gin_playout.h) scores hands worked out by hand and
** refuses positions that are not the game's.
*/
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "cards.h"
#include "meld.h"
#include "gin_playout.h"
#include "rng.h"

/* ---- the brute force, over a list of at most 16 cards ---- */

static int gin_rank(dh_card c) { int r = dh_card_rank(c); return r == 14 ? 1 : r; }
static int value_of(dh_card c) { int r = gin_rank(c); return r > 10 ? 10 : r; }

/* is the subset mask of cards[] a meld, by the definition? */
static int brute_meld(const dh_card *cards, unsigned mask) {
  int n = 0, i, same_rank = 1, same_suit = 1, lo = 99, hi = 0, first = -1;
  int seen[14] = { 0 };
  for (i = 0; i < 16; i++) {
    if (!(mask >> i & 1)) continue;
    n++;
    if (first < 0) first = i;
    if (gin_rank(cards[i]) != gin_rank(cards[first])) same_rank = 0;
    if (dh_card_suit(cards[i]) != dh_card_suit(cards[first])) same_suit = 0;
    if (gin_rank(cards[i]) < lo) lo = gin_rank(cards[i]);
    if (gin_rank(cards[i]) > hi) hi = gin_rank(cards[i]);
    seen[gin_rank(cards[i])]++;
  }
  if (n < 3) return 0;
  if (same_rank) return n <= 4;
  if (!same_suit || hi - lo + 1 != n) return 0;
  for (i = lo; i <= hi; i++) if (seen[i] != 1) return 0;
  return 1;
}

static int sum_values(const dh_card *cards, unsigned mask) {
  int v = 0, i;
  for (i = 0; i < 16; i++) if (mask >> i & 1) v += value_of(cards[i]);
  return v;
}

/*
** brute(cards, n, onto, nonto, dw) fills dw[hand] for every hand (a mask
** of cards[]) of the deck cards[0..n-1]: the least deadwood, laying off
** onto the melds onto[] (each used at most once, by one group of cards
** that joins it into a bigger meld).
*/
typedef struct brute_deck {
  int n;
  dh_card cards[16];
  unsigned char *valid;         /* per mask: a meld */
  unsigned char *layoff;        /* per mask: bit k when it lays off onto onto[k] */
  unsigned char *part;          /* per mask: bit u set when the mask splits into
                                ** melds and layoffs using exactly the onto melds u */
} brute_deck;

static void brute_prepare(brute_deck *d, const dh_cardset *onto, int nonto) {
  unsigned full = 1u << d->n, m, u;
  int k;
  d->valid = calloc(full, 1);
  d->layoff = calloc(full, 1);
  d->part = calloc(full, 1);
  for (m = 1; m < full; m++) {
    d->valid[m] = (unsigned char)brute_meld(d->cards, m);
    for (k = 0; k < nonto; k++) {
      /* the group joined with the knocker's meld: a list of both */
      dh_card joined[16];
      unsigned jm = 0;
      int j = 0, i;
      dh_cardset rest = onto[k];
      for (i = 0; i < d->n; i++) if (m >> i & 1) { joined[j] = d->cards[i]; jm |= 1u << j; j++; }
      while (rest && j < 16) { joined[j] = (dh_card)dh_set_first(rest); jm |= 1u << j; j++; rest &= rest - 1; }
      if (!rest && brute_meld(joined, jm)) d->layoff[m] |= (unsigned char)(1u << k);
    }
  }
  d->part[0] = 1;   /* the empty set splits with no onto meld used */
  for (m = 1; m < full; m++) {
    unsigned low = m & -m, sub;
    /* every group holding the lowest card: a meld, or a layoff */
    for (sub = m; sub; sub = (sub - 1) & m) {
      if (!(sub & low)) continue;
      if (d->valid[sub]) d->part[m] |= d->part[m ^ sub];
      for (k = 0; k < nonto; k++)
        if (d->layoff[sub] >> k & 1)
          for (u = 0; u < (1u << nonto); u++)
            if ((d->part[m ^ sub] >> u & 1) && !(u >> k & 1)) d->part[m] |= (unsigned char)(1u << (u | 1u << k));
    }
  }
}

static int brute_deadwood(const brute_deck *d, unsigned hand) {
  unsigned sub;
  int best = sum_values(d->cards, hand);
  for (sub = hand; sub; sub = (sub - 1) & hand)
    if (d->part[sub]) {
      int v = sum_values(d->cards, hand ^ sub);
      if (v < best) best = v;
    }
  return best;
}

static void brute_free(brute_deck *d) { free(d->valid); free(d->layoff); free(d->part); }

static dh_cardset set_of_mask(const brute_deck *d, unsigned m) {
  dh_cardset s = 0;
  int i;
  for (i = 0; i < d->n; i++) if (m >> i & 1) s |= dh_set_of(d->cards[i]);
  return s;
}

/* the arrangement is what it claims: disjoint melds, layoffs and deadwood
** that make up the hand, the melds melds, the points the deadwood's */
static int consistent(dh_cardset hand, const dh_rummy_arrangement *a) {
  dh_cardset all = a->laid_off | a->deadwood;
  int k;
  if (a->laid_off & a->deadwood) return 0;
  for (k = 0; k < a->nmelds; k++) {
    if (!dh_rummy_is_meld(a->melds[k]) || (a->melds[k] & all)) return 0;
    all |= a->melds[k];
  }
  return all == hand && a->points == dh_rummy_points(a->deadwood);
}

/* every hand of up to 11 cards of a small deck, against the brute force */
static void exhaustive(const char *names, const char *onto_names) {
  brute_deck d;
  dh_cardset deck = S(names), onto[1];
  unsigned m;
  int nonto = onto_names ? 1 : 0, bad = 0, checked = 0;
  memset(&d, 0, sizeof d);
  for (; deck; deck &= deck - 1) d.cards[d.n++] = (dh_card)dh_set_first(deck);
  if (nonto) onto[0] = S(onto_names);
  brute_prepare(&d, onto, nonto);
  for (m = 0; m < (1u << d.n); m++) {
    dh_rummy_arrangement a;
    int got;
    if (__builtin_popcount(m) > DH_RUMMY_MAX_HAND) continue;
    got = dh_rummy_arrange(set_of_mask(&d, m), onto, nonto, &a);
    checked++;
    if (got != brute_deadwood(&d, m) || !consistent(set_of_mask(&d, m), &a)) {
      if (bad++ < 3) printf("     hand mask %#x of %s: got %d, brute %d\n", m, names, got, brute_deadwood(&d, m));
    }
  }
  CHECK_EQ(bad, 0);
  CHECK(checked > 1000);
  brute_free(&d);
}

/* a random meld from the cards left in pool, or 0 */
static dh_cardset random_meld(dh_rng *r, dh_cardset pool) {
  int tries;
  for (tries = 0; tries < 50; tries++) {
    int suit = (int)dh_rng_below(r, 4), rank = 2 + (int)dh_rng_below(r, 13);
    dh_cardset m = 0;
    if (dh_rng_below(r, 2)) {          /* a set of three or four */
      int s, want = 3 + (int)dh_rng_below(r, 2);
      for (s = 0; s < 4; s++) if (dh_set_has(pool, dh_card_make(rank, s))) m |= dh_set_of(dh_card_make(rank, s));
      while (dh_set_count(m) > want) m &= m - 1;
      if (dh_set_count(m) >= 3) return m;
    } else {                           /* a run of three to five, ace low */
      int len = 3 + (int)dh_rng_below(r, 3), i, g = (int)dh_rng_below(r, 13 - len + 1) + 1;
      for (i = 0; i < len; i++) {
        int gr = g + i, rk = gr == 1 ? 14 : gr;
        if (!dh_set_has(pool, dh_card_make(rk, suit))) break;
        m |= dh_set_of(dh_card_make(rk, suit));
      }
      if (i == len) return m;
    }
  }
  return 0;
}

/* random hands from the whole pack, some with knocker's melds */
static void random_hands(int rounds) {
  dh_rng r;
  int i, bad = 0;
  dh_rng_seed(&r, 20261125);
  for (i = 0; i < rounds; i++) {
    brute_deck d;
    dh_cardset pool = DH_FRENCH52, onto[3], hand = 0;
    int nonto = (int)dh_rng_below(&r, 4), k, size = 10 + (int)dh_rng_below(&r, 2), got, want;
    dh_rummy_arrangement a;
    memset(&d, 0, sizeof d);
    for (k = 0; k < nonto; k++) {
      onto[k] = random_meld(&r, pool);
      if (!onto[k]) { nonto = k; break; }
      pool &= ~onto[k];
    }
    /* hands rich in melds: half the time from a quarter of the pack */
    if (dh_rng_below(&r, 2)) {
      int lo = (int)dh_rng_below(&r, 10);
      dh_cardset band = 0;
      int s, rk;
      for (s = 0; s < 4; s++) for (rk = 2 + lo; rk < 2 + lo + 4 && rk <= 14; rk++) band |= dh_set_of(dh_card_make(rk, s));
      if (dh_set_count(band & pool) >= size + 2) pool &= band;
    }
    while (d.n < size && pool) {
      int pick = (int)dh_rng_below(&r, (uint32_t)dh_set_count(pool)), j;
      dh_cardset it = pool;
      for (j = 0; j < pick; j++) it &= it - 1;
      d.cards[d.n++] = (dh_card)dh_set_first(it);
      hand |= it & -it;
      pool &= ~(it & -it);
    }
    brute_prepare(&d, onto, nonto);
    got = dh_rummy_arrange(hand, onto, nonto, &a);
    want = brute_deadwood(&d, (1u << d.n) - 1);
    if (got != want || !consistent(hand, &a)) {
      if (bad++ < 3) printf("     random hand %d: got %d, brute %d\n", i, got, want);
    }
    brute_free(&d);
  }
  CHECK_EQ(bad, 0);
}

/* hands worked out by hand from the rules */
static void goldens(void) {
  dh_rummy_arrangement a;
  dh_cardset onto[2];
  /* values: ace 1, pips, court cards 10 */
  CHECK_EQ(dh_rummy_value(C("Ah")), 1);
  CHECK_EQ(dh_rummy_value(C("9s")), 9);
  CHECK_EQ(dh_rummy_value(C("Td")), 10);
  CHECK_EQ(dh_rummy_value(C("Kc")), 10);
  /* melds: the ace is low */
  CHECK(dh_rummy_is_meld(S("Ah 2h 3h")));
  CHECK(!dh_rummy_is_meld(S("Qh Kh Ah")));
  CHECK(dh_rummy_is_meld(S("7c 7d 7h 7s")));
  CHECK(!dh_rummy_is_meld(S("7c 7d")));
  CHECK(!dh_rummy_is_meld(S("7c 8c Tc")));
  /* a seven shared by a set and a run: 7c 7d 7h, 7s 8s 9s -> gin */
  CHECK_EQ(dh_rummy_arrange(S("7c 7d 7h 7s 8s 9s"), NULL, 0, &a), 0);
  CHECK_EQ(a.nmelds, 2);
  /* 7c 7d 7h 7s 8s: the four sevens, 8 deadwood; the run 7s 8s needs a 9 */
  CHECK_EQ(dh_rummy_arrange(S("7c 7d 7h 7s 8s"), NULL, 0, &a), 8);
  /* a ten-card hand: As 2s 3s 4s (run), 9c 9d 9h (set), Kd Qh 5c:
  ** deadwood 10 + 10 + 5 = 25 */
  CHECK_EQ(dh_rummy_arrange(S("As 2s 3s 4s 9c 9d 9h Kd Qh 5c"), NULL, 0, &a), 25);
  CHECK(a.deadwood == S("Kd Qh 5c"));
  /* Q-K-A is no run: Qh Kh Ah 2c 3d are all deadwood, 10+10+1+2+3 = 26 */
  CHECK_EQ(dh_rummy_arrange(S("Qh Kh Ah 2c 3d"), NULL, 0, &a), 26);
  /* 4h 5h 6h 6c 6d: either the run (6c 6d = 12 left) or the set
  ** (4h 5h = 9 left): the set is better */
  CHECK_EQ(dh_rummy_arrange(S("4h 5h 6h 6c 6d"), NULL, 0, &a), 9);
  /* layoffs: the knocker melded 5d 6d 7d and Jc Jh Js; the defender's
  ** 3d 4d 8d 9d Jd 2c Kh lays off 3d 4d (below), 8d 9d (above) and Jd
  ** (the fourth jack), leaving 2c Kh: 12 */
  onto[0] = S("5d 6d 7d");
  onto[1] = S("Jc Jh Js");
  CHECK_EQ(dh_rummy_arrange(S("3d 4d 8d 9d Jd 2c Kh"), onto, 2, &a), 12);
  CHECK(a.laid_off == S("3d 4d 8d 9d Jd"));
  /* a gap stops the layoff: 3d cannot go onto 5d 6d 7d without the 4d */
  CHECK_EQ(dh_rummy_arrange(S("3d 9d"), onto, 1, &a), 12);
  /* the defender's own meld may beat a layoff: 8d 8c 8h is a set (0),
  ** laying 8d off would leave 8c 8h (16) */
  CHECK_EQ(dh_rummy_arrange(S("8d 8c 8h"), onto, 1, &a), 0);
  CHECK_EQ(a.nmelds, 1);
  /* refusals */
  CHECK_EQ(dh_rummy_arrange(S("2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc"), NULL, 0, &a), -1);
  CHECK_EQ(dh_rummy_arrange(S("5d 2c"), onto, 1, &a), -1);      /* a card of the knocker's */
  onto[1] = S("2h 4h 9s");
  CHECK_EQ(dh_rummy_arrange(S("2c"), onto, 2, &a), -1);        /* not a meld */
  CHECK_EQ(dh_rummy_arrange(S("2c") | DH_JOKERS, NULL, 0, &a), -1);
}

/* seat 0 to discard holding `mine` (11), seat 1 `theirs`; a pile of one
** card and a stock of n, both taken from the cards left */
static dh_gin_deal staged(const char *mine, const char *theirs, int n) {
  dh_gin_deal d;
  dh_cardset rest;
  memset(&d, 0, sizeof d);
  d.hand[0] = S(mine);
  d.hand[1] = S(theirs);
  rest = DH_FRENCH52 & ~d.hand[0] & ~d.hand[1];
  d.pile[d.npile++] = (dh_card)dh_set_first(rest);
  rest &= rest - 1;
  for (; d.nstock < n; rest &= rest - 1) d.stock[d.nstock++] = (dh_card)dh_set_first(rest);
  d.turn = 0;
  d.phase = DH_GIN_DISCARD;
  d.taken = DH_NO_CARD;
  return d;
}

static void playouts(void) {
  dh_gin_rules r = { 10, 25, 0, 31, 25, 8, 4 };
  dh_gin_move knock_kd = { DH_GIN_KNOCK, C("Kd") }, knock_2d = { DH_GIN_KNOCK, C("2d") };
  dh_gin_move gin_8d = { DH_GIN_GIN, C("8d") }, plain_kd = { DH_GIN_DISCARD_CARD, C("Kd") };
  dh_gin_deal d;
  int row[2];
  /* knock: As-4s, 9c 9d 9h, 2d 3h 5c = 10 after Kd; the defender lays
  ** 5s 6s 9s off and keeps Qc Qd Kh Ks = 40: 30 to the knocker */
  d = staged("As 2s 3s 4s 9c 9d 9h 2d 3h 5c Kd", "5s 6s 9s Jc Jd Jh Qc Qd Kh Ks", 20);
  CHECK_EQ(dh_gin_playout(&d, &r, &knock_kd, row), 0);
  CHECK(row[0] == 30 && row[1] == 0);
  /* the policy knocks there too: 10 is allowed while the stock is long */
  d = staged("As 2s 3s 4s 9c 9d 9h 2d 3h 5c Kd", "5s 6s 9s Jc Jd Jh Qc Qd Kh Ks", 20);
  CHECK_EQ(dh_gin_playout(&d, &r, NULL, row), 0);
  CHECK(row[0] == 30 && row[1] == 0);
  /* undercut: the knocker keeps 8d (8), the defender Ah 2h 2c (5) after
  ** laying Kc off: 8 - 5 + 25 = 28 to the defender */
  d = staged("4s 5s 6s 9c 9d 9h Tc Jc Qc 8d Kd", "Jd Jh Js Kc 3c 3d 3h Ah 2h 2c", 20);
  CHECK_EQ(dh_gin_playout(&d, &r, &knock_kd, row), 1);
  CHECK(row[0] == 0 && row[1] == 28);
  /* gin: 25 and the defender's 25, no layoffs */
  d = staged("4s 5s 6s 9c 9d 9h Tc Jc Qc Kc 8d", "7s 8s 9s Qd Qh 2c 3d 4h 5h 6h", 20);
  CHECK_EQ(dh_gin_playout(&d, &r, &gin_8d, row), 0);
  CHECK(row[0] == 50 && row[1] == 0);
  /* a plain discard with two cards left in the stock: void */
  d = staged("As 2s 3s 4s 9c 9d 9h 2d 3h 5c Kd", "5s 6s 9s Jc Jd Jh Qc Qd Kh Ks", 2);
  CHECK_EQ(dh_gin_playout(&d, &r, &plain_kd, row), -1);
  CHECK(row[0] == 0 && row[1] == 0);
  /* refusals: a knock over 10 (2d leaves 18), a card in two hands */
  d = staged("As 2s 3s 4s 9c 9d 9h 2d 3h 5c Kd", "5s 6s 9s Jc Jd Jh Qc Qd Kh Ks", 20);
  CHECK_EQ(dh_gin_playout(&d, &r, &knock_2d, row), -2);
  d = staged("As 2s 3s 4s 9c 9d 9h 2d 3h 5c Kd", "5s 6s 9s Jc Jd Jh Qc Qd Kh Ks", 20);
  d.hand[1] = (d.hand[1] & (d.hand[1] - 1)) | dh_set_of(C("As"));
  CHECK_EQ(dh_gin_playout(&d, &r, NULL, row), -2);
}

int main(void) {
  check_init();
  playouts();
  goldens();
  exhaustive("Ac 2c 3c 4c Ad 2d 3d 4d Ah 2h 3h 4h As 2s 3s 4s", NULL);
  exhaustive("Ac 2c 3c 4c 5c 6c 7c 8c Ad 2d 3d 4d 5d 6d 7d 8d", NULL);
  exhaustive("Jc Qc Kc Ac Jd Qd Kd Ad Jh Qh Kh Ah Js Qs Ks As", NULL);
  exhaustive("Ac 2c 3c 7c 8c 9c Ad 2d 3d 4d 5d 6d 7d 8d 9d Td", "4c 5c 6c");
  exhaustive("Ac 2c 3c 4c Ad 3d 4d 5d Ah 3h 4h 5h As 3s 4s 5s", "2d 2h 2s");
  random_hands(3000);
  return check_done();
}
