#include "mylib.h"

static int twice(int x) {
    return x << 1;
}

int add(int a, int b) { return a + b; }

int scale(int x) { return twice(x); }
