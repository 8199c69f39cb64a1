package com.acme.parse;

public class XmlTreeBuilder extends TreeBuilder {
    @Override
    void process() {}
}
