package com.acme.fmt;

import java.util.ArrayList;

public class Builder {
    public Builder append(Object value) {
        return this;
    }

    public String build() {
        return "";
    }

    public static String of(Object value) {
        // `new T(...).m()`: the receiver is exactly a T
        return new Builder().append(value).build();
    }

    public static String cast(Object node) {
        // `((T) x).m()`: the receiver is a T
        return ((Style) node).render(node);
    }

    public static int size() {
        // a type outside the repository: no name match for `size`
        return new ArrayList<String>().size();
    }

    public static Style custom() {
        return new Style() {
            {
                // in the anonymous class's body, unqualified calls look in Style
                setDetail(true);
            }

            @Override
            public String render(Object value) {
                return super.render(value);
            }
        };
    }
}
