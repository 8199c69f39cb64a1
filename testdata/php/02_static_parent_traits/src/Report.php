<?php

namespace Shop;

class Report
{
    public function format(string $how): string
    {
        return $how;
    }

    public function describe(): string
    {
        return '';
    }
}
