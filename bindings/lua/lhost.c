/*
** lhost.c -- what the Lua package needs from the host system and Lua
** cannot give: a monotonic clock, a deadline that stops a coroutine even
** when it loops inside pcall, a time limit on a variant's rules, an
** exclusive lock and an in-place truncation of a file, a file opened
** without following a link, what kind of file a path is, whether a
** write failed, random bytes, and a clean exit on Ctrl-C and SIGTERM.  The tournament
** runner and its bot guard (deckhand/guard.lua, deckhand/records.lua) and
** the terminal (deckhand/terminal.lua) use them; bots never see them.
*/
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "clock.h"
#include "lbind.h"
#include "lualib.h"

/* the registry keys of the one deadline a Lua state has at a time: when
** it falls (a number, seconds on the monotonic clock) and the thread the
** guard resumed */
#define DEADLINE_AT "deckhand.deadline_at"
#define DEADLINE_CO "deckhand.deadline_co"
#define HOOK_COUNT 1000

/* host.clock() -> seconds on a monotonic clock (wall time, not CPU time) */
static int h_clock(lua_State *L) {
  lua_pushnumber(L, dh_clock_now());
  return 1;
}

/* when the bot's deadline falls, on dh_clock_now; 0 with none set */
double dhL_bot_deadline(lua_State *L) {
  lua_Number at;
  lua_getfield(L, LUA_REGISTRYINDEX, DEADLINE_AT);
  at = lua_tonumber(L, -1);
  lua_pop(L, 1);
  return at > 0 ? at : 0;
}

static int deadline_passed(lua_State *L) {
  double at = dhL_bot_deadline(L);
  return at > 0 && dh_clock_now() > at;
}

/* the count hook of a thread under a deadline.  Past it, the guarded
** thread yields (with no values) from wherever it is: a pcall cannot catch
** a yield, so the guard's resume returns.  Where no yield is possible (a
** coroutine of the bot's own, a sort comparator, a message handler) it
** raises instead, again every HOOK_COUNT instructions; the sandbox's pcall,
** xpcall and coroutine.resume pass such errors on once the deadline has
** passed, so the error reaches the guard whatever the bot catches. */
static void deadline_hook(lua_State *L, lua_Debug *ar) {
  int guarded;
  (void)ar;
  if (!deadline_passed(L)) return;
  lua_getfield(L, LUA_REGISTRYINDEX, DEADLINE_CO);
  guarded = lua_tothread(L, -1) == L;
  lua_pop(L, 1);
  if (guarded && lua_isyieldable(L)) {
    lua_yield(L, 0);
    return;
  }
  luaL_error(L, "over the time limit");
}

/* the rule time limit: how long a variant's Lua code may run at a time
** (host.rule_limit), and when the rules' time runs out on each thread a
** game is played on (host.rule_thread): a weak table, thread -> the
** deadline on the monotonic clock.  A thread of its own for each game, so
** that one process may play many games at once (deckhand web's matches,
** each in a coroutine of its event loop) */
#define RULE_LIMIT "deckhand.rule_limit"
#define RULE_AT "deckhand.rule_at"

double dhL_rule_limit(lua_State *L) {
  lua_Number s;
  lua_getfield(L, LUA_REGISTRYINDEX, RULE_LIMIT);
  s = lua_tonumber(L, -1);
  lua_pop(L, 1);
  return s;
}

void dhL_weak_registry(lua_State *L, const char *key) {
  if (lua_getfield(L, LUA_REGISTRYINDEX, key) == LUA_TTABLE) return;
  lua_pop(L, 1);
  lua_newtable(L);
  lua_pushliteral(L, "k");
  lua_setfield(L, -2, "__mode");
  lua_pushvalue(L, -1);
  lua_setmetatable(L, -2);
  lua_pushvalue(L, -1);
  lua_setfield(L, LUA_REGISTRYINDEX, key);
}

/* pushes the table of deadlines */
static void rule_deadlines(lua_State *L) { dhL_weak_registry(L, RULE_AT); }

