package com.acme.billing

import org.scalatest.flatspec.AnyFlatSpec

class InvoiceSpec extends AnyFlatSpec {
  "An invoice" should "pay" in {
    val invoice = Invoice(5L)
    assert(invoice.pay() == "5")
  }
}
