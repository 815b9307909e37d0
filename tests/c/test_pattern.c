/*
** test_pattern.c -- the hand pattern language: the examples, the
** corners of the grammar, every error with its position, and random
** patterns against a brute-force reading of the rules.
*/
#include <string.h>

#include "card.h"
#include "cardset.h"
#include "check.h"
#include "pattern.h"
#include "rng.h"

/* a hand from names separated by spaces ("Ah Ad 3c") */
static dh_cardset hand(const char *s) {
  dh_cardset h = 0;
  while (*s) {
    size_t n = 0;
    dh_card c;
    const char *why;
    while (*s == ' ') s++;
    if (!*s) break;
    while (s[n] && s[n] != ' ') n++;
    if (dh_card_parse(s, n, &c, &why)) h |= dh_set_of(c);
    else printf("test bug: bad card in \"%s\"\n", s);
    s += n;
  }
  return h;
}

static int compiles(dh_pattern *p, const char *src) {
  int pos;
  const char *why;
  return dh_pattern_compile(p, src, strlen(src), &pos, &why);
}

/* 1 when src matches h; the matched cards go to *out */
static int matches_out(const char *src, const char *h, dh_cardset *out) {
  dh_pattern p;
  if (!compiles(&p, src)) { printf("test bug: '%s' does not compile\n", src); return -1; }
  return dh_pattern_match(&p, hand(h), out);
}

static int matches(const char *src, const char *h) { return matches_out(src, h, NULL); }

/* the match is exactly these cards */
static int finds(const char *src, const char *h, const char *expected) {
  dh_cardset out;
  return matches_out(src, h, &out) == 1 && out == hand(expected);
}

static void examples(void) {
  /* the examples, each with the hand it must find */
  CHECK(finds("1{2}", "Ah Ad", "Ah Ad"));
  CHECK(finds("1{2}2{2}", "Ac Ad 3s 3c", "Ac Ad 3s 3c"));
  CHECK(finds("1{3}", "Qc Qd Qh 4s 9c", "Qc Qd Qh"));
  CHECK(finds("1{4}", "7c 7d 7h 7s Kc", "7c 7d 7h 7s"));
  CHECK(finds("1{3}2{2}", "Qc Qd Qh Kc Ks", "Qc Qd Qh Kc Ks"));
  CHECK(finds("?>?>?>?>?", "Kc Qd Js Tc 9c", "Kc Qd Js Tc 9c"));
  CHECK(finds("a{5}", "2h 9h 3h Kh 5h", "2h 9h 3h Kh 5h"));
  CHECK(finds("a>a>a>a>a", "9s 8s 7s 6s 5s", "9s 8s 7s 6s 5s"));
  CHECK(finds("[a>a>a>a>a", "Ad Kd Qd Jd Td", "Ad Kd Qd Jd Td"));

  /* ... and none finds a hand that lacks it */
  CHECK(!matches("1{2}", "Ah Kd 3c 4d 9s"));
  CHECK(!matches("1{2}2{2}", "Ac Ad 3s 4c 9h"));   /* one pair */
  CHECK(!matches("1{2}2{2}", "Ac Ad Ah 4c 9h"));   /* trips are not two pair */
  CHECK(!matches("1{3}", "Qc Qd Kh Ks 9c"));
  CHECK(!matches("1{4}", "7c 7d 7h Kc Ks Kd"));
  CHECK(!matches("1{3}2{2}", "Qc Qd Qh Kc 2s 3d 4h"));
  CHECK(!matches("1{3}2{2}", "Qc Qd Kh Kc 2s 2d 4h"));  /* three pairs */
  CHECK(!matches("?>?>?>?>?", "Kc Qd Js Tc 8c 7d"));
  CHECK(!matches("a{5}", "2h 9h 3h Kh 5d 6d 7d"));
  CHECK(!matches("a>a>a>a>a", "9s 8s 7s 6s 5h 4s"));  /* straight and flush, not together */
  CHECK(!matches("[a>a>a>a>a", "Kd Qd Jd Td 9d"));    /* straight flush, king high */
  CHECK(!matches("[a>a>a>a>a", "As Kd Qd Jd Td"));    /* the ace off suit */
  CHECK(!matches("[a>a>a>a>a", "Ad 2d 3d 4d 5d"));    /* the wheel is not royal */

  /* the ace: high or low in a run, never both ends */
  CHECK(finds("?>?>?>?>?", "Ah 2c 3d 4s 5h 9c", "Ah 2c 3d 4s 5h"));
  CHECK(finds("?>?>?>?>?", "Ah Kc Qd Js Th", "Ah Kc Qd Js Th"));
  CHECK(!matches("?>?>?>?>?", "Qc Kd Ah 2s 3c"));
  CHECK(!matches("?>?>?>?>?", "Kd Ah 2s 3c 4d"));
  CHECK(finds("a>a>a>a>a", "Ah 2h 3h 4h 5h", "Ah 2h 3h 4h 5h"));
  /* the highest straight wins the search */
  CHECK(finds("?>?>?>?>?", "Ah 2c 3d 4s 5h 6c 7d", "3d 4s 5h 6c 7d"));
  CHECK(finds("?>?>?>?>?", "9h Tc Jd Qs Kh Ac", "Tc Jd Qs Kh Ac"));
}

