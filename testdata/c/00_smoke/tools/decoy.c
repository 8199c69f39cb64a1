/* the same names, in a program of its own */
static int twice(int x) { return x + x; }
static int add(int a, int b) { return twice(a) - b; }

int main(void) { return add(1, 2); }
