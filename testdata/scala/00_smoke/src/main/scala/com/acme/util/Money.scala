package com.acme
package util

case class Money(cents: Long) {
  def plus(other: Money): Money = Money(cents + other.cents)
  def doubled: Money = plus(this)
  def +(other: Money): Money = plus(other)
}

object Format {
  def show(m: Money): String = m.cents.toString
}
