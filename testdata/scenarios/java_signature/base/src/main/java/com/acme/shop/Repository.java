package com.acme.shop;

public class Repository {
    public String find(String id) {
        return id;
    }

    public int count(int first) {
        return first;
    }

    public int total(int a) {
        return a;
    }

    public int total(int a, int b) {
        return a + b;
    }
}
