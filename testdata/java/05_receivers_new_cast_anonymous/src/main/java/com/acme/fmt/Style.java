package com.acme.fmt;

public class Style {
    public void setDetail(boolean on) {}

    public String render(Object value) {
        return String.valueOf(value);
    }
}