static void semantics(void) {
  /* different digits are different ranks; a pattern sees subsets */
  CHECK(matches("1{2}", "Qc Qd Qh"));
  CHECK(!matches("1{2}2{2}", "Qc Qd Qh Qs"));
  CHECK(finds("1{2}2{2}", "Qc Qd Qh 5s 5c", "Qc Qd 5s 5c") || finds("1{2}2{2}", "Qc Qd Qh 5s 5c", "Qc Qh 5s 5c")
        || finds("1{2}2{2}", "Qc Qd Qh 5s 5c", "Qd Qh 5s 5c"));
  CHECK(matches("12", "Qc Kd"));
  CHECK(!matches("12", "Qc Qd"));
  CHECK(matches("11", "Qc Qd"));
  /* different letters are different suits, equal letters equal suits */
  CHECK(matches("ab", "Qc Qd"));
  CHECK(!matches("ab", "Qc 2c 5c"));
  CHECK(matches("aa", "Qc 2c"));
  CHECK(!matches("aa", "Qc 2d 5h 7s"));
  CHECK(matches("abcd", "2c 2d 2h 2s"));
  CHECK(!matches("abcd", "2c 2d 2h 3h 4h"));
  /* '?' is any card, and needs a card of its own */
  CHECK(finds("1{2}?", "Qc Qd 3h 9s", "Qc Qd 9s"));   /* the highest kicker */
  CHECK(!matches("1{2}?", "Qc Qd"));
  CHECK(matches("1{2}?", "Qc Qd Qh"));
  /* a run of a digit and a letter: a 9 then any card of suit a directly below */
  CHECK(matches("1>a", "9c 8d"));
  CHECK(!matches("1>a", "9c 7d"));
  CHECK(!matches("a>a", "9c 8d"));
  CHECK(matches("a>b", "9c 8d"));
  CHECK(!matches("a>b", "9c 8c"));
  /* a digit repeated inside and across runs */
  CHECK(matches("1>2 1", "9c 8d 9h"));
  CHECK(!matches("1>2 1", "9c 8d 8h"));
  CHECK(matches("1>2>3 3", "9c 8d 7h 7s"));
  /* pins: '[' alone is the ace, a rank after the symbol that rank */
  CHECK(finds("[?", "Kc Ad 2h", "Ad"));
  CHECK(!matches("[?", "Kc Qd 2h"));
  CHECK(finds("[?K", "Kc Ad 2h", "Kc"));
  CHECK(finds("[?T", "Tc Ad 2h", "Tc"));
  CHECK(finds("[?2", "Tc Ad 2h", "2h"));
  CHECK(finds("[1{2}", "Ac Ad Kc Kd", "Ac Ad"));
  CHECK(!matches("[1{2}", "Ac Qd Kc Kd"));
  CHECK(finds("[?K>?>?>?>?", "Ac Kd Qh Js Tc 9d", "Kd Qh Js Tc 9d"));
  CHECK(!matches("[?K>?>?>?>?", "Ac Kd Qh Js Tc"));
  CHECK(finds("[aQ>a", "Qh Jh Qc Jd", "Qh Jh"));
  CHECK(finds("[a9", "9h Ah", "9h"));               /* the rank belongs to the pin */
  CHECK(finds("[a 9", "Ah 9d", "Ah 9d"));           /* a space ends it: 9 is a digit */
  CHECK(finds("[a 9{2}", "Ah 9d 9c", "Ah 9d 9c"));
  /* a pinned ace may play low */
  CHECK(finds("?>[?", "2c Ad Kh", "2c Ad"));
  CHECK(finds("?>?>[?", "3c 2d Ah", "3c 2d Ah"));
  CHECK(!matches("[?>?", "Ac 2d"));                 /* K below an ace, not 2 */
  CHECK(finds("[?>?", "Ac Kd 2d", "Ac Kd"));
  /* repeats are textual */
  CHECK(matches("?>?{3}", "9c 8d 2h 4s"));          /* ?>? ? ? */
  CHECK(matches("a>a{2}", "9c 8c 2c"));             /* a>a a */
  CHECK(!matches("a>a{2}", "9c 8c 2d"));
  CHECK(matches("1{1}", "2c"));
  /* spaces between items are ignored */
  CHECK(matches("1{3} 2{2}", "Qc Qd Qh Kc Ks"));
  CHECK(matches(" ? > ? > ? > ? > ? ", "Kc Qd Js Tc 9c"));
  /* jokers are ignored; a bigger set works too */
  CHECK(!matches("1{2}", "Qc") );
  {
    dh_pattern p;
    dh_cardset out;
    CHECK(compiles(&p, "1{2}"));
    CHECK(!dh_pattern_match(&p, hand("Qc") | DH_JOKERS, &out));
    CHECK_EQ(out, 0);
    CHECK(dh_pattern_match(&p, DH_FRENCH52, &out));
    CHECK_EQ(dh_set_count(out), 2);
    CHECK_EQ(dh_pattern_size(&p), 2);
    CHECK(compiles(&p, "?>?>?>?>?"));
    CHECK(dh_pattern_match(&p, DH_FRENCH52 | DH_JOKERS, &out));
    CHECK_EQ(out & DH_JOKERS, 0);
    CHECK(!dh_pattern_match(&p, 0, NULL));
    CHECK(compiles(&p, "?{7}"));
    CHECK(dh_pattern_match(&p, hand("2c 3c 4c 5c 6c 7c 8c"), &out));
    CHECK_EQ(dh_set_count(out), 7);
  }
  /* elements compete for cards: the matcher must move an earlier choice */
  CHECK(finds("1{2}a{3}", "Kh Kc Kd 2c 3c", "Kh Kd Kc 2c 3c"));  /* the pair leaves Kc */
  CHECK(!matches("1{2}a{3}", "Kh Kc 2c 3c 4d"));     /* it cannot: only two kings */
  CHECK(finds("1{2}a{2}", "Kh Kc Kd 2c", "Kh Kd Kc 2c"));
  CHECK(!matches("1{2}a{2}", "Kh Kc 2c 9d"));
  CHECK(!matches("1a", "Kh"));
  CHECK(matches("1a", "Kh 2h"));
  CHECK(matches("a>a 1{2}", "9c 8c 9d 9h"));
}

