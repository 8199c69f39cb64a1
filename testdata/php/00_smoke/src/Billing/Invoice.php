<?php

declare(strict_types=1);

namespace Acme\Billing;

use Acme\Util\Money;
use function Acme\Util\round_cents;

class Invoice extends Document implements Payable
{
    use Audited;

    private Money $total;

    public function __construct(private readonly Repo $repo)
    {
        $this->total = Money::zero();
    }

    public function add(Money $amount): static
    {
        $this->total = $this->total->plus($amount);
        $this->audit('add');
        $this->repo->save($this);
        round_cents(1.0);
        helper_format('x');
        return $this;
    }

    public function pay(): void
    {
        $this->add(Money::zero())->close();
    }

    public function close(): void
    {
    }
}
