#include <gtest/gtest.h>
#include "../src/stack.hpp"

class StackTest : public ::testing::Test {
protected:
    Stack stack;
};

static void fill(Stack &s) { s.push(1); s.push(2); }

TEST(Stack, StartsEmpty) {
    Stack s;
    EXPECT_TRUE(s.empty());
}

TEST_F(StackTest, PopsInReverse) {
    fill(stack);
    EXPECT_EQ(stack.pop(), 2);
}
