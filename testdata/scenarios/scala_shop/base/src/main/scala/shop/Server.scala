package shop

object Server extends App {
  val cart = Cart(List(1, 2))
  println(cart.total())
}
