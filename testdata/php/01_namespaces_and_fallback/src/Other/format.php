<?php

namespace App\Other;

// A decoy: the same function name in another namespace.
function format(string $s): string
{
    return $s;
}

function shout(string $s): string
{
    return $s;
}
