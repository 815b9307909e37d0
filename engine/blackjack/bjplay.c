/*
** bjplay.c -- a round of Blackjack for one player, and the simulation loop
** (bjplay.h).
*/
#include <string.h>

#include "bjplay.h"

/* a card's value (as dh_bj_value, for cards known to be valid): the hot
** loop calls it for every card */
static inline int value_of(dh_card c) {
  int slot = c & 15;
  if (c & DH_CARD_COPY) slot += 7;   /* a second copy's rank is slot + 9 */
  if (slot == 12) return 1;          /* the ace */
  return slot >= 8 ? 10 : slot + 2;
}

/* every card on the table, for a shoe that must be refilled */
static int held_cards(const dh_bj_round *round, dh_card *out) {
  int n = 0, h, i;
  for (h = 0; h < round->nhands; h++)
    for (i = 0; i < round->hands[h].n; i++) out[n++] = round->hands[h].cards[i];
  for (i = 0; i < round->ndealer; i++) out[n++] = round->dealer[i];
  return n;
}

static dh_card draw(dh_bj_shoe *s, dh_rng *rng, const dh_bj_round *round) {
  if (dh_bj_shoe_left(s) == 0) {
    dh_card held[DH_BJ_MAX_HANDS * DH_BJ_HAND_CARDS + DH_BJ_HAND_CARDS];
    /* every card on the table cannot happen with a full shoe of 52 or
    ** more and one player; a caller's short stacked shoe can: start over */
    if (dh_bj_shoe_refill(s, held, held_cards(round, held), rng) == 0) dh_bj_shoe_shuffle(s, rng);
  }
  return dh_bj_shoe_draw(s);
}

static void add(dh_bj_hand *h, dh_card c) {
  int v = value_of(c);
  h->cards[h->n++] = c;
  h->hard += v;
  if (v == 1) h->ace = 1;
}

static int total(const dh_bj_hand *h, int *soft) { return dh_bj_total_of(h->hard, h->ace, soft); }

static int double_ok(const dh_bj_rules *r, const dh_bj_hand *h) {
  int soft, t = total(h, &soft);
  switch (r->double_on) {
    case DH_BJ_DOUBLE_9_11: return !soft && t >= 9 && t <= 11;
    case DH_BJ_DOUBLE_10_11: return !soft && t >= 10 && t <= 11;
    case DH_BJ_DOUBLE_NONE: return 0;
    default: return 1;
  }
}

/* an up card the dealer looks under (an ace or a ten) */
static int peeked(dh_card up) { return value_of(up) == 1 || value_of(up) == 10; }

unsigned dh_bj_allowed(const dh_bj_rules *r, const dh_bj_round *round, int i) {
  const dh_bj_hand *h = &round->hands[i];
  int locked = h->split_aces && !r->hit_split_aces;   /* split aces stand on their second card */
  unsigned a = 1u << DH_BJ_STAND;
  if (!locked) a |= 1u << DH_BJ_HIT;
  if (h->n != 2) return a;
  if (!locked && (!h->split || r->double_after_split) && double_ok(r, h)) a |= 1u << DH_BJ_DOUBLE;
  if (value_of(h->cards[0]) == value_of(h->cards[1]) && round->nhands < r->split_hands &&
      (!h->split_aces || r->resplit_aces))
    a |= 1u << DH_BJ_SPLIT;
  if (round->nhands == 1 && (r->surrender || (r->early_surrender && !peeked(round->dealer[0]))))
    a |= 1u << DH_BJ_SURRENDER;
  return a;
}

int dh_bj_choose(const dh_bj_strategy *st, unsigned allowed, int hard, int ace, int pair, int up) {
  int soft, t = dh_bj_total_of(hard, ace, &soft), best = -1, a;
  double bestv = 0;
  for (a = 0; a < DH_BJ_NACTIONS; a++) {
    double v;
    if (!(allowed >> a & 1)) continue;
    if (a <= DH_BJ_DOUBLE) v = st->ev[soft][t][up][a];
    else if (a == DH_BJ_SPLIT) v = st->split[pair][up];
    else v = st->surrender[up];
    if (best < 0 || v > bestv) best = a, bestv = v;
  }
  return best;
}

