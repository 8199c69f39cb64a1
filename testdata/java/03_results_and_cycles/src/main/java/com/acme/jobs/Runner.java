package com.acme.jobs;

public class Runner {
    void start() {}

    Runner next() { return this; }

    void stop() {}
}
