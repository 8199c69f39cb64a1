package com.acme.init;

public class AtomicInitializerTest extends AbstractInitializerTest {
    @Override
    protected Initializer createInitializer() {
        return new AtomicInitializer();
    }
}
