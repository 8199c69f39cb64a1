package com.acme.shop;

public class ItemController {
    private final ItemService service;

    public ItemController(ItemService service) {
        this.service = service;
    }

    @GetMapping("/items/{id}")
    public String show(String id) {
        return service.describe(id);
    }
}
