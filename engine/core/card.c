/*
** card.c -- card names: parsing every common spelling, printing two forms.
*/
#include <string.h>

#include "card.h"
#include "cardset.h"

static const char rank_chars[] = "23456789TJQKA";
static const char suit_chars[] = "cdhs";
/* display symbols, UTF-8 */
static const char *const suit_symbols[] = { "\xE2\x99\xA3", "\xE2\x99\xA6",
                                            "\xE2\x99\xA5", "\xE2\x99\xA0" };

int dh_card_valid(dh_card c) {
  int slot = c & 15;
  if (c & 0x80) return 0;
  if (dh_card_is_joker(c)) return !(c & DH_CARD_COPY);
  if (c & DH_CARD_COPY) return slot < 6;
  return slot <= 12;
}

static int lower(int ch) { return (ch >= 'A' && ch <= 'Z') ? ch + 32 : ch; }

/* a rank at s; returns bytes used or 0 */
static size_t parse_rank(const char *s, size_t len, int *rank) {
  int ch;
  if (len >= 2 && s[0] == '1' && s[1] == '0') { *rank = 10; return 2; }
  if (len < 1) return 0;
  ch = lower((unsigned char)s[0]);
  if (ch >= '2' && ch <= '9') { *rank = ch - '0'; return 1; }
  switch (ch) {
    case 't': *rank = 10; return 1;
    case 'j': *rank = 11; return 1;
    case 'q': *rank = 12; return 1;
    case 'k': *rank = 13; return 1;
    case 'a': *rank = 14; return 1;
    default: return 0;
  }
}

/* a suit letter or symbol at s; returns bytes used or 0 */
static size_t parse_suit(const char *s, size_t len, int *suit) {
  /* ♠ U+2660 ♡ 2661 ♢ 2662 ♣ 2663 ♤ 2664 ♥ 2665 ♦ 2666 ♧ 2667: E2 99 A0..A7 */
  static const signed char by_symbol[8] = { DH_SPADES, DH_HEARTS, DH_DIAMONDS, DH_CLUBS,
                                            DH_SPADES, DH_HEARTS, DH_DIAMONDS, DH_CLUBS };
  const char *p;
  if (len < 1) return 0;
  if (len >= 3 && (unsigned char)s[0] == 0xE2 && (unsigned char)s[1] == 0x99 &&
      (unsigned char)s[2] >= 0xA0 && (unsigned char)s[2] <= 0xA7) {
    *suit = by_symbol[(unsigned char)s[2] - 0xA0];
    return 3;
  }
  p = strchr(suit_chars, lower((unsigned char)s[0]));
  if (s[0] == '\0' || p == NULL) return 0;
  *suit = (int)(p - suit_chars);
  return 1;
}

size_t dh_card_parse(const char *s, size_t len, dh_card *out, const char **why) {
  int rank = 0, suit = 0, copy = 1;
  size_t r, n, whole = len;
  if (len == 0) { *why = "empty card name"; return 0; }
  /* "#2" names the second copy of a card of a double deck, "#1" the first */
  if (len > 2 && s[len - 2] == '#' && (s[len - 1] == '1' || s[len - 1] == '2')) {
    copy = s[len - 1] - '0';
    len -= 2;
  }
  if (len == 2) {  /* jokers: BJ/RJ big, LJ/SJ little */
    int a = lower((unsigned char)s[0]), b = lower((unsigned char)s[1]);
    if (b == 'j' && (a == 'b' || a == 'r')) *out = DH_BIG_JOKER;
    else if (b == 'j' && (a == 'l' || a == 's')) *out = DH_LITTLE_JOKER;
    else goto card;
    if (copy == 2) { *why = "only ranks 9 to ace have a second copy"; return 0; }
    return whole;
  }
  if (len == 4 && lower((unsigned char)s[0]) == 'j' && (unsigned char)s[1] == 0xE2 &&
      (unsigned char)s[2] == 0x98 && ((unsigned char)s[3] == 0x85 || (unsigned char)s[3] == 0x86)) {
    if (copy == 2) { *why = "only ranks 9 to ace have a second copy"; return 0; }
    *out = (unsigned char)s[3] == 0x85 ? DH_BIG_JOKER : DH_LITTLE_JOKER;  /* display forms */
    return whole;
  }
card:
  r = parse_rank(s, len, &rank);
  if (r == 0) { *why = "unknown rank"; return 0; }
  if (r == len) { *why = "missing suit"; return 0; }
  n = parse_suit(s + r, len - r, &suit);
  if (n == 0) { *why = "unknown suit"; return 0; }
  if (r + n != len) { *why = "trailing characters"; return 0; }
  if (copy == 2 && rank < 9) { *why = "only ranks 9 to ace have a second copy"; return 0; }
  *out = copy == 2 ? dh_card_make_copy(rank, suit) : dh_card_make(rank, suit);
  return whole;
}

