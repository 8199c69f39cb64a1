<?php

// The global namespace: a function and a class.
function legacy_trim(string $s): string
{
    return $s;
}

class Helper
{
    public static function run(): void
    {
    }
}
