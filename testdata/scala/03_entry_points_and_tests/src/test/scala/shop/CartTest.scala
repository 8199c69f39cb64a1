package shop

import org.junit.Test

class CartTest {
  private def fresh(): Cart = new Cart()

  @Test def adds(): Unit = {
    fresh().add("x")
  }
}
