package com.acme.lex;

public enum State {
    DATA {
        @Override
        void read(Reader r) {
            r.advance();
            r.transition(TAG);
        }
    },
    TAG {
        @Override
        void read(Reader r) {
            r.transition(DATA);
        }
    };

    abstract void read(Reader r);
}
