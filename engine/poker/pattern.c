/*
** pattern.c -- compiling a hand pattern (grammar in pattern.h).
**
** Parsing turns the text into at most 7 raw elements.  Analysis then ties
** elements whose ranks depend on each other (a '>' link, a shared digit)
** into rank components: every element of a component sits a fixed number of
** ranks below the component's top, so matching only has to choose one top
** per component.  Elements with no such tie and no pin are free.
*/
#include <string.h>

#include "pattern.h"

enum { SYM_ANY, SYM_DIGIT, SYM_LETTER };

typedef struct raw {
  uint8_t kind, id;   /* SYM_*; digit value or letter number */
  uint8_t pin;        /* 0, or the pinned rank 2..14 */
  uint8_t link;       /* joined to the element before by '>' */
  int pos;            /* 1-based source position, for errors */
} raw;

typedef struct parser {
  raw el[DH_PATTERN_MAXCARDS];
  int n;
  int errpos;
  const char *why;
} parser;

static int fail(parser *ps, size_t at, const char *why) {
  ps->errpos = (int)at + 1;
  ps->why = why;
  return 0;
}

static int is_symbol(int ch) {
  return ch == '?' || (ch >= '0' && ch <= '9') || (ch >= 'a' && ch <= 'z');
}

/* explicit rank characters after a pinned symbol; 0 when ch is none */
static int rank_of(int ch) {
  switch (ch) {
    case 'A': return 14;
    case 'K': return 13;
    case 'Q': return 12;
    case 'J': return 11;
    case 'T': return 10;
    default: return (ch >= '2' && ch <= '9') ? ch - '0' : 0;
  }
}

