package shop

class CartSuite extends munit.FunSuite {
  test("total starts at zero") {
    val cart = new Cart()
    assertEquals(cart.total(), 0)
  }
}
