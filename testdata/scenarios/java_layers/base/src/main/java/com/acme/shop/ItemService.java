package com.acme.shop;

public class ItemService {
    private final ItemRepository repository;

    public ItemService(ItemRepository repository) {
        this.repository = repository;
    }

    public String describe(String id) {
        return "item " + repository.find(id);
    }
}
