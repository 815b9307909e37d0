/*
** embed.c -- deckhand from C, both ways.
**
**   embed [engine|lua|all] [seed]      (default: all 1)
**
** engine  part (a), engine_deal.c: libdeckhand only, no Lua.
** lua     part (b), lua_game.c: our own lua_State running deckhand's Lua
**         layer, with the game loop in C.
**
** Build against an installed deckhand:
**   cc embed.c engine_deal.c lua_game.c $(pkg-config --cflags --libs deckhand lua5.4)
*/
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <deckhand/deckhand.h>

#include "embed.h"

/* the seed: digits only, and within 64 bits.  strtoull alone reads "abc"
** as 0, "-5" as 2^64 - 5 and a number too large as 2^64 - 1, each a game
** other than the one asked for, without a word. */
static int read_seed(const char *s, uint64_t *seed) {
  char *end;
  unsigned long long v;
  if (*s < '0' || *s > '9') return 0;
  errno = 0;
  v = strtoull(s, &end, 10);
  if (*end != '\0' || errno == ERANGE) return 0;
  *seed = (uint64_t)v;
  return 1;
}

int main(int argc, char **argv) {
  const char *what = argc > 1 ? argv[1] : "all";
  uint64_t seed = 1;
  int all = strcmp(what, "all") == 0, failed = 0;

  setvbuf(stdout, NULL, _IONBF, 0);
  if (!all && strcmp(what, "engine") != 0 && strcmp(what, "lua") != 0) {
    fprintf(stderr, "usage: %s [engine|lua|all] [seed]\n", argv[0]);
    return 2;
  }
  if (argc > 2 && !read_seed(argv[2], &seed)) {
    fprintf(stderr, "embed: bad seed '%s' (an integer from 0 to 18446744073709551615)\n", argv[2]);
    return 2;
  }
  /* headers and library must agree on the major version */
  if (dh_version_num() / 10000 != DH_VERSION_NUM / 10000) {
    fprintf(stderr, "embed: built for deckhand %s, running with %s\n",
            DH_VERSION_STRING, dh_version());
    return 1;
  }
  printf("deckhand %s (headers %s)\n", dh_version(), DH_VERSION_STRING);
  if (all || strcmp(what, "engine") == 0) failed |= embed_engine(seed, stdout);
  if (all || strcmp(what, "lua") == 0) failed |= embed_lua(seed, stdout);
  return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
