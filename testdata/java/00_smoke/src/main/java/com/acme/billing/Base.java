package com.acme.billing;

public abstract class Base {
    protected void audit(String what) {}
}
