#include <gtest/gtest.h>
#include "calc/invoice.hpp"

TEST(Invoice, AddsTax) {
    calc::Invoice invoice(100.0);
    EXPECT_DOUBLE_EQ(invoice.total(1), 120.0);
}

TEST(Invoice, LabelWidth) {
    calc::Invoice invoice(1.0);
    EXPECT_DOUBLE_EQ(invoice.label_width(), 0.0);
}
