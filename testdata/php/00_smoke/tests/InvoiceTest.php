<?php

namespace Acme\Tests;

use Acme\Billing\Invoice;
use Acme\Billing\MemoryRepo;
use Acme\Util\Money;
use PHPUnit\Framework\TestCase;

final class InvoiceTest extends TestCase
{
    public function testAddsToTheTotal(): void
    {
        $invoice = new Invoice(new MemoryRepo());
        $invoice->add(Money::zero());
        $this->assertTrue(true);
    }

    private function unused(): void
    {
    }
}
