<?php

namespace App\Util;

// An IDE stub of the same class: Composer never loads it.
class Clock
{
    public static function legacy(): int
    {
        return 0;
    }
}
