/*
** lstrmatch.c -- Lua's string patterns under a time limit:
** core.strmatch.find, match, gmatch and gsub, with the arguments, results
** and errors of string.find, match, gmatch and gsub (Lua 5.4 manual,
** 6.4.1), for the code the sandbox runs (bots, and the rules of games).
**
** Why.  A bot's time limit is kept by a count hook, which never fires
** inside a C function, and Lua's own matcher backtracks without bound: a
** pattern of n optional items against a subject that almost matches it
** takes 2^n steps (24 of them ran 12 s), so one call could stall a
** tournament for hours.  This matcher counts its steps, and every
** STEP_BATCH of them looks at the clock: past the deadline of the bot or
** of the game's rules that called it (dhL_deadline), it raises "over the
** time limit".  With no deadline it only counts.  It backtracks as Lua's
** does, in the same order and to the same depth, so every call gives what
** Lua's would (tests/lua/strmatch_spec.lua compares the two on random
** patterns and subjects).
*/
#define _GNU_SOURCE   /* memmem: a plain search in linear time */
#include <ctype.h>
#include <limits.h>
#include <string.h>

#include "clock.h"
#include "lbind.h"

#define ESC '%'
#define MAX_CAPTURES 32   /* Lua's LUA_MAXCAPTURES (lstrlib.c), not in its headers */
/* how deep the matcher recurses before "pattern too complex": Lua's
** limit (MAXCCALLS), so that the same patterns are refused */
#define MAX_DEPTH 200
/* steps between two looks at the clock: a few tens of microseconds */
#define STEP_BATCH 4096

/* a capture's length while it is open, and the length of a position
** capture '()' */
#define CAP_OPEN (-1)
#define CAP_POSITION (-2)

typedef struct matcher {
  const char *src, *src_end;   /* the subject */
  const char *pat_end;         /* the pattern's end (it starts where matched) */
  lua_State *L;
  const char *fname;           /* for the time limit's message */
  int depth;                   /* recursion left */
  int level;                   /* captures opened so far */
  long steps;                  /* steps left before the next look at the clock */
  double deadline;             /* < 0: not read yet; 0: none */
  struct {
    const char *at;
    ptrdiff_t len;
  } cap[MAX_CAPTURES];
} matcher;

static const char *match(matcher *m, const char *s, const char *p);

/* the deadline is read at the first look, so a short call never reads it */
static void look_at_clock(matcher *m) {
  double now;
  if (m->deadline < 0) m->deadline = dhL_deadline(m->L);
  if (m->deadline == 0) {
    m->steps = LONG_MAX;
    return;
  }
  now = dh_clock_now();
  if (now > m->deadline) {
    double bot = dhL_bot_deadline(m->L);
    if (bot > 0 && now > bot) luaL_error(m->L, "string.%s: over the time limit", m->fname);
    luaL_error(m->L, "rule time limit: the rules ran over %f s (in string.%s)", dhL_rule_limit(m->L),
               m->fname);
  }
  m->steps = STEP_BATCH;
}

static inline void count(matcher *m, long n) {
  if ((m->steps -= n) <= 0) look_at_clock(m);
}

/* a step is about one pass of match's loop, which costs what a scan of
** some 16 bytes does: work over n bytes of the pattern (a set read
** through) or of the result (a replacement copied) counts as n / 16 steps
** more, so that a set of a million characters read at each place of the
** subject cannot run a million times longer than its count says */
static inline void count_bytes(matcher *m, size_t n) {
  if (n >= 16) count(m, (long)(n / 16));
}

static void setup(matcher *m, lua_State *L, const char *s, size_t ls, const char *p, size_t lp,
                  const char *fname) {
  m->src = s;
  m->src_end = s + ls;
  m->pat_end = p + lp;
  m->L = L;
  m->fname = fname;
  m->steps = STEP_BATCH;
  m->deadline = -1;
}

/* before each attempt at a new place in the subject */
static void restart(matcher *m) {
  m->level = 0;
  m->depth = MAX_DEPTH;
}

/* ---- arguments ---- */

