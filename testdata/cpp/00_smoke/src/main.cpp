#include <iostream>
#include "shop/cart.hpp"

int main() {
    std::cout << shop::checkout() << std::endl;
    return 0;
}
