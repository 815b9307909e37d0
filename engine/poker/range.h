/*
** range.h -- hole-card ranges: the usual notation (QQ+, AKs, 76s-54s) as
** lists of combinations, and Omaha patterns (AAxx, AsAhxx, ds, ss) kept
** as items rather than lists (range.c).  Equity (equity.h) takes them.
*/
#ifndef DH_RANGE_H
#define DH_RANGE_H

#include <stddef.h>
#include <stdint.h>

#include "cardset.h"

#ifdef __cplusplus
extern "C" {
#endif

#define DH_RANGE_MAX     1326   /* every two-card combination */

enum { DH_GAME_HOLDEM, DH_GAME_OMAHA };

/*
** An Omaha item that stands for many four-card hands: the hands that hold
** every card of `known`, at least need[i] more cards of rank rank[i]
** (besides the known cards) for each of the nrank ranks, and whose suits
** are spread as `suits` asks.  The rest are wildcards.
*/
enum { DH_SUITS_ANY, DH_SUITS_DOUBLE, DH_SUITS_SINGLE };   /* -, ds (2+2), ss (2+1+1) */

typedef struct dh_range_item {
  dh_cardset known;
  unsigned char nrank, rank[4], need[4];
  unsigned char suits;
} dh_range_item;

#define DH_RANGE_ITEMS 64

/*
** A range is one of two things.  A list: n combinations, each a card set of
** 2 (Hold'em) or 4 (Omaha) cards, without repeats (nitems is 0).  Or, for
** Omaha ranges written with wildcards or rank patterns, a union of nitems
** items (n is 0): the hands matching at least one item.  A list never holds
** more than DH_RANGE_MAX hands, an item list up to every four-card hand
** (270,725) without storing them.
*/
typedef struct dh_range {
  int n, nitems;
  dh_range_item item[DH_RANGE_ITEMS];
  dh_cardset combo[DH_RANGE_MAX];
} dh_range;

/*
** Range notation, items separated by commas or spaces, explicit cards
** written together (AcQc, not Ac Qc); rank and suit letters in either case:
**   AcQc          explicit hole cards (2 for Hold'em, 4 for Omaha: AsKsQdJd)
**   QQ  AKs  AKo  AK      a pair (6 combos), suited (4), offsuit (12), both (16)
**   QQ+           QQ, KK, AA              (pairs from QQ up)
**   A5s+  KTo+  QT+       kicker up to one below the first rank (A5s..AKs)
**   QQ-88         pairs from QQ down to 88
**   A9s-A6s       first rank fixed, kicker from 9 down to 6
**   76s-54s       both ranks step down together: 76s, 65s, 54s (the gap kept)
**   *  or  random every combination (Hold'em 1326, Omaha 270,725)
** Ranks: 2-9, T (or 10), J, Q, K, A.  Hold'em items above are Hold'em only.
** Omaha items are four symbols, each a card (As), a rank (A: a card of that
** rank) or a wildcard (x or *: any card), optionally followed by ds
** (double-suited: two suits, two cards each) or ss (single-suited: suits
** 2+1+1).  A hand matches when its four cards can be given one to each
** symbol: AsAhxx holds As and Ah, AAxx at least two aces, AKxxds an ace
** and a king and two suits twice.  An Omaha range whose items are all four
** explicit cards is a list; any other is a union of items (dh_range).
** Returns 1, or 0 with *why (a reason), *where and *wlen set: the offending
** item's byte offset, and its length up to the character found wrong
** ("QX+" gives "QX"); a game other than DH_GAME_HOLDEM or DH_GAME_OMAHA
** is refused with *where and *wlen 0.  Repeated combinations count once;
** an Omaha list of more than DH_RANGE_MAX hands is refused ("more than
** 1326 hands listed").  A text longer than DH_RANGE_TEXT bytes is refused
** whole (*where and *wlen 0): every combination fits in far fewer, and
** each item costs up to 1326 insertions, so a long text of "*" ran for
** minutes where a caller (a bot under a time limit) cannot stop it.
*/
#define DH_RANGE_TEXT 65536
int dh_range_parse(const char *s, size_t len, int game, dh_range *r,
                   const char **why, size_t *where, size_t *wlen);
/* drops the combinations that hold a card of dead; returns how many remain
** (for a union of items: drops the items whose known cards are dead, and
** counts the hands left) */
int dh_range_remove(dh_range *r, dh_cardset dead);
/* 1 when hand (2 or 4 cards) is one of the range's combinations */
int dh_range_has(const dh_range *r, dh_cardset hand);
int dh_range_item_has(const dh_range_item *it, dh_cardset hand);
/* how many of the range's hands hold no card of dead */
uint64_t dh_range_count(const dh_range *r, dh_cardset dead);
/*
** Every four-card hand of the cards in `from`, in a fixed order: each call
** of dh_quads_next returns the next, or 0 when there are no more.  For
** walking a union of items (with dh_range_has) without a list.
*/
typedef struct dh_quads { dh_cardset c[52]; int n, i[4]; } dh_quads;
void dh_quads_start(dh_quads *q, dh_cardset from);
dh_cardset dh_quads_next(dh_quads *q);

#ifdef __cplusplus
}
#endif

#endif