/* has the rules' time of the game played on L run out? */
static int rule_passed(lua_State *L) {
  lua_Number at;
  rule_deadlines(L);
  lua_pushthread(L);
  lua_rawget(L, -2);
  at = lua_tonumber(L, -1);
  lua_pop(L, 2);
  return at > 0 && dh_clock_now() > at;
}

/* the count hook of the threads games are played on: past the rules' time
** it raises there, in the variant's code (bots run on threads of their
** own, which inherit this hook and are let be).  Where the code runs is
** named, as a variant's error names its line. */
static void rule_hook(lua_State *L, lua_Debug *ar) {
  if (!rule_passed(L)) return;
  /* (again every count: a variant's pcall, which host.past makes pass the
  ** error on, or the runner's, lets it out within a count) */
  if (lua_getstack(L, 0, ar) && lua_getinfo(L, "Sl", ar) && ar->currentline > 0)
    lua_pushfstring(L, "rule time limit: the rules ran over %f s (at %s:%d)", dhL_rule_limit(L),
                    ar->short_src, ar->currentline);
  else
    lua_pushfstring(L, "rule time limit: the rules ran over %f s", dhL_rule_limit(L));
  lua_error(L);
}

/* the seconds left to L before a bot's deadline or its game's rule time
** runs out, whichever is sooner (a tiny positive number once past it);
** 0 when neither is set.  For the C calls that may run long without a
** Lua instruction for the hooks to stop them (poker.equity) */
static double time_left(lua_State *L) {
  lua_Number bot = dhL_bot_deadline(L), rule;
  double left, t = dh_clock_now();
  rule_deadlines(L);
  lua_pushthread(L);
  lua_rawget(L, -2);
  rule = lua_tonumber(L, -1);
  lua_pop(L, 2);
  if (rule <= 0) rule = dhL_rule_call_deadline(L);   /* a rule the engine called */
  if (bot <= 0 && rule <= 0) return 0;
  left = bot > 0 ? bot - t : rule - t;
  if (bot > 0 && rule > 0 && rule - t < left) left = rule - t;
  return left > 1e-6 ? left : 1e-6;
}

/* where a long C loop called from L stops: time_left's time from now
** on the clock, 0 with neither limit set */
double dhL_deadline(lua_State *L) {
  double left = time_left(L);
  return left > 0 ? dh_clock_now() + left : 0;
}

/* the budget of a C call asked for seconds (0: none): under a bot's
** deadline or a game's rule time, no more than what is left of it (a bot
** asking 2^40 equity samples, or a solve with no budget, would otherwise
** outrun its limit); past it, the call ends at its first look at the
** clock and the hook stops the caller */
double dhL_budget(lua_State *L, double seconds) {
  double left = time_left(L);
  return left > 0 && (seconds <= 0 || seconds > left) ? left : seconds;
}

/* host.rule_limit(seconds): from now on a variant's Lua code (a rule the
** engine calls, a phase script, a game written in Lua) may run at most
** seconds of wall time at a time; 0 or nothing: no limit */
static int h_rule_limit(lua_State *L) {
  lua_Number s = luaL_optnumber(L, 1, 0);
  lua_pushnumber(L, s > 0 ? s : 0);
  lua_setfield(L, LUA_REGISTRYINDEX, RULE_LIMIT);
  return 0;
}

/* host.rule_thread(co [, on]) -> whether co's rules' time was running:
** the game played on co gets the rule limit from now (again after each
** bot's move, which is not the rules' time); with on false, co's limit is
** lifted (while a person or a bot thinks, or once its game is over) */
static int h_rule_thread(lua_State *L) {
  lua_State *co = lua_tothread(L, 1);
  lua_Number limit = dhL_rule_limit(L);
  int on = lua_isnoneornil(L, 2) || lua_toboolean(L, 2);
  int was;
  luaL_argexpected(L, co != NULL, 1, "coroutine");
  lua_settop(L, 1);
  rule_deadlines(L);              /* 2 */
  lua_pushvalue(L, 1);
  was = lua_rawget(L, 2) != LUA_TNIL;
  lua_pop(L, 1);
  lua_pushvalue(L, 1);
  if (on && limit > 0) lua_pushnumber(L, dh_clock_now() + limit);
  else lua_pushnil(L);
  lua_rawset(L, 2);
  if (on && limit > 0 && lua_gethook(co) != rule_hook) lua_sethook(co, rule_hook, LUA_MASKCOUNT, HOOK_COUNT);
  lua_pushboolean(L, was);
  return 1;
}

