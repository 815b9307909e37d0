/*
** clock.h -- the time the engine's budgets are measured in: seconds on a
** monotonic clock (one that a change of the date does not move), from an
** unspecified start.  Only differences mean anything.  The searches that
** take a time budget (an equity run's, a solve's) read it every so many
** steps, so that a budget is kept without a signal or a thread.
*/
#ifndef DH_CLOCK_H
#define DH_CLOCK_H

#ifdef __cplusplus
extern "C" {
#endif

double dh_clock_now(void);

#ifdef __cplusplus
}
#endif

#endif
