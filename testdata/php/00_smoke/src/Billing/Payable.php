<?php

namespace Acme\Billing;

interface Payable
{
    public function pay(): void;
}
