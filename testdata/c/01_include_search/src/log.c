#include <stdio.h>
#include "log.h"
void log_line(const char *s) { puts(s); }
int undeclared_helper(void) { return 1; }
