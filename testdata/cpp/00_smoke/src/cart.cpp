#include "shop/cart.hpp"
#include <numeric>

namespace shop {

void Cart::add(long cents) { items_.push_back(cents); }

int Cart::size() const { return static_cast<int>(items_.size()); }

Money Cart::total() const {
    Money sum(0);
    for (long c : items_) sum = sum.plus(Money(c));
    return sum;
}

long checkout() {
    Cart cart;
    cart.add(250);
    auto *again = new Cart();
    again->add(1);
    return cart.total().cents() + again->size();
}

}  // namespace shop
