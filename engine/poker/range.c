/*
** range.c -- hole-card ranges in the usual notation (equity.h): lists of
** combinations, Omaha patterns (AAxx, AsAhxx, ds, ss) kept as items.
*/
#include <string.h>

#include "card.h"
#include "cardset.h"
#include "range.h"

static int is_sep(char c) { return c == ',' || c == ' ' || c == '\t' || c == '\n' || c == ';'; }

/* 2..14 for a rank letter, 0 otherwise ("10" is handled by the callers) */
static int rank_of(char c) {
  switch (c) {
    case 'T': case 't': return 10;
    case 'J': case 'j': return 11;
    case 'Q': case 'q': return 12;
    case 'K': case 'k': return 13;
    case 'A': case 'a': return 14;
    default: return (c >= '2' && c <= '9') ? c - '0' : 0;
  }
}

static int suit_of(char c) {
  switch (c) {
    case 'c': case 'C': return DH_CLUBS;
    case 'd': case 'D': return DH_DIAMONDS;
    case 'h': case 'H': return DH_HEARTS;
    case 's': case 'S': return DH_SPADES;
    default: return -1;
  }
}

/* reads a rank at s[*i] ("T", "10", "Q"...), advancing *i; 0 when none */
static int read_rank(const char *s, size_t n, size_t *i) {
  if (*i + 1 < n && s[*i] == '1' && s[*i + 1] == '0') { *i += 2; return 10; }
  if (*i < n && rank_of(s[*i])) return rank_of(s[(*i)++]);
  return 0;
}

/*
** The combinations already in the range, as an open-addressed hash of
** their indices: a scan of the list for each one added made "*" repeated
** cost 1326 x 1326 comparisons an item (a 200 KB text ran for half a
** minute).  It lives for one parse; DH_SEEN_SLOTS is a power of two
** above DH_RANGE_MAX, so the table is never more than a third full.
*/
#define DH_SEEN_SLOTS 4096
typedef struct seen { int16_t at[DH_SEEN_SLOTS]; } seen;

/* adds one combination unless it is there already; 0 when the list is
** full (DH_RANGE_MAX) and c is not in it: Omaha hands listed one by one
** can be more than a list holds */
static int add_combo(dh_range *r, seen *h, dh_cardset c) {
  unsigned k = (unsigned)((c * UINT64_C(0x9E3779B97F4A7C15)) >> 52);
  while (h->at[k] >= 0) {
    if (r->combo[h->at[k]] == c) return 1;
    k = (k + 1) & (DH_SEEN_SLOTS - 1);
  }
  if (r->n == DH_RANGE_MAX) return 0;
  h->at[k] = (int16_t)r->n;
  r->combo[r->n++] = c;
  return 1;
}

/* the combinations of ranks hi, lo: kind 's' suited, 'o' offsuit, 0 both */
static void add_ranks(dh_range *r, seen *h, int hi, int lo, char kind) {
  int a, b;
  for (a = 0; a < 4; a++)
    for (b = 0; b < 4; b++) {
      if (hi == lo && b <= a) continue;              /* a pair: each two suits once */
      if (hi != lo && kind == 's' && a != b) continue;
      if (hi != lo && kind == 'o' && a == b) continue;
      (void)add_combo(r, h, dh_set_of(dh_card_make(hi, a)) | dh_set_of(dh_card_make(lo, b)));
    }
}

/* a rank-pair item "AK", "AKs", "QQ"; returns 1 and fills it, or 0 */
typedef struct item { int hi, lo; char kind; } item;

static int read_item(const char *s, size_t n, size_t *i, item *it, const char **why, size_t *at) {
  int a = read_rank(s, n, i), b;
  if (!a) { *why = "rank expected"; *at = *i; return 0; }
  b = read_rank(s, n, i);
  if (!b) { *why = "second rank expected"; *at = *i; return 0; }
  it->kind = 0;
  if (*i < n && (s[*i] == 's' || s[*i] == 'o' || s[*i] == 'S' || s[*i] == 'O')) {
    it->kind = (char)(s[*i] | 0x20);
    (*i)++;
  }
  if (a < b) { int t = a; a = b; b = t; }
  if (a == b && it->kind) { *why = "a pair is neither suited nor offsuit"; return 0; }
  it->hi = a; it->lo = b;
  return 1;
}

/* the four cards of each rank, for rank 2..14 */
static dh_cardset rank_mask(int rank) { return UINT64_C(0x0001000100010001) << (rank - 2); }

