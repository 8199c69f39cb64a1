package shop

case class Cart(items: List[Int]) {
  def total(): Int = Pricing.discount(items.sum)
}
