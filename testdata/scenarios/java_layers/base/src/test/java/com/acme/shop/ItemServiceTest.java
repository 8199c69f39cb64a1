package com.acme.shop;

class ItemServiceTest {
    @Test
    void describes() {
        new ItemService(new ItemRepository()).describe("tea");
    }
}
