package com.acme.b;

public class Parser {
    public void parse(String s) {}
}
