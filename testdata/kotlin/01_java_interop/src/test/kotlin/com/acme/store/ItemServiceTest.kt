package com.acme.store

class ItemServiceTest {
    fun describesAnItem() {
        val service = ItemService(ItemRepository())
        check(service.describe("a") == "a")
    }
}
