package com.acme.init;

public final class Validate {
    public static void check(Object value) {
        if (value == null || value == "") {
            throw new IllegalArgumentException();
        }
    }
}