/* a bad argument to string.<fname>.  Lua's error names the function as
** the call did ("find", a method "s:find"), else by where package.loaded
** holds it: "string.find" for Lua's own, as in pcall(string.find), and
** "?" for ours, held nowhere.  Without a name from the call, then, the
** error says "string.<fname>" itself */
static int arg_error(lua_State *L, int arg, const char *fname, const char *msg) {
  lua_Debug ar;
  if (lua_getstack(L, 0, &ar) && lua_getinfo(L, "n", &ar) && ar.name == NULL)
    return luaL_error(L, "bad argument #%d to 'string.%s' (%s)", arg, fname, msg);
  return luaL_argerror(L, arg, msg);
}

/* "<expected> expected, got <type>", the type as Lua's errors name it:
** a "__name" in its metatable first */
static int type_error(lua_State *L, int arg, const char *fname, const char *expected) {
  const char *got;
  if (luaL_getmetafield(L, arg, "__name") == LUA_TSTRING)
    got = lua_tostring(L, -1);
  else if (lua_type(L, arg) == LUA_TLIGHTUSERDATA)
    got = "light userdata";
  else
    got = luaL_typename(L, arg);
  return arg_error(L, arg, fname, lua_pushfstring(L, "%s expected, got %s", expected, got));
}

/* luaL_checklstring and luaL_optinteger, with arg_error's names */
static const char *check_string(lua_State *L, int arg, const char *fname, size_t *len) {
  const char *s = lua_tolstring(L, arg, len);
  if (!s) type_error(L, arg, fname, "string");
  return s;
}

static lua_Integer opt_integer(lua_State *L, int arg, const char *fname, lua_Integer dflt) {
  int exact;
  lua_Integer n;
  if (lua_isnoneornil(L, arg)) return dflt;
  n = lua_tointegerx(L, arg, &exact);
  if (!exact) {
    if (lua_isnumber(L, arg)) arg_error(L, arg, fname, "number has no integer representation");
    type_error(L, arg, fname, "number");
  }
  return n;
}

/* ---- single characters ---- */

/* where the single-character class at p ends: past "%x", past a "[set]"
** (whose first character, after '[' or "[^", is in the set even when it
** is ']'), else past the character */
static const char *class_end(matcher *m, const char *p) {
  const char *from = p;
  if (*p == ESC) {
    if (p + 1 >= m->pat_end) luaL_error(m->L, "malformed pattern (ends with '%%')");
    return p + 2;
  }
  if (*p == '[') {
    p++;
    if (*p == '^') p++;
    do {
      if (p >= m->pat_end) luaL_error(m->L, "malformed pattern (missing ']')");
      if (*p++ == ESC && p < m->pat_end) p++;   /* an escaped character, ']' too */
    } while (*p != ']');
    count_bytes(m, (size_t)(p - from));
    return p + 1;
  }
  return p + 1;
}

/* does c belong to the class %cl (a letter: a, c, d, g, l, p, s, u, w, x,
** z, their capitals the complements; anything else stands for itself)? */
static int in_class(int c, int cl) {
  int yes;
  switch (tolower(cl)) {
    case 'a': yes = isalpha(c); break;
    case 'c': yes = iscntrl(c); break;
    case 'd': yes = isdigit(c); break;
    case 'g': yes = isgraph(c); break;
    case 'l': yes = islower(c); break;
    case 'p': yes = ispunct(c); break;
    case 's': yes = isspace(c); break;
    case 'u': yes = isupper(c); break;
    case 'w': yes = isalnum(c); break;
    case 'x': yes = isxdigit(c); break;
    case 'z': yes = c == 0; break;   /* Lua 5.1's class, which 5.4 still reads */
    default: return cl == c;
  }
  return isupper(cl) ? !yes : yes;
}

/* does c belong to the set from '[' at p to the ']' at close? */
static int in_set(int c, const char *p, const char *close) {
  int inside = 1;
  p++;
  if (*p == '^') {
    inside = 0;
    p++;
  }
  while (p < close) {
    if (*p == ESC) {
      if (in_class(c, (unsigned char)p[1])) return inside;
      p += 2;
    } else if (p[1] == '-' && p + 2 < close) {
      if ((unsigned char)p[0] <= c && c <= (unsigned char)p[2]) return inside;
      p += 3;
    } else {
      if ((unsigned char)*p == c) return inside;
      p++;
    }
  }
  return !inside;
}