static lua_State *checkthread(lua_State *L, int arg) {
  lua_State *co = lua_tothread(L, arg);
  luaL_argexpected(L, co != NULL, arg, "coroutine");
  return co;
}

/* host.deadline(co, seconds): co (and every coroutine it creates, which
** inherits its hook) stops once seconds of wall time have passed from now;
** host.deadline(co) removes it.  One deadline at a time: a new one
** replaces the last.  Returns nothing. */
static int h_deadline(lua_State *L) {
  lua_State *co = checkthread(L, 1);
  lua_Number s = luaL_optnumber(L, 2, 0);
  if (s > 0) {
    lua_pushnumber(L, dh_clock_now() + s);
    lua_setfield(L, LUA_REGISTRYINDEX, DEADLINE_AT);
    lua_pushvalue(L, 1);
    lua_setfield(L, LUA_REGISTRYINDEX, DEADLINE_CO);
    lua_sethook(co, deadline_hook, LUA_MASKCOUNT, HOOK_COUNT);
  } else {
    lua_pushnil(L);
    lua_setfield(L, LUA_REGISTRYINDEX, DEADLINE_AT);
    lua_pushnil(L);
    lua_setfield(L, LUA_REGISTRYINDEX, DEADLINE_CO);
    lua_sethook(co, NULL, 0, 0);
  }
  return 0;
}

/* host.watch(co): co obeys the deadline whenever one is set (a coroutine
** made before the deadline did not inherit the hook).  Returns co. */
static int h_watch(lua_State *L) {
  lua_State *co = checkthread(L, 1);
  if (co != L) lua_sethook(co, deadline_hook, LUA_MASKCOUNT, HOOK_COUNT);
  lua_settop(L, 1);
  return 1;
}

