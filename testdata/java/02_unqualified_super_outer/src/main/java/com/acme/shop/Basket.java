package com.acme.shop;

public class Basket {
    public Basket(int capacity) {}

    void clear() {}

    void log(String what) {}

    int weight() { return 1; }
}
