/*
** embed.h -- the two halves of the embedding example (see embed.c).
*/
#ifndef EMBED_H
#define EMBED_H

#include <stdint.h>
#include <stdio.h>

/* (a) a random Spades deal played out with the engine alone; 0 on success */
int embed_engine(uint64_t seed, FILE *out);
/* (b) a Spades game run by the Lua layer inside our own lua_State, with a
** Lua bot at every seat, driven move by move from C; 0 on success */
int embed_lua(uint64_t seed, FILE *out);

#endif
