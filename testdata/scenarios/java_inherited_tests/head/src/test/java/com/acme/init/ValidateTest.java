package com.acme.init;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

public class ValidateTest {
    @Nested
    class WithMessage {
        @Test
        void rejectsNull() {
            Validate.check("x");
        }
    }

    // the same test name in another nested class: a test of its own
    @Nested
    class WithoutMessage {
        @Test
        void rejectsNull() {
            Validate.check(null);
        }
    }
}
