/*
** check.h -- the smallest test harness that does the job.
**
** Each tests/c/test_*.c is its own program: it includes this header, runs
** its checks from main() and returns check_done().  A check prints only when
** it fails (file:line and the expression); check_done() prints the file's
** summary line "N passed, N failed" that tests/run adds up.
*/
#ifndef DH_CHECK_H
#define DH_CHECK_H

#include <stdio.h>
#include <stdlib.h>

static int check_passed, check_failed;

static void check_init(void) { setvbuf(stdout, NULL, _IONBF, 0); }

static int check_report(int ok, const char *file, int line, const char *expr) {
  if (ok) check_passed++;
  else {
    check_failed++;
    printf("FAIL %s:%d: %s\n", file, line, expr);
  }
  return ok;
}

#define CHECK(e) check_report(!!(e), __FILE__, __LINE__, #e)

/* integer equality, printing both sides when it fails */
#define CHECK_EQ(a, b) do { \
    long long check_a_ = (long long)(a), check_b_ = (long long)(b); \
    if (!check_report(check_a_ == check_b_, __FILE__, __LINE__, #a " == " #b)) \
      printf("     got %lld, expected %lld\n", check_a_, check_b_); \
  } while (0)

/* a NULL on either side fails (and prints as NULL) rather than crash the
** test where a call that should refuse something accepts it */
#define CHECK_STR(a, b) do { \
    const char *check_a_ = (a), *check_b_ = (b); \
    int check_ok_ = check_a_ && check_b_ ? strcmp(check_a_, check_b_) == 0 : check_a_ == check_b_; \
    if (!check_report(check_ok_, __FILE__, __LINE__, #a " == " #b)) \
      printf("     got \"%s\", expected \"%s\"\n", check_a_ ? check_a_ : "(NULL)", \
             check_b_ ? check_b_ : "(NULL)"); \
  } while (0)

static int check_done(void) {
  printf("%d passed, %d failed\n", check_passed, check_failed);
  return check_failed ? 1 : 0;
}

#endif
