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
#include <stdlib.h>
#include <string.h>

#include <deckhand/deckhand.h>

#include "embed.h"

int main(int argc, char **argv) {
  const char *what = argc > 1 ? argv[1] : "all";
  uint64_t seed = argc > 2 ? strtoull(argv[2], NULL, 10) : 1;
  int all = strcmp(what, "all") == 0, failed = 0;

  setvbuf(stdout, NULL, _IONBF, 0);
  if (!all && strcmp(what, "engine") != 0 && strcmp(what, "lua") != 0) {
    fprintf(stderr, "usage: %s [engine|lua|all] [seed]\n", argv[0]);
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
