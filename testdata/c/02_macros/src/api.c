#include "api.h"
#define cast(t, exp) ((t)(exp))

static int check(const char *name) { return name != 0; }

LIB_API int (lib_open)(const char *name) {
    /* a function-like macro: a call of no function, no edge */
    long n = cast(long, name);
    return check(name) ? (int)n : -1;
}

LIB_API int lib_close(int handle) { return handle > 0 ? check("x") : 0; }
