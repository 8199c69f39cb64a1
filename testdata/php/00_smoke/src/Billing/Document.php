<?php

namespace Acme\Billing;

abstract class Document
{
    public function close(): void
    {
    }
}
