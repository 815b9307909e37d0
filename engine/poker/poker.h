/*
** poker.h -- poker hand values: 5, 6 or 7 cards of the 52-card deck.
**
** A hand value is a small integer: a higher value beats a lower one and
** equal values tie.  Its category is value >> 12 (DH_HIGH_CARD ...
** DH_STRAIGHT_FLUSH) and its low 12 bits order the hands inside the
** category, so the values in use lie in [0, DH_POKER_NVALUES) and there are
** 7,462 of them (every distinct five-card hand).  The ace plays high and,
** in the wheel A-2-3-4-5 (a "five high" straight), low.
**
** No init call, no file, no state: every function is safe to call from any
** thread.  The tables (about 350 KB, engine/poker/poker_tables.c) are constant.
** Hands are card sets (cardset.h) of 52-card positions: jokers, second
** copies and slots 13..15 are not cards here (dh_poker_valid says so).
*/
#ifndef DH_POKER_H
#define DH_POKER_H

#include <stddef.h>
#include <stdint.h>

#include "card.h"
#include "cardset.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef uint32_t dh_hand_value;             /* higher beats lower */

enum { DH_HIGH_CARD, DH_PAIR, DH_TWO_PAIR, DH_THREE_OF_A_KIND, DH_STRAIGHT, DH_FLUSH,
       DH_FULL_HOUSE, DH_FOUR_OF_A_KIND, DH_STRAIGHT_FLUSH, DH_NCATEGORIES };

/* values are below this bound (histograms indexed by value use it) */
#define DH_POKER_NVALUES (DH_NCATEGORIES << 12)
/* the number of distinct values */
#define DH_POKER_DISTINCT 7462

/* is hand 5, 6 or 7 cards, all of the standard 52? */
int dh_poker_valid(dh_cardset hand);

/* the value of 5, 6 or 7 cards (52-card positions only: anything else gives
** an unspecified value, though never a read outside the tables; check with
** dh_poker_valid when unsure) */
dh_hand_value dh_poker_eval(dh_cardset hand);
/* the same from an array of n cards (5..7, distinct) */
dh_hand_value dh_poker_eval_cards(const dh_card *c, int n);

int dh_poker_category(dh_hand_value v);
/* "high card", "pair", "two pair", "three of a kind", "straight", "flush",
** "full house", "four of a kind", "straight flush"; NULL out of range */
const char *dh_poker_category_name(int category);
/* the category of a name as above (also "trips", "quads"), or -1 */
int dh_poker_category_of(const char *name);

/* the five cards that make the hand's value: for ranks held more than
** needed (a kicker of a rank held twice, the cards of a straight), the
** card of the highest suit (spades, hearts, diamonds, clubs) is taken */
dh_cardset dh_poker_best5(dh_cardset hand);

/* the ranks (2..14, 14 = ace) that a value compares, most significant first
** (pair: the pair's rank then three kickers; straight: its top card, 5 for
** the wheel; full house: trips then pair ...); returns how many (1..5), or
** 0 when v is no hand value */
int dh_poker_ranks(dh_hand_value v, int ranks[5]);
/* is v a value that some hand has? */
int dh_poker_value_valid(dh_hand_value v);

/* what a player says: "two pair, kings and sevens, ace kicker",
** "straight, five high", "flush, ace high", "full house, tens over fours";
** snprintf's contract: returns the length the whole text needs, writes at
** most size bytes including the NUL; -1 when v is no hand value */
int dh_poker_describe(dh_hand_value v, char *buf, size_t size);

/*
** Bulk calls: the loops stay in C.
**
** dh_poker_count visits every n-card hand (n = 5, 6 or 7) that holds all
** the cards of `given` and none of `dead` (only cards outside both are
** added) and adds one to counts[category] for each.  dh_poker_histogram does
** the same per value: hist[value] (DH_POKER_NVALUES entries).  Neither
** clears its array first.  Both return the number of hands visited, or -1
** when n is out of range, given holds more than n cards, given and dead
** overlap, or either holds a position that is not one of the 52 cards.
** Every 7-card hand: dh_poker_count(0, 0, 7, counts).
*/
int64_t dh_poker_count(dh_cardset given, dh_cardset dead, int n,
                       uint64_t counts[DH_NCATEGORIES]);
int64_t dh_poker_histogram(dh_cardset given, dh_cardset dead, int n, uint64_t *hist);

/* out[i] = dh_poker_eval(hands[i]) for i < n (the same rules on hands) */
void dh_poker_eval_many(const dh_cardset *hands, size_t n, dh_hand_value *out);
/* the values of n hands of k cards each (5..7), hand i being
** cards[k * i .. k * i + k - 1]: out[i] = dh_poker_eval_cards(cards + k * i, k) */
void dh_poker_eval_cards_many(const dh_card *cards, int k, size_t n, dh_hand_value *out);
/* counts[category] += 1 for each of the n hands */
void dh_poker_count_many(const dh_cardset *hands, size_t n, uint64_t counts[DH_NCATEGORIES]);

/*
** Hand keys: the form to keep when the same hands are valued again and
** again (a range, a table of holdings).  A key is 32 bits: the hand's rank
** key, or for a hand holding five of a suit that suit's key, and its value
** is two table reads with no branch, where a card set needs six.  A key
** depends on the hand alone (not on how it was made) and says nothing a
** user should read: make it with these calls and value it with them.  The
** same rules on hands as dh_poker_eval (a hand that is not 5..7 of the 52
** cards gives a key of unspecified value, still read inside the tables).
*/
typedef uint32_t dh_hand_key;

dh_hand_key dh_poker_key(dh_cardset hand);
/* the key of n cards (5..7, distinct) */
dh_hand_key dh_poker_key_cards(const dh_card *c, int n);
/* out[i] = dh_poker_key(hands[i]) for i < n */
void dh_poker_keys(const dh_cardset *hands, size_t n, dh_hand_key *out);
/* the value of a key: dh_poker_eval_key(dh_poker_key(h)) == dh_poker_eval(h) */
dh_hand_value dh_poker_eval_key(dh_hand_key key);
/* out[i] = dh_poker_eval_key(keys[i]) for i < n */
void dh_poker_eval_keys(const dh_hand_key *keys, size_t n, dh_hand_value *out);

/* The same for hands that may not be hands (read from a file, a script):
** each returns n when every hand passes dh_poker_valid, else the index of
** the first that does not.  Then eval's out holds unspecified values and
** count's counts are left as they were.  The check costs a few percent:
** the evaluation counts the cards anyway. */
size_t dh_poker_eval_many_checked(const dh_cardset *hands, size_t n, dh_hand_value *out);
size_t dh_poker_count_many_checked(const dh_cardset *hands, size_t n,
                                   uint64_t counts[DH_NCATEGORIES]);

#ifdef __cplusplus
}
#endif

#endif
