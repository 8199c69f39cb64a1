package shop

import org.scalatest.flatspec.AnyFlatSpec

class CartSpec extends AnyFlatSpec {
  "A cart" should "sum its items" in {
    assert(Cart(List(1, 2)).total() == 3)
  }
}
