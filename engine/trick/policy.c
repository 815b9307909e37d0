/*
** policy.c -- the greedy playout policy.
*/
#include "policy.h"
#include "playout.h"
#include "rules_impl.h"

/* a card's weight: its strength, trumps above every other suit */
static int weight(const dh_match *m, dh_card c) {
  return dh_match_strength(m, c) + (dh_match_suit(m, c) == m->trump ? 256 : 0);
}

/* does seat s play to lose the tricks it can?  With bids: when it bid 0,
** or its side has made the sum of its positive bids (more are overtricks) */
static int ducking(const dh_match *m, int s) {
  const dh_rules *r = m->rules;
  int t, want = 0, got = 0;
  if (!r->bidding || m->bid[s] == DH_NO_BID) return 0;
  if (m->bid[s] <= 0) return 1;
  for (t = 0; t < m->nseats; t++)
    if (m->team[t] == m->team[s] && m->bid[t] > 0) { want += m->bid[t]; got += m->tricks[t]; }
  return got >= want;
}

/* the greedy choice; duck: play to lose (lead the weakest, follow with
** the strongest card that loses); contract: a trick held by a ducking
** seat of the own side counts as not held */
static int choose(const dh_match *m, dh_cardset legal, int low, int contract, dh_card *out) {
  const dh_rules *r = m->rules;
  int layout = r->deck.layout;
  int best_win = -1, best_lose = -1, wwin = 0, wlose = 0, held = 0;
  dh_cardset it;
  if (m->trick.n == 0) {  /* lead: strongest outside trumps (low_wins: weakest) */
    int best = -1, bw = 0;
    for (it = legal; it; it &= it - 1) {
      int pos = dh_set_first(it);
      dh_card c = dh_card_at(pos, layout);
      int w = weight(m, c);
      if (!low && w >= 256) w -= 512;   /* trumps last */
      if (best < 0 || (low ? w < bw : w > bw)) { best = pos; bw = w; }
    }
    *out = dh_card_at(best, layout);
    return DH_OK;
  }
  {
    int w0;
    if (dh_play_winner(m, &m->trick, &w0) != DH_OK) return DH_E_RULE;
    held = m->team[m->trick.seats[w0]] == m->team[m->turn] &&
           !(contract && ducking(m, m->trick.seats[w0]));
  }
  for (it = legal; it; it &= it - 1) {
    int pos = dh_set_first(it), win;
    dh_card c = dh_card_at(pos, layout);
    dh_trick t = m->trick;
    int w = weight(m, c);
    t.cards[t.n] = c;
    t.seats[t.n] = m->turn;
    t.n++;
    if (dh_play_winner(m, &t, &win) != DH_OK) return DH_E_RULE;
    if (win == t.n - 1) {   /* takes the trick: keep the cheapest (low: the dearest) */
      if (best_win < 0 || (low ? w > wwin : w < wwin)) { best_win = pos; wwin = w; }
    } else {                /* loses: the weakest (low: the strongest) */
      if (best_lose < 0 || (low ? w > wlose : w < wlose)) { best_lose = pos; wlose = w; }
    }
  }
  if (low || held) *out = dh_card_at(best_lose >= 0 ? best_lose : best_win, layout);
  else *out = dh_card_at(best_win >= 0 ? best_win : best_lose, layout);
  return DH_OK;
}

int dh_policy_greedy(const dh_match *m, dh_cardset legal, dh_card *out) {
  return choose(m, legal, m->rules->low_wins, 0, out);
}

int dh_policy_contract(const dh_match *m, dh_cardset legal, dh_card *out) {
  return choose(m, legal, m->rules->low_wins || ducking(m, m->turn), 1, out);
}

int dh_playout_hand_policy(dh_match *m, dh_rng *r, int policy) {
  int hand = m->hand_no, err = DH_OK;
  if (policy == DH_POLICY_RANDOM) return dh_playout_hand(m, r);
  while (m->phase != DH_PHASE_OVER && m->hand_no == hand) {
    if (m->phase == DH_PHASE_PLAY) {
      dh_cardset legal;
      dh_card c;
      if (dh_rules_fast(m->rules)) {
        legal = dh_hand_fast(m, m->rules, m->hand[m->turn]);
        if (!legal) legal = m->hand[m->turn];
      } else if ((err = dh_match_legal(m, &legal)) != DH_OK) {
        break;
      }
      if (!legal) legal = m->hand[m->turn];
      err = policy == DH_POLICY_CONTRACT ? dh_policy_contract(m, legal, &c) : dh_policy_greedy(m, legal, &c);
      if (err != DH_OK) break;
      if ((err = dh_match_play_legal(m, c)) != DH_OK) break;
      continue;
    }
    if ((err = dh_playout_step(m, r)) != DH_OK) break;
  }
  return err;
}
