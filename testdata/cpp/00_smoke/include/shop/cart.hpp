#pragma once
#include <vector>
#include "money.hpp"
namespace shop {
class Cart {
public:
    void add(long cents);
    Money total() const;
    int size() const;
private:
    std::vector<long> items_;
};
long checkout();
}  // namespace shop
