#include <cstdio>
#include "calc/invoice.hpp"
int main() {
    calc::Invoice invoice(100.0);
    std::printf("%f\n", invoice.total(1));
    return 0;
}
