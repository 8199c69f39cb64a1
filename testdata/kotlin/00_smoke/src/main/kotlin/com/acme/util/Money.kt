package com.acme.util

class Money(val cents: Long) {
    fun plus(other: Money): Money = Money(cents + other.cents)

    // a member named like the extension below: the member wins
    fun describe(): String = "$cents"

    val isZero: Boolean
        get() = cents == 0L
}

fun Money.describe(): String = "money"

fun Money.doubled(): Money = plus(this)

fun String.shout(): String = uppercase()

fun format(m: Money): String = if (m.isZero) "0" else m.describe()
