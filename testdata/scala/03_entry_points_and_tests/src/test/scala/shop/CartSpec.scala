package shop

import org.scalatest.flatspec.AnyFlatSpec

class CartSpec extends AnyFlatSpec {
  "A cart" should "add" in {
    val cart = new Cart()
    assert(cart.add("x") == cart)
  }

  it should "total" in {
    assert(new Cart().total() == 0)
  }
}
