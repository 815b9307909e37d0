/*
** lhost.c -- what the Lua package needs from the host system and Lua
** cannot give: a monotonic clock, a deadline that stops a coroutine even
** when it loops inside pcall, an exclusive lock and an in-place truncation
** of a file, and random bytes.  The tournament runner and its bot guard
** use them (deckhand/guard.lua, deckhand/records.lua); bots never see them.
*/
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/file.h>
#include <time.h>
#include <unistd.h>

#include "lbind.h"
#include "lualib.h"

#define DEADLINES "deckhand.deadlines"

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* host.clock() -> seconds on a monotonic clock (wall time, not CPU time) */
static int h_clock(lua_State *L) {
  lua_pushnumber(L, now());
  return 1;
}

/* the count hook of a thread with a deadline: past it, the thread yields
** (with no values) from wherever it is; a pcall in the bot cannot catch a
** yield, so the resume that ran it returns to the guard */
static void deadline_hook(lua_State *L, lua_Debug *ar) {
  double at;
  (void)ar;
  lua_getfield(L, LUA_REGISTRYINDEX, DEADLINES);
  lua_pushthread(L);
  lua_rawget(L, -2);
  at = lua_tonumber(L, -1);
  lua_pop(L, 2);
  if (at > 0 && now() > at) {
    lua_getfield(L, LUA_REGISTRYINDEX, DEADLINES);
    lua_pushthread(L);
    lua_pushboolean(L, 1);   /* expired: the guard reads this */
    lua_rawset(L, -3);
    lua_pop(L, 1);
    lua_yield(L, 0);
  }
}

static lua_State *checkthread(lua_State *L, int arg) {
  lua_State *co = lua_tothread(L, arg);
  luaL_argexpected(L, co != NULL, arg, "coroutine");
  return co;
}

/* host.deadline(co, seconds): co stops (yields) once seconds of wall time
** have passed from now; host.deadline(co) removes it.  Returns nothing. */
static int h_deadline(lua_State *L) {
  lua_State *co = checkthread(L, 1);
  lua_Number s = luaL_optnumber(L, 2, 0);
  lua_getfield(L, LUA_REGISTRYINDEX, DEADLINES);
  lua_pushvalue(L, 1);
  if (s > 0) {
    lua_pushnumber(L, now() + s);
    lua_sethook(co, deadline_hook, LUA_MASKCOUNT, 1000);
  } else {
    lua_pushnil(L);
    lua_sethook(co, NULL, 0, 0);
  }
  lua_rawset(L, -3);
  return 0;
}

/* host.expired(co) -> true when co stopped at its deadline */
static int h_expired(lua_State *L) {
  checkthread(L, 1);
  lua_getfield(L, LUA_REGISTRYINDEX, DEADLINES);
  lua_pushvalue(L, 1);
  lua_rawget(L, -2);
  lua_pushboolean(L, lua_type(L, -1) == LUA_TBOOLEAN && lua_toboolean(L, -1));
  return 1;
}

static FILE *checkfile(lua_State *L, int arg) {
  luaL_Stream *p = (luaL_Stream *)luaL_checkudata(L, arg, LUA_FILEHANDLE);
  if (p->closef == NULL || p->f == NULL) luaL_argerror(L, arg, "file is closed");
  return p->f;
}

/* host.lock(file) -> true, or nil, message: an exclusive lock on an open
** file, held until it is closed or the process ends (a second run on the
** same record file is refused, and a killed run leaves no stale lock) */
static int h_lock(lua_State *L) {
  FILE *f = checkfile(L, 1);
  if (flock(fileno(f), LOCK_EX | LOCK_NB) == 0) {
    lua_pushboolean(L, 1);
    return 1;
  }
  lua_pushnil(L);
  lua_pushstring(L, errno == EWOULDBLOCK ? "locked by another run" : strerror(errno));
  return 2;
}

/* host.truncate(file, size) -> true, or nil, message: cuts the file to
** size bytes in place (what follows is gone; what precedes is untouched) */
static int h_truncate(lua_State *L) {
  FILE *f = checkfile(L, 1);
  lua_Integer size = luaL_checkinteger(L, 2);
  luaL_argcheck(L, size >= 0, 2, "negative size");
  if (fflush(f) == 0 && ftruncate(fileno(f), (off_t)size) == 0) {
    lua_pushboolean(L, 1);
    return 1;
  }
  lua_pushnil(L);
  lua_pushstring(L, strerror(errno));
  return 2;
}

/* host.random_bytes(n) -> n bytes from the system's generator */
static int h_random_bytes(lua_State *L) {
  lua_Integer n = luaL_checkinteger(L, 1);
  luaL_Buffer b;
  FILE *f;
  size_t got;
  luaL_argcheck(L, n >= 0 && n <= 4096, 1, "0 to 4096 bytes");
  f = fopen("/dev/urandom", "rb");
  if (!f) return luaL_error(L, "cannot read /dev/urandom: %s", strerror(errno));
  got = fread(luaL_buffinitsize(L, &b, (size_t)n), 1, (size_t)n, f);
  fclose(f);
  if (got != (size_t)n) return luaL_error(L, "short read from /dev/urandom");
  luaL_pushresultsize(&b, (size_t)n);
  return 1;
}

static const luaL_Reg host_funcs[] = {
  { "clock", h_clock }, { "deadline", h_deadline }, { "expired", h_expired },
  { "lock", h_lock }, { "truncate", h_truncate }, { "random_bytes", h_random_bytes },
  { NULL, NULL }
};

int dhL_open_host(lua_State *L) {
  lua_newtable(L);   /* deadlines by thread, weak: an abandoned bot is collected */
  lua_createtable(L, 0, 1);
  lua_pushliteral(L, "k");
  lua_setfield(L, -2, "__mode");
  lua_setmetatable(L, -2);
  lua_setfield(L, LUA_REGISTRYINDEX, DEADLINES);
  lua_newtable(L);
  luaL_setfuncs(L, host_funcs, 0);
  lua_setfield(L, -2, "host");
  return 0;
}
