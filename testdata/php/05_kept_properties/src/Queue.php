<?php

namespace Mail;

class Queue
{
    public function push(string $item): void
    {
    }
}

class Report
{
    public function format(string $how): string
    {
        return $how;
    }
}
