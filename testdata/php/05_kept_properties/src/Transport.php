<?php

namespace Mail;

interface Transport
{
    public function deliver(string $to): void;
}

final class SmtpTransport implements Transport
{
    public function deliver(string $to): void
    {
    }
}
