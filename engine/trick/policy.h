/*
** policy.h -- built-in playout policies beyond uniform random.
*/
#ifndef DH_POLICY_H
#define DH_POLICY_H

#include "match.h"

#ifdef __cplusplus
extern "C" {
#endif

enum { DH_POLICY_RANDOM, DH_POLICY_GREEDY, DH_POLICY_CONTRACT };

/* greedy card for the seat to act, among legal (non-empty): follow by
** winning as cheaply as possible unless the own side already holds the
** trick, else throw the weakest card; lead the strongest card outside
** trumps.  With low_wins rules it ducks instead: the strongest card that
** does not take the trick, and leads the weakest.  DH_OK or DH_E_RULE. */
int dh_policy_greedy(const dh_match *m, dh_cardset legal, dh_card *out);

/* greedy that knows the bids: a seat ducks (as greedy does with low_wins)
** when it bid 0 (Nil, blind Nil) or once its side's players with a bid
** above 0 have taken that many tricks together; a trick held by a ducking
** partner is not held.  Without bids it is dh_policy_greedy. */
int dh_policy_contract(const dh_match *m, dh_cardset legal, dh_card *out);

/* plays the current hand to its end: cards by the policy (DH_POLICY_*),
** bids and passes at random (as dh_playout_hand) */
int dh_playout_hand_policy(dh_match *m, dh_rng *r, int policy);

#ifdef __cplusplus
}
#endif

#endif
