/*
** deck.c -- the standard decks, custom decks, shuffling and dealing.
*/
#include <string.h>

#include "deck.h"

static const char *const kind_names[DH_DECK_NKINDS] = {
  "french52", "french54", "italian40", "piquet32", "euchre24", "pinochle48"
};

int dh_deck_kind(const char *name) {
  int k;
  for (k = 0; k < DH_DECK_NKINDS; k++)
    if (strcmp(name, kind_names[k]) == 0) return k;
  return -1;
}

const char *dh_deck_kind_name(int kind) {
  return (kind >= 0 && kind < DH_DECK_NKINDS) ? kind_names[kind] : "custom";
}

static void push(dh_deck *d, dh_card c) { d->cards[d->n++] = c; }

/* the ranks of a kind, ascending; returns how many */
static int kind_ranks(int kind, int *ranks) {
  int n = 0, r;
  switch (kind) {
    case DH_DECK_ITALIAN40:
      ranks[n++] = 14;  /* the ace counts low in the natural order of 40 */
      for (r = 2; r <= 7; r++) ranks[n++] = r;
      for (r = 11; r <= 13; r++) ranks[n++] = r;
      return n;
    case DH_DECK_PIQUET32: for (r = 7; r <= 14; r++) ranks[n++] = r; return n;
    case DH_DECK_EUCHRE24:
    case DH_DECK_PINOCHLE48: for (r = 9; r <= 14; r++) ranks[n++] = r; return n;
    default: for (r = 2; r <= 14; r++) ranks[n++] = r; return n;
  }
}

void dh_deck_init(dh_deck *d, int kind) {
  int ranks[13], n = kind_ranks(kind, ranks), suit, i;
  memset(d, 0, sizeof *d);
  d->kind = (uint8_t)kind;
  d->layout = kind == DH_DECK_PINOCHLE48 ? DH_LAYOUT_DOUBLE : DH_LAYOUT_STANDARD;
  for (suit = 0; suit < 4; suit++)
    for (i = 0; i < n; i++) {
      push(d, dh_card_make(ranks[i], suit));
      if (kind == DH_DECK_PINOCHLE48) push(d, dh_card_make_copy(ranks[i], suit));
    }
  if (kind == DH_DECK_FRENCH54) {
    push(d, DH_LITTLE_JOKER);
    push(d, DH_BIG_JOKER);
  }
  /* natural order: rank order for the deck's ranks (A low in italian40:
  ** the ace-low listing above is the deck's order, A 2..7 J Q K) */
  if (kind == DH_DECK_ITALIAN40) {
    int strongest_first[10];
    for (i = 0; i < n; i++) strongest_first[i] = ranks[n - 1 - i];
    dh_order_from_ranks(&d->natural, strongest_first, n, d->layout);
  } else {
    dh_order_natural(&d->natural, d->layout);
  }
}

static int is_sep(char ch) { return ch == ' ' || ch == ',' || ch == '\t' || ch == '\n'; }

int dh_deck_custom(dh_deck *d, const char *names, size_t len, const char **why, size_t *where) {
  size_t i = 0;
  dh_cardset seen = 0, low = 0, twice = 0;
  memset(d, 0, sizeof *d);
  d->kind = DH_DECK_NKINDS;
  while (i < len) {
    size_t start;
    dh_card c;
    while (i < len && is_sep(names[i])) i++;
    if (i >= len) break;
    start = i;
    while (i < len && !is_sep(names[i])) i++;
    *where = start;
    if (!dh_card_parse(names + start, i - start, &c, why)) return 0;
    if (dh_card_rank(c) >= 2 && dh_card_rank(c) <= 8) low |= dh_set_of(c);
    if (c & DH_CARD_COPY) {  /* named as the second copy ("Ks#2") */
      dh_card base = dh_card_make(dh_card_rank(c), dh_card_suit(c));
      if (dh_set_has(twice, base)) { *why = "card appears more than twice"; return 0; }
      twice |= dh_set_of(base);
      d->layout = DH_LAYOUT_DOUBLE;
    } else if (dh_set_has(seen, c)) {
      int rank = dh_card_rank(c);
      if (dh_card_is_joker(c) || rank < 9) { *why = "duplicate card (only 9 to A may appear twice)"; return 0; }
      if (dh_set_has(twice, c)) { *why = "card appears more than twice"; return 0; }
      twice |= dh_set_of(c);
      c = dh_card_make_copy(rank, dh_card_suit(c));
      d->layout = DH_LAYOUT_DOUBLE;
    }
    if (d->n == 64) { *why = "more than 64 cards"; return 0; }
    seen |= dh_set_of(c & ~DH_CARD_COPY);
    push(d, c);
  }
  if (d->n == 0) { *where = 0; *why = "no cards"; return 0; }
  /* second copies borrow the slots of ranks 2..7: the two cannot coexist */
  if (d->layout == DH_LAYOUT_DOUBLE && (low & UINT64_C(0x003F003F003F003F))) {
    *where = 0;
    *why = "a deck with repeated cards cannot also hold ranks 2 to 7";
    return 0;
  }
  dh_order_natural(&d->natural, d->layout);
  return 1;
}