/* does the subject's character at s match the class from p to ep? */
static int matches_one(matcher *m, const char *s, const char *p, const char *ep) {
  int c;
  if (s >= m->src_end) return 0;
  c = (unsigned char)*s;
  switch (*p) {
    case '.': return 1;
    case ESC: return in_class(c, (unsigned char)p[1]);
    case '[':
      count_bytes(m, (size_t)(ep - p));   /* read through, at worst */
      return in_set(c, p, ep - 1);
    default: return (unsigned char)*p == c;
  }
}

/* ---- repetitions ---- */

/* "x*" (and "x+" from one further on): as many as match, then fewer
** until the rest of the pattern matches */
static const char *longest(matcher *m, const char *s, const char *p, const char *ep) {
  ptrdiff_t i = 0;
  while (matches_one(m, s + i, p, ep)) i++;
  count(m, i / 16);
  for (; i >= 0; i--) {
    const char *r = match(m, s + i, ep + 1);
    if (r) return r;
  }
  return NULL;
}

/* "x-": as few as let the rest of the pattern match */
static const char *shortest(matcher *m, const char *s, const char *p, const char *ep) {
  for (;;) {
    const char *r = match(m, s, ep + 1);
    if (r) return r;
    if (!matches_one(m, s, p, ep)) return NULL;
    s++;
  }
}

/* ---- captures ---- */

static const char *open_capture(matcher *m, const char *s, const char *p, ptrdiff_t what) {
  const char *r;
  if (m->level >= MAX_CAPTURES) luaL_error(m->L, "too many captures");
  m->cap[m->level].at = s;
  m->cap[m->level].len = what;
  m->level++;
  r = match(m, s, p);
  if (!r) m->level--;   /* undone: the match failed */
  return r;
}

static const char *close_capture(matcher *m, const char *s, const char *p) {
  const char *r;
  int i = m->level - 1;
  while (i >= 0 && m->cap[i].len != CAP_OPEN) i--;
  if (i < 0) luaL_error(m->L, "invalid pattern capture");
  m->cap[i].len = s - m->cap[i].at;
  r = match(m, s, p);
  if (!r) m->cap[i].len = CAP_OPEN;
  return r;
}

/* "%1" .. "%9": the text of a closed capture again.  A position capture
** has no text: its length, as an unsigned size, never fits */
static const char *same_as_capture(matcher *m, const char *s, int digit) {
  int i = digit - '1';
  size_t len;
  if (i < 0 || i >= m->level || m->cap[i].len == CAP_OPEN)
    luaL_error(m->L, "invalid capture index %%%d", i + 1);
  len = (size_t)m->cap[i].len;
  if ((size_t)(m->src_end - s) < len) return NULL;
  count(m, (long)(len / 16));
  return memcmp(m->cap[i].at, s, len) == 0 ? s + len : NULL;
}

/* "%bxy" (p at x): from an x to the y that balances it */
static const char *balanced(matcher *m, const char *s, const char *p) {
  const char *from = s;
  int open, close, depth = 1;
  if (p + 1 >= m->pat_end) luaL_error(m->L, "malformed pattern (missing arguments to '%%b')");
  if (s >= m->src_end || *s != *p) return NULL;
  open = p[0];
  close = p[1];
  while (++s < m->src_end) {
    if (*s == close) {
      if (--depth == 0) break;
    } else if (*s == open) {
      depth++;
    }
  }
  count(m, (s - from) / 16);
  return s < m->src_end ? s + 1 : NULL;
}

/* "%f[set]" (p at '['): true where the character before s is not in the
** set and the one at s is (the subject's ends count as '\0') */
static const char *frontier(matcher *m, const char *s, const char *p, const char **after) {
  const char *ep;
  int before, here;
  if (*p != '[') luaL_error(m->L, "missing '[' after '%%f' in pattern");
  ep = class_end(m, p);
  count_bytes(m, 2 * (size_t)(ep - p));   /* the set read twice, at worst */
  before = s == m->src ? 0 : (unsigned char)s[-1];
  here = s < m->src_end ? (unsigned char)*s : 0;
  *after = ep;
  return !in_set(before, p, ep - 1) && in_set(here, p, ep - 1) ? s : NULL;
}

