/*
** meld.c -- Gin Rummy's least-deadwood arrangement, by a depth-first
** search that decides the lowest remaining card first.
**
** Internally a hand is held in "gin order": lane s of a 64-bit word holds
** suit s with bit 0 the ace, bit 12 the king, so that a run is a block of
** consecutive bits of a lane.  The lowest card left is either deadwood or
** the lowest card of the group that holds it: a run starting at it, a set
** of its rank (it is the set's lowest suit), or a layoff onto one of the
** knocker's melds.  Every arrangement is reached that way exactly once, so
** the search is exact; bounding by the best deadwood found keeps it small
** (an 11-card hand explores at most a few thousand nodes).
*/
#include <string.h>

#include "meld.h"

#define LANE   UINT64_C(0x1FFF)
#define ACE_IN_SLOTS 12    /* the ace's slot in the standard layout */

/* standard layout (slot = rank - 2, ace in slot 12) -> gin order */
static uint64_t to_gin(dh_cardset s) {
  uint64_t g = 0;
  int suit;
  for (suit = 0; suit < 4; suit++) {
    uint64_t lane = (s >> (16 * suit)) & LANE;
    uint64_t gl = ((lane << 1) & 0x1FFE) | ((lane >> ACE_IN_SLOTS) & 1);
    g |= gl << (16 * suit);
  }
  return g;
}

static dh_cardset from_gin(uint64_t g) {
  dh_cardset s = 0;
  int suit;
  for (suit = 0; suit < 4; suit++) {
    uint64_t gl = (g >> (16 * suit)) & LANE;
    uint64_t lane = ((gl >> 1) & 0xFFF) | ((gl & 1) << ACE_IN_SLOTS);
    s |= lane << (16 * suit);
  }
  return s;
}

/* the value of the card at a gin-order bit: index 0 ace .. 12 king */
static int gin_value(int bit) {
  int i = bit & 15;
  return i >= 9 ? 10 : i + 1;
}

static int gin_points(uint64_t g) {
  int n = 0;
  for (; g; g &= g - 1) n += gin_value(__builtin_ctzll(g));
  return n;
}

int dh_rummy_value(dh_card c) {
  int r;
  if (dh_card_is_joker(c)) return 0;
  r = dh_card_rank(c);
  return r == DH_RANK_ACE ? 1 : r >= 10 ? 10 : r;
}

int dh_rummy_points(dh_cardset s) {
  return gin_points(to_gin(s & ~DH_JOKERS));
}

/* the cards of rank index i (gin order) in every suit */
static uint64_t rank_bits(int i) {
  return (UINT64_C(1) << i) * UINT64_C(0x0001000100010001);
}

/* is g (gin order) one set or one run? */
static int gin_is_meld(uint64_t g) {
  int n = __builtin_popcountll(g), low;
  if (n < 3) return 0;
  low = __builtin_ctzll(g);
  if ((g & rank_bits(low & 15)) == g) return n <= 4;          /* a set */
  /* a run: one lane, consecutive bits */
  return (g >> low) == ((UINT64_C(1) << n) - 1) && (low & 15) + n <= 13;
}

int dh_rummy_is_meld(dh_cardset s) {
  if (s & ~DH_FRENCH52) return 0;
  return gin_is_meld(to_gin(s));
}

/* the search's state: the groups chosen so far and the best found */
typedef struct search {
  uint64_t onto[DH_RUMMY_MAX_ONTO];     /* the knocker's melds, gin order */
  int nonto;
  uint64_t group[DH_RUMMY_MAX_HAND];    /* chosen groups (a bit marks layoffs) */
  int layoff[DH_RUMMY_MAX_HAND];
  int ngroups;
  int best;
  uint64_t best_group[DH_RUMMY_MAX_HAND];
  int best_layoff[DH_RUMMY_MAX_HAND];
  int best_ngroups;
  uint64_t best_dead;
} search;

static void solve(search *S, uint64_t rest, uint64_t dead, int points);

static void take(search *S, uint64_t rest, uint64_t dead, int points, uint64_t g, int is_layoff) {
  S->group[S->ngroups] = g;
  S->layoff[S->ngroups] = is_layoff;
  S->ngroups++;
  solve(S, rest & ~g, dead, points);
  S->ngroups--;
}

