package com.acme.store

class ItemService(private val items: ItemRepository) {
    fun describe(id: String): String {
        val item = items.load(id)
        return item.label()
    }
}
