package com.acme.init;

public interface Initializer {
    Object get();
}
