/*
** capture.h -- Scopa's captures: the sets of table cards a played card
** may take.
**
** Cards count ace 1, two to seven their pips, jack (fante) 8, queen
** (cavallo) 9, king (re) 10: the Italian 40-card deck of deck.h
** (italian40).  A card played takes a table card of its own value when
** there is one (any one of them, one at a time), else any set of table
** cards whose values sum to its value; when there is no such set it stays
** on the table.
*/
#ifndef DH_SCOPA_CAPTURE_H
#define DH_SCOPA_CAPTURE_H

#include "cardset.h"

#ifdef __cplusplus
extern "C" {
#endif

/* the card's value 1..10, or 0 for a card outside the Italian deck */
int dh_scopa_value(dh_card c);

/*
** The sets of cards of table whose values sum to value (every subset,
** singletons included), in a fixed order; writes at most max of them to
** out and returns how many there are (more than max: the rest not
** written), or -1 when table holds a card outside the Italian deck.
*/
int dh_scopa_sums(dh_cardset table, int value, dh_cardset *out, int max);

/*
** The captures a card of value `value` may make: each table card of that
** value alone when there is one, else every set of dh_scopa_sums; returns
** the count as dh_scopa_sums does.
*/
int dh_scopa_captures(dh_cardset table, int value, dh_cardset *out, int max);

#ifdef __cplusplus
}
#endif

#endif
