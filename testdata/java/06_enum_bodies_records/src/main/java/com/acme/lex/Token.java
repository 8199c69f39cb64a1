package com.acme.lex;

public record Token(String text, int size) {}
