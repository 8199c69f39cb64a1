<?php

namespace Acme\Billing;

interface Repo
{
    public function save(Invoice $invoice): void;
}

class MemoryRepo implements Repo
{
    public function save(Invoice $invoice): void
    {
    }
}
