package shapes

trait Named {
  def name(): String = "shape"
  def label(): String = name()
}

trait Loud extends Named {
  override def name(): String = "LOUD"
}

trait Quiet extends Named {
  override def name(): String = "quiet"
}

abstract class Shape extends Named {
  def area(): Double
  def describe(): String = label() + area()
}

class Square(side: Double) extends Shape with Quiet with Loud {
  def area(): Double = side * side
  override def describe(): String = super.describe() + name()
}

class Circle(r: Double) extends Shape {
  def area(): Double = 3.0 * r * r
}

object Report {
  def total(shapes: Seq[Shape]): Double = 0.0

  def one(shape: Shape): String = {
    Registry.register("one")
    val registry = new Registry()
    registry.add(shape)
    shape.describe()
  }
}
