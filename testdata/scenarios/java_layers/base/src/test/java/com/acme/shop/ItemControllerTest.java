package com.acme.shop;

class ItemControllerTest {
    @Test
    void shows() {
        ItemController controller = new ItemController(new ItemService(new ItemRepository()));
        controller.show("tea");
    }
}