/* suits spread as asked: ds is two suits of two cards, ss two of one suit
** and one each of two others */
static int suits_fit(dh_cardset h, int suits) {
  int s, n2 = 0, n1 = 0;
  if (suits == DH_SUITS_ANY) return 1;
  for (s = 0; s < 4; s++) {
    int k = dh_set_count(h & dh_suit_mask(s));
    n2 += k == 2;
    n1 += k == 1;
  }
  return suits == DH_SUITS_DOUBLE ? n2 == 2 : (n2 == 1 && n1 == 2);
}

int dh_range_item_has(const dh_range_item *it, dh_cardset h) {
  dh_cardset rest;
  int j;
  if ((h & it->known) != it->known) return 0;
  rest = h & ~it->known;
  for (j = 0; j < it->nrank; j++)
    if (dh_set_count(rest & rank_mask(it->rank[j])) < it->need[j]) return 0;
  return suits_fit(h, it->suits);
}

void dh_quads_start(dh_quads *q, dh_cardset from) {
  int k;
  q->n = 0;
  for (; from; from &= from - 1) q->c[q->n++] = from & (~from + 1);
  for (k = 0; k < 4; k++) q->i[k] = k;
}

dh_cardset dh_quads_next(dh_quads *q) {
  int *i = q->i, k, n = q->n;
  dh_cardset h;
  if (i[3] >= n) return 0;
  h = q->c[i[0]] | q->c[i[1]] | q->c[i[2]] | q->c[i[3]];
  for (k = 3; k >= 0 && i[k] == n - 4 + k; k--) {}
  if (k < 0) { i[3] = n; return h; }
  for (i[k]++, k++; k < 4; k++) i[k] = i[k - 1] + 1;
  return h;
}

/* some four-card hand matches it (ds and ss can rule out every hand) */
static int item_possible(const dh_range_item *it) {
  dh_quads q;
  dh_cardset h;
  if (it->suits == DH_SUITS_ANY) return 1;
  dh_quads_start(&q, DH_FRENCH52);
  while ((h = dh_quads_next(&q)) != 0)
    if (dh_range_item_has(it, h)) return 1;
  return 0;
}

/* the symbols of an Omaha item: cards, ranks, wildcards; returns how many
** (more than four is an error), or -1 */
static int read_symbols(const char *s, size_t n, dh_range_item *it, const char **why,
                        size_t *at) {
  size_t i = 0;
  int count = 0, j;
  memset(it, 0, sizeof *it);
  while (i < n) {
    int rank, suit;
    if (count == 4) { *why = "more than four cards"; *at = i; return -1; }
    count++;
    if (s[i] == 'x' || s[i] == 'X' || s[i] == '*') { i++; continue; }
    rank = read_rank(s, n, &i);
    if (!rank) { *why = "card, rank or x expected"; *at = i; return -1; }
    suit = i < n ? suit_of(s[i]) : -1;
    if (suit >= 0) {
      dh_cardset c = dh_set_of(dh_card_make(rank, suit));
      if (it->known & c) { *why = "a card twice"; *at = i; return -1; }
      it->known |= c;
      i++;
      continue;
    }
    for (j = 0; j < it->nrank && it->rank[j] != rank; j++) {}
    if (j == it->nrank) { it->rank[j] = (unsigned char)rank; it->nrank++; }
    it->need[j]++;
  }
  return count;
}

/* one Omaha item: "*", "random", or four symbols and maybe ds or ss.  A
** trailing "ds" or "ss" cannot end four symbols (d and s are no ranks), so
** it is a qualifier whenever the text before it is four symbols. */
static int parse_omaha(const char *s, size_t n, dh_range_item *it, const char **why,
                       size_t *at) {
  int k, suits = DH_SUITS_ANY;
  if ((n == 1 && s[0] == '*') || (n == 6 && strncmp(s, "random", 6) == 0)) {
    memset(it, 0, sizeof *it);
    return 1;
  }
  if (n > 2 && (s[n - 1] == 's' || s[n - 1] == 'S') &&
      (s[n - 2] == 'd' || s[n - 2] == 'D' || s[n - 2] == 's' || s[n - 2] == 'S')) {
    const char *w;
    size_t a;
    if (read_symbols(s, n - 2, it, &w, &a) == 4)
      suits = (s[n - 2] | 0x20) == 'd' ? DH_SUITS_DOUBLE : DH_SUITS_SINGLE;
  }
  if (suits == DH_SUITS_ANY) {
    k = read_symbols(s, n, it, why, at);
    if (k < 0) return 0;
    if (k != 4) {
      *why = "omaha hands are four cards (x for an unknown one: AsAhxx)";
      return 0;
    }
  }
  it->suits = (unsigned char)suits;
  if (!item_possible(it)) { *why = "no four cards fit this suit pattern"; return 0; }
  return 1;
}

