/*
** rule_play.c -- play rules: who takes the trick?
**
** Each node names the winning card (its index in the order of play) or
** declines (-1).  OR, and AND alike, is a priority chain: the first child
** that decides wins, so "trump wins, else the highest of the led suit" is
** trump_wins | highest_of_led.  Suits are the suits cards count as,
** strengths the variant's order (dh_position_suit, dh_position_strength); among
** equal cards the first played wins; a card of strength 0 never wins.
**
** The chains of prefabs also have straight-line forms (chain,
** trump_or_led), which must name the card the tree names.
*/
#include "rules_impl.h"

/* the first strongest card among those whose position is in set */
static int strongest(const dh_position *p, const dh_trick *t, dh_cardset set) {
  int i, best = -1, top = 0;
  for (i = 0; i < t->n; i++) {
    int s = dh_position_strength(p, t->cards[i]);
    if (dh_set_has(set, t->cards[i]) && s > top) { top = s; best = i; }
  }
  return best;
}

/* the cards a chain leaf takes the trick with, strongest first (led:
** the leaf always decides); the leaf's own evaluation in eval below */
static dh_cardset leaf_cards(const dh_position *p, const dh_trick *t, const dh_node *n, int *led) {
  *led = n->op == DH_OP_HIGHEST_OF_LED;
  switch (n->op) {
    case DH_OP_HIGHEST_OF_LED: return t->led < 5 ? dh_position_suit_cards(p, t->led) : 0;
    case DH_OP_TRUMP_WINS: return p->trump < DH_NOSUIT ? dh_position_suit_cards(p, p->trump) : 0;
    case DH_OP_HIGHEST_OF: return n->u.highest_of;
    default: return 0;
  }
}

/*
** A callback reads the trick from the position it is given (a Lua rule gets
** it as its argument and through its state), so a trick other than the
** position's own -- one a policy or a bot's question imagines -- is handed
** over in a copy of the position holding it.  Out of line: the copy is large,
** and only callbacks need it.
*/
__attribute__((noinline)) static int call(const dh_position *p, const dh_trick *t, int ref, int32_t *out) {
  const dh_rules *r = p->rules;
  dh_position with;
  if (t == &p->trick) return r->call(r->call_ud, ref, DH_RULE_PLAY, p, 0, 0, out);
  with = *p;
  with.trick = *t;
  return r->call(r->call_ud, ref, DH_RULE_PLAY, &with, 0, 0, out);
}

static int eval(const dh_position *p, const dh_trick *t, int i, int *err) {
  const dh_rules *r = p->rules;
  const dh_node *n = dh_rules_node(r, i);
  int led, w;
  switch (n->op) {
    case DH_OP_AND: case DH_OP_OR:
      w = eval(p, t, n->a, err);
      return w >= 0 || *err ? w : eval(p, t, n->b, err);
    case DH_OP_CALL: {
      int32_t out = -1;
      if (call(p, t, n->u.call, &out)) { *err = 1; return -1; }
      return out;
    }
    default:  /* the highest of the led suit decides even when no card is ranked */
      w = strongest(p, t, leaf_cards(p, t, n, &led));
      return w < 0 && led ? 0 : w;
  }
}

/*
** The commonest chain, "trump wins, else the highest of the led suit", by
** suit alone: no sets to build.  Apart from the general chain below, so
** that its few registers and no stack frame are all a trick costs.
*/
static int trump_or_led(const dh_position *p, const dh_trick *t) {
  int i, top = 0, trump = p->trump < DH_NOSUIT ? p->trump : -1, led = t->led;
  for (i = 0; i < t->n; i++) {
    /* key: trump, led suit, strength, then the earlier card; no branches
       to mispredict on random cards */
    int suit = dh_position_suit(p, t->cards[i]), st = dh_position_strength(p, t->cards[i]);
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
__attribute__((noinline)) static int chain(const dh_position *p, const dh_trick *t) {
  const dh_rules *r = p->rules;
  const dh_rules_impl *x = dh_impl(r);
  dh_cardset sets[8];
  int i, k, best = 0, top = 0, n = x->nchain;
  for (k = 0; k < n; k++) {
    int led;
    sets[k] = leaf_cards(p, t, dh_rules_node(r, x->chain[k]), &led);
    if (led) n = k + 1;  /* it always decides: the rest of the chain is never asked */
  }
  for (i = 0; i < t->n; i++) {
    int pos = t->cards[i] & 63, s = dh_position_strength(p, t->cards[i]);
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

int dh_play_winner_tree(const dh_position *p, const dh_trick *t, int *winner) {
  int err = 0, w = eval(p, t, dh_rules_root(p->rules, DH_RULE_PLAY), &err);
  if (err) return DH_E_RULE;
  *winner = (w >= 0 && w < t->n) ? w : 0;
  return DH_OK;
}

int dh_play_winner(const dh_position *p, const dh_trick *t, int *winner) {
  switch (dh_impl(p->rules)->play_form) {
    case DH_PLAY_TRUMP_OR_LED: *winner = trump_or_led(p, t); return DH_OK;
    case DH_PLAY_CHAIN: *winner = chain(p, t); return DH_OK;
    default: return dh_play_winner_tree(p, t, winner);
  }
}

/* the play rule as a chain of prefab leaves, first to decide wins */
static int list_chain(const dh_rules *r, int i, dh_rules_impl *x) {
  const dh_node *n = dh_rules_node(r, i);
  if (n->op == DH_OP_OR || n->op == DH_OP_AND) return list_chain(r, n->a, x) && list_chain(r, n->b, x);
  if (n->op == DH_OP_CALL || x->nchain >= 8) return 0;
  x->chain[x->nchain++] = (uint8_t)i;
  return 1;
}

void dh_play_derive(dh_rules *r) {
  dh_rules_impl *x = dh_impl_mut(r);
  x->nchain = 0;
  x->play_form = DH_PLAY_TREE;
  if (!list_chain(r, x->root[DH_RULE_PLAY], x)) {
    x->nchain = 0;
    return;
  }
  x->play_form = DH_PLAY_CHAIN;
  if (x->nchain == 2 && dh_rules_node(r, x->chain[0])->op == DH_OP_TRUMP_WINS &&
      dh_rules_node(r, x->chain[1])->op == DH_OP_HIGHEST_OF_LED)
    x->play_form = DH_PLAY_TRUMP_OR_LED;
}
