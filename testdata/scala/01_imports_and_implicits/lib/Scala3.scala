package com.acme.three

object Text {
  def pad(s: String): String = s
}

class Clock {
  def now(): Long = 0L
}
