/*
** position.h -- what a trick-taking match is, as data: the position the
** rules read.
**
** The rules (rule_*.c) answer questions about a position: may this seat
** play this card, who takes this trick, what did the hand score.  They
** read it here and nowhere else; the state machine that moves a match
** from one position to the next (match.h, match.c) fills it and calls
** them, and no rule calls back into it.  So the dependencies run one way:
** match.c -> rule_*.c -> position.h.
**
** The position is the whole match in one flat struct, as every engine
** object is (deckhand.h): copying it clones the game, and nothing is
** allocated while it is played.  The rules read the trick, the hands and
** what was played and taken, the bids and tricks, the trump and the card
** table in force, the declarer, the teams and the script's vars; the rest
** (the generator, the talon, the passes) is the state machine's own, kept
** here only so that one copy clones all.  Only the learning a played card
** brings (voids, excluded) is written by a rule (rule_hand.c), which is
** why the position is not const there.
*/
#ifndef DH_POSITION_H
#define DH_POSITION_H

#include <stdint.h>

#include "card.h"
#include "cardset.h"
#include "deck.h"
#include "rng.h"
#include "rules.h"
#include "trick.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct dh_position dh_position;

struct dh_position {
  const dh_rules *rules;
  dh_rng rng;
  dh_deck talon;                     /* what the deal left: cards[top..n) */
  dh_cardset hand[DH_MAX_SEATS];
  dh_cardset taken[DH_MAX_SEATS];    /* cards won this hand */
  dh_cardset played_by[DH_MAX_SEATS];/* cards played this hand */
  dh_cardset passed[DH_MAX_SEATS];   /* cards passed this hand, by the passer */
  dh_cardset received[DH_MAX_SEATS];
  dh_cardset known[DH_MAX_SEATS];    /* cards everyone knows are in a hand */
  dh_cardset excluded[DH_MAX_SEATS]; /* cards everyone knows are not (what play showed) */
  dh_cardset played;                 /* every card played this hand */
  dh_trick trick, last;
  dh_card hist[64];                  /* the cards played this hand, in order (public) */
  int32_t score[DH_MAX_SEATS];       /* match totals per side */
  int32_t hand_points[DH_MAX_SEATS]; /* what the last scored hand gave each side */
  int32_t bags[DH_MAX_SEATS];        /* per side, for contract scoring */
  int8_t bid[DH_MAX_SEATS];
  uint8_t tricks[DH_MAX_SEATS];
  uint8_t last_tricks[DH_MAX_SEATS]; /* tricks of the last scored hand */
  uint8_t voids[DH_MAX_SEATS];       /* bit s: shown void in suit s (all of it excluded) */
  uint8_t phase, nseats, dealer, turn, leader, trump;
  uint8_t hand_size, trick_no, last_winner, upcard, pass_mask, winners;
  uint16_t hand_no;                  /* 0-based */
  uint8_t stacked;                   /* the hand being played was dealt by the caller */
  /* what phase scripts set, per hand (all public but discard and took) */
  uint8_t table;                     /* the card table in force: 0 base, k rules->tables[k-1] */
  uint8_t nplaying;                  /* seats that play to each trick */
  uint8_t out_mask;                  /* bit s: seat s sits this hand out */
  uint8_t declarer;                  /* the seat that made trump or won the auction (DH_MAX_SEATS: none) */
  uint8_t step;                      /* which of the variant's phases acts (1..) in DH_PHASE_SCRIPT */
  uint8_t next_seat[DH_MAX_SEATS];   /* the next seat that plays, to the left */
  int16_t vars[8];                   /* the script's own public state (0 at each deal) */
  dh_cardset discard[DH_MAX_SEATS];  /* set aside by each seat, seen by it alone */
  dh_cardset took[DH_MAX_SEATS];     /* taken from the talon into each hand by an op */
  uint8_t controller[DH_MAX_SEATS];  /* the seat that chooses each seat's cards (a dummy's: declarer) */
  uint8_t show_at_lead;              /* bit s: seat s's hand is shown to all once the first card is led */
  uint8_t team[DH_MAX_SEATS];        /* who plays with whom this hand: the rules' sides, or a
                                        script's (Skat's declarer against the other two) */
  uint8_t swapped, swap_seat;        /* trump_exchange: the turned card swap_seat took for the
                                        lowest trump (now m->upcard); DH_NO_CARD: none */
  uint8_t bid_then, bid_seat;        /* a scripted hand's bids (rules->bidding): what follows
                                        them, the step bid_then (0: the tricks), with bid_seat
                                        to act or to lead (DH_MAX_SEATS: the rules' leader) */
};


/*
** What a card counts as in this position: its suit (DH_NOSUIT: none), its
** strength in tricks (0: never wins), and the cards that count as a suit
** (0..DH_NOSUIT).  Every rule reads them through these, so that a hand's
** mode (a trump that changes suits and orders) can choose the tables.
*/
static inline int dh_position_suit(const dh_position *p, dh_card c) {
  return p->table ? p->rules->tables[p->table - 1].suit_of[c & 63] : p->rules->suit_of[c & 63];
}
static inline int dh_position_strength(const dh_position *p, dh_card c) {
  return p->table ? p->rules->tables[p->table - 1].strength[c & 63] : p->rules->strength[c & 63];
}
static inline dh_cardset dh_position_suit_cards(const dh_position *p, int suit) {
  return p->table ? p->rules->tables[p->table - 1].suit_set[suit] : p->rules->suit_set[suit];
}

#ifdef __cplusplus
}
#endif

#endif
