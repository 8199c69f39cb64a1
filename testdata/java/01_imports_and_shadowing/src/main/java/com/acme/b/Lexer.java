package com.acme.b;

public class Lexer {
    public void lex(String s) {}
}
