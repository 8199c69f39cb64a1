#include <assert.h>
#include "mylib.h"

static void check_scale(void) { assert(scale(2) == 4); }

int main(void) {
    check_scale();
    return 0;
}
