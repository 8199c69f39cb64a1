package com.acme.jobs;

public class Job {
    Runner runner() {
        return new Runner();
    }

    void run() {
        // one step of a declared result: 0.9
        var r = runner();
        r.start();
        runner().start();
    }

    void loop() {
        // typed through each other: unknown, and nothing to crash on
        var a = b.next();
        var b = a.next();
        a.stop();
    }
}
