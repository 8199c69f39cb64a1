#include "mylib.h"

static int twice(int x) { return 2 * x; }

int add(int a, int b) { return a + b; }

int scale(int x) { return twice(x); }
