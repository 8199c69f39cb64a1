<?php

namespace App\Util;

abstract class Base
{
    public static function now(): int
    {
        return time();
    }
}
