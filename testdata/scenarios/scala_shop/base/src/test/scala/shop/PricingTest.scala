package shop

import org.junit.Test

class PricingTest {
  @Test def discounts(): Unit = {
    assert(Pricing.discount(10) == 10)
  }
}
