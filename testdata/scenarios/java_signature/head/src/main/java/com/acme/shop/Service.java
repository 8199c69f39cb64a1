package com.acme.shop;

public class Service {
    private final Repository repository = new Repository();

    public String describe(String id) {
        return repository.find(id) + repository.count(1) + repository.total(1, 2);
    }
}
