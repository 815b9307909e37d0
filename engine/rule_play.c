/*
** rule_play.c -- play rules: who takes the trick?
**
** Each node names the winning card (its index in the order of play) or
** declines (-1).  OR, and AND alike, is a priority chain: the first child
** that decides wins, so "trump wins, else the highest of the led suit" is
** trump_wins | highest_of_led.  Suits are the suits cards count as
** (suit_of), strengths the variant's order; among equal cards the first
** played wins; a card of strength 0 never wins.
*/
#include "match.h"

/* the first strongest card among those whose position is in set */
static int strongest(const dh_rules *r, const dh_trick *t, dh_cardset set) {
  int i, best = -1, top = 0;
  for (i = 0; i < t->n; i++) {
    int pos = t->cards[i] & 63, s = r->strength[pos];
    if (((set >> pos) & 1) && s > top) { top = s; best = i; }
  }
  return best;
}

static int eval(const dh_match *m, const dh_trick *t, int i, int *err) {
  const dh_rules *r = m->rules;
  const dh_node *n = &r->nodes[i];
  switch (n->op) {
    case DH_OP_AND: case DH_OP_OR: {
      int w = eval(m, t, n->a, err);
      return w >= 0 || *err ? w : eval(m, t, n->b, err);
    }
    case DH_OP_HIGHEST_OF_LED: {
      int w = t->led < 5 ? strongest(r, t, r->suit_set[t->led]) : -1;
      return w >= 0 ? w : 0;
    }
    case DH_OP_TRUMP_WINS:
      return m->trump < 5 ? strongest(r, t, r->suit_set[m->trump]) : -1;
    case DH_OP_HIGHEST_OF:
      return strongest(r, t, n->set);
    case DH_OP_CALL: {
      int32_t w = -1;
      if (r->call(r->call_ud, i, DH_RULE_PLAY, m, 0, 0, &w)) { *err = 1; return -1; }
      return w;
    }
    default:
      return -1;
  }
}

/* a chain of prefab leaves without recursion */
static int chain(const dh_match *m, const dh_trick *t) {
  const dh_rules *r = m->rules;
  int i;
  for (i = 0; i < r->nchain; i++) {
    const dh_node *n = &r->nodes[r->chain[i]];
    int w = -1;
    switch (n->op) {
      case DH_OP_TRUMP_WINS: if (m->trump < 5) w = strongest(r, t, r->suit_set[m->trump]); break;
      case DH_OP_HIGHEST_OF_LED: w = t->led < 5 ? strongest(r, t, r->suit_set[t->led]) : -1; return w >= 0 ? w : 0;
      case DH_OP_HIGHEST_OF: w = strongest(r, t, n->set); break;
      default: break;
    }
    if (w >= 0) return w;
  }
  return 0;
}

int dh_play_winner(const dh_match *m, const dh_trick *t, int *winner) {
  int err = 0, w;
  if (m->rules->nchain) { *winner = chain(m, t); return DH_OK; }
  w = eval(m, t, m->rules->root[DH_RULE_PLAY], &err);
  if (err) return DH_E_RULE;
  *winner = (w >= 0 && w < t->n) ? w : 0;
  return DH_OK;
}
