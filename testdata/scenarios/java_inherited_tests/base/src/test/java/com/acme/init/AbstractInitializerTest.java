package com.acme.init;

import org.junit.jupiter.api.Test;

public abstract class AbstractInitializerTest {
    protected abstract Initializer createInitializer();

    @Test
    public void testGet() {
        createInitializer().get();
    }
}
