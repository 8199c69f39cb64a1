<?php

namespace Shop;

trait HasTotal
{
    public function total(): int
    {
        // a method of the class that uses the trait
        return $this->lines();
    }

    public function save(): void
    {
    }
}
