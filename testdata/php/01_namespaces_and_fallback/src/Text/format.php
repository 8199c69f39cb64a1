<?php

namespace App\Text;

function format(string $s): string
{
    return $s;
}
