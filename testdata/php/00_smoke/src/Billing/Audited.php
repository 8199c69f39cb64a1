<?php

namespace Acme\Billing;

trait Audited
{
    public function audit(string $what): void
    {
    }
}
