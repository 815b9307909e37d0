/*
** card.h -- card identities: rank, suit, names.
**
** A card is a small integer.  Its low six bits are its position in a
** 64-bit card set: four suit lanes of sixteen slots each,
**
**     position = suit * 16 + slot
**
** with suits clubs 0, diamonds 1, hearts 2, spades 3 (bridge order) and, in
** the standard layout, slot = rank - 2 for ranks 2..14 (ace = 14).  So the
** 52 French cards fill slots 0..12 of every lane, a suit's cards are one
** 16-bit lane, and the natural order of ranks is the order of the bits.
**
** Jokers live in slot 15, outside every suit's mask: the little (black)
** joker in lane 0, the big (red) joker in lane 1.  Slots 13 and 14 stay
** free.
**
** A deck that holds two copies of a card (pinochle: 9..A twice) cannot fit
** both copies next to all 52 French cards, so the second copies borrow the
** slots of ranks the deck does not have: the second copy of rank r
** (9 <= r <= 14) sits in slot r - 9, and bit 6 of the card value
** (DH_CARD_COPY) says so.  A card value is therefore self-describing, while a
** bare set position needs the deck's layout to be read back into a card.
*/
#ifndef DH_CARD_H
#define DH_CARD_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef uint8_t dh_card;

enum { DH_CLUBS, DH_DIAMONDS, DH_HEARTS, DH_SPADES, DH_NOSUIT };

#define DH_RANK_JOKER   0       /* rank of both jokers */
#define DH_RANK_ACE     14
#define DH_CARD_COPY    0x40    /* second copy of a duplicated card */
#define DH_NO_CARD      0xFF    /* "no card": never a valid card value */

#define DH_SLOT_JOKER   15
#define DH_LITTLE_JOKER ((dh_card)(0 * 16 + DH_SLOT_JOKER))
#define DH_BIG_JOKER    ((dh_card)(1 * 16 + DH_SLOT_JOKER))

/* how set positions read back into cards */
enum { DH_LAYOUT_STANDARD, DH_LAYOUT_DOUBLE };

static inline int dh_card_pos(dh_card c) { return c & 63; }
static inline int dh_card_slot(dh_card c) { return c & 15; }
static inline int dh_card_is_joker(dh_card c) {
  return (c & 15) == DH_SLOT_JOKER && (c & 63) < 32;
}
static inline int dh_card_suit(dh_card c) {
  return dh_card_is_joker(c) ? DH_NOSUIT : (c >> 4) & 3;
}
static inline int dh_card_rank(dh_card c) {
  if (dh_card_is_joker(c)) return DH_RANK_JOKER;
  return (c & DH_CARD_COPY) ? (c & 15) + 9 : (c & 15) + 2;
}
/* the card for rank 2..14 and suit 0..3 (first copy) */
static inline dh_card dh_card_make(int rank, int suit) {
  return (dh_card)(suit * 16 + rank - 2);
}
/* the second copy of rank 9..14 in a suit */
static inline dh_card dh_card_make_copy(int rank, int suit) {
  return (dh_card)(DH_CARD_COPY | (suit * 16 + rank - 9));
}
/* the card stored at set position pos under a layout */
static inline dh_card dh_card_at(int pos, int layout) {
  if (layout == DH_LAYOUT_DOUBLE && (pos & 15) < 6) return (dh_card)(pos | DH_CARD_COPY);
  return (dh_card)pos;
}
/* is c a value that denotes a card? */
int dh_card_valid(dh_card c);

/*
** Parsing.  Accepted, case-insensitively: a rank (2-9, T or 10, J, Q, K, A)
** followed by a suit letter (c d h s) or symbol (♣ ♦ ♥ ♠, or the outlined
** ♧ ♢ ♡ ♤); jokers BJ or RJ (big, red) and LJ or SJ (little, small),
** or their display forms J★ and J☆.  A card of rank 9 to ace may end in
** "#2" for its second copy in a double deck (pinochle: "Jh#2"), or "#1".
** Returns the number of bytes consumed (the whole input must be a card:
** dh_card_parse rejects trailing text) or 0 with *why set to a reason.
*/
size_t dh_card_parse(const char *s, size_t len, dh_card *out, const char **why);

/* canonical short form ("Td", "BJ", a second copy "Jh#2") and display
** form ("T♦", "J★", "J♥#2");
** both write a NUL-terminated string and return its length (buffers of
** DH_CARD_NAMELEN bytes always suffice) */
#define DH_CARD_NAMELEN 8
int dh_card_name(dh_card c, char *buf);
int dh_card_display(dh_card c, char *buf);

/*
** Cards written one after another ("2c7d", "2c 7d Th", "2c,7d"): up to max
** of them into out.  Returns how many, or -1 with *why and *where set (a bad
** name, too many); a card given twice is reported with *why "twice" and
** *dup set to it.
*/
int dh_cards_parse(const char *s, size_t len, dh_card *out, int max, const char **why,
                   size_t *where, dh_card *dup);

#ifdef __cplusplus
}
#endif

#endif