/* the layoffs whose lowest card is bit b: a set's missing card, or the
** cards of a run's extension below (b up to the run's start) or above
** (starting just past its end) */
static void layoffs(search *S, uint64_t rest, uint64_t dead, int points, int b) {
  int k;
  for (k = 0; k < S->nonto; k++) {
    uint64_t m = S->onto[k];
    int low = __builtin_ctzll(m), high = 63 - __builtin_clzll(m);
    if ((m & rank_bits(low & 15)) == m) {          /* a set */
      if (__builtin_popcountll(m) == 3 && (b & 15) == (low & 15)) take(S, rest, dead, points, UINT64_C(1) << b, 1);
      continue;
    }
    if ((b >> 4) != (low >> 4)) continue;          /* a run of another suit */
    if (b < low) {                                 /* below: b .. low-1 */
      uint64_t ext = ((UINT64_C(1) << (low - b)) - 1) << b;
      if ((rest & ext) == ext) take(S, rest, dead, points, ext, 1);
    } else if (b == high + 1) {                    /* above: b .. b+len-1 */
      uint64_t ext = 0;
      int i;
      for (i = b; (i & 15) < 13 && (rest >> i & 1); i++) {
        ext |= UINT64_C(1) << i;
        take(S, rest, dead, points, ext, 1);
      }
    }
  }
}

static void solve(search *S, uint64_t rest, uint64_t dead, int points) {
  int b, b2, v;
  uint64_t bit, same, r;
  if (points >= S->best) return;
  if (!rest) {
    S->best = points;
    S->best_dead = dead;
    S->best_ngroups = S->ngroups;
    memcpy(S->best_group, S->group, sizeof S->group);
    memcpy(S->best_layoff, S->layoff, sizeof S->layoff);
    return;
  }
  b = __builtin_ctzll(rest);
  bit = UINT64_C(1) << b;
  v = gin_value(b);
  /* runs that start at b */
  r = bit;
  for (b2 = b + 1; (b2 & 15) < 13 && (rest >> b2 & 1); b2++) {
    r |= UINT64_C(1) << b2;
    if (b2 - b >= 2) take(S, rest, dead, points, r, 0);
  }
  /* sets of b's rank with b their lowest suit: the others from the lanes above */
  same = rest & rank_bits(b & 15) & ~bit;
  if (__builtin_popcountll(same) >= 2) {
    uint64_t it;
    take(S, rest, dead, points, same | bit, 0);             /* all of them (3 or 4) */
    if (__builtin_popcountll(same) == 3)                    /* three of the four */
      for (it = same; it; it &= it - 1) take(S, rest, dead, points, (same & ~(it & -it)) | bit, 0);
  }
  if (S->nonto) layoffs(S, rest, dead, points, b);
  /* b as deadwood */
  solve(S, rest & ~bit, dead | bit, points + v);
}

int dh_rummy_arrange(dh_cardset hand, const dh_cardset *onto, int nonto, dh_rummy_arrangement *out) {
  search S;
  dh_cardset table = 0;
  int k;
  memset(out, 0, sizeof *out);
  if ((hand & ~DH_FRENCH52) || dh_set_count(hand) > DH_RUMMY_MAX_HAND) return -1;
  if (nonto < 0 || nonto > DH_RUMMY_MAX_ONTO || (nonto > 0 && !onto)) return -1;
  memset(&S, 0, sizeof S);
  for (k = 0; k < nonto; k++) {
    if (!dh_rummy_is_meld(onto[k]) || (onto[k] & (hand | table))) return -1;
    table |= onto[k];
    S.onto[k] = to_gin(onto[k]);
  }
  S.nonto = nonto;
  S.best = 1 << 30;
  solve(&S, to_gin(hand), 0, 0);
  out->points = S.best;
  out->deadwood = from_gin(S.best_dead);
  for (k = 0; k < S.best_ngroups; k++) {
    if (S.best_layoff[k]) out->laid_off |= from_gin(S.best_group[k]);
    else out->melds[out->nmelds++] = from_gin(S.best_group[k]);
  }
  return out->points;
}