int dh_bj_dealer_play(const dh_bj_rules *r, dh_bj_shoe *s, dh_rng *rng, dh_bj_round *out) {
  int hard = 0, ace = 0, i, t, soft;
  for (i = 0; i < out->ndealer; i++) {
    int v = value_of(out->dealer[i]);
    hard += v;
    if (v == 1) ace = 1;
  }
  for (;;) {
    t = dh_bj_total_of(hard, ace, &soft);
    if (t > 17 || (t == 17 && !(soft && r->hit_soft17))) return t;
    {
      dh_card c = draw(s, rng, out);
      int v = value_of(c);
      out->dealer[out->ndealer++] = c;
      hard += v;
      if (v == 1) ace = 1;
    }
  }
}

static int is_blackjack(int hard, int ace) { return hard == 11 && ace; }

/* early surrender: worth it when half a bet beats playing on, the dealer's
** blackjack (bj_chance) costing the bet and the best play's value counting
** only when there is none (the values assume the dealer has looked) */
static int early(const dh_bj_rules *r, const dh_bj_strategy *st, const dh_bj_round *round, int up) {
  const dh_bj_hand *h = &round->hands[0];
  unsigned allowed = dh_bj_allowed(r, round, 0) & ~(1u << DH_BJ_SURRENDER);
  int pair = value_of(h->cards[0]) == value_of(h->cards[1]) ? value_of(h->cards[0]) : 0;
  int a = dh_bj_choose(st, allowed, h->hard, h->ace, pair, up), soft, t = dh_bj_total_of(h->hard, h->ace, &soft);
  double best = a == DH_BJ_SPLIT ? st->split[pair][up] : st->ev[soft][t][up][a], p = st->bj_chance[up];
  if (!r->peek) return -0.5 > best;   /* the values already count the dealer's blackjack */
  return -0.5 > -p + (1 - p) * best;
}

/* plays hand i out with the strategy; new hands from splits join the round */
static void play_hand(const dh_bj_rules *r, const dh_bj_strategy *st, dh_bj_shoe *s, dh_rng *rng,
                      dh_bj_round *round, int i, int up) {
  for (;;) {
    dh_bj_hand *h = &round->hands[i];
    unsigned allowed;
    int action, soft;
    if (h->n == 1) add(h, draw(s, rng, round));
    if (total(h, &soft) >= 21) return;
    allowed = dh_bj_allowed(r, round, i);
    if (allowed == 1u << DH_BJ_STAND) return;   /* split aces, one card each */
    action = dh_bj_choose(st, allowed, h->hard, h->ace,
                          h->n == 2 && value_of(h->cards[0]) == value_of(h->cards[1]) ? value_of(h->cards[0]) : 0,
                          up);
    switch (action) {
      case DH_BJ_STAND: return;
      case DH_BJ_HIT: add(h, draw(s, rng, round)); break;
      case DH_BJ_DOUBLE:
        h->doubled = 1;
        add(h, draw(s, rng, round));
        return;
      case DH_BJ_SURRENDER: h->surrendered = 1; return;
      case DH_BJ_SPLIT: {
        /* the second card starts a hand of its own, right after this one */
        dh_bj_hand *nh;
        int k, aces = value_of(h->cards[0]) == 1;
        for (k = round->nhands; k > i + 1; k--) round->hands[k] = round->hands[k - 1];
        round->nhands++;
        h = &round->hands[i];
        nh = &round->hands[i + 1];
        memset(nh, 0, sizeof *nh);
        add(nh, h->cards[1]);
        h->n = 1, h->hard = value_of(h->cards[0]), h->ace = aces;
        h->split = nh->split = 1;
        h->split_aces = nh->split_aces = aces;
        break;   /* this hand draws its second card at the top of the loop */
      }
    }
  }
}

