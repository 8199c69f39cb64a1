package com.acme.util;

public class Money {
    private final long cents;

    public Money(long cents) {
        this.cents = cents;
    }

    public Money plus(Money other) {
        return new Money(cents + other.cents);
    }

    public static Money zero() {
        return new Money(0);
    }
}
