package com.acme.store;

public class ItemRepository {
    public Item load(String id) {
        return new Item(id);
    }
}