/* one item of a range, s[0..n) without separators; on an error *at is
** where in the item it was found */
static int parse_one(const char *s, size_t n, int game, dh_range *r, seen *h, const char **why,
                     size_t *at) {
  size_t i = 0;
  item a, b;
  dh_card cards[5];
  const char *w;
  size_t where;
  dh_card dup;
  int k, want = game == DH_GAME_OMAHA ? 4 : 2;
  if (game == DH_GAME_OMAHA) {
    dh_range_item it;
    if (!parse_omaha(s, n, &it, why, at)) {
      /* cards by another name (T♦): dh_cards_parse knows them */
      k = dh_cards_parse(s, n, cards, 5, &w, &where, &dup);
      if (k >= 0 && k != 4) {     /* all cards, but not four: say so of the whole item */
        *why = "omaha hands are four cards (x for an unknown one: AsAhxx)";
        *at = n;
      }
      if (k != 4) return 0;
      it.known = dh_set_of(cards[0]) | dh_set_of(cards[1]) | dh_set_of(cards[2]) |
                 dh_set_of(cards[3]);
      it.nrank = 0;
      it.suits = DH_SUITS_ANY;
    }
    if (dh_set_count(it.known) == 4 && it.suits == DH_SUITS_ANY) {
      if (add_combo(r, h, it.known)) return 1;
      *why = "more than 1326 hands listed";
      *at = n;
      return 0;
    }
    if (r->nitems == DH_RANGE_ITEMS) { *why = "too many items"; *at = 0; return 0; }
    r->item[r->nitems++] = it;
    return 1;
  }
  if ((n == 1 && s[0] == '*') || (n == 6 && strncmp(s, "random", 6) == 0)) {
    int x, y;
    if (game != DH_GAME_HOLDEM) { *why = "random hands are Hold'em only"; return 0; }
    for (x = 0; x < 52; x++)
      for (y = x + 1; y < 52; y++)
        (void)add_combo(r, h, dh_set_of(dh_card_make(x % 13 + 2, x / 13)) |
                              dh_set_of(dh_card_make(y % 13 + 2, y / 13)));
    return 1;
  }
  /* explicit cards: a suit letter right after the first rank */
  if (n >= 2 && (suit_of(s[1]) >= 0 || (n >= 3 && s[0] == '1' && s[1] == '0' && suit_of(s[2]) >= 0))) {
    k = dh_cards_parse(s, n, cards, 4, &w, &where, &dup);
    if (k < 0) {
      int twice = strcmp(w, "twice") == 0;
      *why = twice ? "a card twice" : w;
      *at = twice ? n : where;
      return 0;
    }
    if (k != want) {
      *why = game == DH_GAME_OMAHA ? "omaha hands are four cards" : "hold'em hands are two cards";
      return 0;
    }
    if (add_combo(r, h, dh_set_of(cards[0]) | dh_set_of(cards[1]) |
                        (k == 4 ? dh_set_of(cards[2]) | dh_set_of(cards[3]) : 0)))
      return 1;
    *why = "more than 1326 hands listed";
    *at = n;
    return 0;
  }
  if (game != DH_GAME_HOLDEM) { *why = "omaha hands are four explicit cards"; return 0; }
  if (!read_item(s, n, &i, &a, why, at)) return 0;
  if (i == n) { add_ranks(r, h, a.hi, a.lo, a.kind); return 1; }
  if (s[i] == '+' && i + 1 == n) {
    if (a.hi == a.lo) {
      int p;
      for (p = a.hi; p <= 14; p++) add_ranks(r, h, p, p, 0);
    } else {
      int k2;
      for (k2 = a.lo; k2 < a.hi; k2++) add_ranks(r, h, a.hi, k2, a.kind);
    }
    return 1;
  }
  if (s[i] == '-') {
    int steps, d;
    i++;
    if (!read_item(s, n, &i, &b, why, at)) return 0;
    if (i != n) { *why = "unexpected text after the range"; *at = i; return 0; }
    if (a.kind != b.kind) { *why = "both ends need the same suitedness"; return 0; }
    if (a.hi == a.lo && b.hi == b.lo) {            /* QQ-88 */
      int lo = a.hi < b.hi ? a.hi : b.hi, hi = a.hi ^ b.hi ^ lo, p;
      for (p = lo; p <= hi; p++) add_ranks(r, h, p, p, 0);
      return 1;
    }
    if (a.hi == a.lo || b.hi == b.lo) { *why = "a pair range needs pairs at both ends"; return 0; }
    if (a.hi == b.hi) {                            /* A9s-A6s: the kicker moves */
      int lo = a.lo < b.lo ? a.lo : b.lo, hi = a.lo ^ b.lo ^ lo, k3;
      for (k3 = lo; k3 <= hi; k3++) add_ranks(r, h, a.hi, k3, a.kind);
      return 1;
    }
    if (a.hi - a.lo != b.hi - b.lo) {
      *why = "ends need the same first rank or the same gap";
      return 0;
    }
    steps = a.hi - b.hi;                           /* 76s-54s: both ranks move */
    if (steps < 0) { item t = a; a = b; b = t; steps = -steps; }
    for (d = 0; d <= steps; d++) add_ranks(r, h, a.hi - d, a.lo - d, a.kind);
    return 1;
  }
  *why = s[i] == '+' ? "nothing may follow '+'" : "expected '+', '-', 's', 'o' or the end of the item";
  *at = s[i] == '+' ? i + 1 : i;
  return 0;
}

