/*
** version.h -- which deckhand this is.
**
** The macros give the version a program was compiled against; dh_version()
** gives the version of the library it is running with.  They differ only
** when a program built against one release runs with another's shared
** library: compare DH_VERSION_NUM / 10000 with
** dh_version_num() / 10000 to catch that.
** The Lua module reports the same string as deckhand._VERSION
** ("deckhand 0.1.0").
*/
#ifndef DH_VERSION_H
#define DH_VERSION_H

#ifdef __cplusplus
extern "C" {
#endif

#define DH_VERSION_MAJOR 0
#define DH_VERSION_MINOR 1
#define DH_VERSION_PATCH 0

#define DH_VERSION_STR_(x) #x
#define DH_VERSION_STR(x)  DH_VERSION_STR_(x)
#define DH_VERSION_STRING                                              \
  DH_VERSION_STR(DH_VERSION_MAJOR) "." DH_VERSION_STR(DH_VERSION_MINOR) \
  "." DH_VERSION_STR(DH_VERSION_PATCH)

/* one number that orders releases: 10000 * major + 100 * minor + patch */
#define DH_VERSION_NUM \
  (DH_VERSION_MAJOR * 10000 + DH_VERSION_MINOR * 100 + DH_VERSION_PATCH)

/* the library's version, "0.1.0": a static string, never to be freed */
const char *dh_version(void);
/* the library's DH_VERSION_NUM */
int dh_version_num(void);

#ifdef __cplusplus
}
#endif

#endif
