<?php

namespace Shop;

final class PaymentFailed extends \RuntimeException
{
    public function report(): void
    {
    }
}
