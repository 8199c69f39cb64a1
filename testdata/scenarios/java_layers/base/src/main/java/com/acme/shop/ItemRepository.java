package com.acme.shop;

public class ItemRepository {
    public String find(String id) {
        return id;
    }
}