void dh_deck_shuffle(dh_deck *d, dh_rng *r) {
  int i;
  for (i = d->n - 1; i > d->top; i--) {
    int j = d->top + (int)dh_rng_below(r, (uint32_t)(i - d->top + 1));
    dh_card t = d->cards[i];
    d->cards[i] = d->cards[j];
    d->cards[j] = t;
  }
}

void dh_deck_shuffle_deal(dh_deck *d, dh_rng *r, int players, int dealer, int per_seat,
                          dh_cardset *hands) {
  int dealt = per_seat * players, top = d->top, i, seat;
  if (players < 1 || players > 64 || dealer < 0 || dealer >= players || per_seat < 0 ||
      dealt > dh_deck_left(d)) {
    dh_deck_shuffle(d, r);
    return;
  }
  /* Fisher-Yates settles position i for good at step i, top to bottom of
     the pile; the deal gives position top + k to the seat k + 1 places
     left of the dealer.  So each card goes to its hand as soon as it is
     settled: one pass over the deck instead of two. */
  seat = (dealer + 1 + (d->n - 1 - top) % players) % players;
  for (i = d->n - 1; i > top; i--) {
    int j = top + (int)dh_rng_below(r, (uint32_t)(i - top + 1));
    dh_card t = d->cards[j];
    d->cards[j] = d->cards[i];
    d->cards[i] = t;
    if (i - top < dealt) hands[seat] |= dh_set_of(t);
    seat = seat == 0 ? players - 1 : seat - 1;
  }
  if (dealt > 0) hands[seat] |= dh_set_of(d->cards[top]);
  d->top = (uint8_t)(top + dealt);
}

dh_cardset dh_deck_set(const dh_deck *d) {
  dh_cardset s = 0;
  int i;
  for (i = d->top; i < d->n; i++) s |= dh_set_of(d->cards[i]);
  return s;
}

dh_card dh_deck_draw(dh_deck *d) {
  return d->top < d->n ? d->cards[d->top++] : DH_NO_CARD;
}

dh_card dh_deck_turn_under(dh_deck *d) {
  dh_card c;
  if (d->top >= d->n) return DH_NO_CARD;
  c = d->cards[d->top];
  memmove(d->cards + d->top, d->cards + d->top + 1, (size_t)(d->n - d->top - 1));
  d->cards[d->n - 1] = c;
  return c;
}

int dh_deck_deal(dh_deck *d, int players, int dealer, const uint8_t *packets, int npackets,
                 int per_seat, dh_cardset *hands) {
  int total = 0, p, k, i, seat;
  if (players < 1 || players > 64 || dealer < 0 || dealer >= players) return -1;
  if (packets) {
    if (npackets < 1) return -1;
    for (p = 0; p < npackets; p++) total += packets[p];
  } else {
    if (per_seat < 0) return -1;
    total = per_seat;
  }
  if ((long)total * players > dh_deck_left(d)) return -1;
  if (!packets) {  /* one card at a time is a run of packets of 1 */
    for (k = 0; k < total; k++)
      for (i = 1, seat = dealer; i <= players; i++) {
        if (++seat == players) seat = 0;  /* (dealer + i) % players, without a division per card */
        hands[seat] |= dh_set_of(d->cards[d->top++]);
      }
    return total;
  }
  for (p = 0; p < npackets; p++)
    for (i = 1; i <= players; i++) {
      seat = (dealer + i) % players;
      for (k = 0; k < packets[p]; k++) hands[seat] |= dh_set_of(d->cards[d->top++]);
    }
  return total;
}
