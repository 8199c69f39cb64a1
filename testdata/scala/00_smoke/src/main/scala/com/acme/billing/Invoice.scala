// the directory need not match: the clauses say com.acme.billing
package com.acme
package billing

import com.acme.util.{Money, Format => Fmt}

class Ledger {
  def record(m: Money): Unit = ()
}

case class Invoice(total: Money) {
  private val ledger = new Ledger()

  def pay(): String = {
    ledger.record(total)
    val twice = total.plus(total)
    val sum = total + twice
    this.audit()
    audit()
    Fmt.show(twice)
  }

  def audit(): Unit = ()
}

object Invoice {
  def apply(cents: Long): Invoice = new Invoice(Money(cents))
  def empty(): Invoice = Invoice(0L)
}

object Main extends App {
  val invoice = Invoice(10L)
  invoice.pay()
  val typed: Invoice = Invoice.empty()
  typed.audit()
}
