package com.acme.store;

public class Item {
    private final String id;

    public Item(String id) {
        this.id = id;
    }

    public String label() {
        return id.trim();
    }
}
