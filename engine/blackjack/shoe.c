/*
** shoe.c -- Blackjack's shoe (shoe.h).
*/
#include "shoe.h"

static void fill(dh_bj_shoe *s, int decks) {
  int d, suit, rank, k = 0;
  for (d = 0; d < decks; d++)
    for (suit = DH_CLUBS; suit <= DH_SPADES; suit++)
      for (rank = 2; rank <= DH_RANK_ACE; rank++) s->cards[k++] = dh_card_make(rank, suit);
  s->n = k;
}

int dh_bj_shoe_init(dh_bj_shoe *s, int decks, double penetration) {
  if (decks < 1 || decks > DH_BJ_MAX_DECKS) return -1;
  fill(s, decks);
  if (penetration < 0) penetration = 0;
  if (penetration > 1) penetration = 1;
  s->top = s->refills = 0;
  s->cut = s->cut_at = (int)(penetration * s->n + 0.5);
  return 0;
}

static void shuffle_range(dh_card *c, int n, dh_rng *r) {
  int i;
  for (i = n - 1; i > 0; i--) {
    int j = (int)dh_rng_below(r, (uint32_t)i + 1);
    dh_card t = c[i];
    c[i] = c[j];
    c[j] = t;
  }
}

void dh_bj_shoe_shuffle(dh_bj_shoe *s, dh_rng *r) {
  shuffle_range(s->cards, s->n, r);
  s->top = 0;
  s->cut = s->cut_at;
}

int dh_bj_shoe_refill(dh_bj_shoe *s, const dh_card *held, int nheld, dh_rng *r) {
  int count[64 * 2] = { 0 }, i, k, left;
  /* the shoe's full contents, less the table's cards: the discards */
  for (i = 0; i < s->n; i++) count[s->cards[i] & 127]++;
  for (i = 0; i < nheld; i++) count[held[i] & 127]--;
  left = 0;
  for (k = 0; k < 128; k++)
    for (i = 0; i < count[k]; i++) s->cards[left++] = (dh_card)k;
  /* they go at the shoe's end, so that s->n (the full size) stays; the
  ** table's cards fill the front as if already dealt */
  for (i = left - 1; i >= 0; i--) s->cards[s->n - left + i] = s->cards[i];
  for (i = 0; i < nheld; i++) s->cards[i] = held[i];
  s->top = s->n - left;
  shuffle_range(s->cards + s->top, left, r);
  s->refills++;
  s->cut = s->n;   /* no second cut card: the shuffle comes after the round */
  return left;
}
