package com.acme.store;

public class ItemController {
    private final ItemService service = new ItemService(new ItemRepository());

    public String show(String id) {
        return service.describe(id);
    }
}