double dh_bj_play_round(const dh_bj_rules *r, const dh_bj_strategy *st, dh_bj_shoe *s, dh_rng *rng,
                        dh_bj_round *out) {
  dh_bj_hand *h = &out->hands[0];
  int up, i, live = 0, dealer, dsoft;
  memset(h, 0, sizeof *h);
  out->nhands = 1;
  out->ndealer = 0;
  out->net = 0;
  out->player_blackjack = out->dealer_blackjack = 0;
  add(h, draw(s, rng, out));
  out->dealer[out->ndealer++] = draw(s, rng, out);
  add(h, draw(s, rng, out));
  out->dealer[out->ndealer++] = draw(s, rng, out);
  up = value_of(out->dealer[0]);
  out->player_blackjack = is_blackjack(h->hard, h->ace);
  out->dealer_blackjack = is_blackjack(up + value_of(out->dealer[1]), up == 1 || value_of(out->dealer[1]) == 1);
  if (r->early_surrender && peeked(out->dealer[0]) && !out->player_blackjack && early(r, st, out, up)) {
    h->surrendered = 1;   /* before the dealer looks: half the bet, whatever the hole card */
    return out->net = h->net = -0.5;
  }
  if (out->dealer_blackjack && (r->peek || out->player_blackjack)) {   /* the dealer peeks: the round ends */
    h->net = out->player_blackjack ? 0 : -1;
    return out->net = h->net;
  }
  if (out->player_blackjack) {
    h->net = (double)r->bj_num / r->bj_den;
    return out->net = h->net;
  }
  for (i = 0; i < out->nhands; i++) play_hand(r, st, s, rng, out, i, up);
  if (out->dealer_blackjack) {   /* no peek: found at the end, it takes every bet on the table */
    for (i = 0; i < out->nhands; i++) {
      dh_bj_hand *x = &out->hands[i];
      x->net = x->doubled ? -2 : -1;
      out->net += x->net;
    }
    return out->net;
  }
  for (i = 0; i < out->nhands; i++) {
    dh_bj_hand *x = &out->hands[i];
    if (!x->surrendered && x->hard <= 21) live = 1;
  }
  dealer = live ? dh_bj_dealer_play(r, s, rng, out) : dh_bj_total_of(up + value_of(out->dealer[1]),
                                                                     up == 1 || value_of(out->dealer[1]) == 1, &dsoft);
  for (i = 0; i < out->nhands; i++) {
    dh_bj_hand *x = &out->hands[i];
    int bet = x->doubled ? 2 : 1, t = total(x, NULL);
    if (x->surrendered) x->net = -0.5;
    else if (t > 21) x->net = -bet;
    else if (dealer > 21 || t > dealer) x->net = bet;
    else if (t < dealer) x->net = -bet;
    else x->net = 0;
    out->net += x->net;
  }
  return out->net;
}

int dh_bj_sim_init(dh_bj_sim *sim, const dh_bj_rules *r, const dh_bj_strategy *st, uint64_t seed) {
  if (r->split_hands < 1 || r->split_hands > DH_BJ_MAX_HANDS || r->bj_den < 1) return -1;
  memset(sim, 0, sizeof *sim);
  sim->rules = *r;
  sim->strategy = *st;
  if (dh_bj_shoe_init(&sim->shoe, r->decks, r->penetration) != 0) return -1;
  dh_rng_seed(&sim->rng, seed);
  dh_bj_shoe_shuffle(&sim->shoe, &sim->rng);
  return 0;
}

void dh_bj_sim_run(dh_bj_sim *sim, long long rounds) {
  dh_bj_round round;
  long long k;
  for (k = 0; k < rounds; k++) {
    double net;
    if (dh_bj_shoe_past_cut(&sim->shoe)) {
      dh_bj_shoe_shuffle(&sim->shoe, &sim->rng);
      sim->shuffles++;
    }
    net = dh_bj_play_round(&sim->rules, &sim->strategy, &sim->shoe, &sim->rng, &round);
    sim->rounds++;
    sim->hands += round.nhands;
    sim->sum += net;
    sim->sumsq += net * net;
  }
}
