<?php

namespace Shop;

class Cart extends Order
{
    public function lines(): int
    {
        return 0;
    }
}
