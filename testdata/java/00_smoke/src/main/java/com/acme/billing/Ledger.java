package com.acme.billing;

// A decoy: a method named `add` on an unrelated type.
public class Ledger {
    public void add(String line) {}
}