typedef struct bad { const char *src; int pos; const char *why; } bad;

static void errors(void) {
  static const bad cases[] = {
    { "", 1, "empty pattern" },
    { "   ", 1, "empty pattern" },
    { "X", 1, "unknown character" },
    { "1{2}2{2}!", 9, "unknown character" },
    { "K", 1, "unknown character" },
    { "1\xE2\x99\xA0", 2, "unknown character" },
    { ">1", 1, "'>' at the start" },
    { " > 1", 2, "'>' at the start" },
    { "1>", 2, "'>' at the end" },
    { "?>?>?>?>", 8, "'>' at the end" },
    { "1> ", 2, "'>' at the end" },
    { "1>>2", 3, "'>' not followed by a symbol" },
    { "1>{2}", 3, "'>' not followed by a symbol" },
    { "[", 1, "'[' not followed by a symbol" },
    { "1[K", 3, "'[' not followed by a symbol" },
    { "[>a", 2, "'[' not followed by a symbol" },
    { "[[a", 2, "'[' not followed by a symbol" },
    { "{2}", 1, "'{' without a symbol before it" },
    { "1{2}{2}", 5, "'{' without a symbol before it" },
    { "1{", 2, "unbalanced '{'" },
    { "1{2", 2, "unbalanced '{'" },
    { "1{2}2{3", 6, "unbalanced '{'" },
    { "}", 1, "unbalanced '}'" },
    { "1}", 2, "unbalanced '}'" },
    { "1{}", 3, "repeat count missing" },
    { "1{a}", 3, "repeat count must be a number" },
    { "1{2a}", 4, "repeat count must be a number" },
    { "1{ 2}", 3, "repeat count must be a number" },
    { "1{0}", 3, "repeat count out of range (1-7)" },
    { "1{8}", 3, "repeat count out of range (1-7)" },
    { "1{99999999999}", 3, "repeat count out of range (1-7)" },
    { "12345678", 8, "more than 7 cards" },
    { "1{4}2{4}", 6, "more than 7 cards" },
    { "?{7}?", 5, "more than 7 cards" },
    { "abcde", 5, "more than 4 suit letters" },
    { "ab[c[d[e", 8, "more than 4 suit letters" },
    { "1>1", 3, "pattern can never match" },
    { "1{5}", 2, "pattern can never match" },
    { "[a>[a", 4, "pattern can never match" },
    { "[?2>?>?", 7, "pattern can never match" },
    { "1>2 1>3", 7, "pattern can never match" },   /* 2 and 3 on one rank */
    { "[aK{2}", 4, "pattern can never match" },    /* one king of a suit */
    { "[a[a", 3, "pattern can never match" },
    { "1>a 1>a", 7, "pattern can never match" },   /* the card below 1 in a, twice */
    { "a{5}b{3}", 6, "more than 7 cards" },
  };
  size_t i;
  for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    dh_pattern p;
    int pos = -1;
    const char *why = "(none)";
    int ok = dh_pattern_compile(&p, cases[i].src, strlen(cases[i].src), &pos, &why);
    if (!CHECK(!ok)) { printf("     pattern '%s' compiled\n", cases[i].src); continue; }
    if (!CHECK(pos == cases[i].pos && strcmp(why, cases[i].why) == 0))
      printf("     '%s': got \"%s\" at %d, expected \"%s\" at %d\n", cases[i].src, why, pos,
             cases[i].why, cases[i].pos);
  }
}

