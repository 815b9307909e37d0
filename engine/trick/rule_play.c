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
      return m->trump < DH_NOSUIT ? strongest(r, t, r->suit_set[m->trump]) : -1;
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

/*
** The commonest chain, "trump wins, else the highest of the led suit", by
** suit alone: no sets to build.  Apart from the general chain below, so
** that its few registers and no stack frame are all a trick costs.
*/
static int trump_or_led(const dh_match *m, const dh_trick *t) {
  const dh_rules *r = m->rules;
  int i, top = 0, trump = m->trump < DH_NOSUIT ? m->trump : -1, led = t->led;
  for (i = 0; i < t->n; i++) {
    /* key: trump, led suit, strength, then the earlier card; no branches
       to mispredict on random cards */
    int pos = t->cards[i] & 63, suit = r->suit_of[pos], st = r->strength[pos];
    int key = (((suit == trump) * 512 + (suit == led) * 256 + st) * (st != 0)) * 8 + (7 - i);
    top = key > top ? key : top;
  }
  return top >= 256 * 8 ? 7 - (top & 7) : 0;
}

/*
** A chain of prefab leaves in one pass: a card scores by the first leaf it
** qualifies for (earlier leaves higher) and then by strength, so the best
** score is the card the chain would pick; ties go to the first played.
*/
__attribute__((noinline)) static int chain(const dh_match *m, const dh_trick *t) {
  const dh_rules *r = m->rules;
  dh_cardset sets[8];
  int i, k, best = 0, top = 0, n = r->nchain;
  for (k = 0; k < n; k++) {
    const dh_node *nd = &r->nodes[r->chain[k]];
    switch (nd->op) {
      case DH_OP_TRUMP_WINS: sets[k] = m->trump < DH_NOSUIT ? r->suit_set[m->trump] : 0; break;
      case DH_OP_HIGHEST_OF_LED: sets[k] = t->led < 5 ? r->suit_set[t->led] : 0; n = k + 1; break;
      case DH_OP_HIGHEST_OF: sets[k] = nd->set; break;
      default: sets[k] = 0; break;
    }
  }
  for (i = 0; i < t->n; i++) {
    int pos = t->cards[i] & 63, s = r->strength[pos];
    if (!s) continue;
    for (k = 0; k < n; k++)
      if ((sets[k] >> pos) & 1) {
        int score = (n - k) * 256 + s;
        if (score > top) { top = score; best = i; }
        break;
      }
  }
  return best;
}

int dh_play_winner(const dh_match *m, const dh_trick *t, int *winner) {
  const dh_rules *r = m->rules;
  int err = 0, w;
  if (r->nchain == 2 && r->nodes[r->chain[0]].op == DH_OP_TRUMP_WINS &&
      r->nodes[r->chain[1]].op == DH_OP_HIGHEST_OF_LED) {
    *winner = trump_or_led(m, t);
    return DH_OK;
  }
  if (r->nchain) { *winner = chain(m, t); return DH_OK; }
  w = eval(m, t, m->rules->root[DH_RULE_PLAY], &err);
  if (err) return DH_E_RULE;
  *winner = (w >= 0 && w < t->n) ? w : 0;
  return DH_OK;
}
