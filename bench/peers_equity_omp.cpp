/*
** peers_equity_omp.cpp -- OMPEval's side of bench/peers_equity.c: one
** question put to its EquityCalculator the way its README shows, the
** calculator started and waited for.  Built only by bench/peers.sh, against
** a copy of OMPEval kept outside the repository.
*/
#include <cstdint>
#include <string>
#include <vector>

#include "omp/EquityCalculator.h"

extern "C" {

/* equity of n players' ranges (OMPEval's notation, which for these
** questions is deckhand's) on board: every trial, or (enumerate 0) Monte
** Carlo until about `hands` trials (it stops at the first look past them,
** every 4,096 trials a thread); threads 0 = its default.  Fills equity[0..n)
** and returns the trials it counted, *stdev its own error estimate */
uint64_t omp_equity(const char *const *ranges, int n, const char *board, int enumerate,
                    uint64_t hands, unsigned threads, double *equity, double *stdev_out) {
  std::vector<omp::CardRange> r;
  for (int i = 0; i < n; i++) r.emplace_back(std::string(ranges[i]));
  omp::EquityCalculator eq;
  eq.setTimeLimit(0);
  eq.setHandLimit(enumerate ? 0 : hands);
  if (!eq.start(r, omp::CardRange::getCardMask(board), 0, enumerate != 0, 1e-12, nullptr, 0.2,
                threads))
    return 0;
  eq.wait();
  omp::EquityCalculator::Results res = eq.getResults();
  for (int i = 0; i < n; i++) equity[i] = res.equity[i];
  *stdev_out = res.stdev;
  return res.hands;
}

}