/* ---- the matcher ---- */

/* matches the pattern from p against the subject from s: where the match
** ends, or NULL.  Items that leave no choice loop; a choice recurses */
static const char *match(matcher *m, const char *s, const char *p) {
  if (m->depth-- == 0) luaL_error(m->L, "pattern too complex");
  for (;;) {
    const char *ep;
    count(m, 1);
    if (p == m->pat_end) break;
    switch (*p) {
      case '(':
        s = p[1] == ')' ? open_capture(m, s, p + 2, CAP_POSITION)
                        : open_capture(m, s, p + 1, CAP_OPEN);
        goto done;
      case ')':
        s = close_capture(m, s, p + 1);
        goto done;
      case '$':
        if (p + 1 != m->pat_end) break;   /* a '$' inside is a character */
        if (s != m->src_end) s = NULL;
        goto done;
      case ESC:
        if (p[1] == 'b') {
          if (!(s = balanced(m, s, p + 2))) goto done;
          p += 4;
          continue;
        }
        if (p[1] == 'f') {
          if (!(s = frontier(m, s, p + 2, &ep))) goto done;
          p = ep;
          continue;
        }
        if (isdigit((unsigned char)p[1])) {
          if (!(s = same_as_capture(m, s, (unsigned char)p[1]))) goto done;
          p += 2;
          continue;
        }
        break;   /* "%x": a class */
      default:
        break;
    }
    /* a single-character class, maybe repeated */
    ep = class_end(m, p);
    if (!matches_one(m, s, p, ep)) {
      if (*ep == '*' || *ep == '?' || *ep == '-') {   /* none is enough */
        p = ep + 1;
        continue;
      }
      s = NULL;
      goto done;
    }
    switch (*ep) {
      case '?': {
        const char *r = match(m, s + 1, ep + 1);
        if (r) {
          s = r;
          goto done;
        }
        p = ep + 1;   /* without it */
        continue;
      }
      case '+': s = longest(m, s + 1, p, ep); goto done;
      case '*': s = longest(m, s, p, ep); goto done;
      case '-': s = shortest(m, s, p, ep); goto done;
      default:
        s++;
        p = ep;
        continue;
    }
  }
done:
  m->depth++;
  return s;
}

/* ---- results ---- */

/* pushes capture i of a match from s to e; with no captures, capture 0
** is the whole match */
static void push_capture(matcher *m, int i, const char *s, const char *e) {
  ptrdiff_t len;
  if (i >= m->level) {
    if (i != 0) luaL_error(m->L, "invalid capture index %%%d", i + 1);
    count_bytes(m, (size_t)(e - s));
    lua_pushlstring(m->L, s, (size_t)(e - s));
    return;
  }
  len = m->cap[i].len;
  if (len == CAP_OPEN) luaL_error(m->L, "unfinished capture");
  if (len == CAP_POSITION) {
    lua_pushinteger(m->L, (m->cap[i].at - m->src) + 1);
    return;
  }
  /* a copy, counted: 32 captures of a long subject copy it 32 times */
  count_bytes(m, (size_t)len);
  lua_pushlstring(m->L, m->cap[i].at, (size_t)len);
}

/* pushes the captures (the whole match when there are none and s is
** given); returns how many */
static int push_captures(matcher *m, const char *s, const char *e) {
  int i, n = m->level == 0 && s ? 1 : m->level;
  luaL_checkstack(m->L, n, "too many captures");
  for (i = 0; i < n; i++) push_capture(m, i, s, e);
  return n;
}

/* a 1-based position, negative from the end, as string.find reads its init */
static size_t start_at(lua_Integer pos, size_t len) {
  if (pos > 0) return (size_t)pos;
  if (pos == 0 || pos < -(lua_Integer)len) return 1;
  return len + (size_t)pos + 1;
}

static int has_specials(const char *p, size_t lp) {
  size_t i;
  for (i = 0; i < lp; i++)
    if (p[i] != '\0' && strchr("^$*+?.([%-", p[i])) return 1;
  return 0;
}

