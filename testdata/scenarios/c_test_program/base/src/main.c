#include <stdio.h>
#include <mylib.h>

int main(void) {
    printf("%d\n", add(1, scale(2)));
    return 0;
}
