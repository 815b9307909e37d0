/*
** peers_omp.cpp -- OMPEval's side of bench/peers.c, written the way a user
** of its headers would write it: Hand objects built card by card, the
** inline HandEvaluator::evaluate, categories counted with counts[v >> 12];
** from card sets, a Hand made once for each set position and added for
** each set bit.
** Built only by bench/peers.sh, against a copy of OMPEval kept outside the
** repository (nothing of OMPEval is in this tree).
**
** Cards here are OMPEval's indices, 4 * (rank - 2) + suit.
*/
#include <cstdint>
#include <cstdlib>
#include <new>

#include "omp/HandEvaluator.h"

using omp::Hand;

static const omp::HandEvaluator &evaluator() {
  static omp::HandEvaluator e;
  return e;
}

/* K a constant, so the card loop unrolls as a user's fixed-size code would */
template <int K> static uint64_t sum_cards(const uint8_t *cards, size_t n) {
  const omp::HandEvaluator &e = evaluator();
  uint64_t s = 0;
  for (size_t i = 0; i < n; i++, cards += K) {
    Hand x = Hand::empty();
    for (int j = 0; j < K; j++) x += Hand(cards[j]);
    s += e.evaluate(x);
  }
  return s;
}

/* a CardSet user's Hand: the Hand of each set position, made once
** (omp_positions), added bit by bit, K a constant as above */
static Hand by_position[64];

template <int K> static uint64_t sum_sets(const uint64_t *sets, size_t n) {
  const omp::HandEvaluator &e = evaluator();
  uint64_t s = 0;
  for (size_t i = 0; i < n; i++) {
    uint64_t b = sets[i];
    Hand x = Hand::empty();
    for (int j = 0; j < K; j++, b &= b - 1) x += by_position[__builtin_ctzll(b)];
    s += e.evaluate(x);
  }
  return s;
}

extern "C" {

/* index[p]: OMPEval's card at deckhand's set position p, -1 for none */
void omp_positions(const int index[64]) {
  for (int p = 0; p < 64; p++)
    by_position[p] = index[p] < 0 ? Hand::empty() : Hand((unsigned)index[p]);
}

/* the same from card sets of k cards each (deckhand's 64-bit sets) */
uint64_t omp_sum_sets(const uint64_t *sets, size_t n, int k) {
  return k == 7 ? sum_sets<7>(sets, n) : sum_sets<5>(sets, n);
}

/* every 7-card hand, a card added to its prefix at each level; returns the
** number of hands and adds to counts[category] (OMPEval's categories are
** 1..9: counts[0] stays) */
int64_t omp_enum7(uint64_t counts[10]) {
  const omp::HandEvaluator &e = evaluator();
  uint64_t c[16] = { 0 };
  int64_t n = 0;
  for (unsigned c1 = 0; c1 < 52; c1++) {
    Hand h1 = Hand::empty() + Hand(c1);
    for (unsigned c2 = c1 + 1; c2 < 52; c2++) {
      Hand h2 = h1 + Hand(c2);
      for (unsigned c3 = c2 + 1; c3 < 52; c3++) {
        Hand h3 = h2 + Hand(c3);
        for (unsigned c4 = c3 + 1; c4 < 52; c4++) {
          Hand h4 = h3 + Hand(c4);
          for (unsigned c5 = c4 + 1; c5 < 52; c5++) {
            Hand h5 = h4 + Hand(c5);
            for (unsigned c6 = c5 + 1; c6 < 52; c6++) {
              Hand h6 = h5 + Hand(c6);
              for (unsigned c7 = c6 + 1; c7 < 52; c7++)
                c[e.evaluate(h6 + Hand(c7)) >> 12]++;
            }
          }
        }
      }
    }
  }
  for (int i = 0; i < 10; i++) { counts[i] += c[i]; n += (int64_t)c[i]; }
  return n;
}

/* n Hand objects made from n hands of k cards (cards[k * i + j]) */
void *omp_hands(const uint8_t *cards, size_t n, int k) {
  void *mem = std::aligned_alloc(alignof(Hand), n * sizeof(Hand));
  if (!mem) return nullptr;
  Hand *h = static_cast<Hand *>(mem);
  for (size_t i = 0; i < n; i++) {
    Hand x = Hand::empty();
    for (int j = 0; j < k; j++) x += Hand(cards[k * i + j]);
    new (&h[i]) Hand(x);
  }
  return mem;
}

void omp_free(void *hands) { std::free(hands); }

/* the values of n prepared Hand objects, summed */
uint64_t omp_sum_hands(const void *hands, size_t n) {
  const omp::HandEvaluator &e = evaluator();
  const Hand *h = static_cast<const Hand *>(hands);
  uint64_t s = 0;
  for (size_t i = 0; i < n; i++) s += e.evaluate(h[i]);
  return s;
}

/* the same from card arrays: each hand's Hand built from its k cards */
uint64_t omp_sum_cards(const uint8_t *cards, size_t n, int k) {
  return k == 7 ? sum_cards<7>(cards, n) : sum_cards<5>(cards, n);
}

/* the value of one hand of k cards, for the agreement check */
unsigned omp_value(const uint8_t *cards, int k) {
  Hand x = Hand::empty();
  for (int j = 0; j < k; j++) x += Hand(cards[j]);
  return evaluator().evaluate(x);
}

}
