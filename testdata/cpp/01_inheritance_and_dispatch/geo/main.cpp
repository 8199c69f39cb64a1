#include "shape.h"

int main() {
    geo::Circle c(2.0);
    return static_cast<int>(geo::report(c));
}
