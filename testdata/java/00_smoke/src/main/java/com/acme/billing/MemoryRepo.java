package com.acme.billing;

public class MemoryRepo implements Repo {
    @Override
    public void save(Invoice invoice) {}
}