/*
** A literal reading of the rules, for random patterns: parse the simple
** subset the generator writes (symbols, '[' with an optional rank, '>',
** no repeats), then try every ordered choice of distinct cards.
*/
typedef struct lit { char sym[7]; int pin[7], link[7], n; } lit;

static void lit_parse(lit *l, const char *s) {
  l->n = 0;
  while (*s) {
    int i = l->n;
    l->link[i] = 0;
    l->pin[i] = 0;
    while (*s == ' ') s++;
    if (!*s) break;
    if (*s == '>') { l->link[i] = 1; s++; }
    if (*s == '[') {
      s++;
      l->sym[i] = *s++;
      l->pin[i] = 14;
      if (*s == 'K') { l->pin[i] = 13; s++; }
      else if (*s == '5') { l->pin[i] = 5; s++; }
    } else {
      l->sym[i] = *s++;
    }
    l->n++;
  }
}

static int is_digit(char c) { return c >= '0' && c <= '9'; }
static int is_letter(char c) { return c >= 'a' && c <= 'z'; }

static int lit_fits(const lit *l, const dh_card *c) {
  int i, j, value[7];
  for (i = 0; i < l->n; i++) {
    int ri = dh_card_rank(c[i]), si = dh_card_suit(c[i]);
    if (l->pin[i] && ri != l->pin[i]) return 0;
    value[i] = ri;
    if (l->link[i]) {
      /* one below the card above; an ace below a 2 counts 1, and then
      ** nothing is below it (no K A 2 wrap) */
      int want = value[i - 1] - 1;
      if (ri == 14 && want == 1) value[i] = 1;
      if (value[i] != want) return 0;
    }
    for (j = 0; j < i; j++) {
      int rj = dh_card_rank(c[j]), sj = dh_card_suit(c[j]);
      if (is_digit(l->sym[i]) && is_digit(l->sym[j]) && (l->sym[i] == l->sym[j]) != (ri == rj)) return 0;
      if (is_letter(l->sym[i]) && is_letter(l->sym[j]) && (l->sym[i] == l->sym[j]) != (si == sj)) return 0;
    }
  }
  return 1;
}

