#include "shop/money.hpp"
namespace shop {
Money::Money(long cents) : cents_(cents) {}
Money Money::plus(const Money &other) const { return Money(cents_ + other.cents()); }
}  // namespace shop
