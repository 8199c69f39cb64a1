<?php

namespace Mail;

class Mailer
{
    /** @var Transport */
    private $transport;

    /** @var Queue */
    private $queue;

    private $clock;

    private $log;

    public function __construct(Transport $transport, \DateTimeInterface $clock)
    {
        // PHP 7.0 style: untyped properties given a typed parameter or a `new`
        $this->transport = $transport;
        $this->clock = $clock;
        $this->queue = new Queue();
    }

    public function send(string $to): void
    {
        $this->transport->deliver($to);
        $this->queue->push($to);
        // a class outside the repository: no edge, not even a name match
        $this->clock->format('c');
        // a property nothing types: a name match
        $this->log->push($to);
    }
}
