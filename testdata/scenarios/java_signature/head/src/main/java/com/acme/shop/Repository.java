package com.acme.shop;

public class Repository {
    public String find(String id, boolean fresh) {
        return id;
    }

    public int count(int first, int... more) {
        return first;
    }

    public int total(long a) {
        return a;
    }

    public int total(int a, int b) {
        return a + b;
    }
}
