package shop

object Pricing {
  def discount(total: Int): Int = {
    total - total / 10
  }
}
