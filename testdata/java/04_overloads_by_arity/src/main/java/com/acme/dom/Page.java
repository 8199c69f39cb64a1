package com.acme.dom;

public class Page {
    public String read(Element element) {
        element.attr("id", "x");
        element.text("y");
        element.join();
        element.join("a", "b", "c");
        return element.attr("id") + element.text();
    }
}
