#include <catch2/catch_test_macros.hpp>
#include "../src/stack.hpp"

TEST_CASE("push then pop", "[stack]") {
    Stack s;
    s.push(3);
    REQUIRE(s.pop() == 3);
}
