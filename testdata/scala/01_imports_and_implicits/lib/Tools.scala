// three chained clauses: com.acme.tools
package com
package acme
package tools

object Strings {
  def slug(s: String): String = s.toLowerCase
  def trim(s: String): String = s.trim
}

object Numbers {
  def clamp(n: Int): Int = n
}

class Ledger {
  def record(n: Int): Unit = ()
}

class Hidden {
  def record(n: Int): Unit = ()
}

object Syntax {
  // an implicit class: `5.twice` calls it only through a conversion
  implicit class RichInt(n: Int) {
    def twice: Int = n * 2
    def shout(): String = n.toString
  }
}
