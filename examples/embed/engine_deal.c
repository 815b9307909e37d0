/*
** engine_deal.c -- part (a): the engine with no Lua at all.
**
** Builds the rules of Spades with the rule builders (spades_rules.h),
** starts a match and plays its first hand: every seat bids at random among
** its legal bids and plays a card chosen uniformly among its legal ones.
** The engine knows the rules: which cards are legal (follow suit; spades
** not led until broken), who takes each trick, what the hand scores.
**
** Everything lives on the stack: the engine objects are plain structs that
** the caller owns (deckhand.h), and one seed makes the whole run
** reproducible.
*/
#include <deckhand/deckhand.h>

#include "embed.h"
#include "spades_rules.h"

#define SEATS 4

static void print_set(FILE *out, dh_cardset s) {
  char name[DH_CARD_NAMELEN];
  const char *sep = "";
  for (; s; s &= s - 1) {
    dh_card_name(dh_card_at(dh_set_first(s), DH_LAYOUT_STANDARD), name);
    fprintf(out, "%s%s", sep, name);
    sep = " ";
  }
}

/* the bids, each uniformly among the seat's legal bids */
static int bid_round(dh_match *m, dh_rng *rng, FILE *out) {
  int bids[72], n;
  fprintf(out, "bids:");
  while (m->phase == DH_PHASE_BID) {
    int seat = dh_match_next(m);
    if ((n = dh_match_legal_bids(m, bids, 72)) < 1) return 1;
    n = bids[dh_rng_below(rng, (uint32_t)n)];
    if (dh_match_bid(m, seat, n) != DH_OK) return 1;
    fprintf(out, " %d:%d", seat + 1, n);
  }
  fputc('\n', out);
  return 0;
}

/* one trick, each card uniformly among the legal ones; the winner */
static int play_trick(dh_match *m, dh_rng *rng, FILE *out) {
  char name[DH_CARD_NAMELEN];
  int i;
  for (i = 0; i < SEATS; i++) {
    int seat = dh_match_next(m);
    dh_cardset legal;
    dh_card c;
    if (dh_match_legal(m, &legal) != DH_OK) return -1;
    c = dh_set_pick(legal, rng, DH_LAYOUT_STANDARD);
    if (dh_match_play(m, seat, c) != DH_OK) return -1;
    dh_card_name(c, name);
    fprintf(out, " %d:%s", seat + 1, name);
  }
  return m->last_winner;   /* the trick just completed */
}

int embed_engine(uint64_t seed, FILE *out) {
  dh_rules rules;
  dh_match m;
  dh_rng rng;
  int dealer = SEATS - 1, n, seat, winner, tricks[SEATS] = { 0 };
  const char *why = spades_rules(&rules, 500);
  if (why) {
    fprintf(stderr, "embed: the rules do not fit: %s\n", why);
    return 1;
  }
  dh_rng_seed(&rng, seed);                   /* our choices; the match shuffles with its own */
  dh_match_init(&m, &rules, seed, dealer);

  fprintf(out, "engine: Spades deal, seed %llu, dealer seat %d\n",
          (unsigned long long)seed, dealer + 1);
  for (seat = 0; seat < SEATS; seat++) {
    fprintf(out, "hand %d: ", seat + 1);
    print_set(out, m.hand[seat]);
    fputc('\n', out);
  }
  if (bid_round(&m, &rng, out)) return 1;
  for (n = 1; n <= 13; n++) {
    fprintf(out, "trick %d:", n);
    if ((winner = play_trick(&m, &rng, out)) < 0) return 1;
    tricks[winner]++;
    fprintf(out, " -> %d\n", winner + 1);
  }

  fprintf(out, "tricks:");
  for (seat = 0; seat < SEATS; seat++) fprintf(out, " %d", tricks[seat]);
  fprintf(out, " (seats 1+3: %d, seats 2+4: %d)\n", tricks[0] + tricks[2], tricks[1] + tricks[3]);
  fprintf(out, "points: seats 1+3: %d, seats 2+4: %d\n", (int)m.hand_points[0], (int)m.hand_points[1]);
  /* the hand is scored and the next one dealt */
  return m.hand_no == 1 && m.last_tricks[0] + m.last_tricks[1] + m.last_tricks[2] + m.last_tricks[3] == 13 ? 0 : 1;
}
