#include "calc/rates.hpp"
namespace calc {
double tax_rate(int region) {
    return region == 1 ? 0.2 : 0.1;
}
double discount(int percent) { return percent / 100.0; }
}
