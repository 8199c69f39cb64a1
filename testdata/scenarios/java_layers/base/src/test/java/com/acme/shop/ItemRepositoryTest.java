package com.acme.shop;

class ItemRepositoryTest {
    @Test
    void findsById() {
        new ItemRepository().find("tea");
    }
}