/* where the text p first occurs in s, or NULL.  Short texts by their
** first character and a compare (at most 16 bytes a place); longer ones by
** memmem, linear however the two are made, where a compare at each place
** could take hours */
static const char *plain_find(const char *s, size_t ls, const char *p, size_t lp) {
  const char *end;
  if (lp > 16) return memmem(s, ls, p, lp);
  if (lp == 0) return s;
  if (lp > ls) return NULL;
  end = s + (ls - lp) + 1;   /* the last place the text could start, plus one */
  while (s < end && (s = memchr(s, *p, (size_t)(end - s))) != NULL) {
    if (memcmp(s + 1, p + 1, lp - 1) == 0) return s;
    s++;
  }
  return NULL;
}

static int find_or_match(lua_State *L, int find) {
  const char *fname = find ? "find" : "match";
  size_t ls, lp;
  const char *s = check_string(L, 1, fname, &ls);
  const char *p = check_string(L, 2, fname, &lp);
  size_t init = start_at(opt_integer(L, 3, fname, 1), ls) - 1;
  if (init > ls) {
    luaL_pushfail(L);
    return 1;
  }
  if (find && (lua_toboolean(L, 4) || !has_specials(p, lp))) {
    const char *at = plain_find(s + init, ls - init, p, lp);
    if (at) {
      lua_pushinteger(L, (at - s) + 1);
      lua_pushinteger(L, (lua_Integer)((size_t)(at - s) + lp));
      return 2;
    }
  } else {
    matcher m;
    const char *from = s + init;
    int anchored = *p == '^';
    if (anchored) p++, lp--;
    setup(&m, L, s, ls, p, lp, fname);
    do {
      const char *e;
      restart(&m);
      if ((e = match(&m, from, p)) != NULL) {
        if (!find) return push_captures(&m, from, e);
        lua_pushinteger(L, (from - s) + 1);
        lua_pushinteger(L, e - s);
        return push_captures(&m, NULL, NULL) + 2;
      }
    } while (from++ < m.src_end && !anchored);
  }
  luaL_pushfail(L);
  return 1;
}

static int sm_find(lua_State *L) { return find_or_match(L, 1); }
static int sm_match(lua_State *L) { return find_or_match(L, 0); }

/* ---- gmatch ---- */

typedef struct gmatch_state {
  const char *from;       /* where the next search starts */
  const char *p;          /* the pattern ('^' is a character here) */
  const char *lastmatch;  /* where the last match ended: none may end there again */
  matcher m;
} gmatch_state;

static int gmatch_next(lua_State *L) {
  gmatch_state *g = (gmatch_state *)lua_touserdata(L, lua_upvalueindex(3));
  const char *from;
  g->m.L = L;   /* the iterator may be called from another coroutine */
  g->m.steps = STEP_BATCH;
  g->m.deadline = -1;
  for (from = g->from; from <= g->m.src_end; from++) {
    const char *e;
    restart(&g->m);
    if ((e = match(&g->m, from, g->p)) != NULL && e != g->lastmatch) {
      g->from = g->lastmatch = e;
      return push_captures(&g->m, from, e);
    }
  }
  return 0;
}

/* gmatch(s, pattern [, init]): the subject and the pattern stay alive as
** the iterator's upvalues */
static int sm_gmatch(lua_State *L) {
  size_t ls, lp;
  const char *s = check_string(L, 1, "gmatch", &ls);
  const char *p = check_string(L, 2, "gmatch", &lp);
  size_t init = start_at(opt_integer(L, 3, "gmatch", 1), ls) - 1;
  gmatch_state *g;
  lua_settop(L, 2);
  g = (gmatch_state *)lua_newuserdatauv(L, sizeof *g, 0);
  if (init > ls) init = ls + 1;   /* past the end: no match */
  setup(&g->m, L, s, ls, p, lp, "gmatch");
  g->from = s + init;
  g->p = p;
  g->lastmatch = NULL;
  lua_pushcclosure(L, gmatch_next, 3);
  return 1;
}

/* ---- gsub ---- */

