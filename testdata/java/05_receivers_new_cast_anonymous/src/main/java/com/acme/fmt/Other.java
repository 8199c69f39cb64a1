package com.acme.fmt;

public class Other {
    // decoys: same names on an unrelated type
    public int size() {
        return 0;
    }

    public void setDetail(boolean on) {}
}
