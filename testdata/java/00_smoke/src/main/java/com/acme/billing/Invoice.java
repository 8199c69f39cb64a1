package com.acme.billing;

import com.acme.util.Money;

public class Invoice extends Base {
    private final Repo repo;
    private Money total = Money.zero();

    public Invoice(Repo repo) {
        this.repo = repo;
    }

    public Money add(Money amount) {
        total = total.plus(amount);
        audit("add");
        repo.save(this);
        return total;
    }

    public static void main(String[] args) {
        Invoice invoice = new Invoice(new MemoryRepo());
        invoice.add(new Money(250));
        var other = new Invoice(null);
        other.add(Money.zero());
    }
}
