/*
** gin_playout.h -- a Gin Rummy hand played to its end by two seats that both
** follow the rules of thumb of strategies/heuristic/gin.lua, for the
** Monte Carlo bots, which play thousands of hands a decision.
**
** The policy, move for move the heuristic's:
**   draw   take the pile's top card only when it goes into a meld and
**          lowers the least deadwood after the best discard; else draw
**          (or pass the upcard on the first turn);
**   discard  big gin, else gin, whenever allowed; else the knock leaving
**          the least deadwood while the stock holds `late` cards or more,
**          or with `low` deadwood or less; else the card of least score:
**          the deadwood left after it, plus 2 for each of its live
**          partners (unseen cards that would meld it with a card held),
**          plus 4 for each card the opponent took from the pile that it
**          fits (same rank, or the same suit within two); a card far
**          behind the best (more than 20 deadwood worse) only by its
**          deadwood.  Ties go to the card whose name sorts first.
** The scoring is the rules' (rules/gin.lua): knock, gin, big gin,
** undercut, layoffs by the defender, a void hand when a plain discard
** leaves two cards in the stock.
*/
#ifndef DH_RUMMY_GIN_PLAYOUT_H
#define DH_RUMMY_GIN_PLAYOUT_H

#include "cardset.h"

#ifdef __cplusplus
extern "C" {
#endif

enum { DH_GIN_FIRST, DH_GIN_DRAW, DH_GIN_DISCARD };

typedef struct dh_gin_rules {
  int knock;            /* the most deadwood a knock may keep */
  int gin_bonus, big_gin, big_gin_bonus, undercut_bonus;
  int late, low;        /* the policy's knock: stock >= late, or deadwood <= low */
} dh_gin_rules;

/* a move: take the pile's top card, pass the upcard, draw from the stock,
** discard a card, knock or go gin with it, go big gin */
enum { DH_GIN_TAKE, DH_GIN_PASS, DH_GIN_DRAW_STOCK, DH_GIN_DISCARD_CARD, DH_GIN_KNOCK, DH_GIN_GIN,
       DH_GIN_BIG_GIN };

typedef struct dh_gin_move {
  int kind;
  dh_card card;         /* the card discarded; DH_NO_CARD for the others */
} dh_gin_move;

typedef struct dh_gin_deal {
  dh_cardset hand[2];
  dh_cardset known[2];  /* the cards each seat took from the pile, still held */
  dh_card pile[52];     /* the discard pile, its top last */
  int npile;
  dh_card stock[52];    /* the stock, the next card drawn last */
  int nstock;
  int turn;             /* the seat to move, 0 or 1 */
  int phase;            /* DH_GIN_FIRST, DH_GIN_DRAW or DH_GIN_DISCARD */
  int refused;          /* upcard refusals so far on the first turn */
  dh_card taken;        /* the card just taken from the pile, or DH_NO_CARD */
} dh_gin_deal;

/*
** Plays d to the end of its hand, in place, the seat on turn making
** `first` first when it is given (a candidate of a Monte Carlo bot).  row[0], row[1]: the points
** each seat scores on the hand (both 0 when it is void).  Returns the
** winner (0 or 1), -1 for a void hand, or -2 when d is not a position of
** the game (a hand of the wrong size, a card in two places) or first is
** not a legal move in it.
*/
int dh_gin_playout(dh_gin_deal *d, const dh_gin_rules *r, const dh_gin_move *first, int row[2]);

#ifdef __cplusplus
}
#endif

#endif
