package com.acme.billing;

import com.acme.util.Money;

class InvoiceTest {
    void addsToTheTotal() {
        Invoice invoice = new Invoice(new MemoryRepo());
        invoice.add(Money.zero());
    }
}
