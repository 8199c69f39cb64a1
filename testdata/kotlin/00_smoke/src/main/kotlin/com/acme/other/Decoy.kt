package com.acme.other

// same names in an unrelated package: never a certain edge
fun format(x: Int): String = x.toString()

class Ledger {
    fun record(s: String) {}
}
