/*
** version.c -- the version of the library itself, as opposed to the
** version of the headers a program was compiled with (see version.h).
*/
#include "version.h"

const char *dh_version(void) { return DH_VERSION_STRING; }

int dh_version_num(void) { return DH_VERSION_NUM; }
