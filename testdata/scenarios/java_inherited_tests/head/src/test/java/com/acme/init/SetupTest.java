package com.acme.init;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

public class SetupTest {
    private Object value;

    @BeforeEach
    void setUp() {
        // a set-up the change reaches: every test of the class runs
        value = new AtomicInitializer().get();
    }

    @Test
    void first() {}

    @Test
    void second() {}
}
