package com.acme.parse;

public class HtmlTreeBuilder extends TreeBuilder {
    @Override
    void process() {
        setBaseUri();
    }

    void setBaseUri() {}
}
