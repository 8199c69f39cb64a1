<?php

namespace Acme\Util;

final class Money
{
    public static function zero(): self
    {
        return new self();
    }

    public function plus(Money $other): Money
    {
        return $this;
    }
}

function round_cents(float $x): float
{
    return $x;
}
