package com.acme.app

import com.acme.tools.{Hidden => _, _}
import com.acme.three.*
import com.acme.three.{Clock as Timer}
import com.acme.tools.Strings.{trim => strip}
import com.acme.tools.Syntax._

object Main {
  def run(name: String): String = {
    val ledger = new Ledger()
    ledger.record(1)
    val timer = new Timer()
    timer.now()
    Text.pad(name)
    strip(name)
    5.shout()
    Strings.slug(name)
  }

  def local(n: Int): Int = {
    // an import in a block is seen in that block only
    import com.acme.tools.Numbers._
    clamp(n)
  }

  def outside(n: Int): Int = clamp(n)
}
