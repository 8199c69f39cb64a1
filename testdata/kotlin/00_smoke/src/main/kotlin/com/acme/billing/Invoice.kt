package com.acme.billing

import com.acme.util.Money
import com.acme.util.format
import com.acme.util.doubled
import com.acme.util.shout
import com.acme.util.Money as Cash

interface Payable {
    fun pay(amount: Money): Boolean
}

open class Base {
    open fun audit() {}
}

class Invoice(private val repo: Repository, val total: Money) : Base(), Payable {
    companion object {
        fun create(repo: Repository): Invoice = Invoice(repo, Money(0))
    }

    private val ledger = Ledger()

    override fun pay(amount: Money): Boolean {
        val found = repo.find("x")
        found.let { it.close() }
        repo.also { r -> r.find("y") }
        total.apply { doubled() }
        ledger.record(format(amount))
        audit()
        return helper(amount.describe().shout())
    }

    fun helper(text: String): Boolean = text.isNotEmpty()

    fun cash(): Cash = Cash(1)
}

class Ledger {
    fun record(s: String) {}
}

class Repository {
    fun find(id: String): Record = Record(id)
}

class Record(val id: String) {
    fun close() {}
}

object Registry {
    fun register(p: Payable) {
        p.pay(Money(1))
    }
}

fun main() {
    val invoice = Invoice.create(Repository())
    Registry.register(invoice)
    invoice.total.doubled()
}
