/*
** dds_par.c -- DDS's double-dummy table and par for deals read from
** standard input, for bench/par_compare.lua to set beside `deckhand
** solve`'s (bench/par_compare.sh builds and runs it; libdds is a
** comparison here, never a dependency).
**
** Input, a line a deal:   <dealer N|E|S|W> <vul none|ns|ew|both> <PBN deal "N:...">
** Output, a line a deal:  table <20 counts: for clubs, diamonds, hearts,
**                         spades, notrump, the declarers N E S W>
**                         par <score, North-South's side> <contracts>
** A contract is level, strain (C D H S NT), X when doubled, +n or -n,
** then its declarers (N, E, S, W, NS or EW), as deckhand prints them.
** Timing: the processor time of CalcDDtable over all deals, on stderr.
*/
#define _POSIX_C_SOURCE 199309L  /* clock_gettime */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include <dds/dll.h>

static double cpu_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* deckhand's strains C D H S NT from DDS's S H D C NT */
static const int dds_strain[5] = { 3, 2, 1, 0, 4 };
/* DDS's parResultsMaster denominations: 0 NT, 1 S, 2 H, 3 D, 4 C */
static const char *const denom_text[5] = { "NT", "S", "H", "D", "C" };
static const char *const seats_text[6] = { "N", "E", "S", "W", "NS", "EW" };

int main(void) {
  char line[256], dealer_c, vul_s[8], deal[80];
  double spent = 0;
  int deals = 0;
  SetMaxThreads(1);
  setvbuf(stdout, NULL, _IOLBF, 0);
  while (fgets(line, sizeof line, stdin)) {
    struct ddTableDealPBN d;
    struct ddTableResults t;
    struct parResultsMaster par;
    int dealer, vul, s, h, k, rc;
    double t0;
    if (sscanf(line, " %c %7s %79[^\n]", &dealer_c, vul_s, deal) != 3) continue;
    dealer = (int)(strchr("NESW", dealer_c) - "NESW");
    vul = strcmp(vul_s, "both") == 0 ? 1 : strcmp(vul_s, "ns") == 0 ? 2 : strcmp(vul_s, "ew") == 0 ? 3 : 0;
    snprintf(d.cards, sizeof d.cards, "%s", deal);
    t0 = cpu_now();
    rc = CalcDDtablePBN(d, &t);
    spent += cpu_now() - t0;
    deals++;
    if (rc != RETURN_NO_FAULT) { fprintf(stderr, "dds_par: CalcDDtablePBN failed (%d) on %s\n", rc, deal); return 1; }
    printf("table");
    for (s = 0; s < 5; s++)
      for (h = 0; h < 4; h++) printf(" %d", t.resTable[dds_strain[s]][h]);
    rc = DealerParBin(&t, &par, dealer, vul);
    if (rc != RETURN_NO_FAULT) { fprintf(stderr, "dds_par: DealerParBin failed (%d)\n", rc); return 1; }
    printf(" par %d", par.score);
    for (k = 0; k < par.number; k++) {
      const struct contractType *c = &par.contracts[k];
      printf(" %d%s%s", c->level, denom_text[c->denom], c->underTricks ? "X" : "");
      if (c->underTricks) printf("-%d", c->underTricks);
      else if (c->overTricks) printf("+%d", c->overTricks);
      printf(":%s", seats_text[c->seats]);
    }
    printf("\n");
  }
  fprintf(stderr, "dds_par: %d deals, CalcDDtable %.1f ms a deal (processor time, one thread)\n", deals,
          deals ? spent * 1000 / deals : 0.0);
  return 0;
}
