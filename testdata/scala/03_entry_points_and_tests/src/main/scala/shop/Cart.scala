package shop

class Cart {
  def add(item: String): Cart = this
  def total(): Int = 0
}

object Server extends App {
  new Cart().add("boot")
}

object Cli {
  def main(args: Array[String]): Unit = {
    val cart = new Cart()
    cart.total()
  }
}

@main def hello(): Unit = {
  val cart = new Cart()
  cart.add("hello")
}
