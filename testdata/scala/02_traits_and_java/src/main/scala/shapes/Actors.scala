package shapes

trait Reactor {
  def start(): String = "reactor"
  def react(): Unit = ()
}

trait Channel {
  def react(): Unit
}

trait Replying extends Reactor

trait Internal extends Reactor with Channel {
  override def start(): String = "internal"
  // Channel's react has no body: super reaches Reactor's
  override def react(): Unit = super.react()
}

trait Actor extends Internal with Replying {
  // linearised: Actor, Replying, Internal, Channel, Reactor
  override def start(): String = super.start()
  def reply(): Unit = ()
}

object Actor {
  def stop(): Unit = ()
  def actor(): Actor = new Actor {}
}

class Worker extends Actor {
  // the trait's reply, not the companion object's
  def work(): Unit = reply()
  // `stop` is the companion's: unqualified, a class does not see it
  def halt(): Unit = stop()
  def spawn(): Actor = Actor.actor()
}
