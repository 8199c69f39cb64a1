package com.acme.billing;

public interface Repo {
    void save(Invoice invoice);
}
