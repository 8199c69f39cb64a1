package com.acme.parse;

public abstract class TreeBuilder {
    public void run() {
        // `process()` on `this`: a subclass's override runs
        process();
    }

    abstract void process();
}
