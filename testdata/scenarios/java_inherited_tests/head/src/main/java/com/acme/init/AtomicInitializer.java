package com.acme.init;

public class AtomicInitializer implements Initializer {
    @Override
    public Object get() {
        return "changed";
    }
}
