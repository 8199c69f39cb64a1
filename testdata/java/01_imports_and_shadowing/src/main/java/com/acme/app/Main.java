package com.acme.app;

import com.acme.a.*;
import com.acme.b.*;
import com.acme.a.Parser;
import static com.acme.text.Strings.trim;
import static com.acme.text.Strings.*;

public class Main {
    void run() {
        // the single-type import beats the two on-demand ones
        Parser p = Parser.create();
        p.parse(trim("x"));
        // only com.acme.b has a Lexer: the on-demand import finds it
        Lexer l = new Lexer();
        l.lex(upper("y"));
    }

    void local() {
        // a class declared here shadows every import
        class Parser { void parse(String s) {} }
        Parser mine = new Parser();
        mine.parse("z");
    }
}