int dh_range_parse(const char *s, size_t len, int game, dh_range *r,
                   const char **why, size_t *where, size_t *wlen) {
  size_t i = 0;
  seen h;
  r->n = r->nitems = 0;
  memset(h.at, 0xFF, sizeof h.at);   /* every slot -1: empty */
  /* any other number was read as Omaha, and its items refused as such */
  if (game != DH_GAME_HOLDEM && game != DH_GAME_OMAHA) {
    *why = "unknown game (DH_GAME_HOLDEM or DH_GAME_OMAHA)";
    *where = 0;
    *wlen = 0;
    return 0;
  }
  if (len > DH_RANGE_TEXT) {
    *why = "range text longer than 65536 bytes";
    *where = 0;
    *wlen = 0;
    return 0;
  }
  while (i < len) {
    size_t j, at;
    if (is_sep(s[i])) { i++; continue; }
    for (j = i; j < len && !is_sep(s[j]); j++) {}
    at = j - i;
    if (j - i > 63 || !parse_one(s + i, j - i, game, r, &h, why, &at)) {
      if (j - i > 63) *why = "item too long";
      /* the item up to and including the character found wrong */
      *where = i;
      *wlen = at < j - i ? at + 1 : j - i;
      return 0;
    }
    i = j;
  }
  if (r->n == 0 && r->nitems == 0) { *why = "empty range"; *where = 0; *wlen = len; return 0; }
  if (r->nitems > 0) {          /* explicit hands beside patterns: items too */
    int k;
    if (r->nitems + r->n > DH_RANGE_ITEMS) {
      *why = "too many items";
      *where = 0;
      *wlen = len;
      return 0;
    }
    for (k = 0; k < r->n; k++) {
      dh_range_item *it = &r->item[r->nitems++];
      memset(it, 0, sizeof *it);
      it->known = r->combo[k];
    }
    r->n = 0;
  }
  return 1;
}

int dh_range_has(const dh_range *r, dh_cardset hand) {
  int i;
  for (i = 0; i < r->n; i++)
    if (r->combo[i] == hand) return 1;
  for (i = 0; i < r->nitems; i++)
    if (dh_range_item_has(&r->item[i], hand)) return 1;
  return 0;
}

uint64_t dh_range_count(const dh_range *r, dh_cardset dead) {
  uint64_t n = 0;
  int i;
  if (r->nitems > 0) {
    dh_quads q;
    dh_cardset h;
    dh_quads_start(&q, DH_FRENCH52 & ~dead);
    while ((h = dh_quads_next(&q)) != 0) n += (uint64_t)dh_range_has(r, h);
    return n;
  }
  for (i = 0; i < r->n; i++) n += !(r->combo[i] & dead);
  return n;
}

int dh_range_remove(dh_range *r, dh_cardset dead) {
  int i, n = 0;
  if (r->nitems > 0) {
    for (i = 0; i < r->nitems; i++)
      if (!(r->item[i].known & dead)) r->item[n++] = r->item[i];
    r->nitems = n;
    return (int)dh_range_count(r, dead);
  }
  for (i = 0; i < r->n; i++)
    if (!(r->combo[i] & dead)) r->combo[n++] = r->combo[i];
  r->n = n;
  return n;
}
