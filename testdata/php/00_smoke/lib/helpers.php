<?php

function helper_format(string $s): string
{
    return $s;
}
