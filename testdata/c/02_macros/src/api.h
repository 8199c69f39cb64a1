#ifndef API_H
#define API_H
#define LIB_API extern __attribute__((visibility("default")))
/* a name in parentheses: a macro of the same name does not expand */
LIB_API int (lib_open)(const char *name);
LIB_API int lib_close(int handle) __attribute__((nonnull));
#define lib_open(n) lib_open_checked(n)
#endif
