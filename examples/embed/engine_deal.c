/*
** engine_deal.c -- part (a): the engine with no Lua at all.
**
** Deals four Spades hands from a shuffled deck and plays the thirteen
** tricks with every seat choosing uniformly among its legal cards.  The
** rules are written here, in a few lines on the engine's card sets:
** follow suit when able; spades are trumps and may not be led until a
** spade has been played, unless the leader holds nothing else.
**
** Everything lives on the stack: the engine objects are plain structs that
** the caller owns (deckhand.h), and one dh_rng makes the whole run
** reproducible from its seed.
*/
#include <deckhand/deckhand.h>

#include "embed.h"

#define SEATS 4

/* the cards seat may play: hand, trick so far, whether spades are broken */
static dh_cardset legal_cards(dh_cardset hand, const dh_trick *t, int broken) {
  if (t->n > 0) {  /* following: the led suit if we have it, else anything */
    dh_cardset follow = dh_set_suit(hand, t->led);
    return follow ? follow : hand;
  }
  if (!broken) {   /* leading: no spade until spades are broken */
    dh_cardset other = dh_set_minus(hand, dh_suit_mask(DH_SPADES));
    if (other) return other;
  }
  return hand;
}

/* a uniformly random card of a non-empty set */
static dh_card pick(dh_cardset s, dh_rng *r) {
  uint32_t k = dh_rng_below(r, (uint32_t)dh_set_count(s));
  while (k--) s &= s - 1;  /* drop the k lowest cards */
  return dh_card_at(dh_set_first(s), DH_LAYOUT_STANDARD);
}

static void print_set(FILE *out, dh_cardset s) {
  char name[DH_CARD_NAMELEN];
  const char *sep = "";
  for (; s; s &= s - 1) {
    dh_card_name(dh_card_at(dh_set_first(s), DH_LAYOUT_STANDARD), name);
    fprintf(out, "%s%s", sep, name);
    sep = " ";
  }
}

int embed_engine(uint64_t seed, FILE *out) {
  dh_rng rng;
  dh_deck deck;
  dh_trick trick;
  dh_cardset hands[SEATS] = { 0 };
  int tricks[SEATS] = { 0 };
  int dealer = SEATS - 1, leader, broken = 0, n, i, seat;
  char name[DH_CARD_NAMELEN];

  dh_rng_seed(&rng, seed);
  dh_deck_init(&deck, DH_DECK_FRENCH52);
  dh_deck_shuffle(&deck, &rng);
  if (dh_deck_deal(&deck, SEATS, dealer, NULL, 0, 13, hands) != 13) return 1;

  fprintf(out, "engine: Spades deal, seed %llu, dealer seat %d\n",
          (unsigned long long)seed, dealer + 1);
  for (seat = 0; seat < SEATS; seat++) {
    fprintf(out, "hand %d: ", seat + 1);
    print_set(out, hands[seat]);
    fputc('\n', out);
  }

  leader = (dealer + 1) % SEATS;
  for (n = 1; n <= 13; n++) {
    dh_trick_clear(&trick);
    fprintf(out, "trick %d:", n);
    for (i = 0; i < SEATS; i++) {
      dh_card c;
      seat = (leader + i) % SEATS;
      c = pick(legal_cards(hands[seat], &trick, broken), &rng);
      hands[seat] = dh_set_remove(hands[seat], c);
      if (dh_card_suit(c) == DH_SPADES) broken = 1;
      dh_trick_add(&trick, seat, c);
      dh_card_name(c, name);
      fprintf(out, " %d:%s", seat + 1, name);
    }
    /* the engine decides the trick: spades trump, natural rank order */
    leader = trick.seats[dh_trick_winner(&trick, DH_SPADES, &deck.natural)];
    tricks[leader]++;
    fprintf(out, " -> %d\n", leader + 1);
  }

  fprintf(out, "tricks:");
  for (seat = 0; seat < SEATS; seat++) fprintf(out, " %d", tricks[seat]);
  fprintf(out, " (seats 1+3: %d, seats 2+4: %d)\n", tricks[0] + tricks[2], tricks[1] + tricks[3]);
  for (seat = 0; seat < SEATS; seat++)
    if (hands[seat]) return 1;  /* every card must have been played */
  return 0;
}
