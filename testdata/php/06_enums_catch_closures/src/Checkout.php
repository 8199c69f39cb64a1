<?php

namespace Shop;

final class Checkout
{
    private Money $total;

    public function __construct()
    {
        $this->total = Money::from(0);
    }

    public function pay(string $status, array $items): void
    {
        // an enum's own from(): no repository method
        $state = Status::from($status);
        $state->label();
        try {
            $this->charge();
        } catch (PaymentFailed $e) {
            $e->report();
            $e->getMessage();
        }
        // `use ($total)`: the closure sees the variable around it
        $total = $this->total;
        array_map(function (Money $m) use ($total) {
            return $total->add($m);
        }, $items);
    }

    private function charge(): void
    {
    }
}
