<?php

namespace Shop;

enum Status: string
{
    case Open = 'open';
    case Paid = 'paid';

    public function label(): string
    {
        return ucfirst($this->value);
    }
}