/* adds the replacement string (argument 3) for a match from s to e: "%0"
** the match, "%1".."%9" captures, "%%" a '%' */
static void add_replacement_text(matcher *m, luaL_Buffer *b, const char *s, const char *e) {
  lua_State *L = m->L;
  size_t l;
  const char *r = lua_tolstring(L, 3, &l), *esc;
  while ((esc = memchr(r, ESC, l)) != NULL) {
    /* a step for each escape: a million "%1" of an empty capture at
    ** each match add nothing to the result, but cost time */
    count(m, 1);
    luaL_addlstring(b, r, (size_t)(esc - r));
    esc++;   /* the character after '%' (the string's '\0' at its end) */
    if (*esc == ESC) {
      luaL_addchar(b, ESC);
    } else if (*esc == '0') {
      luaL_addlstring(b, s, (size_t)(e - s));
    } else if (isdigit((unsigned char)*esc)) {
      push_capture(m, *esc - '1', s, e);
      luaL_addvalue(b);   /* a position capture as its digits */
    } else {
      luaL_error(L, "invalid use of '%c' in replacement string", ESC);
    }
    l -= (size_t)(esc + 1 - r);
    r = esc + 1;
  }
  luaL_addlstring(b, r, l);
}

/* adds the value of repl (argument 3, of type kind) for a match from s
** to e */
static void add_value(matcher *m, luaL_Buffer *b, const char *s, const char *e, int kind) {
  lua_State *L = m->L;
  if (kind == LUA_TFUNCTION) {
    int n;
    lua_pushvalue(L, 3);
    n = push_captures(m, s, e);
    lua_call(L, n, 1);
  } else if (kind == LUA_TTABLE) {
    push_capture(m, 0, s, e);
    lua_gettable(L, 3);
  } else {
    add_replacement_text(m, b, s, e);
    return;
  }
  if (!lua_toboolean(L, -1)) {   /* false or nil: the match stays */
    lua_pop(L, 1);
    luaL_addlstring(b, s, (size_t)(e - s));
  } else if (!lua_isstring(L, -1)) {
    luaL_error(L, "invalid replacement value (a %s)", luaL_typename(L, -1));
  } else {
    luaL_addvalue(b);
  }
}

/* adds the replacement for a match from s to e, and counts the bytes it
** copied into the result (the text's own, the match or captures it names,
** a repl function's long string): a step for each 16 */
static void add_replacement(matcher *m, luaL_Buffer *b, const char *s, const char *e, int kind) {
  size_t before = luaL_bufflen(b);
  add_value(m, b, s, e, kind);
  count_bytes(m, luaL_bufflen(b) - before);
}

static int sm_gsub(lua_State *L) {
  size_t ls, lp;
  const char *src = check_string(L, 1, "gsub", &ls);
  const char *p = check_string(L, 2, "gsub", &lp);
  const char *lastmatch = NULL;
  int kind = lua_type(L, 3);
  lua_Integer most = opt_integer(L, 4, "gsub", (lua_Integer)ls + 1), n = 0;
  int anchored = *p == '^';
  matcher m;
  luaL_Buffer b;
  if (kind != LUA_TNUMBER && kind != LUA_TSTRING && kind != LUA_TFUNCTION && kind != LUA_TTABLE)
    type_error(L, 3, "gsub", "string/function/table");
  luaL_buffinit(L, &b);
  if (anchored) p++, lp--;
  setup(&m, L, src, ls, p, lp, "gsub");
  while (n < most) {
    const char *e;
    restart(&m);
    if ((e = match(&m, src, p)) != NULL && e != lastmatch) {
      n++;
      add_replacement(&m, &b, src, e, kind);
      src = lastmatch = e;
    } else if (src < m.src_end) {
      luaL_addchar(&b, *src++);
    } else {
      break;
    }
    if (anchored) break;
  }
  luaL_addlstring(&b, src, (size_t)(m.src_end - src));
  luaL_pushresult(&b);
  lua_pushinteger(L, n);
  return 2;
}

static const luaL_Reg functions[] = {
  {"find", sm_find},
  {"match", sm_match},
  {"gmatch", sm_gmatch},
  {"gsub", sm_gsub},
  {NULL, NULL}
};

int dhL_open_strmatch(lua_State *L) {
  luaL_newlib(L, functions);
  lua_setfield(L, -2, "strmatch");
  return 0;
}
