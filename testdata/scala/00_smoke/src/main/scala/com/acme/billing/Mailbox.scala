package com.acme.billing

class Queue {
  def size(): Int = 0
}

class Mailbox {
  def queue: Queue = new Queue()
  def count: Int = 0
  def ready: Boolean = true

  def report(): Int = {
    // `queue` and `count` are parameterless methods: bare names call them
    val n = queue.size()
    if (ready) n + count else n
  }

  def shadowed(count: Int): Int = {
    // a parameter named like a method: no call
    count + 1
  }

  def local(): Int = {
    // a function declared in the method shadows the member of its name
    def count: Int = 5
    count
  }

  def matched(x: Any): Int = x match {
    case ready: Boolean => 1
    case _ => 0
  }
}