static int lit_search(const lit *l, const dh_card *cards, int ncards, dh_card *chosen, int k,
                      unsigned used) {
  int i;
  if (k == l->n) return lit_fits(l, chosen);
  for (i = 0; i < ncards; i++) {
    if ((used >> i) & 1) continue;
    chosen[k] = cards[i];
    /* prune early: check the prefix */
    {
      lit prefix = *l;
      prefix.n = k + 1;
      if (!lit_fits(&prefix, chosen)) continue;
    }
    if (lit_search(l, cards, ncards, chosen, k + 1, used | (1u << i))) return 1;
  }
  return 0;
}

static int lit_match(const char *src, dh_cardset h) {
  lit l;
  dh_card cards[64], chosen[7] = { 0 };
  int n = 0;
  lit_parse(&l, src);
  for (; h; h &= h - 1) cards[n++] = (dh_card)dh_set_first(h);
  return lit_search(&l, cards, n, chosen, 0, 0);
}

static void random_hand(dh_rng *r, dh_card *deck, int k) {
  int i;
  for (i = 0; i < k; i++) {  /* partial Fisher-Yates */
    int j = i + (int)dh_rng_below(r, (uint32_t)(52 - i));
    dh_card t = deck[i]; deck[i] = deck[j]; deck[j] = t;
  }
}

static void against_rules(void) {
  static const char *const symbols[] = { "?", "1", "2", "3", "a", "b", "c", "[a", "[?", "[1", "[aK", "[?5", "[b" };
  dh_rng r;
  dh_card deck[52];
  int i, trials = 0, agree = 0, found = 0, valid = 0, rejected_ok = 0, rejected = 0;
  for (i = 0; i < 52; i++) deck[i] = dh_card_make(2 + i % 13, i / 13);
  dh_rng_seed(&r, 2024);
  for (i = 0; i < 20000; i++) {
    char src[40] = "";
    int n = 1 + (int)dh_rng_below(&r, 5), k, t;
    dh_pattern p;
    int pos;
    const char *why;
    for (k = 0; k < n; k++) {
      /* a space between unlinked symbols, so "[a" "2" stays two cards */
      if (k > 0) strcat(src, dh_rng_below(&r, 2) ? ">" : " ");
      strcat(src, symbols[dh_rng_below(&r, sizeof symbols / sizeof symbols[0])]);
    }
    if (!dh_pattern_compile(&p, src, strlen(src), &pos, &why)) {
      /* rejected as impossible: no random hand may fit it literally */
      rejected++;
      for (t = 0, k = 1; t < 5; t++) {
        dh_cardset h = 0;
        int c;
        random_hand(&r, deck, 7);
        for (c = 0; c < 7; c++) h |= dh_set_of(deck[c]);
        if (lit_match(src, h)) k = 0;
      }
      rejected_ok += k && strcmp(why, "pattern can never match") == 0;
      continue;
    }
    for (t = 0; t < 5; t++) {
      dh_cardset h = 0, out = 0;
      int c, size = 5 + (int)dh_rng_below(&r, 3), got, want;
      random_hand(&r, deck, size);
      for (c = 0; c < size; c++) h |= dh_set_of(deck[c]);
      got = dh_pattern_match(&p, h, &out);
      want = lit_match(src, h);
      trials++;
      agree += got == want;
      if (got != want) printf("     '%s' on %llx: got %d, rules say %d\n", src, (unsigned long long)h, got, want);
      if (got) {
        found++;
        /* the cards returned are in the hand, as many as the pattern, and fit it */
        valid += (out & ~h) == 0 && dh_set_count(out) == n && lit_match(src, out);
      }
    }
  }
  CHECK_EQ(agree, trials);
  CHECK_EQ(valid, found);
  CHECK_EQ(rejected_ok, rejected);
  CHECK(found > trials / 10);        /* the generator makes patterns that do match */
  CHECK(found < trials - trials / 10);
}

int main(void) {
  check_init();
  examples();
  semantics();
  errors();
  against_rules();
  return check_done();
}
