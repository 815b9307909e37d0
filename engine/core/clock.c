/*
** clock.c -- the engine's monotonic clock (clock.h).
*/
#define _POSIX_C_SOURCE 200809L   /* clock_gettime under -std=c11 */

#include <time.h>

#include "clock.h"

double dh_clock_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}
