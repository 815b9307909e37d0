/*
** view.h -- what one seat may know of a match, and worlds sampled from it.
**
** A view is a match with everything hidden from its seat cleared: the
** other hands (but for cards everyone saw go into them: the drawn trump
** card, the cards this seat passed), the hidden talon and the cards the
** others drew from it, the other seats' passes, the generator.  Two matches that differ only in cards hidden
** from the seat give byte-identical views.
*/
#ifndef DH_VIEW_H
#define DH_VIEW_H

#include "match.h"

typedef struct dh_view {
  dh_match m;                      /* the public match, plus this seat's hand */
  dh_cardset unseen;               /* cards this seat cannot place */
  uint8_t seat;
  uint8_t count[DH_MAX_SEATS];     /* cards in each hand */
} dh_view;

/* v = what seat may know of m: 0, or -1 (v unchanged) when seat is not
** one of m's seats */
int dh_view_make(const dh_match *m, int seat, dh_view *v);

/* a full match consistent with the view: the unseen cards dealt to the
** other hands (respecting their sizes and shown voids) and the talon, a
** fresh generator from r; the hidden passes and the cards drawn so far
** chosen so that its deal (dh_match_deal) replays the public history.
** Returns 1, or 0 only when no deal fits (the view's sizes, voids,
** exclusions and known cards contradict). */
int dh_view_sample(const dh_view *v, dh_rng *r, dh_match *out);

#endif
