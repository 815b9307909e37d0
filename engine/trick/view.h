/*
** view.h -- what one seat may know of a match, and worlds sampled from it.
**
** A view is a match with everything hidden from its seat cleared: the
** other hands (but for cards everyone saw go into them: the drawn trump
** card, the cards this seat passed), the hidden talon and the cards the
** others drew from it, the other seats' passes and discards (their sizes
** stay), what they took from the talon unseen, the generator.  Two matches that differ only in cards hidden
** from the seat give byte-identical views.
*/
#ifndef DH_VIEW_H
#define DH_VIEW_H

#include "match.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct dh_view {
  dh_match m;                      /* the public match, plus this seat's hand */
  dh_cardset unseen;               /* cards this seat cannot place */
  uint8_t seat;
  uint8_t count[DH_MAX_SEATS];     /* cards in each hand */
  uint8_t discards[DH_MAX_SEATS];  /* cards in each seat's discard */
  uint8_t took[DH_MAX_SEATS];      /* cards each seat took from the talon */
} dh_view;

/* v = what seat may know of m: 0, or -1 (v unchanged) when seat is not
** one of m's seats */
int dh_view_make(const dh_match *m, int seat, dh_view *v);

/* a full match consistent with the view: the unseen cards dealt to the
** other hands (respecting their sizes and shown voids) and the talon, a
** fresh generator from r; the hidden passes and the cards drawn so far
** chosen so that its deal (dh_match_deal) replays the public history;
** the other seats' discards and what they took from the talon unseen.
** Returns 1, or 0 only when no deal fits (the view's sizes, voids,
** exclusions and known cards contradict) or the view has more hidden
** places (hands with room, the talon, discards) than the sampler takes
** (11). */
int dh_view_sample(const dh_view *v, dh_rng *r, dh_match *out);

/*
** What a bot may ask the rules about its view, so that it need not copy
** them: answered by the variant's own rules (prefabs or callbacks alike,
** through dh_play_winner; a callback play rule is then asked about tricks
** still being played).  The trick is the view's current one, empty outside
** the play phase.  Calls that take a card refuse one that is not a card of
** the deck (DH_E_ILLEGAL_CARD) and return DH_E_RULE when a callback failed;
** *out is then unchanged.
*/

/* *seat = the seat (0-based) taking the current trick as it stands, or -1
** when it is empty; *index its card's place in v->m.trick.  DH_OK or
** DH_E_RULE. */
int dh_view_winning(const dh_view *v, int *seat, int *index);

/* *seat = the seat that would take the current trick so far if the
** view's seat played c to it now (its own seat when c leads).  DH_OK;
** DH_E_ILLEGAL_CARD for a card not of the deck or already in the trick;
** DH_E_RULE. */
int dh_view_winner_with(const dh_view *v, dh_card c, int *seat);

/*
** *strength = how strong c is in the current trick, comparable between
** the cards of the deck: 256 times the number of the deck's other cards c
** beats, played right before them to a trick of the current led suit (c
** leads when the trick is empty), plus c's rank in the variant's order
** (dh_match_strength: 1 the weakest, 0 never wins), which orders cards
** beating as many (the cards of a suit that can take nothing).  The cards
** already in the trick do not take part: whether c takes the trick is
** dh_view_winner_with's answer.  DH_OK, DH_E_ILLEGAL_CARD for a card not
** of the deck, or DH_E_RULE.
*/
int dh_view_strength(const dh_view *v, dh_card c, int *strength);

/* the other seats of seat's side (0-based), going left from seat, into
** out (room for DH_MAX_SEATS); their number, or -1 when seat is not one
** of the match's seats */
int dh_view_partners(const dh_view *v, int seat, uint8_t *out);

/* the cards the view's seat passes this hand: the rules' pass count, or
** 0 when the variant does not pass or this hand's direction is none; in a
** blind Nil exchange (its giver or the partner) the exchange's count */
int dh_view_pass_count(const dh_view *v);

#ifdef __cplusplus
}
#endif

#endif
