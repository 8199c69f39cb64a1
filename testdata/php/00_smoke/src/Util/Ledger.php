<?php

namespace Acme\Util;

// A decoy: the same method names in an unrelated class.
class Ledger
{
    public function add(Money $amount): void
    {
    }

    public function save(): void
    {
    }
}
