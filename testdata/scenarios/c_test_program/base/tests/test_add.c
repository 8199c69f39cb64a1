#include <assert.h>
#include "../include/mylib.h"

int main(void) {
    assert(add(2, 2) == 4);
    return 0;
}