static int is_space(int ch) { return ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r'; }

/* '{' count '}' at s[*i] == '{'; stores the count */
static int parse_count(parser *ps, const char *s, size_t len, size_t *i, int *count) {
  size_t open = *i, j = open + 1, first = j;
  int v = 0;
  while (j < len && s[j] >= '0' && s[j] <= '9') {
    if (v < 100) v = v * 10 + (s[j] - '0');  /* saturate: all > 7 are wrong */
    j++;
  }
  if (j == len) return fail(ps, open, "unbalanced '{'");
  if (s[j] != '}') return fail(ps, j, "repeat count must be a number");
  if (j == first) return fail(ps, j, "repeat count missing");
  if (v < 1 || v > DH_PATTERN_MAXCARDS) return fail(ps, first, "repeat count out of range (1-7)");
  *count = v;
  *i = j + 1;
  return 1;
}

static int add(parser *ps, const raw *r, size_t at) {
  if (ps->n == DH_PATTERN_MAXCARDS) return fail(ps, at, "more than 7 cards");
  ps->el[ps->n++] = *r;
  return 1;
}

static int parse(parser *ps, const char *s, size_t len) {
  size_t i = 0, link_at = 0;
  int linked = 0, after_element = 0;
  uint8_t letters[26];
  int nletters = 0;
  memset(letters, 0xFF, sizeof letters);
  ps->n = 0;
  while (i < len) {
    int ch = (unsigned char)s[i];
    raw r;
    if (is_space(ch)) { i++; continue; }
    if (ch == '>') {
      if (ps->n == 0) return fail(ps, i, "'>' at the start");
      if (linked) return fail(ps, i, "'>' not followed by a symbol");
      linked = 1; link_at = i; after_element = 0;
      i++;
      continue;
    }
    if (ch == '{') {
      size_t open = i;
      int count, k;
      if (linked) return fail(ps, i, "'>' not followed by a symbol");
      if (!after_element) return fail(ps, i, "'{' without a symbol before it");
      if (!parse_count(ps, s, len, &i, &count)) return 0;
      r = ps->el[ps->n - 1];
      r.link = 0;
      r.pos = (int)open + 1;
      for (k = 1; k < count; k++)
        if (!add(ps, &r, open)) return 0;
      after_element = 0;  /* "1{2}{2}" is not allowed */
      continue;
    }
    if (ch == '}') return fail(ps, i, "unbalanced '}'");
    r.pos = (int)i + 1;
    r.pin = 0;
    r.link = (uint8_t)linked;
    if (ch == '[') {
      size_t at = i;
      if (i + 1 == len) return fail(ps, at, "'[' not followed by a symbol");
      ch = (unsigned char)s[++i];
      if (!is_symbol(ch)) return fail(ps, i, "'[' not followed by a symbol");
      r.pin = 14;
      if (i + 1 < len && rank_of((unsigned char)s[i + 1])) r.pin = (uint8_t)rank_of((unsigned char)s[++i]);
      i++;
    } else if (is_symbol(ch)) {
      i++;
    } else {
      return fail(ps, i, "unknown character");
    }
    if (ch == '?') {
      r.kind = SYM_ANY; r.id = 0;
    } else if (ch >= '0' && ch <= '9') {
      r.kind = SYM_DIGIT; r.id = (uint8_t)(ch - '0');
    } else {
      r.kind = SYM_LETTER;
      if (letters[ch - 'a'] == 0xFF) {
        if (nletters == 4) return fail(ps, (size_t)r.pos - 1 + (s[r.pos - 1] == '['), "more than 4 suit letters");
        letters[ch - 'a'] = (uint8_t)nletters++;
      }
      r.id = letters[ch - 'a'];
    }
    if (!add(ps, &r, (size_t)r.pos - 1)) return 0;
    linked = 0;
    after_element = 1;
  }
  if (linked) return fail(ps, link_at, "'>' at the end");
  if (ps->n == 0) return fail(ps, 0, "empty pattern");
  return 1;
}

/*
** Rank components by a union-find with offsets: off(x) = off(root) +
** delta[x] after find(x).  A '>' says off(i) = off(i - 1) + 1, a shared
** digit says the offsets are equal; a union that disagrees with what is
** already known makes the pattern contradictory.
*/
typedef struct uf { int parent[DH_PATTERN_MAXCARDS], delta[DH_PATTERN_MAXCARDS]; } uf;

static int uf_find(uf *u, int x) {
  int root = x, d = 0;
  while (u->parent[root] != root) { d += u->delta[root]; root = u->parent[root]; }
  /* path compression, keeping the offsets right */
  while (u->parent[x] != root) {
    int next = u->parent[x], dx = u->delta[x];
    u->parent[x] = root;
    u->delta[x] = d;
    d -= dx;
    x = next;
  }
  return root;
}

/* off(b) = off(a) + d; returns 0 on a contradiction */
static int uf_union(uf *u, int a, int b, int d) {
  int ra = uf_find(u, a), rb = uf_find(u, b);
  int da = (a == ra) ? 0 : u->delta[a], db = (b == rb) ? 0 : u->delta[b];
  if (ra == rb) return db - da == d;
  /* off(rb) = off(ra) + da + d - db */
  u->parent[rb] = ra;
  u->delta[rb] = da + d - db;
  return 1;
}

/* matching order: pinned rank and suit first, free cards last */
static int weight(const dh_pattern *p, int e) {
  return (p->comp[e] == DH_PATTERN_FREE) * 2 + (p->letter[e] == DH_PATTERN_NOSUIT);
}

static void analyse(dh_pattern *p, const raw *el, int n) {
  uf u;
  int i, j, root_comp[DH_PATTERN_MAXCARDS], minoff[DH_PATTERN_MAXCARDS];
  int tied[DH_PATTERN_MAXCARDS] = { 0 };
  int digit_at[DH_PATTERN_MAXCARDS][DH_PATTERN_MAXCARDS];
  int off[DH_PATTERN_MAXCARDS], order[DH_PATTERN_MAXCARDS];
  uint8_t comp[DH_PATTERN_MAXCARDS], letter[DH_PATTERN_MAXCARDS];
  memset(p, 0, sizeof *p);
  p->n = (uint8_t)n;
  for (i = 0; i < n; i++) { u.parent[i] = i; u.delta[i] = 0; }
  for (i = 0; i < n; i++) {
    if (el[i].link && !uf_union(&u, i - 1, i, 1)) p->never = 1;
    if (el[i].kind == SYM_DIGIT)
      for (j = 0; j < i; j++)
        if (el[j].kind == SYM_DIGIT && el[j].id == el[i].id && !uf_union(&u, j, i, 0)) p->never = 1;
  }
  /* a root heads a component when anything ties or pins its elements */
  for (i = 0; i < n; i++) {
    int r = uf_find(&u, i);
    off[i] = (i == r) ? 0 : u.delta[i];
    if (r != i || el[i].kind == SYM_DIGIT || el[i].pin) tied[r] = 1;
    minoff[i] = 1000;
  }
  for (i = 0; i < n; i++) {
    int r = uf_find(&u, i);
    if (off[i] < minoff[r]) minoff[r] = off[i];
  }
  for (i = 0; i < n; i++) root_comp[i] = -1;
  for (i = 0; i < n; i++) {
    int r = uf_find(&u, i);
    if (!tied[r]) { comp[i] = DH_PATTERN_FREE; off[i] = 0; continue; }
    if (root_comp[r] < 0) {
      root_comp[r] = p->ncomp++;
      for (j = 0; j < DH_PATTERN_MAXCARDS; j++) digit_at[root_comp[r]][j] = -1;
    }
    comp[i] = (uint8_t)root_comp[r];
    off[i] -= minoff[r];
  }
  /* per component: cards at each offset, digits, pins, span */
  for (i = 0; i < n; i++) {
    int c = comp[i], o = off[i];
    if (c == DH_PATTERN_FREE) continue;
    if (o >= DH_PATTERN_MAXCARDS) { p->never = 1; o = 0; }  /* cannot happen: 7 links at most */
    p->need[c][o]++;
    if (o + 1 > p->span[c]) p->span[c] = (uint8_t)(o + 1);
    if (el[i].kind == SYM_DIGIT) {
      if (digit_at[c][o] >= 0 && digit_at[c][o] != el[i].id) p->never = 1;  /* 1 and 2 at one rank */
      digit_at[c][o] = el[i].id;
      p->digits[c] |= (uint8_t)(1u << o);
    }
  }
  for (j = 0; j < p->ncomp; j++) {
    /* the top must leave room below for the whole run; a component with no
    ** run never uses value 1 (the ace is already value 14) */
    p->tops[j] = (uint16_t)(0x3FFF & ~((1u << (p->span[j] > 1 ? p->span[j] - 1 : 1)) - 1));
  }
  for (i = 0; i < n; i++) {
    int c = comp[i];
    if (c != DH_PATTERN_FREE && el[i].pin) {
      unsigned v = el[i].pin + off[i], allowed = 0;
      if (v <= 14) allowed |= 1u << (v - 1);
      if (el[i].pin == 14 && off[i] + 1 <= 14) allowed |= 1u << off[i];  /* the ace played low */
      p->tops[c] &= (uint16_t)allowed;
    }
  }
  for (i = 0; i < n; i++) {
    letter[i] = el[i].kind == SYM_LETTER ? el[i].id : DH_PATTERN_NOSUIT;
    if (letter[i] != DH_PATTERN_NOSUIT) {
      p->letter_need[letter[i]]++;
      if (letter[i] + 1 > p->nletters) p->nletters = (uint8_t)(letter[i] + 1);
    }
  }
  for (i = 0; i < 4; i++) {  /* insertion sort, largest first */
    uint8_t v = p->letter_need[i];
    for (j = i; j > 0 && p->letter_sorted[j - 1] < v; j--) p->letter_sorted[j] = p->letter_sorted[j - 1];
    p->letter_sorted[j] = v;
  }
  /* store the elements in matching order (stable by weight) */
  for (i = 0; i < n; i++) {
    p->comp[i] = comp[i]; p->off[i] = (uint8_t)off[i]; p->letter[i] = letter[i];
  }
  for (i = 0, j = 0; j < 4; j++) {
    int e;
    for (e = 0; e < n; e++) if (weight(p, e) == j) order[i++] = e;
  }
  for (i = 0; i < n; i++) {
    comp[i] = p->comp[order[i]]; off[i] = p->off[order[i]]; letter[i] = p->letter[order[i]];
  }
  for (i = 0; i < n; i++) {
    p->comp[i] = comp[i]; p->off[i] = (uint8_t)off[i]; p->letter[i] = letter[i];
  }
}

int dh_pattern_compile(dh_pattern *p, const char *src, size_t len, int *errpos,
                       const char **why) {
  parser ps;
  int k;
  if (!parse(&ps, src, len)) {
    memset(p, 0, sizeof *p);
    *errpos = ps.errpos;
    *why = ps.why;
    return 0;
  }
  /*
  ** A pattern that the whole deck does not match matches no hand (matching
  ** only looks for a subset).  Trying each prefix against the deck finds
  ** the first card that makes the pattern impossible, for the message.
  */
  for (k = 1; k <= ps.n; k++) {
    analyse(p, ps.el, k);
    if (p->never || !dh_pattern_match(p, DH_FRENCH52, NULL)) {
      memset(p, 0, sizeof *p);
      *errpos = ps.el[k - 1].pos;
      *why = "pattern can never match";
      return 0;
    }
  }
  return 1;
}
