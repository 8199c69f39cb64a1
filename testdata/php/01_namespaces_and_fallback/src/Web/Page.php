<?php

namespace App\Web;

use App\Models;
use App\Models\{User, Post as Article};
use function App\Other\shout as yell;

class Page
{
    public function render(): string
    {
        // an unqualified function: the namespace's own, else the global one
        legacy_trim(' x ');
        strlen('x');
        format('no App\Web\format and no global one: nothing');
        yell('aliased `use function`');
        // a class name does not fall back to the global namespace
        Helper::run();
        \Helper::run();
        // a group import, its alias, a name qualified through a namespace alias
        User::find(1);
        Article::latest();
        Models\User::find(2);
        // class names are not case-sensitive
        $u = new user();
        $u->rename('b');
        return \App\Text\format('fully qualified');
    }
}
