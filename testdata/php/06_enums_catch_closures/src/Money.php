<?php

namespace Shop;

// A decoy for enums' own `from()`.
final class Money
{
    public static function from(int $cents): self
    {
        return new self();
    }

    public function add(Money $other): self
    {
        return $this;
    }
}
