package com.acme.dom;

public class Element extends Node {
    // an overload of another arity: it does not hide Node.attr(String)
    public Element attr(String key, String value) {
        return this;
    }

    public void text(String replacement) {}

    public String join(String... parts) {
        return String.join(",", parts);
    }
}