/* host.past() -> true when a deadline is set and has passed, or the
** rules' time of the game played on this thread has run out */
static int h_past(lua_State *L) {
  lua_pushboolean(L, deadline_passed(L) || rule_passed(L));
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

static int close_stream(lua_State *L) {
  luaL_Stream *p = (luaL_Stream *)luaL_checkudata(L, 1, LUA_FILEHANDLE);
  int ok = fclose(p->f) == 0;
  return luaL_fileresult(L, ok, NULL);
}

/* host.own_stdout() -> a file writing to what standard output was; from
** now on standard output (print, io.write, C's stdout) goes to standard
** error.  A worker talks to its runner on the returned file alone, so
** nothing a bot prints can corrupt the channel. */
static int h_own_stdout(lua_State *L) {
  luaL_Stream *p;
  FILE *f;
  int fd;
  fflush(stdout);
  fd = dup(1);
  if (fd < 0 || dup2(2, 1) < 0) return luaL_error(L, "cannot move standard output: %s", strerror(errno));
  p = (luaL_Stream *)lua_newuserdatauv(L, sizeof(luaL_Stream), 0);
  p->closef = NULL;
  luaL_setmetatable(L, LUA_FILEHANDLE);
  f = fdopen(fd, "w");
  if (!f) return luaL_error(L, "cannot open the channel: %s", strerror(errno));
  p->f = f;
  p->closef = close_stream;
  return 1;
}

/* host.open_plain(path, mode) -> a file, or nil, message: io.open for
** a bot's own files (deckhand/sandbox.lua), except that a symbolic link
** is refused, not followed (O_NOFOLLOW), so a link left in the bot's
** folder cannot lead outside it.  mode is one of io.open's: r w a r+ w+
** a+, each with an optional b. */
static int h_open_plain(lua_State *L) {
  const char *path = luaL_checkstring(L, 1);
  const char *mode = luaL_optstring(L, 2, "r");
  int flags, fd, plus = mode[0] != '\0' && mode[1] == '+';
  const char *rest = mode + 1 + plus;
  luaL_Stream *p;
  switch (mode[0]) {
    case 'r': flags = plus ? O_RDWR : O_RDONLY; break;
    case 'w': flags = (plus ? O_RDWR : O_WRONLY) | O_CREAT | O_TRUNC; break;
    case 'a': flags = (plus ? O_RDWR : O_WRONLY) | O_CREAT | O_APPEND; break;
    default: return luaL_argerror(L, 2, "invalid mode");
  }
  if (!(rest[0] == '\0' || (rest[0] == 'b' && rest[1] == '\0'))) return luaL_argerror(L, 2, "invalid mode");
  p = (luaL_Stream *)lua_newuserdatauv(L, sizeof(luaL_Stream), 0);
  p->closef = NULL;  /* a file not yet open */
  luaL_setmetatable(L, LUA_FILEHANDLE);
  fd = open(path, flags | O_NOFOLLOW | O_CLOEXEC, 0644);
  if (fd < 0) return luaL_fileresult(L, 0, path);
  p->f = fdopen(fd, mode);
  if (!p->f) {
    int e = errno;
    close(fd);
    errno = e;
    return luaL_fileresult(L, 0, path);
  }
  p->closef = close_stream;
  return 1;
}

/* host.isatty(file) -> true when the file is a terminal */
static int h_isatty(lua_State *L) {
  lua_pushboolean(L, isatty(fileno(checkfile(L, 1))));
  return 1;
}

/* what an interrupted run writes before it exits, and what it must not cut:
** set by host.exit_on_interrupt or host.exit_on_signals, read by the
** signal handler (a process has one terminal and one run, so one text).
** While `holding` (a record's line being written) a signal only sets
** `pending`; the process ends as soon as the line is whole.  `children`:
** worker processes told to stop too. */
#define MAX_CHILDREN 256
static char interrupt_text[160];
static size_t interrupt_len;
static volatile sig_atomic_t holding, pending;
static pid_t children[MAX_CHILDREN];
static volatile sig_atomic_t nchildren;
static struct sigaction saved_int, saved_term;
static int installed;

static void stop_now(int sig) {
  ssize_t w;
  int i;
  for (i = 0; i < nchildren; i++) kill(children[i], SIGTERM);
  w = write(STDERR_FILENO, interrupt_text, interrupt_len);  /* async-signal-safe */
  (void)w;
  _exit(128 + sig);
}

static void on_signal(int sig) {
  if (holding) pending = sig;
  else stop_now(sig);
}

static void on_interrupt(int sig) {
  ssize_t w;
  (void)sig;
  w = write(STDOUT_FILENO, interrupt_text, interrupt_len);  /* async-signal-safe */
  (void)w;
  _exit(130);
}

static void set_text(lua_State *L, int arg, const char *def) {
  size_t len;
  const char *t = luaL_optlstring(L, arg, def, &len);
  luaL_argcheck(L, len < sizeof interrupt_text, arg, "text too long");
  memcpy(interrupt_text, t, len);
  interrupt_len = len;
}

/* host.exit_on_interrupt([text]): from now on Ctrl-C (SIGINT) writes text
** (at most 159 bytes: a newline, a colour reset) on standard output and
** ends the process with status 130 at once, even in the middle of a read.
** For `deckhand play`. */
static int h_exit_on_interrupt(lua_State *L) {
  struct sigaction sa;
  set_text(L, 1, "\n");
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_interrupt;
  sigemptyset(&sa.sa_mask);
  if (sigaction(SIGINT, &sa, NULL) != 0) return luaL_error(L, "cannot catch interrupts: %s", strerror(errno));
  return 0;
}

/* host.exit_on_signals(text): from now on SIGINT and SIGTERM write text on
** standard error, stop the registered children (host.child) and end the
** process at once with status 130 or 143 -- only between records' lines
** (host.hold).  A run cannot be stopped halfway by a signal caught as an
** error inside a bot or the rules.  host.exit_on_signals(false) puts the
** earlier handlers back and forgets the children. */
static int h_exit_on_signals(lua_State *L) {
  struct sigaction sa;
  if (lua_isboolean(L, 1) && !lua_toboolean(L, 1)) {
    if (installed) {
      sigaction(SIGINT, &saved_int, NULL);
      sigaction(SIGTERM, &saved_term, NULL);
      installed = 0;
    }
    nchildren = 0;
    return 0;
  }
  set_text(L, 1, "");
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_signal;
  sigemptyset(&sa.sa_mask);
  sigaddset(&sa.sa_mask, SIGINT);
  sigaddset(&sa.sa_mask, SIGTERM);
  if (sigaction(SIGINT, &sa, installed ? NULL : &saved_int) != 0
      || sigaction(SIGTERM, &sa, installed ? NULL : &saved_term) != 0)
    return luaL_error(L, "cannot catch signals: %s", strerror(errno));
  installed = 1;
  return 0;
}

/* host.hold(on): while on, a signal waits (a record's line is being
** written); turned off, a signal that came meanwhile ends the process */
static int h_hold(lua_State *L) {
  holding = lua_toboolean(L, 1);
  if (!holding && pending) stop_now(pending);
  return 0;
}

/* host.child(pid): a worker process that a signal stops too */
static int h_child(lua_State *L) {
  lua_Integer pid = luaL_checkinteger(L, 1);
  luaL_argcheck(L, pid > 0, 1, "not a process id");
  if (nchildren < MAX_CHILDREN) {
    children[nchildren] = (pid_t)pid;
    nchildren = nchildren + 1;
  }
  return 0;
}

/* host.kind(path) -> "file", "directory", "link" or "other" (a device,
** a pipe, a socket), or nil when nothing is there.  lstat: a link is a
** link.  A file written whole beside its name and renamed onto it must
** not be renamed onto a device or a link (merge --out /dev/full replaced
** the device with a plain file and said nothing of the full disk). */
static int h_kind(lua_State *L) {
  struct stat st;
  if (lstat(luaL_checkstring(L, 1), &st) != 0) {
    lua_pushnil(L);
    return 1;
  }
  lua_pushstring(L, S_ISREG(st.st_mode) ? "file" : S_ISDIR(st.st_mode) ? "directory"
                    : S_ISLNK(st.st_mode) ? "link" : "other");
  return 1;
}

/* host.file_id(path) -> "device:inode" of the file path names (through
** links), or nil when there is none: two names of one file have one id
** (merge --out ./a.jsonl replaced its input a.jsonl) */
static int h_file_id(lua_State *L) {
  struct stat st;
  if (stat(luaL_checkstring(L, 1), &st) != 0) {
    lua_pushnil(L);
    return 1;
  }
  lua_pushfstring(L, "%I:%I", (lua_Integer)st.st_dev, (lua_Integer)st.st_ino);
  return 1;
}

/* host.failed(file) -> true when a write to an open file has failed (its
** error flag).  print ignores what its writes return: a full disk under
** standard output lost the results and the command still succeeded. */
static int h_failed(lua_State *L) {
  luaL_Stream *p = (luaL_Stream *)luaL_checkudata(L, 1, LUA_FILEHANDLE);
  lua_pushboolean(L, p->closef != NULL && ferror(p->f));
  return 1;
}

/* host.pid() -> this process's id */
static int h_pid(lua_State *L) {
  lua_pushinteger(L, (lua_Integer)getpid());
  return 1;
}

static const luaL_Reg host_funcs[] = {
  { "exit_on_interrupt", h_exit_on_interrupt }, { "exit_on_signals", h_exit_on_signals },
  { "hold", h_hold }, { "child", h_child }, { "pid", h_pid },
  { "own_stdout", h_own_stdout }, { "isatty", h_isatty }, { "open_plain", h_open_plain },
  { "clock", h_clock }, { "deadline", h_deadline }, { "watch", h_watch }, { "past", h_past },
  { "rule_limit", h_rule_limit }, { "rule_thread", h_rule_thread },
  { "lock", h_lock }, { "truncate", h_truncate }, { "random_bytes", h_random_bytes }, { "kind", h_kind },
  { "file_id", h_file_id }, { "failed", h_failed },
  { NULL, NULL }
};

int dhL_open_host(lua_State *L) {
  lua_newtable(L);
  luaL_setfuncs(L, host_funcs, 0);
  lua_setfield(L, -2, "host");
  return 0;
}
