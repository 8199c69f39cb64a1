#include "shape.h"

namespace geo {

const char *Shape::describe() const { return "shape"; }

double Circle::area() const { return 3.14 * r_ * r_; }

const char *Circle::describe() const {
    Shape::describe();
    return area() > 1 ? "big circle" : "circle";
}

double report(const Shape &s) {
    s.describe();
    return s.area();
}

}  // namespace geo
