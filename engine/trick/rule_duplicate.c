/*
** rule_duplicate.c -- Contract Bridge's duplicate score (the Laws of
** Duplicate Bridge, Law 77), the points rule of the auction prefab: the
** contract, its doubling and its declarer come from the auction's vars
** (phase.h), the vulnerability from the board, the tricks from the play.
*/
#include "prefab.h"
#include "rules_impl.h"

/* boards 1..16: bit 0 North-South vulnerable, bit 1 East-West (Law 2:
** none, NS, EW, both, rotated by one each four boards) */
static const uint8_t vulnerability[16] = { 0, 1, 2, 3, 1, 2, 3, 0, 2, 3, 0, 1, 3, 0, 1, 2 };

int dh_duplicate_vulnerable(int board, int side) {
  if (board < 1 || side < 0 || side > 1) return 0;
  return vulnerability[(board - 1) % 16] >> side & 1;
}

/* what the defenders score for down tricks under doubled (1) or
** redoubled (2): doubled, the first costs 100 (vulnerable 200), the second
** and third 200 (300) each, every later one 300; redoubled twice that */
static int32_t doubled_penalty(int down, int doubled, int vulnerable) {
  int32_t p = vulnerable ? 200 + 300 * (down - 1)
                         : 100 + 200 * (down > 3 ? 2 : down - 1) + 300 * (down > 3 ? down - 3 : 0);
  return p * doubled;
}

int32_t dh_duplicate_score(int level, int strain, int doubled, int vulnerable, int tricks) {
  int need = 6 + level, per = strain <= 1 ? 20 : 30, over = tricks - need;
  int32_t contract, pts;
  if (over < 0) return doubled ? -doubled_penalty(-over, doubled, vulnerable) : -(-over) * (vulnerable ? 100 : 50);
  /* the odd tricks bid (no trump: 40 for the first), doubled x2, redoubled x4 */
  contract = (per * level + (strain == 4 ? 10 : 0)) << (doubled == 2 ? 2 : doubled);
  pts = contract + (contract >= 100 ? (vulnerable ? 500 : 300) : 50);   /* game, or a part score */
  if (level == 6) pts += vulnerable ? 750 : 500;                         /* small slam */
  if (level == 7) pts += vulnerable ? 1500 : 1000;                       /* grand slam */
  pts += 50 * doubled;                                                   /* the insult */
  pts += over * (doubled ? (vulnerable ? 200 : 100) * doubled : per);    /* overtricks */
  return pts;
}

void dh_duplicate_points(const dh_position *p, int64_t *pts) {
  int contract = p->vars[DH_AUCTION_CONTRACT], declarer = p->declarer, side, v;
  int32_t score;
  if (declarer >= p->nseats || contract < 1 || contract > 35) return;   /* passed out */
  side = p->rules->side_of[declarer];
  v = p->rules->phase_args[DH_AUCTION_ARG_VULNERABLE]                   /* North (seat 0) and South: 0 */
      ? (p->rules->phase_args[DH_AUCTION_ARG_VULNERABLE] - 1) >> (declarer & 1) & 1
      : dh_duplicate_vulnerable(p->hand_no + 1, declarer & 1);
  score = dh_duplicate_score((contract - 1) / 5 + 1, (contract - 1) % 5, p->vars[DH_AUCTION_DOUBLED], v,
                             p->tricks[declarer] + p->tricks[(declarer + 2) & 3]);
  if (score >= 0) pts[side] += score;
  else pts[1 - side] -= score;
}
