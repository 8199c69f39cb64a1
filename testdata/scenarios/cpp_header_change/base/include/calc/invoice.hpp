#pragma once
#include "calc/rates.hpp"
namespace calc {
class Invoice {
public:
    explicit Invoice(double net) : net_(net) {}
    double total(int region) const;
    double label_width() const;
private:
    double net_;
};
}