int dh_card_name(dh_card c, char *buf) {
  if (!dh_card_valid(c)) { strcpy(buf, "??"); return 2; }
  if (dh_card_is_joker(c)) {
    strcpy(buf, c == DH_BIG_JOKER ? "BJ" : "LJ");
    return 2;
  }
  buf[0] = rank_chars[dh_card_rank(c) - 2];
  buf[1] = suit_chars[dh_card_suit(c)];
  if (c & DH_CARD_COPY) {  /* the second copy: a name of its own, "Jh#2" */
    memcpy(buf + 2, "#2", 3);
    return 4;
  }
  buf[2] = '\0';
  return 2;
}

int dh_card_display(dh_card c, char *buf) {
  if (!dh_card_valid(c)) { strcpy(buf, "??"); return 2; }
  if (dh_card_is_joker(c)) {
    /* ★ U+2605 for the big joker, ☆ U+2606 for the little one */
    strcpy(buf, c == DH_BIG_JOKER ? "J\xE2\x98\x85" : "J\xE2\x98\x86");
    return 4;
  }
  buf[0] = rank_chars[dh_card_rank(c) - 2];
  memcpy(buf + 1, suit_symbols[dh_card_suit(c)], 4);  /* 3 bytes + NUL */
  if (c & DH_CARD_COPY) {  /* a display names its card too */
    memcpy(buf + 4, "#2", 3);
    return 6;
  }
  return 4;
}

static int is_list_sep(char c) { return c == ',' || c == ' ' || c == '\t' || c == '\n' || c == ';'; }

/*
** Card lists (range.h, equity, boards).  Names are parsed by dh_card_parse (so "T♦" works too): at
** each point the longest prefix that is a card is taken, which is at most
** a rank of two bytes and a suit symbol of three.
*/
int dh_cards_parse(const char *s, size_t len, dh_card *out, int max, const char **why,
                   size_t *where, dh_card *dup) {
  size_t i = 0;
  int n = 0;
  dh_cardset seen = 0;
  while (i < len) {
    size_t take, got = 0;
    dh_card c = DH_NO_CARD;
    const char *w = "bad card name";
    if (is_list_sep(s[i])) { i++; continue; }
    for (take = 5; take >= 2; take--) {  /* the longest name that parses */
      const char *w2 = w;
      if (i + take > len) continue;
      if (dh_card_parse(s + i, take, &c, &w2) == take) { got = take; break; }
      if (take == 2) w = w2;
    }
    if (!got && i + 2 > len) dh_card_parse(s + i, len - i, &c, &w);  /* one byte left: why */
    if (!got || dh_card_is_joker(c) || (c & DH_CARD_COPY)) {
      *why = got ? "not a standard card" : w;
      *where = i;
      return -1;
    }
    if (dh_set_has(seen, c)) { *why = "twice"; *where = i; *dup = c; return -1; }
    if (n == max) { *why = "too many cards"; *where = i; return -1; }
    seen = dh_set_add(seen, c);
    out[n++] = c;
    i += got;
  }
  return n;
}
