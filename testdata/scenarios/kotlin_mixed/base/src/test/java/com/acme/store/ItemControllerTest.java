package com.acme.store;

public class ItemControllerTest {
    public void showsAnItem() {
        if (!new ItemController().show("a").equals("a")) {
            throw new AssertionError();
        }
    }
}
