package com.acme.a;

public class Parser {
    public static Parser create() { return new Parser(); }
    public void parse(String s) {}
}
