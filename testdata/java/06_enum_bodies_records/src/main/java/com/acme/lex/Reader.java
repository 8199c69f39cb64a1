package com.acme.lex;

public class Reader {
    private State state = State.DATA;

    public void advance() {}

    public void transition(State next) {
        state = next;
    }

    public Token step() {
        state.read(this);
        Token token = new Token("t", 1);
        return token.size() > 0 ? token : null;
    }
}
